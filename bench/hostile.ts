/**
 * npm run bench:hostile (#23)
 * The service as `npm start` runs it (bundled, plain Node, its parse pool at the defaults) on the
 * offline world, under a steady benign load (clean-markdown of ordinary pages, a new caller each
 * call, BENCH_RATE calls/s) and a /healthz poller, for two phases of BENCH_SECONDS each in the same
 * run: without hostile pages, then with waves of concurrent hostile calls (clean-markdown of 600,
 * 2,000 and 20,000 levels of nesting and of 3 MB of empty elements, and
 * universal_product_url_to_json of the 3 MB page), one wave every 3 s, each call on a path of its
 * own so that the not-ok memory replays none of them. It prints the /healthz p99
 * and the benign calls' median and p90 of both phases (the attacked figures only over what ran
 * while hostile calls were in flight) with their ratio, and each hostile call's duration. Then, in
 * this process, the pool's CPU overhead per normal page: the same pages converted in the calling
 * thread and through a one-thread pool, process CPU (every thread) per page.
 * Targets: /healthz p99 <= 100 ms and benign latency <= 1.5x the unattacked figure while hostile
 * pages are parsed; every hostile call ends within its deadline (<= 10 s); pool overhead <= 10% CPU
 * per normal page. The machine is shared and noisy: the ratios within one run are the figures.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundle } from '../server/build.ts';
import { createParsePool } from '../server/parse-pool/pool.ts';
import { runTask } from '../server/parse-pool/tasks.ts';
import { Fetched } from '../engines/net/fetched.ts';
import { startWorld } from '../test/world/index.ts';
import { ARTICLE_PAGE, installMarkdownSites, MARKDOWN_DOMAINS, markdownUrl } from '../test/world/fixtures/markdown-sites.ts';
import { hostileUrl, installHostileSites, type HostileKind } from '../test/world/fixtures/hostile-sites.ts';
import { corporaAvailable, loadArticleExtraction } from '../test/support/extraction-corpora.ts';
import { freePort } from '../test/support/free-port.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const RATE = Number(process.env.BENCH_RATE ?? 4);
const WAVE_EVERY_MS = 3_000;
const HEALTH_EVERY_MS = 20;
const OVERHEAD_PAGES = Number(process.env.BENCH_OVERHEAD_PAGES ?? 40);
const ROUNDS = 5;

const quantile = (values: number[], q: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] : NaN);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

const BENIGN = [markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes'), markdownUrl(MARKDOWN_DOMAINS.pricing, '/pricing'), markdownUrl(MARKDOWN_DOMAINS.product, '/products/kettle-one'), markdownUrl(MARKDOWN_DOMAINS.banner, '/')];
let hostileNumber = 0;
/** A new path for every hostile call, as an attacker would send to get past the not-ok memory: each one is parsed. */
const freshPath = (prefix: string) => `${prefix}${(hostileNumber += 1)}`;
const HOSTILE: { name: string; path: string; body: () => Record<string, string> }[] = [
  ...(['nested600', 'nested2000', 'nested20000', 'emptyElements'] as HostileKind[]).map((kind) => ({ name: `clean-markdown ${kind}`, path: '/v1/clean-markdown', body: () => ({ url: hostileUrl(kind, freshPath('/page-')) }) })),
  { name: 'product emptyElements', path: '/v1/skills/universal_product_url_to_json', body: () => ({ product_url: hostileUrl('emptyElements', freshPath('/p/')) }) },
];

let callerNumber = 0;
/** A new caller for each call: no free quota runs out and no stored answer is replayed. */
const caller = () => {
  callerNumber += 1;
  return `10.${(callerNumber >> 16) & 255}.${(callerNumber >> 8) & 255}.${callerNumber & 255}`;
};

async function post(base: string, path: string, body: unknown): Promise<{ status: number; result: string; ms: number; start: number; end: number }> {
  const start = performance.now();
  const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': caller() }, body: JSON.stringify(body) });
  const text = await response.text();
  const end = performance.now();
  let result = String(response.status);
  try {
    result = JSON.parse(text).status ?? JSON.parse(text).code ?? result;
  } catch {
    // not JSON: the HTTP status says it
  }
  return { status: response.status, result, ms: end - start, start, end };
}

