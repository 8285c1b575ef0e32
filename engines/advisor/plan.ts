/**
 * The planning rules 2 to 7 of advise.ts (hot-buyers, private-query, the profile, the top offer with
 * the further steps asked for, batch or one call per domain, the budget's fallbacks): from what the
 * goal asks (Context) to a Plan of steps with their bodies and cost lines.
 */
import { usd, type AdvisorCatalog, type Offer } from './catalog.ts';
import { batchCap, costOf, type Cost } from './cost.ts';
import { SECTION_OFFERS } from './lexicon.ts';
import { ASKED, type Scored } from './match.ts';
import type { Body, Context, Plan, Step } from './types.ts';

/** Cheaper plans to try, in order, when a plan does not fit the budget. */
const FALLBACKS: Record<string, string[]> = {
  'company-profile': ['company-intent', 'tech-stack', 'search-ads'],
  'company-footprint': ['tech-stack'],
  verify_domain_legitimacy_and_security: ['pre_purchase_merchant_trust_check', 'tech-stack'],
  b2b_vendor_stability_evaluator: ['company-profile', 'company-intent', 'tech-stack'],
  conversion_leak_lead_finder: ['store_readiness_auditor'],
  'hot-buyers': ['company-intent'],
  verified_merchant_json_badge: ['pre_purchase_merchant_trust_check'],
};

/** What an offer's result already contains, so asking for those too adds no step. */
export const COVERS: Record<string, string[]> = {
  'company-profile': [...SECTION_OFFERS, 'company-footprint', 'verify_domain_legitimacy_and_security'],
  // The footprint's facts: website tags, the job board and its open roles, ads.
  'company-footprint': [...SECTION_OFFERS, 'ats-jobs', 'company-profile', 'verify_domain_legitimacy_and_security'],
  verify_domain_legitimacy_and_security: [...SECTION_OFFERS, 'company-profile', 'company-footprint'],
  'hot-buyers': ['company-intent', 'company-profile', 'batch'],
  'ats-jobs': ['company-intent'],
  b2b_vendor_stability_evaluator: ['company-intent', 'tech-stack', 'ats-jobs'],
  verified_merchant_json_badge: ['pre_purchase_merchant_trust_check', 'verify-merchant'],
  pre_purchase_merchant_trust_check: ['verify_domain_legitimacy_and_security', 'verified_merchant_json_badge'],
  // The lead finder's parts: the readiness audit, the contacts the store publishes, its recent ads.
  conversion_leak_lead_finder: ['store_readiness_auditor', 'extract-contacts', 'search-ads'],
  store_readiness_auditor: ['universal_product_url_to_json'],
  agentic_shelf_schema_comparator: ['store_readiness_auditor', 'universal_product_url_to_json'],
  'private-query': [
    'tech-stack',
    'ats-jobs',
    'company-intent',
    'search-ads',
    'company-profile',
    'company-footprint',
    'extract-contacts',
    'clean-markdown',
    'verify_domain_legitimacy_and_security',
  ],
};

/** The private-query tool for an offer (bundle tier for the last two). */
const PRIVATE_TOOL: Record<string, string> = {
  'tech-stack': 'tech_stack',
  'ats-jobs': 'open_jobs',
  'company-intent': 'hiring_intent',
  'search-ads': 'search_ads',
  'extract-contacts': 'extract_contacts',
  'clean-markdown': 'clean_markdown',
  'company-profile': 'company_profile',
  'company-footprint': 'due_diligence',
  verify_domain_legitimacy_and_security: 'due_diligence',
};
const BUNDLE_TOOLS = new Set(['company_profile', 'due_diligence']);
/** Offers read by their own rules, never as a part or the holder of parts (lists of companies, bulk, privacy). */
const BY_ITS_OWN = new Set(['batch', 'hot-buyers', 'private-query']);
/** How many offers asked make a goal one operation asked by its parts. */
const BUNDLE_PARTS = 3;

export function isAsked(context: Context, offer: string) {
  return context.asked.some((entry) => entry.offer === offer);
}

