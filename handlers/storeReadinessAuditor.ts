import { runStoreAudit } from './storeAudit.ts';
import type { OperationHandler } from './types.ts';

/** POST /v1/skills/store_readiness_auditor (MCP store_readiness_auditor). */
export const storeReadinessAuditor: OperationHandler<'storeReadinessAuditor'> = async ({ domain }, context) => runStoreAudit(domain, context);
