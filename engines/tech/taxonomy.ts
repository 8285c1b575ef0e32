/**
 * The one taxonomy every technology is filed under: a fixed list of category slugs (a technology
 * may carry several). The spec's TechCategory enum, the table in docs/operations.md and this list are the same
 * list; test/unit/engines/tech/taxonomy.test.ts holds them together.
 *
 * The eight reporting lists and three single fields of the tech-stack result (ad_pixels, cms, …)
 * are the contract's coarse grouping and stay as they are; a slug says what a technology is.
 */
import type { Category } from './spec.ts';

export const TECH_CATEGORIES = {
  'advertising': 'Ad networks, ad exchanges, ad servers and advertisers\' conversion or retargeting tags',
  'ad-verification': 'Viewability, brand-safety and ad-fraud measurement',
  'affiliate': 'Affiliate and commerce-content link networks',
  'analytics': 'Web and product analytics, audience measurement',
  'session-replay': 'Session recording and heatmaps',
  'monitoring': 'Real-user monitoring, error tracking and performance agents',
  'tag-manager': 'Tag-management containers',
  'a-b-testing': 'Experimentation, A/B testing and personalisation',
  'customer-data-platform': 'Customer data platforms and audience data',
  'marketing-automation': 'Marketing automation, lead capture and account-based marketing',
  'email-marketing': 'Newsletter and email campaign tools',
  'crm': 'Customer relationship management',
  'live-chat': 'Live chat, chatbots and messaging widgets',
  'customer-support': 'Help desks and support widgets',
  'reviews': 'Ratings, reviews and user-generated content',
  'social': 'Share buttons, social embeds and social login',
  'comments': 'Comment systems',
  'consent-management': 'Cookie consent and privacy management',
  'video': 'Video hosting and players',
  'audio': 'Podcast and audio players',
  'forms': 'Form builders and surveys',
  'scheduling': 'Scheduling and booking',
  'search': 'Site search',
  'personalization': 'Recommendations and on-site personalisation',
  'push-notifications': 'Web push notifications',
  'loyalty': 'Loyalty, referral and rewards programmes',
  'accessibility': 'Accessibility overlays and tools',
  'translation': 'Website translation and localisation',
  'maps': 'Maps and location',
  'cms': 'Content management systems',
  'headless-cms': 'Headless (API-first) content management',
  'website-builder': 'Hosted website builders',
  'blog': 'Blogging and newsletter publishing platforms',
  'static-site-generator': 'Static site generators',
  'documentation': 'Documentation and knowledge-base tools',
  'forum': 'Forums, communities and discussion boards',
  'wiki': 'Wikis',
  'cms-plugin': 'Extensions, themes and page builders of a CMS',
  'seo': 'Search-engine optimisation',
  'performance': 'Caching, optimisation and lazy loading',
  'ecommerce': 'Online store platforms and carts',
  'payment': 'Payment processors, wallets and checkouts',
  'buy-now-pay-later': 'Instalment payments',
  'subscription-billing': 'Subscription billing',
  'javascript-framework': 'Front-end application frameworks',
  'javascript-library': 'JavaScript libraries',
  'ui-framework': 'CSS and UI component frameworks',
  'icon-font': 'Icon sets',
  'font-service': 'Web font services',
  'web-framework': 'Server-side web frameworks',
  'programming-language': 'Server-side languages and runtimes',
  'build-tool': 'Bundlers and build tools',
  'cdn': 'Content delivery networks and public library CDNs',
  'image-cdn': 'Image and media optimisation CDNs',
  'hosting': 'Hosting providers and platforms',
  'paas': 'Platforms as a service',
  'web-server': 'Web servers',
  'reverse-proxy': 'Caches, load balancers and reverse proxies',
  'security': 'Web application firewalls, bot management and security headers',
  'captcha': 'CAPTCHA and human verification',
  'identity': 'Sign-in and identity providers',
  'email-hosting': 'Mailbox providers (from MX)',
  'email-security': 'Email security gateways (from MX)',
  'email-delivery': 'Transactional and bulk email senders (from SPF)',
  'domain-verification': 'Services whose domain-ownership record sits in DNS',
  'collaboration': 'Workplace and productivity software',
  'recruiting': 'Careers sites and applicant tracking',
  'events': 'Events, webinars and ticketing',
  'feature-flags': 'Feature flags',
} as const;

export type TechCategorySlug = keyof typeof TECH_CATEGORIES;
export const TECH_CATEGORY_SLUGS = Object.keys(TECH_CATEGORIES) as TechCategorySlug[];

/** A technology's slugs when its rule names none: from its reporting category. */
export const DEFAULT_SLUGS: Record<Category, TechCategorySlug[]> = {
  ad_pixels: ['advertising'],
  analytics: ['analytics'],
  marketing_tools: ['marketing-automation'],
  hosting_cdn: ['hosting'],
  frameworks: ['javascript-library'],
  payments: ['payment'],
  spf_senders: ['email-delivery'],
  verified_services: ['domain-verification'],
  cms: ['cms'],
  ecommerce: ['ecommerce'],
  email_provider: ['email-hosting'],
};
