/**
 * The verified-merchant badge's statement: canonical JSON (keys sorted at every depth, no
 * whitespace) of what the service assessed, signed with EIP-191 personal_sign over its exact
 * UTF-8 text. The statement itself says what it does not prove.
 */
import type { RiskLevel } from './score.ts';
import type { TrustSignals } from './signals.ts';

export const BADGE_STATEMENT_TYPE = 'merchant-trust-assessment/v1';
export const BADGE_DISCLAIMER =
  'This statement proves only that the issuing service made this automated assessment of public signals at issued_at. It does not verify ownership of the domain, its employees or that a purchase is safe.';

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** JSON with object keys sorted at every depth and no whitespace: one text for one value. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface BadgeStatementInput {
  domain: string;
  trustScore: number;
  riskLevel: RiskLevel;
  signals: TrustSignals;
  issuedAt: string;
  /** The service's public base URL. */
  issuer: string;
  /** The address that signs. */
  signer: string;
}

export function badgeStatement({ domain, trustScore, riskLevel, signals, issuedAt, issuer, signer }: BadgeStatementInput): string {
  return canonicalJson({
    type: BADGE_STATEMENT_TYPE,
    domain,
    trust_score: trustScore,
    risk_level: riskLevel,
    signals: { ...signals },
    issued_at: issuedAt,
    issuer,
    signer,
    statement: BADGE_DISCLAIMER,
  });
}
