import { lookupRegistration, type DomainRegistration, type RdapCache } from '../engines/rdap/index.ts';
import type { HandlerContext } from './types.ts';

const RDAP_CACHE_NS = 'rdap';

/** The store's cache as the RDAP engine's: a registration date is asked of the registry once per cache lifetime. */
function rdapCache({ services, now }: HandlerContext): RdapCache {
  return {
    get: async (key) => (await services.cache.get({ ns: RDAP_CACHE_NS, key, now: now().getTime() }))?.value ?? null,
    set: (key, value, expiresAt) => services.cache.set({ ns: RDAP_CACHE_NS, key, value: value as any, expiresAt }),
  };
}

/** The domain's registration date (RDAP, through the bootstrap), from the cache when it was asked before. */
export function registrationOf(domain: string, context: HandlerContext): Promise<DomainRegistration> {
  const { services, now, signal } = context;
  return lookupRegistration(
    domain,
    { fetch: services.net.fetch, analyze: services.analyze, now, signal, cache: rdapCache(context) },
    { config: services.upstreams.rdap },
  );
}
