/**
 * The advisor: from a goal (and optionally sample_domain, domain_count, budget_usd) to a
 * recommended operation, its cost, and ready-to-run requests. Rule-based over the generated
 * catalog (no model): reading.ts reads what the goal asks about (data the service does not have,
 * a technology as the object, the URL's kind, a purchase from a seller, privacy wording, a filtered
 * job listing, the steps' order),
 * match.ts scores the offers without the words asking for missing data, weigh.ts adds the
 * reading's cues, then these rules, in order, make the plan (plan.ts), and answer.ts renders it.
 *
 * 1. No offer asked for (score < ASKED, batch aside) → recommended_tool null, with not_available
 *    when the goal asks for data the service does not have, except a bulk goal ("batch", "csv",
 *    "bulk") → batch with its tool to be chosen.
 * 2. hot-buyers asked for (on top, or with company-intent) for two domains or more, or an unstated
 *    number (sample_domain is only a sample) → hot-buyers; one stated domain → company-intent.
 * 3. private-query asked for → private-query, its tool from the other offer asked for (a domain
 *    tool, company_profile/due_diligence on the bundle tier, clean_markdown for pages).
 * 4. company-profile is the top offer, or all three profile sections are asked for (tech-stack,
 *    company-intent, search-ads) → company-profile; two sections → the separate calls (cheaper;
 *    efficiency_analysis compares).
 * 5. Otherwise the top offer, or an offer asked for with a score ≥ 4 whose result holds the top
 *    one's (COVERS); other offers asked for with a score ≥ 4 and ≥ 40% of the top one's (at most
 *    two) become further steps unless it already covers them, all in the order the goal asks for
 *    them; after hot-buyers or batch, a step asked for "then" about "them" runs on its results
 *    (depends_on, domain required).
 * 6. Several domains (domain_count, "40 companies", or several domains written in the goal) with a
 *    tool batch takes → batch in quotes of at most 50 (33 for company-profile), unless the caller's
 *    free calls cover one call per domain, or no free scan is left today → one call per domain.
 *    Other tools → one call per domain.
 * 7. budget_usd: when the plan's price after the caller's free calls is above the budget, the
 *    cheaper fallbacks of FALLBACKS are tried in order and the first that fits is recommended
 *    (the original becomes an alternative); when none fits, the plan stays, within_budget is false,
 *    and `why` says how many domains the budget covers.
 *
 * Inputs are filled in only when written by the caller (sample_domain, or domains/URLs in the
 * goal): next_tool_call_payload is null, with required_input, until every required input is known.
 */
import { createAnswerParts } from './answer.ts';
import { usd, type AdvisorCatalog } from './catalog.ts';
import { costOf } from './cost.ts';
import { ASKED, createMatcher, type Scored } from './match.ts';
import { COVERS, createPlanner } from './plan.ts';
import { createReader, type Reading } from './reading.ts';
import { goalInputs, type GoalInputs } from './text.ts';
import type { AdvisorFacts, AdvisorInput } from './types.ts';
import { weighReading } from './weigh.ts';

export type { AdvisorFacts, AdvisorInput, CachedStatus } from './types.ts';

