/**
 * The transport-independent core of a call, shared by HTTP and MCP:
 * validate (headers, body) -> handle -> check the result against the contract.
 */
import { canonicalOperation, validatorFor, type OperationInfo } from '../contract.ts';
import { ServiceError } from '../problem.ts';
import { parseIdempotencyKey, parsePrivateTier, validateBody } from './validate.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';

export interface CallRequest {
  transport: 'http' | 'mcp';
  operation: OperationInfo;
  body: unknown;
  ip: string;
  requestId: string;
  baseUrl: string;
  hasAuthorization: boolean;
  idempotencyKey?: string;
  privateTier?: string;
  signal?: AbortSignal;
}

export interface CallOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface InvokeOptions {
  handlers: HandlerRegistry;
  now?: () => Date;
  log?: (entry: Record<string, unknown>) => void;
}

export function createInvoker({ handlers, now = () => new Date(), log = () => {} }: InvokeOptions) {
  return async function invoke(call: CallRequest): Promise<CallOutcome> {
    const operation = canonicalOperation(call.operation);
    if (call.hasAuthorization) {
      throw new ServiceError('unsupported_payment', { detail: 'The Authorization header is not supported; this service takes no credentials.' });
    }
    parseIdempotencyKey(call.idempotencyKey);
    const tier = operation.headerParams.includes('X-Private-Query-Tier') ? parsePrivateTier(call.privateTier) : 'single';
    const input = validateBody(operation, call.body);

    const handler = handlers[operation.operationId];
    if (!handler) {
      throw new ServiceError('engine_unavailable', { detail: `The engine behind ${operation.offerId} is not available on this deployment yet. Nothing was charged.` });
    }
    let result: unknown;
    try {
      result = await handler(input, { operationId: operation.operationId, requestId: call.requestId, baseUrl: call.baseUrl, now, tier, signal: call.signal ?? new AbortController().signal });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      log({ level: 'error', msg: 'handler failed', operation: operation.operationId, requestId: call.requestId, error: String((error as Error)?.stack ?? error) });
      throw new ServiceError('engine_failed', { detail: `${operation.offerId} failed while collecting data. Nothing was charged.`, cause: error });
    }
    if (operation.resultSchema) {
      const validate = validatorFor(operation.resultSchema);
      if (!validate(result)) {
        log({ level: 'error', msg: 'result does not match the contract', operation: operation.operationId, requestId: call.requestId, errors: validate.errors });
        throw new ServiceError('invalid_engine_result', { detail: `${operation.offerId} produced a result that does not match ${operation.resultSchema}. Nothing was charged.` });
      }
    }
    return { status: 200, body: result, headers: {} };
  };
}

export type Invoke = ReturnType<typeof createInvoker>;
