import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dayBounds, nextUtcMidnight, secondsUntil, utcDay } from '../../../../server/metering/day.ts';

describe('UTC day', () => {
  it('names the UTC day of a moment, at its edges and when the clock moves back', () => {
    const moments = [
      '2026-11-24T00:00:00.000Z',
      '2026-11-24T23:59:59.999Z',
      '2026-11-25T00:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
      '2026-11-24T10:00:00.000Z',
      '2024-02-29T23:30:00+01:00',
    ];
    assert.deepEqual(
      moments.map((at) => utcDay(new Date(at))),
      ['2026-11-24', '2026-11-24', '2026-11-25', '2026-11-23', '2026-11-24', '2024-02-29'],
    );
  });

  it('gives the next midnight, the day bounds and whole seconds until then', () => {
    const now = new Date('2026-11-24T23:59:58.500Z');
    assert.equal(nextUtcMidnight(now).toISOString(), '2026-11-25T00:00:00.000Z');
    assert.deepEqual(dayBounds(now), { from: Date.parse('2026-11-24T00:00:00Z'), to: Date.parse('2026-11-25T00:00:00Z') });
    assert.equal(secondsUntil(nextUtcMidnight(now), now), 2);
  });

  it('gives each moment its own day bounds when moments of different days alternate', () => {
    const moments = ['2026-11-24T23:59:59.999Z', '2026-11-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z', '2024-12-31T23:00:00Z', '2026-11-25T12:00:00Z'];
    for (const at of [...moments, ...moments.reverse()]) {
      const day = Date.parse(at.slice(0, 10) + 'T00:00:00Z');
      assert.deepEqual(dayBounds(new Date(at)), { from: day, to: day + 86_400_000 }, at);
      assert.equal(nextUtcMidnight(new Date(at)).getTime(), day + 86_400_000, at);
    }
  });
});
