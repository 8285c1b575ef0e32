/**
 * Time stated = time kept. Every operation and skill that reads the web, called at once against a
 * site that never answers and one that trickles a byte every 300 ms (test/world/fixtures/slow-sites.ts),
 * ends within its total deadline (OPERATION_DEADLINE_CAP_MS shortens every one to 3 s here, so the
 * run stays short): a result that is not ok or a problem that is not retryable, free, and a text
 * that states a time states one within that deadline. A handler that ignores its signal is still
 * answered at the deadline, as 504 deadline_exceeded (free, never retryable), and that 504 is a
 * not-ok outcome like a result that is not ok: remembered 60 s for an identical call over HTTP or
 * MCP (answered at once, the site not asked again) and counted in the caller's not-ok budget, on
 * SQLite and, with DATABASE_URL, PostgreSQL. The defaults' numbers and texts are checked against
 * the spec in test/unit/server/pipeline/deadline.test.ts.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorld, type World } from '../world/index.ts';
import { installJobBoards } from '../world/fixtures/job-boards.ts';
import { installAdsRegistry } from '../world/fixtures/ads-registry.ts';
import { installRdap } from '../world/fixtures/rdap.ts';
import { installSlowSite, warmCertificates, type SlowKind } from '../world/fixtures/slow-sites.ts';
import { dropSchema, startService, type TestService } from '../support/service.ts';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { closeHttpCalls, httpCall } from '../support/http-call.ts';
import { assertMatchesSpec, assertValid, call, type CallResult } from '../support/contract.ts';
import { openStore } from '../../server/store/index.ts';
import type { Store } from '../../server/store/types.ts';
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
    http
      .request(
        base + path,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers))
              if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
            resolve({ status: response.statusCode!, headers: answerHeaders, body: JSON.parse(text), text });
          });
        },
      )
      .on('error', reject)
      .end(payload);
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
    await Promise.all(
      Object.entries(CALLS).map(([operationId, body]) =>
        httpCall(service.url, operations.find((op) => op.operationId === operationId)!.path, {
          body: body((n) => `absent-${n}.com`),
          headers: { 'x-forwarded-for': `203.0.113.${++warm}` },
        }),
      ),
    );
    requestLines.length = 0;
  });
  after(async () => {
    closeHttpCalls();
    await service?.close();
    await world?.stop();
  });

  it('covers every operation that has a deadline', () => {
    assert.deepEqual(
      Object.keys(CALLS).sort(),
      operations
        .filter((op) => op.kind === 'operation' && op.deadlineMs !== null)
        .map((op) => op.operationId)
        .sort(),
    );
  });

  let ip = 0;
  for (const kind of ['hang', 'trickle'] as SlowKind[]) {
    it(`${kind}: all ${Object.keys(CALLS).length} at once, each within ${CAP_MS} ms (+ slack), free, never a retryable error`, async () => {
      const rows = await Promise.all(
        Object.entries(CALLS).map(async ([operationId, body]) => {
          const op = operations.find((candidate) => candidate.operationId === operationId)!;
          const started = performance.now();
          const answer = await timedPost(
            service.url,
            op.path,
            body((n) => `${kind}-${n}.com`),
            { 'x-forwarded-for': `198.51.100.${++ip}` },
          );
          return { op, answer, elapsedMs: performance.now() - started };
        }),
      );
      const late: string[] = [];
      for (const { op, answer, elapsedMs } of rows) {
        const what = `${kind} ${op.offerId}`;
        assertMatchesSpec('POST', op.path, answer);
        const boundMs = Math.min(op.deadlineMs!, CAP_MS);
        if (elapsedMs > boundMs + CLIENT_SLACK_MS) late.push(`${what}: ${Math.round(elapsedMs)} ms`);
        assert.equal(answer.headers.get('x-usage-free-remaining'), '5', `${what}: nothing charged`);
        if (answer.status === 200) {
          assert.notEqual(answer.body.status, 'ok', what);
          for (const stated of statedTimesMs(answer.body))
            assert.ok(stated <= boundMs, `${what} states ${stated} ms: ${JSON.stringify(answer.body).slice(0, 300)}`);
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

describe('a deadline that passed is remembered and counted as a result that is not ok', { timeout: 120_000 }, () => {
  const DEADLINE_MS = 500;
  const backends: { name: string; skip: string | false; open: () => Promise<{ store?: Store; cleanup(): Promise<void> }> }[] = [
    { name: 'SQLite', skip: false, open: async () => ({ cleanup: async () => {} }) },
    {
      name: 'PostgreSQL',
      skip: process.env.DATABASE_URL ? false : 'DATABASE_URL not set',
      open: async () => {
        const schema = `deadlines_${randomBytes(4).toString('hex')}`;
        const store = await openStore({ databaseUrl: process.env.DATABASE_URL, pgSchema: schema });
        return {
          store,
          async cleanup() {
            await store.close();
            await dropSchema(process.env.DATABASE_URL, schema);
          },
        };
      },
    },
  ];

  /** The hanging sites of one backend's test (the world and its request log are shared). */
  const stalled = (backend: string, n: number) => `stalled-${n}.${backend.toLowerCase()}.com`;
  /** A test clock: the not-ok memory (60 s) and budget (an hour) are read from it; deadlines run on real timers. */
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let world: World;
  /** Ends the handlers' fetches that are still waiting on the hanging sites once a test is done. */
  const teardown = new AbortController();
  before(async () => {
    world = await startWorld();
    const domains = backends.flatMap(({ name }) => [0, 1, 2, 3].map((n) => stalled(name, n)));
    for (const domain of domains) {
      world.dns.setRecords(domain, { A: ['127.0.0.1'] });
      world.sites.host(domain, function hangingSite() {});
    }
    await warmCertificates(world, domains);
  });
  after(async () => {
    teardown.abort();
    closeHttpCalls();
    await world?.stop();
  });
  /** Requests the world's hanging site received. */
  const asked = (domain: string) => world.sites.requests.filter((request) => request.host === domain).length;
  /**
   * The requests the site received, once more than `count` or after 10 s: a handler's fetch that
   * does not heed the deadline goes on after the 504, and on a loaded machine the first hop of a
   * new service (its net thread, TLS) can reach the site after the call has ended.
   */
  const askedAbove = async (domain: string, count: number) => {
    for (const until = performance.now() + 10_000; asked(domain) <= count && performance.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return asked(domain);
  };

  for (const backend of backends) {
    it(
      `${backend.name}: an identical call gets the remembered 504 at once, over HTTP and MCP, without asking the site; it counts in the not-ok budget`,
      { skip: backend.skip },
      async () => {
        const opened = await backend.open();
        // tech-stack whose one fetch does not heed the call's deadline: the hanging site stalls it past the deadline.
        const service = await startService({
          store: opened.store,
          now,
          handlers: {
            techStack: async (input, { services }) => {
              await services.net.fetch(`https://${input.domain}/`, { signal: teardown.signal, timeoutMs: 60_000 });
              throw new Error('unreachable in this test');
            },
          },
          config: { net: world.netConfig, trustedProxies: ['127.0.0.1'], operationDeadlineCapMs: DEADLINE_MS, notOkMemoryMs: 60_000, notOkPerHour: 2 },
        });
        const [first, second, third, fourth] = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].map((ip) => ({ 'x-forwarded-for': ip }));
        const timed = async (domain: string, headers: Record<string, string>) => {
          const started = performance.now();
          const answer = await call(service.url, '/v1/tech-stack', { body: { domain }, headers });
          return { answer, ms: performance.now() - started };
        };
        const isDeadline = (answer: CallResult, what: string) => {
          assert.equal(answer.status, 504, `${what}: ${answer.text.slice(0, 300)}`);
          assert.deepEqual([answer.body.code, answer.body.retryable], ['deadline_exceeded', false], what);
          assert.equal(answer.headers.get('x-usage-free-remaining'), '5', `${what}: nothing charged`);
        };
        try {
          const ran = await timed(stalled(backend.name, 0), first);
          isDeadline(ran.answer, 'the first call');
          assert.ok(ran.ms >= DEADLINE_MS - 50, `the first call ran until its deadline (${Math.round(ran.ms)} ms)`);
          assert.doesNotMatch(ran.answer.body.detail, /Remembered/);
          const siteAsked = await askedAbove(stalled(backend.name, 0), 0);
          assert.ok(siteAsked >= 1, 'the first call asked the site');

          // Whoever asks, within 60 s: the same problem at once, saying it is remembered, and the site is not asked again.
          const again = await timed(stalled(backend.name, 0), second);
          isDeadline(again.answer, 'the repeat');
          assert.ok(again.ms < DEADLINE_MS / 2, `the repeat was answered at once (${Math.round(again.ms)} ms)`);
          assert.match(
            again.answer.body.detail,
            /^Remembered outcome of an identical call in the last 60 s, not run again: tech-stack could not finish within its total deadline of 0\.5 s/,
          );
          assert.deepEqual(Object.keys(again.answer.body).sort(), Object.keys(ran.answer.body).sort(), 'the same problem members');
          assert.equal(again.answer.body.hint, ran.answer.body.hint);

          const rpc = {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'detect_website_tech_stack', arguments: { domain: stalled(backend.name, 0) } },
          };
          const started = performance.now();
          const response = await fetch(`${service.url}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...third },
            body: JSON.stringify(rpc),
          });
          const { result } = JSON.parse(await response.text());
          assert.ok(performance.now() - started < DEADLINE_MS / 2, 'over MCP, at once');
          assert.equal(result.isError, true);
          assertValid('Problem', result.structuredContent);
          assert.deepEqual(
            [result.structuredContent.code, result.structuredContent.retryable, result.structuredContent.detail],
            ['deadline_exceeded', false, again.answer.body.detail],
          );
          assert.equal(asked(stalled(backend.name, 0)), siteAsked, 'the site was not asked again');

          // The not-ok budget (2 an hour here): the first caller's deadline counted; one more, then 429.
          isDeadline((await timed(stalled(backend.name, 1), first)).answer, 'a second input of the first caller');
          const refused = await call(service.url, '/v1/tech-stack', { body: { domain: stalled(backend.name, 2) }, headers: first });
          assert.equal(refused.status, 429, refused.text.slice(0, 300));
          assert.equal(refused.body.code, 'not_ok_rate_limit');
          assert.match(
            refused.body.detail,
            /^2 of your calls in the last hour ran and ended not ok \(a result that was not ok, or deadline_exceeded; at most 2\)/,
          );
          assert.equal(asked(stalled(backend.name, 2)), 0, 'a refused call asks nothing');
          // A remembered outcome is neither refused nor counted: the callers who only got it still run calls.
          isDeadline((await timed(stalled(backend.name, 0), first)).answer, 'a remembered outcome past the budget');
          isDeadline((await timed(stalled(backend.name, 2), second)).answer, 'the second caller, who only got a remembered outcome');
          isDeadline((await timed(stalled(backend.name, 3), second)).answer, 'the second caller, again');

          // Forgotten after 60 s: the call runs again and asks the site again.
          offsetMs += 61_000;
          const later = await timed(stalled(backend.name, 0), fourth);
          isDeadline(later.answer, 'after 60 s');
          assert.ok(later.ms >= DEADLINE_MS - 50, `run again (${Math.round(later.ms)} ms)`);
          assert.doesNotMatch(later.answer.body.detail, /Remembered/);
          assert.ok((await askedAbove(stalled(backend.name, 0), siteAsked)) > siteAsked, 'the site was asked again');
        } finally {
          await service.close();
          await opened.cleanup();
        }
      },
    );
  }
});
