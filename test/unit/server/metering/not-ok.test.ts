import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openSqliteStore } from '../../../../server/store/sqlite.ts';
import { createNotOkMemory } from '../../../../server/metering/not-ok.ts';
import { fingerprint } from '../../../../server/metering/fingerprint.ts';
import { ServiceError } from '../../../../server/problem.ts';
import { techStackCall } from './meter-deps.ts';

describe('not-ok memory: results that are not ok answer again for a while, and are counted per IP', () => {
  it('remembers a result and a deadline that passed for memoryMs, whoever asks', async () => {
    const clock = { ms: Date.parse('2026-11-24T12:00:00Z') };
    const now = () => new Date(clock.ms);
    const notOk = createNotOkMemory({ store: await openSqliteStore({ path: ':memory:' }), memoryMs: 60_000, perHour: null, now });
    const call = techStackCall('none.com');
    const fp = fingerprint(call.operation.operationId, call.input, call.tier);
    assert.equal(await notOk.recent(fp, now()), null);
    await notOk.note(call, { result: { status: 'no_signals' } });
    assert.deepEqual(await notOk.recent(fp, now()), { status: 'no_signals' });
    clock.ms += 61_000;
    assert.equal(await notOk.recent(fp, now()), null, 'forgotten after memoryMs');
    await notOk.note(call, { failure: new ServiceError('deadline_exceeded', { detail: 'stalled' }) });
    await assert.rejects(
      notOk.recent(fp, now()),
      (error: ServiceError) => error.code === 'deadline_exceeded' && /Remembered outcome .* stalled/.test(error.detail),
    );
  });

  it('refuses a call once its IP had perHour calls that ended not ok in the rolling hour', async () => {
    const now = () => new Date('2026-11-24T12:00:00Z');
    const notOk = createNotOkMemory({ store: await openSqliteStore({ path: ':memory:' }), memoryMs: 0, perHour: 2, now });
    const call = techStackCall('none.com', { ip: '198.51.100.9' });
    await notOk.checkBudget(call.ip, now());
    await notOk.note(call, { result: { status: 'no_signals' } });
    await notOk.note(call, { result: { status: 'no_signals' } });
    await assert.rejects(notOk.checkBudget(call.ip, now()), (error: ServiceError) => error.code === 'not_ok_rate_limit');
    await notOk.checkBudget('198.51.100.10', now());
  });
});