interface Phase {
  health: { at: number; ms: number }[];
  benign: { start: number; end: number; ms: number; result: string }[];
  hostile: { name: string; start: number; end: number; ms: number; status: number; result: string }[];
}

async function runPhase(base: string, { attack }: { attack: boolean }): Promise<Phase> {
  const phase: Phase = { health: [], benign: [], hostile: [] };
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const health = (async function pollHealth() {
    while (performance.now() < until) {
      const at = performance.now();
      await fetch(`${base}/healthz`).then((response) => response.text());
      phase.health.push({ at, ms: performance.now() - at });
      await sleep(HEALTH_EVERY_MS);
    }
  })();
  const calls: Promise<unknown>[] = [];
  const benign = (async function benignLoad() {
    for (let index = 0; performance.now() < until; index++) {
      calls.push(post(base, '/v1/clean-markdown', { url: BENIGN[index % BENIGN.length] }).then((call) => phase.benign.push(call)));
      await sleep(1000 / RATE);
    }
  })();
  const waves = (async function hostileWaves() {
    if (!attack) return;
    await sleep(500);
    while (performance.now() < until - 1_000) {
      for (const { name, path, body } of HOSTILE) calls.push(post(base, path, body()).then((call) => phase.hostile.push({ name, ...call })));
      await sleep(WAVE_EVERY_MS);
    }
  })();
  await Promise.all([health, benign, waves]);
  await Promise.all(calls);
  return phase;
}

/** The samples that began while at least one hostile call was in flight. */
function underAttack<T>(samples: T[], at: (sample: T) => number, hostile: Phase['hostile']): T[] {
  return samples.filter((sample) => hostile.some((call) => at(sample) >= call.start && at(sample) < call.end));
}

