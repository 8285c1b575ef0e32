/**
 * x402 version 2 terms and payloads (scheme exact, EIP-3009, one network). Wire encoding and
 * the facilitator calls come from @x402/core; this module decides what the service accepts.
 */
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { domainSeparator, keccak256, toHex, type Address, type Hex } from 'viem';
import { service } from '../contract.ts';

export type { PaymentPayload, PaymentRequired, PaymentRequirements };

export interface PaymentTerms {
  network: `${string}:${string}`;
  chainId: number;
  asset: Address;
  payTo: Address;
  maxTimeoutSeconds: number;
  eip712: { name: string; version: string };
}

/** A price the service may ask: a whole number of micro-USD above 0 and at most the spec's maxChargeMicroUsd ($1). */
export function isChargeable(amountMicroUsd: number): boolean {
  return Number.isInteger(amountMicroUsd) && amountMicroUsd > 0 && amountMicroUsd <= service.maxChargeMicroUsd;
}

export function requirementsFor(terms: PaymentTerms, amountMicroUsd: number): PaymentRequirements {
  if (!isChargeable(amountMicroUsd)) {
    throw new Error(`refusing to offer ${amountMicroUsd} micro-USD: every call is priced above 0 and at most ${service.maxChargeMicroUsd} micro-USD`);
  }
  return {
    scheme: 'exact',
    network: terms.network,
    amount: String(amountMicroUsd),
    asset: terms.asset,
    payTo: terms.payTo,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    extra: { name: terms.eip712.name, version: terms.eip712.version },
  };
}

/** discovery: the operation's Bazaar extension, so that facilitators can list it (extensions.bazaar). */
export function paymentRequired({
  url,
  description,
  requirements,
  error,
  discovery,
}: {
  url: string;
  description: string;
  requirements: PaymentRequirements;
  error: string;
  discovery?: Record<string, unknown>;
}): PaymentRequired {
  return {
    x402Version: 2,
    error,
    resource: { url, description, mimeType: 'application/json' },
    accepts: [requirements],
    ...(discovery ? { extensions: { bazaar: discovery } } : {}),
  };
}

export type DecodedPayment = { ok: true; payload: PaymentPayload } | { ok: false; reason: string };

/** PAYMENT-SIGNATURE (base64 JSON) over HTTP, or the JSON object of params._meta['x402/payment'] over MCP. */
export function decodePayment(source: { header?: string; meta?: unknown }): DecodedPayment {
  try {
    if (source.header !== undefined) return { ok: true, payload: decodePaymentSignatureHeader(source.header) };
    if (source.meta !== null && typeof source.meta === 'object' && !Array.isArray(source.meta)) return { ok: true, payload: source.meta as PaymentPayload };
    return { ok: false, reason: 'the payment is not a JSON object' };
  } catch (error) {
    return { ok: false, reason: `PAYMENT-SIGNATURE is not base64 JSON: ${String((error as Error).message).slice(0, 120)}` };
  }
}

export interface Authorization {
  from: Address;
  to: Address;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: Hex;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const UINT = /^[0-9]{1,78}$/;
const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

export const TRANSFER_WITH_AUTHORIZATION = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** What a payment's resource must name: the operation its terms are for. */
export interface PaidOperation {
  path: string;
  mcpTool: string | null;
}

/**
 * Whether a payment's resource names the operation: its path, on whatever host the service was
 * reached at (instances behind one name, or a proxy), or its MCP tool.
 */
export function namesOperation(url: unknown, operation: PaidOperation): boolean {
  if (typeof url !== 'string') return false;
  if (operation.mcpTool !== null && url === `mcp://tool/${operation.mcpTool}`) return true;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.pathname === operation.path;
  } catch {
    return false;
  }
}

/**
 * Checks a payload against the service's own requirements (never the client's copy):
 * version, scheme, network, asset, amount, payTo, the resource it was signed for, and the
 * validity window. Returns the authorization and its signature or the reason for refusing it;
 * who signed it is for VerifiedPayer (server/payments/payer.ts).
 */
