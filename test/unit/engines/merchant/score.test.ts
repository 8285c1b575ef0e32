import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkPrice, median } from '../../../../engines/merchant/price.ts';
import { trustScore } from '../../../../engines/merchant/scan.ts';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const accept = (amount: string, asset = USDC) => ({ scheme: 'exact', network: 'eip155:8453', amount, asset, payTo: '0x1', maxTimeoutSeconds: 60 });
const COMPARABLE = [2000, 5000, 10000, 10000, 30000];

describe('price against comparable prices', () => {
  it('takes the median of the comparable list prices', () => assert.equal(median(COMPARABLE), 10000));
  it('no flag within ten times the median', () => assert.deepEqual(checkPrice([accept('100000')], COMPARABLE).flags, []));
  it('flags far above comparable, and above 1 USD', () => {
    assert.deepEqual(checkPrice([accept('100001')], COMPARABLE).flags, ['price_far_above_comparable']);
    assert.deepEqual(checkPrice([accept('2500000')], COMPARABLE).flags, ['price_far_above_comparable', 'price_above_1_usd']);
  });
  it('compares the cheapest USDC requirement and flags a live price above the advertised one', () => {
    const check = checkPrice([accept('50000'), accept('20000')], COMPARABLE, { advertisedMicroUsd: 10000 });
    assert.equal(check.priceMicroUsd, 20000);
    assert.deepEqual(check.flags, ['price_above_advertised']);
  });
  it('cannot compare another asset', () => {
    assert.deepEqual(checkPrice([accept('1', '0x0000000000000000000000000000000000000001')], COMPARABLE), {
      priceMicroUsd: null,
      comparableMedianMicroUsd: 10000,
      flags: ['price_unknown_asset'],
    });
  });
});

describe('trust_score formula', () => {
  const base = { validConfig: true, risk: 'LOW' as const, flags: [] as string[], latencyMs: 100 };
  it('100 for a valid, clean, fairly priced, fast merchant', () => assert.equal(trustScore(base), 100));
  it('deducts each finding once', () => {
    assert.equal(trustScore({ ...base, validConfig: false }), 70);
    assert.equal(trustScore({ ...base, risk: 'MEDIUM' }), 75);
    assert.equal(trustScore({ ...base, risk: 'CRITICAL' }), 40);
    assert.equal(trustScore({ ...base, flags: ['price_far_above_comparable', 'price_above_1_usd'] }), 70);
    assert.equal(trustScore({ ...base, latencyMs: 2500 }), 90);
    assert.equal(trustScore({ ...base, flags: ['no_discovery_document', 'price_unknown_asset', 'probe_body_truncated'] }), 65);
  });
  it('never goes below 0', () => {
    assert.equal(
      trustScore({
        validConfig: false,
        risk: 'CRITICAL',
        flags: ['price_far_above_comparable', 'price_above_1_usd', 'price_above_advertised', 'discovery_payto_mismatch'],
        latencyMs: 5000,
      }),
      0,
    );
  });
});
