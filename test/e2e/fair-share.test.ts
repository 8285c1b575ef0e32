/**
 * One caller cannot slow the others or take the instance out of its balancer. For each costly
 * family (test/support/fairness.ts), one caller keeps 30 calls in flight on fresh URLs (fresh
 * inputs: nothing is remembered) while other callers make benign clean-markdown calls one at a
 * time. /readyz never answers 503, the benign median under attack stays within BENIGN_RATIO of its
 * idle median measured just before in the same run, the benign answers are ok, and the attack's
 * answers are free and final (or a retryable refusal of the caller's own share).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertMatchesSpec } from '../support/contract.ts';
import { FAIRNESS_FAMILIES, median, p90, startFairnessRig, type FairnessRig } from '../support/fairness.ts';

/** The issue's bound (it aims for 2x). */
const BENIGN_RATIO = 3;
/**
 * A family whose ratio is past the bound is run again, with a fresh attacker, and judged on its
 * best run: on a shared 2-core machine a neighbour can slow the benign calls of a run (the attack
 * before fair shares measured 75-190x). Every other check holds on every run.
 */
const RUNS = 3;
/**
 * A run during which other programs or the machine's host (steal) took this share of its CPU or
 * more is not judged on its ratio: the benign calls then measured the neighbours, not the
 * service. Should every run be taken so, the test says so and passes on the other checks.
 */
const CROWDED = 0.2;
/**
 * On PostgreSQL, the family whose calls keep the store busiest and the costliest legal page (the
 * wire's families, framing and trickling, do not touch the store: SQLite runs them).
 */
const POSTGRES_FAMILIES = ['addresses', 'legal-images'];
/**
 * On SQLite, one family per shared stage an attack loads: the store and the main thread
 * (addresses), the parse lanes (nesting's tree, encodings' decoder, a legal page of comments), the
 * wire (framing) and the net thread's slots (trickling). `npm run bench:fairness` runs all eleven.
 */
const SQLITE_FAMILIES = ['addresses', 'nesting', 'encodings', 'legal-comments', 'framing', 'trickling'];

for (const store of ['sqlite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const) {
  describe(`fair shares on ${store}: one caller's load stays in its own latency`, { timeout: 900_000 }, () => {
    let rig: FairnessRig;
    it('names only families of the rig', () => {
      for (const family of [...SQLITE_FAMILIES, ...POSTGRES_FAMILIES]) assert.ok(family in FAIRNESS_FAMILIES, family);
    });
    before(async () => {
      rig = await startFairnessRig({ store });
    });
    after(() => rig?.close());

    for (const family of store === 'sqlite' ? SQLITE_FAMILIES : POSTGRES_FAMILIES) {
      it(`${family}: 30 calls in flight from one caller; /readyz stays ready, benign calls within ${BENIGN_RATIO}x their idle median`, async () => {
        const ratios: string[] = [];
        let within = false;
        let judged = 0;
        for (let attempt = 0; attempt < RUNS && !within; attempt++) {
          const run = await rig.runFamily(family);
          const ratio = median(run.underAttackMs) / median(run.idleMs);
          console.log(
            `fair share ${family} on ${store}: benign median ${median(run.idleMs).toFixed(1)} ms idle, ${median(run.underAttackMs).toFixed(1)} ms under attack (${ratio.toFixed(2)}x; p90 ${p90(run.idleMs).toFixed(0)} / ${p90(run.underAttackMs).toFixed(0)} ms); attacker's pool share ${(run.attackerPoolShare * 100).toFixed(0)}%; attacker answers ${
              Object.entries(run.counts)
                .map(([key, count]) => `${key} x${count}`)
                .join(', ') || 'none yet'
            }; /readyz ${run.probes.length} probes; CPU to others ${run.foreignCpuShare === null ? 'unknown' : `${(run.foreignCpuShare * 100).toFixed(0)}%`}`,
          );
          for (const answer of run.benignAnswers) {
            assert.equal(answer.body?.status, 'ok', `benign call under attack: ${answer.status} ${answer.text.slice(0, 300)}`);
            assertMatchesSpec('POST', '/v1/clean-markdown', answer);
          }
          assert.ok(run.probes.length > 0);
          assert.deepEqual(
            [...new Set(run.probes)],
            [200],
            `/readyz answered ${run.probes.filter((status) => status !== 200).length} of ${run.probes.length} probes with another status`,
          );
          const crowded = run.foreignCpuShare !== null && run.foreignCpuShare >= CROWDED;
          ratios.push(
            `${median(run.underAttackMs).toFixed(1)} ms under attack vs ${median(run.idleMs).toFixed(1)} ms idle: ${ratio.toFixed(2)}x, CPU to others ${run.foreignCpuShare === null ? 'unknown' : `${(run.foreignCpuShare * 100).toFixed(0)}%`}${crowded ? ' (not judged: the machine was crowded)' : ''}`,
          );
          if (!crowded) judged += 1;
          if (!crowded && ratio <= BENIGN_RATIO) within = true;
          for (const { path, status, headers, text } of run.samples) {
            const body = JSON.parse(text);
            assertMatchesSpec('POST', path, { status, headers: new Headers(headers), body, text });
            const ok = status === 200 && body?.status === 'ok';
            if (!ok)
              assert.ok(
                headers['payment-response'] === undefined && (headers['x-usage-charged-micro-usd'] ?? '0') === '0',
                `not ok and charged: ${status} ${body?.status ?? body?.code}`,
              );
            if (status >= 500)
              assert.ok(
                ['deadline_exceeded', 'network_not_enabled'].includes(body?.code) || (body?.code === 'engine_unavailable' && headers['retry-after']),
                `attacker got ${status} ${body?.code}`,
              );
            if (status === 429) assert.ok(body?.code === 'fair_share_exceeded' && headers['retry-after'], `attacker got 429 ${body?.code}`);
          }
          assert.equal(run.counts.failed, undefined, 'every attacking call was answered');
        }
        if (judged === 0) console.log(`fair share ${family} on ${store}: no run judged on its ratio, other programs took the CPU: ${ratios.join('; ')}`);
        else assert.ok(within, `benign median ${ratios.join('; then ')}`);
      });
    }
  });
}
