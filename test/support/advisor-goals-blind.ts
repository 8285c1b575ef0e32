/**
 * A third held-out goal set for the advisor (issue 33), written on 2026-11-27 from the catalog's
 * point of view (GET /v1/catalog: what each operation returns) before the advisor was changed for
 * that issue, and committed with its score on the code of that day. Never tuned on: the advisor is
 * improved by general rules only, and this set measures whether they carry to goals nobody tuned for.
 *
 * It leans on what the first audit found weak: requests worded for privacy (→ private-query, with the
 * tool they run), goals about data the service does not have (personal profiles on social networks,
 * competitor lists, reviews and ratings, funding, revenue: recommended_tool null, and not_available
 * must give the reason, matched by `reason` against its data and note), goals with filters ("remote",
 * "Python", a region, a format) that belong to the operation listing what they filter, and ordinary
 * goals. expect as in advisor-goals.ts ('private-query:tech_stack' checks the tool private-query runs).
 */
import { routedRight, type GoalCase } from './advisor-goals.ts';

export interface BlindCase extends GoalCase {
  /** For a goal about data the service does not have: what not_available must say (its data or note). */
  reason?: RegExp;
}

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const HELD_OUT_3: BlindCase[] = [
  // privacy wording: the operation that keeps the target out of the payment, running the tool asked for
  g('make sure the payment provider never learns which domain I am looking at: tech stack of target-labs.io', 'private-query:tech_stack'),
  g('get the open jobs at rivalsoft.com but keep the domain out of the payment record', 'private-query:open_jobs'),
  g('hiring intent of acquiree.com, and the facilitator must not see the company name', 'private-query:hiring_intent'),
  g('what search ads does competitor-x.com run? nobody should be able to tie the lookup to us through the payment', 'private-query:search_ads'),
  g('contact emails of takeover-target.com without the target showing up in the on-chain settlement', 'private-query:extract_contacts'),
  g('turn https://rival.example.org/pricing into markdown, without that URL appearing in what the payment processor receives', 'private-query:clean_markdown'),
  g('our deal team needs the full company profile of bigco.com; the name must stay off the x402 receipt', 'private-query:company_profile'),
  g('confidentially, what technologies does merger-candidate.de use?', 'private-query:tech_stack'),
  // data the service does not have: null, with the reason
  missing('LinkedIn profile URL of the VP of Sales at acme.com', /profile|social|linkedin/i),
  missing('what are the main competitors of acme.com?', /competitor/i),
  missing("Glassdoor rating of stripe.com's workplace", /review|rating/i),
  missing('what do employees say about working at notion.so on glassdoor', /review|rating/i),
  missing('Trustpilot score of zalando.de', /review|rating/i),
  missing('how much did ramp.com raise in its last round?', /funding/i),
  missing('estimated 2025 revenue of figma.com', /revenue/i),
  missing('find the personal instagram and facebook accounts of the founders of acme.com', /profile|social/i),
  missing('who are the top 5 competitors of hubspot.com', /competitor/i),
  missing("the CTO of vercel.com's personal twitter handle", /profile|social/i),
  missing('G2 reviews and star rating of monday.com', /review|rating/i),
  missing('who are the investors behind pitch.com', /funding|investor/i),
  missing('list of companies competing with intercom.com', /competitor/i),
  missing("what's brex.com's yearly turnover", /revenue/i),
  missing('customer satisfaction ratings for gymshark.com products', /review|rating/i),
  missing('personal linkedin pages of everyone in the marketing team at canva.com', /profile|social|linkedin/i),
  // filters: the operation that lists what they filter
  g('remote-friendly Python roles at posthog.com', 'ats-jobs'),
  g('senior backend engineer openings in Berlin at n26.com', 'ats-jobs'),
  g('which marketing jobs at hubspot.com pay over $120k', 'ats-jobs'),
  g('entry level design positions at figma.com, remote only', 'ats-jobs'),
  g('does gitlab.com have any Go developer roles in Europe?', 'ats-jobs'),
  g('rust jobs at cloudflare.com', 'ats-jobs'),
  g('image ads zalando.de showed in Germany last quarter', 'search-ads'),
  g('video ads that nike.com ran in France since January', 'search-ads'),
  g('salary ranges of the open sales roles at gusto.com', 'ats-jobs'),
  g('part-time customer support jobs at shopify.com in Canada', 'ats-jobs'),
  // ordinary goals
  g("names and job titles of the leadership team on acme.com's about page", 'extract-contacts'),
  g('who is on the founding team of linear.app according to their own website', 'extract-contacts'),
  g('what is the press email of spotify.com', 'extract-contacts'),
  g('which email marketing tool does allbirds.com use', 'tech-stack'),
  g('is there a live chat widget on gorgias.com', 'tech-stack'),
  g('give me https://docs.python.org/3/tutorial/index.html as markdown, code samples included', 'clean-markdown'),
  g('is this x402 API honest about its price: https://api.quotes.dev/v1/quote', 'verify-merchant'),
  g('rank my 12 accounts by how likely they are to buy right now', 'hot-buyers', { domain_count: 12 }),
  g('coupon for a sofa at wayfair.com', 'checkout_active_promo_code_finder'),
  g('tech stack for each of our 40 target accounts', 'batch:tech-stack', { domain_count: 40 }),
  g('can ChatGPT shopping agents read the products of brand.shop?', 'store_readiness_auditor'),
  g('what does https://store.io/products/lamp-42 cost', 'universal_product_url_to_json'),
  g('is newco-payments.com a phishing site imitating paypal', 'verify_domain_legitimacy_and_security'),
  g('company overview of plaid.com', 'company-profile'),
  g('is acme-widgets.com still an operating business or a dead company', 'company-footprint'),
  g('is the hiring at retool.com a sign they are about to buy new software', 'company-intent'),
];

