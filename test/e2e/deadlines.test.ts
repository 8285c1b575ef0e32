/**
 * Time stated = time kept. Every operation and skill that reads the web, called at once against a
 * site that never answers and one that trickles a byte every 300 ms (test/world/fixtures/slow-sites.ts),
 * ends within its total deadline (OPERATION_DEADLINE_CAP_MS shortens every one to 3 s here, so the
 * run stays short): a result that is not ok or a problem that is not retryable, free, and a text
 * that states a time states one within that deadline. A handler that ignores its signal is still
 * answered at the deadline, as 504 deadline_exceeded (free, never retryable). The defaults' numbers
 * and texts are checked against the spec in test/unit/server/pipeline/deadline.test.ts.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorld, type World } from '../world/index.ts';
import { installJobBoards } from '../world/fixtures/job-boards.ts';
import { installAdsRegistry } from '../world/fixtures/ads-registry.ts';
import { installRdap } from '../world/fixtures/rdap.ts';
import { installSlowSite, warmCertificates, type SlowKind } from '../world/fixtures/slow-sites.ts';
import { startService, type TestService } from '../support/service.ts';
import http from 'node:http';
import { closeHttpCalls, httpCall } from '../support/http-call.ts';
import { assertMatchesSpec, type CallResult } from '../support/contract.ts';
import { operations } from '../../server/contract.ts';
import { minimalHandlers } from '../support/minimal-handlers.ts';
import type { LogFn } from '../../server/observability/log.ts';

const CAP_MS = 3_000;
/** The answer reaching the client, in one process shared with the world on a loaded machine. */
const CLIENT_SLACK_MS = 1_500;
/** The service's own measure of the request (the request log line). */
const SERVICE_SLACK_MS = 500;

/** Every operation that reads the web, with a body whose every domain (d(0), d(1), d(2)) is slow. */
const CALLS: Record<string, (d: (n: number) => string) => Record<string, unknown>> = {
  techStack: (d) => ({ domain: d(0) }),
  atsJobs: (d) => ({ domain: d(0) }),
  companyIntent: (d) => ({ domain: d(0) }),
  searchAds: (d) => ({ domain: d(0) }),
  companyProfile: (d) => ({ domain: d(0) }),
  companyFootprint: (d) => ({ domain: d(0) }),
  hotBuyers: (d) => ({ domains: [d(0), d(1)], min_intent_score: 0 }),
  batch: (d) => ({ tool: 'company-profile', domains: [d(0), d(1)] }),
  privateQuery: (d) => ({ tool: 'tech_stack', target: d(0) }),
  verifyMerchant: (d) => ({ target_url: `https://${d(0)}/api/paid` }),
  extractContacts: (d) => ({ domain: d(0) }),
  cleanMarkdown: (d) => ({ url: `https://${d(0)}/pricing` }),
  prePurchaseMerchantTrustCheck: (d) => ({ domain: d(0), transaction_amount_usd: 20 }),
  checkoutActivePromoCodeFinder: (d) => ({ domain: d(0) }),
  universalProductUrlToJson: (d) => ({ product_url: `https://${d(0)}/products/widget` }),
  b2bVendorStabilityEvaluator: (d) => ({ vendor_domain: d(0) }),
  storeReadinessAuditor: (d) => ({ domain: d(0) }),
  conversionLeakLeadFinder: (d) => ({ domain: d(0) }),
  agenticShelfSchemaComparator: (d) => ({ domain: d(0), competitor_domains: [d(1), d(2)] }),
  verifiedMerchantJsonBadge: (d) => ({ domain: d(0) }),
  verifyDomainLegitimacyAndSecurity: (d) => ({ domain: d(0) }),
};

/**
 * A POST whose answer is checked against the spec afterwards (assertMatchesSpec): the checks
 * compile validators on this process's only thread, which the service and the world share, so
 * they must not run while other calls are being timed.
 */
function timedPost(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<CallResult> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    http.request(base + path, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve({ status: response.statusCode!, headers: answerHeaders, body: JSON.parse(text), text });
      });
    }).on('error', reject).end(payload);
  });
}

/** Every time a text states ("within 2.85 s", "2800 ms"), in ms. */
function statedTimesMs(value: unknown): number[] {
  const text = JSON.stringify(value);
  return [...text.matchAll(/(\d+(?:\.\d+)?) ?(ms|s)\b/g)].map(([, amount, unit]) => Number(amount) * (unit === 's' ? 1000 : 1));
}

