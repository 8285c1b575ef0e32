/**
 * The calls stage's refusals, over HTTP and MCP: a caller whose backlog is the longest of a full
 * line gets 429 fair_share_exceeded with Retry-After for its newest call; a line full of many
 * callers' work refuses the newest arrival with 503 engine_unavailable; both free (no free call
 * used, nothing charged), and the calls that waited run once their turn comes. A caller's calls
 * past CALLS_PER_CALLER wait in its own line while another caller's call runs at once.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import { assertValid } from '../support/contract.ts';
import { withMcp } from '../support/mcp.ts';

const base = minimalResults.get('techStack') as Record<string, unknown>;

describe('fair admission of calls: refusals and waiting', { timeout: 60_000 }, () => {
  let service: TestService;
  /** Every running tech-stack call waits here until the test lets it go. */
  let gate: { promise: Promise<void>; open: () => void };
  let running = 0;
  const newGate = () => {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  };
  const techStack = async (input: { domain: string }) => {
    running += 1;
    try {
      await gate.promise;
    } finally {
      running -= 1;
    }
    return { ...base, domain: input.domain, status: 'ok', technology_count: 1 };
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
  };
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  before(async () => {
    gate = newGate();
    service = await startService({
      handlers: { techStack },
      config: { trustedProxies: ['127.0.0.1'], calls: { perCaller: 2, inFlight: 3, maxWaiting: 2, unpaidPacing: { freeAnswers: 60, delayMs: 1_000 } } },
    });
  });
  after(() => service.close());

  it("keeps a caller's calls past its cap in its own line, answers its newest past a full line with 429 fair_share_exceeded, and runs the rest", async () => {
    const busy = '198.51.100.10';
    const first = [0, 1, 2, 3].map((index) => call(service.url, '/v1/tech-stack', { body: { domain: `wait-${index}.com` }, headers: from(busy) }));
    await until(() => running === 2);
    // Two run (its cap), two wait; another caller's call takes the last slot at once.
    const other = call(service.url, '/v1/tech-stack', { body: { domain: 'other-first.com' }, headers: from('198.51.100.11') });
    await until(() => running === 3);
    // The line holds 2 of the busy caller's calls; one more makes its backlog the only one: refused at once.
    const refused = await call(service.url, '/v1/tech-stack', { body: { domain: 'refused.com' }, headers: from(busy) });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'fair_share_exceeded');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal(refused.headers.get('payment-response'), null);
    assert.equal(refused.body.retryable, true);
    gate.open();
    const answers = await Promise.all([...first, other]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200, 200],
    );
    // The busy caller's four ok results used four free calls: the refused call used none.
    assert.equal(Math.min(...answers.slice(0, 4).map((answer) => Number(answer.headers.get('x-usage-free-remaining')))), 1);
  });

  it('refuses the newest arrival with 503 engine_unavailable when the line is full of many callers’ work', async () => {
    gate = newGate();
    const holders = ['a', 'b', 'c'].map((name, index) =>
      call(service.url, '/v1/tech-stack', { body: { domain: `hold-${name}.com` }, headers: from(`198.51.100.${20 + index}`) }),
    );
    await until(() => running === 3);
    const waiting = ['d', 'e'].map((name, index) =>
      call(service.url, '/v1/tech-stack', { body: { domain: `line-${name}.com` }, headers: from(`198.51.100.${30 + index}`) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await call(service.url, '/v1/tech-stack', { body: { domain: 'newest.com' }, headers: from('198.51.100.40') });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.code, 'engine_unavailable');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    gate.open();
    assert.deepEqual(
      (await Promise.all([...holders, ...waiting])).map((answer) => answer.status),
      [200, 200, 200, 200, 200],
    );
    const again = await call(service.url, '/v1/tech-stack', { body: { domain: 'newest.com' }, headers: from('198.51.100.40') });
    assert.equal(again.status, 200, 'the refusal is not remembered: the same call runs once there is room');
    assert.equal(again.headers.get('x-usage-free-remaining'), '4');
  });

  it('answers the same refusal over MCP, as a tool error', async () => {
    gate = newGate();
    const busy = '198.51.100.50';
    await withMcp(service.url, from(busy), async (client) => {
      const first = [0, 1, 2, 3].map((index) => client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: `mcp-${index}.com` } }));
      await until(() => running === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'mcp-refused.com' } });
      assert.equal(refused.isError, true);
      assertValid('Problem', refused.structuredContent);
      assert.equal((refused.structuredContent as { code: string }).code, 'fair_share_exceeded');
      gate.open();
      for (const answer of await Promise.all(first)) assert.notEqual(answer.isError, true);
    });
  });

  it("holds back a caller's answers without a result past the rate, and only that caller's", async () => {
    const paced = await startService({
      handlers: { techStack },
      config: { trustedProxies: ['127.0.0.1'], calls: { perCaller: 8, inFlight: 64, maxWaiting: 64, unpaidPacing: { freeAnswers: 2, delayMs: 400 } } },
    });
    try {
      gate.open();
      const flood = '198.51.100.60';
      // Its five free calls, then answers without a result (this deployment takes no payments).
      for (let index = 0; index < 5; index++)
        assert.equal((await call(paced.url, '/v1/tech-stack', { body: { domain: `paced-${index}.com` }, headers: from(flood) })).status, 200);
      const times: number[] = [];
      for (let index = 0; index < 4; index++) {
        const started = performance.now();
        const answer = await call(paced.url, '/v1/tech-stack', { body: { domain: `unpaid-${index}.com` }, headers: from(flood) });
        assert.equal(answer.body.code, 'network_not_enabled');
        times.push(performance.now() - started);
      }
      assert.ok(times[0] < 400 && times[1] < 400, `the first two at once: ${times.map(Math.round)}`);
      assert.ok(times[2] >= 390 && times[3] >= 390, `then each held back: ${times.map(Math.round)}`);
      const started = performance.now();
      assert.equal((await call(paced.url, '/v1/tech-stack', { body: { domain: 'someone-else.com' }, headers: from('198.51.100.61') })).status, 200);
      assert.ok(performance.now() - started < 400, 'another caller is answered at once');
    } finally {
      await paced.close();
    }
  });
});
