/**
 * The advisor's matcher on goals as agents write them: varied wording, typos, several intents,
 * shorthand in other languages, unclear goals (null) and budgets too small for the job; then cost
 * estimates and request splitting, checked against the catalog's own prices and limits.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdvisor, type AdvisorFacts, type AdvisorInput } from '../../../../engines/advisor/advise.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { RULES, TAKE_BACK } from '../../../../engines/advisor/lexicon.ts';
import { operations } from '../../../../server/contract.ts';
import { assertValid } from '../../../support/contract.ts';

const advise = createAdvisor(advisorCatalog());
const catalog = advisorCatalog();
const price = (offer: string) => operations.find((op) => op.offerId === offer)!.priceMicroUsd / 1_000_000;

function facts(over: { remaining?: number; scans?: number } = {}): AdvisorFacts {
  return {
    baseUrl: 'https://svc.test',
    now: new Date('2025-03-04T10:00:00Z'),
    freeQuota: { remaining: over.remaining ?? 5, limit: 5, resetsAt: '2025-03-05T00:00:00Z' },
    freeScans: { remaining: over.scans ?? 3, limit: 3 },
    cached: null,
  };
}

function run(input: AdvisorInput, over?: { remaining?: number; scans?: number }) {
  const result = advise(input, facts(over));
  assertValid('AdvisorResult', result, input.agent_goal);
  return result;
}

type Row = [goal: string | AdvisorInput, expected: string | null, quota?: { remaining?: number; scans?: number }];

/** Goals whose routing depends on the caller's free calls, scans or budget (the goal set of
 * test/support/advisor-goals.ts, run by goal-set.test.ts, holds the rest). */
const GOALS: Row[] = [
  ['prioritize my account list by buying intent', 'hot-buyers', { remaining: 0 }],
  [{ agent_goal: 'hiring intent for 10 domains', domain_count: 10 }, 'company-intent', { remaining: 5, scans: 0 }],
  [{ agent_goal: 'full company profile of acme.com', sample_domain: 'acme.com', budget_usd: 0.01 }, 'company-intent', { remaining: 0 }],
  [{ agent_goal: 'full company profile of acme.com', sample_domain: 'acme.com', budget_usd: 0.01 }, 'company-profile', { remaining: 5 }],
  [{ agent_goal: 'is vendor acme-saas.com stable?', budget_usd: 0.05 }, 'company-profile', { remaining: 0 }],
  [{ agent_goal: 'which of these 10 companies are hot buyers', domain_count: 10, budget_usd: 0.2 }, 'batch'],
  [{ agent_goal: 'is brand.com a good lead for my conversion leak agency?', budget_usd: 0.02 }, 'store_readiness_auditor', { remaining: 0 }],
  [{ agent_goal: 'tech stack of acme.com', budget_usd: 0 }, 'tech-stack', { remaining: 0 }],
];

describe("advisor: goals routed by the caller's free calls, scans or budget", () => {
  for (const [goal, expected, quota] of GOALS) {
    const input = typeof goal === 'string' ? { agent_goal: goal } : goal;
    it(`${JSON.stringify(input)} → ${expected}`, () => {
      const result = run(input, quota);
      assert.equal(result.recommended_tool, expected, result.why);
      if (expected === null) {
        assert.equal(result.cost_estimate_usd, null);
        assert.deepEqual(result.recommended_execution_sequence, []);
      } else {
        assert.ok(result.recommended_execution_sequence.length >= 1);
        assert.equal(result.recommended_execution_sequence[0].tool, expected);
      }
    });
  }
});