export function createPlanner(catalog: AdvisorCatalog) {
  const { limits } = catalog;

  function choosePlan(context: Context): Plan {
    const { asked, count } = context;
    const data = asked.filter((entry) => entry.offer !== 'batch');
    if (!data.length) {
      if (context.reading.notAvailable.length) {
        const items = context.reading.notAvailable;
        const instead = [...new Set(items.flatMap((item) => item.instead))];
        return {
          tool: null,
          steps: [],
          lines: [],
          covers: [],
          why: [
            `The goal asks for data this service does not have: ${items.map((item) => `${item.data} ("${item.asked}"): ${item.note}`).join('; ')}. What it has are public signals about a domain: ${instead.map((offer) => `${offer} (${catalog.offer(offer).summary.toLowerCase()})`).join(', ')}; ask again for one of those if it helps.`,
          ],
        };
      }
      if (isAsked(context, 'batch'))
        return batchPlan(null, context, ['Bulk work over a list of domains is what batch does; the goal does not say which tool to run, so tool is required.']);
      return {
        tool: null,
        steps: [],
        lines: [],
        covers: [],
        why: [
          `The goal does not match any operation clearly enough to recommend one${
            context.scored.length
              ? ` (closest: ${context.scored
                  .slice(0, 3)
                  .map((entry) => entry.offer)
                  .join(', ')})`
              : ''
          }. Say what you need about which domain or page, e.g. its tech stack, open jobs, hiring intent, search ads, contacts, a page as Markdown, or whether a merchant or x402 endpoint is safe to pay.`,
        ],
      };
    }
    const top = data[0];
    // "find which are hot, then … for the hot ones": the listing comes first, whatever scores more after "then".
    const { thenAt, refersBack } = context.reading;
    const hotFirst = thenAt !== null && refersBack && atOf(context, 'hot-buyers') < thenAt;
    if (
      isAsked(context, 'hot-buyers') &&
      (top.offer === 'hot-buyers' || hotFirst || (isAsked(context, 'company-intent') && (count >= 2 || !context.countKnown)))
    ) {
      if (count >= limits.hotBuyers.minDomains || !context.countKnown)
        return withExtras(
          hotPlan(context, [
            `"${cueOf(context, 'hot-buyers')}": hot-buyers checks the hiring intent of every domain for free and sells a full company profile only for the hot ones.`,
          ]),
          context,
          'hot-buyers',
        );
      return single('company-intent', context, [
        `hot-buyers needs ${limits.hotBuyers.minDomains} to ${limits.hotBuyers.maxDomains} domains; for one domain company-intent gives its intent score.`,
      ]);
    }
    if (isAsked(context, 'private-query')) return privatePlan(context);
    const bundle = bundleOfParts(context);
    if (bundle)
      return withExtras(
        bulkOrSingle(bundle, context, [
          `The goal lists ${context.asked
            .filter((entry) => entry.offer !== 'batch' && entry.offer !== bundle)
            .map((entry) => `${entry.offer} ("${entry.cues[0]}")`)
            .join(', ')}: ${bundle}'s result holds them all (${catalog.offer(bundle).summary.toLowerCase()}).`,
        ]),
        context,
        bundle,
      );
    // An offer named outright whose result holds what the top offer gives is what the goal asks
    // for, its parts listed ("a real footprint: website tags, job board, ads").
    // Near the top one's score, or holding two parts asked for (the top one's and another's: "tags, a job board and ads").
    const parts = (offer: string) => context.asked.filter((entry) => entry.offer !== offer && (COVERS[offer] ?? []).includes(entry.offer)).length;
    const whole = data.find(
      (entry) =>
        entry !== top &&
        entry.score >= ASKED + 1 &&
        (entry.score >= 0.4 * top.score || parts(entry.offer) >= 2) &&
        (COVERS[entry.offer] ?? []).includes(top.offer) &&
        !(COVERS[top.offer] ?? []).includes(entry.offer),
    );
    if (whole)
      return withExtras(
        bulkOrSingle(whole.offer, context, [
          `"${cueOf(context, whole.offer)}" points to ${whole.offer}, whose result holds ${top.offer}'s: ${catalog.offer(whole.offer).summary.toLowerCase()}.`,
        ]),
        context,
        whole.offer,
      );
    // Open jobs are what the hiring section is read from: asking for them asks for that section.
    const sections = SECTION_OFFERS.filter((offer) => isAsked(context, offer) || (offer === 'company-intent' && isAsked(context, 'ats-jobs')));
    // Every section named (asked, or cued where the goal lists them), or two asked for "in one call".
    const named = SECTION_OFFERS.filter((offer) => sections.includes(offer) || (context.scored.find((entry) => entry.offer === offer)?.score ?? 0) >= 2);
    // Not when the top offer's own result holds every section (the footprint's facts: tags, job board, ads).
    const topHoldsSections = SECTION_OFFERS.every((offer) => (COVERS[top.offer] ?? []).includes(offer));
    if (
      top.offer === 'company-profile' ||
      (sections.length === SECTION_OFFERS.length && !topHoldsSections) ||
      (context.reading.oneCall && sections.length >= 2 && named.length === SECTION_OFFERS.length)
    ) {
      const why =
        named.length === SECTION_OFFERS.length && top.offer !== 'company-profile'
          ? 'The goal asks for the tech stack, hiring intent and search ads: company-profile returns the three in one call and one free call.'
          : `"${cueOf(context, 'company-profile')}": company-profile combines tech stack, hiring intent and search ads in one call.`;
      return withExtras(bulkOrSingle('company-profile', context, [why]), context, 'company-profile');
    }
    return withExtras(
      bulkOrSingle(top.offer, context, [`"${cueOf(context, top.offer)}" points to ${top.offer}: ${catalog.offer(top.offer).summary.toLowerCase()}.`]),
      context,
      top.offer,
    );
  }

  /**
   * An operation asked by its parts: three offers or more asked ("ad tags, a careers page with open
   * roles, search ads"; "readiness gaps, a published email, recent ads") that one operation's result
   * holds together (COVERS). Of the operations holding them all, the one the goal cues most of its
   * own ("facts only", "for our agency"), none when no such cue tells them apart (the sections of a
   * profile are then read by the profile rule below).
   */
  function bundleOfParts(context: Context): string | null {
    const parts = [...new Set(context.asked.map((entry) => entry.offer).filter((offer) => !BY_ITS_OWN.has(offer)))];
    if (parts.length < BUNDLE_PARTS) return null;
    const own = (offer: string) => context.scored.find((entry) => entry.offer === offer)?.score ?? 0;
    const holders = Object.keys(COVERS)
      .filter((offer) => !BY_ITS_OWN.has(offer) && parts.every((part) => part === offer || holds(offer, part)))
      .sort((a, b) => own(b) - own(a));
    if (!holders.length || own(holders[0]) <= 0 || (holders.length > 1 && own(holders[0]) === own(holders[1]))) return null;
    return holders[0];
  }

  /** What an offer's result holds; the profile's hiring section is read from the open jobs, so it holds them as a part. */
  function holds(offer: string, part: string) {
    return (COVERS[offer] ?? []).includes(part) || (offer === 'company-profile' && part === 'ats-jobs');
  }

  function cueOf(context: Context, offer: string) {
    return context.scored.find((entry) => entry.offer === offer)?.cues[0] ?? offer;
  }

  /**
   * Rule 5: further offers asked for that the primary does not cover, as further steps in the order
   * the goal asks for them. After a step that yields a list of companies (hot-buyers, batch), a
   * step the goal asks for "then" about "them" runs on that step's results (depends_on).
   */
  function withExtras(plan: Plan, context: Context, primary: string): Plan {
    const top = context.asked.find((entry) => entry.offer !== 'batch')!;
    const covered = new Set([primary, 'batch', 'hot-buyers', 'private-query', ...(COVERS[primary] ?? [])]);
    const { thenAt, refersBack } = context.reading;
    // An offer asked on the other side of a sequence word ("jobs at x, then the contacts") is a step the goal lists: asked is enough.
    const primaryAt = atOf(context, primary);
    const listed = (entry: Scored) => thenAt !== null && Number.isFinite(entry.at) && Number.isFinite(primaryAt) && entry.at > thenAt !== primaryAt > thenAt;
    const extras = context.asked
      .filter((entry) => !covered.has(entry.offer) && (listed(entry) || (entry.score >= ASKED + 1 && entry.score >= 0.4 * top.score)))
      .slice(0, 2);
    const listing = plan.tool === 'hot-buyers' || plan.tool === 'batch';
    const groups: { tool: string | null; at: number; steps: Step[]; dependent: boolean }[] = [
      { tool: plan.tool, at: atOf(context, primary), steps: plan.steps, dependent: false },
    ];
    for (const extra of extras) {
      if ((COVERS[extra.offer] ?? []).includes(primary)) continue;
      const dependent = listing && refersBack && thenAt !== null && extra.at > thenAt;
      const more = dependent ? followUp(extra.offer, plan, context) : bulkOrSingle(extra.offer, context, []);
      groups.push({
        tool: more.tool,
        at: dependent ? Infinity : extra.at,
        steps: more.steps.map((step) => ({ ...step, phase: step.phase ?? 'also' })),
        dependent,
      });
      plan.lines.push(...more.lines);
      plan.why.push(
        dependent
          ? `Then ${extra.offer} ("${extra.cues[0]}") for each company of ${primary}'s result: a further step on its output.`
          : `The goal also asks for ${extra.offer} ("${extra.cues[0]}"), which ${primary} does not return: it is a further step.`,
      );
      covered.add(extra.offer);
    }
    // The goal's own order (stable: the primary first on a tie).
    groups.sort((a, b) => a.at - b.at);
    const offset = groups.findIndex((group) => group.steps === plan.steps);
    const primaryStart = groups.slice(0, offset).reduce((sum, group) => sum + group.steps.length, 0);
    plan.steps = groups.flatMap((group) =>
      group.steps.map((step) => (step.dependsOn !== undefined ? { ...step, dependsOn: step.dependsOn + primaryStart } : step)),
    );
    plan.tool = groups[0].tool;
    if (offset > 0) plan.why.unshift(`Steps in the order the goal asks for them: ${groups.map((group) => group.tool).join(', then ')}.`);
    return plan;
  }

  function atOf(context: Context, offer: string): number {
    const own = context.scored.find((entry) => entry.offer === offer)?.at ?? Infinity;
    return offer === 'company-profile' ? Math.min(own, ...SECTION_OFFERS.map((section) => atOf(context, section))) : own;
  }

  /** A step on each company of a listing step's result: its domain comes from that result, so it is required input. */
  function followUp(offer: string, source: Plan, context: Context): Plan {
    const info = catalog.offer(offer);
    const producer = source.steps.length - 1;
    const body: Body = Object.fromEntries(info.required.map((field) => [field, null]));
    const step: Step = {
      offer,
      body,
      required: [...info.required],
      dependsOn: producer,
      phase: `then: for each company of step ${producer + 1}`,
      note: `${info.required.join(', ')}: each ${source.tool === 'hot-buyers' ? 'hot company' : 'row with data'} from step ${producer + 1}'s result, one call per domain.`,
    };
    return {
      tool: offer,
      steps: [step],
      lines: [{ kind: 'single', offer, calls: Math.max(1, context.count), priceMicroUsd: info.priceMicroUsd, optional: true }],
      why: [],
      covers: [offer],
    };
  }

  function bulkOrSingle(offer: string, context: Context, why: string[]): Plan {
    const { count, facts } = context;
    if (count < 2) return single(offer, context, why);
    const scansLeft = facts.freeScans?.remaining ?? limits.freeScansPerDay;
    if (limits.batch.tools.includes(offer)) {
      if (count <= facts.freeQuota.remaining)
        return single(offer, context, [
          ...why,
          `${count} domains fit in your ${facts.freeQuota.remaining} free calls left today: one ${offer} call per domain costs nothing, while a batch's paid step never uses free calls.`,
        ]);
      if (scansLeft === 0)
        return single(offer, context, [...why, `No free batch scan is left today (${limits.freeScansPerDay} per day): one ${offer} call per domain instead.`]);
      return batchPlan(offer, context, [
        ...why,
        `${count} domains: batch runs ${offer} over up to ${batchCap(catalog, offer)} domains per quote, free until you pay for the rows with data.`,
      ]);
    }
    return single(offer, context, [...why, `${offer} takes one domain per call: one call per domain (${count}).`]);
  }

  function single(offer: string, context: Context, why: string[]): Plan {
    const { count, domains } = context;
    const info = catalog.offer(offer);
    const calls = Math.max(1, count);
    const listed = count >= 2 && domains.length >= 2 ? domains.slice(0, Math.min(domains.length, count, 5)) : [domains[0]];
    const steps = listed.map((domain, index) => {
      const step = stepFor(info, context, domain);
      if (count >= 2 && index === listed.length - 1 && count > listed.length)
        step.note = [step.note, `Repeat for each of the ${count} domains (${count - listed.length} more).`].filter(Boolean).join(' ');
      return step;
    });
    return { tool: offer, steps, lines: [{ kind: 'single', offer, calls, priceMicroUsd: info.priceMicroUsd }], why, covers: [offer] };
  }

  /** One call's body from what is known; unknown required fields are null and listed in required. */
  function stepFor(info: Offer, context: Context, domain: string | undefined, extra: Body = {}): Step {
    const body: Body = {};
    const required: string[] = [];
    const notes: string[] = [];
    const url = context.goal.urls[0];
    for (const field of info.required) {
      let value: unknown = null;
      if (field === 'domain' || field === 'vendor_domain') value = domain ?? null;
      else if (field === 'competitor_domains') {
        const others = context.domains.filter((other) => other !== domain).slice(0, 3);
        value = others.length ? others : null;
        if (!others.length) notes.push('competitor_domains: 1 to 3 competitor domains.');
      } else if (field === 'url' || field === 'product_url' || field === 'target_url') {
        value = url ?? null;
        if (!url) notes.push(`${field}: the full http(s) URL${domain && field === 'url' ? ` (for example the home page, https://${domain}/)` : ''}.`);
      }
      if (field in extra) value = extra[field];
      body[field] = value;
      if (value === null) required.push(field);
    }
    if (info.id === 'search-ads' && context.goal.region) body.region = context.goal.region;
    for (const [key, value] of Object.entries(extra)) if (!(key in body)) body[key] = value;
    return { offer: info.id, body, required, note: notes.length ? notes.join(' ') : undefined };
  }

  function batchPlan(tool: string | null, context: Context, why: string[]): Plan {
    const { count, goal } = context;
    const info = catalog.offer('batch');
    const cap = tool ? batchCap(catalog, tool) : limits.batch.maxDomains;
    const list = goal.domains.length >= 2 ? context.domains.slice(0, cap) : null;
    const body: Body = { tool, domains: list };
    const required = [...(tool ? [] : ['tool']), ...(list ? [] : ['domains'])];
    const parts = Math.ceil(count / cap);
    const steps: Step[] = [
      {
        offer: 'batch',
        body,
        required,
        phase: 'step 1: quote (free, uses one free scan)',
        note: `domains: 1 to ${cap} per quote${parts > 1 ? `; split your ${count} domains into ${parts} quotes` : ''}. The quote lists every domain's status and prices only the rows with data.${!tool ? ` tool: one of ${limits.batch.tools.join(', ')}.` : ''}`,
      },
      {
        offer: 'batch',
        body: { quote_id: null },
        required: ['quote_id'],
        phase: 'step 2: pay the quote',
        note: `quote_id from step 1, alone, paid by x402 at exactly the quoted price within ${limits.quoteLifetimeSeconds / 60} minutes; the rows collected in step 1 are returned.`,
      },
    ];
    return { tool: 'batch', steps, lines: tool ? [{ kind: 'batch', tool, domains: count }] : [], why, covers: [info.id, ...(tool ? [tool] : [])] };
  }

  function hotPlan(context: Context, why: string[]): Plan {
    const { count, goal } = context;
    const { maxDomains, hotPerPaidCall, defaultMinIntentScore } = limits.hotBuyers;
    const list = goal.domains.length >= 2 ? context.domains.slice(0, maxDomains) : null;
    const body: Body = { domains: list };
    if (goal.minIntentScore !== null) body.min_intent_score = goal.minIntentScore;
    const parts = Math.ceil(count / maxDomains);
    const steps: Step[] = [
      {
        offer: 'hot-buyers',
        body,
        required: list ? [] : ['domains'],
        phase: 'step 1: scan (free, uses one free scan)',
        note: `domains: ${limits.hotBuyers.minDomains} to ${maxDomains} per scan${parts > 1 ? `; split your ${count} domains into ${parts} scans` : ''}${context.countKnown ? '' : ' (the estimate assumes the fewest; send domain_count for a real one)'}; min_intent_score defaults to ${defaultMinIntentScore}. Cold domains come back free with their intent_score.`,
      },
      {
        offer: 'hot-buyers',
        body: { quote_id: null },
        required: ['quote_id'],
        phase: 'step 2: pay for the hot companies',
        note: `quote_id from step 1, alone, paid by x402 at exactly the quoted price (at most ${hotPerPaidCall} hot companies per call); hot domains listed in more_hot need another step 1.`,
      },
    ];
    return {
      tool: 'hot-buyers',
      steps,
      lines: [{ kind: 'hot', domains: Math.max(count, limits.hotBuyers.minDomains) }],
      why,
      covers: ['hot-buyers', 'company-intent', 'company-profile'],
    };
  }

  function privatePlan(context: Context): Plan {
    const inner = context.asked.find((entry) => PRIVATE_TOOL[entry.offer] && entry.offer !== 'private-query');
    const tool = inner ? PRIVATE_TOOL[inner.offer] : null;
    const info = catalog.offer('private-query');
    const bundle = tool !== null && BUNDLE_TOOLS.has(tool);
    const target = tool === 'clean_markdown' ? (context.goal.urls[0] ?? null) : (context.domains[0] ?? context.goal.urls[0] ?? null);
    const body: Body = { tool, target };
    const required = [...(tool ? [] : ['tool']), ...(target ? [] : ['target'])];
    const price = bundle ? (info.bundlePriceMicroUsd ?? info.priceMicroUsd) : info.priceMicroUsd;
    const step: Step = {
      offer: 'private-query',
      body,
      required,
      phase: bundle ? 'send header X-Private-Query-Tier: bundle' : undefined,
      note: `${bundle ? 'Tier bundle: send the header X-Private-Query-Tier: bundle (over MCP, params._meta["service/private-tier"] = "bundle") before the body. ' : ''}${tool ? '' : `tool: one of ${limits.privateTools.join(', ')}. `}The target stays out of the payment metadata; the service and the destination still see it.`,
    };
    const why = [
      `"${cueOf(context, 'private-query')}": private-query runs ${tool ?? 'a tool'} without naming the target to the payment facilitator ($${usd(price)}${bundle ? ', bundle tier' : ''}).`,
    ];
    return {
      tool: 'private-query',
      steps: [step],
      lines: [{ kind: 'single', offer: 'private-query', calls: Math.max(1, context.count), priceMicroUsd: price }],
      why,
      covers: ['private-query'],
    };
  }

  function fitBudget(plan: Plan, cost: Cost, context: Context): { plan: Plan; cost: Cost; notes: string[] } {
    const budget = context.input.budget_usd!;
    const scans = { remaining: context.facts.freeQuota.remaining, scansRemaining: context.facts.freeScans?.remaining ?? null };
    const primary = plan.tool!;
    const named = FALLBACKS[primary] ?? [];
    const ordered = [...named.filter((offer) => isAsked(context, offer)), ...named.filter((offer) => !isAsked(context, offer))];
    const tried: string[] = [];
    for (const offer of ordered) {
      const candidate = bulkOrSingle(offer, context, []);
      const candidateCost = costOf(candidate.lines, catalog, scans);
      tried.push(`${offer} up to $${usd(candidateCost.payableMaxMicro)}`);
      if (usd(candidateCost.payableMaxMicro) <= budget) {
        candidate.why = [
          `${primary} would cost up to $${usd(cost.payableMaxMicro)} after your free calls, above your budget of $${budget}: ${offer} fits (up to $${usd(candidateCost.payableMaxMicro)}) and covers part of the goal; ${primary} is listed as an alternative.`,
          ...candidate.why,
        ];
        return { plan: candidate, cost: candidateCost, notes: [] };
      }
    }
    const perDomain = context.count > 0 ? cost.maxMicro / Math.max(1, context.count) : cost.maxMicro;
    const affordable = perDomain > 0 ? Math.floor((budget * 1_000_000 + (cost.maxMicro - cost.payableMaxMicro)) / perDomain) : context.count;
    const notes = [
      `Your budget of $${budget} is below the up to $${usd(cost.payableMaxMicro)} this may cost after your free calls${tried.length ? ` (cheaper options do not fit either: ${tried.join(', ')})` : ''}.`,
    ];
    if (context.count > 1)
      notes.push(
        affordable > 0
          ? `It covers about ${Math.min(affordable, context.count)} of the ${context.count} domains if every one has data; rows without data are free, so start with those.`
          : 'It does not cover one charged result; only the free parts (quotes, scans, results without data) fit.',
      );
    else notes.push('Only results without data (which are free) fit in it; raise the budget or wait for free calls at 00:00 UTC.');
    return { plan, cost, notes };
  }

  return { choosePlan, fitBudget };
}
