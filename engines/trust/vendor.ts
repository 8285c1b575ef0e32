/**
 * b2b_vendor_stability_evaluator's judgement (pure): stability_status from the job board now and
 * an earlier reading of it, vendor_health_score, the engineering and support trend, the tech
 * summary and contact availability. The thresholds and the formula are the spec's
 * (VendorStabilityResult); the constants below are the only place they live in code.
 */
import type { components } from '../../generated/types.ts';

type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type TechStackResult = components['schemas']['TechStackResult'];
type ContactsResult = components['schemas']['ContactsResult'];

export type StabilityStatus = 'GROWING' | 'STABLE' | 'CONTRACTING' | 'HIGH_RISK' | 'UNKNOWN';

/** One reading of a vendor's board, kept between calls to see the trend. */
export interface HiringReading {
  at: number;
  open_roles: number;
  engineering_support_roles: number;
}

const DAY = 86_400_000;
/** An earlier reading counts for the trend when it is at least this old. */
export const TREND_MIN_DAYS = 7;
/** Readings are kept this long, at most one per day, at most MAX_READINGS. */
export const KEEP_DAYS = 180;
export const MAX_READINGS = 60;
/** Functions (company-intent's function_breakdown) counted as engineering and support. */
export const ENGINEERING_SUPPORT_FUNCTIONS = ['engineering', 'data_ai', 'customer_success'] as const;
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
  const breakdown = intent.function_breakdown ?? {};
  return ENGINEERING_SUPPORT_FUNCTIONS.reduce((sum, fn) => sum + (breakdown[fn] ?? 0), 0);
}

/** The newest reading at least TREND_MIN_DAYS before now. */
export function baselineOf(readings: readonly HiringReading[], now: number): HiringReading | null {
  return readings.filter((reading) => reading.at <= now - TREND_MIN_DAYS * DAY).sort((a, b) => b.at - a.at)[0] ?? null;
}

/** The readings to keep after this one: one per day (the newest of a day wins), none older than KEEP_DAYS. */
export function nextReadings(readings: readonly HiringReading[], reading: HiringReading): HiringReading[] {
  const kept = readings.filter((old) => old.at > reading.at - KEEP_DAYS * DAY && old.at <= reading.at && reading.at - old.at >= DAY);
  return [...kept, reading].sort((a, b) => a.at - b.at).slice(-MAX_READINGS);
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

/** growing: engineering, data or support roles are open; flat: the board lists none; unknown: no board. */
export function engineeringSupportTrend(intent: CompanyIntentResult | null): 'growing' | 'flat' | 'unknown' {
  if (!boardRead(intent)) return 'unknown';
  return engineeringSupportRoles(intent) > 0 ? 'growing' : 'flat';
}

/** A published address on a domain whose MX accepts mail; null when the site could not be read. */
export function verifiedContactsAvailable(contacts: ContactsResult | null): boolean | null {
  if (!contacts || (contacts.status !== 'ok' && contacts.status !== 'no_data')) return null;
  return (contacts.emails?.length ?? 0) > 0 && contacts.email_deliverable === true;
}

export function vendorHealthScore({ intent, status, tech, contactsVerified }: { intent: CompanyIntentResult | null; status: StabilityStatus; tech: TechStackResult | null; contactsVerified: boolean | null }): number | null {
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
