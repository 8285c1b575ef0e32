/**
 * The facts the creative search does not give, from the registry's two lookups (research note
 * §6, "Other methods"): the countries an ad was shown in (GetCreativeById "1"."17", each entry's
 * "1" a geo id) and an advertiser's verified legal name and country (GetAdvertiserById "1"."9"."1"
 * and "1"."3"). Each lookup is one more registry request, so only the first ads and advertisers
 * of the sample are looked up, answers are kept for hours, and the first lookup that fails stops
 * the rest: their facts stay absent, never guessed, and the search's own answer stands.
 */
import { createTextCache, type TextCache } from '../net/text-cache.ts';
import { countryCode, countryOfGeoId } from './countries.ts';
import { isAdsRegistryFailure } from './failure.ts';

export interface LookupCaches {
  creatives: TextCache;
  advertisers: TextCache;
}

/** Kept answers: an ad's regions change as it runs (6 h), an advertiser's identity rarely (24 h). */
export function createLookupCaches({
  creativeTtlMs = 6 * 3_600_000,
  advertiserTtlMs = 24 * 3_600_000,
  now = Date.now,
}: { creativeTtlMs?: number; advertiserTtlMs?: number; now?: () => number } = {}): LookupCaches {
  return {
    creatives: createTextCache({ ttlMs: creativeTtlMs, maxBytes: 2 * 1024 * 1024, now }),
    advertisers: createTextCache({ ttlMs: advertiserTtlMs, maxBytes: 1024 * 1024, now }),
  };
}

export interface AdvertiserFacts {
  verifiedName: string | null;
  country: string | null;
}

/** The countries of "1"."17" in the registry's order, or null when it states none (`{}` for an unknown creative included). */
export function readCreativeRegions(answer: unknown): string[] | null {
  const creative = isObject(answer) ? answer['1'] : undefined;
  const entries = isObject(creative) ? creative['17'] : undefined;
  if (!Array.isArray(entries)) return null;
  const regions = new Set<string>();
  for (const entry of entries) {
    const country = countryOfGeoId(isObject(entry) ? entry['1'] : undefined);
    if (country) regions.add(country);
  }
  return regions.size ? [...regions] : null;
}

export function readAdvertiserFacts(answer: unknown): AdvertiserFacts {
  const advertiser = isObject(answer) ? answer['1'] : undefined;
  if (!isObject(advertiser)) return { verifiedName: null, country: null };
  const legal = isObject(advertiser['9']) ? advertiser['9']['1'] : undefined;
  return {
    verifiedName: typeof legal === 'string' && legal.trim() ? legal.trim().slice(0, 300) : null,
    country: countryCode(advertiser['3']),
  };
}

export interface LookupRun<T> {
  /** The facts of each key that was looked up (keys past a failure are missing). */
  facts: Map<string, T>;
  /** The failure that stopped the lookups, if one did. */
  failure: string | null;
}

/**
 * Looks keys up two at a time (the registry blocks bursts); an AdsRegistryFailure stops the
 * rest, any other error (an abort) propagates.
 */
export async function lookUpAll<T>(keys: string[], lookUp: (key: string) => Promise<T>, { parallel = 2 }: { parallel?: number } = {}): Promise<LookupRun<T>> {
  const facts = new Map<string, T>();
  let failure: string | null = null;
  let next = 0;
  async function worker(): Promise<void> {
    while (failure === null && next < keys.length) {
      const key = keys[next++];
      try {
        facts.set(key, await lookUp(key));
      } catch (error) {
        if (!isAdsRegistryFailure(error)) throw error;
        failure ??= error.message;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, keys.length) }, worker));
  return { facts, failure };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
