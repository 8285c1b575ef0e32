import { CookieJar, isAdsRegistryFailure, searchAds as searchRegistry, type Region, type SearchAdsResult } from '../engines/ads/index.ts';
import { ServiceError } from '../server/problem.ts';
import { nextSteps } from './next-steps.ts';
import type { Handler, HandlerContext } from './types.ts';

/** One jar for the process: the registry sees one visitor with cookies, not a cookieless caller per search. */
const jar = new CookieJar();

/**
 * The registry's sample of ads for a domain (ADS_REGISTRY_* settings, shared cookies), for
 * search-ads and company-profile. A registry that cannot be read (block page, 429, challenge,
 * network) is ServiceError engine_failed: retryable, never charged, never no_ads.
 */
export async function collectSearchAds(domain: string, region: Region | undefined, { services, now, signal }: Pick<HandlerContext, 'services' | 'now' | 'signal'>): Promise<SearchAdsResult> {
  try {
    return await searchRegistry(domain, region, { fetch: services.net.fetch, now, signal, config: services.upstreams.ads, jar });
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
export const searchAds: Handler<{ domain: string; region?: Region }, SearchAdsResult> = async ({ domain, region }, context) => {
  const result = await collectSearchAds(domain, region, context);
  if (result.status === 'ok') result.next_steps = nextSteps(domain, ['tech-stack', 'company-intent', 'company-profile'], context.baseUrl);
  return result;
};
