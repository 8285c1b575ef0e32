import { auditStore, UnsafeStoreTarget, type StoreReadinessResult } from '../engines/store-readiness/index.ts';
import { ServiceError } from '../server/problem.ts';
import type { HandlerContext } from './types.ts';

/**
 * The readiness audit of one store, as store_readiness_auditor, agentic_shelf_schema_comparator
 * and conversion_leak_lead_finder run it: a store whose home page leads to an address the service
 * does not reach is refused (unsafe_or_invalid_target, free), as every operation refuses it.
 */
export async function runStoreAudit(domain: string, { services, signal }: Pick<HandlerContext, 'services' | 'signal'>): Promise<StoreReadinessResult> {
  try {
    return await auditStore(domain, { fetch: services.net.fetch, analyze: services.analyze, signal });
  } catch (error) {
    if (error instanceof UnsafeStoreTarget) throw new ServiceError('unsafe_or_invalid_target', { detail: `${domain} leads to an address the service does not reach (${error.reason}). Nothing was charged.` });
    throw error;
  }
}
