/**
 * npm run bench:store
 * The SQLite store's commits as the service makes them: advisor rate hits, one per request from a
 * new IP, each its own transaction (a quiet service: no other hit shares its commit), awaited one
 * after another. Per hit: mean, p99, the longest and how many held the event loop over 5 ms (what
 * a p99 under load feels: every request waiting behind such a hit is late by as much).
 * Two stores in the same run, on fresh files: WAL checkpoints in a worker thread (the default,
 * server/store/sqlite-checkpointer.ts), and SQLite's automatic checkpoint inside the committing
 * call (the baseline).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../server/store/sqlite.ts';

const HITS = Number(process.env.BENCH_HITS ?? 30_000);
const ROUNDS = 2;

async function hitsOn(walCheckpoints: 'worker' | 'inline', dir: string, round: number) {
  const store = await openSqliteStore({ path: join(dir, `${walCheckpoints}-${round}.sqlite`), walCheckpoints });
  const start = Date.now();
  const hit = (i: number) =>
    store.rate.hit({ bucket: 'advisor', subject: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, now: start + i, windowMs: 3_600_000, limit: 60 });
  try {
    // Warm-up for 1.5 s: the worker starts once the log has passed 1 MiB, which is checked each second.
    const warmUntil = performance.now() + 1500;
    for (let i = 0; performance.now() < warmUntil; i++) await hit(HITS + i);
    const micros = new Float64Array(HITS);
    const began = performance.now();
    for (let i = 0; i < HITS; i++) {
      const t = performance.now();
      await hit(i);
      micros[i] = (performance.now() - t) * 1000;
    }
    const totalMs = performance.now() - began;
    let over5ms = 0;
    for (const m of micros) if (m > 5000) over5ms++;
    micros.sort();
    return { mean: (totalMs * 1000) / HITS, p99: micros[Math.floor(HITS * 0.99)], max: micros[HITS - 1], over5ms };
  } finally {
    await store.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
try {
  console.log(`${HITS} advisor rate hits on SQLite, one commit each, awaited in turn; ${ROUNDS} rounds, the two modes interleaved on fresh files`);
  const results: Record<'worker' | 'inline', Awaited<ReturnType<typeof hitsOn>>[]> = { worker: [], inline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['inline', 'worker'] as const) results[mode].push(await hitsOn(mode, dir, round));
  }
  const best = (mode: 'worker' | 'inline') => results[mode].reduce((a, b) => (b.mean < a.mean ? b : a));
  const longest = (mode: 'worker' | 'inline') => Math.max(...results[mode].map((r) => r.max));
  const stalls = (mode: 'worker' | 'inline') => results[mode].reduce((sum, r) => sum + r.over5ms, 0);
  for (const mode of ['inline', 'worker'] as const) {
    const r = best(mode);
    console.log(
      `  checkpoints ${mode === 'worker' ? 'in a worker thread' : 'inline (SQLite automatic, baseline)'}: ${r.mean.toFixed(1)} us per hit (best round), p99 ${r.p99.toFixed(0)} us; over the rounds ${stalls(mode)} hits over 5 ms, the longest ${(longest(mode) / 1000).toFixed(1)} ms`,
    );
  }
  console.log(`  worker / inline: mean ${(best('worker').mean / best('inline').mean).toFixed(2)}x, hits over 5 ms ${stalls('worker')} vs ${stalls('inline')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
