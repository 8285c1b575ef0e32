/**
 * The advisor's rules: phrases agents use for each offer of the catalog, with a weight.
 * Only words live here, keyed by offer id; prices, paths, MCP tool names and limits come from the
 * generated catalog (catalog.ts), and every key below must be an offer of that catalog (tested).
 *
 * Weights: 5-6 names the offer outright ("promo code", "hot buyers"), 3-4 is a strong cue, 2 a
 * cue shared with neighbours, 1 a hint; a negative weight takes a cue back where a phrase means
 * something else ("how do we stack up" is a comparison, not a tech stack). A phrase is matched on
 * consecutive stemmed words (text.ts), each word with its typo allowance.
 */
import { TECH_CATEGORIES } from '../tech/taxonomy.ts';

export type Rule = [phrase: string, weight: number];

/** The technology taxonomy's kinds of two words or more, as agents write them ('email marketing', 'live chat'). */
export const TECHNOLOGY_KINDS: string[] = Object.keys(TECH_CATEGORIES).filter((slug) => slug.includes('-')).map((slug) => slug.replace(/-/g, ' '));

export const RULES: Record<string, Rule[]> = {
  'tech-stack': [
    ['tech stack', 5], ['technology stack', 5], ['techstack', 5], ['stack', 2], ['tech', 3], ['technology', 3], ['technologies', 3],
    ['built with', 4], ['builtwith', 4], ['wappalyzer', 4], ['cms', 4], ['framework', 2], ['pixel', 4], ['tracking pixel', 2], ['ad pixel', 3],
    ['analytics', 2], ['tag manager', 4], ['email provider', 5], ['mail provider', 4], ['dmarc', 4], ['spf', 4], ['mx record', 3],
    ['hosting', 2], ['hosted on', 3], ['cdn', 3], ['platform', 1], ['ecommerce platform', 3], ['what software', 3], ['what tools', 2], ['what tech', 4], ['which tech', 4], ['marketing tool', 3], ['sales tool', 3], ['analytics tool', 3], ['tracking tool', 3], ['what technology', 4], ['what technologies', 4], ['which technologies', 4],
    ['run on', 2], ['running on', 2], ['powered by', 3], ['martech', 4], ['marketing automation', 4], ['installed', 3], ['installed on', 4], ['javascript librar', 3], ['tracking script', 3], ['uses', 1], ['use', 1],
    ['widget', 3], ['plugin', 3], ['chatbot', 3],
    // How a site takes payments is a technology it runs (its processor, gateway, wallets, BNPL).
    ['payment processor', 3], ['payment provider', 4], ['payment gateway', 4], ['payment option', 3], ['payment method', 3], ['payment service', 3], ['take payment', 3], ['accept payment', 3],
    // The technology taxonomy's kinds written in two words or more ('email marketing', 'live chat', 'tag manager'...).
    ...TECHNOLOGY_KINDS.map((kind): Rule => [kind, 3]),
  ],
  'ats-jobs': [
    ['open jobs', 5], ['open job', 5], ['job', 3], ['jobs', 3], ['job opening', 5], ['opening', 3], ['job posting', 5], ['posting', 3], ['vacancy', 4],
    ['vacancies', 4], ['career', 3], ['careers page', 4], ['job board', 4], ['position', 2], ['open role', 4], ['role', 3], ['list', 1],
    ['greenhouse', 3], ['lever', 3], ['ashby', 3], ['workable', 3], ['smartrecruiters', 3], ['recruitee', 3], ['ats', 3],
    ['new jobs since', 4], ['since my last', 3], ['diff', 3], ['known job ids', 5], ['job ids', 4], ['poll', 2], ['monitor', 1],
    ['salary', 2], ['remote jobs', 3], ['hiring for', 3], ['what positions', 4], ['stellenangebot', 4], ['empleo', 3], ['offre d emploi', 4],
  ],
  'company-intent': [
    ['intent', 4], ['buying intent', 6], ['purchase intent', 6], ['buyer intent', 6], ['buying signal', 6], ['intent score', 6],
    ['hiring intent', 6], ['hiring signal', 5], ['hiring', 2], ['hire', 2], ['in market', 3], ['growing', 2], ['growth', 2], ['grow', 2],
    ['hypergrowth', 4], ['expanding', 2], ['scaling', 2], ['headcount', 2], ['ready to buy', 4], ['will buy', 3], ['need our product', 3],
    ['likely to buy', 3], ['buying mode', 5], ['ready to purchase', 4], ['hiring hard', 3], ['how much are they hiring', 4], ['hiring velocity', 4],
    ['hiring momentum', 5], ['momentum', 2], ['hiring a lot', 4], ['time my outreach', 4], ['time our outreach', 4], ['timing', 2], ['when to reach out', 4], ['when to approach', 4], ['when to pitch', 4], ['when to contact', 4], ['when to call', 4], ['good time to', 3], ['right time to', 3], ['good moment to', 3], ['go to market', 3], ['about to buy', 4], ['going to buy', 4], ['planning to buy', 4], ['plan to buy', 4],
  ],
  'search-ads': [
    ['ads', 4], ['ad', 3], ['advertising', 4], ['advertis', 4], ['advertiser', 4], ['ppc', 5], ['sem', 4], ['paid search', 5], ['google ads', 6],
    ['adwords', 6], ['ad spend', 6], ['marketing spend', 4], ['spend on ads', 5], ['campaign', 2], ['creative', 2], ['ad library', 4],
    ['transparency', 3], ['run ads', 4], ['running ads', 4], ['search ads', 6], ['werbung', 4], ['anuncio', 4], ['publicite', 4],
  ],
  'company-profile': [
    ['profile', 4], ['company profile', 6], ['overview', 4], ['everything about', 5], ['everything', 2], ['full picture', 5], ['all signals', 4],
    ['all in one', 4], ['one call', 2], ['enrich', 4], ['enrichment', 4], ['firmographic', 4], ['account research', 4], ['research', 2],
    ['deep dive', 4], ['dossier', 4], ['360', 3], ['complete view', 4], ['summary of the company', 3], ['tell me about', 3], ['what do you know about', 3],
    ['background', 2], ['snapshot', 4],
    // Company facts (company-profile's company object): name, address, founding year, phone, social profiles.
    ['headquarters', 4], ['hq', 3], ['office address', 4], ['postal address', 4], ['company address', 4], ['office location', 3], ['founding year', 4],
    ['year founded', 4], ['when was it founded', 4], ['founded in', 3], ['legal name', 4], ['company name', 3], ['company phone', 4], ['main phone', 4],
  ],
  'company-footprint': [
    ['footprint', 6], ['real company', 5], ['real business', 5], ['actually operat', 5], ['operating', 3], ['exist', 2], ['shell company', 5],
    ['due diligence', 5], ['kyb', 5], ['know your business', 5], ['fake company', 4], ['is it real', 4], ['real operating', 5], ['dormant', 3],
    ['facts only', 3], ['active business', 4], ['real world', 4], ['signs of life', 5], ['real signals', 4],
  ],
  'hot-buyers': [
    ['hot buyer', 7], ['hot buyers', 7], ['hot lead', 5], ['hot account', 5], ['hot', 3], ['prioritize', 4], ['prioritise', 4], ['rank', 3],
    ['which of these', 3], ['which ones', 2], ['which accounts', 3], ['which companies', 3], ['which prospects', 3], ['which leads', 3], ['which domains', 3], ['most likely to buy', 5], ['ready to buy', 3], ['in market', 2], ['shortlist', 3],
    ['top accounts', 4], ['warm', 2], ['qualify', 2], ['score my list', 4], ['best prospects', 4],
  ],
  batch: [
    ['batch', 5], ['bulk', 5], ['list of domains', 4], ['many domains', 4], ['csv', 4], ['spreadsheet', 4], ['all of these', 3], ['each of these', 3],
    ['these domains', 2], ['these companies', 2], ['domains', 1], ['at once', 2], ['in one go', 3], ['multiple', 2],
  ],
  'private-query': [
    ['private', 4], ['privately', 5], ['privacy', 5], ['blind', 5], ['anonymous', 5], ['anonymously', 5], ['without reveal', 5],
    ['without reveal the target', 6], ['hide the target', 6], ['hide', 2], ['facilitator', 3], ['confidential', 4], ['stealth', 4],
    ['payment metadata', 6], ['incognito', 5], ['discreet', 4], ['on chain', 2], ['leak', 1], ['payment data', 5], ['payment trail', 5], ['reveal', 3],
  ],
  'verify-merchant': [
    ['x402', 5], ['x402 endpoint', 6], ['402', 3], ['paid api', 4], ['api endpoint', 4], ['endpoint', 3], ['payment terms', 4], ['prompt injection', 6],
    ['injection', 4], ['safe to pay', 4], ['pay this', 3], ['before paying', 3], ['before i pay', 3], ['payment requirement', 4], ['pay to', 1], ['api', 1],
  ],
  'extract-contacts': [
    ['contact', 5], ['contacts', 5], ['email address', 6], ['emails', 4], ['email', 3], ['social', 3], ['social link', 5], ['linkedin', 4],
    ['twitter', 4], ['github', 3], ['reach out', 4], ['phone', 2], ['email pattern', 6], ['email format', 6], ['deliverab', 4], ['who to contact', 5],
    ['get in touch', 4], ['outreach', 3], ['kontakt', 5], ['contacto', 5], ['correo', 4],
    // The people the site names (extract-contacts' people): team and about pages, roles.
    ['team page', 5], ['about page', 3], ['about us page', 4], ['leadership team', 5], ['leadership', 3], ['management team', 5], ['founding team', 5],
    ['executive team', 5], ['founder', 3], ['founders', 3], ['ceo', 3], ['cto', 3], ['who works at', 5], ['who work at', 5], ['names and roles', 6],
    ['names and titles', 6], ['names and job titles', 6], ['job title', 3], ['team members', 4], ['staff page', 5], ['people page', 5], ['who is on the team', 5],
  ],
  'clean-markdown': [
    ['markdown', 7], ['md', 3], ['clean text', 5], ['scrape', 4], ['read page', 4], ['read the page', 4], ['read this page', 5], ['page content', 4],
    ['article', 3], ['text of', 3], ['convert page', 4], ['convert', 2], ['readable', 3], ['llm ready', 4], ['summarize', 2], ['web page', 3],
    ['webpage', 3], ['fetch page', 4], ['crawl', 3], ['blog post', 3], ['documentation', 2], ['docs', 2], ['html to text', 6], ['extract text', 5],
    ['content of', 3], ['pricing page', 3],
  ],
  pre_purchase_merchant_trust_check: [
    ['safe to buy', 7], ['buy from', 5], ['purchase from', 5], ['order from', 5], ['shop at', 4], ['trust', 3], ['trustworthy', 3],
    ['before buying', 5], ['before i buy', 5], ['before purchas', 5], ['merchant', 3], ['seller', 3], ['shop', 2], ['store', 1],
    ['checkout', 2], ['purchase', 2], ['buy', 2], ['transaction', 3], ['risk level', 4], ['pay them', 2], ['online store', 2], ['webshop', 3],
  ],
  checkout_active_promo_code_finder: [
    ['promo', 6], ['promo code', 8], ['coupon', 7], ['coupon code', 8], ['discount code', 8], ['discount', 5], ['voucher', 7], ['deal', 3],
    ['save money', 3], ['offer code', 6], ['gutschein', 7], ['rabatt', 6], ['cupon', 7], ['descuento', 6], ['remise', 5], ['code promo', 8],
    ['sale', 2], ['cheaper', 2],
  ],
  universal_product_url_to_json: [
    ['product page', 6], ['product url', 7], ['product data', 5], ['product detail', 6], ['product info', 6], ['product json', 7],
    ['structured product', 5], ['extract product', 6], ['product link', 6], ['product listing', 5], ['product', 1], ['price of', 3], ['price', 2], ['in stock', 5], ['stock', 2],
    ['availability', 3], ['sku', 4], ['variant', 3], ['rating', 2], ['review', 1], ['item page', 4], ['listing', 2], ['json', 2], ['structured', 1],
  ],
  b2b_vendor_stability_evaluator: [
    ['vendor', 3], ['supplier', 4], ['vendor risk', 7], ['vendor stability', 7], ['vendor assessment', 6], ['depend on', 3], ['rely on', 3], ['stability', 5], ['stable', 4], ['go out of business', 6], ['going under', 6],
    ['out of business', 5], ['bankrupt', 5], ['layoff', 4], ['financial health', 4], ['health score', 4], ['sign with', 3], ['contract', 2],
    ['procurement', 4], ['third party risk', 6], ['b2b', 3], ['shrinking', 4], ['contracting', 3], ['saas provider', 4], ['provider', 1],
  ],
  store_readiness_auditor: [
    ['readiness', 6], ['agent ready', 7], ['ai ready', 6], ['ready for agents', 7], ['ready for ai', 6], ['audit', 4], ['llms txt', 5],
    ['robots txt', 4], ['robots', 3], ['sitemap', 4], ['product feed', 4], ['agent card', 4], ['discoverab', 4], ['shopping agent', 4],
    ['ai shopping', 4], ['how to fix', 3], ['my store', 3], ['my shop', 3], ['our store', 3], ['our shop', 3], ['bot access', 5],
    ['optimize', 2], ['optimise', 2], ['crawlab', 3], ['seo', 2], ['schema markup', 3], ['structured data', 2], ['agentic commerce', 4],
    ['gptbot', 5], ['claudebot', 5], ['perplexitybot', 5], ['ai crawler', 6], ['ai bot', 5], ['crawler', 3], ['block bot', 4],
  ],
  conversion_leak_lead_finder: [
    ['conversion leak', 8], ['conversion', 4], ['leak', 4], ['losing sales', 5], ['lose sales', 5], ['agency', 3], ['pitch', 4],
    ['sell my service', 5], ['sell our service', 5], ['good lead', 5], ['qualified lead', 5], ['lead', 3], ['client', 2], ['candidate', 3],
    ['sales opportunity', 4], ['losing customers', 4], ['cro', 4], ['prospect', 2], ['consulting', 3],
  ],
  agentic_shelf_schema_comparator: [
    ['competitor', 6], ['competitors', 6], ['compare', 4], ['comparison', 4], ['versus', 4], ['vs', 4], ['benchmark', 4], ['against', 2],
    ['shelf', 6], ['rival', 5], ['side by side', 5], ['stack up', 5], ['stacks up', 5], ['compared to', 5],
  ],
  verified_merchant_json_badge: [
    ['badge', 8], ['signed', 2], ['signature', 4], ['attestation', 6], ['certificate', 3], ['verifiable', 4], ['proof', 3], ['json badge', 9],
    ['trust badge', 9], ['signed statement', 8], ['credential', 3], ['show customers', 3], ['embed', 3], ['seal', 4],
  ],
  verify_domain_legitimacy_and_security: [
    ['legit', 5], ['legitimacy', 6], ['legitimate', 5], ['scam', 4], ['fraud', 4], ['fraudulent', 4], ['phishing', 5], ['security', 4],
    ['secure', 3], ['spoof', 4], ['fake site', 5], ['fake website', 5], ['suspicious', 4], ['domain reputation', 5], ['reputation', 3],
    ['is it safe', 3], ['impersonat', 4],
  ],
};

