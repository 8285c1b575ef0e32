import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createFreeCall } from '../../../../server/metering/free-call.ts';
import { fingerprint } from '../../../../server/metering/fingerprint.ts';
import { utcDay } from '../../../../server/metering/day.ts';
import { ServiceError } from '../../../../server/problem.ts';
import type { Run } from '../../../../server/metering/types.ts';
import { fakeFacilitator, meterDeps, techStackCall, testClock } from './meter-deps.ts';

const extras = { quote: null, offerQuote: () => {} };
const IP = '198.51.100.7';

describe('free call: leased before it runs, a use only when its result is ok', () => {
  async function setup() {
    const clock = testClock('2026-11-24T12:00:00Z');
    const { facilitator, calls } = fakeFacilitator();
    const deps = await meterDeps({ facilitator, now: clock.now });
    const remaining = async () => (await deps.quota.usage(IP, clock.now())).remaining;
    /** One free call of `domain` as the meter makes it: its input's row begun, a free call leased, then run. */
    async function freeOnce(domain: string, run: Run, payment: { meta: unknown } | null = null) {
      const call = techStackCall(domain, { ip: IP, payment });
      const fp = fingerprint(call.operation.operationId, call.input, call.tier);
      const rows = deps.ownRows(fp, [{ key: `auto:${utcDay(clock.now())}:${fp}`, keepsNotOk: false }]);
      assert.equal((await rows.begin({ ip: IP }, clock.now())).state, 'started');
      const taken = await deps.quota.take(IP, clock.now(), { wait: false });
      assert.ok(taken.lease, 'a free call was left');
      try {
        return { call, fp, outcome: await createFreeCall(deps)(call, run, extras, call.operation.priceMicroUsd, rows, taken.lease) };
      } finally {
        await rows.abandon();
      }
    }
    const beginAgain = (fp: string) => deps.ownRows(fp, [{ key: `auto:${utcDay(clock.now())}:${fp}`, keepsNotOk: false }]).begin({ ip: IP }, clock.now());
    return { clock, deps, calls, remaining, freeOnce, beginAgain };
  }

  it('holds the free call while it runs and makes it one use with its ledger entry and stored answer; the input never gets a second one', async () => {
    const { deps, remaining, freeOnce, beginAgain } = await setup();
    let during = -1;
    const { outcome, call, fp } = await freeOnce('free.com', async () => ((during = await remaining()), { domain: 'free.com', status: 'ok' }));
    assert.equal(during, 4, 'leased before the run');
    assert.equal(outcome.kind, 'result');
    assert.deepEqual(outcome.headers, {});
    assert.equal(call.usage.charge, 'free_use');
    assert.equal(await remaining(), 4, 'one use');
    const ledger = await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER });
    assert.deepEqual(
      ledger.map((entry) => [entry.kind, entry.amountMicroUsd, entry.caller, entry.payer]),
      [['free_use', 5000, IP, null]],
    );
    const again = await beginAgain(fp);
    assert.equal(again.state, 'done', "the input's row was finished with the use: a repeat replays, it takes no second free call");
    assert.deepEqual(again.state === 'done' && again.response.body, { domain: 'free.com', status: 'ok' });
    assert.equal(await remaining(), 4);
  });

  it('gives the free call back when the result is not ok, remembers the result and keeps no row, so the input may be tried again', async () => {
    const { deps, clock, remaining, freeOnce, beginAgain } = await setup();
    let during = -1;
    const { outcome, call, fp } = await freeOnce('none.com', async () => ((during = await remaining()), { domain: 'none.com', status: 'no_signals' }));
    assert.equal(during, 4);
    assert.deepEqual(outcome.body, { domain: 'none.com', status: 'no_signals' });
    assert.equal(call.usage.charge, undefined);
    assert.equal(await remaining(), 5, 'given back');
    assert.deepEqual(await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER }), []);
    assert.deepEqual(await deps.notOk.recent(fp, clock.now()), { domain: 'none.com', status: 'no_signals' });
    assert.equal((await beginAgain(fp)).state, 'started');
  });

  it('gives the free call back when the run fails; a deadline that passed is remembered, another failure is not', async () => {
    const { deps, clock, remaining, freeOnce } = await setup();
    await assert.rejects(
      freeOnce('slow.com', async () => {
        throw new ServiceError('deadline_exceeded', { detail: 'stalled' });
      }),
      (error: ServiceError) => error.code === 'deadline_exceeded',
    );
    assert.equal(await remaining(), 5);
    const slow = techStackCall('slow.com');
    await assert.rejects(
      deps.notOk.recent(fingerprint(slow.operation.operationId, slow.input, slow.tier), clock.now()),
      (error: ServiceError) => error.code === 'deadline_exceeded',
    );
    await assert.rejects(
      freeOnce('broken.com', async () => {
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await remaining(), 5);
    const broken = techStackCall('broken.com');
    assert.equal(await deps.notOk.recent(fingerprint(broken.operation.operationId, broken.input, broken.tier), clock.now()), null);
  });

  it('says a payment sent with a free call was not used, and never looks at it', async () => {
    const { calls, freeOnce } = await setup();
    const { outcome, call } = await freeOnce('unused.com', async () => ({ status: 'ok' }), { meta: { not: 'even decoded' } });
    assert.equal(outcome.headers['X-Payment-Unused'], 'free_call');
    assert.deepEqual(calls, { verify: 0, settle: 0 });
    assert.equal(call.usage.chargedMicroUsd, 0);
  });

  it("asks for payment, giving nothing free, when the lease went stale while it ran and the caller's other calls took every free call", async () => {
    const { deps, clock, remaining, freeOnce } = await setup();
    const { outcome, call } = await freeOnce('stale.com', async () => {
      clock.advance(121_000);
      for (let i = 0; i < 5; i++) {
        const other = await deps.quota.take(IP, clock.now(), { wait: false });
        assert.ok(other.lease, `free call ${i + 1} of the others`);
        assert.ok(await other.lease.commit());
      }
      return { status: 'ok' };
    });
    assert.equal(outcome.status, 402);
    assert.equal(outcome.kind, 'payment_required');
    assert.match((outcome.body as any).error, /free calls of today were used by your other calls while this one ran/);
    assert.equal(call.usage.charge, undefined);
    assert.equal(await remaining(), 0, 'five uses, not six');
    assert.deepEqual(await deps.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER }), []);
  });
});