/** A blind case answered right: routed as expected and, for missing data, with the reason in not_available. */
export function answeredRight(item: BlindCase, result: Parameters<typeof routedRight>[1] & { not_available?: { data: string; note: string }[] }): boolean {
  if (!routedRight(item.expect, result)) return false;
  if (!item.reason) return true;
  const reason = item.reason;
  return (result.not_available ?? []).some((entry) => reason.test(`${entry.data} ${entry.note}`));
}

/**
 * Written on 2026-11-27 after the advisor's rules for issue 33 were changed on HELD_OUT_3's misses,
 * and run once with them: the figure for goals nobody looked at before the change. Never tuned on.
 */
export const HELD_OUT_4: BlindCase[] = [
  g("I'm evaluating an acquisition; get acme-robotics.com's open roles but the x402 payment must not reveal the company", 'private-query:open_jobs'),
  g('tech stack of stealth-target.io, paid so that the on-chain transaction cannot be linked to that domain', 'private-query:tech_stack'),
  g('do the lookup of rival.co.uk search ads anonymously', 'private-query:search_ads'),
  missing('Facebook page of the head of HR at bigretail.com', /profile|social/i),
  missing('which companies compete with airtable.com', /competitor/i),
  missing('average employee rating of deel.com on kununu or glassdoor', /review|rating/i),
  missing('latest funding round size for mistral.ai', /funding/i),
  missing('what was the revenue growth of shopify last year', /revenue/i),
  missing("mobile number of acme.com's founder", /profile|social|phone|contact/i),
  missing('how is zalando.de rated by its customers', /review|rating/i),
  g('hybrid product manager roles at miro.com in Amsterdam', 'ats-jobs'),
  g('any Kotlin or Android engineer openings at bolt.eu?', 'ats-jobs'),
  g('search ads of booking.com shown in Spain, text format only', 'search-ads'),
  g('the people listed on the team page of posthog.com with their titles', 'extract-contacts'),
  g('which consent management platform does bbc.co.uk use', 'tech-stack'),
  g('does notion.so have an a/b testing tool installed', 'tech-stack'),
  g('read https://react.dev/learn/thinking-in-react as markdown', 'clean-markdown'),
  g('where is the headquarters of acme.com and when was it founded', 'company-profile'),
  g('is hiring at monday.com picking up?', 'company-intent'),
  g('general contact email of ikea.com', 'extract-contacts'),
];
