/**
 * npm run bench:fairness
 * Per costly family (test/support/fairness.ts: the six hostile families, legal pages costly to
 * read, a trickling body), one caller keeps 30 calls in flight from a process of its own while
 * other callers make benign clean-markdown calls one at a time: the benign median and p90 idle and
 * under the attack, measured in the same run (the ratio is what counts: the machine is shared),
 * the attacker's share of the parse pool's CPU beside the benign callers', and /readyz. Then the
 * pool CPU of the costliest legal page per reader (bench/legal-pages.ts; target <= 1 s).
 * BENCH_FAMILIES=a,b limits the families; BENCH_STORE=postgres runs on DATABASE_URL.
 */
import { FAIRNESS_FAMILIES, median, p90, startFairnessRig } from '../test/support/fairness.ts';
import { costliestLegalPages } from './legal-pages.ts';

const families = process.env.BENCH_FAMILIES ? process.env.BENCH_FAMILIES.split(',') : Object.keys(FAIRNESS_FAMILIES);
const store = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'sqlite';
const rig = await startFairnessRig({ store });
const rows: string[] = [];
try {
  for (const family of families) {
    const run = await rig.runFamily(family, { idleCalls: 10, benignCalls: 20 });
    const notReady = run.probes.filter((status) => status !== 200).length;
    const notOk = run.benignAnswers.filter((answer) => answer.body?.status !== 'ok').length;
    rows.push(
      [
        family.padEnd(16),
        median(run.idleMs).toFixed(1).padStart(8),
        p90(run.idleMs).toFixed(0).padStart(7),
        median(run.underAttackMs).toFixed(1).padStart(8),
        p90(run.underAttackMs).toFixed(0).padStart(7),
        `${(median(run.underAttackMs) / median(run.idleMs)).toFixed(2)}x`.padStart(8),
        `${(run.attackerPoolShare * 100).toFixed(0)}%`.padStart(8),
        `${notReady}/${run.probes.length}`.padStart(9),
        String(notOk).padStart(7),
      ].join(''),
    );
    console.error(
      `${family}: attacker answers ${
        Object.entries(run.counts)
          .map(([key, count]) => `${key} x${count}`)
          .join(', ') || 'none within the window'
      }`,
    );
  }
} finally {
  await rig.close();
}
console.log(`Benign clean-markdown calls, idle vs one caller with 30 calls in flight (${store}; ms)`);
console.log(
  `${'family'.padEnd(16)}${'idle p50'.padStart(8)}${'p90'.padStart(7)}${'att p50'.padStart(8)}${'p90'.padStart(7)}${'ratio'.padStart(8)}${'att cpu'.padStart(8)}${'503s'.padStart(9)}${'not ok'.padStart(7)}`,
);
for (const row of rows) console.log(row);
console.log('');
console.log('Costliest legal page per reader (pool thread CPU ms; target <= 1,000)');
for (const { reader, page, bytes, cpuMs } of await costliestLegalPages())
  console.log(`${reader.padEnd(16)}${page.padEnd(24)}${String(bytes).padStart(10)}${String(cpuMs).padStart(8)}${cpuMs > 1_000 ? '  over' : ''}`);
