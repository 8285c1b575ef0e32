/**
 * How a rule of the technology table is written (technologies.ts documents the signal syntax),
 * and the helpers rule files use. Kept apart from the table so the rule files under rules/ can
 * import it without importing the table that imports them.
 */
import type { TechCategorySlug } from './taxonomy.ts';

export const LIST_CATEGORIES = [
  'ad_pixels',
  'analytics',
  'marketing_tools',
  'hosting_cdn',
  'frameworks',
  'payments',
  'spf_senders',
  'verified_services',
] as const;
export const SINGLE_CATEGORIES = ['cms', 'ecommerce', 'email_provider'] as const;
export type ListCategory = (typeof LIST_CATEGORIES)[number];
export type SingleCategory = (typeof SINGLE_CATEGORIES)[number];
export type Category = ListCategory | SingleCategory;

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

export const FLAGS = ['has_pixel_a', 'has_ads_tag', 'has_analytics_tag_a', 'has_tag_manager', 'has_pixel_b', 'has_pixel_c'] as const;
export type Flag = (typeof FLAGS)[number];

export type SignalKind =
  'script' | 'style' | 'inline' | 'html' | 'link' | 'comment' | 'meta' | 'header' | 'cookie' | 'url' | 'tag' | 'container' | 'mx' | 'spf' | 'txt' | 'cname';
export const TEXT_KINDS = ['script', 'style', 'inline', 'html', 'link', 'comment', 'container'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** A regex signal; sample is text that contains a match (used to build fixtures). */
/** exact: the regex keeps its letters' case (jQuery, the global, is not a variable named jquery) */
export interface RegexSignalSpec {
  spec: string;
  re: RegExp;
  sample: string;
  exact?: boolean;
}
export type SignalSpec = string | RegexSignalSpec;

/** A minimal input that makes a technology fire (merged into an empty page by tests and fixtures). */
export interface Example {
  html?: string;
  headers?: Record<string, string>;
  cookies?: string[];
  url?: string;
  container?: string;
  dns?: { mx?: string[]; txt?: string[]; cname?: string[] };
}

/**
 * Where a technology states its own version, read only once the technology is reported: the
 * first capture group of re (case-insensitive) in a script URL, a stylesheet URL, the content of
 * meta NAME, the value of header NAME, or inline script text. Nothing else is ever a version.
 */
export type VersionSource = 'script' | 'style' | 'meta' | 'header' | 'inline' | 'comment' | 'html';
export interface VersionRule {
  source: VersionSource;
  name?: string;
  re: RegExp;
}

/** ver('script', /jquery-(\d[\d.]*)\.min\.js/) or ver('meta:generator', /wordpress (\d[\d.]*)/) */
export function ver(where: string, re: RegExp): VersionRule {
  const colon = where.indexOf(':');
  const source = (colon < 0 ? where : where.slice(0, colon)) as VersionSource;
  return { source, name: colon < 0 ? undefined : where.slice(colon + 1).toLowerCase(), re: new RegExp(re.source, 'i') };
}

const V = String.raw`(\d+\.\d+(?:\.\d+)?(?:-(?:alpha|beta|rc)\.?\d*)?)`;
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The places a library published on npm states its version in script and stylesheet URLs:
 * pkg@1.2.3 (jsDelivr, unpkg), /pkg/1.2.3/ (cdnjs, Google Hosted Libraries), file-1.2.3.min.js.
 * file defaults to the package name.
 */
export function libVersions(pkg: string, file = pkg): VersionRule[] {
  const rules: VersionRule[] = [];
  for (const source of ['script', 'style'] as const) {
    rules.push({ source, re: new RegExp(`/${esc(pkg)}@${V}`, 'i') });
    rules.push({ source, re: new RegExp(`/${esc(pkg)}/${V}/`, 'i') });
    rules.push({ source, re: new RegExp(`/${esc(file)}[-.]v?${V}(?:\\.slim)?(?:\\.min)?\\.(?:js|css)`, 'i') });
  }
  return rules;
}

/** A WordPress plugin's version: the ?ver= WordPress appends to the plugin's own assets. */
export function wpPluginVersions(slug: string): VersionRule[] {
  return (['script', 'style'] as const).map((source) => ({ source, re: new RegExp(`/wp-content/plugins/${esc(slug)}/[^?#"']*\\?ver=${V}`, 'i') }));
}

export interface TechnologySpec {
  name: string;
  category: Category;
  /** slugs of the taxonomy (taxonomy.ts); from the category when absent */
  categories?: TechCategorySlug[];
  versions?: VersionRule[];
  /** other spellings, for matching the name in free text (job postings) */
  aliases?: string[];
  signals: SignalSpec[];
  /** reported with this one (e.g. WooCommerce -> WordPress) */
  implies?: string[];
  flag?: Flag;
  /** an email security gateway: the mailbox host behind it is resolved from SPF */
  gateway?: boolean;
  /** false: its script/inline/html patterns are not looked for in containers (Google's own tags,
   * whose hostnames sit in the container runtime whatever tags are live: tag types tell instead) */
  containerText?: boolean;
  example?: Example;
}

export function rx(kind: string, re: RegExp, sample: string, { exact = false } = {}): RegexSignalSpec {
  return { spec: `${kind}:/${re.source}/`, re, sample, exact };
}

/** A script URL, loaded (script:) or written into an inline loader snippet (inline:): the pair of signals, spread into a rule's list. */
export function scriptUrl(url: string): [script: string, inline: string] {
  return [`script:${url}`, `inline:${url}`];
}