/** Phrases whose words would otherwise count for another offer: [phrase, offer, weight to take back]. */
export const TAKE_BACK: [phrase: string, offer: string, weight: number][] = [
  ['stack up', 'tech-stack', 2],
  ['stacks up', 'tech-stack', 2],
  ['ad pixel', 'search-ads', 3],
  ['ads pixel', 'search-ads', 3],
  ['email provider', 'extract-contacts', 3],
  ['email marketing', 'extract-contacts', 3],
  ['job title', 'ats-jobs', 3],
  ['job titles', 'ats-jobs', 3],
  ['mail provider', 'extract-contacts', 3],
  // When to contact a company is its buying signals, not its addresses.
  ['time my outreach', 'extract-contacts', 3],
  ['time our outreach', 'extract-contacts', 3],
  ['when to reach out', 'extract-contacts', 4],
  ['when to contact', 'extract-contacts', 5],
  ['when to pitch', 'conversion_leak_lead_finder', 4],
  ['hot lead', 'conversion_leak_lead_finder', 3],
  ['hot leads', 'conversion_leak_lead_finder', 3],
  ['job board', 'tech-stack', 1],
  // Growing a team is hiring, not bulk work.
  ['bulking up', 'batch', 5],
  ['bulk up', 'batch', 5],
  ['product feed', 'universal_product_url_to_json', 3],
  ['structured data', 'universal_product_url_to_json', 1],
  ['json badge', 'universal_product_url_to_json', 2],
  // Legitimacy asked before a purchase is the pre-purchase check's question.
  ['before buying', 'verify_domain_legitimacy_and_security', 3],
  ['before i buy', 'verify_domain_legitimacy_and_security', 3],
  ['before purchas', 'verify_domain_legitimacy_and_security', 3],
];

