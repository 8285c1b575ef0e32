/**
 * The hiring history of a domain: one reading of its board a day (open roles, intent score,
 * engineering and support roles), kept 180 days, written by company-intent and read by its trend
 * and by the vendor stability skill. The direction rule is the spec's (CompanyIntentResult.trend).
 */
const DAY = 86_400_000;

/** The snapshot kind under which a domain's readings are kept (one row per domain: { readings }). */
export const HIRING_HISTORY_KIND = 'hiring-history';
/** A reading counts as the baseline when it is at least this old (else the oldest at least a day old). */
export const TREND_MIN_DAYS = 7;
/** Readings are kept this long, at most one per day, at most MAX_READINGS. */
export const KEEP_DAYS = 180;
export const MAX_READINGS = 60;
/** rising / falling: open roles changed by at least max(TREND_MIN_CHANGE, TREND_MIN_SHARE of the earlier count). */
export const TREND_MIN_CHANGE = 2;
export const TREND_MIN_SHARE = 0.2;

/** Functions (company-intent's function_breakdown) counted as engineering and support. */
export const ENGINEERING_SUPPORT_FUNCTIONS = ['engineering', 'data_ai', 'customer_success'] as const;

export function engineeringSupportCount(functionBreakdown: Readonly<Record<string, number>> | undefined): number {
  return ENGINEERING_SUPPORT_FUNCTIONS.reduce((sum, fn) => sum + (functionBreakdown?.[fn] ?? 0), 0);
}

/** One reading of a board; intent_score may be absent (a stored reading need not carry it). */
export interface HiringReading {
  at: number;
  open_roles: number;
  engineering_support_roles: number;
  intent_score?: number | null;
}

export type TrendDirection = 'rising' | 'flat' | 'falling' | 'unknown';

/** The readings of a stored history row ({ readings }) that carry a time and the number `field`; anything else the store holds is skipped. */
export function storedReadings<T extends { at: number }>(value: unknown, field: keyof T & string): T[] {
  const list =
    typeof value === 'object' && value !== null && Array.isArray((value as { readings?: unknown }).readings) ? (value as { readings: unknown[] }).readings : [];
  return list.filter(
    (r): r is T => typeof r === 'object' && r !== null && typeof (r as T).at === 'number' && typeof (r as Record<string, unknown>)[field] === 'number',
  );
}

/** The stored readings that carry a time and an open-role count. */
export const readingsFrom = (value: unknown): HiringReading[] => storedReadings<HiringReading>(value, 'open_roles');

/** The newest reading at least TREND_MIN_DAYS before now. */
export function baselineOf<T extends { at: number }>(readings: readonly T[], now: number): T | null {
  return readings.filter((reading) => reading.at <= now - TREND_MIN_DAYS * DAY).sort((a, b) => b.at - a.at)[0] ?? null;
}

/** What a trend compares with: the baseline, else the oldest reading at least a day old; null without one. */
export function comparisonOf<T extends { at: number }>(readings: readonly T[], now: number): T | null {
  return baselineOf(readings, now) ?? readings.filter((reading) => reading.at <= now - DAY).sort((a, b) => a.at - b.at)[0] ?? null;
}

/** Earlier readings (at least a day old), oldest first. */
export function earlierReadings<T extends { at: number }>(readings: readonly T[], now: number): T[] {
  return readings.filter((reading) => reading.at <= now - DAY).sort((a, b) => a.at - b.at);
}

/** rising / falling when the count moved by at least max(2, 20% of the earlier count); flat otherwise; unknown without an earlier count. */
export function direction(now: number, then: number | null | undefined): TrendDirection {
  if (then === null || then === undefined) return 'unknown';
  const needed = Math.max(TREND_MIN_CHANGE, Math.ceil(TREND_MIN_SHARE * then));
  if (now - then >= needed) return 'rising';
  if (then - now >= needed) return 'falling';
  return 'flat';
}

/** The readings to keep after this one: one per day (the newest of a day wins), none older than KEEP_DAYS. */
export function nextReadings<T extends { at: number }>(readings: readonly T[], reading: T): T[] {
  const kept = readings.filter((old) => old.at > reading.at - KEEP_DAYS * DAY && old.at <= reading.at && reading.at - old.at >= DAY);
  return [...kept, reading].sort((a, b) => a.at - b.at).slice(-MAX_READINGS);
}
