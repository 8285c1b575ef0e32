import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createUnpaidPacing } from '../../../../server/fair-share/unpaid-pacing.ts';

describe('pacing of answers without a result', () => {
  it('sends a caller its first answers at once and holds back each one past the rate, per caller, for the window', () => {
    let clock = 0;
    const pacing = createUnpaidPacing({ freeAnswers: 3, windowMs: 1_000, delayMs: 250, now: () => clock });
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => pacing.delayFor('flood')),
      [0, 0, 0, 250, 250],
    );
    assert.equal(pacing.delayFor('other'), 0, 'another caller is not held back');
    clock = 1_000;
    assert.equal(pacing.delayFor('flood'), 0, 'a new window starts afresh');
  });

  it('remembers a bounded number of callers', () => {
    const pacing = createUnpaidPacing({ maxCallers: 100, now: () => 0 });
    for (let index = 0; index < 1_000; index++) pacing.delayFor(`caller-${index}`);
    assert.ok(pacing.size <= 100);
  });
});
