/**
 * Goals for the advisor as agents write them, with the tool a careful engineer reading the catalog
 * would pick. Shared by test/unit/engines/advisor/goal-set.test.ts and bench/advisor.ts.
 *
 * expect: an offer id; 'batch:<tool>' for a batch running that tool; '<first>><second>' for a goal
 * needing two tools in sequence (the second must appear later in the execution sequence); null
 * for a goal the service cannot serve (unclear, or data it does not have: recommended_tool null).
 * Every goal is answered with the same facts: 5 free calls and 3 free scans left.
 *
 * HELD_OUT was written before the routing was tuned, and tuned on from 2026-11-26 (it then stood
 * at 87.5%); DEV is what the rules were tuned on first; HELD_OUT_2 (at the end) is never tuned on.
 */
import type { AdvisorFacts } from '../../engines/advisor/advise.ts';

/** What every goal is answered with: 5 free calls and 3 free scans left, nothing cached. */
export const GOAL_FACTS: AdvisorFacts = {
  baseUrl: 'https://svc.test',
  now: new Date('2025-03-04T10:00:00Z'),
  freeQuota: { remaining: 5, limit: 5, resetsAt: '2025-03-05T00:00:00Z' },
  freeScans: { remaining: 3, limit: 3 },
  cached: null,
};

export interface GoalCase {
  goal: string;
  expect: string | null;
  sample_domain?: string;
  domain_count?: number;
  budget_usd?: number;
}

type Extra = Omit<GoalCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): GoalCase => ({ goal, expect, ...extra });

