/**
 * search-ads: the registry's creative search for a domain, paged up to 40 ads, with its filters,
 * then the lookups of the first ads and advertisers (lookups.ts), as a result, all through the
 * registry's RPC (registry.ts). Pure over the injected safe fetcher and clock. Any search answer that is not the registry's JSON (a block
 * page, a 429, a redirect to a challenge, an error status) throws AdsRegistryFailure: never a
 * no_ads result. no_ads is only valid JSON with no creatives for the domain and filters.
 */
import type { SafeFetch } from '../net/types.ts';
import type { Analyze } from '../parse/types.ts';
import { DEFAULT_ADS_CONFIG, type AdsConfig } from './config.ts';
import { CookieJar } from './cookies.ts';
import { createLookupCaches, lookUpAll, type AdvertiserFacts, type LookupCaches } from './lookups.ts';
import type { MappedAd } from './mapping.ts';
import { createRegistry, type ReadAnswer, type Registry } from './registry.ts';
import {
  advertiserLookupRequest,
  creativeLookupRequest,
  GET_ADVERTISER_PATH,
  GET_CREATIVE_PATH,
  PAGE_SIZE,
  SEARCH_CREATIVES_PATH,
  searchCreativesRequest,
  type AdsFilters,
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

export async function searchAds(
  domain: string,
  filters: AdsFilters,
  {
    fetch,
    analyze,
    now,
    signal,
    config = DEFAULT_ADS_CONFIG,
    jar = new CookieJar(),
    lookups = createLookupCaches({ creativeTtlMs: 0, advertiserTtlMs: 0 }),
  }: SearchAdsDeps,
  { maxAds = 40, maxPages = 4, maxCreativeLookups = 10, maxAdvertiserLookups = 5 }: SearchAdsOptions = {},
): Promise<SearchAdsResult> {
  const registry = createRegistry({ fetch, analyze, now, signal, config, jar });
  // Once per jar lifetime: a jar that holds cookies has visited.
  if (jar.header(now().getTime()) === null) await registry.visitHome(filters.region);
  const sample = await readSample(registry, { domain, filters, maxAds, maxPages });
  const { ads } = sample;
  const details = ads.length
    ? await lookUpDetails(registry, lookups, ads, { region: filters.region, maxCreativeLookups, maxAdvertiserLookups })
    : { advertiserFacts: new Map(), failure: null };
  return summarize({
    domain,
    filters,
    ...sample,
    now: now(),
    advertiserFacts: details.advertiserFacts,
    lookups: { creatives: Math.min(ads.length, maxCreativeLookups), failure: details.failure },
  });
}

/** The sample: the search's pages, up to maxAds new ads, and what the pages said of the rest. */
async function readSample(
  registry: Registry,
  { domain, filters, maxAds, maxPages }: { domain: string; filters: AdsFilters; maxAds: number; maxPages: number },
) {
  /** One search page: its new ads for the sample (at most `room`, none of `seen`), read in the pool. */
  async function readPage(pageToken: string | null, room: number, seen: Set<string>) {
    const request = searchCreativesRequest({ domain, ...filters, pageToken, pageSize: PAGE_SIZE });
    const { facts } = await registry.post(SEARCH_CREATIVES_PATH, request, {
      kind: 'search',
      domain,
      region: filters.region,
      format: filters.format,
      room,
      seen: [...seen],
    });
    if (facts.kind !== 'search') throw new TypeError('a search read gave another kind of facts');
    return facts.page;
  }

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
  return { ads, estimate, truncated, otherDomain };
}

/** A lookup's facts; its answer is kept in `cache` under `key` (an answer the registry refused is a failure, never kept). */
async function lookUp(
  registry: Registry,
  cache: LookupCaches[keyof LookupCaches],
  { key, path, request, kind }: { key: string; path: string; request: Record<string, unknown>; kind: 'creative' | 'advertiser' },
): Promise<ReadAnswer> {
  let fresh: ReadAnswer | undefined;
  const content = await cache.get(`${registry.base} ${key}`, async () => {
    const { content: body, facts } = await registry.post(path, request, { kind });
    fresh = facts;
    return body;
  });
  if (fresh !== undefined) return fresh;
  // Kept (or shared with the same lookup in flight): the load above never gives null.
  return registry.readAnswer(`${registry.base}${path}`, content!, { kind }, { status: 200 });
}

/** Regions of the first ads and facts of the first advertisers, applied to the ads; the advertisers' facts and why lookups stopped. */
async function lookUpDetails(
  registry: Registry,
  lookups: LookupCaches,
  ads: MappedAd[],
  { region, maxCreativeLookups, maxAdvertiserLookups }: { region: AdsFilters['region']; maxCreativeLookups: number; maxAdvertiserLookups: number },
): Promise<{ advertiserFacts: Map<string, AdvertiserFacts>; failure: string | null }> {
  const advertiserIds = rankAdvertisers(ads)
    .slice(0, maxAdvertiserLookups)
    .map((entry) => entry.advertiser_id);
  const creatives = ads.slice(0, maxCreativeLookups).map((ad) => ad.item);
  // advertisers first: fewer requests, and their facts are about the whole sample
  const keys = [...advertiserIds.map((id) => `advertiser ${id}`), ...creatives.map((_item, index) => `creative ${index}`)];
  const run = await lookUpAll<string[] | AdvertiserFacts | null>(keys, async (key) => {
    const [kind, id] = key.split(' ');
    if (kind === 'advertiser') {
      const read = await lookUp(registry, lookups.advertisers, { key, path: GET_ADVERTISER_PATH, request: advertiserLookupRequest(id), kind: 'advertiser' });
      return read.kind === 'advertiser' ? read.facts : null;
    }
    const item = creatives[Number(id)];
    const request = creativeLookupRequest({ advertiserId: item.advertiser_id, creativeId: item.creative_id, region });
    const read = await lookUp(registry, lookups.creatives, {
      key: `creative ${item.advertiser_id} ${item.creative_id} ${region ?? ''}`,
      path: GET_CREATIVE_PATH,
      request,
      kind: 'creative',
    });
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
