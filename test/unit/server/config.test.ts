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

describe('config: HTTP_COALESCE_ANSWERS', () => {
  it('is on by default, turns off with 0/false/off/no, and refuses anything else', () => {
    assert.equal(loadConfig({}).coalesceAnswers, true);
    for (const on of ['1', 'true', 'ON', 'yes']) assert.equal(loadConfig({ HTTP_COALESCE_ANSWERS: on }).coalesceAnswers, true, on);
    for (const off of ['0', 'false', 'Off', 'no']) assert.equal(loadConfig({ HTTP_COALESCE_ANSWERS: off }).coalesceAnswers, false, off);
    assert.throws(() => loadConfig({ HTTP_COALESCE_ANSWERS: 'sometimes' }), /HTTP_COALESCE_ANSWERS/);
  });
});