/** The three sections of a company profile: asking for all of them means company-profile. */
export const SECTION_OFFERS = ['tech-stack', 'company-intent', 'search-ads'] as const;

/**
 * Data the service does not have, as agents ask for it. Matched like RULES (stemmed words, typo
 * allowance); the matched words count for no offer, and a goal asking only for these is answered
 * with recommended_tool null and not_available. `unless`: words that make it a question the service
 * can answer (a headcount trend is hiring velocity). `near`: words within three of the phrase that
 * belong to the same request (the CEO's *email*) and count for no offer either. `instead`: offers
 * that hold the nearest public signal.
 */
export interface Unavailable {
  data: string;
  phrases: string[];
  unless?: string[];
  near?: string[];
  /** How far `near` words may stand from the phrase (default 3). */
  nearWindow?: number;
  /** Only with one of these within WITH_WINDOW words (both masked): a profile is missing data only when it is a person's. A companion ending in "of" takes the next word too ("head of procurement"). */
  with?: string[];
  /** Not when the goal gives a URL of this kind (a product page states its own rating). */
  unlessUrl?: 'product' | 'endpoint' | 'page';
  instead: string[];
  note: string;
}

/** Words naming a person of a company (a role, or people in general). */
export const PERSON_WORDS = ['ceo', 'cto', 'cfo', 'coo', 'cmo', 'vp', 'vp of', 'vice president', 'vice president of', 'head of', 'director', 'director of', 'manager', 'founder', 'founders', 'cofounder', 'co founder', 'executive', 'executives', 'exec', 'owner', 'employee', 'employees', 'staff', 'everyone', 'team member', 'team members', 'person', 'people', 'recruiter', 'board member', 'decision maker', 'decision makers', 'partner', 'president', 'chairman', 'leadership'];
/** What a person has that the service does not return: personal profiles, phones, private contacts. */
export const PERSONAL_CONTACT_WORDS = ['personal', 'private', 'linkedin', 'linkedin profile', 'linkedin url', 'twitter', 'twitter handle', 'x handle', 'instagram', 'facebook', 'tiktok', 'social profile', 'social media', 'profile', 'profiles', 'handle', 'phone', 'phone number', 'telephone', 'mobile', 'mobile number', 'cell', 'cell number', 'direct dial', 'direct line', 'whatsapp', 'home address'];
/** What extract-contacts does return about people (its `people`), said alike in every refusal. */
export const PEOPLE_NOTE = "extract-contacts returns the people the company's own site names (team, about and contact pages, schema.org Person, bylines of its staff) with the role, email and profile link that site gives them, and the addresses and company social links it publishes";
/** How far (in words) a `with` word may stand from the phrase. */
export const WITH_WINDOW = 6;