export const HELD_OUT: GoalCase[] = [
  // the three examples
  g('which companies are buying Snowflake? I have 15 prospect domains', 'batch:tech-stack'),
  g('does this company have a real footprint: website tags, job board, ads?', 'company-footprint'),
  g('Is figma.com using HubSpot or Marketo?', 'tech-stack'),
  // data the service does not have
  g("what's the annual revenue of stripe.com?", null),
  g('how many employees does notion.so have', null),
  g('how much funding has ramp.com raised and who are their investors', null),
  g("verify the CEO's email address at acme.com is a real mailbox", null),
  g('valuation of databricks', null),
  g('get me the headcount of linear.app', null),
  g('who is the CEO of shopify.com and what is their phone number', null),
  g("what's their ARR and burn rate? sample: brex.com", null),
  g("list shopify.com's biggest customers", null),
  g('monthly website traffic for zalando.de', null),
  g('revenue and tech stack of acme.com', 'tech-stack'),
  g('D&B credit rating of supplier-gmbh.de', null),
  g('find the LinkedIn profiles of all employees at acme.com', null),
  g("what's the stock price of AAPL today", null),
  // tech-stack
  g('what ecommerce platform is allbirds.com on', 'tech-stack'),
  g('do they use segment or rudderstack for analytics? domain: brex.com', 'tech-stack'),
  g('check whether gymshark.com has the Meta pixel installed', 'tech-stack'),
  g('wat analytics tools r on canva.com', 'tech-stack'),
  g('which of these 40 saas sites run Intercom?', 'batch:tech-stack', { domain_count: 40 }),
  g('Is shopify.com on Salesforce Commerce Cloud or custom?', 'tech-stack'),
  g('find out if my prospect switched from Marketo to HubSpot recently', 'tech-stack'),
  g('tech stack of a.com, b.com, c.com, d.com, e.com, f.com, g.com', 'batch:tech-stack'),
  g(
    'As part of an outbound workflow I need, for the domain linear.app, to know which marketing automation and analytics vendors are installed on the website so I can personalize messaging.',
    'tech-stack',
  ),
  g('teh tech stak of shopfiy.com', 'tech-stack'),
  // ats-jobs
  g('pull every open engineering role at vercel.com', 'ats-jobs'),
  g('are there any remote positions open at gitlab.com?', 'ats-jobs'),
  g('new job posts at notion.so since yesterday, I have the previous ids', 'ats-jobs'),
  g('lever board for plaid.com - list the roles', 'ats-jobs'),
  g('what roles is datadoghq.com hiring for in sales', 'ats-jobs'),
  g('need job listings json for figma.com', 'ats-jobs'),
  g('opne jobs at stripe', 'ats-jobs'),
  // company-intent
  g('is rippling.com likely in-market for a new CRM based on their hiring?', 'company-intent'),
  g("score acme.com's buying intent 0-100", 'company-intent'),
  g('how aggressively is retool.com growing its go-to-market team', 'company-intent'),
  g('intent signal for one account: miro.com', 'company-intent'),
  g("Task: for domain posthog.com return hiring velocity and whether they're expanding", 'company-intent'),
  // search-ads
  g('is allbirds.com running search ads in germany?', 'search-ads'),
  g('show the google ad creatives competitor.com ran last month', 'search-ads'),
  g('how many ads does booking.com have in the ads transparency registry', 'search-ads'),
  g('Are they spending on paid search?', 'search-ads', { sample_domain: 'monday.com' }),
  g("Goal: monitor competitor.com's ads weekly", 'search-ads'),
  // company-profile
  g('give me a one-call snapshot of hubspot.com: stack, hiring, ads', 'company-profile'),
  g('account research on ramp.com before my sales call', 'company-profile'),
  g('enrich 200 leads with tech + intent + ads', 'batch:company-profile', { domain_count: 200 }),
  g('full profile pls for clickup.com', 'company-profile'),
  g('profile + hiring + ads on 60 domains', 'batch:company-profile', { domain_count: 60, budget_usd: 0.5 }),
  // footprint and legitimacy
  g('is this a real company or a shell: northwind-trading.co', 'company-footprint'),
  g('does brightpath-solutions.com show signs of actually operating (hiring, ads, site tags)?', 'company-footprint'),
  g('phishing check for micros0ft-support.com', 'verify_domain_legitimacy_and_security'),
  g('is amaz0n-deals.shop a legit domain or a scam', 'verify_domain_legitimacy_and_security'),
  // hot-buyers
  g('here are 18 target accounts — which are hot right now? profile the hot ones', 'hot-buyers', { domain_count: 18 }),
  g('prioritise these 12 domains by who is most likely to buy', 'hot-buyers'),
  g('find hot buyers: a.com b.com c.com', 'hot-buyers'),
  g('rank my pipeline by purchase intent', 'hot-buyers'),
  // batch
  g('run open jobs lookup over a list of 45 domains', 'batch:ats-jobs'),
  g('bulk hiring intent for 300 accounts in a csv', 'batch:company-intent'),
  g('search ads for 25 competitors at once', 'batch:search-ads'),
  // private-query
  g("look up acquisition-target.com's open jobs without the target showing up in payment data", 'private-query'),
  g("stealth check of the tech stack at rival.com, don't leak who I'm researching", 'private-query'),
  // verify-merchant (x402 endpoints)
  g('before my agent pays https://api.weatherdata.xyz/v1/forecast over x402, is it safe?', 'verify-merchant'),
  g('scan this paid API endpoint for prompt injection: https://tools.example.net/x402/search', 'verify-merchant'),
  g('is the 402 payment request from https://data.vendor.ai/query overpriced?', 'verify-merchant'),
  // extract-contacts
  g('find the sales email and twitter handle for posthog.com', 'extract-contacts'),
  g('how do I reach someone at cal.com? emails/social', 'extract-contacts'),
  g('public contact info + MX check for brand.co', 'extract-contacts'),
  // clean-markdown
  g('fetch https://blog.example.com/post/launch and give me markdown for my RAG pipeline', 'clean-markdown'),
  g('strip the boilerplate from https://docs.acme.dev/getting-started so an LLM can read it', 'clean-markdown'),
  g('read https://news.site.com/article/123 as plain text', 'clean-markdown'),
  g('markdwon of https://example.org/page', 'clean-markdown'),
  // commerce skills
  g('Im about to order a $300 jacket from northface-outlet-sale.com, safe?', 'pre_purchase_merchant_trust_check'),
  g('should my shopping agent buy from this merchant: cheapgadgets.store', 'pre_purchase_merchant_trust_check'),
  g('Agent task: determine whether merchant acme-shoes.com can be trusted for a $1,200 purchase using wallet 0xabc123', 'pre_purchase_merchant_trust_check'),
  g('is this shpo legit before i by?', 'pre_purchase_merchant_trust_check'),
  g('any discount codes for glossier.com skincare', 'checkout_active_promo_code_finder'),
  g('find a voucher before checkout at asos.com', 'checkout_active_promo_code_finder'),
  g('cupon for nike', 'checkout_active_promo_code_finder'),
  g('get price, stock and variants from https://www.allbirds.com/products/mens-wool-runners', 'universal_product_url_to_json'),
  g('parse this product link into json: https://shop.example.com/p/12345', 'universal_product_url_to_json'),
  g('is our SaaS vendor slack.com stable enough to sign a 3-year contract', 'b2b_vendor_stability_evaluator'),
  g('vendor risk assessment for our payroll provider gusto.com', 'b2b_vendor_stability_evaluator'),
  g('how agent-ready is my shopify store mystore.com? robots, llms.txt, feeds', 'store_readiness_auditor'),
  g('can GPTBot and ClaudeBot crawl my product pages on shop.io', 'store_readiness_auditor'),
  g("Which tool tells me if a website's pages are readable by AI shopping assistants?", 'store_readiness_auditor'),
  g('I run a CRO agency - is brand.com worth pitching?', 'conversion_leak_lead_finder'),
  g('compare my product structured data to my competitors rival-a.com and rival-b.com (mine: me.com)', 'agentic_shelf_schema_comparator'),
  g('issue a signed trust badge for my-store.com to show on checkout', 'verified_merchant_json_badge'),
  // two tools in sequence
  g('find which of my 20 accounts are hot, then get contact emails for the hot ones', 'hot-buyers>extract-contacts', { domain_count: 20 }),
  g('check if shop.example is legit before buying, then look for a promo code', 'pre_purchase_merchant_trust_check>checkout_active_promo_code_finder'),
  g('get the open jobs at acme.com and then pull contact emails to reach the hiring manager', 'ats-jobs>extract-contacts'),
  g("convert https://vendor.com/pricing to markdown and then check vendor.com's tech stack", 'clean-markdown>tech-stack'),
  // unclear
  g('hi', null),
  g('translate this paragraph into french', null),
  g("write a cold email to acme.com's CTO", null),
];

