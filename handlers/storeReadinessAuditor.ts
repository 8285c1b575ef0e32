import type { StoreReadinessResult } from '../engines/store-readiness/index.ts';
import { runStoreAudit } from './store-audit.ts';
import type { Handler } from './types.ts';

/** POST /v1/skills/store_readiness_auditor (MCP store_readiness_auditor). */
export const storeReadinessAuditor: Handler<{ domain: string }, StoreReadinessResult> = async ({ domain }, context) => runStoreAudit(domain, context);
