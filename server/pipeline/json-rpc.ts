import type { Context } from 'koa';

/** The JSON-RPC 2.0 error codes the service answers itself. */
export const RPC_ERROR = { parseError: -32700, invalidRequest: -32600, invalidParams: -32602 } as const;

export type RpcId = string | number | null;

export interface RpcRefusal {
  /** The request's id, or null when the body has no usable one. */
  id: RpcId;
  code: number;
  message: string;
  /** 400 when the body is no JSON-RPC request at all; 200 for a request refused by its params (as the MCP SDK answers them). */
  status: number;
}

/** Answers a JSON-RPC error body (application/json) instead of a problem: what a JSON-RPC client reads. */
export function writeRpcError(ctx: Context, { id, code, message, status }: RpcRefusal) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = { jsonrpc: '2.0', id, error: { code, message } };
}