export function createAdvisor(catalog: AdvisorCatalog) {
  const score = createMatcher(catalog);
  const read = createReader();
  const { limits } = catalog;
  const { choosePlan, fitBudget } = createPlanner(catalog);
  const { alternativesFor, executionStep, efficiency, costEstimate, freeQuota, cachedHint } = createAnswerParts(catalog);

  return function advise(input: AdvisorInput, facts: AdvisorFacts) {
    const goal = goalInputs(input.agent_goal, limits.searchAdsRegions);
    const reading = read(input.agent_goal, goal.urls);
    const scored = weighReading(score(input.agent_goal, { masked: reading.masked }), reading);
    const asked = heldByMissing(
      askedOutsideTime(
        scored.filter((entry) => entry.score >= ASKED),
        input.agent_goal,
        reading,
      ),
      reading,
    );
    const domains = knownDomains(input, goal);
    const stated = input.domain_count ?? goal.count ?? (goal.domains.length >= 2 ? goal.domains.length : domains.length > 1 ? domains.length : null);
    const count = stated ?? 1;
    const context = { input, goal, reading, domains, count, countKnown: stated !== null || goal.domains.length === 1, facts, asked, scored };

    let plan = choosePlan(context);
    const notes: string[] = [];
    let cost = plan.tool ? costOf(plan.lines, catalog, { remaining: facts.freeQuota.remaining, scansRemaining: facts.freeScans?.remaining ?? null }) : null;
    const original = plan;
    if (plan.tool && cost && input.budget_usd !== undefined && usd(cost.payableMaxMicro) > input.budget_usd) {
      const fitted = fitBudget(plan, cost, context);
      notes.push(...fitted.notes);
      plan = fitted.plan;
      cost = fitted.cost;
    }

    const missing = reading.notAvailable.map((item) => `${item.data} ("${item.asked}"): ${item.note}.`);
    if (plan.tool && missing.length) notes.push(`Not available from this service: ${missing.join(' ')}`);
    const why = plan.tool ? [...plan.why, ...notes].join(' ') : plan.why.join(' ');
    const alternatives = alternativesFor(plan, original, scored, context);
    const sequence = plan.steps.map((step) => executionStep(step, facts.baseUrl));
    return {
      recommended_tool: plan.tool,
      why,
      alternatives,
      tools: [...new Set(plan.steps.map((step) => catalog.offer(step.offer).mcpTool))],
      efficiency_analysis: efficiency(plan, context),
      cost_estimate_usd: cost ? costEstimate(cost, input.budget_usd) : null,
      free_quota: freeQuota(facts),
      recommended_execution_sequence: sequence,
      cached_hint: cachedHint(input.sample_domain, facts),
      ...(reading.notAvailable.length ? { not_available: reading.notAvailable } : {}),
      guarantees: [
        'This answer is free, used none of your free calls and made no call to any data engine.',
        'Prices are list prices from the catalog (GET /v1/catalog); a quote from step 1 states the exact amount before anything is paid.',
        'next_tool_call_payload contains only inputs you supplied (sample_domain, or domains and URLs written in agent_goal); it is null, with required_input, until every input is known.',
        ...catalog.guarantees,
      ],
    };
  };

  /**
   * A clause of time ("before I order") says when, not what: an offer only it asks for is no step
   * beside an offer asked outside it ("a promo code before I order": the code). Unless the clause
   * turns an offer asked outside it into its own ("legit before buying": the pre-purchase check), or
   * its offer's result holds one asked outside it.
   */
  function askedOutsideTime(asked: Scored[], goal: string, reading: Reading): Scored[] {
    if (!reading.timing.length) return asked;
    const masked = new Set(reading.masked);
    for (const [from, to] of reading.timing) for (let i = from; i < to; i++) masked.add(i);
    const inTiming = reading.purchaseAt !== null && masked.has(reading.purchaseAt) && !reading.masked.has(reading.purchaseAt);
    const outside = weighReading(score(goal, { masked }), inTiming ? { ...reading, purchaseAt: null } : reading).filter((entry) => entry.score >= ASKED);
    const isAsked = (list: Scored[], offer: string) => list.some((entry) => entry.offer === offer);
    if (outside.some((entry) => !isAsked(asked, entry.offer))) return asked;
    // Kept too when its result holds an offer asked outside ("is it trustworthy before I order": legitimacy checked before a purchase).
    const kept = asked.filter((entry) => isAsked(outside, entry.offer) || outside.some((other) => (COVERS[entry.offer] ?? []).includes(other.offer)));
    return kept.some((entry) => entry.offer !== 'batch') ? kept : asked;
  }

  /**
   * The offer a missing datum points to instead, asked by one word only ("the credit rating of the
   * vendor"): that word names the datum's holder, not a question of its own, so the goal gets the
   * reason (and the offer as an alternative), not the offer.
   */
  function heldByMissing(asked: Scored[], reading: Reading): Scored[] {
    if (!reading.notAvailable.length) return asked;
    const instead = new Set(reading.notAvailable.flatMap((item) => item.instead));
    return asked.filter((entry) => !(instead.has(entry.offer) && entry.cues.length === 1));
  }

  function knownDomains(input: AdvisorInput, goal: GoalInputs): string[] {
    const list = input.sample_domain ? [input.sample_domain, ...goal.domains.filter((domain) => domain !== input.sample_domain)] : [...goal.domains];
    return list;
  }
}