describe('every operation ends within its total deadline on hanging and trickling sites', { timeout: 120_000 }, () => {
  let world: World;
  let service: TestService;
  const requestLines: { path: string; durationMs: number }[] = [];
  const log: LogFn = (entry) => {
    if (entry.msg === 'request') requestLines.push(entry as unknown as { path: string; durationMs: number });
  };

  before(async () => {
    world = await startWorld();
    installJobBoards(world);
    installAdsRegistry(world);
    installRdap(world);
    const domains: string[] = [];
    for (const kind of ['hang', 'trickle'] as SlowKind[]) {
      for (let n = 0; n < 3; n++) {
        installSlowSite(world, `${kind}-${n}.com`, kind);
        domains.push(`${kind}-${n}.com`);
      }
    }
    await warmCertificates(world, domains);
    service = await startService({
      config: { net: { ...world.netConfig, perHostConcurrency: 64 }, trustedProxies: ['127.0.0.1'], operationDeadlineCapMs: CAP_MS, logLevel: 'info' },
      log,
    });
    // Warm-up, untimed: each operation once on names that do not exist (answered at once), so the
    // timed rounds measure the deadlines, not this process's first calls (modules, validators, threads).
    let warm = 0;
    await Promise.all(Object.entries(CALLS).map(([operationId, body]) =>
      httpCall(service.url, operations.find((op) => op.operationId === operationId)!.path, { body: body((n) => `absent-${n}.com`), headers: { 'x-forwarded-for': `203.0.113.${++warm}` } })));
    requestLines.length = 0;
  });
  after(async () => {
    closeHttpCalls();
    await service?.close();
    await world?.stop();
  });

  it('covers every operation that has a deadline', () => {
    assert.deepEqual(Object.keys(CALLS).sort(), operations.filter((op) => op.kind === 'operation' && op.deadlineMs !== null).map((op) => op.operationId).sort());
  });

  let ip = 0;
  for (const kind of ['hang', 'trickle'] as SlowKind[]) {
    it(`${kind}: all ${Object.keys(CALLS).length} at once, each within ${CAP_MS} ms (+ slack), free, never a retryable error`, async () => {
      const rows = await Promise.all(Object.entries(CALLS).map(async ([operationId, body]) => {
        const op = operations.find((candidate) => candidate.operationId === operationId)!;
        const started = performance.now();
        const answer = await timedPost(service.url, op.path, body((n) => `${kind}-${n}.com`), { 'x-forwarded-for': `198.51.100.${++ip}` });
        return { op, answer, elapsedMs: performance.now() - started };
      }));
      const late: string[] = [];
      for (const { op, answer, elapsedMs } of rows) {
        const what = `${kind} ${op.offerId}`;
        assertMatchesSpec('POST', op.path, answer);
        const boundMs = Math.min(op.deadlineMs!, CAP_MS);
        if (elapsedMs > boundMs + CLIENT_SLACK_MS) late.push(`${what}: ${Math.round(elapsedMs)} ms`);
        assert.equal(answer.headers.get('x-usage-free-remaining'), '5', `${what}: nothing charged`);
        if (answer.status === 200) {
          assert.notEqual(answer.body.status, 'ok', what);
          for (const stated of statedTimesMs(answer.body)) assert.ok(stated <= boundMs, `${what} states ${stated} ms: ${JSON.stringify(answer.body).slice(0, 300)}`);
        } else {
          assert.equal(answer.body.retryable, false, `${what}: ${answer.status} ${answer.body.code}`);
          assert.equal(answer.body.code, 'deadline_exceeded', what);
        }
      }
      assert.deepEqual(late, [], 'answered late');
      const slowest = Math.max(...requestLines.splice(0).map((entry) => entry.durationMs));
      assert.ok(slowest <= CAP_MS + SERVICE_SLACK_MS, `the service took ${slowest} ms on one request`);
    });
  }
});

describe('a handler that ignores its deadline', { timeout: 30_000 }, () => {
  let service: TestService;
  before(async () => {
    service = await startService({
      handlers: {
        ...minimalHandlers,
        techStack: () => new Promise(() => {}),
        atsJobs: (_input, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      },
      config: { operationDeadlineCapMs: 400 },
    });
  });
  after(async () => {
    closeHttpCalls();
    await service?.close();
  });

  it('is answered at the deadline: 504 deadline_exceeded, free, not retryable; an abort error after the deadline is the same, never engine_failed', async () => {
    for (const path of ['/v1/tech-stack', '/v1/ats-jobs']) {
      const started = performance.now();
      const answer = await httpCall(service.url, path, { body: { domain: 'acme.com' } });
      const elapsed = performance.now() - started;
      assert.equal(answer.status, 504, path);
      assert.deepEqual([answer.body.code, answer.body.retryable], ['deadline_exceeded', false]);
      assert.match(answer.body.detail, /total deadline of 0\.4 s/);
      assert.equal(answer.headers.get('x-usage-free-remaining'), '5');
      assert.ok(elapsed >= 350 && elapsed < 400 + 1000, `${path}: ${Math.round(elapsed)} ms`);
    }
  });

  it('leaves operations without a deadline (the advisor) alone', async () => {
    const answer = await httpCall(service.url, '/v1/advisor', { body: { agent_goal: 'find the technology stack of a company website' } });
    assert.equal(answer.status, 200);
  });
});