export const DEV: GoalCase[] = [
  // tech-stack
  g('find the technology stack of a company website', 'tech-stack'),
  g('what CMS does acme.com run on?', 'tech-stack'),
  g('which analytics + tag manager + ad pixels are on stripe.com', 'tech-stack'),
  g('detect tech stak for shopify store', 'tech-stack'),
  g('Does notion.so use Intercom or Zendesk?', 'tech-stack'),
  g('who is their email provider and dmarc policy', 'tech-stack'),
  g('teck stack pls', 'tech-stack'),
  g('what is hubspot.com built with', 'tech-stack'),
  g('which of my 30 prospects already pay for Salesforce?', 'batch:tech-stack', { domain_count: 30 }),
  g('is acme.com a customer of Stripe', 'tech-stack'),
  g('did brex.com buy Segment or build their own tracking', 'tech-stack'),
  g('find the shops that use Klaviyo among these 8 domains', 'batch:tech-stack'),
  g('is notion.so hosted on AWS or GCP', 'tech-stack'),
  g('what payment provider does allbirds.com use at checkout', 'tech-stack'),
  g('Does acme.com use Google Analytics', 'tech-stack'),
  g('which companies in my list have adopted Shopify Plus', 'tech-stack'),
  // ats-jobs
  g('list open jobs at linear.app', 'ats-jobs'),
  g('get all job postings from their greenhouse board', 'ats-jobs'),
  g('only the new vacancies since my last poll', 'ats-jobs'),
  g('careers page openings for acme.com', 'ats-jobs'),
  g('Stellenangebote von example.de', 'ats-jobs'),
  g('what positions are open at ramp.com right now', 'ats-jobs'),
  g('jobs json for 3 companies', 'ats-jobs', { domain_count: 3 }),
  g('open jobs for 3 companies', 'ats-jobs', { domain_count: 3 }),
  g('open jobs for 30 companies', 'batch:ats-jobs', { domain_count: 30 }),
  // company-intent
  g('is vercel.com showing buying intent?', 'company-intent'),
  g('hiring intent score for datadoghq.com', 'company-intent'),
  g('are they in hypergrowth, how fast are they hiring', 'company-intent'),
  g('buying signals from hiring for acme.com', 'company-intent'),
  g('is acme.com ready to buy our product', 'company-intent'),
  g('how fast is their headcount growing? sample: retool.com', 'company-intent'),
  g('hirng intnet for acme.com', 'company-intent'),
  // search-ads
  g('does acme.com run google ads in the UK', 'search-ads'),
  g('ppc ad spend of competitor.io', 'search-ads'),
  g('show me the advertisers and creatives for brand.com', 'search-ads'),
  g('are they advertisng on search?', 'search-ads'),
  g('serch ads for brand.com', 'search-ads'),
  // company-profile
  g('full company profile of acme.com', 'company-profile'),
  g('tech stack, hiring intent and google ads of acme.com', 'company-profile'),
  g('enrich this account: everything about snowflake.com', 'company-profile'),
  g('give me a company overview for ramp.com', 'company-profile'),
  g('comapny profile of x.com', 'company-profile'),
  g('company profiles for 100 accounts', 'batch:company-profile', { domain_count: 100 }),
  // footprint and legitimacy
  g('is acme-holdings.com a real operating company or a shell?', 'company-footprint'),
  g('due diligence footprint check on supplier.co', 'company-footprint'),
  g('does acme.com have any real-world signals: hiring, ads, tracking tags', 'company-footprint'),
  g('KYB check: is merchant-llc.com an operating business', 'company-footprint'),
  g('is paypa1-login.com a phishing or scam domain?', 'verify_domain_legitimacy_and_security'),
  g('check legitimacy and security of newsite.io', 'verify_domain_legitimacy_and_security'),
  // hot-buyers and batch
  g('which of these 20 companies are hot buyers?', 'hot-buyers'),
  g('rank these prospects by intent and give me profiles of the hot ones', 'hot-buyers', { domain_count: 12 }),
  g('which accounts are in buying mode? 10 domains', 'hot-buyers'),
  g('tech stacks for my list of domains', 'batch:tech-stack', { domain_count: 120 }),
  g('bulk search ads lookup for a csv of 300 domains', 'batch:search-ads'),
  g('run a batch over these domains', 'batch'),
  // private-query
  g('privately look up the tech stack of target.com without revealing it to the payment facilitator', 'private-query'),
  g('anonymous due diligence on acquisition-target.com', 'private-query'),
  // verify-merchant
  g('is it safe to pay this x402 endpoint https://api.seller.xyz/paid', 'verify-merchant'),
  g('check https://tool.example/api for prompt injection before paying', 'verify-merchant'),
  g('pay this x402 api? https://api.x.io/paid', 'verify-merchant'),
  g('the endpoint https://api.x.io/paid charges 2 USDC per call, is that a fair price?', 'verify-merchant'),
  // extract-contacts
  g('find contact emails and linkedin for acme.com', 'extract-contacts'),
  g("what's the email pattern at stripe.com, who to contact", 'extract-contacts'),
  g('kontakt daten von firma.de', 'extract-contacts'),
  g('contcat emails for acme.com', 'extract-contacts'),
  // clean-markdown
  g('convert https://example.com/pricing to markdown', 'clean-markdown'),
  g('scrape this blog post as clean text for my LLM', 'clean-markdown'),
  g('summarize https://acme.com/blog/post-1 for me', 'clean-markdown'),
  g('what is written at https://docs.stripe.com/api', 'clean-markdown'),
  // commerce skills
  g('is it safe to buy from cheap-sneakers.shop?', 'pre_purchase_merchant_trust_check'),
  g('should my agent purchase from this merchant, order is $49', 'pre_purchase_merchant_trust_check'),
  g('is it safe to purchase a laptop from techdeals-outlet.com', 'pre_purchase_merchant_trust_check'),
  g('buying from etsy-seller.shop ok?', 'pre_purchase_merchant_trust_check'),
  g('any promo code for nike.com?', 'checkout_active_promo_code_finder'),
  g('get me a coupn for shoes at zalando.de', 'checkout_active_promo_code_finder'),
  g('gutschein für otto.de', 'checkout_active_promo_code_finder'),
  g('promo cod for adidas', 'checkout_active_promo_code_finder'),
  g('turn https://shop.example/products/widget into product json with price and stock', 'universal_product_url_to_json'),
  g('extract product details from this product page url', 'universal_product_url_to_json'),
  g('https://shop.com/products/blue-shirt price?', 'universal_product_url_to_json'),
  g('is vendor acme-saas.com stable or about to go out of business?', 'b2b_vendor_stability_evaluator'),
  g('third party risk of our supplier', 'b2b_vendor_stability_evaluator'),
  g('audit my store for AI shopping agent readiness (llms.txt, robots, sitemap)', 'store_readiness_auditor'),
  g('is mystore.com agent ready?', 'store_readiness_auditor'),
  g('is brand.com a good lead for my conversion leak agency?', 'conversion_leak_lead_finder'),
  g('compare our product schema with competitors rival1.com and rival2.com', 'agentic_shelf_schema_comparator'),
  g('how does mystore.com stack up vs competitor.com on shelf data', 'agentic_shelf_schema_comparator'),
  g('give me a signed trust badge for my-shop.com', 'verified_merchant_json_badge'),
  // several intents
  g('tech stack and contact emails of acme.com', 'tech-stack>extract-contacts'),
  g('get tech stack of acme.com then find contacts', 'tech-stack>extract-contacts'),
  g('find hot buyers in my 10 accounts and then fetch their open jobs', 'hot-buyers>ats-jobs'),
  g('rank my 15 accounts by buying intent, then get their open jobs', 'hot-buyers>ats-jobs'),
  g('scrape https://x.com/team then pull emails for x.com', 'clean-markdown>extract-contacts'),
  g('check the vendor stability of gusto.com and then get their contact emails', 'b2b_vendor_stability_evaluator>extract-contacts'),
  g(
    'verify the merchant before purchase, then get the product details from https://shop.x.com/products/1',
    'pre_purchase_merchant_trust_check>universal_product_url_to_json',
  ),
  g('headcount and open jobs at notion.so', 'ats-jobs'),
  g('funding rounds and tech stack of ramp.com', 'tech-stack'),
  // data the service does not have
  g('what is the revenue of acme.com', null),
  g('employee count for hubspot.com', null),
  g('who invested in vercel.com and how big was the series B', null),
  g('is ceo@acme.com a valid, deliverable mailbox?', null),
  g('profit margin of zara.com', null),
  g('market cap of shopify', null),
  g('get the phone number of the founder of linear.app', null),
  g('how many people work at stripe', null),
  g('give me the org chart of acme.com', null),
  g('website traffic and seo ranking of x.com', null),
  // unclear
  g('help', null),
  g('hello there', null),
  g('do something useful', null),
  g('book me a flight to paris next week', null),
  g('asdfghjkl qwerty', null),
  g('what is the weather', null),
  g('thanks!', null),
];

