import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { createFreeCall } from '../../../../server/metering/free-call.ts';
import { createPaidCall } from '../../../../server/metering/paid-call.ts';
import { createPricedCall } from '../../../../server/metering/priced-call.ts';
import type { ServiceError } from '../../../../server/problem.ts';
import type { MeteredCall } from '../../../../server/metering/types.ts';
import { fakeFacilitator, meterDeps, signedPayment, techStackCall, testClock } from './meter-deps.ts';

const IP = '198.51.100.7';

describe('priced call: a stored answer, then a remembered result that is not ok, then a free call, a payment or a 402', () => {
  async function setup({ start, payments = true }: { start?: string; payments?: boolean } = {}) {
    const clock = testClock(start);
    const { facilitator, calls } = fakeFacilitator();
    const deps = await meterDeps({ facilitator, now: clock.now });
    if (!payments) deps.payments = null;
    const priced = createPricedCall(deps, { freeCall: createFreeCall(deps), paidCall: createPaidCall(deps) });
    const runs: string[] = [];
    const status = new Map<string, string>();
    const price = (call: MeteredCall) =>
      priced(
        call,
        async () => (runs.push(String(call.input.domain)), { domain: call.input.domain, status: status.get(String(call.input.domain)) ?? 'ok' }),
        call.operation.priceMicroUsd,
        null,
      );
    const remaining = async (ip = IP) => (await deps.quota.usage(ip, clock.now())).remaining;
    return { clock, deps, calls, price, runs, status, remaining };
  }

  it("replays the caller's stored answer of the same input today without a charge, whatever key or payment is sent; a new day runs it again", async () => {
    const { clock, calls, price, runs, remaining } = await setup({ start: '2026-11-24T12:00:00Z' });
    assert.equal((await price(techStackCall('same.com'))).kind, 'result');
    const payment = await signedPayment();
    const repeat = techStackCall('same.com', { payment: payment.meta });
    repeat.idempotencyKey = 'a-new-key';
    const replayed = await price(repeat);
    assert.equal(replayed.kind, 'replay');
    assert.equal(replayed.headers['X-Idempotent-Replay'], 'true');
    assert.equal(replayed.headers['X-Payment-Unused'], 'replay');
    assert.deepEqual(replayed.body, { domain: 'same.com', status: 'ok' });
    assert.equal(repeat.usage.chargedMicroUsd, 0);
    assert.deepEqual(calls, { verify: 0, settle: 0 }, 'the payment was not looked at');
    assert.deepEqual(runs, ['same.com']);
    assert.equal(await remaining(), 4, 'one free use for the input');
    clock.advance(86_400_000);
    assert.equal((await price(techStackCall('same.com'))).kind, 'result');
    assert.deepEqual(runs, ['same.com', 'same.com'], 'a new UTC day is a new call');
  });

  it('answers a remembered result that is not ok at once, for any caller, running nothing and taking no free call', async () => {
    const { deps, price, runs, status, remaining } = await setup();
    status.set('none.com', 'no_signals');
    await price(techStackCall('none.com'));
    const other = await price(techStackCall('none.com', { ip: '203.0.113.5' }));
    assert.equal(other.kind, 'result');
    assert.deepEqual(other.body, { domain: 'none.com', status: 'no_signals' });
    assert.deepEqual(runs, ['none.com'], 'run once');
    assert.equal(await remaining(), 5);
    assert.equal(await remaining('203.0.113.5'), 5);
    assert.deepEqual(await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER }), []);
  });

  it('with no free call left and no payment, answers 402 with the terms at the price, running nothing', async () => {
    const { price, runs } = await setup();
    for (const domain of ['a.com', 'b.com', 'c.com', 'd.com', 'e.com']) assert.equal((await price(techStackCall(domain))).kind, 'result');
    const call = techStackCall('f.com');
    const outcome = await price(call);
    assert.equal(outcome.status, 402);
    assert.equal(outcome.kind, 'payment_required');
    const terms = decodePaymentRequiredHeader(outcome.headers['PAYMENT-REQUIRED']);
    assert.equal(terms.accepts[0].amount, '5000');
    assert.equal(terms.resource.url, call.resource.url);
    assert.match(terms.error ?? '', /PAYMENT-SIGNATURE header is required: the 5 free calls of today are used/);
    assert.equal(outcome.headers['Cache-Control'], 'no-store');
    assert.deepEqual(runs, ['a.com', 'b.com', 'c.com', 'd.com', 'e.com']);
    assert.equal(call.usage.priceMicroUsd, 5000);
  });

  it('says network_not_enabled instead of a 402 when the deployment takes no payments', async () => {
    const { price } = await setup({ payments: false });
    for (const domain of ['a.com', 'b.com', 'c.com', 'd.com', 'e.com']) await price(techStackCall(domain));
    await assert.rejects(
      price(techStackCall('f.com')),
      (error: ServiceError) => error.code === 'network_not_enabled' && /The 5 free calls of today are used/.test(error.detail),
    );
  });

  it('a free call comes before a payment (left unused); once they are used the payment is settled', async () => {
    const { calls, price, remaining } = await setup();
    const free = techStackCall('first.com', { payment: (await signedPayment()).meta });
    assert.equal((await price(free)).headers['X-Payment-Unused'], 'free_call');
    assert.equal(calls.settle, 0);
    for (const domain of ['b.com', 'c.com', 'd.com', 'e.com']) await price(techStackCall(domain));
    assert.equal(await remaining(), 0);
    const paid = techStackCall('paid.com', { payment: (await signedPayment()).meta });
    const outcome = await price(paid);
    assert.equal(outcome.kind, 'result');
    assert.equal(outcome.headers['X-Payment-Unused'], undefined);
    assert.equal(calls.settle, 1);
    assert.equal(paid.usage.chargedMicroUsd, 5000);
  });

  it('refuses step 2 of a paid quote without a payment', async () => {
    const { deps, clock } = await setup();
    const call = techStackCall('quoted.com');
    const quote = {
      id: 'q_1',
      operation: 'techStack',
      caller: IP,
      priceMicroUsd: 5000,
      billableCount: 1,
      payload: null,
      createdAt: clock.now().getTime(),
      expiresAt: clock.now().getTime() + 60_000,
      paidAt: clock.now().getTime(),
      txHash: null,
      claimedBy: null,
    };
    const priced = createPricedCall(deps, { freeCall: createFreeCall(deps), paidCall: createPaidCall(deps) });
    await assert.rejects(
      priced(call, async () => assert.fail('ran'), 5000, quote),
      (error: ServiceError) => error.code === 'quote_not_found' && /already paid/.test(error.detail),
    );
  });
});
