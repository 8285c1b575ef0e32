/**
 * The one builder of a CallRequest, for an HTTP operation and an MCP tools/call alike: what both
 * read from the request (its id, the Authorization and Idempotency-Key headers, the settlement
 * hold) is read here once, and so is where each transport carries the payment and the private
 * tier (PAYMENT-SIGNATURE and X-Private-Query-Tier headers over HTTP, the tool call's _meta over MCP).
 */
import type { OperationInfo } from '../contract.ts';
import type { Progress } from '../../handlers/types.ts';
import type { CallRequest } from './invoke.ts';
import type { RequestContext } from './state.ts';

export const MCP_META = {
  payment: 'x402/payment',
  paymentResponse: 'x402/payment-response',
  /** Set when a payment was sent but not settled for the answer: free_call or replay (X-Payment-Unused over HTTP). */
  paymentUnused: 'x402/payment-unused',
  privateTier: 'service/private-tier',
} as const;

interface Call {
  operation: OperationInfo;
  body: unknown;
  ip: string;
  baseUrl: string;
  usage: CallRequest['usage'];
}

export type CallOverTransport = Call & ({ transport: 'http' } | { transport: 'mcp'; meta: Record<string, unknown>; progress?: Progress });

/** Node keeps request header names in lower case; a repeated header is joined with ", ". */
const header = (ctx: RequestContext, name: string): string | undefined => (ctx.req.headers[name] as string | undefined) || undefined;

export function callRequestOf(ctx: RequestContext, call: CallOverTransport): CallRequest {
  const carried = call.transport === 'http' ? overHttp(ctx) : overMcp(call.meta);
  return {
    transport: call.transport,
    operation: call.operation,
    body: call.body,
    ip: call.ip,
    requestId: ctx.state.requestId,
    baseUrl: call.baseUrl,
    hasAuthorization: !!ctx.req.headers.authorization,
    idempotencyKey: header(ctx, 'idempotency-key'),
    privateTier: carried.privateTier,
    payment: carried.payment,
    usage: call.usage,
    settlementHold: ctx.state.settlementHold,
    progress: call.transport === 'mcp' ? call.progress : undefined,
  };
}

function overHttp(ctx: RequestContext): Pick<CallRequest, 'payment' | 'privateTier'> {
  const paymentHeader = header(ctx, 'payment-signature') ?? header(ctx, 'x-payment');
  return { privateTier: header(ctx, 'x-private-query-tier'), payment: paymentHeader ? { header: paymentHeader } : null };
}

function overMcp(meta: Record<string, unknown>): Pick<CallRequest, 'payment' | 'privateTier'> {
  const tier = meta[MCP_META.privateTier];
  return { privateTier: typeof tier === 'string' ? tier : undefined, payment: meta[MCP_META.payment] !== undefined ? { meta: meta[MCP_META.payment] } : null };
}