describe('advisor: cost estimates and request splitting', () => {
  it('keys every rule by an offer of the generated catalog', () => {
    for (const offer of [...Object.keys(RULES), ...TAKE_BACK.map(([, offer]) => offer)])
      assert.ok(
        operations.some((op) => op.offerId === offer),
        offer,
      );
  });

  it('prices a single call at its catalog price, minus the free calls left', () => {
    const paying = run({ agent_goal: 'tech stack of acme.com' }, { remaining: 0 }).cost_estimate_usd!;
    assert.equal(paying.list_price_min_usd, 0);
    assert.equal(paying.list_price_max_usd, price('tech-stack'));
    assert.equal(paying.after_free_quota_max_usd, price('tech-stack'));
    assert.equal(paying.free_calls_applicable, 0);
    const free = run({ agent_goal: 'tech stack of acme.com' }, { remaining: 2 }).cost_estimate_usd!;
    assert.equal(free.after_free_quota_max_usd, 0);
    assert.equal(free.free_calls_applicable, 1);
  });

  it('splits a batch into quotes of 50 rows, and 33 for company-profile, with the scans they need', () => {
    const techRows = run({ agent_goal: 'tech stack for each domain in my csv', domain_count: 120 }).cost_estimate_usd!;
    assert.deepEqual([techRows.request_splitting!.tool, techRows.request_splitting!.max_domains_per_call, techRows.request_splitting!.calls], ['batch', 50, 3]);
    assert.equal(techRows.list_price_max_usd, +((120 * catalog.batchRowPriceMicroUsd('tech-stack')) / 1e6).toFixed(6));
    assert.equal(techRows.calls, 6);
    assert.equal(techRows.after_free_quota_max_usd, techRows.list_price_max_usd, 'the paid step of a quote never uses free calls');
    assert.deepEqual([techRows.scan_limits!.scans_needed, techRows.scan_limits!.days_needed], [3, 1]);

    const profiles = run({ agent_goal: 'company profiles for 100 accounts', domain_count: 100 });
    assert.equal(profiles.recommended_tool, 'batch');
    assert.equal((profiles.recommended_execution_sequence[0].body as { tool?: string }).tool, 'company-profile');
    const cost = profiles.cost_estimate_usd!;
    assert.deepEqual([cost.request_splitting!.max_domains_per_call, cost.request_splitting!.calls], [33, 4]);
    assert.ok(33 * price('company-profile') <= 1, 'one quote stays within $1');
    assert.equal(cost.list_price_max_usd, +(100 * price('company-profile')).toFixed(6));
    assert.deepEqual([cost.scan_limits!.scans_needed, cost.scan_limits!.days_needed], [4, 2], '3 free scans per day');
  });

  it('splits hot-buyers into scans of 25 and paid calls of 4 hot companies', () => {
    const result = run({ agent_goal: 'find the hot buyers among my accounts', domain_count: 30 });
    assert.equal(result.recommended_tool, 'hot-buyers');
    const cost = result.cost_estimate_usd!;
    assert.deepEqual([cost.request_splitting!.max_domains_per_call, cost.request_splitting!.calls], [25, 2]);
    assert.equal(cost.list_price_max_usd, +(30 * price('hot-buyers')).toFixed(6));
    // 25 hot → 7 paid calls, 5 hot → 2: 9 paid calls, each after its own scan.
    assert.equal(cost.scan_limits!.scans_needed, 2);
    assert.equal(cost.scan_limits!.scans_needed_max, 9);
    assert.equal(cost.calls, 18);
    assert.equal(cost.scan_limits!.days_needed, 3);
  });

  it('says when the budget is too small and what fits', () => {
    const tight = run({ agent_goal: 'full company profile of acme.com', sample_domain: 'acme.com', budget_usd: 0.01 }, { remaining: 0 });
    assert.equal(tight.recommended_tool, 'company-intent');
    assert.equal(tight.cost_estimate_usd!.within_budget, true);
    assert.match(tight.why, /above your budget/);
    assert.ok(tight.alternatives.some((alternative) => alternative.tool === 'company-profile'));
    const nothing = run({ agent_goal: 'tech stack for these 40 domains', domain_count: 40, budget_usd: 0.1 }, { remaining: 0 });
    assert.equal(nothing.recommended_tool, 'batch');
    assert.equal(nothing.cost_estimate_usd!.within_budget, false);
    assert.match(nothing.why, /covers about 10 of the 40 domains/);
  });

  it('fills next_tool_call_payload only with inputs the caller gave', () => {
    const known = run({ agent_goal: 'open jobs', sample_domain: 'linear.app' });
    assert.deepEqual(known.recommended_execution_sequence[0].next_tool_call_payload, { domain: 'linear.app' });
    const unknown = run({ agent_goal: 'open jobs at their company' });
    assert.equal(unknown.recommended_execution_sequence[0].next_tool_call_payload, null);
    assert.deepEqual(unknown.recommended_execution_sequence[0].required_input, ['domain']);
    const listed = run({ agent_goal: 'batch tech stack for a.com, b.org and c.net' });
    assert.equal(listed.recommended_tool, 'tech-stack', 'three domains fit in the free calls');
    assert.deepEqual(
      listed.recommended_execution_sequence.map((step) => step.next_tool_call_payload),
      [{ domain: 'a.com' }, { domain: 'b.org' }, { domain: 'c.net' }],
    );
    const quoted = run({ agent_goal: 'batch tech stack for a.com, b.org and c.net' }, { remaining: 0 });
    assert.deepEqual(quoted.recommended_execution_sequence[0].next_tool_call_payload, { tool: 'tech-stack', domains: ['a.com', 'b.org', 'c.net'] });
    assert.equal(quoted.recommended_execution_sequence[1].next_tool_call_payload, null, 'never an invented quote id');
    assert.deepEqual(quoted.recommended_execution_sequence[1].required_input, ['quote_id']);
    const ads = run({ agent_goal: 'google ads of acme.com in the UK' });
    assert.deepEqual(ads.recommended_execution_sequence[0].next_tool_call_payload, { domain: 'acme.com', region: 'GB' });
    const priv = run({ agent_goal: 'anonymous due diligence on target.com' });
    assert.deepEqual(priv.recommended_execution_sequence[0].next_tool_call_payload, { tool: 'due_diligence', target: 'target.com' });
    assert.equal(priv.cost_estimate_usd!.list_price_max_usd, operations.find((op) => op.offerId === 'private-query')!.bundlePriceMicroUsd! / 1e6);
  });

  it('compares company-profile with the separate calls', () => {
    const { efficiency_analysis: analysis } = run({ agent_goal: 'tech stack and search ads of acme.com' });
    assert.equal(analysis.company_profile.price_usd, price('company-profile'));
    assert.equal(analysis.separately.price_usd, +(price('tech-stack') + price('company-intent') + price('search-ads')).toFixed(6));
    assert.ok(analysis.comparison.some((line) => /tech-stack and search-ads/.test(line)));
  });
});
