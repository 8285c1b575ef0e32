/**
 * #30, the adversarial family: every operation and skill that fetches, against generated hostile
 * bodies (test/world/fixtures/hostile-family.ts) on every path it reads, at about the page cap.
 * The world runs in a process of its own, so the thread measured is the service's alone: the main
 * thread's busy time per call stays within BUSY_PER_CALL_MS whatever the page, since only the
 * net thread receives it and only parse-pool tasks read it. Busy time is the main
 * thread's own CPU time (Linux: /proc/self/task/<pid>/schedstat); performance.eventLoopUtilization is
 * printed beside it, but on a machine with more runnable
 * threads than cores it counts the time the busy thread waits for a core too (the load average of
 * the 2-core machine this was written on was 16), which is the distortion the old benign-ratio
 * target had. Each call ends in time, ok or not ok, never a retryable 5xx, never charged when not
 * ok. Every family on SQLite; on PostgreSQL (DATABASE_URL) the addresses family, whose answers are
 * the largest the store keeps.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { loadNetConfig } from '../../engines/net/index.ts';
import { FAMILY_DOMAINS, type Family } from '../world/fixtures/hostile-family.ts';
import { startService, type TestService } from '../support/service.ts';
import { assertMatchesSpec, call } from '../support/contract.ts';
import { randomBytes } from 'node:crypto';
import { openStore } from '../../server/store/index.ts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleParseWorker } from '../../server/build.ts';
import { createParsePool, type ParsePool } from '../../server/parse-pool/pool.ts';
import { operations } from '../../server/contract.ts';
import { mainThreadCpuMs } from '../support/thread-cpu.ts';

/**
 * The issue's target. What the main thread still does per call is routing, metering, DNS, the
 * URL and redirect checks and the answer: the wire (TLS, framing, decompression, bodies) is the net
 * thread's (server/net-thread/) and every reading of content the parse pool's, and bodies cross
 * between them in shared memory. Before #30 a call cost 1,115 ms on the prefixes family and 272 on
 * the addresses family; with readers in the pool but the wire on the main thread, 33–110 ms
 * averaged over a family (bench/README.md).
 */
const BUSY_PER_CALL_MS = 50;
/** A call ends by its documented total deadline (x-deadline-seconds); this much later at most, for a shared machine's scheduling. */
const DEADLINE_SLACK_MS = 2_000;
const WALLET = `0x${'ab'.repeat(20)}`;

type Request = (domain: string) => Record<string, unknown>;
/**
 * Every operation and skill that fetches, with its request for a domain (and headers, if any). The
 * bulk scans' step 1 is measured: it does the upstream work, free (3 scans a day per caller);
 * step 2 delivers what step 1 kept, paid, and fetches nothing. Two spellings of the domain that the
 * service keeps apart stand for a list of companies.
 */
const OPERATIONS: [path: string, body: Request, headers?: Record<string, string>][] = [
  ['/v1/clean-markdown', (domain) => ({ url: `https://${domain}/` })],
  ['/v1/extract-contacts', (domain) => ({ domain })],
  ['/v1/tech-stack', (domain) => ({ domain })],
  ['/v1/ats-jobs', (domain) => ({ domain })],
  ['/v1/company-intent', (domain) => ({ domain })],
  ['/v1/search-ads', (domain) => ({ domain })],
  ['/v1/company-profile', (domain) => ({ domain })],
  ['/v1/company-footprint', (domain) => ({ domain })],
  ['/v1/hot-buyers', (domain) => ({ domains: [domain, `www.${domain}`], min_intent_score: 0 })],
  ['/v1/batch', (domain) => ({ tool: 'company-profile', domains: [domain, `www.${domain}`] })],
  ['/v1/private-query', (domain) => ({ tool: 'due_diligence', target: domain }), { 'X-Private-Query-Tier': 'bundle' }],
  ['/v1/verify-merchant', (domain) => ({ target_url: `https://${domain}/api/report` })],
  ['/v1/skills/pre_purchase_merchant_trust_check', (domain) => ({ domain, merchant_wallet_or_id: WALLET })],
  ['/v1/skills/checkout_active_promo_code_finder', (domain) => ({ domain })],
  ['/v1/skills/universal_product_url_to_json', (domain) => ({ product_url: `https://${domain}/products/one` })],
  ['/v1/skills/b2b_vendor_stability_evaluator', (domain) => ({ vendor_domain: domain })],
  ['/v1/skills/store_readiness_auditor', (domain) => ({ domain })],
  ['/v1/skills/conversion_leak_lead_finder', (domain) => ({ domain })],
  ['/v1/skills/agentic_shelf_schema_comparator', (domain) => ({ domain, competitor_domains: [domain === FAMILY_DOMAINS.syntax ? FAMILY_DOMAINS.prefixes : FAMILY_DOMAINS.syntax] })],
  ['/v1/skills/verified_merchant_json_badge', (domain) => ({ domain })],
  ['/v1/skills/verify_domain_legitimacy_and_security', (domain) => ({ domain })],
];

/** How long a call on `path` may take. */
const withinMs = (path: string) => operations.find((operation) => operation.path === path)!.deadlineMs! + DEADLINE_SLACK_MS;

