/**
 * b2b_vendor_stability_evaluator's judgement (pure): stability_status from the job board now and
 * an earlier reading of it, vendor_health_score, the engineering and support trend, the tech
 * summary and contact availability. The thresholds and the formula are the spec's
 * (VendorStabilityResult); the constants below are the only place they live in code.
 */
import type { components } from '../../generated/types.ts';
import { comparisonOf, direction, engineeringSupportCount, type HiringReading } from '../jobs/history.ts';
export { ENGINEERING_SUPPORT_FUNCTIONS } from '../jobs/history.ts';

type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type TechStackResult = components['schemas']['TechStackResult'];
type ContactsResult = components['schemas']['ContactsResult'];

export type StabilityStatus = 'GROWING' | 'STABLE' | 'CONTRACTING' | 'HIGH_RISK' | 'UNKNOWN';

export { baselineOf, nextReadings, TREND_MIN_DAYS, type HiringReading } from '../jobs/history.ts';

export const THRESHOLDS = {
  /** HIGH_RISK: open roles at most this share of an earlier reading of at least highRiskMinRoles. */
  highRiskShare: 0.5,
  highRiskMinRoles: 4,
  /** CONTRACTING: open roles at most this share of an earlier reading of at least contractingMinRoles. */
  contractingShare: 0.8,
  contractingMinRoles: 2,
  /** GROWING: open roles at least this share of an earlier reading and at least growingMinAdded more. */
  growingShare: 1.2,
  growingMinAdded: 2,
  /** GROWING without an earlier reading: this many roles posted in the last 30 days (or hypergrowth). */
  growingRecentRoles: 10,
} as const;
export const HEALTH = {
  intentWeight: 0.4,
  trend: { GROWING: 25, STABLE: 15, CONTRACTING: 5, HIGH_RISK: 0 },
  engineeringSupport: 10,
  techEstablished: 15,
  techSome: 8,
  techEstablishedCount: 3,
  verifiedContacts: 10,
  cap: { HIGH_RISK: 30, CONTRACTING: 60 },
} as const;

/** The board was read (ok or no_open_jobs); a name-only match on a common word is not the vendor's board. */
export const boardRead = (intent: CompanyIntentResult | null): intent is CompanyIntentResult => intent?.status === 'ok' || intent?.status === 'no_open_jobs';

export function engineeringSupportRoles(intent: CompanyIntentResult): number {
  return engineeringSupportCount(intent.function_breakdown);
}

export function stabilityStatus(intent: CompanyIntentResult | null, baseline: HiringReading | null): StabilityStatus {
  if (!boardRead(intent)) return 'UNKNOWN';
  const open = intent.total_open_roles ?? 0;
  if (baseline) {
    const then = baseline.open_roles;
    if (then >= THRESHOLDS.highRiskMinRoles && open <= then * THRESHOLDS.highRiskShare) return 'HIGH_RISK';
    if (then >= THRESHOLDS.contractingMinRoles && open <= then * THRESHOLDS.contractingShare) return 'CONTRACTING';
    if (open >= then * THRESHOLDS.growingShare && open - then >= THRESHOLDS.growingMinAdded) return 'GROWING';
  }
  if (intent.hiring_status === 'hypergrowth' || (intent.roles_posted_last_30_days ?? 0) >= THRESHOLDS.growingRecentRoles) return 'GROWING';
  return 'STABLE';
}

export type OpenRolesTrend = 'more_open_roles' | 'same_open_roles' | 'fewer_open_roles' | 'unknown';
const OPEN_ROLES_TREND = { rising: 'more_open_roles', flat: 'same_open_roles', falling: 'fewer_open_roles', unknown: 'unknown' } as const;

/**
 * Open engineering, data and support roles now against the stored reading the trend compares with
 * (history.comparisonOf, direction rule of HiringTrend): more, same or fewer open roles; unknown
 * without a board or without an earlier reading. Open roles, never headcount.
 */
export function engineeringSupportTrend(intent: CompanyIntentResult | null, readings: readonly HiringReading[], now: number): OpenRolesTrend {
  if (!boardRead(intent)) return 'unknown';
  return OPEN_ROLES_TREND[direction(engineeringSupportRoles(intent), comparisonOf(readings, now)?.engineering_support_roles)];
}

/** A published address on a domain whose MX accepts mail; null when the site could not be read. */
export function verifiedContactsAvailable(contacts: ContactsResult | null): boolean | null {
  if (!contacts || (contacts.status !== 'ok' && contacts.status !== 'no_data')) return null;
  return (contacts.emails?.length ?? 0) > 0 && contacts.email_deliverable === true;
}

export function vendorHealthScore({
  intent,
  status,
  tech,
  contactsVerified,
}: {
  intent: CompanyIntentResult | null;
  status: StabilityStatus;
  tech: TechStackResult | null;
  contactsVerified: boolean | null;
}): number | null {
  if (!boardRead(intent) || status === 'UNKNOWN') return null;
  let score = HEALTH.intentWeight * (intent.intent_score ?? 0) + HEALTH.trend[status];
  if (engineeringSupportRoles(intent) > 0) score += HEALTH.engineeringSupport;
  const technologies = tech && (tech.status === 'ok' || tech.status === 'no_signals') ? tech.technology_count : 0;
  if (technologies >= HEALTH.techEstablishedCount) score += HEALTH.techEstablished;
  else if (technologies > 0) score += HEALTH.techSome;
  if (contactsVerified) score += HEALTH.verifiedContacts;
  const cap = status === 'HIGH_RISK' || status === 'CONTRACTING' ? HEALTH.cap[status] : 100;
  return Math.round(Math.max(0, Math.min(cap, score)));
}

/** "CMS: WordPress", "Payments: Stripe", ... from the tech-stack result (empty when it was not read). */
export function techStackSummary(tech: TechStackResult | null): string[] {
  if (!tech || tech.status !== 'ok') return [];
  const lines: [string, string[]][] = [
    ['CMS', tech.cms ? [tech.cms] : []],
    ['E-commerce', tech.ecommerce ? [tech.ecommerce] : []],
    ['Payments', tech.payments],
    ['Frameworks', tech.frameworks],
    ['Hosting/CDN', tech.hosting_cdn],
    ['Analytics', tech.analytics],
    ['Advertising', tech.ad_pixels],
    ['Marketing', tech.marketing_tools],
    ['Email', tech.email_provider ? [tech.email_provider] : []],
  ];
  return lines.filter(([, names]) => names.length).map(([label, names]) => `${label}: ${names.join(', ')}`);
}
