/**
 * search-ads: the registry's creative search for a domain, paged up to 40 ads, with its filters,
 * then the lookups of the first ads and advertisers (lookups.ts), as a result. Pure over the
 * injected safe fetcher and clock. Any search answer that is not the registry's JSON (a block
 * page, a 429, a redirect to a challenge, an error status) throws AdsRegistryFailure: never a
 * no_ads result. no_ads is only valid JSON with no creatives for the domain and filters.
 */
import { isFetchFailure, isUnsafeTarget, type Fetched, type FetchFailure, type FetchResponse, type SafeFetch } from '../net/types.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import { DEFAULT_ADS_CONFIG, type AdsConfig } from './config.ts';
import { CookieJar } from './cookies.ts';
import { AdsRegistryFailure } from './failure.ts';
import { createLookupCaches, lookUpAll, readAdvertiserFacts, readCreativeRegions, type AdvertiserFacts, type LookupCaches } from './lookups.ts';
import { mapCreative, type MappedAd } from './mapping.ts';
import {
  advertiserLookupRequest, creativeLookupRequest, formBody, GET_ADVERTISER_PATH, GET_CREATIVE_PATH, PAGE_SIZE, readSearchPage, refusalOf,
  SEARCH_CREATIVES_PATH, searchCreativesRequest, type AdsFilters,
} from './rpc.ts';
import { rankAdvertisers, readEstimate, summarize, type SearchAdsResult, type TotalAdsEstimate } from './summary.ts';

export interface SearchAdsDeps {
  fetch: SafeFetch;
  /** Parses the registry's answers off the main thread (the parse pool's json task). */
  analyze: Analyze;
  now: () => Date;
  signal?: AbortSignal;
  config?: AdsConfig;
  /** Cookies kept between calls; without one, every call visits the home page first. */
  jar?: CookieJar;
  /** Lookup answers kept between calls; without them, every call asks again. */
  lookups?: LookupCaches;
}

export interface SearchAdsOptions {
  /** The sample's size (the specification's limit is 40). */
  maxAds?: number;
  /** Pages read at most: the registry blocks after a few dozen calls per address. */
  maxPages?: number;
  /** Ads of the sample whose regions are looked up (one request each, the first ones). */
  maxCreativeLookups?: number;
  /** Advertisers looked up for their verified name and country (one request each, most ads first). */
  maxAdvertiserLookups?: number;
}

const MAX_BODY_BYTES = 4_000_000;

