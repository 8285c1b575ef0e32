import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endDate, findCodes } from '../../../../engines/promo/codes.ts';

const NOW = new Date('2026-05-04T13:00:00Z');
const codes = (text: string) => findCodes(text, { now: NOW }).map((found) => found.code);

describe('promo codes in text', () => {
  const cases: [string, string[]][] = [
    ['Spring sale: 20% off everything with code SPRING20 until May 31, 2026.', ['SPRING20']],
    ['Use code WELCOME for your first order', ['WELCOME']],
    ['Use SAVE15 at checkout for 15% off', ['SAVE15']],
    ['Take $10 off orders over $75 with coupon "tenoff75"', ['tenoff75']],
    ['Promo code: FREESHIP — free delivery this week', ['FREESHIP']],
    ['USE CODE FALL25 FOR 25% OFF', ['FALL25']],
    // not codes
    ['Enter code at checkout to save', []],
    ['Enter WELCOME at checkout', []],
    ['PROMO ENDS SOON', []],
    ['REDEEM POINTS FOR REWARDS', []],
    ['Our code of conduct applies to all orders', []],
    ['Use the coupon in your account', []],
    ['Call 555-0100 to use 2 codes', []],
    // expired or ended
    ['Winter clearance: code WINTER10 has expired.', []],
    ['5% off with code APRIL5, valid through April 30, 2026.', []],
    ['Code NEWYEAR26 expires 2026-01-15', []],
    ['Code LATER26 ends June 1', ['LATER26']],
  ];
  for (const [text, expected] of cases) it(`${JSON.stringify(text)} → ${JSON.stringify(expected)}`, () => assert.deepEqual(codes(text), expected));

  it('keeps the sentence, whether it states a discount, and the largest percentage', () => {
    const [found] = findCodes('New here? Get 10% off, or 15% off over $100, with code HELLO15. Shipping is extra.', { now: NOW });
    assert.deepEqual(found, { code: 'HELLO15', sentence: 'Get 10% off, or 15% off over $100, with code HELLO15.', statesDiscount: true, percentOff: 15 });
    assert.equal(findCodes('Use code BUNDLE3 to get three jars for the price of two.', { now: NOW })[0].statesDiscount, false);
  });

  it('lists a code once, case-insensitively', () => {
    assert.deepEqual(codes('Use code SUMMER10 today. Reminder: code summer10 works on sale items, use "Summer10".'), ['SUMMER10']);
  });

  it('reads end dates in three forms, the year defaulting to this one', () => {
    assert.equal(endDate('valid until 2026-05-31', NOW), Date.UTC(2026, 4, 31));
    assert.equal(endDate('ends 3 June', NOW), Date.UTC(2026, 5, 3));
    assert.equal(endDate('through Sept. 2nd, 2027', NOW), Date.UTC(2027, 8, 2));
    assert.equal(endDate('no date here', NOW), null);
  });
});
