/**
 * The search-ads history of a domain: one reading of the registry's sample a day (ads in the
 * sample, ads shown in the last 30 days), kept 180 days like the hiring history
 * (engines/jobs/history.ts, whose day and baseline rules it shares). Written by search-ads when it
 * read the registry without filters (what a filter leaves out would look like a fall), read by
 * the vendor stability skill.
 */
export const ADS_HISTORY_KIND = 'ads-history';

export interface AdsReading {
  at: number;
  ads_in_sample: number;
  ads_shown_last_30_days: number | null;
}

/** Stored readings, tolerant of anything else. */
export function adsReadingsFrom(value: unknown): AdsReading[] {
  const list =
    typeof value === 'object' && value !== null && Array.isArray((value as { readings?: unknown }).readings) ? (value as { readings: unknown[] }).readings : [];
  return list.filter(
    (r): r is AdsReading =>
      typeof r === 'object' && r !== null && typeof (r as AdsReading).at === 'number' && typeof (r as AdsReading).ads_in_sample === 'number',
  );
}
