/**
 * The search-ads history of a domain: one reading of the registry's sample a day (ads in the
 * sample, ads shown in the last 30 days), kept 180 days like the hiring history
 * (engines/jobs/history.ts, whose day and baseline rules it shares). Written by search-ads when it
 * read the registry without filters (what a filter leaves out would look like a fall), read by
 * the vendor stability skill.
 */
import { storedReadings } from '../jobs/history.ts';

export const ADS_HISTORY_KIND = 'ads-history';

export interface AdsReading {
  at: number;
  ads_in_sample: number;
  ads_shown_last_30_days: number | null;
}

/** Stored readings that carry a time and an ad count, tolerant of anything else. */
export const adsReadingsFrom = (value: unknown): AdsReading[] => storedReadings<AdsReading>(value, 'ads_in_sample');
