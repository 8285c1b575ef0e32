import { auditStore, type StoreReadinessResult } from '../engines/store-readiness/index.ts';
import type { HandlerContext } from './types.ts';

/** The readiness audit of one store, as store_readiness_auditor, agentic_shelf_schema_comparator and conversion_leak_lead_finder run it. */
export function runStoreAudit(domain: string, { services, signal }: Pick<HandlerContext, 'services' | 'signal'>): Promise<StoreReadinessResult> {
  return auditStore(domain, { fetch: services.net.fetch, analyze: services.analyze, signal });
}
