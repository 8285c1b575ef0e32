/**
 * The registry's RPCs: SearchService/SearchCreatives (the ads of a domain) and the two lookups of
 * LookupService (one creative, one advertiser). Each is a form POST whose one field, f.req,
 * holds numeric-keyed JSON, answered with numeric-keyed JSON. The key meanings come from public
 * clients (research note jobs-and-ads.md §6).
 */
import { DEFAULT_VIEWER_GEO, REGION_GEO_IDS, type Region } from './regions.ts';

export const SEARCH_CREATIVES_PATH = '/anji/_/rpc/SearchService/SearchCreatives?authuser=';
export const GET_CREATIVE_PATH = '/anji/_/rpc/LookupService/GetCreativeById?authuser=';
export const GET_ADVERTISER_PATH = '/anji/_/rpc/LookupService/GetAdvertiserById?authuser=';

/** The registry's page size is a ceiling, not a count: pages may come back shorter. */
export const PAGE_SIZE = 40;

/** The registry's format codes ("4" of a creative, "3"."4" of the search filter). */
export const FORMAT_CODES = { text: 1, image: 2, video: 3 } as const;

export type AdFormat = keyof typeof FORMAT_CODES;

/** The search's filters, as the request gave them (days as YYYY-MM-DD). */
export interface AdsFilters {
  region?: Region;
  format?: AdFormat;
  shownFrom?: string;
  shownTo?: string;
}

export interface SearchCreativesQuery extends AdsFilters {
  domain: string;
  pageToken?: string | null;
  pageSize?: number;
}

/**
 * The f.req JSON: "2" page size, "3" filters ("12" domain, "8" region geo ids, "4" format code,
 * "6" / "7" the days shown as integers YYYYMMDD), "7" topic and viewer geo, "4" page token.
 */
export function searchCreativesRequest({
  domain,
  region,
  format,
  shownFrom,
  shownTo,
  pageToken = null,
  pageSize = PAGE_SIZE,
}: SearchCreativesQuery): Record<string, unknown> {
  const geo = viewerGeo(region);
  const filters: Record<string, unknown> = { '12': { '1': domain, '2': true } };
  if (region) filters['8'] = [geo];
  if (format) filters['4'] = FORMAT_CODES[format];
  if (shownFrom) filters['6'] = dayNumber(shownFrom);
  if (shownTo) filters['7'] = dayNumber(shownTo);
  // Without "7" the registry answers {} with 200, which would read as "no ads".
  const request: Record<string, unknown> = { '2': pageSize, '3': filters, '7': { '1': 1, '2': 0, '3': geo } };
  if (pageToken) request['4'] = pageToken;
  return request;
}

/** GetCreativeById: "1" advertiser, "2" creative, "5" topic and viewer geo (its answer's "17", the regions, needs the geo). */
export function creativeLookupRequest({
  advertiserId,
  creativeId,
  region,
}: {
  advertiserId: string;
  creativeId: string;
  region?: Region;
}): Record<string, unknown> {
  return { '1': advertiserId, '2': creativeId, '5': { '1': 1, '2': 0, '3': viewerGeo(region) } };
}

/** GetAdvertiserById: "1" advertiser, "3" the topic (as the registry's own page sends it). */
export function advertiserLookupRequest(advertiserId: string): Record<string, unknown> {
  return { '1': advertiserId, '3': { '1': 1 } };
}

/** "2026-01-31" → 20260131. */
export function dayNumber(day: string): number {
  return Number(day.replaceAll('-', ''));
}

function viewerGeo(region: Region | undefined): number {
  return region ? REGION_GEO_IDS[region] : DEFAULT_VIEWER_GEO;
}

export function formBody(request: Record<string, unknown>): string {
  return `f.req=${encodeURIComponent(JSON.stringify(request))}`;
}

/** The inverse of formBody (the world's registry reads requests with it). */
export function readFormBody(body: string): Record<string, any> | null {
  const value = new URLSearchParams(body).get('f.req');
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** JSON, with the anti-hijacking prefix `)]}'` some answers carry removed; undefined when it is not JSON. */
export function parseRpcJson(text: string): unknown {
  const json = text.replace(/^\s*\)\]\}'\s*/, '');
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

export interface SearchCreativesPage {
  /** The creatives as the registry gave them (mapping.ts reads them). */
  creatives: unknown[];
  nextPageToken: string | null;
  /** "4" / "5": the registry's estimate of all ads, as strings. */
  estimateLow: unknown;
  estimateHigh: unknown;
}

export type PageReading = { ok: true; page: SearchCreativesPage } | { ok: false; badRequest: boolean; detail: string };

/** One answer read as a page; a bad-request answer or another shape is not one. */
export function readSearchPage(answer: unknown): PageReading {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return { ok: false, badRequest: false, detail: 'the answer is not a JSON object' };
  const object = answer as Record<string, unknown>;
  const refused = refusalOf(object);
  if (refused) return { ok: false, badRequest: true, detail: refused };
  const creatives = object['1'];
  if (creatives !== undefined && !Array.isArray(creatives)) return { ok: false, badRequest: false, detail: '"1" is not a list of creatives' };
  const token = object['2'];
  return {
    ok: true,
    page: {
      creatives: (creatives as unknown[] | undefined) ?? [],
      nextPageToken: typeof token === 'string' && token ? token : null,
      estimateLow: object['4'],
      estimateHigh: object['5'],
    },
  };
}

/** The registry's refusal of a request ({"2":"...BadRequestException...","5":400,"9":3}), said in words; null for any other answer. */
export function refusalOf(answer: Record<string, unknown>): string | null {
  // in a search page "2" is the token and "5" a string
  if ((typeof answer['2'] === 'string' && /Exception\b/.test(answer['2'])) || (answer['5'] === 400 && answer['1'] === undefined)) {
    return `the registry refused the request (${String(answer['2']).slice(0, 120)})`;
  }
  return null;
}
