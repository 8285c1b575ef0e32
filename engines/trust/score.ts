/**
 * trust_score, risk_level, safe_to_buy and the recommendation of the pre-purchase trust check
 * (pure). The formula and thresholds are the spec's (TrustCheckResult); the constants below are
 * the only place they live in code.
 */
import type { TrustSignals } from './signals.ts';

export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

/** The caller's merchant_wallet_or_id against the payTo addresses the domain publishes. */
export type WalletCheck =
  | { state: 'match' | 'mismatch'; wallet: string; published: string[] }
  /** Not an EVM address (a payment id): nothing to compare it with. */
  | { state: 'not_comparable'; wallet: string; published: [] }
  /** The domain publishes no payTo (no /.well-known/x402.json, or none in it). */
  | { state: 'not_published'; wallet: string; published: [] };

/** Points by domain age: the first row whose minimum the age reaches. */
export const AGE_POINTS: readonly { minDays: number; points: number }[] = [
  { minDays: 3 * 365, points: 35 },
  { minDays: 365, points: 25 },
  { minDays: 90, points: 10 },
];
export const POINTS = { activeEmployees: 20, legitimateTechStack: 20, activeAds: 15, websiteAnswered: 10, walletMismatch: -40, pageUnanalysable: -20 } as const;
/** A domain registered fewer days ago is at least HIGH risk and never safe to buy from. */
export const NEW_DOMAIN_DAYS = 30;
/** risk_level from trust_score: below critical CRITICAL, below high HIGH, below medium MEDIUM, else LOW. */
export const RISK_BELOW = { critical: 25, high: 45, medium: 70 } as const;
/** The trust_score safe_to_buy needs, by planned amount in USD (up to and including maxUsd). */
export const REQUIRED_SCORE: readonly { maxUsd: number; score: number }[] = [
  { maxUsd: 100, score: 60 },
  { maxUsd: 1_000, score: 70 },
  { maxUsd: 10_000, score: 80 },
  { maxUsd: Infinity, score: 90 },
];

export function agePoints(days: number | null): number {
  if (days === null) return 0;
  return AGE_POINTS.find((row) => days >= row.minDays)?.points ?? 0;
}

/** pageUnanalysable: the home page could not be analysed within the parse limits (a page built to defeat analysis is a risk finding). */
export function trustScore(
  signals: TrustSignals,
  { websiteAnswered, walletMismatch, pageUnanalysable = false }: { websiteAnswered: boolean; walletMismatch: boolean; pageUnanalysable?: boolean },
): number {
  let score = agePoints(signals.domain_age_days);
  if (signals.has_active_employees === true) score += POINTS.activeEmployees;
  if (signals.legitimate_tech_stack === true) score += POINTS.legitimateTechStack;
  if (signals.active_ad_campaigns === true) score += POINTS.activeAds;
  if (websiteAnswered) score += POINTS.websiteAnswered;
  if (walletMismatch) score += POINTS.walletMismatch;
  if (pageUnanalysable) score += POINTS.pageUnanalysable;
  return Math.max(0, Math.min(100, score));
}

export const isNewDomain = (days: number | null) => days !== null && days < NEW_DOMAIN_DAYS;

export function riskLevel(score: number, { newDomain, walletMismatch }: { newDomain: boolean; walletMismatch: boolean }): RiskLevel {
  if (walletMismatch || score < RISK_BELOW.critical) return 'CRITICAL';
  if (newDomain || score < RISK_BELOW.high) return 'HIGH';
  return score < RISK_BELOW.medium ? 'MEDIUM' : 'LOW';
}

