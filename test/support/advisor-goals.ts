/**
 * Goals for the advisor as agents write them, with the tool a careful engineer reading the catalog
 * would pick. Shared by test/unit/engines/advisor/goal-set.test.ts and bench/advisor.ts.
 *
 * expect: an offer id; 'batch:<tool>' for a batch running that tool; '<first>><second>' for a goal
 * needing two tools in sequence (the second must appear later in the execution sequence); null
 * for a goal the service cannot serve (unclear, or data it does not have: recommended_tool null).
 * Every goal is answered with the same facts: 5 free calls and 3 free scans left.
 *
 * HELD_OUT was written before the routing was tuned and is never tuned on; DEV is what the rules
 * were tuned on.
 */
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
  g('As part of an outbound workflow I need, for the domain linear.app, to know which marketing automation and analytics vendors are installed on the website so I can personalize messaging.', 'tech-stack'),
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
  g("Im about to order a $300 jacket from northface-outlet-sale.com, safe?", 'pre_purchase_merchant_trust_check'),
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
