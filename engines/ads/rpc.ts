/**
 * The registry's creative search RPC (SearchService/SearchCreatives): a form POST whose one
 * field, f.req, holds numeric-keyed JSON, answered with numeric-keyed JSON. The key meanings
 * come from public clients (research note jobs-and-ads.md §6).
 */
import { DEFAULT_VIEWER_GEO, REGION_GEO_IDS, type Region } from './regions.ts';

export const SEARCH_CREATIVES_PATH = '/anji/_/rpc/SearchService/SearchCreatives?authuser=';

/** The registry's page size is a ceiling, not a count: pages may come back shorter. */
export const PAGE_SIZE = 40;

export interface SearchCreativesQuery {
  domain: string;
  region?: Region;
  pageToken?: string | null;
  pageSize?: number;
}

/** The f.req JSON: "2" page size, "3" filters ("12" domain, "8" region geo ids), "7" topic and viewer geo, "4" page token. */
export function searchCreativesRequest({ domain, region, pageToken = null, pageSize = PAGE_SIZE }: SearchCreativesQuery): Record<string, unknown> {
  const geo = region ? REGION_GEO_IDS[region] : DEFAULT_VIEWER_GEO;
  const filters: Record<string, unknown> = { '12': { '1': domain, '2': true } };
  if (region) filters['8'] = [geo];
  // Without "7" the registry answers {} with 200, which would read as "no ads".
  const request: Record<string, unknown> = { '2': pageSize, '3': filters, '7': { '1': 1, '2': 0, '3': geo } };
  if (pageToken) request['4'] = pageToken;
  return request;
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
  // {"2":"...BadRequestException...","5":400,"9":3}; in a page "2" is the token and "5" a string
  if ((typeof object['2'] === 'string' && /Exception\b/.test(object['2'])) || (object['5'] === 400 && object['1'] === undefined)) {
    return { ok: false, badRequest: true, detail: `the registry refused the request (${String(object['2']).slice(0, 120)})` };
  }
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
