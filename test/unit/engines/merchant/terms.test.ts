import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readDiscovery, readPaymentRequired } from '../../../../engines/merchant/terms.ts';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAY_TO = '0x7a3B9c2D4e5F60718293a4B5c6D7e8F901234567';
const valid = () => ({
  x402Version: 2,
  resource: { url: 'https://shop.io/api', description: 'report', mimeType: 'application/json' },
  accepts: [
    { scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: USDC, payTo: PAY_TO, maxTimeoutSeconds: 300, extra: { name: 'USD Coin', version: '2' } },
  ],
});
const header = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('PAYMENT-REQUIRED terms (x402 v2)', () => {
  it('accepts valid v2 terms', () => {
    const reading = readPaymentRequired(header(valid()));
    assert.equal(reading.ok, true);
    assert.equal(reading.terms?.accepts?.[0].payTo, PAY_TO);
  });
  it('refuses base64url and non-JSON', () => {
    assert.deepEqual(readPaymentRequired(header(valid()).replace(/\+/g, '-').replace(/\//g, '_') + '-_').problems, ['terms_not_base64']);
    assert.deepEqual(readPaymentRequired(Buffer.from('not json').toString('base64')).problems, ['terms_not_json']);
  });
  it('names what is missing or malformed', () => {
    const terms: any = valid();
    terms.x402Version = 1;
    delete terms.resource;
    terms.accepts[0].amount = '0.01';
    terms.accepts[0].payTo = 'merchant-wallet';
    terms.accepts[0].network = 'base';
    delete terms.accepts[0].extra;
    const reading = readPaymentRequired(header(terms));
    assert.equal(reading.ok, false);
    assert.deepEqual(reading.problems, ['x402_v1_terms', 'terms_resource_missing', 'accept_network_invalid', 'accept_amount_invalid']);
    const evm: any = valid();
    evm.accepts[0].payTo = 'merchant-wallet';
    delete evm.accepts[0].extra;
    assert.deepEqual(readPaymentRequired(header(evm)).problems, ['accept_payto_invalid', 'accept_eip712_domain_missing']);
  });
  it('refuses empty accepts', () => {
    assert.deepEqual(readPaymentRequired(header({ ...valid(), accepts: [] })).problems, ['terms_accepts_empty']);
  });
});

describe('discovery document', () => {
  it('collects payTo values, advertised amounts and free-text fields of any shape', () => {
    const discovery = readDiscovery({
      payTo: PAY_TO,
      resources: [
        { url: 'https://shop.io/api', amount: '10000', description: 'Report' },
        { url: 'https://shop.io/b', priceMicroUsd: 2000, mcpTool: 'b' },
      ],
      nested: { accepts: [{ payTo: '0xabc' }] },
    });
    assert.deepEqual(discovery.payTos.sort(), [PAY_TO, '0xabc'].sort());
    assert.equal(discovery.amounts.get('https://shop.io/api'), '10000');
    assert.equal(discovery.amounts.get('https://shop.io/b'), '2000');
    assert.deepEqual(discovery.texts, ['Report']);
  });
});
