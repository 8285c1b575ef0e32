/**
 * Who pays: the address a payment's signature proves, never the one its authorization claims.
 * A VerifiedPayer is made only here, by verifying the signature: ECDSA recovery for a 65-byte
 * signature of an ordinary account, the facilitator's verify for a longer one (a smart wallet:
 * ERC-1271, ERC-6492). Whatever is scoped to a payer (its stored answers, its authorization
 * nonces, a quote's claim) takes a VerifiedPayer, so nothing of a payer's is reached before its
 * signature was checked.
 */
import secp256k1 from 'secp256k1';
import { bytesToHex, type Address, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { Facilitator } from './facilitator.ts';
import { transferAuthorizationDigest, type Authorization, type PaymentPayload, type PaymentRequirements, type PaymentTerms } from './x402.ts';

/** A refusal: `spentOnChain` when the facilitator says the authorization's nonce was already used on chain. */
export type PayerRefusal = { ok: false; reason: string; spentOnChain: boolean };
export type PayerVerification = { ok: true; payer: VerifiedPayer } | PayerRefusal;

/** A 65-byte signature as hex: 0x and 130 digits. */
const EOA_SIGNATURE_LENGTH = 132;

export class VerifiedPayer {
  private constructor(
    /** The payer's address, lower-case. */
    readonly address: string,
    /** The authorization's nonce, lower-case. */
    readonly nonce: string,
    /** The facilitator's verify proved it (a smart wallet): the payment's funds were checked with it. */
    readonly facilitatorVerified: boolean,
  ) {}

  /** The payer the signature of a payment (already checked against the terms: checkPayload) proves, or why none is. */
  static async verify({
    payload,
    authorization,
    signature,
    requirements,
    terms,
    facilitator,
  }: {
    payload: PaymentPayload;
    authorization: Authorization;
    signature: Hex;
    requirements: PaymentRequirements;
    terms: PaymentTerms;
    facilitator: Pick<Facilitator, 'verify'>;
  }): Promise<PayerVerification> {
    const refuse = (reason: string, spentOnChain = false): PayerRefusal => ({ ok: false, reason, spentOnChain });
    const from = authorization.from.toLowerCase();
    const nonce = authorization.nonce.toLowerCase();
    if (signature.length < EOA_SIGNATURE_LENGTH) return refuse('the signature is shorter than 65 bytes');
    if (signature.length === EOA_SIGNATURE_LENGTH) {
      let signer: string;
      try {
        signer = recoverSigner(transferAuthorizationDigest(terms, authorization), signature).toLowerCase();
      } catch {
        return refuse('the signature cannot be recovered');
      }
      if (signer !== from) return refuse('the signature does not recover to authorization.from');
      return { ok: true, payer: new VerifiedPayer(from, nonce, false) };
    }
    const verified = await facilitator.verify(payload, requirements);
    if (!verified.isValid) {
      const reason = verified.invalidReason ?? 'verify_failed';
      return refuse(`the facilitator did not verify the signature for authorization.from (${reason})`, /nonce_already_used/.test(reason));
    }
    if (verified.payer && verified.payer.toLowerCase() !== from) return refuse('the facilitator verified another payer than authorization.from');
    return { ok: true, payer: new VerifiedPayer(from, nonce, true) };
  }
}

/**
 * ECDSA public-key recovery of a 65-byte signature (r || s || v) with libsecp256k1 (the
 * secp256k1 package's native binding, ~0.1 ms; the pure-JS recovery viem uses takes ~4 ms on
 * these machines, which would be most of a paid call's metering time).
 */
function recoverSigner(digest: Hex, signature: Hex): Address {
  const v = Number.parseInt(signature.slice(130), 16);
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) throw new Error('bad recovery id');
  const publicKey = secp256k1.ecdsaRecover(Buffer.from(signature.slice(2, 130), 'hex'), recovery, Buffer.from(digest.slice(2), 'hex'), false);
  return publicKeyToAddress(bytesToHex(publicKey));
}
