/**
 * The advisor over the goal set (test/support/advisor-goals.ts): the share routed as a careful
 * engineer reading the catalog would: at least 97% on the dev set and on the first held-out set
 * (both tuned on: the first held-out set since 2026-11-26, when it stood at 87.5%), and at least
 * 85% on the second held-out set, written before the first one's misses were read and never tuned
 * on (86.0% when the floor was set; 84.2% with the rules before that day's changes); every answer
 * valid against the spec, goals asking only for data the service does not have answered with
 * recommended_tool null and not_available, and no payload holding a domain or URL the caller did
 * not write. bench:advisor prints the same shares.
 *
 * Issue 33: the third held-out set (advisor-goals-blind.ts), written and scored (52%) before the
 * rules for privacy wording, missing data about people, competitors and reviews, and filtered
 * listings were added, at least 95%; its goals about missing data must give the reason. Its rules
 * were written after reading its misses, so a fourth set, written after them and run once, has a
 * floor of 85% (90% when written). No refusal contradicts extract-contacts' people.
 *
 * Issue 37: goals in other languages and keyword traps (advisor-goals-multilingual.ts): the dev set
 * and the set written after the second round (tuned on since) at least 97%, the held-out set 85%,
 * the first, second and third fresh sets (59.1%, 83.3% and 76.2% on their first runs, each tuned
 * on after) 95%, and the fourth fresh set (89.5% on its first run, written after the general
 * mechanisms of stems, compounds, word order and concepts in ten languages; never tuned on) a
 * floor only.
 *
 * Round 5 (advisor-goals-dev-5.ts): the classes of failure the fourth fresh set showed (separable
 * verbs, leading and roles, comparisons over time, watch requests, exclusions, Russian endings, CJK
 * compounds), developed on (ML_DEV_5, 41.1% before); two sets written after those rules and run
 * once each before being tuned on (ML_CHECK_5 66.7%, ML_PROBE_5 90.4%); the fourth fresh set,
 * whose misses those classes were drawn from, 95% since.
 *
 * Round 6: the fifth fresh set (advisor-goals-fresh-5.ts, written blind; 79.2% on its first run
 * before round 5, 80.8% after it), tuned on since (privacy wording in every language, the complete
 * profile and the footprint with its facts, legitimacy and trust before ordering or paying a shop,
 * stacks compared, missing data in other languages), 95%.
 *
 * Round 8: the seventh fresh set (advisor-goals-fresh-7.ts, written blind; 86.3% on its first run
 * before round 7, 88.9% after it), tuned on since (privacy in the payment metadata, the footprint by
 * its facts, the speaker's agent buying, a ranking the speaker does, Turkish, Indonesian and Korean
 * basics, the missing datum named), 95%.
 *
 * Round 9: the eighth fresh set (advisor-goals-fresh-8.ts, written blind; 87.3% on its first run
 * before round 8, 89.8% after it), tuned on since (Arabic and Hindi basics, 'stack' alone, a batch
 * 'all in one go', Russian and Korean batch and hot-buyer words, the footprint in French and Italian,
 * intent measured by the postings with the list excluded, a technology named being no typo), 95%.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdvisor } from '../../../../engines/advisor/advise.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { DEV, GOAL_FACTS, HELD_OUT, HELD_OUT_2, routedRight, type GoalCase } from '../../../support/advisor-goals.ts';
import { answeredRight, HELD_OUT_3, HELD_OUT_4 } from '../../../support/advisor-goals-blind.ts';
import { ML_AFTER, ML_DEV, ML_FRESH, ML_FRESH_2, ML_FRESH_3, ML_FRESH_4, ML_HELD_OUT } from '../../../support/advisor-goals-multilingual.ts';
import { ML_CHECK_5, ML_DEV_5, ML_PROBE_5 } from '../../../support/advisor-goals-dev-5.ts';
import { ML_FRESH_5 } from '../../../support/advisor-goals-fresh-5.ts';
import { ML_FRESH_6 } from '../../../support/advisor-goals-fresh-6.ts';
import { ML_FRESH_7 } from '../../../support/advisor-goals-fresh-7.ts';
import { ML_FRESH_8 } from '../../../support/advisor-goals-fresh-8.ts';
import { UNAVAILABLE } from '../../../../engines/advisor/lexicon.ts';
import { assertValid } from '../../../support/contract.ts';

const DEV_TARGET = 0.97;
const HELD_OUT_FLOOR = 0.85;
const BLIND_TARGET = 0.95;

const advise = createAdvisor(advisorCatalog());
const facts = GOAL_FACTS;

function run({ goal, expect: _expect, ...rest }: GoalCase) {
  const input = { agent_goal: goal, ...rest };
  const result = advise(input, facts);
  assertValid('AdvisorResult', result, goal);
  return result as typeof result & {
    recommended_execution_sequence: { tool: string; body: Record<string, unknown> | null; next_tool_call_payload: Record<string, unknown> | null }[];
  };
}

/** Every string in a payload, flattened. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

describe('advisor goal set', () => {
  it('holds at least 150 goals, the held-out set a third or more of them', () => {
    assert.ok(DEV.length + HELD_OUT.length >= 150, `${DEV.length + HELD_OUT.length}`);
    assert.ok(HELD_OUT.length * 3 >= DEV.length + HELD_OUT.length);
    const all = [
      ...DEV,
      ...HELD_OUT,
      ...HELD_OUT_2,
      ...HELD_OUT_3,
      ...HELD_OUT_4,
      ...ML_DEV,
      ...ML_HELD_OUT,
      ...ML_AFTER,
      ...ML_FRESH,
      ...ML_FRESH_2,
      ...ML_FRESH_3,
      ...ML_FRESH_4,
      ...ML_DEV_5,
      ...ML_CHECK_5,
      ...ML_PROBE_5,
    ];
    assert.equal(new Set(all.map((item) => item.goal)).size, all.length, 'no goal twice');
    assert.ok(HELD_OUT_3.length >= 40);
    assert.ok(ML_DEV.length + ML_HELD_OUT.length + ML_AFTER.length + ML_FRESH.length >= 200, 'at least 200 goals in other languages and traps');
    assert.ok(ML_FRESH.length >= 40);
  });

  for (const [name, cases, floor] of [
    ['held-out 3 (issue 33)', HELD_OUT_3, BLIND_TARGET],
    ['held-out 4 (after issue 33, run once)', HELD_OUT_4, HELD_OUT_FLOOR],
    ['languages and traps, developed on', ML_DEV, DEV_TARGET],
    ['languages and traps written after round 2 (tuned on since round 3)', ML_AFTER, DEV_TARGET],
    ['languages and traps, held out', ML_HELD_OUT, HELD_OUT_FLOOR],
    ['languages and traps written after round 3 (59.1% on its first run, tuned on since)', ML_FRESH, BLIND_TARGET],
    ['languages and traps, second fresh set (83.3% on its first run, tuned on since)', ML_FRESH_2, BLIND_TARGET],
    ['languages and traps, third fresh set (76.2% on its first run, tuned on since)', ML_FRESH_3, BLIND_TARGET],
    ['languages and traps, fourth fresh set (89.5% on its first run; tuned on since round 5)', ML_FRESH_4, BLIND_TARGET],
    ['round 5 classes of failure, developed on (41.1% before the change)', ML_DEV_5, DEV_TARGET],
    ['round 5 classes in other words (66.7% on its first run, tuned on since)', ML_CHECK_5, BLIND_TARGET],
    ['round 5 probe of every operation (90.4% on its first run, tuned on since)', ML_PROBE_5, BLIND_TARGET],
    ['fifth fresh set (79.2% on its first run before round 5, 80.8% after; tuned on since round 6)', ML_FRESH_5, BLIND_TARGET],
    ['sixth fresh set (89.7% on its first run, written blind after round 6; tuned on since round 7)', ML_FRESH_6, BLIND_TARGET],
    ['seventh fresh set (86.3% on its first run before round 7, 88.9% after; tuned on since round 8)', ML_FRESH_7, BLIND_TARGET],
    ['eighth fresh set (87.3% on its first run before round 8, 89.8% after; tuned on since round 9)', ML_FRESH_8, BLIND_TARGET],
  ] as const) {
    it(`answers at least ${Math.round(floor * 100)}% of the ${name} set right, missing data with its reason`, () => {
      const misses = cases.filter((item) => !answeredRight(item, run(item) as never));
      const share = 1 - misses.length / cases.length;
      assert.ok(share >= floor, `${name}: ${(share * 100).toFixed(1)}%; misses: ${misses.map((item) => `${item.goal} (${item.expect})`).join('; ')}`);
    });
  }

  it("never says the service has no names or roles of people: extract-contacts' people has them", () => {
    for (const kind of UNAVAILABLE) assert.doesNotMatch(kind.note, /no (names|roles)|names, roles/i, kind.data);
    const result = run({ goal: 'LinkedIn profile URL of the VP of Sales at acme.com', expect: null });
    assert.equal(result.recommended_tool, null);
    assert.match(result.why, /extract-contacts returns the people the company's own site names/);
    assert.equal(run({ goal: "names and job titles of the leadership team on acme.com's about page", expect: null }).recommended_tool, 'extract-contacts');
  });

  it('runs the tool a privacy-worded goal asks for through private-query, and a filtered job goal through ats-jobs', () => {
    const privacy = run({ goal: 'our deal team needs the full company profile of bigco.com; the name must stay off the x402 receipt', expect: null });
    assert.equal(privacy.recommended_tool, 'private-query');
    assert.deepEqual(
      privacy.recommended_execution_sequence.map((step) => step.body),
      [{ tool: 'company_profile', target: 'bigco.com' }],
    );
    assert.equal(run({ goal: 'remote-friendly Python roles at posthog.com', expect: null }).recommended_tool, 'ats-jobs');
  });

  for (const [name, cases, floor] of [
    ['dev', DEV, DEV_TARGET],
    ['held-out (tuned on since 2026-11-26)', HELD_OUT, DEV_TARGET],
    ['held-out 2', HELD_OUT_2, HELD_OUT_FLOOR],
  ] as const) {
    it(`routes at least ${floor * 100}% of the ${name} set right`, () => {
      const misses = cases.filter((item) => !routedRight(item.expect, run(item) as never));
      const share = 1 - misses.length / cases.length;
      assert.ok(share >= floor, `${name}: ${(share * 100).toFixed(1)}%; misses: ${misses.map((item) => `${item.goal} (${item.expect})`).join('; ')}`);
    });
  }

  it('answers a goal asking only for data the service does not have with null, saying what is missing and what is available', () => {
    for (const goal of ["what's the annual revenue of stripe.com?", 'how many employees does notion.so have', 'who invested in vercel.com']) {
      const result = run({ goal, expect: null });
      assert.equal(result.recommended_tool, null, goal);
      assert.equal(result.cost_estimate_usd, null);
      assert.ok(result.not_available?.length, goal);
      for (const item of result.not_available!) {
        assert.ok(item.instead.length && item.note.length);
        for (const offer of item.instead) assert.match(result.why, new RegExp(offer), `why names ${offer}`);
      }
      assert.match(result.why, /does not have/);
    }
    const mixed = run({ goal: 'revenue and tech stack of acme.com', expect: 'tech-stack' });
    assert.equal(mixed.recommended_tool, 'tech-stack');
    assert.deepEqual(
      mixed.not_available!.map((item) => item.data),
      ['revenue and financials'],
    );
    assert.match(mixed.why, /Not available from this service: revenue/);
    const trend = run({ goal: 'is the headcount of retool.com growing?', expect: 'company-intent' });
    assert.equal(trend.not_available, undefined, 'a headcount trend is hiring velocity, which the service has');
  });

  it('orders two-step goals as asked, and a step on the results of a list step depends on it', () => {
    const hot = run({ goal: 'which of these 15 accounts are hot buyers? then find contact emails for them', expect: null });
    const steps = hot.recommended_execution_sequence as unknown as {
      tool: string;
      depends_on?: number;
      next_tool_call_payload: unknown;
      required_input: string[];
    }[];
    assert.deepEqual(
      steps.map((step) => step.tool),
      ['hot-buyers', 'hot-buyers', 'extract-contacts'],
    );
    assert.equal(steps[2].depends_on, 1, 'the contacts step runs on the paid step’s hot companies');
    assert.equal(steps[2].next_tool_call_payload, null);
    assert.deepEqual(steps[2].required_input, ['domain']);
    const same = run({ goal: 'get tech stack of acme.com then find contacts', expect: null });
    assert.deepEqual(
      same.recommended_execution_sequence.map((step) => [step.tool, step.next_tool_call_payload]),
      [
        ['tech-stack', { domain: 'acme.com' }],
        ['extract-contacts', { domain: 'acme.com' }],
      ],
    );
  });

  it('never puts a domain or URL in a payload that the caller did not write', () => {
    for (const item of [...DEV, ...HELD_OUT, ...HELD_OUT_2, ...HELD_OUT_3, ...HELD_OUT_4]) {
      const result = run(item);
      const written = `${item.goal} ${item.sample_domain ?? ''}`.toLowerCase();
      for (const step of result.recommended_execution_sequence) {
        for (const value of strings(step.next_tool_call_payload)) {
          if (/\.|\//.test(value)) assert.ok(written.includes(value.toLowerCase().replace(/^www\./, '')), `${item.goal}: ${value}`);
        }
      }
    }
  });
});
