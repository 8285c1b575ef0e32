import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../server/config.ts';

describe('config: HOUSEKEEPING_INTERVAL_MS', () => {
  it('defaults to 10 minutes, takes 0 (never) and refuses what is not whole milliseconds up to 10 minutes', () => {
    assert.equal(loadConfig({}).housekeepingIntervalMs, 600_000);
    assert.equal(loadConfig({ HOUSEKEEPING_INTERVAL_MS: '0' }).housekeepingIntervalMs, 0);
    assert.equal(loadConfig({ HOUSEKEEPING_INTERVAL_MS: '60000' }).housekeepingIntervalMs, 60_000);
    for (const bad of ['-1', '1.5', 'ten', '600001']) assert.throws(() => loadConfig({ HOUSEKEEPING_INTERVAL_MS: bad }), /HOUSEKEEPING_INTERVAL_MS/);
  });
});