export const UNAVAILABLE: Unavailable[] = [
  {
    data: 'revenue and financials',
    phrases: ['revenue', 'revenues', 'annual revenue', 'arr', 'mrr', 'turnover', 'sales figures', 'sales numbers', 'profit', 'profitable', 'profit margin', 'earnings', 'ebitda', 'burn rate', 'cash burn', 'burn', 'income', 'financial statements', 'financial results', 'balance sheet'],
    instead: ['company-footprint', 'b2b_vendor_stability_evaluator'],
    note: 'no revenue, profit or burn figures or estimates; the nearest public signals are the company footprint (tags, job board, ads) and vendor stability from hiring trends',
  },
  {
    data: 'headcount',
    phrases: ['headcount', 'head count', 'employee count', 'number of employees', 'how many employees', 'how many people', 'how many staff', 'staff count', 'team size', 'company size', 'size of the company', 'employees count'],
    unless: ['growing', 'growth', 'grow', 'trend', 'shrinking', 'shrink', 'velocity', 'expanding'],
    instead: ['company-intent', 'b2b_vendor_stability_evaluator'],
    note: 'no employee count; open roles and hiring velocity (company-intent) and the engineering and support hiring trend (b2b_vendor_stability_evaluator) are available',
  },
  {
    data: 'funding, investors and valuation',
    phrases: ['funding', 'fundraising', 'raised', 'raise', 'funding round', 'last round', 'seed round', 'venture capital', 'venture backed', 'investor', 'investors', 'invested', 'invest in', 'series a', 'series b', 'series c', 'series d', 'valuation', 'valued at', 'market cap', 'market capitalization', 'stock price', 'share price', 'ipo', 'net worth', 'cap table', 'shareholder', 'backed by', 'vc'],
    unless: ['in stock', 'out of stock', 'stock level', 'product', 'raise price', 'raise prices', 'raised price', 'raised prices'],
    instead: ['company-footprint'],
    note: 'no funding, investor, valuation or market data; the company footprint shows whether it operates (tags, job board, ads)',
  },
  {
    data: "people's personal profiles and contacts",
    phrases: PERSONAL_CONTACT_WORDS,
    with: PERSON_WORDS,
    instead: ['extract-contacts'],
    note: `no personal social-network profiles, phone numbers or private contacts of people, and no search of social networks; ${PEOPLE_NOTE}`,
  },
  {
    data: 'staff lists and org charts',
    phrases: ['org chart', 'organization chart', 'organisation chart', 'all employees', 'every employee', 'all staff', 'staff list', 'employee list', 'list of employees', 'employee directory', 'everyone who works'],
    instead: ['extract-contacts'],
    note: `no complete staff lists or org charts; ${PEOPLE_NOTE}`,
  },
  {
    data: 'ownership',
    phrases: ['who owns', 'owner of', 'owners of', 'beneficial owner', 'beneficial owners', 'ownership', 'parent company', 'subsidiaries'],
    instead: ['company-profile'],
    note: "no ownership or shareholder records; company-profile gives the company's name, address and links as its own site and registry data state them",
  },
  {
    data: 'mailbox verification',
    phrases: ['mailbox', 'verify email', 'verify the email', 'email verification', 'validate email', 'valid email', 'email is valid', 'email valid', 'email exists', 'bounce', 'deliverable mailbox'],
    near: ['email', 'deliverable', 'deliverability', 'valid', 'real', 'exists', 'verify', ...PERSON_WORDS],
    nearWindow: 6,
    instead: ['extract-contacts'],
    note: 'no mailbox verification (no SMTP probing); extract-contacts checks MX, SPF and DMARC, and MX availability is not mailbox verification',
  },
  {
    data: 'website traffic and search rankings',
    phrases: ['traffic', 'website traffic', 'web traffic', 'visitors', 'monthly visits', 'pageviews', 'page views', 'seo ranking', 'search ranking', 'keyword ranking', 'google ranking', 'domain authority', 'backlinks', 'similarweb'],
    instead: ['search-ads', 'tech-stack'],
    note: 'no traffic, visitor or ranking figures; the search ads a domain runs (search-ads) and its analytics and ad tags (tech-stack) are available',
  },
  {
    data: 'customer lists',
    phrases: ['customer list', 'client list', 'biggest customers', 'top customers', 'largest customers', 'main customers', 'key customers', 'customer base', 'biggest clients', 'top clients', 'who are their customers', 'list of customers'],
    instead: ['tech-stack'],
    note: "no lists of a company's customers; tech-stack tells whether a given company's website uses a given technology",
  },
  {
    data: 'credit ratings',
    phrases: ['credit rating', 'credit score', 'credit report', 'credit risk', 'd b', 'dun bradstreet', 'duns', 'paydex'],
    instead: ['b2b_vendor_stability_evaluator'],
    note: 'no credit ratings or reports; b2b_vendor_stability_evaluator scores vendor health from public hiring and site signals',
  },
  {
    data: 'competitor lists',
    phrases: ['competitor of', 'competitors of', 'main competitors', 'top competitors', 'biggest competitors', 'closest competitors', 'direct competitors', 'their competitors', 'its competitors', 'who are the competitors', 'who competes with', 'competing with', 'compete with', 'competitor list', 'list of competitors', 'competitive landscape', 'similar companies', 'companies like', 'alternatives to', 'lookalike', 'look alike', 'market share'],
    unless: ['compare', 'comparison', 'versus', 'vs', 'against', 'schema', 'product data', 'structured data', 'shelf', 'ads', 'advertising'],
    instead: ['agentic_shelf_schema_comparator', 'search-ads'],
    note: "no lists of a company's competitors or market shares; with competitor domains you name, agentic_shelf_schema_comparator compares product data and search-ads shows each one's ads",
  },
  {
    data: 'reviews and ratings',
    phrases: ['review', 'reviews', 'rating', 'ratings', 'star rating', 'glassdoor', 'trustpilot', 'g2', 'capterra', 'yelp', 'kununu', 'customer satisfaction', 'nps', 'net promoter', 'employee satisfaction', 'what employees say', 'what do employees say', 'what customers say', 'reputation score'],
    unless: ['credit', 'code review'],
    unlessUrl: 'product',
    instead: ['verify_domain_legitimacy_and_security', 'pre_purchase_merchant_trust_check'],
    note: 'no reviews, ratings or review-site scores (Glassdoor, Trustpilot, G2...); the legitimacy and pre-purchase checks judge a domain from its own public signals, and a product page URL gives the rating that page states',
  },
  {
    data: 'monitoring and alerts',
    phrases: ['alert me', 'alert us', 'alerts', 'notify me', 'notify us', 'notification', 'notifications', 'page me', 'ping me', 'warn me', 'text me', 'send me an sms', 'send me a text', 'let me know when', 'let me know if', 'tell me when', 'email me when', 'email me whenever', 'email me if', 'message me when', 'keep me posted', 'keep an eye on', 'uptime', 'downtime', 'is down', 'goes down', 'go down', 'goes offline', 'is offline', 'outage', 'outages'],
    unless: ['new jobs since', 'job ids', 'since my last', 'push notification', 'push notifications'],
    // What is watched and where the alert goes (a channel named is no technology asked about).
    near: ['slack', 'sms', 'email', 'text', 'telegram', 'teams', 'discord', 'webhook', 'whatsapp', 'phone', 'on', 'via', 'by', 'site', 'website', 'page', 'store', 'shop', 'checkout', 'price', 'pricing', 'change', 'changes', 'breaks', 'down', 'offline', 'whenever', 'when', 'if'],
    nearWindow: 4,
    instead: ['clean-markdown'],
    note: 'no monitoring, uptime checks or alerts: every call answers once, when asked; to watch a page, call clean-markdown (or any tool) again and compare',
  },
  {
    data: 'writing, sending or translating messages, booking meetings',
    phrases: ['write', 'draft', 'compose', 'send an email', 'send email', 'translate', 'translation', 'book a meeting', 'book a call', 'schedule a meeting', 'schedule a call', 'set up a meeting', 'set up a call', 'introduce me', 'introduction to'],
    near: ['email', 'emails', 'message', 'letter', 'reply', 'cold', 'outreach', ...PERSON_WORDS],
    nearWindow: 6,
    instead: ['extract-contacts'],
    note: 'the service reads public signals; it does not write, send or translate messages or book meetings (extract-contacts finds the published addresses and the people the site names)',
  },
];

