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

describe('config: the money and repeat-cost settings', () => {
  it('FREE_CALL_HELD_WAIT_MS and NOT_OK_MEMORY_MS default, take 0 and refuse what is not whole milliseconds up to 10 minutes', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.freeCallHeldWaitMs, 30_000);
    assert.equal(defaults.notOkMemoryMs, 60_000);
    assert.equal(loadConfig({ FREE_CALL_HELD_WAIT_MS: '0' }).freeCallHeldWaitMs, 0);
    assert.equal(loadConfig({ NOT_OK_MEMORY_MS: '0' }).notOkMemoryMs, 0);
    for (const name of ['FREE_CALL_HELD_WAIT_MS', 'NOT_OK_MEMORY_MS']) {
      for (const bad of ['-1', '1.5', 'soon', '600001']) assert.throws(() => loadConfig({ [name]: bad }), new RegExp(name));
    }
  });

  it('NOT_OK_PER_HOUR defaults to 200, turns the limit off with 0 and refuses what is not a whole count', () => {
    assert.equal(loadConfig({}).notOkPerHour, 200);
    assert.equal(loadConfig({ NOT_OK_PER_HOUR: '0' }).notOkPerHour, null);
    assert.equal(loadConfig({ NOT_OK_PER_HOUR: '50' }).notOkPerHour, 50);
    for (const bad of ['-1', '2.5', 'many', '1000001']) assert.throws(() => loadConfig({ NOT_OK_PER_HOUR: bad }), /NOT_OK_PER_HOUR/);
  });

  it('CALLER_IPV6_PREFIX defaults to 64, takes 1 to 128 (with or without a slash) and refuses anything else', () => {
    assert.equal(loadConfig({}).callerIpv6PrefixLength, 64);
    assert.equal(loadConfig({ CALLER_IPV6_PREFIX: '56' }).callerIpv6PrefixLength, 56);
    assert.equal(loadConfig({ CALLER_IPV6_PREFIX: '/48' }).callerIpv6PrefixLength, 48);
    assert.equal(loadConfig({ CALLER_IPV6_PREFIX: '128' }).callerIpv6PrefixLength, 128);
    for (const bad of ['0', '129', '64.5', 'wide']) assert.throws(() => loadConfig({ CALLER_IPV6_PREFIX: bad }), /CALLER_IPV6_PREFIX/);
  });

  it('the parse pool settings refuse values outside their ranges', () => {
    for (const [name, bad] of [
      ['PARSE_POOL_THREADS', '0'],
      ['PARSE_POOL_THREADS', '65'],
      ['PARSE_DEADLINE_MS', '99'],
      ['PARSE_DEADLINE_MS', 'x'],
      ['PARSE_POOL_MAX_QUEUE', '-1'],
    ]) {
      assert.throws(() => loadConfig({ [name]: bad }), new RegExp(name), `${name}=${bad}`);
    }
    assert.equal(loadConfig({ PARSE_DEADLINE_MS: '2000' }).parse.deadlineMs, 2000);
  });
});
