import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createPaidCall } from '../../../../server/metering/paid-call.ts';
import { fingerprint } from '../../../../server/metering/fingerprint.ts';
import { utcDay } from '../../../../server/metering/day.ts';
import type { ServiceError } from '../../../../server/problem.ts';
import type { Store } from '../../../../server/store/types.ts';
import { fakeFacilitator, meterDeps, signedPayment, techStackCall } from './meter-deps.ts';

const ok = (domain: string) => async () => ({ domain, status: 'ok' });
const extras = { quote: null, offerQuote: () => {} };

/** Every scope the paid call begins a request row under. */
function watchScopes(store: Store) {
  const scopes: string[] = [];
  const begin = store.requests.begin.bind(store.requests);
  store.requests.begin = (input) => (scopes.push(input.scope), begin(input));
  return scopes;
}

describe('paid call: verify -> claim -> run -> settle -> record', () => {
  async function paidOnce(deps: Awaited<ReturnType<typeof meterDeps>>, domain: string, payment: { meta: unknown }, ip = '198.51.100.7') {
    const call = techStackCall(domain, { ip, payment });
    const fp = fingerprint(call.operation.operationId, call.input, call.tier);
    const rows = deps.ownRows(fp, [{ key: `auto:${utcDay(new Date())}:${fp}`, keepsNotOk: false }]);
    try {
      return { call, outcome: await createPaidCall(deps)(call, ok(domain), extras, call.operation.priceMicroUsd, rows, fp) };
    } finally {
      await rows.abandon();
    }
  }

  it('settles a verified payment once and records it with the proven payer', async () => {
    const { facilitator, calls } = fakeFacilitator();
    const deps = await meterDeps({ facilitator });
    const payment = await signedPayment();
    const { outcome, call } = await paidOnce(deps, 'paid.com', payment.meta);
    assert.equal(outcome.kind, 'result');
    assert.equal(calls.settle, 1);
    assert.equal(call.usage.chargedMicroUsd, 5000);
    const [entry] = await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
    assert.equal(entry.payer, payment.address);
  });

  it("refuses a payment claiming a payer that bought the input, with a signature it cannot prove, before any payer's row is read", async () => {
    const { facilitator, calls } = fakeFacilitator({ isValid: false, invalidReason: 'invalid_exact_evm_payload_signature' });
    const deps = await meterDeps({ facilitator });
    const scopes = watchScopes(deps.store);
    const forged = await signedPayment();
    (forged.payload.payload as any).signature = `0x${randomBytes(97).toString('hex')}`;
    await assert.rejects(paidOnce(deps, 'bought.com', forged.meta, '203.0.113.9'), (error: ServiceError) => error.code === 'invalid_payment');
    assert.deepEqual(scopes, [], 'no row of any payer was begun');
    assert.equal(calls.verify, 1, 'the facilitator was asked about the longer signature');
    assert.equal(calls.settle, 0);
  });

  it('answers a verified payer that bought the input today with that answer, its new authorization unused and the receipt the original one', async () => {
    const { facilitator, calls } = fakeFacilitator();
    const deps = await meterDeps({ facilitator });
    const key = `0x${randomBytes(32).toString('hex')}` as const;
    await paidOnce(deps, 'twice.com', (await signedPayment(key)).meta, '198.51.100.1');
    const { outcome, call } = await paidOnce(deps, 'twice.com', (await signedPayment(key)).meta, '198.51.100.2');
    assert.equal(outcome.kind, 'replay');
    assert.equal(outcome.headers['X-Payment-Unused'], 'replay');
    assert.equal(calls.settle, 1, 'settled once');
    assert.equal(call.usage.chargedMicroUsd, 0);
  });

  it('says an authorization is already used only once it was settled; one whose call ended not ok was never settled', async () => {
    const deps = await meterDeps();
    const settled = await signedPayment();
    await paidOnce(deps, 'first.com', settled.meta);
    await assert.rejects(
      paidOnce(deps, 'second.com', settled.meta),
      (error: ServiceError) => error.code === 'payment_reused' && /already used: it was settled/.test(error.detail),
    );

    const unsettled = await signedPayment();
    const call = techStackCall('none.com', { payment: unsettled.meta });
    const fp = fingerprint(call.operation.operationId, call.input, call.tier);
    const rows = deps.ownRows(fp, [{ key: `auto:x:${fp}`, keepsNotOk: false }]);
    const notOk = await createPaidCall(deps)(call, async () => ({ domain: 'none.com', status: 'no_signals' }), extras, 5000, rows, fp);
    assert.equal((notOk.body as any).status, 'no_signals');
    await assert.rejects(
      paidOnce(deps, 'third.com', unsettled.meta),
      (error: ServiceError) =>
        error.code === 'invalid_payment' && /ended without a charge \(it was not settled\)/.test(error.detail) && !/already used/.test(error.detail),
    );
  });

  it('refuses a payment signed for another operation of the same price', async () => {
    const deps = await meterDeps();
    const payment = await signedPayment();
    (payment.payload as any).resource.url = 'https://svc/v1/verify-merchant';
    await assert.rejects(
      paidOnce(deps, 'resource.com', payment.meta),
      (error: ServiceError) => error.code === 'invalid_payment' && /resource/.test(error.detail),
    );
  });
});
