import {
  CookieJar,
  createLookupCaches,
  isAdsRegistryFailure,
  searchAds as searchRegistry,
  type AdsFilters,
  type SearchAdsResult,
} from '../engines/ads/index.ts';
import { ServiceError } from '../server/problem.ts';
import { nextSteps } from './nextSteps.ts';
import { ADS_HISTORY_KIND, adsReadingsFrom, type AdsReading } from '../engines/ads/history.ts';
import { nextReadings } from '../engines/jobs/history.ts';
import type { OperationHandler, HandlerContext } from './types.ts';

/** One jar for the process: the registry sees one visitor with cookies, not a cookieless caller per search. */
const jar = new CookieJar();
/** The registry's lookup answers, kept for the process (each one saved is a registry request not made). */
const lookups = createLookupCaches();

/**
 * The registry's sample of ads for a domain (ADS_REGISTRY_* settings, shared cookies), for
 * search-ads and company-profile. A registry that cannot be read (block page, 429, challenge,
 * network) is ServiceError engine_failed: retryable, never charged, never no_ads.
 */
export async function collectSearchAds(
  domain: string,
  filters: AdsFilters,
  { services, now, signal }: Pick<HandlerContext, 'services' | 'now' | 'signal'>,
): Promise<SearchAdsResult> {
  try {
    const config = services.upstreams.ads;
    return await searchRegistry(
      domain,
      filters,
      { fetch: services.net.fetch, analyze: services.analyze, now, signal, config, jar, lookups },
      { maxCreativeLookups: config.adLookups, maxAdvertiserLookups: config.advertiserLookups },
    );
  } catch (error) {
    if (isAdsRegistryFailure(error)) {
      throw new ServiceError('engine_failed', {
        detail: `The advertising-transparency registry could not be read for ${domain}: ${error.message}. This says nothing about its ads; nothing was charged.`,
        headers: error.retryAfterSeconds !== null ? { 'Retry-After': String(error.retryAfterSeconds) } : {},
        cause: error,
      });
    }
    throw error;
  }
}

/** POST /v1/search-ads (MCP get_search_ads_by_domain). */
export const searchAds: OperationHandler<'searchAds'> = async ({ domain, region, format, shown_from: shownFrom, shown_to: shownTo }, context) => {
  // days as YYYY-MM-DD compare as strings
  if (shownFrom && shownTo && shownFrom > shownTo) {
    throw new ServiceError('invalid_input', {
      detail: `shown_to (${shownTo}) is before shown_from (${shownFrom}); send a range whose first day is not after its last. Nothing was charged.`,
      errors: [{ pointer: '/shown_to', detail: 'must not be before shown_from' }],
    });
  }
  const result = await collectSearchAds(domain, { region, format, shownFrom, shownTo }, context);
  if (!region && !format && !shownFrom && !shownTo && (result.status === 'ok' || result.status === 'no_ads')) await rememberReading(domain, result, context);
  if (result.status === 'ok') result.next_steps = nextSteps(domain, ['tech-stack', 'company-intent', 'company-profile']);
  return result;
};

/** The domain's stored ads readings (engines/ads/history.ts), oldest first. */
export async function adsReadings(domain: string, { services }: Pick<HandlerContext, 'services'>): Promise<AdsReading[]> {
  return adsReadingsFrom((await services.snapshots.get({ kind: ADS_HISTORY_KIND, key: domain }))?.value).sort((a, b) => a.at - b.at);
}

/** Today's reading of the unfiltered sample, kept beside the earlier ones (one a day). */
async function rememberReading(domain: string, result: SearchAdsResult, context: HandlerContext) {
  const at = context.now().getTime();
  const reading: AdsReading = {
    at,
    ads_in_sample: result.ads_returned ?? result.ads?.length ?? 0,
    ads_shown_last_30_days: result.ads_shown_last_30_days_in_sample ?? null,
  };
  const readings = nextReadings(await adsReadings(domain, context), reading);
  await context.services.snapshots.put({ kind: ADS_HISTORY_KIND, key: domain, value: { readings } as any, at });
}
