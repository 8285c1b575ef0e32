/**
 * npm run soak   (SOAK_MINUTES=10, SOAK_RATE=20 requests/s; not part of npm test)
 * The real service (server/main.ts bundled and run by plain Node as `npm start` runs it, embedded
 * SQLite) in a child process against the offline world with every fixture installed, loaded with
 * a fixed-rate mix of operations (data tools, composite operations, the advisor, documents, MCP
 * listing, bad input), each request from a rotating caller IP so engines keep working rather than
 * answering 402. The service logs at info (one pino line per request and per call, to /dev/null),
 * as in production. Prints the answers by status,
 * latency percentiles, and the service's memory over time. Fails (exit 1) on any 5xx (the world's
 * upstreams all work, so even a retryable 502/503 is a defect here), on a request error, or when
 * memory is not flat, comparing the mean of the last fifth of the run with that of the second fifth
 * (the first fifth is warm-up):
 *   - the live JS heap, measured after a full garbage collection (test/soak/memory-probe.mjs, every
 *     30 s), grows more than 10%: a leak of JS objects;
 *   - the memory outside the V8 heap (RSS minus the heap V8 has committed, at the same moments)
 *     grows more than 15%: a native leak (buffers, sockets, SQLite, malloc).
 * RSS itself is printed, not judged: between collections V8 keeps as much heap committed as its
 * sizing policy picks; the same code gave +2.8% one day and +31.5% another (README, #9). The
 * forced collections pause the service: the pauses show in the latency percentiles,
 * and they keep V8's committed heap, hence RSS, close to the live heap.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { bundle } from '../../server/build.ts';
import { startWorld } from '../world/index.ts';
import { TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { installEveryFixture } from '../world/fixtures/every.ts';
import { JOB_DOMAINS } from '../world/fixtures/job-boards.ts';
import { ADS_DOMAINS } from '../world/fixtures/ads-registry.ts';
import { CONTACT_DOMAINS } from '../world/fixtures/contact-sites.ts';
import { MERCHANT_DOMAINS, merchantUrl } from '../world/fixtures/merchant-sites.ts';
import { MARKDOWN_DOMAINS, markdownUrl } from '../world/fixtures/markdown-sites.ts';
import { TRUST_DOMAINS } from '../world/fixtures/trust-sites.ts';
import { PRODUCT_URLS, STORE_DOMAINS } from '../world/fixtures/store-sites.ts';
import { freePort } from '../support/free-port.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 20);

type Call = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; mcp?: boolean };
const post = (name: string, path: string, body: unknown): Call => ({ name, method: 'POST', path, body });
const MIX: Call[] = [
  post('tech-stack', '/v1/tech-stack', { domain: TECH_DOMAINS.ok }),
  post('tech-stack blocked', '/v1/tech-stack', { domain: TECH_DOMAINS.blocked }),
  post('tech-stack not found', '/v1/tech-stack', { domain: TECH_DOMAINS.notFound }),
  post('ats-jobs', '/v1/ats-jobs', { domain: JOB_DOMAINS.leverEu }),
  post('company-intent', '/v1/company-intent', { domain: JOB_DOMAINS.greenhouseEmbed }),
  post('search-ads', '/v1/search-ads', { domain: ADS_DOMAINS.paged }),
  post('company-profile', '/v1/company-profile', { domain: ADS_DOMAINS.paged }),
  post('company-footprint', '/v1/company-footprint', { domain: TECH_DOMAINS.ok }),
  post('extract-contacts', '/v1/extract-contacts', { domain: CONTACT_DOMAINS.full }),
  post('verify-merchant', '/v1/verify-merchant', { target_url: merchantUrl(MERCHANT_DOMAINS.honest) }),
  post('clean-markdown', '/v1/clean-markdown', { url: markdownUrl(MARKDOWN_DOMAINS.pricing, '/pricing') }),
  post('trust check', '/v1/skills/pre_purchase_merchant_trust_check', { domain: TRUST_DOMAINS.established }),
  post('product to JSON', '/v1/skills/universal_product_url_to_json', { product_url: PRODUCT_URLS.full }),
  post('store readiness', '/v1/skills/store_readiness_auditor', { domain: STORE_DOMAINS.full }),
  post('promo codes', '/v1/skills/checkout_active_promo_code_finder', { domain: STORE_DOMAINS.promo }),
  post('shelf comparison', '/v1/skills/agentic_shelf_schema_comparator', { domain: STORE_DOMAINS.full, competitor_domains: [STORE_DOMAINS.microdata] }),
  post('hot-buyers step 1', '/v1/hot-buyers', { domains: [JOB_DOMAINS.leverEu, JOB_DOMAINS.greenhouseEmbed] }),
  post('advisor', '/v1/advisor', { agent_goal: 'which companies are hiring engineers', domain_count: 50 }),
  post('bad input', '/v1/tech-stack', { domain: 'https://not a domain' }),
  { name: 'catalog', method: 'GET', path: '/v1/catalog' },
  { name: 'metrics', method: 'GET', path: '/metrics' },
  { name: 'readiness', method: 'GET', path: '/readyz' },
  { name: 'docs page', method: 'GET', path: '/docs' },
  { name: 'mcp tools/list', method: 'POST', path: '/mcp', body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, mcp: true },
];

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? NaN) / 1024;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

const world = await startWorld();
installEveryFixture(world);

const dir = mkdtempSync(join(tmpdir(), 'soak-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...world.netEnv,
  PORT: String(port),
  HOST: '127.0.0.1',
  SQLITE_PATH: join(dir, 'service.sqlite'),
  TRUSTED_PROXIES: '127.0.0.1',
  LOG_LEVEL: 'info',
};
delete env.DATABASE_URL;
const memoryProbe = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));
const child = spawn(process.execPath, ['--expose-gc', '--import', memoryProbe, await bundle({ outfile: 'dist/soak/main.mjs' })], {
  env,
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error('the service did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const byStatus = new Map<string, number>();
const latencies: number[] = [];
const unexpected: string[] = [];
const memory: { at: number; rss: number }[] = [];
/** After a full collection: the live heap, and what the process holds outside the V8 heap. */
const probes: { at: number; liveHeapMb: number; outsideHeapMb: number }[] = [];