/**
 * Words saying that a company uses, buys or runs a technology, within three words before a
 * technology's name ("are buying Snowflake", "customer of Stripe", "switched to HubSpot") or right
 * after it ("Intercom users"): the technology is the object of the question, so tech-stack answers
 * it, and "buy" or "pay" there is no purchase by the agent.
 */
export const ADOPTION_BEFORE = ['use', 'uses', 'using', 'used', 'run', 'runs', 'running', 'on', 'buy', 'buying', 'bought', 'pay for', 'paying for', 'pay', 'customer of', 'client of', 'adopt', 'adopted', 'switch', 'switched', 'switch to', 'migrate', 'migrated', 'moved to', 'install', 'installed', 'implement', 'deploy', 'have', 'has', 'license', 'subscribe', 'built on', 'built with', 'powered by', 'hosted on', 'payments with', 'payment with', 'pay with', 'paying with', 'checkout with', 'send with', 'sends with', 'sent with', 'made with', 'hosted with', 'via', 'through', 'accept', 'accepts', 'take', 'takes', 'offer', 'offers', 'support', 'supports', 'integrate', 'integrates', 'integrated with'];
export const ADOPTION_AFTER = ['user', 'users', 'customer', 'customers', 'installed', 'install', 'pixel', 'tag', 'script', 'widget', 'offered', 'accepted', 'supported', 'enabled', 'integration', 'running', 'as a payment', 'chat', 'chat bubble', 'chat widget', 'launcher', 'snippet', 'embed', 'button', 'form', 'popup', 'payment', 'payments', 'for payment', 'for payments', 'for the payment', 'for its payment', 'for their payment', 'for checkout', 'at checkout'];

