import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { startService, type TestService } from '../support/service.ts';
import { assertValid, call } from '../support/contract.ts';
import { deliveredQuote, minimalResults } from '../support/minimal-handlers.ts';
import type { Facilitator } from '../../server/payments/facilitator.ts';
import { createHousekeeping, QUOTE_GRACE_MS } from '../../server/store/housekeeping.ts';
import { openStore } from '../../server/store/index.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';
import { startedService } from '../support/lifecycle.ts';

const PAY_TO = '0x1111111111111111111111111111111111111111';
/** Configuration of payments without a chain: the free path never reaches the facilitator. */
const unreachableFacilitator: Facilitator = {
  kind: 'remote',
  verify: async () => assert.fail('the free path must not call the facilitator'),
  settle: async () => assert.fail('the free path must not call the facilitator'),
};
const base = minimalResults.get('techStack') as Record<string, unknown>;
const okTechStack = (domain: string) => ({ ...base, domain, status: 'ok', technology_count: 3 });
let ipCounter = 0;
/** Each test speaks from its own address (the service trusts 127.0.0.1 as a proxy). */
const newCaller = () => ({ 'X-Forwarded-For': `203.0.113.${++ipCounter}` });

function handlersWith(overrides: HandlerRegistry = {}): HandlerRegistry {
  return {
    techStack: async (input) =>
      input.domain.startsWith('none') ? { ...okTechStack(input.domain), status: 'no_signals', technology_count: 0 } : okTechStack(input.domain),
    advisor: async () => minimalResults.get('advisor'),
    ...overrides,
  };
}

describe('free quota and usage headers', () => {
  const setup = startedService({ handlers: handlersWith(), facilitator: unreachableFacilitator, config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'] } });

  it('puts the usage headers on results, problems and documents', async () => {
    const who = newCaller();
    const ok = await call(setup.url, '/v1/tech-stack', { body: { domain: 'a.com' }, headers: who });
    assert.equal(ok.headers.get('x-usage-free-remaining'), '4');
    assert.equal(ok.headers.get('x-usage-free-limit'), '5');
    assert.match(ok.headers.get('x-usage-free-resets-at')!, /^\d{4}-\d\d-\d\dT00:00:00Z$/);
    assert.equal(ok.headers.get('x-usage-price-micro-usd'), '5000');
    assert.equal(ok.headers.get('x-usage-charged-micro-usd'), '0');
    const problem = await call(setup.url, '/v1/tech-stack', { body: { domain: 'bad domain' }, headers: who });
    assert.equal(problem.headers.get('x-usage-free-remaining'), '4');
    const doc = await call(setup.url, '/v1/catalog', { method: 'GET', headers: who });
    assert.equal(doc.headers.get('x-usage-price-micro-usd'), '0');
    assert.equal(doc.headers.get('x-usage-free-remaining'), '4');
  });

  it('gives 5 ok results free, then answers 402 with x402 v2 terms', async () => {
    const who = newCaller();
    for (let i = 1; i <= 5; i++) {
      const { status, headers } = await call(setup.url, '/v1/tech-stack', { body: { domain: `d${i}.com` }, headers: who });
      assert.equal(status, 200);
      assert.equal(headers.get('x-usage-free-remaining'), String(5 - i));
    }
    const paid = await call(setup.url, '/v1/tech-stack', { body: { domain: 'd6.com' }, headers: who });
    assert.equal(paid.status, 402);
    assertValid('PaymentRequired', paid.body);
    const terms = decodePaymentRequiredHeader(paid.headers.get('payment-required')!);
    assert.deepEqual(terms, paid.body);
    assert.equal(terms.x402Version, 2);
    assert.deepEqual(terms.accepts[0], {
      scheme: 'exact',
      network: 'eip155:8453',
      amount: '5000',
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      payTo: PAY_TO,
      maxTimeoutSeconds: 300,
      extra: { name: 'USD Coin', version: '2' },
    });
    assert.equal(terms.resource.url, `${setup.url}/v1/tech-stack`);
    assert.equal(paid.headers.get('cache-control'), 'no-store');
    assert.equal(paid.headers.get('x-usage-free-remaining'), '0');
  });

  it('does not use a free call for a result that is not ok', async () => {
    const who = newCaller();
    for (let i = 0; i < 7; i++) {
      const { body, headers } = await call(setup.url, '/v1/tech-stack', { body: { domain: `none${i}.com` }, headers: who });
      assert.equal(body.status, 'no_signals');
      assert.equal(headers.get('x-usage-free-remaining'), '5');
    }
    const ledger = await setup.service.store.ledger.list({ from: 0, to: Date.now() + 1000 });
    assert.ok(!ledger.some((entry) => entry.caller === who['X-Forwarded-For'] && entry.kind === 'free_use'));
  });

  it('replays the same input of the same day without using another free call', async () => {
    const who = newCaller();
    const first = await call(setup.url, '/v1/tech-stack', { body: { domain: 'same.com' }, headers: who });
    const again = await call(setup.url, '/v1/tech-stack', { body: { domain: 'SAME.com' }, headers: who });
    assert.deepEqual(again.body, first.body);
    // The replay is the kept JSON text, sent as is: same type and length as the first answer.
    assert.equal(again.headers.get('content-type'), first.headers.get('content-type'));
    assert.equal(again.headers.get('content-length'), first.headers.get('content-length'));
    assert.equal(again.headers.get('x-idempotent-replay'), 'true');
    assert.equal(again.headers.get('x-usage-free-remaining'), '4');
  });

  it('never charges the advisor to the quota and limits it to 60 calls per rolling hour', async () => {
    const who = newCaller();
    for (let i = 0; i < 60; i++) {
      const { status } = await call(setup.url, '/v1/advisor', { body: { agent_goal: `goal ${i}` }, headers: who });
      assert.equal(status, 200);
    }
    const limited = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'one more' }, headers: who });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'advisor_rate_limit');
    assert.ok(Number(limited.headers.get('retry-after')) > 3500);
    assert.equal(limited.headers.get('x-usage-free-remaining'), '5');
    const other = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'another caller' }, headers: newCaller() });
    assert.equal(other.status, 200);
  });

  it('answers 50 concurrent free calls from one IP with exactly 5 ok results and 45 payment challenges', async () => {
    const who = newCaller();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(setup.url, '/v1/tech-stack', { body: { domain: `c${i}.com` }, headers: who })));
    assert.equal(answers.filter((a) => a.status === 200).length, 5);
    assert.equal(answers.filter((a) => a.status === 402).length, 45);
    const uses = (await setup.service.store.ledger.list({ from: 0, to: Date.now() + 1000 })).filter(
      (e) => e.caller === who['X-Forwarded-For'] && e.kind === 'free_use',
    );
    assert.equal(uses.length, 5);
  });
});