export async function checkPayload(
  payload: PaymentPayload,
  requirements: PaymentRequirements,
  terms: PaymentTerms,
  now: Date,
  operation: PaidOperation,
): Promise<{ ok: true; authorization: Authorization; signature: Hex } | { ok: false; reason: string }> {
  const fail = (reason: string) => ({ ok: false as const, reason });
  if ((payload as any)?.x402Version !== 2) return fail('x402Version must be 2');
  const accepted = (payload as any).accepted ?? {};
  if (accepted.scheme !== 'exact') return fail('scheme must be exact');
  if (accepted.network !== requirements.network) return fail(`network must be ${requirements.network}`);
  if (!same(accepted.asset, requirements.asset)) return fail('asset does not match the terms');
  if (accepted.amount !== requirements.amount) return fail(`amount must be exactly ${requirements.amount}`);
  if (!same(accepted.payTo, requirements.payTo)) return fail('payTo does not match the terms');
  const resource = (payload as any).resource?.url;
  if (!namesOperation(resource, operation))
    return fail(
      `the payment's resource (${typeof resource === 'string' ? resource.slice(0, 200) : 'none'}) is not this operation's: sign the terms this call answered with`,
    );
  const inner = (payload as any).payload ?? {};
  const authorization = inner.authorization as Authorization | undefined;
  const signature = inner.signature as Hex | undefined;
  if (!authorization || typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    return fail('the payload is not an EIP-3009 authorization with a signature');
  if (!ADDRESS.test(authorization.from) || !ADDRESS.test(authorization.to) || !NONCE.test(authorization.nonce))
    return fail('authorization from, to or nonce is malformed');
  if (![authorization.value, authorization.validAfter, authorization.validBefore].every((v) => typeof v === 'string' && UINT.test(v)))
    return fail('authorization numbers must be decimal strings');
  if (!same(authorization.to, requirements.payTo)) return fail('authorization.to does not match payTo');
  if (authorization.value !== requirements.amount) return fail(`authorization.value must be exactly ${requirements.amount}`);
  const seconds = Math.floor(now.getTime() / 1000);
  if (BigInt(authorization.validAfter) > BigInt(seconds)) return fail('authorization is not valid yet (validAfter)');
  if (BigInt(authorization.validBefore) < BigInt(seconds + 6)) return fail('authorization has expired (validBefore)');
  if (BigInt(authorization.validBefore) > BigInt(seconds + requirements.maxTimeoutSeconds + 60))
    return fail(`validBefore is more than ${requirements.maxTimeoutSeconds} seconds away`);
  if (signature.length < 132) return fail('the signature is shorter than 65 bytes');
  return { ok: true, authorization, signature };
}

const TRANSFER_TYPEHASH = keccak256(
  toHex('TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)'),
);
const separators = new Map<string, Hex>();
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/**
 * The EIP-712 digest of a TransferWithAuthorization, encoded directly (every field is one
 * 32-byte word) with the domain separator computed once per terms; the same value as viem's
 * hashTypedData (a unit test holds them equal) at a tenth of its cost.
 */
export function transferAuthorizationDigest(terms: PaymentTerms, authorization: Authorization): Hex {
  const key = `${terms.chainId}:${terms.asset}:${terms.eip712.name}:${terms.eip712.version}`;
  let separator = separators.get(key);
  if (!separator) {
    separator = domainSeparator({ domain: { name: terms.eip712.name, version: terms.eip712.version, chainId: terms.chainId, verifyingContract: terms.asset } });
    separators.set(key, separator);
  }
  const struct = keccak256(
    `0x${word(TRANSFER_TYPEHASH)}${word(authorization.from)}${word(authorization.to)}${word(BigInt(authorization.value).toString(16))}${word(BigInt(authorization.validAfter).toString(16))}${word(BigInt(authorization.validBefore).toString(16))}${word(authorization.nonce)}`,
  );
  return keccak256(`0x1901${separator.slice(2)}${struct.slice(2)}`);
}