/**
 * A goal about how a company's hiring changes or compares: a hiring word with a trend word within
 * HIRING_WINDOW words ("has hiring accelerated", "recruiting pace") asks for hiring intent
 * (company-intent); with a ranking word ("which of them are hiring hardest", "rank them by how
 * aggressively they recruit") it asks to rank several companies by it (hot-buyers).
 */
export const HIRING_WORDS = ['hiring', 'hire', 'hires', 'recruiting', 'recruit', 'recruitment', 'headcount', 'open roles', 'job openings', 'openings', 'job postings', 'team growth', 'staffing', 'staffing up', 'staff up', 'bulking up', 'bulk up', 'adding staff', 'adding people', 'growing their team', 'growing their teams', 'building out their team', 'adding engineers', 'adding developers', 'adding headcount', 'adding roles', 'adding jobs'];
export const TREND_WORDS = ['accelerat', 'speed up', 'speeding up', 'sped up', 'slow down', 'slowing', 'slowed', 'ramp up', 'ramping up', 'ramped up', 'pick up', 'picking up', 'picked up', 'pace', 'velocity', 'momentum', 'jump', 'increase', 'increasing', 'surge', 'spike', 'trend', 'trending', 'faster', 'slower', 'growing', 'a lot', 'hard', 'heavily', 'aggressively', 'more than usual', 'cooled', 'cooling', 'cool off', 'cooled off', 'slowdown', 'drop', 'dropped', 'declin', 'fell', 'rise', 'rising', 'grew', 'pick back up', 'spree', 'binge', 'frenzy', 'blitz', 'push'];
export const RANKING_WORDS = ['hardest', 'fastest', 'most', 'biggest', 'strongest', 'highest', 'rank', 'ranked', 'ranking', 'rank them', 'sort', 'order them', 'which of them', 'which of my', 'which of our', 'which of these', 'which ones', 'top', 'quickest', 'most quickly', 'most aggressively'];
export const HIRING_WINDOW = 5;
/** Words choosing among a list ("which of my 16 accounts are on a hiring spree"): with a hiring trend anywhere after them, a ranking of the list. */
export const LIST_SELECTORS = ['which of them', 'which of my', 'which of our', 'which of these', 'which of those', 'which ones', 'who among', 'out of my', 'out of these', 'among my', 'among these'];

