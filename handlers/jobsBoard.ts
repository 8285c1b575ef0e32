import { collectJobs, type JobsCache, type JobsCollection } from '../engines/jobs/index.ts';
import type { HandlerContext } from './types.ts';

/** The cache namespace of the jobs engine (also read by the advisor's cached_hint). */
export const CACHE_NS = 'jobs';

/** The store's cache as the jobs engine's: boards and discoveries under one namespace. */
function jobsCache({ services, now }: HandlerContext): JobsCache {
  return {
    get: async (key) => (await services.cache.get({ ns: CACHE_NS, key, now: now().getTime() }))?.value ?? null,
    set: (key, value, expiresAt) => services.cache.set({ ns: CACHE_NS, key, value: value as any, expiresAt }),
  };
}

/** The board and open jobs of a domain for ats-jobs and company-intent (shared cache, JOBS_* settings). */
export function collectBoard(domain: string, context: HandlerContext): Promise<JobsCollection> {
  return collectJobs(
    domain,
    { fetch: context.services.net.fetch, analyze: context.services.analyze, now: context.now, cache: jobsCache(context), signal: context.signal },
    { config: context.services.upstreams.jobs },
  );
}
