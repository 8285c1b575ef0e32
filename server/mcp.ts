/**
 * POST /mcp: MCP streamable HTTP, stateless (a fresh server and transport per request) and
 * answering with plain JSON. tools/list is the generated tool list; tools/call runs the same
 * invoke core as HTTP, so arguments, codes, metering and results are identical.
 */
import type { Context } from 'koa';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode as RpcErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { documents, operationByTool } from './contract.ts';
import { ServiceError, problemBody } from './problem.ts';
import type { Invoke } from './pipeline/invoke.ts';

export const MCP_META = {
  payment: 'x402/payment',
  paymentResponse: 'x402/payment-response',
  privateTier: 'service/private-tier',
} as const;

export interface McpOptions {
  invoke: Invoke;
  baseUrl: (ctx: Context) => string;
  clientIp: (ctx: Context) => string;
  serverName: string;
  version: string;
}

function toolResult(body: unknown, isError = false, meta?: Record<string, unknown>): CallToolResult {
  return {
    ...(isError ? { isError: true } : {}),
    structuredContent: body as Record<string, unknown>,
    content: [{ type: 'text', text: JSON.stringify(body) }],
    ...(meta ? { _meta: meta } : {}),
  };
}

export function mcpHandler({ invoke, baseUrl, clientIp, serverName, version }: McpOptions) {
  const tools = documents.mcpTools;
  return async function mcpEndpoint(_api: unknown, ctx: Context) {
    const base = baseUrl(ctx);
    const mcp = new McpServer({ name: serverName, version }, { capabilities: { tools: { listChanged: false } } });
    mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const operation = operationByTool(request.params.name);
      if (!operation) throw new McpError(RpcErrorCode.InvalidParams, `Unknown tool ${request.params.name}; tools/list names the tools.`);
      const meta = (request.params._meta ?? {}) as Record<string, unknown>;
      try {
        const outcome = await invoke({
          transport: 'mcp',
          operation,
          body: request.params.arguments ?? {},
          ip: clientIp(ctx),
          requestId: ctx.state.requestId,
          baseUrl: base,
          hasAuthorization: !!ctx.get('Authorization'),
          idempotencyKey: ctx.get('Idempotency-Key') || undefined,
          privateTier: typeof meta[MCP_META.privateTier] === 'string' ? (meta[MCP_META.privateTier] as string) : undefined,
        });
        return toolResult(outcome.body);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        return toolResult(problemBody(error, { baseUrl: base, requestId: ctx.state.requestId }), true);
      }
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.respond = false;
    ctx.res.on('close', () => {
      transport.close().catch(() => {});
      mcp.close().catch(() => {});
    });
    await mcp.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res, (ctx.request as any).body);
  };
}
