import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationById } from '../../../../server/contract.ts';
import { createFreeCall } from '../../../../server/metering/free-call.ts';
import { createPaidCall } from '../../../../server/metering/paid-call.ts';
import { createPricedCall } from '../../../../server/metering/priced-call.ts';
import { createQuotes } from '../../../../server/metering/quotes.ts';
import type { ServiceError } from '../../../../server/problem.ts';
import type { MeteredCall, Run } from '../../../../server/metering/types.ts';
import { fakeFacilitator, meterDeps, signedPayment, testClock } from './meter-deps.ts';

const batch = operationById('batch')!;
const IP = '198.51.100.7';

function batchCall(input: Record<string, unknown>, { ip = IP, payment = null as MeteredCall['payment'] } = {}): MeteredCall {
  return {
    operation: batch,
    input,
    tier: 'single',
    idempotencyKey: null,
    ip,
    requestId: 'req-batch',
    resource: { url: `https://svc${batch.path}`, description: batch.offerId! },
    payment,
    transport: 'http',
    usage: { priceMicroUsd: 0, chargedMicroUsd: 0 },
  };
}

describe('quotes: step 1 stores a quote with its price, step 2 pays exactly it, once', () => {
  async function setup(start?: string) {
    const clock = testClock(start);
    const { facilitator, calls } = fakeFacilitator();
    const deps = await meterDeps({ facilitator, now: clock.now });
    const quotes = createQuotes(deps, {
      quoteLifetimeMs: 60_000,
      priced: createPricedCall(deps, { freeCall: createFreeCall(deps), paidCall: createPaidCall(deps) }),
    });
    const scans: string[] = [];
    /** Step 1 of `domains`, offering `price` for them. */
    const stepOne = (domains: string[], price = 10_000 * domains.length, ip = IP) =>
      quotes.stepOne(batchCall({ tool: 'tech-stack', domains }, { ip }), async ({ offerQuote }) => {
        scans.push(domains.join());
        offerQuote({ priceMicroUsd: price, billableCount: domains.length, payload: { domains } });
        return { status: 'quote' };
      });
    const paidRun =
      (seen: string[]): Run =>
      async ({ quote }) => (seen.push(quote!.id), { status: 'ok', results: [] });
    const scansLeft = async (ip = IP) => (await deps.quota.scanUsage(ip, clock.now())).remaining;
    return { clock, deps, calls, quotes, stepOne, scans, paidRun, scansLeft };
  }
  const payFor = async (price: number) => (await signedPayment(undefined, { operation: batch, priceMicroUsd: price })).meta;

  it('step 1 uses a scan and stores a quote with its price; its repeat today sends the same quote without a scan', async () => {
    const { deps, clock, stepOne, scans, scansLeft } = await setup();
    const first = await stepOne(['a.com', 'b.com', 'c.com']);
    const body = first.body as any;
    assert.equal(body.price_micro_usd, 30_000);
    assert.equal(body.billable_count, 3);
    const stored = await deps.store.quotes.get(body.quote_id);
    assert.equal(stored?.priceMicroUsd, 30_000);
    assert.equal(stored?.caller, IP);
    assert.equal(stored?.expiresAt, clock.now().getTime() + 60_000);
    assert.equal(await scansLeft(), 2);
    const repeat = await stepOne(['a.com', 'b.com', 'c.com']);
    assert.equal(repeat.kind, 'replay');
    assert.equal((repeat.body as any).quote_id, body.quote_id);
    assert.deepEqual(scans, ['a.com,b.com,c.com']);
    assert.equal(await scansLeft(), 2);
  });

  it('gives the scan back when step 1 offers no valid price (0, or above $1), and refuses once the scans are used', async () => {
    const { stepOne, scansLeft } = await setup();
    for (const price of [0, 1_000_001]) await assert.rejects(stepOne(['x.com'], price), (error: ServiceError) => error.code === 'invalid_engine_result');
    assert.equal(await scansLeft(), 3);
    for (const domain of ['a.com', 'b.com', 'c.com']) await stepOne([domain]);
    await assert.rejects(stepOne(['d.com']), (error: ServiceError) => error.code === 'scan_quota' && Number(error.headers?.['Retry-After']) > 0);
  });

  it('step 2 is paid exactly the quote: the list price is refused, the quoted one settles and is recorded', async () => {
    const { deps, calls, quotes, stepOne, paidRun } = await setup();
    const id = ((await stepOne(['a.com', 'b.com', 'c.com'])).body as any).quote_id;
    const seen: string[] = [];
    await assert.rejects(
      quotes.stepTwo(batchCall({ quote_id: id }, { payment: await payFor(batch.priceMicroUsd) }), paidRun(seen)),
      (error: ServiceError) => error.code === 'invalid_payment' && /amount must be exactly 30000/.test(error.detail),
    );
    const call = batchCall({ quote_id: id }, { payment: await payFor(30_000) });
    const outcome = await quotes.stepTwo(call, paidRun(seen));
    assert.equal(outcome.kind, 'result');
    assert.deepEqual(seen, [id], 'the run is given its quote');
    assert.equal(call.usage.chargedMicroUsd, 30_000);
    assert.equal(calls.settle, 1);
    assert.ok((await deps.store.quotes.get(id))?.paidAt);
    const ledger = await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
    assert.deepEqual(
      ledger.map((entry) => entry.amountMicroUsd),
      [30_000],
    );
  });

  it('step 2 without a payment answers 402 at the quoted price', async () => {
    const { quotes, stepOne } = await setup();
    const id = ((await stepOne(['a.com', 'b.com'])).body as any).quote_id;
    const outcome = await quotes.stepTwo(batchCall({ quote_id: id }), async () => assert.fail('ran'));
    assert.equal(outcome.status, 402);
    assert.equal((outcome.body as any).accepts[0].amount, '20000');
    assert.match((outcome.body as any).error, /step 2 is always paid/);
  });

  it('a quote is claimed by one payment: a second one while it runs, or after it was paid, is refused and never settled', async () => {
    const { calls, quotes, stepOne } = await setup();
    const id = ((await stepOne(['a.com'])).body as any).quote_id;
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = quotes.stepTwo(batchCall({ quote_id: id }, { payment: await payFor(10_000) }), async () => (entered(), await held, { status: 'ok' }));
    await running;
    await assert.rejects(
      quotes.stepTwo(batchCall({ quote_id: id }, { ip: '203.0.113.5', payment: await payFor(10_000) }), async () => assert.fail('ran')),
      (error: ServiceError) => error.code === 'quote_claimed',
    );
    finish();
    assert.equal((await first).kind, 'result');
    await assert.rejects(
      quotes.stepTwo(batchCall({ quote_id: id }, { ip: '203.0.113.6', payment: await payFor(10_000) }), async () => assert.fail('ran')),
      (error: ServiceError) => error.code === 'quote_not_found' && /already paid/.test(error.detail),
    );
    await assert.rejects(
      quotes.stepTwo(batchCall({ quote_id: id }, { ip: '203.0.113.6' }), async () => assert.fail('ran')),
      (error: ServiceError) => error.code === 'quote_not_found',
    );
    assert.equal(calls.settle, 1);
  });

  it('refuses an expired quote and an unknown one, free; step 1 then makes a new quote', async () => {
    const { clock, calls, quotes, stepOne, scans } = await setup('2026-11-24T12:00:00Z');
    const id = ((await stepOne(['a.com'])).body as any).quote_id;
    clock.advance(60_000);
    await assert.rejects(
      quotes.stepTwo(batchCall({ quote_id: id }, { payment: { meta: {} } }), async () => assert.fail('ran')),
      (error: ServiceError) => error.code === 'quote_expired',
    );
    await assert.rejects(
      quotes.stepTwo(batchCall({ quote_id: 'q_nope' }), async () => assert.fail('ran')),
      (error: ServiceError) => error.code === 'quote_not_found',
    );
    assert.deepEqual(calls, { verify: 0, settle: 0 });
    const renewed = ((await stepOne(['a.com'])).body as any).quote_id;
    assert.notEqual(renewed, id);
    assert.equal(scans.length, 2);
  });
});
