import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { hashTypedData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  TRANSFER_WITH_AUTHORIZATION,
  checkPayload,
  decodePayment,
  namesOperation,
  requirementsFor,
  transferAuthorizationDigest,
  type PaymentPayload,
} from '../../../../server/payments/x402.ts';
import { signedPayment, terms } from '../metering/meter-deps.ts';

const requirements = requirementsFor(terms, 5000);
const now = () => new Date();
const techStack = { path: '/v1/tech-stack', mcpTool: 'detect_website_tech_stack' };
const clone = (payload: PaymentPayload) => structuredClone(payload) as any;

describe('x402 payload checks', () => {
  let payload: PaymentPayload;
  let payerAddress: string;
  before(async () => {
    ({ payload, address: payerAddress } = await signedPayment(undefined, { priceMicroUsd: 5000 }));
  });

  it('computes the same EIP-712 digest as viem hashTypedData', () => {
    for (let i = 0; i < 20; i++) {
      const authorization = {
        from: privateKeyToAccount(generatePrivateKey()).address,
        to: terms.payTo,
        value: String(i * 997 + 1),
        validAfter: '0',
        validBefore: String(1_800_000_000 + i),
        nonce: generatePrivateKey() as Hex,
      };
      const viemDigest = hashTypedData({
        domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: terms.asset },
        types: TRANSFER_WITH_AUTHORIZATION,
        primaryType: 'TransferWithAuthorization',
        message: { ...authorization, value: BigInt(authorization.value), validAfter: 0n, validBefore: BigInt(authorization.validBefore) },
      });
      assert.equal(transferAuthorizationDigest(terms, authorization), viemDigest);
    }
  });

  it('accepts a payload signed by the official client for these terms', async () => {
    const checked = await checkPayload(payload, requirements, terms, now(), techStack);
    assert.equal(checked.ok, true);
    assert.equal(checked.ok && checked.authorization.from.toLowerCase(), payerAddress);
  });

  const refusals: [string, (p: any) => void, RegExp][] = [
    ['version 1', (p) => (p.x402Version = 1), /x402Version/],
    ['another scheme', (p) => (p.accepted.scheme = 'upto'), /scheme/],
    ['another network', (p) => (p.accepted.network = 'eip155:84532'), /network/],
    ['another asset', (p) => (p.accepted.asset = '0x036CbD53842c5426634e7929541eC2318f3dCF7e'), /asset/],
    ['another amount', (p) => (p.accepted.amount = '4999'), /amount/],
    ['another payTo', (p) => (p.accepted.payTo = '0x2222222222222222222222222222222222222222'), /payTo/],
    ['authorization to someone else', (p) => (p.payload.authorization.to = '0x2222222222222222222222222222222222222222'), /authorization.to/],
    ['a different value', (p) => (p.payload.authorization.value = '50000'), /value/],
    ['not yet valid', (p) => (p.payload.authorization.validAfter = String(Math.floor(Date.now() / 1000) + 3600)), /not valid yet/],
    ['expired', (p) => (p.payload.authorization.validBefore = String(Math.floor(Date.now() / 1000) - 1)), /expired/],
    ['valid for days', (p) => (p.payload.authorization.validBefore = String(Math.floor(Date.now() / 1000) + 86_400)), /seconds away/],
    ['a malformed nonce', (p) => (p.payload.authorization.nonce = '0x1234'), /malformed/],
    ['a short signature', (p) => (p.payload.signature = '0x1234'), /shorter/],
    ['terms of another operation', (p) => (p.resource.url = 'https://svc/v1/verify-merchant'), /resource .* is not this operation's/],
    ['no resource', (p) => delete p.resource, /resource \(none\)/],
    ['numbers that are not decimal strings', (p) => (p.payload.authorization.value = 5000), /decimal strings/],
    ['no authorization', (p) => delete p.payload.authorization, /EIP-3009/],
  ];
  for (const [name, mutate, reason] of refusals) {
    it(`refuses ${name}`, async () => {
      const tampered = clone(payload);
      mutate(tampered);
      const checked = await checkPayload(tampered, requirements, terms, now(), techStack);
      assert.equal(checked.ok, false);
      assert.match(!checked.ok ? checked.reason : '', reason);
    });
  }

  it('decodes base64 JSON headers and objects, and refuses the rest', () => {
    assert.equal(decodePayment({ header: Buffer.from(JSON.stringify(payload)).toString('base64') }).ok, true);
    assert.equal(decodePayment({ meta: payload }).ok, true);
    assert.equal(decodePayment({ header: 'not base64 !' }).ok, false);
    assert.equal(decodePayment({ meta: 'a string' }).ok, false);
    assert.equal(decodePayment({ meta: [1, 2] }).ok, false);
  });

  it('takes a resource as the operation it names: its path on any host, or its MCP tool', () => {
    assert.equal(namesOperation('https://svc/v1/tech-stack', techStack), true);
    assert.equal(namesOperation('http://127.0.0.1:8080/v1/tech-stack', techStack), true);
    assert.equal(namesOperation('mcp://tool/detect_website_tech_stack', techStack), true);
    assert.equal(namesOperation('https://svc/v1/tech-stack/extra', techStack), false);
    assert.equal(namesOperation('mcp://tool/url_to_clean_markdown', techStack), false);
    assert.equal(namesOperation('ftp://svc/v1/tech-stack', techStack), false);
    assert.equal(namesOperation(undefined, techStack), false);
  });

  it('never offers a price above $1 or of nothing', () => {
    assert.throws(() => requirementsFor(terms, 1_000_001));
    assert.throws(() => requirementsFor(terms, 0));
    assert.equal(requirementsFor(terms, 1_000_000).amount, '1000000');
  });
});
