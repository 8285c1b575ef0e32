/**
 * The parts of the advisor's answer rendered from a plan: the execution steps as requests, the
 * alternatives, the profile-versus-sections comparison, the cost estimate, the free quota and the
 * cached hint.
 */
import { usd, type AdvisorCatalog } from './catalog.ts';
import { batchCap, type Cost } from './cost.ts';
import { SECTION_OFFERS } from './lexicon.ts';
import type { Scored } from './match.ts';
import { isAsked } from './plan.ts';
import type { AdvisorFacts, Context, Plan, Step } from './types.ts';

const SECTION_NAMES = ['tech_stack', 'hiring_intent', 'search_ads'];

export function createAnswerParts(catalog: AdvisorCatalog) {
  const { limits } = catalog;

  function alternativesFor(plan: Plan, original: Plan, scored: Scored[], context: Context) {
    const seen = new Set(plan.steps.map((step) => step.offer));
    if (plan.tool) seen.add(plan.tool);
    const out: { tool: string; mcp_tool: string; price_usd: number; why: string }[] = [];
    const push = (offer: string, why: string) => {
      if (seen.has(offer) || offer === 'advisor') return;
      seen.add(offer);
      const info = catalog.offer(offer);
      out.push({ tool: offer, mcp_tool: info.mcpTool, price_usd: usd(info.priceMicroUsd), why });
    };
    if (original.tool && original.tool !== plan.tool) push(original.tool, 'What the goal asks for, above the budget.');
    if (plan.tool === 'company-profile')
      for (const offer of SECTION_OFFERS)
        if (isAsked(context, offer) || context.asked.length === 0) push(offer, 'One section of the profile on its own (see efficiency_analysis).');
    if (plan.tool && limits.batch.tools.includes(plan.tool) && context.count >= 2)
      push('batch', `One quote for up to ${batchCap(catalog, plan.tool)} domains; rows without data are free, but the paid step never uses free calls.`);
    if (plan.tool === 'batch') {
      const tool = plan.steps[0]?.body.tool as string | null;
      if (tool) push(tool, `One call per domain ($${usd(catalog.offer(tool).priceMicroUsd)} each, free calls apply).`);
    }
    for (const entry of scored.slice(0, 6)) {
      if (out.length >= 4) break;
      if (entry.score < 2.5) continue;
      push(entry.offer, `Also matches the goal ("${entry.cues.slice(0, 2).join('", "')}"): ${catalog.offer(entry.offer).summary.toLowerCase()}.`);
    }
    return out;
  }

  function executionStep(step: Step, baseUrl: string) {
    const info = catalog.offer(step.offer);
    const out: Record<string, unknown> = {
      tool: info.id,
      mcp_tool: info.mcpTool,
      url: `${baseUrl}${info.path}`,
      body: step.body,
      next_tool_call_payload: step.required.length ? null : step.body,
      required_input: step.required,
    };
    if (step.phase) out.phase = step.phase;
    if (step.note) out.note = step.note;
    if (step.dependsOn !== undefined) out.depends_on = step.dependsOn;
    return out;
  }

  function efficiency(plan: Plan, context: Context) {
    const profile = catalog.offer('company-profile');
    const n = Math.max(1, context.count);
    const separatePrice = SECTION_OFFERS.reduce((sum, offer) => sum + catalog.offer(offer).priceMicroUsd, 0);
    const wanted = SECTION_OFFERS.filter((offer) => isAsked(context, offer));
    const wantedPrice = wanted.reduce((sum, offer) => sum + catalog.offer(offer).priceMicroUsd, 0);
    const relevant =
      plan.tool !== null &&
      (wanted.length > 0 ||
        ['company-profile', 'company-footprint', 'hot-buyers', 'verify_domain_legitimacy_and_security'].includes(plan.tool) ||
        (plan.tool === 'batch' && plan.steps[0]?.body.tool === 'company-profile'));
    const perDomain = n > 1 ? ` for ${n} domains` : '';
    return {
      company_profile: { tool: profile.id, calls: n, price_usd: usd(n * profile.priceMicroUsd), sections: SECTION_NAMES },
      separately: { tools: [...SECTION_OFFERS], calls: n * SECTION_OFFERS.length, price_usd: usd(n * separatePrice) },
      comparison: [
        `All three sections: company-profile $${usd(profile.priceMicroUsd)} per domain in 1 call versus $${usd(separatePrice)} in ${SECTION_OFFERS.length} separate calls${perDomain}.`,
        `Free calls: company-profile uses 1 of your ${context.facts.freeQuota.remaining} left per domain for all three sections; separate calls use up to ${SECTION_OFFERS.length}.`,
        `Charging: company-profile is charged only when at least two of the three sections have data; each separate call is charged only when its own result is ok.`,
        wanted.length && wanted.length < SECTION_OFFERS.length
          ? `Your goal names ${wanted.join(' and ')}: separately $${usd(wantedPrice)} per domain, ${wantedPrice < profile.priceMicroUsd ? 'cheaper than' : 'no cheaper than'} company-profile.`
          : wanted.length === SECTION_OFFERS.length
            ? 'Your goal names all three sections: company-profile is one call, one payment and one free call.'
            : 'Your goal names none of the three sections.',
      ],
      note: relevant
        ? 'company-profile runs the three sections in parallel and its note names the single tool that has data when fewer than two sections do.'
        : 'Not relevant to this goal; shown per domain for reference.',
    };
  }

  function costEstimate(cost: Cost, budget: number | undefined) {
    return {
      currency: 'USD',
      list_price_min_usd: usd(cost.minMicro),
      list_price_max_usd: usd(cost.maxMicro),
      after_free_quota_max_usd: usd(cost.payableMaxMicro),
      pricing: cost.unit,
      calls: cost.calls,
      free_calls_applicable: cost.freeCallsApplicable,
      budget_usd: budget ?? null,
      within_budget: budget === undefined ? null : usd(cost.payableMaxMicro) <= budget,
      assumptions: cost.assumptions,
      request_splitting: cost.splitting,
      scan_limits: cost.scans,
    };
  }

  function freeQuota({ freeQuota: quota, freeScans }: AdvisorFacts) {
    return {
      remaining: quota.remaining,
      limit: quota.limit,
      resets_at: quota.resetsAt,
      message:
        quota.remaining > 0
          ? `${quota.remaining} of ${quota.limit} free successful calls left today for this IP, shared by every data tool (HTTP and MCP).`
          : `The ${quota.limit} free calls of today are used; data tools answer 402 with x402 terms until ${quota.resetsAt}.`,
      note: `Only ok results use a free call; the advisor never does. The paid step of a batch or hot-buyers quote never uses free calls.${freeScans ? ` Free step-1 scans (batch, hot-buyers): ${freeScans.remaining} of ${freeScans.limit} left today.` : ''}`,
    };
  }

  function cachedHint(domain: string | undefined, facts: AdvisorFacts) {
    if (!domain || !facts.cached) return null;
    const statuses = facts.cached.map((entry) => ({ tool: entry.tool, status: entry.status, checked_at: entry.checked_at, fresh_until: entry.fresh_until }));
    return {
      domain,
      date: facts.now.toISOString().slice(0, 10),
      statuses,
      note: statuses.length
        ? 'Statuses of runs on this domain today that the service keeps (status and time only). Your own repeat of the same input today is replayed without a second charge.'
        : 'No run on this domain today is known to the service; a call collects it fresh.',
    };
  }

  return { alternativesFor, executionStep, efficiency, costEstimate, freeQuota, cachedHint };
}