export async function searchAds(
  domain: string,
  filters: AdsFilters,
  { fetch, analyze, now, signal, config = DEFAULT_ADS_CONFIG, jar = new CookieJar(), lookups = createLookupCaches({ creativeTtlMs: 0, advertiserTtlMs: 0 }) }: SearchAdsDeps,
  { maxAds = 40, maxPages = 4, maxCreativeLookups = 10, maxAdvertiserLookups = 5 }: SearchAdsOptions = {},
): Promise<SearchAdsResult> {
  const base = config.registryUrl;
  const { region } = filters;

  /**
   * The home page, once per jar lifetime, for the cookies the RPC is called with. Best effort:
   * the RPC decides the outcome, except when the visit already shows a block (429, a "sorry"
   * challenge) or the registry does not answer in time.
   */
  async function visitHome(): Promise<void> {
    const url = `${base}/?region=${region ?? 'anywhere'}`;
    let response: FetchResponse;
    try {
      response = await fetch(url, { timeoutMs: config.timeoutMs, signal, maxBodyBytes: 1_000_000, maxRedirects: 3 });
    } catch (error) {
      if (isFetchFailure(error) && error.kind === 'timeout') throw new AdsRegistryFailure('network', url, `the registry did not answer in time: ${error.message}`, null, { cause: error });
      if (isFetchFailure(error) && error.kind === 'rate_limited') throw backedOff(url, error);
      if (isFetchFailure(error) || isUnsafeTarget(error)) return;
      throw error;
    }
    jar.store(response.setCookies, now().getTime());
    if (response.redirects.length && isChallenge(response.url)) throw new AdsRegistryFailure('challenge', url, `the registry's home page redirected to a challenge (${response.url})`);
    if (response.status === 429) rejectStatus(url, response);
  }

  /** An RPC answer's JSON value (read in the parse pool), or undefined when it is not JSON. */
  async function readJson(url: string, content: Fetched): Promise<unknown> {
    try {
      return await analyze('json', { content, rpc: true }, { signal });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
      throw new AdsRegistryFailure('unexpected_answer', url, `the registry's answer cannot be read within the parse limits (${error.message})`);
    }
  }

  /** One RPC answer, sealed, and its JSON value; anything but the registry's JSON throws AdsRegistryFailure. */
  async function post(path: string, request: Record<string, unknown>): Promise<{ content: Fetched; answer: unknown }> {
    const url = `${base}${path}`;
    const cookie = jar.header(now().getTime());
    const response = await reach(url, () => fetch(url, {
      method: 'POST',
      body: formBody(request),
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        origin: base,
        referer: `${base}/`,
        'x-same-domain': '1',
        ...(cookie ? { cookie } : {}),
      },
      accept: 'application/json, text/plain, */*',
      // The RPC never redirects; a block redirects to a "sorry" challenge.
      maxRedirects: 0,
      timeoutMs: config.timeoutMs,
      maxBodyBytes: MAX_BODY_BYTES,
      signal,
    }));
    jar.store(response.setCookies, now().getTime());
    rejectStatus(url, response);
    if (response.truncated) throw new AdsRegistryFailure('unexpected_answer', url, `the registry's answer is larger than ${MAX_BODY_BYTES} bytes`);
    const answer = await readJson(url, response.content);
    if (answer === undefined) {
      const type = response.headers['content-type'] ?? 'no content type';
      throw new AdsRegistryFailure('block_page', url, `the registry answered ${response.status} with a ${response.content.size}-byte ${type} page instead of JSON (a block page)`);
    }
    return { content: response.content, answer };
  }

  async function readPage(pageToken: string | null) {
    const { answer } = await post(SEARCH_CREATIVES_PATH, searchCreativesRequest({ domain, ...filters, pageToken, pageSize: PAGE_SIZE }));
    const reading = readSearchPage(answer);
    if (!reading.ok) throw new AdsRegistryFailure(reading.badRequest ? 'bad_request' : 'unexpected_answer', `${base}${SEARCH_CREATIVES_PATH}`, reading.detail);
    return reading.page;
  }

  /** A lookup's answer, kept in `cache` under `key` (an answer the registry refused is a failure, never kept). */
  async function lookUp(cache: LookupCaches[keyof LookupCaches], key: string, path: string, request: Record<string, unknown>): Promise<unknown> {
    let fresh: unknown;
    const content = await cache.get(`${base} ${key}`, async () => {
      const { content: body, answer } = await post(path, request);
      const refused = answer && typeof answer === 'object' && !Array.isArray(answer) ? refusalOf(answer as Record<string, unknown>) : 'the answer is not a JSON object';
      if (refused) throw new AdsRegistryFailure('bad_request', `${base}${path}`, refused);
      fresh = answer;
      return body;
    });
    if (fresh !== undefined) return fresh;
    return content ? readJson(`${base}${path}`, content) : undefined;
  }

  /** Regions of the first ads and facts of the first advertisers, applied to the ads; the advertisers' facts and why lookups stopped. */
  async function lookUpDetails(ads: MappedAd[]): Promise<{ advertiserFacts: Map<string, AdvertiserFacts>; failure: string | null }> {
    const advertiserIds = rankAdvertisers(ads).slice(0, maxAdvertiserLookups).map((entry) => entry.advertiser_id);
    const creatives = ads.slice(0, maxCreativeLookups).map((ad) => ad.item);
    // advertisers first: fewer requests, and their facts are about the whole sample
    const keys = [...advertiserIds.map((id) => `advertiser ${id}`), ...creatives.map((_item, index) => `creative ${index}`)];
    const run = await lookUpAll<string[] | AdvertiserFacts | null>(keys, async (key) => {
      const [kind, id] = key.split(' ');
      if (kind === 'advertiser') return readAdvertiserFacts(await lookUp(lookups.advertisers, key, GET_ADVERTISER_PATH, advertiserLookupRequest(id)));
      const item = creatives[Number(id)];
      const request = creativeLookupRequest({ advertiserId: item.advertiser_id, creativeId: item.creative_id, region });
      return readCreativeRegions(await lookUp(lookups.creatives, `creative ${item.advertiser_id} ${item.creative_id} ${region ?? ''}`, GET_CREATIVE_PATH, request));
    });
    const advertiserFacts = new Map<string, AdvertiserFacts>();
    for (const id of advertiserIds) {
      const facts = run.facts.get(`advertiser ${id}`);
      if (facts) advertiserFacts.set(id, facts as AdvertiserFacts);
    }
    creatives.forEach((item, index) => {
      const regions = run.facts.get(`creative ${index}`);
      if (Array.isArray(regions)) item.regions_shown = regions;
    });
    return { advertiserFacts, failure: run.failure };
  }

  if (jar.header(now().getTime()) === null) await visitHome();

  const ads: MappedAd[] = [];
  const seen = new Set<string>();
  let estimate: TotalAdsEstimate | null = null;
  let otherDomain = 0;
  let pageToken: string | null = null;
  let truncated = false;
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await readPage(pageToken);
    estimate = readEstimate(page.estimateLow, page.estimateHigh) ?? estimate;
    for (const creative of page.creatives) {
      if (ads.length >= maxAds) {
        truncated = true;
        break;
      }
      const mapped = mapCreative(creative, { domain, region, format: filters.format });
      if (!mapped.ok) {
        if (mapped.why === 'other_domain') otherDomain++;
        continue;
      }
      if (seen.has(mapped.ad.item.creative_id)) continue;
      seen.add(mapped.ad.item.creative_id);
      ads.push(mapped.ad);
    }
    pageToken = page.nextPageToken;
    if (!pageToken) break;
    if (ads.length >= maxAds || pages + 1 >= maxPages) {
      truncated = true;
      break;
    }
  }
  const details = ads.length ? await lookUpDetails(ads) : { advertiserFacts: new Map(), failure: null };
  return summarize({
    domain, filters, ads, estimate, truncated, otherDomain, now: now(),
    advertiserFacts: details.advertiserFacts,
    lookups: { creatives: Math.min(ads.length, maxCreativeLookups), failure: details.failure },
  });
}

