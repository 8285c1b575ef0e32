import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { comparisonOf, direction, nextReadings, readingsFrom, type HiringReading } from '../../../../engines/jobs/history.ts';
import { hiringTrend } from '../../../../handlers/companyIntent.ts';

const DAY = 86_400_000;
const T = Date.parse('2026-05-04T12:00:00Z');
const reading = (daysAgo: number, open_roles: number, intent_score: number | null = 40): HiringReading => ({
  at: T - daysAgo * DAY,
  open_roles,
  intent_score,
  engineering_support_roles: 0,
});

describe('hiring history', () => {
  it('direction: rising or falling by at least max(2, 20% rounded up), flat otherwise, unknown without an earlier count', () => {
    assert.equal(direction(12, 10), 'rising');
    assert.equal(direction(11, 10), 'flat');
    assert.equal(direction(8, 10), 'falling');
    assert.equal(direction(27, 22), 'rising', '20% of 22 is 4.4, so 5');
    assert.equal(direction(26, 22), 'flat');
    assert.equal(direction(3, 1), 'rising', 'at least 2 on a tiny board');
    assert.equal(direction(2, 1), 'flat');
    assert.equal(direction(5, null), 'unknown');
  });

  it('compares with the newest reading at least 7 days old, else the oldest at least a day old', () => {
    assert.equal(comparisonOf([reading(30, 1), reading(8, 2), reading(3, 3)], T)?.open_roles, 2);
    assert.equal(comparisonOf([reading(5, 4), reading(2, 5), reading(0.2, 6)], T)?.open_roles, 4);
    assert.equal(comparisonOf([reading(0.5, 6)], T), null, 'today is not earlier');
  });

  it('keeps one reading a day and reads what older versions stored', () => {
    const kept = nextReadings([reading(3, 1), reading(0.3, 2)], reading(0, 3));
    assert.deepEqual(
      kept.map((r) => r.open_roles),
      [1, 3],
    );
    assert.deepEqual(readingsFrom({ readings: [{ at: 1, open_roles: 2, engineering_support_roles: 0 }, { at: 'x' }, null] }), [
      { at: 1, open_roles: 2, engineering_support_roles: 0 },
    ]);
    assert.deepEqual(readingsFrom(null), []);
  });

  it('the trend lists earlier readings oldest first with dates and values', () => {
    const trend = hiringTrend([reading(20, 10, 50), reading(9, 12, 55), reading(0.1, 30, 90)], 15, T);
    assert.equal(trend.direction, 'rising');
    assert.deepEqual(trend.compared_with, { date: new Date(T - 9 * DAY).toISOString(), open_roles: 12, intent_score: 55 });
    assert.deepEqual(
      trend.history.map((s) => s.open_roles),
      [10, 12],
    );
    assert.deepEqual(hiringTrend([], 15, T), { direction: 'unknown', compared_with: null, history: [] });
  });
});