async function startFamilyWorld(): Promise<{ child: ChildProcess; netEnv: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/world/hostile-family-process.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, netEnv: JSON.parse(line) };
}


let ip = 0;
const caller = () => ({ 'X-Forwarded-For': `198.18.${(++ip >> 8) & 255}.${ip & 255}` });

it('the list holds every operation that reaches a site (the spec gives each a deadline)', () => {
  const fetching = operations.filter((operation) => operation.kind === 'operation' && operation.deadlineMs !== null).map((operation) => operation.path);
  assert.deepEqual(OPERATIONS.map(([path]) => path).sort(), fetching.sort());
});

for (const store of ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])]) {
  describe(`hostile family on ${store}: the main thread stays free, answers are final`, { timeout: 600_000 }, () => {
    let world: { child: ChildProcess; netEnv: Record<string, string> };
    let service: TestService;
    let pool: ParsePool;
    // Inside the project (dist/ is ignored): the bundle imports its packages from node_modules.
    mkdirSync('dist', { recursive: true });
    const dir = mkdtempSync(join('dist', 'hostile-family-'));
    before(async () => {
      world = await startFamilyWorld();
      // The bundled worker, as `npm start` runs it: a thread ended past its deadline is replaced in milliseconds, not after a TypeScript compile.
      pool = createParsePool({ threads: 2, deadlineMs: 500, maxQueue: 256, workerFile: resolve(await bundleParseWorker(resolve(dir, 'parse-worker.mjs'))) });
      const shared = store === 'postgres' ? await openStore({ databaseUrl: process.env.DATABASE_URL!, pgSchema: `hostile_family_${randomBytes(4).toString('hex')}` }) : undefined;
      service = await startService({ store: shared, parsePool: pool, config: { net: loadNetConfig(world.netEnv), trustedProxies: ['127.0.0.1'] } });
      // Warm: the parse threads compile the engines once, and the net thread its transport (a page of a family, at a path no call reads).
      await call(service.url, '/v1/clean-markdown', { body: { url: `https://${FAMILY_DOMAINS.prefixes}/warm-up` }, headers: caller() });
    });
    after(async () => {
      await service?.close();
      await pool?.close();
      if (store === 'postgres') await service?.store.close();
      world?.child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    });

    for (const family of (store === 'sqlite' ? Object.keys(FAMILY_DOMAINS) : ['addresses']) as Family[]) {
      it(`${family}: every fetching operation, ${BUSY_PER_CALL_MS} ms of main-thread time per call at most`, async () => {
        const domain = FAMILY_DOMAINS[family];
        const before = performance.eventLoopUtilization();
        const cpuBefore = mainThreadCpuMs();
        const started = performance.now();
        const received = await Promise.all(OPERATIONS.map(async ([path, body, headers = {}]) => {
          const at = performance.now();
          // Plain fetch while measuring: reading the answers and their spec check (ajv, on this thread) run after.
          const response = await fetch(service.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers, ...caller() }, body: JSON.stringify(body(domain)) });
          const text = await response.text();
          return { path, response, text, ms: performance.now() - at };
        }));
        const elu = performance.eventLoopUtilization(before);
        const cpuAfter = mainThreadCpuMs();
        // Read after measuring, as the spec check: the client's JSON.parse of 21 answers is not the service's time.
        const answers = received.map(({ path, response, text, ms }) => ({ path, ms, answer: { status: response.status, headers: response.headers, text, body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text } }));
        const busyMs = cpuBefore === null || cpuAfter === null ? elu.active : cpuAfter - cpuBefore;
        const perCall = busyMs / OPERATIONS.length;
        for (const { path, answer } of answers) assertMatchesSpec('POST', path, answer);
        const faults: string[] = [];
        for (const { path, answer, ms } of answers) {
          const what = `${path}: ${answer.status} ${answer.body?.status ?? answer.body?.code ?? ''}`;
          if (ms > withinMs(path)) faults.push(`${what} took ${Math.round(ms)} ms`);
          if (answer.status >= 500 && answer.body?.retryable !== false) faults.push(`${what}: a retryable 5xx (${String(answer.body?.detail ?? '').slice(0, 120)})`);
          if (answer.status === 402) faults.push(`${what}: asked for payment`);
          const ok = answer.status === 200 && (answer.body?.status === undefined || answer.body.status === 'ok');
          if (!ok && answer.headers.get('payment-response') !== null) faults.push(`${what}: charged while not ok`);
        }
        if (perCall > BUSY_PER_CALL_MS) faults.push(`${Math.round(busyMs)} ms of main-thread time for ${OPERATIONS.length} calls (${perCall.toFixed(1)} ms per call)`);
        console.log(`hostile family ${family} on ${store}: ${perCall.toFixed(1)} ms of main-thread CPU per call (event loop active ${(elu.active / OPERATIONS.length).toFixed(0)} ms per call), ${OPERATIONS.length} calls in ${Math.round(performance.now() - started)} ms; ${answers.map(({ path, answer }) => `${path.replace(/^\/v1\/(skills\/)?/, '')} ${answer.status}${answer.body?.status ? ` ${answer.body.status}` : ''}`).join(', ')}`);
        assert.deepEqual(faults, [], `${family}: ${faults.join('; ')}`);
      });
    }
  });
}