async function startBundledService(netEnv: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const file = await bundle({ outfile: 'dist/bench/hostile-main.mjs' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...netEnv, PORT: String(port), HOST: '127.0.0.1', SQLITE_PATH: join(dir, 'service.sqlite'), LOG_LEVEL: 'silent', TRUSTED_PROXIES: '127.0.0.1' };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [file], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; !(await fetch(`${url}/healthz`).then((response) => response.ok, () => false)); attempt++) {
    if (attempt > 200 || child.exitCode !== null) throw new Error('the bundled service did not start');
    await sleep(100);
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Process CPU (all threads) per page: in the calling thread, then through a one-thread pool, ROUNDS
 * times each, interleaved, after a round of each; the overhead is the median of the rounds' ratios
 * (one round disturbed by the shared machine does not decide it).
 */
async function poolOverhead(): Promise<{ pages: number; source: string; inlineMs: number; pooledMs: number; overhead: number }> {
  const sealed = (html: string, url: string) => ({ page: new Fetched(Buffer.from(html), { contentType: 'text/html; charset=utf-8' }), url, status: 200, headers: {} });
  const pages = corporaAvailable()
    ? loadArticleExtraction().slice(0, OVERHEAD_PAGES).map((page) => sealed(page.html, page.url))
    : Array.from({ length: OVERHEAD_PAGES }, () => sealed(ARTICLE_PAGE, markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes')));
  const pool = createParsePool({ threads: 1, deadlineMs: 60_000 });
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  try {
    // One whole round each first: both isolates compile the same code before anything is counted.
    for (const page of pages) {
      await runTask('markdown', page);
      await pool.analyze('markdown', page);
    }
    const inline: number[] = [];
    const pooled: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let before = cpu();
      for (const page of pages) await runTask('markdown', page);
      inline.push((cpu() - before) / pages.length);
      before = cpu();
      for (const page of pages) await pool.analyze('markdown', page);
      pooled.push((cpu() - before) / pages.length);
    }
    return {
      pages: pages.length,
      source: corporaAvailable() ? 'article-extraction pages' : 'copies of the world article',
      inlineMs: quantile(inline, 0.5),
      pooledMs: quantile(pooled, 0.5),
      overhead: quantile(pooled.map((ms, round) => ms / inline[round] - 1), 0.5),
    };
  } finally {
    await pool.close();
  }
}

const world = await startWorld();
installMarkdownSites(world);
installHostileSites(world);
const service = await startBundledService(world.netEnv);
try {
  for (const url of BENIGN) await post(service.url, '/v1/clean-markdown', { url });
  for (const { path, body } of HOSTILE) await post(service.url, path, body());

  const quiet = await runPhase(service.url, { attack: false });
  const attacked = await runPhase(service.url, { attack: true });
  const healthQuiet = quiet.health.map((sample) => sample.ms);
  const healthAttacked = underAttack(attacked.health, (sample) => sample.at, attacked.hostile).map((sample) => sample.ms);
  const benignQuiet = quiet.benign.map((call) => call.ms);
  const benignAttacked = underAttack(attacked.benign, (call) => call.start, attacked.hostile).map((call) => call.ms);

  console.log(`bench:hostile: ${SECONDS} s per phase, benign clean-markdown at ${RATE}/s, /healthz every ${HEALTH_EVERY_MS} ms, a hostile wave of ${HOSTILE.length} calls every ${WAVE_EVERY_MS / 1000} s in the attacked phase`);
  console.log(`  /healthz p99: ${ms(quantile(healthAttacked, 0.99))} while hostile pages are parsed (${healthAttacked.length} checks), ${ms(quantile(healthQuiet, 0.99))} without (${healthQuiet.length}); max ${ms(Math.max(...healthAttacked))}   target <= 100 ms`);
  const medianRatio = quantile(benignAttacked, 0.5) / quantile(benignQuiet, 0.5);
  const p90Ratio = quantile(benignAttacked, 0.9) / quantile(benignQuiet, 0.9);
  console.log(`  benign calls: median ${ms(quantile(benignAttacked, 0.5))} under attack (${benignAttacked.length} calls) against ${ms(quantile(benignQuiet, 0.5))} without (${benignQuiet.length}): ratio ${medianRatio.toFixed(2)}; p90 ${ms(quantile(benignAttacked, 0.9))} against ${ms(quantile(benignQuiet, 0.9))}: ratio ${p90Ratio.toFixed(2)}   target <= 1.5`);
  const benignResults = [...quiet.benign, ...attacked.benign].reduce<Record<string, number>>((counts, call) => ({ ...counts, [call.result]: (counts[call.result] ?? 0) + 1 }), {});
  console.log(`  benign results: ${Object.entries(benignResults).map(([result, count]) => `${result} ${count}`).join(', ')}`);
  console.log('  hostile calls (each wave):');
  for (const { name } of HOSTILE) {
    const runs = attacked.hostile.filter((call) => call.name === name);
    console.log(`    ${name.padEnd(32)} ${runs.map((call) => `${(call.ms / 1000).toFixed(2)} s ${call.status} ${call.result}`).join(' | ')}`);
  }
  const slowest = Math.max(...attacked.hostile.map((call) => call.ms));
  const errors = attacked.hostile.filter((call) => call.status >= 500).length;
  console.log(`    slowest ${(slowest / 1000).toFixed(2)} s (target <= 10 s), ${errors} answered 5xx`);

  const overhead = await poolOverhead();
  const share = overhead.overhead;
  console.log(`  pool CPU overhead per normal page (${overhead.pages} ${overhead.source}, process CPU of every thread, median of ${ROUNDS} rounds): in-thread ${ms(overhead.inlineMs)}, pooled ${ms(overhead.pooledMs)}: ${(share * 100).toFixed(1)}%   target <= 10%`);
  const met = quantile(healthAttacked, 0.99) <= 100 && medianRatio <= 1.5 && slowest <= 10_000 && errors === 0 && share <= 0.1;
  console.log(met ? 'targets met' : 'targets NOT met');
} finally {
  await service.stop();
  await world.stop();
}