describe('Idempotency-Key', () => {
  let service: TestService;
  let release: () => void = () => {};
  before(async () => {
    service = await startService({
      handlers: handlersWith({
        techStack: async (input) => {
          if (input.domain === 'slow.com') await new Promise<void>((resolve) => (release = resolve));
          return okTechStack(input.domain);
        },
      }),
      config: { trustedProxies: ['127.0.0.1'] },
    });
  });
  after(() => service.close());

  it('returns the stored answer for a repeated key and refuses the key with another input', async () => {
    const who = { ...newCaller(), 'Idempotency-Key': 'order-2026-11-22-0001' };
    const first = await call(service.url, '/v1/tech-stack', { body: { domain: 'k.com' }, headers: who });
    const again = await call(service.url, '/v1/tech-stack', { body: { domain: 'k.com' }, headers: who });
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('x-usage-free-remaining'), '4');
    const changed = await call(service.url, '/v1/tech-stack', { body: { domain: 'other.com' }, headers: who });
    assert.equal(changed.status, 409);
    assert.equal(changed.body.code, 'idempotency_conflict');
    const otherOperation = await call(service.url, '/v1/company-intent', { body: { domain: 'k.com' }, headers: who });
    assert.equal(otherOperation.body.code, 'idempotency_conflict');
  });

  it('answers request_already_started while the first request runs, then the stored answer', async () => {
    const who = { ...newCaller(), 'Idempotency-Key': 'slow-request-0001' };
    const first = call(service.url, '/v1/tech-stack', { body: { domain: 'slow.com' }, headers: who });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await call(service.url, '/v1/tech-stack', { body: { domain: 'slow.com' }, headers: who });
    assert.equal(during.status, 409);
    assert.equal(during.body.code, 'request_already_started');
    assert.equal(during.body.retryable, true);
    release();
    const done = await first;
    assert.equal(done.status, 200);
    const after = await call(service.url, '/v1/tech-stack', { body: { domain: 'slow.com' }, headers: who });
    assert.deepEqual(after.body, done.body);
  });

  it('keys are scoped to the caller', async () => {
    const key = { 'Idempotency-Key': 'shared-key-between-callers' };
    const a = await call(service.url, '/v1/tech-stack', { body: { domain: 'scope-a.com' }, headers: { ...newCaller(), ...key } });
    const b = await call(service.url, '/v1/tech-stack', { body: { domain: 'scope-b.com' }, headers: { ...newCaller(), ...key } });
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(b.body.domain, 'scope-b.com');
  });
});