/** An absent amount is read as a small purchase (the first row). */
export function requiredScore(amountUsd: number | undefined): number {
  const amount = amountUsd ?? 0;
  return REQUIRED_SCORE.find((row) => amount <= row.maxUsd)!.score;
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** The largest amount a score is enough for (null: not even the smallest). */
function largestAmountFor(score: number): number | null {
  const rows = REQUIRED_SCORE.filter((row) => score >= row.score);
  return rows.length ? rows.at(-1)!.maxUsd : null;
}

export interface TrustAssessment {
  trust_score: number;
  risk_level: RiskLevel;
  safe_to_buy: boolean;
  recommendation: string;
  required_score: number;
}

export function assessTrust({
  domain,
  signals,
  websiteAnswered,
  wallet = null,
  amountUsd,
  pageUnanalysable = false,
}: {
  domain: string;
  signals: TrustSignals;
  websiteAnswered: boolean;
  wallet?: WalletCheck | null;
  amountUsd?: number;
  pageUnanalysable?: boolean;
}): TrustAssessment {
  const walletMismatch = wallet?.state === 'mismatch';
  const newDomain = isNewDomain(signals.domain_age_days);
  const score = trustScore(signals, { websiteAnswered, walletMismatch, pageUnanalysable });
  const risk = riskLevel(score, { newDomain, walletMismatch });
  const required = requiredScore(amountUsd);
  const safe = score >= required && (risk === 'LOW' || risk === 'MEDIUM');

  const age = signals.domain_age_days;
  const evidence: string[] = [];
  const missing: string[] = [];
  if (age !== null && agePoints(age) > 0)
    evidence.push(age >= 365 ? `domain registered ${Math.floor(age / 365)} year${age >= 730 ? 's' : ''} ago` : `domain registered ${age} days ago`);
  else missing.push(age === null ? 'domain age unknown' : `domain only ${age} days old`);
  if (signals.has_active_employees) evidence.push(`hiring (${signals.open_jobs_count} open role${signals.open_jobs_count === 1 ? '' : 's'})`);
  else missing.push('no job board with open roles found');
  if (signals.legitimate_tech_stack) evidence.push('an established website stack');
  else missing.push(signals.legitimate_tech_stack === false ? 'no established website stack' : 'website stack unknown');
  if (signals.active_ad_campaigns) evidence.push('search ads shown in the last 30 days');
  else missing.push(signals.active_ad_campaigns === false ? 'no recent search ads' : 'search ads unknown');
  if (pageUnanalysable) missing.push('a home page that can be analysed (it could not be within the parse limits: a risk finding)');
  if (wallet?.state === 'match') evidence.push(`the wallet matches the payTo ${domain} publishes`);

  const amountText = amountUsd === undefined ? 'a purchase (amount not given, read as up to $100)' : `a purchase of ${usd(amountUsd)}`;
  let recommendation: string;
  if (walletMismatch) {
    recommendation = `Do not pay: ${wallet!.wallet} is not a payTo address ${domain} publishes in /.well-known/x402.json (${wallet!.published.join(', ')}). Pay only to the address the merchant publishes.`;
  } else if (newDomain) {
    recommendation = `Do not buy: ${domain} was registered ${age} day${age === 1 ? '' : 's'} ago (under ${NEW_DOMAIN_DAYS} days); newly registered shop domains carry the highest fraud risk. Trust score ${score}.`;
  } else if (safe) {
    recommendation = `Proceed with ${amountText}: trust score ${score} meets the ${required} required (${evidence.join(', ') || 'the website answered'}). Prefer a payment method with buyer protection; this is an evidence-based heuristic, not a guarantee.`;
  } else {
    const largest = largestAmountFor(score);
    const enough = largest !== null && risk !== 'HIGH' && risk !== 'CRITICAL' ? ` The evidence is enough for purchases up to ${usd(largest)}.` : '';
    const found = evidence.length ? ` Found: ${evidence.join(', ')}.` : '';
    recommendation = `Do not buy without more evidence: trust score ${score} is below the ${required} required for ${amountText}.${enough}${found} Missing: ${missing.join(', ')}.`;
  }
  return { trust_score: score, risk_level: risk, safe_to_buy: safe, recommendation, required_score: required };
}
