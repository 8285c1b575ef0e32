/**
 * One caller cannot slow the others or take the instance out of its balancer. For each costly
 * family (the six hostile families, legal pages costly to read, a body that trickles), one caller
 * keeps 30 calls in flight, each on a fresh URL (a fresh input: nothing is remembered), while
 * other callers make benign clean-markdown calls one at a time. /readyz never answers 503, and
 * the benign median under attack stays within BENIGN_RATIO of its idle median, measured just
 * before in the same run. The attack's answers are free and final (or a retryable refusal naming
 * the caller's own share); the benign ones are ok.
 *
 * The world runs in a process of its own (its TLS and megabytes are not the service's CPU). The
 * benign calls rotate over a few addresses, four calls each: an address has five free calls a
 * day and the benign calls are ok results. The service runs with the parse pool's production
 * sizes (two threads on this machine, 5 s per analysis) and its operations' deadlines capped at
 * 5 s so that each family's attack drains quickly.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadNetConfig } from '../../engines/net/index.ts';
import { FAMILY_DOMAINS } from '../world/fixtures/hostile-family.ts';
import { COSTLY_LEGAL_PAGES } from '../world/fixtures/costly-legal.ts';
import { TRICKLING_DOMAIN } from '../world/fixtures/slow-sites.ts';
import { MARKDOWN_DOMAINS, markdownUrl } from '../world/fixtures/markdown-sites.ts';
import { startService, type TestService } from '../support/service.ts';
import { assertMatchesSpec } from '../support/contract.ts';
import { openStore } from '../../server/store/index.ts';
import { bundleParseWorker } from '../../server/build.ts';
import { createParsePool, type ParsePool } from '../../server/parse-pool/pool.ts';

/** The issue's bound (it aims for 2x). */
const BENIGN_RATIO = 3;
const ATTACK_IN_FLIGHT = 30;
const BENIGN_CALLS = 12;
const IDLE_CALLS = 8;

/** Each family's attack: a fresh URL of a costly site per call. */
const FAMILIES: Record<string, (n: number) => string> = {
  ...Object.fromEntries(Object.entries(FAMILY_DOMAINS).map(([family, domain]) => [family, (n: number) => `https://${domain}/fair/${n}`])),
  ...Object.fromEntries(Object.keys(COSTLY_LEGAL_PAGES).map((domain) => [domain.replace(/\.com$/, ''), (n: number) => `https://${domain}/page/${n}`])),
  trickling: (n) => `https://${TRICKLING_DOMAIN}/slow/${n}`,
};
/** On PostgreSQL, the families whose calls keep the store busiest (every answer a remembered not-ok result) and the costliest legal page. */
const POSTGRES_FAMILIES = ['addresses', 'legal-images', 'framing'];

/** One attacking caller per family: its five free calls are its own, and an attack whose results are free non-ok ones never uses them up (as the issue's attacker). */
let attackers = 0;
const attackerAddress = () => `198.51.100.${++attackers}`;
let benignCalls = 0;
/** A fresh benign address every four calls (five free calls a day each). */
const benignAddress = () => `203.0.113.${1 + (Math.floor(benignCalls++ / 4) % 250)}`;
let nonce = 0;
const fresh = () => `${Date.now().toString(36)}-${nonce++}`;

/** The attacking caller, in a process of its own (test/support/attacker-process.ts). */
async function startAttacker(plan: { url: string; ip: string; inFlight: number; calls: [string, unknown][] }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/attacker-process.ts', JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  await lines.next();
  let report: Promise<{ counts: Record<string, number>; samples: { path: string; status: number; headers: Record<string, string>; text: string }[] }> | null = null;
  return {
    stop() {
      report ??= (async () => {
        child.kill('SIGTERM');
        const { value } = await lines.next();
        return JSON.parse(value ?? '{"counts":{},"samples":[]}');
      })();
      return report;
    },
  };
}

async function startWorldProcess(): Promise<{ child: ChildProcess; netEnv: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/world/hostile-family-process.ts', '--with-fixtures', '--with-fairness'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, netEnv: JSON.parse(line) };
}

function threadCpu(): Record<string, { name: string; ms: number }> {
  const out: Record<string, { name: string; ms: number }> = {};
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      out[tid] = { name: `${readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()}#${tid === String(process.pid) ? 'main' : tid}`, ms: Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6 };
    } catch {}
  }
  return out;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

