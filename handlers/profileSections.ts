import type { SectionRunners } from '../engines/profile/compose.ts';
import { ServiceError } from '../server/problem.ts';
import { partContext, SILENT } from './progress.ts';
import type { HandlerContext, HandlerRegistry } from './types.ts';

const SECTION_OPERATIONS = { tech_stack: 'techStack', hiring_intent: 'companyIntent', search_ads: 'searchAds' } as const;

/** The profile's sections are the operations' own handlers, each run with the section's signal. */
export function profileSections(registry: () => HandlerRegistry, domain: string, context: HandlerContext): SectionRunners {
  function section(operationId: string) {
    return async (signal: AbortSignal) => {
      const handler = registry()[operationId];
      if (!handler) throw new ServiceError('engine_unavailable', { detail: `${operationId} is not available on this deployment.` });
      return handler({ domain }, partContext(context, { operationId, signal, progress: SILENT }));
    };
  }
  return {
    tech_stack: section(SECTION_OPERATIONS.tech_stack),
    hiring_intent: section(SECTION_OPERATIONS.hiring_intent),
    search_ads: section(SECTION_OPERATIONS.search_ads),
  };
}