/** The fetch, with network failures as AdsRegistryFailure (a redirect the RPC refused to follow is a challenge). */
async function reach(url: string, request: () => Promise<FetchResponse>): Promise<FetchResponse> {
  try {
    return await request();
  } catch (error) {
    if (isFetchFailure(error) && error.kind === 'too_many_redirects') throw new AdsRegistryFailure('challenge', url, 'the registry redirected the search (a block redirects to a challenge)', null, { cause: error });
    if (isFetchFailure(error) && error.kind === 'rate_limited') throw backedOff(url, error);
    if (isFetchFailure(error)) throw new AdsRegistryFailure('network', url, `the registry could not be reached (${error.kind}): ${error.message}`, null, { cause: error });
    if (isUnsafeTarget(error)) throw new AdsRegistryFailure('network', url, `the registry's address is not one the service reaches (${error.reason})`, null, { cause: error });
    throw error;
  }
}

/** The fetcher held the request back: the registry asked for a pause (an earlier 429) that outlasts this call. */
function backedOff(url: string, error: FetchFailure): AdsRegistryFailure {
  const seconds = error.retryAfterMs !== null ? Math.ceil(error.retryAfterMs / 1000) : null;
  return new AdsRegistryFailure('rate_limited', url, `the registry is rate-limiting the service (an earlier 429${seconds !== null ? `, retry after ${seconds} s` : ''}); it was not asked again`, seconds, { cause: error });
}

function rejectStatus(url: string, response: FetchResponse): void {
  const { status } = response;
  if (status === 429) {
    const retryAfter = retryAfterSeconds(response.headers['retry-after']);
    throw new AdsRegistryFailure('rate_limited', url, `the registry is rate-limiting the service (429${retryAfter !== null ? `, retry after ${retryAfter} s` : ''})`, retryAfter);
  }
  if (status >= 300 && status < 400) throw new AdsRegistryFailure('challenge', url, `the registry answered ${status} (a redirect to a challenge)`);
  if (status < 200 || status > 299) throw new AdsRegistryFailure('http_status', url, `the registry answered HTTP ${status}`);
}

function isChallenge(url: string): boolean {
  try {
    return /\/sorry\b/.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

function retryAfterSeconds(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