/** Whether an advisor result routes a goal as expected (see GoalCase.expect). */
export function routedRight(
  expect: string | null,
  result: { recommended_tool: string | null; recommended_execution_sequence: { tool: string; body: unknown }[] },
): boolean {
  if (expect === null) return result.recommended_tool === null;
  const [first, then] = expect.split('>');
  const [tool, inner] = first.split(':');
  if (result.recommended_tool !== tool) return false;
  const steps = result.recommended_execution_sequence;
  if (inner && (steps[0]?.body as { tool?: unknown } | null)?.tool !== inner) return false;
  return !then || steps.slice(1).some((step) => step.tool === then);
}

/**
 * A second held-out set, written on 2026-11-26 before the first held-out set's misses were read
 * (that set was then tuned on, so it no longer measures unseen goals). Never tuned on.
 */
export const HELD_OUT_2: GoalCase[] = [
  // data the service does not have
  g('how profitable is wayfair.com', null),
  g('number of staff at deel.com in 2025?', null),
  g('who owns acme-holdings.com (beneficial owners)', null),
  g('series B details for pitch.com', null),
  g('give me the direct dial of the head of procurement at bosch.de', null),
  g("what's the churn rate of their customers", null, { sample_domain: 'intercom.com' }),
  // tech-stack
  g('which CMS does nytimes.com run on', 'tech-stack'),
  g('is stripe checkout or paypal on the site www.allbirds.com?', 'tech-stack'),
  g('what CDN and hosting does vercel.com sit behind', 'tech-stack'),
  g('does linear.app use google tag manager', 'tech-stack'),
  g('detect frameworks (react? vue?) on airbnb.com', 'tech-stack'),
  g('email provider of the domain basecamp.com (google workspace or microsoft 365?)', 'tech-stack'),
  g('I have 30 ecommerce domains; which run Klaviyo?', 'batch:tech-stack', { domain_count: 30 }),
  g('tech', 'tech-stack', { sample_domain: 'notion.so' }),
  // ats-jobs
  g('list current openings at canva.com', 'ats-jobs'),
  g('any data engineer vacancies at spotify.com?', 'ats-jobs'),
  g('job board scrape for ramp.com, titles and locations', 'ats-jobs'),
  g('what positions are posted on the careers page of hubspot.com', 'ats-jobs'),
  // company-intent
  g('is gong.io hiring fast enough that they might need more tooling?', 'company-intent'),
  g('hiring momentum for loom.com', 'company-intent'),
  g('buying signals from hiring at airtable.com', 'company-intent'),
  // search-ads
  g('what google search ads is zapier.com running', 'search-ads'),
  g('ad creatives of nordvpn.com in the UK', 'search-ads'),
  g('are they advertising on google? acme.com', 'search-ads'),
  // company-profile
  g('quick company overview of mercury.com: technologies, open roles and ads', 'company-profile'),
  g('I need everything you have on figma.com in one call', 'company-profile'),
  g('enrich this account: attio.com', 'company-profile'),
  // footprint / legitimacy
  g('does quantum-leap-ventures.io actually exist as an operating business?', 'company-footprint'),
  g('is paypa1-secure-login.com a phishing domain?', 'verify_domain_legitimacy_and_security'),
  // hot-buyers / batch
  g('out of these 10 prospects which show the strongest hiring intent: a.io b.io c.io d.io e.io f.io g.io h.io i.io j.io', 'hot-buyers'),
  g('find the warmest accounts in my list of 22 and give me their profiles', 'hot-buyers', { domain_count: 22 }),
  g('get open jobs for 80 companies', 'batch:ats-jobs', { domain_count: 80 }),
  g('company profiles for 15 domains please', 'batch:company-profile', { domain_count: 15 }),
  // private-query
  g("I don't want the payment trail to reveal that I'm researching target-co.com; get its tech stack", 'private-query'),
  // verify-merchant
  g('my agent got a 402 from https://api.paywalled.dev/v2/data - check it before paying', 'verify-merchant'),
  g('is the x402 endpoint https://search.agentapi.io/query trustworthy?', 'verify-merchant'),
  // extract-contacts
  g('emails listed on deel.com', 'extract-contacts'),
  g('find the press contact and linkedin page for canva.com', 'extract-contacts'),
  g('who works at acme.com? names and roles from their team page', 'extract-contacts'),
  g('guess the email format used at stripe.com', 'extract-contacts'),
  // clean-markdown
  g('turn https://www.example.com/docs/install into clean markdown', 'clean-markdown'),
  g('summarize-ready text of https://blog.acme.io/2026/launch (no nav, no ads)', 'clean-markdown'),
  // commerce skills
  g('can I trust gadget-depot.shop for a $89 order?', 'pre_purchase_merchant_trust_check'),
  g('promo code for allbirds', 'checkout_active_promo_code_finder'),
  g('structured product data from https://store.example.com/products/blue-mug', 'universal_product_url_to_json'),
  g('what does https://shop.io/p/987 cost and is it in stock', 'universal_product_url_to_json'),
  g('is datadog a stable vendor to depend on for 3 years? datadoghq.com', 'b2b_vendor_stability_evaluator'),
  g('audit mystore.com for AI agent readiness', 'store_readiness_auditor'),
  g('does my robots.txt block AI crawlers? shop.example', 'store_readiness_auditor'),
  g('compare schema markup of my store me.shop against comp1.shop and comp2.shop', 'agentic_shelf_schema_comparator'),
  g('is brand.co a good lead for my conversion optimisation agency', 'conversion_leak_lead_finder'),
  g('I need a signed verification of my merchant domain good-shop.com for agents', 'verified_merchant_json_badge'),
  // two tools in sequence
  g('check the tech stack of acme.com and then find contact emails there', 'tech-stack>extract-contacts'),
  g('see if vendor.io is hiring, then look at their google ads', 'ats-jobs>search-ads'),
  // unclear or out of scope
  g('book a meeting with the founder of acme.com', null),
  g('what is the weather in berlin', null),
  g('summarize this pdf for me', null),
];