describe('one charge per input, whatever Idempotency-Key was sent', () => {
  let service: TestService;
  /** Domains starting with "hold" wait until released; "hold-none…" then answers not ok. */
  const held: (() => void)[] = [];
  const releaseHeld = () => held.splice(0).forEach((release) => release());
  before(async () => {
    const techStack: HandlerRegistry['techStack'] = async (input) => {
      if (input.domain.startsWith('hold')) await new Promise<void>((resolve) => held.push(resolve));
      return input.domain.startsWith('none') || input.domain.startsWith('hold-none')
        ? { ...okTechStack(input.domain), status: 'no_signals', technology_count: 0 }
        : okTechStack(input.domain);
    };
    service = await startService({
      handlers: handlersWith({ techStack }),
      facilitator: unreachableFacilitator,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'], freeCallHeldWaitMs: 10_000 },
    });
  });
  after(() => {
    releaseHeld();
    return service.close();
  });

  it('uses one free call for one input sent with a key, without one and with another key', async () => {
    const who = newCaller();
    const withKey = await call(service.url, '/v1/tech-stack', { body: { domain: 'keyed.com' }, headers: { ...who, 'Idempotency-Key': 'idem-test-0001' } });
    assert.equal(withKey.headers.get('x-usage-free-remaining'), '4');
    const without = await call(service.url, '/v1/tech-stack', { body: { domain: 'keyed.com' }, headers: who });
    const otherKey = await call(service.url, '/v1/tech-stack', { body: { domain: 'keyed.com' }, headers: { ...who, 'Idempotency-Key': 'idem-test-0002' } });
    for (const repeat of [without, otherKey]) {
      assert.equal(repeat.status, 200);
      assert.deepEqual(repeat.body, withKey.body);
      assert.equal(repeat.headers.get('x-idempotent-replay'), 'true');
      assert.equal(repeat.headers.get('x-usage-free-remaining'), '4');
    }
    const keyAgain = await call(service.url, '/v1/tech-stack', { body: { domain: 'keyed.com' }, headers: { ...who, 'Idempotency-Key': 'idem-test-0002' } });
    assert.deepEqual(keyAgain.body, withKey.body, 'the second key now names the same answer');
    const conflict = await call(service.url, '/v1/tech-stack', { body: { domain: 'other.com' }, headers: { ...who, 'Idempotency-Key': 'idem-test-0002' } });
    assert.equal(conflict.body.code, 'idempotency_conflict');
    const ledger = await service.store.ledger.list({ from: 0, to: Date.now() + 1000 });
    assert.equal(ledger.filter((entry) => entry.caller === who['X-Forwarded-For']).length, 1, 'one free use in the ledger');
  });

  it('a call without a key while the keyed one runs is told it is running, then gets its answer', async () => {
    const who = newCaller();
    const first = call(service.url, '/v1/tech-stack', { body: { domain: 'hold-keyed.com' }, headers: { ...who, 'Idempotency-Key': 'running-key-0001' } });
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const during = await call(service.url, '/v1/tech-stack', { body: { domain: 'hold-keyed.com' }, headers: who });
    assert.equal(during.body.code, 'request_already_started');
    releaseHeld();
    const done = await first;
    const after = await call(service.url, '/v1/tech-stack', { body: { domain: 'hold-keyed.com' }, headers: who });
    assert.deepEqual(after.body, done.body);
    assert.equal(after.headers.get('x-usage-free-remaining'), '4');
  });

  it("a keyed call told the input is running holds no row under its key: the key then names the input's answer", async () => {
    const who = newCaller();
    const first = call(service.url, '/v1/tech-stack', { body: { domain: 'hold-unkeyed.com' }, headers: who });
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const during = await call(service.url, '/v1/tech-stack', { body: { domain: 'hold-unkeyed.com' }, headers: { ...who, 'Idempotency-Key': 'late-key-0001' } });
    assert.equal(during.body.code, 'request_already_started');
    releaseHeld();
    const done = await first;
    const keyed = await call(service.url, '/v1/tech-stack', { body: { domain: 'hold-unkeyed.com' }, headers: { ...who, 'Idempotency-Key': 'late-key-0001' } });
    assert.equal(keyed.status, 200, JSON.stringify(keyed.body));
    assert.deepEqual(keyed.body, done.body);
    assert.equal(keyed.headers.get('x-idempotent-replay'), 'true');
  });

  it("a not-ok answer kept under a key is not the input's answer: without the key the input runs again", async () => {
    const who = newCaller();
    const keyed = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-keyed.com' }, headers: { ...who, 'Idempotency-Key': 'notok-key-0001' } });
    assert.equal(keyed.body.status, 'no_signals');
    const without = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-keyed.com' }, headers: who });
    assert.equal(without.headers.get('x-idempotent-replay'), null);
    const replayed = await call(service.url, '/v1/tech-stack', {
      body: { domain: 'none-keyed.com' },
      headers: { ...who, 'Idempotency-Key': 'notok-key-0001' },
    });
    assert.equal(replayed.headers.get('x-idempotent-replay'), 'true');
    assert.equal(replayed.headers.get('x-usage-free-remaining'), '5');
  });

  it('free calls held by slow calls that end not ok do not refuse an ok call: it waits and takes one given back', async () => {
    const who = newCaller();
    const slow = Array.from({ length: 10 }, (_, i) => call(service.url, '/v1/tech-stack', { body: { domain: `hold-none${i}.com` }, headers: who }));
    while (held.length < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const ok = call(service.url, '/v1/tech-stack', { body: { domain: 'wanted.com' }, headers: who });
    const all = Promise.all([ok, ...slow]);
    let done = false;
    void all.finally(() => (done = true));
    // Each slow call ends not ok when released and gives its free call back; the waiting calls take them.
    while (!done) {
      releaseHeld();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wanted = await ok;
    assert.equal(wanted.status, 200);
    assert.equal(wanted.body.status, 'ok', 'the ok call is free, not asked to pay');
    for (const answer of await Promise.all(slow)) assert.equal(answer.body.status, 'no_signals');
    const usage = await call(service.url, '/v1/catalog', { method: 'GET', headers: who });
    assert.equal(usage.headers.get('x-usage-free-remaining'), '4');
  });
});

describe('results that are not ok: remembered briefly, budgeted per caller', () => {
  let service: TestService;
  let clock = new Date('2026-11-22T10:00:00Z');
  const runs = new Map<string, number>();
  before(async () => {
    const techStack: HandlerRegistry['techStack'] = async (input) => {
      runs.set(input.domain, (runs.get(input.domain) ?? 0) + 1);
      return input.domain.startsWith('none')
        ? { ...okTechStack(input.domain), status: 'no_signals', technology_count: 0, checked_at: clock.toISOString() }
        : okTechStack(input.domain);
    };
    service = await startService({
      handlers: handlersWith({ techStack }),
      facilitator: unreachableFacilitator,
      now: () => clock,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'], notOkMemoryMs: 60_000, notOkPerHour: 3 },
    });
  });
  after(() => service.close());

  it('answers the same input with the remembered result for 60 s, whoever asks, without running it again', async () => {
    const first = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-remembered.com' }, headers: newCaller() });
    assert.equal(first.body.status, 'no_signals');
    clock = new Date(clock.getTime() + 59_000);
    const again = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-remembered.com' }, headers: newCaller() });
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('x-usage-charged-micro-usd'), '0');
    assert.equal(runs.get('none-remembered.com'), 1, 'not run again');
    clock = new Date(clock.getTime() + 2_000);
    const later = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-remembered.com' }, headers: newCaller() });
    assert.notEqual(later.body.checked_at, first.body.checked_at);
    assert.equal(runs.get('none-remembered.com'), 2, 'run again once forgotten');
  });

  it('lets an IP run 3 calls an hour that end not ok, then answers not_ok_rate_limit; ok calls and remembered results still go', async () => {
    const who = newCaller();
    for (let i = 0; i < 3; i++)
      assert.equal((await call(service.url, '/v1/tech-stack', { body: { domain: `none-budget-${i}.com` }, headers: who })).body.status, 'no_signals');
    const remembered = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-budget-0.com' }, headers: who });
    assert.equal(remembered.body.status, 'no_signals', 'a remembered result costs no work and is not refused');
    const refused = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-budget-3.com' }, headers: who });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'not_ok_rate_limit');
    assert.equal(refused.body.retryable, true);
    assert.equal(refused.headers.get('retry-after'), '3600');
    assert.equal(runs.get('none-budget-3.com'), undefined, 'nothing ran');
    assert.equal(
      (await call(service.url, '/v1/tech-stack', { body: { domain: 'none-budget-3.com' }, headers: newCaller() })).body.status,
      'no_signals',
      'another IP is not concerned',
    );
    clock = new Date(clock.getTime() + 3_600_000);
    assert.equal(
      (await call(service.url, '/v1/tech-stack', { body: { domain: 'none-budget-4.com' }, headers: who })).body.status,
      'no_signals',
      'an hour later it runs',
    );
  });

  it('counts that limit per caller, not per spelling: addresses of one IPv6 /64 share it', async () => {
    const spellings = ['2001:db8:77::1', '[2001:DB8:77::2]:443', '2001:db8:77:0:0:0:0:3'];
    for (const [i, spelled] of spellings.entries()) {
      assert.equal(
        (await call(service.url, '/v1/tech-stack', { body: { domain: `none-v6-${i}.com` }, headers: { 'X-Forwarded-For': spelled } })).body.status,
        'no_signals',
      );
    }
    const refused = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-v6-3.com' }, headers: { 'X-Forwarded-For': '2001:db8:77::abcd' } });
    assert.equal(refused.body.code, 'not_ok_rate_limit');
    assert.equal(
      (await call(service.url, '/v1/tech-stack', { body: { domain: 'none-v6-4.com' }, headers: { 'X-Forwarded-For': '2001:db8:77:1::1' } })).body.status,
      'no_signals',
      'another /64 is another caller',
    );
  });
});

describe('without payment configuration', () => {
  let service: TestService;
  before(async () => {
    const batch: HandlerRegistry['batch'] = async (input, context) => {
      const rows = input.domains.map((domain: string) => ({ domain, status: 'ok', price_micro_usd: 10000, result: okTechStack(domain) }));
      context.offerQuote({ priceMicroUsd: rows.length * 10000, billableCount: rows.length, payload: { rows } });
      return { status: 'quote', statuses: rows.map((row: { domain: string }) => ({ domain: row.domain, status: 'ok', billable: true })), next: 'Pay step 2.' };
    };
    service = await startService({ handlers: handlersWith({ batch }), facilitator: null, config: { trustedProxies: ['127.0.0.1'] } });
  });
  after(() => service.close());

  it('keeps free calls working and answers network_not_enabled once they are used', async () => {
    const who = newCaller();
    for (let i = 0; i < 5; i++) assert.equal((await call(service.url, '/v1/tech-stack', { body: { domain: `n${i}.com` }, headers: who })).status, 200);
    const sixth = await call(service.url, '/v1/tech-stack', { body: { domain: 'n6.com' }, headers: who });
    assert.equal(sixth.status, 503);
    assert.equal(sixth.body.code, 'network_not_enabled');
    assert.match(sixth.body.detail, /free calls of today are used/);
    const terms = await call(service.url, '/.well-known/x402.json', { method: 'GET' });
    assert.equal(terms.body.enabled, false);
  });

  it('says step 2 is always paid, not that the free calls are used, while free calls are left', async () => {
    const who = newCaller();
    const quote = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['q1.com', 'q2.com'] }, headers: who });
    assert.equal(quote.body.status, 'quote');
    const pay = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
    assert.equal(pay.status, 503);
    assert.equal(pay.body.code, 'network_not_enabled');
    assert.equal(pay.headers.get('x-usage-free-remaining'), '5');
    assert.doesNotMatch(pay.body.detail, /free calls/);
    assert.match(pay.body.detail, /always paid/);
  });
});

