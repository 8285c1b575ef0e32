import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { VerifiedPayer } from '../../../../server/payments/payer.ts';
import { TRANSFER_WITH_AUTHORIZATION, checkPayload, requirementsFor, type PaymentPayload } from '../../../../server/payments/x402.ts';
import type { Facilitator } from '../../../../server/payments/facilitator.ts';
import { signedPayment, terms } from '../metering/meter-deps.ts';

const requirements = requirementsFor(terms, 5000);
const techStack = { path: '/v1/tech-stack', mcpTool: 'detect_website_tech_stack' };

/** A facilitator whose verify answers as told, counting its calls. */
function facilitator(answer: { isValid: boolean; invalidReason?: string; payer?: string }) {
  const calls: PaymentPayload[] = [];
  const verify: Facilitator['verify'] = async (payload) => (calls.push(payload), answer as never);
  return { verify, calls };
}

describe('VerifiedPayer: a payer is who the signature proves', () => {
  let honest: PaymentPayload;
  let payerAddress: string;
  before(async () => {
    ({ payload: honest, address: payerAddress } = await signedPayment(undefined, { priceMicroUsd: 5000 }));
  });

  async function verifyAs(payload: PaymentPayload, remote = facilitator({ isValid: false, invalidReason: 'invalid_signature' })) {
    const checked = await checkPayload(payload, requirements, terms, new Date(), techStack);
    assert.equal(checked.ok, true);
    if (!checked.ok) throw new Error('unreachable');
    return {
      verified: await VerifiedPayer.verify({
        payload,
        authorization: checked.authorization,
        signature: checked.signature,
        requirements,
        terms,
        facilitator: remote,
      }),
      remote,
    };
  }
  const claimingAnother = (signature: Hex) => {
    const forged = structuredClone(honest) as any;
    forged.payload.authorization.from = privateKeyToAccount(generatePrivateKey()).address;
    forged.payload.signature = signature;
    return forged as PaymentPayload;
  };

  it("recovers a 65-byte signature's signer locally, without asking the facilitator", async () => {
    const { verified, remote } = await verifyAs(honest);
    assert.equal(verified.ok, true);
    assert.equal(verified.ok && verified.payer.address, payerAddress);
    assert.equal(verified.ok && verified.payer.facilitatorVerified, false);
    assert.equal(remote.calls.length, 0);
  });

  it('refuses a valid signature by another key than authorization.from', async () => {
    const victim = privateKeyToAccount(generatePrivateKey()).address;
    const forged = structuredClone(honest) as any;
    forged.payload.authorization.from = victim;
    const other = privateKeyToAccount(generatePrivateKey());
    const a = forged.payload.authorization;
    forged.payload.signature = await other.signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: terms.asset },
      types: TRANSFER_WITH_AUTHORIZATION,
      primaryType: 'TransferWithAuthorization',
      message: { ...a, value: BigInt(a.value), validAfter: BigInt(a.validAfter), validBefore: BigInt(a.validBefore) },
    });
    const { verified } = await verifyAs(forged);
    assert.equal(verified.ok, false);
    assert.match(!verified.ok ? verified.reason : '', /does not recover/);
  });

  it('refuses a random 65-byte signature', async () => {
    const { verified } = await verifyAs(claimingAnother(`0x${randomBytes(65).toString('hex')}`));
    assert.equal(verified.ok, false);
  });

  for (const bytes of [66, 97, 200]) {
    it(`asks the facilitator about a ${bytes}-byte signature and refuses it when it does not verify`, async () => {
      const { verified, remote } = await verifyAs(claimingAnother(`0x${randomBytes(bytes).toString('hex')}`));
      assert.equal(remote.calls.length, 1);
      assert.equal(verified.ok, false);
      assert.equal(!verified.ok && verified.spentOnChain, false);
    });
  }

  it("takes a smart wallet's signature the facilitator verified, for that payer only", async () => {
    const forged = claimingAnother(`0x${randomBytes(97).toString('hex')}`);
    const from = (forged.payload as any).authorization.from as string;
    const good = await verifyAs(forged, facilitator({ isValid: true, payer: from }));
    assert.equal(good.verified.ok && good.verified.payer.address, from.toLowerCase());
    assert.equal(good.verified.ok && good.verified.payer.facilitatorVerified, true);
    const other = await verifyAs(forged, facilitator({ isValid: true, payer: payerAddress }));
    assert.equal(other.verified.ok, false);
  });

  it('says when the facilitator found the nonce already used on chain', async () => {
    const { verified } = await verifyAs(
      claimingAnother(`0x${randomBytes(97).toString('hex')}`),
      facilitator({ isValid: false, invalidReason: 'invalid_exact_evm_payload_authorization_nonce_already_used' }),
    );
    assert.equal(!verified.ok && verified.spentOnChain, true);
  });
});
