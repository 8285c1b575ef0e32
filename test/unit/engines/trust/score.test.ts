/** The trust check's signals and assessment, and the badge statement: the spec's formula, thresholds and edges. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { verifyMessage } from 'viem';
import { activeAdCampaigns, employeesAndJobs, legitimateTechStack, noSignal, trustSignals, type TrustSignals } from '../../../../engines/trust/signals.ts';
import { agePoints, assessTrust, requiredScore, riskLevel, trustScore } from '../../../../engines/trust/score.ts';
import { BADGE_DISCLAIMER, badgeStatement, canonicalJson, verifyBadge } from '../../../../engines/trust/statement.ts';
import { assertValid } from '../../../support/contract.ts';
import { techResult } from './results.ts';

const ALL_NULL: TrustSignals = {
  domain_age_days: null,
  has_active_employees: null,
  open_jobs_count: null,
  legitimate_tech_stack: null,
  active_ad_campaigns: null,
  onchain_reputation_score: null,
};
const FULL: TrustSignals = {
  domain_age_days: 5000,
  has_active_employees: true,
  open_jobs_count: 12,
  legitimate_tech_stack: true,
  active_ad_campaigns: true,
  onchain_reputation_score: null,
};

describe('trust signals', () => {
  it('legitimate_tech_stack: a commerce platform, a payment provider or 3 technologies; null when the page was not read', () => {
    assert.equal(legitimateTechStack(techResult({ ecommerce: 'Shopify', technology_count: 1 })), true);
    assert.equal(legitimateTechStack(techResult({ payments: ['Stripe'], technology_count: 1 })), true);
    assert.equal(legitimateTechStack(techResult({ technology_count: 3 })), true);
    assert.equal(legitimateTechStack(techResult({ technology_count: 2, cms: 'WordPress' })), false);
    assert.equal(legitimateTechStack(techResult({ status: 'no_signals' })), false);
    for (const status of ['blocked', 'unreachable', 'not_found'] as const) assert.equal(legitimateTechStack(techResult({ status })), null, status);
    assert.equal(legitimateTechStack(null), null);
  });

  it('employees and jobs: a board with open roles says true; an empty board 0 roles and unknown employees; no board null', () => {
    const intent = (status: string, total_open_roles?: number) => ({ domain: 'x.com', status, checked_at: '2026-05-04T12:00:00Z', total_open_roles }) as any;
    assert.deepEqual(employeesAndJobs(intent('ok', 12)), { has_active_employees: true, open_jobs_count: 12 });
    assert.deepEqual(employeesAndJobs(intent('no_open_jobs', 0)), { has_active_employees: null, open_jobs_count: 0 });
    for (const status of ['not_found', 'unreachable'])
      assert.deepEqual(employeesAndJobs(intent(status)), { has_active_employees: null, open_jobs_count: null });
    assert.deepEqual(employeesAndJobs(null), { has_active_employees: null, open_jobs_count: null });
  });

  it('active ads: shown in the last 30 days; false for none or only older ads; null when the registry was not read', () => {
    const ads = (status: 'ok' | 'no_ads', recent?: number) =>
      ({ domain: 'x.com', status, checked_at: '2026-05-04T12:00:00Z', ads_shown_last_30_days_in_sample: recent }) as any;
    assert.equal(activeAdCampaigns(ads('ok', 3)), true);
    assert.equal(activeAdCampaigns(ads('ok', 0)), false);
    assert.equal(activeAdCampaigns(ads('no_ads')), false);
    assert.equal(activeAdCampaigns(null), null);
  });

  it('onchain_reputation_score is always null; noSignal is true only when every signal is null', () => {
    const signals = trustSignals({ ageDays: null, tech: null, intent: null, ads: null });
    assert.deepEqual(signals, ALL_NULL);
    assert.equal(noSignal(signals), true);
    assert.equal(noSignal({ ...ALL_NULL, active_ad_campaigns: false }), false);
    assertValid('TrustSignals', signals);
  });
});

describe('trust score', () => {
  it('domain age points by the first threshold reached', () => {
    assert.deepEqual([null, 0, 89, 90, 364, 365, 1094, 1095, 9000].map(agePoints), [0, 0, 0, 10, 10, 25, 25, 35, 35]);
  });

  it('adds the points of each true signal; unknown signals add nothing; a wallet mismatch takes 40', () => {
    assert.equal(trustScore(FULL, { websiteAnswered: true, walletMismatch: false }), 100);
    assert.equal(trustScore(ALL_NULL, { websiteAnswered: true, walletMismatch: false }), 10);
    assert.equal(trustScore({ ...ALL_NULL, legitimate_tech_stack: false, active_ad_campaigns: false }, { websiteAnswered: true, walletMismatch: false }), 10);
    assert.equal(trustScore({ ...FULL, active_ad_campaigns: false }, { websiteAnswered: true, walletMismatch: false }), 85);
    assert.equal(trustScore(FULL, { websiteAnswered: true, walletMismatch: true }), 60);
    assert.equal(trustScore({ ...ALL_NULL, domain_age_days: 400 }, { websiteAnswered: false, walletMismatch: true }), 0, 'clamped at 0');
  });

  it('takes 20 for a home page that cannot be analysed within the parse limits, and names it as missing', () => {
    assert.equal(trustScore(FULL, { websiteAnswered: true, walletMismatch: false, pageUnanalysable: true }), 80);
    const plain = assessTrust({ domain: 'x.com', signals: FULL, websiteAnswered: true, amountUsd: 20_000 });
    const hostile = assessTrust({ domain: 'x.com', signals: FULL, websiteAnswered: true, pageUnanalysable: true, amountUsd: 20_000 });
    assert.equal(hostile.trust_score, plain.trust_score - 20);
    assert.deepEqual([plain.safe_to_buy, hostile.safe_to_buy], [true, false]);
    assert.match(hostile.recommendation, /a home page that can be analysed/);
  });

  it('risk levels at their thresholds, a new domain at least HIGH, a wallet mismatch CRITICAL', () => {
    const plain = { newDomain: false, walletMismatch: false };
    assert.deepEqual(
      [0, 24, 25, 44, 45, 69, 70, 100].map((score) => riskLevel(score, plain)),
      ['CRITICAL', 'CRITICAL', 'HIGH', 'HIGH', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW'],
    );
    assert.equal(riskLevel(90, { newDomain: true, walletMismatch: false }), 'HIGH');
    assert.equal(riskLevel(10, { newDomain: true, walletMismatch: false }), 'CRITICAL');
    assert.equal(riskLevel(100, { newDomain: false, walletMismatch: true }), 'CRITICAL');
  });

  it('the score a purchase needs grows with the amount', () => {
    assert.deepEqual([undefined, 0, 100, 100.01, 1000, 1000.5, 10_000, 10_001, 1e12].map(requiredScore), [60, 60, 60, 70, 70, 80, 80, 90, 90]);
  });
});

describe('assessTrust', () => {
  it('proceeds with an established merchant, naming the evidence', () => {
    const verdict = assessTrust({ domain: 'shop.example', signals: FULL, websiteAnswered: true, amountUsd: 49.99 });
    assert.deepEqual([verdict.trust_score, verdict.risk_level, verdict.safe_to_buy, verdict.required_score], [100, 'LOW', true, 60]);
    assert.match(
      verdict.recommendation,
      /^Proceed with a purchase of \$49\.99: trust score 100 meets the 60 required \(domain registered 13 years ago, hiring \(12 open roles\), an established website stack, search ads shown in the last 30 days\)/,
    );
  });

  it('the same evidence is enough for a small purchase and not for a large one', () => {
    const signals = { ...FULL, has_active_employees: null, open_jobs_count: null }; // 80
    const small = assessTrust({ domain: 'shop.example', signals, websiteAnswered: true, amountUsd: 5_000 });
    assert.deepEqual([small.trust_score, small.safe_to_buy], [80, true]);
    const large = assessTrust({ domain: 'shop.example', signals, websiteAnswered: true, amountUsd: 20_000 });
    assert.deepEqual([large.trust_score, large.risk_level, large.safe_to_buy, large.required_score], [80, 'LOW', false, 90]);
    assert.match(
      large.recommendation,
      /^Do not buy without more evidence: trust score 80 is below the 90 required for a purchase of \$20,000\. The evidence is enough for purchases up to \$10,000\. Found: domain registered 13 years ago, an established website stack, search ads shown in the last 30 days\. Missing: no job board with open roles found\.$/,
    );
  });

  it('a MEDIUM score is enough only up to $100; below 60 for nothing', () => {
    const young = { ...ALL_NULL, domain_age_days: 400, legitimate_tech_stack: true, active_ad_campaigns: false }; // 25 + 20 + 10
    const weak = assessTrust({ domain: 'shop.example', signals: young, websiteAnswered: true, amountUsd: 1 });
    assert.deepEqual([weak.trust_score, weak.risk_level, weak.safe_to_buy], [55, 'MEDIUM', false]);
    assert.doesNotMatch(weak.recommendation, /enough for purchases/);
    const older = { ...young, domain_age_days: 2000 }; // 35 + 20 + 10
    const medium = assessTrust({ domain: 'shop.example', signals: older, websiteAnswered: true, amountUsd: 100 });
    assert.deepEqual([medium.trust_score, medium.risk_level, medium.safe_to_buy], [65, 'MEDIUM', true]);
    const over = assessTrust({ domain: 'shop.example', signals: older, websiteAnswered: true, amountUsd: 100.01 });
    assert.equal(over.safe_to_buy, false);
    assert.match(
      over.recommendation,
      /enough for purchases up to \$100\. Found: domain registered 5 years ago, an established website stack\. Missing: no job board with open roles found, no recent search ads\.$/,
    );
  });

  it('never calls a domain younger than 30 days safe, whatever else it shows', () => {
    const verdict = assessTrust({ domain: 'new.example', signals: { ...FULL, domain_age_days: 5 }, websiteAnswered: true, amountUsd: 1 });
    assert.deepEqual([verdict.trust_score, verdict.risk_level, verdict.safe_to_buy], [65, 'HIGH', false]);
    assert.match(verdict.recommendation, /^Do not buy: new\.example was registered 5 days ago/);
  });

  it('a wallet that is not the published payTo is CRITICAL and never safe; a match is named as evidence', () => {
    const published = ['0x7a3B9c2D4e5F60718293a4B5c6D7e8F901234567'];
    const mismatch = assessTrust({
      domain: 'shop.example',
      signals: FULL,
      websiteAnswered: true,
      wallet: { state: 'mismatch', wallet: '0xdeaDBEEF00000000000000000000000000c0ffee', published },
    });
    assert.deepEqual([mismatch.trust_score, mismatch.risk_level, mismatch.safe_to_buy], [60, 'CRITICAL', false]);
    assert.match(
      mismatch.recommendation,
      /^Do not pay: 0xdeaDBEEF0+c0ffee is not a payTo address shop\.example publishes in \/\.well-known\/x402\.json \(0x7a3B/,
    );
    const match = assessTrust({ domain: 'shop.example', signals: FULL, websiteAnswered: true, wallet: { state: 'match', wallet: published[0], published } });
    assert.equal(match.safe_to_buy, true);
    assert.match(match.recommendation, /the wallet matches the payTo shop\.example publishes/);
  });
});

describe('badge statement', () => {
  it('canonical JSON sorts keys at every depth and has no whitespace', () => {
    assert.equal(
      canonicalJson({ b: [3, { z: null, a: 'x y' }], a: true, c: { y: 1.5, x: -0 } }),
      '{"a":true,"b":[3,{"a":"x y","z":null}],"c":{"x":0,"y":1.5}}',
    );
    assert.equal(canonicalJson({ a: 1, b: 2 }), canonicalJson({ b: 2, a: 1 }));
  });

  const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  const ISSUED = new Date('2026-05-04T12:00:00.000Z');
  const DAY = 86_400;
  const issue = (overrides: Partial<Parameters<typeof badgeStatement>[0]> = {}) =>
    badgeStatement({
      domain: 'shop.example',
      trustScore: 80,
      riskLevel: 'LOW',
      signals: FULL,
      issuedAt: ISSUED,
      lifetimeSeconds: DAY,
      issuer: 'https://api.example',
      signer: account.address,
      ...overrides,
    });
  const at = (offsetSeconds: number) => new Date(ISSUED.getTime() + offsetSeconds * 1000);

  it('carries the assessment, its validity window and the sentence saying what it does not prove; a signature over it verifies and a tampered copy does not', async () => {
    const text = issue();
    const statement = JSON.parse(text);
    assert.deepEqual(Object.keys(statement), [
      'domain',
      'expires_at',
      'issued_at',
      'issuer',
      'risk_level',
      'signals',
      'signer',
      'statement',
      'trust_score',
      'type',
    ]);
    assert.equal(statement.type, 'merchant-trust-assessment/v2');
    assert.equal(statement.issued_at, '2026-05-04T12:00:00.000Z');
    assert.equal(statement.expires_at, '2026-05-05T12:00:00.000Z');
    assert.equal(statement.statement, BADGE_DISCLAIMER);
    assert.match(BADGE_DISCLAIMER, /does not verify ownership of the domain, its employees or that a purchase is safe/);
    assert.match(BADGE_DISCLAIMER, /valid until expires_at/);
    const signature = await account.signMessage({ message: text });
    assert.equal(await verifyMessage({ address: account.address, message: text, signature }), true);
    assert.equal(await verifyMessage({ address: account.address, message: text.replace('"trust_score":80', '"trust_score":99'), signature }), false);
  });

  it('verifyBadge: valid from issued_at until expires_at (60 s of clock skew allowed at each end), expired or not yet valid outside', async () => {
    const statement = issue();
    const signature = await account.signMessage({ message: statement });
    const check = (offsetSeconds: number) => verifyBadge({ statement, signature, address: account.address, now: at(offsetSeconds) });
    assert.deepEqual(await check(0), { valid: true, domain: 'shop.example', issuedAt: ISSUED, expiresAt: at(DAY) });
    for (const offset of [-60, 3600, DAY - 1, DAY + 59]) assert.equal((await check(offset)).valid, true, `${offset} s`);
    for (const offset of [DAY + 60, DAY + 3600, 30 * DAY]) assert.deepEqual(await check(offset), { valid: false, reason: 'expired' }, `${offset} s`);
    for (const offset of [-61, -3600]) assert.deepEqual(await check(offset), { valid: false, reason: 'not_yet_valid' }, `${offset} s`);
    assert.equal(
      (await verifyBadge({ statement, signature, address: account.address, now: at(DAY), leewaySeconds: 0 })).valid,
      false,
      'expires_at itself is past the window',
    );
  });

  it('verifyBadge refuses a pushed-back expiry, another signer, a v1 badge and text that is not a statement', async () => {
    const statement = issue();
    const signature = await account.signMessage({ message: statement });
    const now = at(3600);
    const extended = statement.replace('"expires_at":"2026-05-05T12:00:00.000Z"', '"expires_at":"2027-05-05T12:00:00.000Z"');
    assert.notEqual(extended, statement);
    assert.deepEqual(await verifyBadge({ statement: extended, signature, address: account.address, now }), { valid: false, reason: 'signature' });
    const other = privateKeyToAccount(generatePrivateKey());
    assert.deepEqual(await verifyBadge({ statement, signature, address: other.address, now }), { valid: false, reason: 'signer' });
    const forged = issue({ signer: other.address });
    assert.deepEqual(await verifyBadge({ statement: forged, signature, address: other.address, now }), { valid: false, reason: 'signature' });
    const v1 = canonicalJson({ ...JSON.parse(statement), type: 'merchant-trust-assessment/v1', expires_at: null });
    assert.deepEqual(await verifyBadge({ statement: v1, signature: await account.signMessage({ message: v1 }), address: account.address, now }), {
      valid: false,
      reason: 'malformed',
    });
    const backwards = issue({ lifetimeSeconds: -1 });
    assert.deepEqual(await verifyBadge({ statement: backwards, signature: await account.signMessage({ message: backwards }), address: account.address, now }), {
      valid: false,
      reason: 'malformed',
    });
    assert.deepEqual(await verifyBadge({ statement: 'not json', signature, address: account.address, now }), { valid: false, reason: 'malformed' });
  });
});