function probe(): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the memory probe did not answer')), 30_000);
    child.once('message', (message: { memory: NodeJS.MemoryUsage }) => {
      clearTimeout(timer);
      resolve(message.memory);
    });
    child.send('measure');
  });
}
let sent = 0;
let inFlight = 0;
let ip = 0;

async function one(call: Call) {
  const n = ++ip;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  if (call.mcp) headers.accept = 'application/json, text/event-stream';
  const started = performance.now();
  inFlight++;
  try {
    const response = await fetch(url + call.path, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    const code = response.headers.get('content-type')?.includes('problem+json') ? JSON.parse(text).code : '';
    const key = `${response.status}${code ? ` ${code}` : ''}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    if (response.status >= 500) unexpected.push(`${call.name}: ${response.status} ${text.slice(0, 200)}`);
  } catch (error) {
    unexpected.push(`${call.name}: ${(error as Error).message}`);
  } finally {
    inFlight--;
  }
}

const start = Date.now();
const end = start + MINUTES * 60_000;
console.log(`soak: ${MINUTES} min at ${RATE} requests/s over ${MIX.length} kinds of call; service pid ${child.pid} at ${url}`);
/** Where the memory is, from the service's own /metrics: the JS heap in use, and memory outside it. */
async function heapFigures(): Promise<string> {
  const text = await fetch(`${url}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1048576;
  return `heap used ${mb('nodejs_heap_size_used_bytes').toFixed(0)} MB of ${mb('nodejs_heap_size_total_bytes').toFixed(0)}, external ${mb('nodejs_external_memory_bytes').toFixed(0)} MB`;
}
const sampler = setInterval(async () => {
  memory.push({ at: Date.now() - start, rss: rssMb(child.pid!) });
  const last = memory[memory.length - 1];
  if (memory.length % 3 === 0) {
    const usage = await probe();
    probes.push({ at: last.at, liveHeapMb: usage.heapUsed / 1048576, outsideHeapMb: (usage.rss - usage.heapTotal) / 1048576 });
  }
  if (memory.length % 6 === 0) {
    const after = probes[probes.length - 1];
    console.log(
      `  ${(last.at / 1000).toFixed(0)} s: ${sent} sent, ${inFlight} in flight, RSS ${last.rss.toFixed(0)} MB (${await heapFigures()}; after a full GC: live heap ${after.liveHeapMb.toFixed(0)} MB, outside the heap ${after.outsideHeapMb.toFixed(0)} MB), unexpected ${unexpected.length}`,
    );
  }
}, 10_000);
while (Date.now() < end) {
  const due = start + (sent * 1000) / RATE;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  void one(MIX[sent % MIX.length]);
  sent++;
}
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 100));
clearInterval(sampler);
child.kill('SIGTERM');
await once(child, 'exit');
await world.stop();
rmSync(dir, { recursive: true, force: true });

/** Mean of the second fifth (after warm-up) and of the last fifth, and the growth between them. */
function trend(values: number[]) {
  const fifth = Math.max(1, Math.floor(values.length / 5));
  const early = mean(values.slice(fifth, 2 * fifth));
  const late = mean(values.slice(-fifth));
  return { early, late, growth: late / early - 1 };
}
const rss = trend(memory.map((m) => m.rss));
const live = trend(probes.map((p) => p.liveHeapMb));
const outside = trend(probes.map((p) => p.outsideHeapMb));
const pct = (growth: number) => `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%`;
console.log(
  `answers: ${[...byStatus]
    .sort()
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')}`,
);
console.log(`latency: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms over ${latencies.length} answers`);
console.log(`memory, after warm-up -> at the end (means of the second and last fifths; ${probes.length} full-GC probes):`);
console.log(`  live JS heap after a full GC: ${live.early.toFixed(1)} -> ${live.late.toFixed(1)} MB (${pct(live.growth)}; flat means <= +10%)`);
console.log(
  `  outside the V8 heap (RSS minus committed heap): ${outside.early.toFixed(1)} -> ${outside.late.toFixed(1)} MB (${pct(outside.growth)}; flat means <= +15%)`,
);
console.log(
  `  RSS: ${rss.early.toFixed(0)} -> ${rss.late.toFixed(0)} MB (${pct(rss.growth)}; not judged: V8's committed heap), peak ${Math.max(...memory.map((m) => m.rss)).toFixed(0)} MB`,
);
for (const line of unexpected.slice(0, 10)) console.log(`  unexpected: ${line}`);
const flat = live.growth <= 0.1 && outside.growth <= 0.15;
const pass = unexpected.length === 0 && flat;
console.log(
  pass
    ? 'soak passed: no 5xx, memory flat'
    : `SOAK FAILED: ${unexpected.length} unexpected answers, live heap ${pct(live.growth)}, outside the heap ${pct(outside.growth)}`,
);
process.exit(pass ? 0 : 1);