/** Words asking for several results in one request ("one call if possible"): with two profile sections, the profile. */
export const ONE_CALL_WORDS = ['one call', 'single call', 'one request', 'single request', 'one query', 'single query', 'in one go', 'at once', 'all at once', 'in one shot', 'one api call', 'in a single'];

/** Words of the agent's own purchase when followed by from/at (a seller): "order a jacket from x.com". */
export const PURCHASE_WORDS = ['buy', 'purchase', 'order', 'checkout', 'shop'];

/** Words marking the later part of a goal as a further step, and words referring back to an earlier step's results. */
export const SEQUENCE_WORDS = ['then', 'after that', 'afterwards', 'next', 'followed by', 'and also', 'also', 'plus', 'and tell me', 'and show me', 'and give me', 'and get me', 'and list'];
export const REFERS_BACK = ['them', 'their', 'those', 'these', 'the hot ones', 'hot ones', 'each of them', 'each one', 'the ones', 'the results', 'for each'];

/**
 * A goal worded for privacy: a word of concealment ("never learns", "keep out of", "must not see")
 * within PRIVACY_WINDOW words of a party to the payment ("payment provider", "facilitator", "x402
 * receipt") asks for private-query, whatever other words it uses; the payment words then count for
 * no payment offer.
 */
export const CONCEAL_WORDS = ['never learn', 'not learn', 'never know', 'not know', 'never see', 'not see', 'cannot see', 'can t see', 'must not', 'should not', 'never', 'out of', 'stay off', 'stays off', 'keep off', 'off', 'tie', 'tied', 'link', 'linked', 'trace', 'traced', 'traceable', 'without', 'hide', 'hidden', 'conceal', 'reveal', 'expose', 'leak', 'appear', 'show up', 'nobody', 'no one', 'secret', 'confidential', 'confidentially', 'private', 'privately', 'anonymous', 'anonymously', 'discreet', 'discreetly', 'quietly', 'stealth'];
export const PAYMENT_PARTY_WORDS = ['payment', 'payment provider', 'payment processor', 'payment record', 'payment data', 'processor', 'facilitator', 'receipt', 'settlement', 'on chain', 'onchain', 'x402', 'transaction', 'blockchain', 'wallet', 'invoice', 'billing', 'ledger'];
export const PRIVACY_WINDOW = 8;

