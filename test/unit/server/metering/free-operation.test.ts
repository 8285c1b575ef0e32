import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationById } from '../../../../server/contract.ts';
import { ADVISOR_WINDOW_MS, createFreeOperation } from '../../../../server/metering/free-operation.ts';
import type { ServiceError } from '../../../../server/problem.ts';
import type { MeteredCall } from '../../../../server/metering/types.ts';
import { fakeFacilitator, meterDeps, testClock } from './meter-deps.ts';

const advisor = operationById('advisor')!;
const IP = '198.51.100.7';

function advisorCall(sample: string, { ip = IP, idempotencyKey = null as string | null, payment = null as MeteredCall['payment'] } = {}): MeteredCall {
  return {
    operation: advisor,
    input: { sample_domain: sample },
    tier: 'single',
    idempotencyKey,
    ip,
    requestId: `req-${sample}`,
    resource: { url: `https://svc${advisor.path}`, description: 'advisor' },
    payment,
    transport: 'http',
    usage: { priceMicroUsd: 0, chargedMicroUsd: 0 },
  };
}

describe('free operation (the advisor): rate limited per caller per rolling hour, never a free call', () => {
  async function setup() {
    const clock = testClock('2026-11-24T12:00:00Z');
    const { facilitator, calls } = fakeFacilitator();
    const deps = await meterDeps({ facilitator, now: clock.now });
    const free = createFreeOperation(deps, { advisorPerHour: 3 });
    let runs = 0;
    const ask = (call: MeteredCall) => free(call, async () => (runs++, { advice: call.input.sample_domain }));
    return { clock, deps, calls, ask, runs: () => runs };
  }
  const limited = (seconds: number) => (error: ServiceError) =>
    error.code === 'advisor_rate_limit' && error.headers?.['Retry-After'] === String(seconds) && (error.extra as any)?.retry_after_seconds === seconds;

  it('answers advisorPerHour calls per caller in a rolling hour, then refuses with the seconds until the oldest leaves', async () => {
    const { clock, ask, runs } = await setup();
    for (let i = 0; i < 3; i++) {
      assert.equal((await ask(advisorCall(`s${i}.com`))).status, 200);
      clock.advance(10 * 60_000);
    }
    // Calls at 0, 10 and 20 minutes; now is 30 minutes: the first leaves the window in 30 minutes.
    await assert.rejects(ask(advisorCall('s3.com')), limited(30 * 60));
    assert.equal(runs(), 3, 'a refused call runs nothing');
    assert.equal((await ask(advisorCall('other.com', { ip: '203.0.113.5' }))).status, 200, 'per caller');
    clock.advance(ADVISOR_WINDOW_MS - 30 * 60_000);
    assert.equal((await ask(advisorCall('s4.com'))).status, 200, 'the oldest call left the window');
    await assert.rejects(ask(advisorCall('s5.com')), limited(10 * 60));
  });

  it('never uses a free call, a scan or a payment, and records nothing in the ledger', async () => {
    const { clock, deps, calls, ask } = await setup();
    await ask(advisorCall('a.com', { payment: { meta: { not: 'looked at' } } }));
    await ask(advisorCall('a.com'));
    assert.equal((await deps.quota.usage(IP, clock.now())).remaining, 5);
    assert.equal((await deps.quota.scanUsage(IP, clock.now())).remaining, 3);
    assert.deepEqual(calls, { verify: 0, settle: 0 });
    assert.deepEqual(await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER }), []);
  });

  it('runs every call without a key (no replay of the same input); a key replays its answer and conflicts on another input', async () => {
    const { clock, ask, runs } = await setup();
    await ask(advisorCall('same.com'));
    assert.equal((await ask(advisorCall('same.com'))).kind, 'result');
    assert.equal(runs(), 2);
    clock.advance(ADVISOR_WINDOW_MS);
    assert.equal((await ask(advisorCall('keyed.com', { idempotencyKey: 'k1' }))).kind, 'result');
    await assert.rejects(ask(advisorCall('else.com', { idempotencyKey: 'k1' })), (error: ServiceError) => error.code === 'idempotency_conflict');
    assert.equal(runs(), 3);
  });

  it('counts a keyed replay against the hour too', async () => {
    const { ask, runs } = await setup();
    assert.equal((await ask(advisorCall('keyed.com', { idempotencyKey: 'k2' }))).kind, 'result');
    const again = await ask(advisorCall('keyed.com', { idempotencyKey: 'k2' }));
    assert.equal(again.kind, 'replay');
    assert.equal(again.headers['X-Idempotent-Replay'], 'true');
    assert.deepEqual(again.body, { advice: 'keyed.com' });
    await ask(advisorCall('third.com'));
    await assert.rejects(ask(advisorCall('fourth.com')), (error: ServiceError) => error.code === 'advisor_rate_limit');
    assert.equal(runs(), 2);
  });
});
