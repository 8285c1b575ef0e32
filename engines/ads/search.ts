/**
 * search-ads: the registry's creative search for a domain, paged up to 40 ads, with its filters,
 * then the lookups of the first ads and advertisers (lookups.ts), as a result. Pure over the
 * injected safe fetcher and clock. Any search answer that is not the registry's JSON (a block
 * page, a 429, a redirect to a challenge, an error status) throws AdsRegistryFailure: never a
 * no_ads result. no_ads is only valid JSON with no creatives for the domain and filters.
 */
import { isFetchFailure, isUnsafeTarget, type Fetched, type FetchFailure, type FetchResponse, type SafeFetch } from '../net/types.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { AnswerFacts, AnswerRead } from './answers.ts';
import { DEFAULT_ADS_CONFIG, type AdsConfig } from './config.ts';
import { CookieJar } from './cookies.ts';
import { AdsRegistryFailure } from './failure.ts';
import { createLookupCaches, lookUpAll, type AdvertiserFacts, type LookupCaches } from './lookups.ts';
import type { MappedAd } from './mapping.ts';
import {
  advertiserLookupRequest, creativeLookupRequest, formBody, GET_ADVERTISER_PATH, GET_CREATIVE_PATH, PAGE_SIZE,
  SEARCH_CREATIVES_PATH, searchCreativesRequest, type AdsFilters,
} from './rpc.ts';
import { rankAdvertisers, summarize, type SearchAdsResult, type TotalAdsEstimate } from './summary.ts';

export interface SearchAdsDeps {
  fetch: SafeFetch;
  /** Reads the registry's answers off the main thread (the parse pool's adsAnswer task). */
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

/** What a registry answer said, when it is the registry's JSON of its kind. */
type ReadAnswer = Extract<AnswerFacts, { ok: true }>;

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

  /** What an RPC answer says (read in the parse pool); an answer that is not the registry's JSON of its kind throws AdsRegistryFailure. */
  async function readAnswer(url: string, content: Fetched, read: AnswerRead, status: number, contentType = 'no content type'): Promise<ReadAnswer> {
    let facts: AnswerFacts;
    try {
      facts = await analyze('adsAnswer', { content, read }, { signal });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
      throw new AdsRegistryFailure('unexpected_answer', url, `the registry's answer cannot be read within the parse limits (${error.message})`);
    }
    if (facts.ok) return facts;
    if (facts.reason === 'not_json') throw new AdsRegistryFailure('block_page', url, `the registry answered ${status} with a ${content.size}-byte ${contentType} page instead of JSON (a block page)`);
    throw new AdsRegistryFailure(facts.reason, url, facts.detail);
  }

  /** One RPC answer, sealed, and what it says; anything but the registry's JSON of its kind throws AdsRegistryFailure. */
  async function post(path: string, request: Record<string, unknown>, read: AnswerRead): Promise<{ content: Fetched; facts: ReadAnswer }> {
    const url = `${base}${path}`;
    const cookie = jar.header(now().getTime());
    const response = await reach(url, () => fetch(url, {
      method: 'POST',
      // Searches and lookups: reads, safe to send again on a fresh connection.
      readOnly: true,
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
    return { content: response.content, facts: await readAnswer(url, response.content, read, response.status, response.headers['content-type']) };
  }

  /** One search page: its new ads for the sample (at most `room`, none of `seen`), read in the pool. */
  async function readPage(pageToken: string | null, room: number, seen: Set<string>) {
    const request = searchCreativesRequest({ domain, ...filters, pageToken, pageSize: PAGE_SIZE });
    const { facts } = await post(SEARCH_CREATIVES_PATH, request, { kind: 'search', domain, region, format: filters.format, room, seen: [...seen] });
    if (facts.kind !== 'search') throw new TypeError('a search read gave another kind of facts');
    return facts.page;
  }

  /** A lookup's facts; its answer is kept in `cache` under `key` (an answer the registry refused is a failure, never kept). */
  async function lookUp(cache: LookupCaches[keyof LookupCaches], key: string, path: string, request: Record<string, unknown>, kind: 'creative' | 'advertiser'): Promise<ReadAnswer> {
    let fresh: ReadAnswer | undefined;
    const content = await cache.get(`${base} ${key}`, async () => {
      const { content: body, facts } = await post(path, request, { kind });
      fresh = facts;
      return body;
    });
    if (fresh !== undefined) return fresh;
    // Kept (or shared with the same lookup in flight): the load above never gives null.
    return readAnswer(`${base}${path}`, content!, { kind }, 200);
  }

  /** Regions of the first ads and facts of the first advertisers, applied to the ads; the advertisers' facts and why lookups stopped. */
  async function lookUpDetails(ads: MappedAd[]): Promise<{ advertiserFacts: Map<string, AdvertiserFacts>; failure: string | null }> {
    const advertiserIds = rankAdvertisers(ads).slice(0, maxAdvertiserLookups).map((entry) => entry.advertiser_id);
    const creatives = ads.slice(0, maxCreativeLookups).map((ad) => ad.item);
    // advertisers first: fewer requests, and their facts are about the whole sample
    const keys = [...advertiserIds.map((id) => `advertiser ${id}`), ...creatives.map((_item, index) => `creative ${index}`)];
    const run = await lookUpAll<string[] | AdvertiserFacts | null>(keys, async (key) => {
      const [kind, id] = key.split(' ');
      if (kind === 'advertiser') {
        const read = await lookUp(lookups.advertisers, key, GET_ADVERTISER_PATH, advertiserLookupRequest(id), 'advertiser');
        return read.kind === 'advertiser' ? read.facts : null;
      }
      const item = creatives[Number(id)];
      const request = creativeLookupRequest({ advertiserId: item.advertiser_id, creativeId: item.creative_id, region });
      const read = await lookUp(lookups.creatives, `creative ${item.advertiser_id} ${item.creative_id} ${region ?? ''}`, GET_CREATIVE_PATH, request, 'creative');
      return read.kind === 'creative' ? read.regions : null;
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
    const page = await readPage(pageToken, maxAds - ads.length, seen);
    estimate = page.estimate ?? estimate;
    for (const ad of page.ads) {
      seen.add(ad.item.creative_id);
      ads.push(ad);
    }
    otherDomain += page.otherDomain;
    if (page.full) truncated = true;
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
