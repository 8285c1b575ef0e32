/** b2b_vendor_stability_evaluator's judgement: stability thresholds, the kept readings, the health formula. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  baselineOf,
  engineeringSupportTrend,
  nextReadings,
  stabilityStatus,
  techStackSummary,
  vendorHealthScore,
  verifiedContactsAvailable,
  type HiringReading,
} from '../../../../engines/trust/vendor.ts';
import { contactsResult, intentResult, techResult } from './results.ts';

const DAY = 86_400_000;
const T = Date.parse('2026-05-04T12:00:00Z');
const reading = (daysAgo: number, open_roles: number): HiringReading => ({ at: T - daysAgo * DAY, open_roles, engineering_support_roles: 0 });

describe('vendor readings', () => {
  it('the baseline is the newest reading at least 7 days old', () => {
    const readings = [reading(30, 20), reading(9, 12), reading(6, 11), reading(1, 10)];
    assert.deepEqual(baselineOf(readings, T), reading(9, 12));
    assert.equal(baselineOf([reading(6.9, 5), reading(0, 5)], T), null);
    assert.deepEqual(baselineOf([reading(7, 5)], T), reading(7, 5));
  });

  it('keeps one reading per day (the newest wins), drops readings older than 180 days, at most 60', () => {
    assert.deepEqual(nextReadings([reading(200, 1), reading(10, 2), reading(0.5, 3)], reading(0, 4)), [reading(10, 2), reading(0, 4)]);
    const many = Array.from({ length: 90 }, (_, i) => reading(90 - i, i));
    const kept = nextReadings(many, reading(0, 99));
    assert.equal(kept.length, 60);
    assert.deepEqual(kept.at(-1), reading(0, 99));
    assert.ok(kept.every((entry, i) => i === 0 || entry.at > kept[i - 1].at));
  });
});

describe('stability status', () => {
  const board = (total_open_roles: number, extra = {}) =>
    intentResult({ total_open_roles, hiring_status: 'active_hiring', roles_posted_last_30_days: 2, ...extra });

  it('UNKNOWN without a read board (not_found, unreachable, none)', () => {
    assert.equal(stabilityStatus(null, reading(10, 8)), 'UNKNOWN');
    assert.equal(stabilityStatus(intentResult({ status: 'not_found' }), null), 'UNKNOWN');
    assert.equal(stabilityStatus(intentResult({ status: 'unreachable' }), null), 'UNKNOWN');
  });

  it('HIGH_RISK at half or less of an earlier reading of at least 4', () => {
    assert.equal(stabilityStatus(board(4), reading(8, 8)), 'HIGH_RISK');
    assert.equal(stabilityStatus(board(0, { status: 'no_open_jobs' }), reading(8, 4)), 'HIGH_RISK');
    assert.equal(stabilityStatus(board(1), reading(8, 3)), 'CONTRACTING', 'an earlier reading of 3 is too small for HIGH_RISK');
  });

  it('CONTRACTING at 80% or less of an earlier reading of at least 2', () => {
    assert.equal(stabilityStatus(board(8), reading(8, 10)), 'CONTRACTING');
    assert.equal(stabilityStatus(board(9), reading(8, 10)), 'STABLE');
    assert.equal(stabilityStatus(board(0, { status: 'no_open_jobs' }), reading(8, 1)), 'STABLE', 'an earlier reading of 1 says nothing');
  });

  it('GROWING at 120% and 2 more roles, or hypergrowth, or 10 roles posted in the last 30 days', () => {
    assert.equal(stabilityStatus(board(12), reading(8, 10)), 'GROWING');
    assert.equal(stabilityStatus(board(3), reading(8, 2)), 'STABLE', '+1 role is not growth');
    assert.equal(stabilityStatus(board(10, { hiring_status: 'hypergrowth' }), null), 'GROWING');
    assert.equal(stabilityStatus(board(30, { roles_posted_last_30_days: 10 }), null), 'GROWING');
    assert.equal(stabilityStatus(board(30, { roles_posted_last_30_days: 9 }), null), 'STABLE');
    assert.equal(stabilityStatus(board(8, { hiring_status: 'hypergrowth' }), reading(8, 10)), 'CONTRACTING', 'a fall outranks hypergrowth');
  });

  it('engineering and support trend: open engineering, data and support roles against an earlier stored reading, never from open roles alone', () => {
    const support = (daysAgo: number, roles: number): HiringReading => ({ at: T - daysAgo * DAY, open_roles: 20, engineering_support_roles: roles });
    const open = (roles: number) => intentResult({ function_breakdown: { engineering: roles, sales: 3 } });
    assert.equal(engineeringSupportTrend(open(5), [], T), 'unknown', 'open roles without an earlier reading say nothing of a trend');
    assert.equal(engineeringSupportTrend(open(5), [support(0.5, 1)], T), 'unknown', 'a reading of today is not an earlier one');
    assert.equal(engineeringSupportTrend(open(5), [support(8, 3)], T), 'more_open_roles', '+2 of 3');
    assert.equal(engineeringSupportTrend(open(4), [support(8, 3)], T), 'same_open_roles', '+1 is under max(2, 20%)');
    assert.equal(engineeringSupportTrend(open(10), [support(8, 14)], T), 'fewer_open_roles', '-4 of 14 (20% is 2.8, so 3)');
    assert.equal(
      engineeringSupportTrend(open(12), [support(30, 20), support(9, 10), support(2, 30)], T),
      'more_open_roles',
      'the newest reading at least 7 days old',
    );
    assert.equal(engineeringSupportTrend(open(5), [support(3, 9), support(2, 1)], T), 'fewer_open_roles', 'none 7 days old: the oldest at least a day old');
    assert.equal(engineeringSupportTrend(null, [support(8, 3)], T), 'unknown');
  });
});

describe('vendor health score', () => {
  const tech3 = techResult({ technology_count: 3 });
  it('0.4 x intent + trend + engineering/support + technologies + verified contacts', () => {
    const intent = intentResult({ intent_score: 50 });
    assert.equal(vendorHealthScore({ intent, status: 'GROWING', tech: tech3, contactsVerified: true }), 20 + 25 + 10 + 15 + 10);
    assert.equal(vendorHealthScore({ intent, status: 'STABLE', tech: techResult({ technology_count: 1 }), contactsVerified: false }), 20 + 15 + 10 + 8);
    assert.equal(
      vendorHealthScore({
        intent: intentResult({ intent_score: 0, function_breakdown: { sales: 1 } }),
        status: 'STABLE',
        tech: techResult({ status: 'blocked', technology_count: 0 }),
        contactsVerified: null,
      }),
      15,
    );
    assert.equal(vendorHealthScore({ intent: intentResult({ intent_score: 100 }), status: 'GROWING', tech: tech3, contactsVerified: true }), 100);
  });

  it('is capped at 60 when CONTRACTING and 30 when HIGH_RISK; null when UNKNOWN', () => {
    const intent = intentResult({ intent_score: 100 });
    assert.equal(vendorHealthScore({ intent, status: 'CONTRACTING', tech: tech3, contactsVerified: true }), 60);
    assert.equal(vendorHealthScore({ intent, status: 'HIGH_RISK', tech: tech3, contactsVerified: true }), 30);
    assert.equal(vendorHealthScore({ intent: null, status: 'UNKNOWN', tech: tech3, contactsVerified: true }), null);
  });
});

describe('vendor tech and contacts', () => {
  it('summarizes the tech-stack result by category, empty when it was not ok', () => {
    const tech = techResult({
      cms: 'WordPress',
      payments: ['Stripe', 'PayPal'],
      hosting_cdn: ['Cloudflare'],
      email_provider: 'Google Workspace',
      technology_count: 5,
    });
    assert.deepEqual(techStackSummary(tech), ['CMS: WordPress', 'Payments: Stripe, PayPal', 'Hosting/CDN: Cloudflare', 'Email: Google Workspace']);
    assert.deepEqual(techStackSummary(techResult({ status: 'no_signals' })), []);
    assert.deepEqual(techStackSummary(null), []);
  });

  it('verified contacts: a published address at a domain with MX; false without; null when the pages were not read', () => {
    assert.equal(verifiedContactsAvailable(contactsResult()), true);
    assert.equal(verifiedContactsAvailable(contactsResult({ email_deliverable: false })), false);
    assert.equal(verifiedContactsAvailable(contactsResult({ emails: [] })), false);
    assert.equal(verifiedContactsAvailable(contactsResult({ status: 'no_data', emails: [] })), false);
    assert.equal(verifiedContactsAvailable(contactsResult({ status: 'unreachable' })), null);
    assert.equal(verifiedContactsAvailable(null), null);
  });
});
