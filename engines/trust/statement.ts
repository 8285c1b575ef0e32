/**
 * The verified-merchant badge's statement: canonical JSON (keys sorted at every depth, no
 * whitespace) of what the service assessed, signed with EIP-191 personal_sign over its exact
 * UTF-8 text. The statement itself says what it does not prove, and until when it holds: a
 * merchant's signals change, so a badge is valid from issued_at until expires_at and a verifier
 * refuses it outside that window (verifyBadge), however good its signature.
 */
import { verifyMessage } from 'viem';
import type { RiskLevel } from './score.ts';
import type { TrustSignals } from './signals.ts';

/** v2: v1 had no expires_at, so a v1 badge could be shown forever. */
export const BADGE_STATEMENT_TYPE = 'merchant-trust-assessment/v2';
export const BADGE_DISCLAIMER =
  'This statement proves only that the issuing service made this automated assessment of public signals at issued_at, valid until expires_at. It does not verify ownership of the domain, its employees or that a purchase is safe.';

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** JSON with object keys sorted at every depth and no whitespace: one text for one value. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface BadgeStatementInput {
  domain: string;
  trustScore: number;
  riskLevel: RiskLevel;
  signals: TrustSignals;
  /** When the assessment was made (ISO 8601). */
  issuedAt: Date;
  /** How long the badge holds from issuedAt. */
  lifetimeSeconds: number;
  /** The service's configured public base URL (PUBLIC_BASE_URL); null when the deployment sets none. The signer address is what identifies the issuer. */
  issuer: string | null;
  /** The address that signs. */
  signer: string;
}

export function badgeStatement({ domain, trustScore, riskLevel, signals, issuedAt, lifetimeSeconds, issuer, signer }: BadgeStatementInput): string {
  return canonicalJson({
    type: BADGE_STATEMENT_TYPE,
    domain,
    trust_score: trustScore,
    risk_level: riskLevel,
    signals: { ...signals },
    issued_at: issuedAt.toISOString(),
    expires_at: new Date(issuedAt.getTime() + lifetimeSeconds * 1000).toISOString(),
    issuer,
    signer,
    statement: BADGE_DISCLAIMER,
  });
}

export interface BadgeCheck {
  /** signed_statement, exactly as issued. */
  statement: string;
  signature: `0x${string}`;
  /** The service's verification address (verification_key.address). */
  address: `0x${string}`;
  now: Date;
  /** Clock difference tolerated between issuer and verifier, at both ends of the window. */
  leewaySeconds?: number;
}

export type BadgeVerdict =
  | { valid: true; domain: string; issuedAt: Date; expiresAt: Date }
  | { valid: false; reason: 'malformed' | 'signer' | 'signature' | 'not_yet_valid' | 'expired' };

/**
 * Whether a badge holds now: a v2 statement signed by `address` (EIP-191), naming that address as
 * signer, with now inside [issued_at, expires_at) give or take leewaySeconds.
 */
export async function verifyBadge({ statement, signature, address, now, leewaySeconds = 60 }: BadgeCheck): Promise<BadgeVerdict> {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(statement);
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const issuedAt = new Date(String(fields?.issued_at));
  const expiresAt = new Date(String(fields?.expires_at));
  if (
    fields?.type !== BADGE_STATEMENT_TYPE ||
    typeof fields.domain !== 'string' ||
    Number.isNaN(issuedAt.getTime()) ||
    Number.isNaN(expiresAt.getTime()) ||
    expiresAt <= issuedAt
  ) {
    return { valid: false, reason: 'malformed' };
  }
  if (String(fields.signer).toLowerCase() !== address.toLowerCase()) return { valid: false, reason: 'signer' };
  const signed = await verifyMessage({ address, message: statement, signature }).catch(() => false);
  if (!signed) return { valid: false, reason: 'signature' };
  const leewayMs = leewaySeconds * 1000;
  if (now.getTime() < issuedAt.getTime() - leewayMs) return { valid: false, reason: 'not_yet_valid' };
  if (now.getTime() >= expiresAt.getTime() + leewayMs) return { valid: false, reason: 'expired' };
  return { valid: true, domain: fields.domain, issuedAt, expiresAt };
}