describe('daily cost cap', () => {
  const setup = startedService({
    handlers: handlersWith(),
    facilitator: unreachableFacilitator,
    config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'], dailyCostCapMicroUsd: 12_000 },
  });

  it('stops data calls once the value delivered today would pass the cap, without using free calls', async () => {
    assert.equal((await call(setup.url, '/v1/tech-stack', { body: { domain: 'cap1.com' }, headers: newCaller() })).status, 200);
    assert.equal((await call(setup.url, '/v1/tech-stack', { body: { domain: 'cap2.com' }, headers: newCaller() })).status, 200);
    const who = newCaller();
    const third = await call(setup.url, '/v1/tech-stack', { body: { domain: 'cap3.com' }, headers: who });
    assert.equal(third.status, 503);
    assert.equal(third.body.code, 'daily_cost_cap');
    assert.ok(Number(third.headers.get('retry-after')) > 0);
    assert.equal(third.headers.get('x-usage-free-remaining'), '5');
  });
});

describe('the daily cost cap is a reservation', () => {
  it('10 concurrent free calls of 5000 from 10 callers under a cap of 12000 deliver exactly 2; the others answer daily_cost_cap and use no free call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    // Every call that got past the cap waits until all ten were answered or entered: no call ends before the others decide.
    const service = await startService({
      handlers: handlersWith({ techStack: async (input) => (++entered, await gate, okTechStack(input.domain)) }),
      facilitator: unreachableFacilitator,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'], dailyCostCapMicroUsd: 12_000 },
    });
    try {
      const callers = Array.from({ length: 10 }, newCaller);
      const answers = Promise.all(callers.map((who, i) => call(service.url, '/v1/tech-stack', { body: { domain: `burst-cap-${i}.com` }, headers: who })));
      for (let wait = 0; entered < 2 && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      const done = await answers;
      assert.equal(done.filter((answer) => answer.status === 200).length, 2, JSON.stringify(done.map((answer) => answer.status)));
      for (const answer of done.filter((answer) => answer.status !== 200)) {
        assert.equal(answer.body.code, 'daily_cost_cap');
        assert.equal(answer.headers.get('x-usage-free-remaining'), '5');
      }
      const ledger = await service.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
      assert.equal(
        ledger.filter((entry) => entry.kind === 'free_use').reduce((sum, entry) => sum + entry.amountMicroUsd, 0),
        10_000,
      );
      assert.equal(entered, 2, 'no call over the cap ran');
    } finally {
      await service.close();
    }
  });
});