/**
 * A goal filtering a listing ("remote Python roles", "senior backend openings in Berlin"): the
 * operation that lists what the filter reads (ats-jobs: title, department, location, remote,
 * salary). A job noun with a filter word within JOB_FILTER_WINDOW words, or a technology (its name
 * or its kind) right before it ("Go developer roles", "customer support jobs"): the technology
 * qualifies the job and is not asked about.
 */
export const JOB_NOUNS = ['job', 'jobs', 'role', 'roles', 'position', 'positions', 'opening', 'openings', 'vacancy', 'vacancies', 'posting', 'postings', 'developer', 'developers', 'engineer', 'engineers', 'internship', 'internships'];
export const JOB_FILTERS = ['remote', 'remote friendly', 'fully remote', 'hybrid', 'on site', 'onsite', 'in office', 'senior', 'junior', 'entry level', 'mid level', 'principal', 'part time', 'full time', 'intern', 'salary', 'salaries', 'pay over', 'paying over', 'pay range', 'in europe', 'in the us', 'based in', 'located in', 'backend', 'frontend', 'full stack'];
export const JOB_FILTER_WINDOW = 4;
/** A company seeking or hiring a job noun ("looking for engineers", "hiring developers") is listing its openings. */
export const SEEKING_WORDS = ['looking for', 'look for', 'seeking', 'searching for', 'search for', 'on the lookout for', 'hiring', 'recruiting'];
