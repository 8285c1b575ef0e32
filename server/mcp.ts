/**
 * POST /mcp: MCP streamable HTTP, stateless (a fresh server and transport per request) and
 * answering with plain JSON, or, for a tools/call that carries a progressToken, with an SSE
 * stream: notifications/progress as the call's parts finish, then the result. tools/list is the
 * generated tool list; tools/call runs the same invoke core as HTTP, so arguments, codes,
 * metering and results are identical.
 */
import type { RequestContext } from './pipeline/state.ts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { documents, operationByTool, service } from './contract.ts';
import { ServiceError, problemBody } from './problem.ts';
import { asServiceError, logUnexpected } from './pipeline/respond.ts';
import { callRequestOf, MCP_META } from './pipeline/call-request.ts';
import { NO_LOG, type LogFn } from './observability/log.ts';
import type { Invoke } from './pipeline/invoke.ts';
import type { Progress } from '../handlers/types.ts';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { usageHeaders, type FreeQuota } from './metering/quota.ts';
import { mcpMessageRefusal, unknownToolMessage } from './mcp-message.ts';
import { toolResultText } from './mcp-text.ts';
import { RPC_ERROR, writeRpcError } from './pipeline/json-rpc.ts';

export { MCP_META };

export interface McpOptions {
  invoke: Invoke;
  quota: FreeQuota;
  now: () => Date;
  baseUrl: (ctx: RequestContext) => string;
  clientIp: (ctx: RequestContext) => string;
  serverName: string;
  version: string;
  /** Where an unexpected error is logged, as the HTTP respond stage logs it. */
  log?: LogFn;
}

type ProgressToken = string | number;

/** The progressToken of a tools/call (checked by mcpMessageRefusal against the SDK's schema), or undefined. */
function progressTokenOf(body: unknown): ProgressToken | undefined {
  const message = body as { method?: unknown; params?: { _meta?: { progressToken?: ProgressToken } } };
  return message.method === 'tools/call' ? message.params?._meta?.progressToken : undefined;
}

/** A handler's progress as MCP notifications/progress for the request that asked with `progressToken`. */
function progressNotifications(
  progressToken: ProgressToken,
  send: (notification: { method: 'notifications/progress'; params: Record<string, unknown> }) => Promise<void>,
): Progress {
  return ({ done, total, message }) => {
    send({ method: 'notifications/progress', params: { progressToken, progress: done, ...(total === null ? {} : { total }), message } }).catch(() => {});
  };
}

function toolResult(body: unknown, isError = false, meta?: Record<string, unknown>): CallToolResult {
  return {
    ...(isError ? { isError: true } : {}),
    structuredContent: body as Record<string, unknown>,
    content: [{ type: 'text', text: toolResultText(body) }],
    ...(meta ? { _meta: meta } : {}),
  };
}

/**
 * The server's instructions (the initialize answer): what every tool shares, said once, and how to
 * read the compact tool list, whose output schemas name nested structures by title.
 */
export function mcpInstructions(base: string): string {
  return [
    `Each source IP gets ${service.freeCallsPerIdentityPerUtcDay} free successful calls per UTC day, shared by the data tools; after that each successful result is paid over x402 version 2 (USDC on ${service.network}). A result whose status is not ok is free.`,
    "A tool's price is in its description and in its _meta['service/price-micro-usd'].",
    `An outputSchema lists a result's fields with their types; an inner object or array is given by its type (and title, when it has one): ${base}/openapi.json#/components/schemas/<title> and ${base}/v1/catalog have the full schemas.`,
    `A refused call is a result with isError true: the x402 PaymentRequired terms (repeat the call with params._meta['x402/payment']) or a problem whose code is one of ${base}/errors.`,
  ].join(' ');
}

export function mcpHandler({ invoke, quota, now, baseUrl, clientIp, serverName, version, log = NO_LOG }: McpOptions) {
  const tools = documents.mcpTools;
  return async function mcpEndpoint(_api: unknown, ctx: RequestContext) {
    const refusal = mcpMessageRefusal(ctx.request.body);
    if (refusal) return writeRpcError(ctx, refusal);
    const base = baseUrl(ctx);
    const ip = clientIp(ctx);
    // A stream's headers leave before the call runs: they carry the free calls as they were then, and no price or charge.
    const streamed = progressTokenOf(ctx.request.body) !== undefined;
    /** The transport writes the response itself: usage headers go on the raw response first. */
    async function setUsage(priceMicroUsd: number, chargedMicroUsd: number) {
      if (ctx.res.headersSent) return;
      for (const [name, value] of Object.entries(usageHeaders(await quota.usage(ip, now()), priceMicroUsd, chargedMicroUsd))) {
        if (!streamed || name.startsWith('X-Usage-Free-')) ctx.res.setHeader(name, value);
      }
    }
    await setUsage(0, 0);
    const mcp = new McpServer({ name: serverName, version }, { capabilities: { tools: { listChanged: false } }, instructions: mcpInstructions(base) });
    mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const operation = operationByTool(request.params.name);
      // The SDK sends an error's own message and code (McpError would prefix "MCP error -32602: ").
      if (!operation) throw Object.assign(new Error(unknownToolMessage(request.params.name)), { code: RPC_ERROR.invalidParams });
      const meta = (request.params._meta ?? {}) as Record<string, unknown>;
      const usage = { priceMicroUsd: operation.priceMicroUsd, chargedMicroUsd: 0 };
      try {
        const progress =
          request.params._meta?.progressToken !== undefined ? progressNotifications(request.params._meta.progressToken, extra.sendNotification) : undefined;
        const outcome = await invoke(
          callRequestOf(ctx, { transport: 'mcp', operation, body: request.params.arguments ?? {}, ip, baseUrl: base, usage, meta, progress }),
        );
        if (outcome.kind === 'payment_required') return toolResult(outcome.body, true);
        const receipt =
          outcome.settlement ?? (outcome.headers['PAYMENT-RESPONSE'] ? decodePaymentResponseHeader(outcome.headers['PAYMENT-RESPONSE']) : undefined);
        const unused = outcome.headers['X-Payment-Unused'];
        const resultMeta =
          receipt || unused
            ? { ...(receipt ? { [MCP_META.paymentResponse]: receipt } : {}), ...(unused ? { [MCP_META.paymentUnused]: unused } : {}) }
            : undefined;
        return toolResult(outcome.body, false, resultMeta);
      } catch (thrown) {
        // The same mapping as the HTTP respond stage: a store outage is a retryable 503, any other defect engine_failed.
        if (!(thrown instanceof ServiceError)) logUnexpected(log, ctx, thrown);
        const error = thrown instanceof ServiceError ? thrown : asServiceError(thrown);
        const problem = problemBody(error, { baseUrl: base, requestId: ctx.state.requestId });
        // x402 over MCP: a refused payment or failed settlement is the terms again, with the reason.
        const terms = error.extra.payment_required as Record<string, unknown> | undefined;
        return toolResult(terms ? { ...terms, code: problem.code, hint: problem.hint, detail: problem.detail } : problem, true);
      } finally {
        await setUsage(usage.priceMicroUsd, usage.chargedMicroUsd).catch(() => {});
      }
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !streamed });
    ctx.respond = false;
    ctx.res.on('close', () => {
      transport.close().catch(() => {});
      mcp.close().catch(() => {});
    });
    await mcp.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  };
}