describe('the daily cost cap counts the whole day', () => {
  it('what was delivered today before the cap was set counts against it', async () => {
    const store = await openStore({ sqlitePath: ':memory:' });
    const uncapped = await startService({
      handlers: handlersWith(),
      facilitator: unreachableFacilitator,
      store,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'] },
    });
    const capped = await startService({
      handlers: handlersWith(),
      facilitator: unreachableFacilitator,
      store,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'], dailyCostCapMicroUsd: 12_000 },
    });
    try {
      for (const domain of ['before-cap-1.com', 'before-cap-2.com'])
        assert.equal((await call(uncapped.url, '/v1/tech-stack', { body: { domain }, headers: newCaller() })).status, 200);
      const refused = await call(capped.url, '/v1/tech-stack', { body: { domain: 'after-cap.com' }, headers: newCaller() });
      assert.equal(refused.body.code, 'daily_cost_cap', '10000 delivered, 5000 more would pass 12000');
    } finally {
      await capped.close();
      await uncapped.close();
      await store.close();
    }
  });
});

describe('the caller is an address', () => {
  const setup = startedService({ handlers: handlersWith(), facilitator: unreachableFacilitator, config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'] } });

  const remaining = async (forwarded: string, domain: string) => {
    const answer = await call(setup.url, '/v1/tech-stack', { body: { domain }, headers: { 'X-Forwarded-For': forwarded } });
    return { status: answer.status, remaining: answer.headers.get('x-usage-free-remaining') };
  };

  it('IPv6 spellings and every address of one /64 share one quota; another /64 is another caller', async () => {
    const spellings = ['2001:db8:31::1', '2001:DB8:31::1', '2001:db8:31:0:0:0:0:1', '[2001:db8:31::1]', '[2001:db8:31::1]:443', '2001:db8:31::beef'];
    const seen = [];
    for (const [i, spelled] of spellings.entries()) seen.push(await remaining(spelled, `v6-${i}.com`));
    assert.deepEqual(
      seen.map((answer) => answer.status),
      [200, 200, 200, 200, 200, 402],
    );
    assert.deepEqual(
      seen.slice(0, 5).map((answer) => answer.remaining),
      ['4', '3', '2', '1', '0'],
    );
    assert.equal((await remaining('2001:db8:31:1::1', 'v6-other.com')).remaining, '4');
  });

  it('an IPv4 address with a port or in its IPv4-mapped spelling is the same caller', async () => {
    const spellings = ['198.18.31.1', '198.18.31.1:5555', '::ffff:198.18.31.1', '[::ffff:198.18.31.1]:80', ' 198.18.31.1'];
    for (const [i, spelled] of spellings.entries()) assert.equal((await remaining(spelled, `v4-${i}.com`)).remaining, String(4 - i), spelled);
    assert.equal((await remaining('198.18.31.1:6666', 'v4-more.com')).status, 402, 'a port opens no fresh quota');
  });

  it('a forwarded entry that is not an address counts as the proxy itself: every such spelling shares one quota', async () => {
    const spellings = ['not-an-ip', '127.1', 'example.com', 'NOT-AN-IP', '3232235777', 'x'];
    const seen = [];
    for (const [i, spelled] of spellings.entries()) seen.push((await remaining(spelled, `junk-${i}.com`)).status);
    assert.deepEqual(seen, [200, 200, 200, 200, 200, 402]);
    const ledger = await setup.service.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
    assert.deepEqual(
      [
        ...new Set(
          ledger
            .filter((entry) => entry.operation === 'tech-stack' && entry.requestId && entry.kind === 'free_use')
            .map((entry) => entry.caller)
            .filter((caller) => !/^(2001|198\.18|203\.)/.test(caller)),
        ),
      ],
      ['127.0.0.1'],
    );
  });
});

describe('a running call is a lease: a long call is never run twice', () => {
  it('REQUEST_STALE_AFTER_MS=3000 and a 6 s call: repeats at 4 s and 5 s answer request_already_started, one run, one free use', async () => {
    let runs = 0;
    const service = await startService({
      handlers: handlersWith({ techStack: async (input) => (++runs, await new Promise((resolve) => setTimeout(resolve, 6_000)), okTechStack(input.domain)) }),
      facilitator: unreachableFacilitator,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'], requestStaleAfterMs: 3_000 },
    });
    try {
      const who = newCaller();
      const first = call(service.url, '/v1/tech-stack', { body: { domain: 'slow-site.com' }, headers: who });
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const repeat = await call(service.url, '/v1/tech-stack', { body: { domain: 'SLOW-SITE.com' }, headers: who });
      assert.equal(repeat.status, 409, JSON.stringify(repeat.body));
      assert.equal(repeat.body.code, 'request_already_started');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.equal((await call(service.url, '/v1/tech-stack', { body: { domain: 'slow-site.com' }, headers: who })).status, 409);
      assert.equal((await first).status, 200);
      const after = await call(service.url, '/v1/tech-stack', { body: { domain: 'slow-site.com' }, headers: who });
      assert.equal(after.headers.get('x-idempotent-replay'), 'true');
      assert.equal(runs, 1);
      assert.equal(after.headers.get('x-usage-free-remaining'), '4');
    } finally {
      await service.close();
    }
  });
});

describe('two-step quotes', () => {
  let service: TestService;
  let clock = new Date('2026-11-22T10:00:00Z');
  let failNext = false;
  const batchHandler: HandlerRegistry['batch'] = async (input, context) => {
    if (failNext) {
      failNext = false;
      throw new Error('upstream down');
    }
    if (context.quote) return deliveredQuote(context.quote, 'done');
    const withData = input.domains.filter((d: string) => !d.startsWith('empty'));
    const statuses = input.domains.map((domain: string) => ({
      domain,
      status: withData.includes(domain) ? 'ok' : 'no_signals',
      billable: withData.includes(domain),
    }));
    if (!withData.length) return { status: 'nothing_billable', statuses, next: 'Nothing to pay for.' };
    const rows = withData.map((domain: string) => ({ domain, status: 'ok', price_micro_usd: 10000, result: okTechStack(domain) }));
    context.offerQuote({ priceMicroUsd: rows.length * 10000, billableCount: rows.length, payload: { rows } });
    return { status: 'quote', statuses, next: 'POST the quote_id alone to pay and receive the rows.' };
  };
  before(async () => {
    service = await startService({
      handlers: handlersWith({ batch: batchHandler }),
      facilitator: unreachableFacilitator,
      now: () => clock,
      config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'] },
    });
  });
  after(() => service.close());

  it('quotes step 1 for free and prices step 2 at exactly the quote', async () => {
    const who = newCaller();
    const quote = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['x.com', 'y.com', 'empty.com'] }, headers: who });
    assert.equal(quote.status, 200);
    assert.equal(quote.body.status, 'quote');
    assert.match(quote.body.quote_id, /^q_/);
    assert.equal(quote.body.billable_count, 2);
    assert.equal(quote.body.price_micro_usd, 20000);
    assert.equal(quote.body.price_usd, 0.02);
    assert.equal(quote.body.expires_at, '2026-11-22T10:15:00.000Z');
    assert.equal(quote.body.statuses.length, 3);
    assert.equal(quote.headers.get('x-usage-price-micro-usd'), '20000');
    assert.equal(quote.headers.get('x-usage-free-remaining'), '5');
    const pay = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
    assert.equal(pay.status, 402, 'step 2 is always paid');
    assert.equal(decodePaymentRequiredHeader(pay.headers.get('payment-required')!).accepts[0].amount, '20000');
  });

  it('answers nothing_billable for free when no row has data', async () => {
    const { body } = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['empty1.com', 'empty2.com'] }, headers: newCaller() });
    assert.equal(body.status, 'nothing_billable');
    assert.equal(body.quote_id, undefined);
  });

  it('answers quote_not_found for an unknown quote and quote_expired after 15 minutes', async () => {
    const who = newCaller();
    const unknown = await call(service.url, '/v1/batch', { body: { quote_id: 'q_doesnotexist' }, headers: who });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'quote_not_found');
    const quote = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['late.com'] }, headers: who });
    const elsewhere = await call(service.url, '/v1/hot-buyers', { body: { quote_id: quote.body.quote_id }, headers: who });
    assert.equal(elsewhere.body.code, 'quote_not_found', 'a quote belongs to its endpoint');
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    const expired = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
    assert.equal(expired.status, 410);
    assert.equal(expired.body.code, 'quote_expired');

    // Housekeeping keeps an expired quote two days, then deletes it: step 2 answers quote_not_found.
    const expiresAt = Date.parse(quote.body.expires_at);
    const housekeeping = createHousekeeping({ store: service.store, now: () => new Date(expiresAt + QUOTE_GRACE_MS - 1), intervalMs: 0 });
    assert.equal((await housekeeping.runOnce()).quotes, 0);
    clock = new Date(expiresAt + QUOTE_GRACE_MS + 1);
    assert.ok((await createHousekeeping({ store: service.store, now: () => clock, intervalMs: 0 }).runOnce()).quotes >= 1);
    const forgotten = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
    assert.equal(forgotten.status, 404);
    assert.equal(forgotten.headers.get('content-type'), 'application/problem+json');
    assert.equal(forgotten.body.code, 'quote_not_found');
    assert.equal(forgotten.headers.get('x-usage-charged-micro-usd'), '0');
  });

  it('allows 3 free scans per day, not counting a scan that failed', async () => {
    const who = newCaller();
    failNext = true;
    const failed = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['f.com'] }, headers: who });
    assert.equal(failed.body.code, 'engine_failed');
    for (let i = 0; i < 3; i++)
      assert.equal((await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: [`s${i}.com`] }, headers: who })).status, 200);
    const fourth = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['s4.com'] }, headers: who });
    assert.equal(fourth.status, 429);
    assert.equal(fourth.body.code, 'scan_quota');
    assert.ok(Number(fourth.headers.get('retry-after')) > 0);
    const single = await call(service.url, '/v1/tech-stack', { body: { domain: 'single.com' }, headers: who });
    assert.equal(single.status, 200, 'single tools still work');
  });
});
