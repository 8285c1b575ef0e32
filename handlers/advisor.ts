import { createAdvisor } from '../engines/advisor/advise.ts';
import { cachedStatuses } from '../engines/advisor/cached-hint.ts';
import { loadAdvisorCatalog, type AdvisorCatalog } from '../engines/advisor/catalog.ts';
import { operations, requestSchemas, service } from '../server/contract.ts';
import type { ContextOf, Handler, InputOf } from './types.ts';

let loaded: AdvisorCatalog | null = null;
/** The advisor's catalog, read once from the generated contract. */
export const advisorCatalog = () => (loaded ??= loadAdvisorCatalog({ operations, requestSchemas, service }));

const advise = createAdvisor(advisorCatalog());

/**
 * POST /v1/advisor (MCP ask_service_advisor). Free: the meter rate-limits it and never uses the
 * free quota. Reads the caller's free calls and scans and today's stored statuses of sample_domain;
 * calls no engine.
 */
// The advisor engine's result types its enums as strings, so its output is checked against the spec at run time only.
export const advisor: Handler<InputOf<'advisor'>, any, ContextOf<'advisor'>> = async (input, { baseUrl, now, caller, services }) => {
  const at = now();
  const [freeQuota, freeScans, cached] = await Promise.all([
    caller.freeQuota(),
    caller.freeScans(),
    input.sample_domain
      ? cachedStatuses(
          input.sample_domain,
          {
            snapshot: (kind, key) => services.snapshots.get({ kind, key }),
            cache: async (ns, key) => (await services.cache.get({ ns, key, now: at.getTime() }))?.value ?? null,
          },
          at,
        )
      : Promise.resolve(null),
  ]);
  return advise(input, { baseUrl, now: at, freeQuota, freeScans, cached });
};