async function post(url: string, path: string, body: unknown, ip: string, signal?: AbortSignal): Promise<Answer> {
  const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Forwarded-For': ip }, body: JSON.stringify(body), signal });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

/** One benign call: the article with a fresh query, from a benign address; its time and answer. */
async function benignCall(service: TestService) {
  const started = performance.now();
  const answer = await post(service.url, '/v1/clean-markdown', { url: `${markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes')}?v=${fresh()}` }, benignAddress());
  return { ms: performance.now() - started, answer };
}

/** Resolves once no caller has work at the parse pool or on the net thread. */
async function drained(service: TestService) {
  for (let tries = 0; tries < 400; tries++) {
    const text = await (await fetch(`${service.url}/metrics`)).text();
    if (/^fair_share_active_callers\{stage="parse_pool"\} 0$/m.test(text) && /^fair_share_active_callers\{stage="net_thread"\} 0$/m.test(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the attack did not drain within 20 s');
}

for (const store of ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])]) {
  describe(`fair shares on ${store}: one caller's load stays in its own latency`, { timeout: 900_000 }, () => {
    let world: { child: ChildProcess; netEnv: Record<string, string> };
    let service: TestService;
    let pool: ParsePool;
    mkdirSync('dist', { recursive: true });
    const dir = mkdtempSync(join('dist', 'fair-share-'));
    before(async () => {
      world = await startWorldProcess();
      pool = createParsePool({ workerFile: resolve(await bundleParseWorker(resolve(dir, 'parse-worker.mjs'))) });
      const shared = store === 'postgres' ? await openStore({ databaseUrl: process.env.DATABASE_URL!, pgSchema: `fair_share_${randomBytes(4).toString('hex')}` }) : undefined;
      service = await startService({
        store: shared,
        parsePool: pool,
        config: { net: loadNetConfig(world.netEnv), trustedProxies: ['127.0.0.1'], notOkPerHour: null, operationDeadlineCapMs: 5_000 },
      });
      // Warm: the parse threads compile the engines, the net thread its transport, the world its certificates.
      for (let index = 0; index < 3; index++) await benignCall(service);
    });
    after(async () => {
      await service?.close();
      await pool?.close();
      if (store === 'postgres') await service?.store.close();
      world?.child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    });

    for (const family of store === 'sqlite' ? Object.keys(FAMILIES) : POSTGRES_FAMILIES) {
      it(`${family}: 30 calls in flight from one caller; /readyz stays ready, benign calls within ${BENIGN_RATIO}x their idle median`, async () => {
        const idle: number[] = [];
        for (let index = 0; index < IDLE_CALLS; index++) {
          const { ms, answer } = await benignCall(service);
          assert.equal(answer.body?.status, 'ok', `idle benign call: ${answer.status} ${answer.text.slice(0, 200)}`);
          idle.push(ms);
        }

        // Alternating readers: the markdown reader and the product reader.
        const attacker = await startAttacker({
          url: service.url,
          ip: attackerAddress(),
          inFlight: ATTACK_IN_FLIGHT,
          calls: [
            ['/v1/clean-markdown', { url: FAMILIES[family]('{n}' as never) }],
            ['/v1/skills/universal_product_url_to_json', { product_url: FAMILIES[family]('{n}' as never) }],
          ],
        });
        const stop = new AbortController();
        const probes: number[] = [];
        const probing = (async () => {
          while (!stop.signal.aborted) {
            probes.push((await fetch(`${service.url}/readyz`)).status);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();

        try {
          // The attack fills the pool and the net thread first.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          const threadsBefore = process.env.FAIR_DEBUG ? threadCpu() : null;
          const wallBefore = performance.now();
          const underAttack: number[] = [];
          for (let index = 0; index < BENIGN_CALLS; index++) {
            const { ms, answer } = await benignCall(service);
            assert.equal(answer.body?.status, 'ok', `benign call under attack: ${answer.status} ${answer.text.slice(0, 300)}`);
            assertMatchesSpec('POST', '/v1/clean-markdown', answer);
            underAttack.push(ms);
          }
          const ratio = median(underAttack) / median(idle);
          if (threadsBefore) {
            const after = threadCpu();
            const wall = performance.now() - wallBefore;
            console.log('DEBUG threads', Object.entries(after).map(([tid, { name, ms }]) => [name, Math.round(((ms - (threadsBefore[tid]?.ms ?? 0)) / wall) * 100)]).filter(([, pct]) => (pct as number) > 2).map(([name, pct]) => `${name} ${pct}%`).join(', '));
          }
          const { counts, samples } = await attacker.stop();
          console.log(
            `fair share ${family} on ${store}: benign median ${median(idle).toFixed(1)} ms idle, ${median(underAttack).toFixed(1)} ms under attack (${ratio.toFixed(2)}x; p90 ${[...underAttack].sort((a, b) => a - b)[Math.floor(underAttack.length * 0.9)].toFixed(0)} ms); attacker answers ${Object.entries(counts).map(([key, count]) => `${key} x${count}`).join(', ')}; /readyz ${probes.length} probes`,
          );
          assert.ok(probes.length > 0);
          assert.deepEqual([...new Set(probes)], [200], `/readyz answered ${probes.filter((status) => status !== 200).length} of ${probes.length} probes with another status`);
          assert.ok(ratio <= BENIGN_RATIO, `benign median ${median(underAttack).toFixed(1)} ms under attack vs ${median(idle).toFixed(1)} ms idle: ${ratio.toFixed(2)}x`);
          for (const { path, status, headers, text } of samples) {
            const body = JSON.parse(text);
            assertMatchesSpec('POST', path, { status, headers: new Headers(headers), body, text });
            const ok = status === 200 && body?.status === 'ok';
            if (!ok) assert.ok(headers['payment-response'] === undefined && (headers['x-usage-charged-micro-usd'] ?? '0') === '0', `not ok and charged: ${status} ${body?.status ?? body?.code}`);
            if (status >= 500) assert.ok(['deadline_exceeded', 'network_not_enabled'].includes(body?.code) || (body?.code === 'engine_unavailable' && headers['retry-after']), `attacker got ${status} ${body?.code}`);
            if (status === 429) assert.ok(['fair_share_exceeded', 'not_ok_rate_limit'].includes(body?.code) && headers['retry-after'], `attacker got 429 ${body?.code}`);
          }
          assert.equal(counts.failed, undefined, 'every attacking call was answered');
        } finally {
          stop.abort();
          await attacker.stop();
          await probing;
          await drained(service);
        }
      });
    }
  });
}
