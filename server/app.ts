/**
 * The Koa app: the request pipeline as visible stages.
 *   observe  (metrics per route, one access-log line, after the final status is known)
 *   respond (request id, problem+json for every error)
 *   drain    (running requests counted; while shutting down, new calls get a retryable 503)
 *   usage    (X-Usage-* headers on every answer)
 *   cors
 *   parse    (POST: JSON content type, size, one JSON object; on /mcp a JSON-RPC parse error instead)
 *   route    (openapi-backend's router: not_found, method_not_allowed, dispatch by operationId; HEAD runs GET, OPTIONS answers Allow)
 *   invoke   (validate -> meter: free quota or x402 pay -> handle -> settle), shared with MCP
 * Handlers hand every CPU-heavy step on fetched content to the parse pool (server/parse-pool).
 */
import Koa from 'koa';
import type { RequestContext, RequestState } from './pipeline/state.ts';
import { operations, service, openapiDocument } from './contract.ts';
import type { Config } from './config.ts';
import { documentHandlers } from './documents.ts';
import { docsPageHandlers } from './docs-page.ts';
import { mcpHandler } from './mcp.ts';
import { callRequestOf } from './pipeline/call-request.ts';
import { baseUrlOf, callerIdentity, problemBaseUrlOf } from './pipeline/caller.ts';
import { crossOriginStage } from './pipeline/cross-origin.ts';
import { parseStage } from './pipeline/parse.ts';
import { respondStage } from './pipeline/respond.ts';
import { routeStage, type RouteHandler, type RouteMatch } from './pipeline/route.ts';
import { setHeaders } from './pipeline/set-headers.ts';
import { usageStage } from './pipeline/usage.ts';
import { createCore } from './core.ts';
import type { Facilitator } from './payments/facilitator.ts';
import { handlers as defaultHandlers } from '../handlers/index.ts';
import type { HandlerRegistry } from '../handlers/types.ts';
import type { Store } from './store/types.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';
import { createMetrics, upstreamHostsOf, type Metrics } from './observability/metrics.ts';
import { probeHandlers } from './observability/probes.ts';
import { observeStage } from './pipeline/observe.ts';
import { NO_LOG, type LogFn } from './observability/log.ts';
import { koaErrorLogger } from './observability/koa-errors.ts';
import { createParsePool, type ParsePool } from './parse-pool/pool.ts';
import { createNetThread, type NetThread } from './net-thread/thread.ts';
import { transportOptionsOf } from '../engines/net/index.ts';
import { createRenderer, type Renderer } from './render/renderer.ts';

export interface AppOptions {
  config: Config;
  store: Store;
  handlers?: HandlerRegistry;
  now?: () => Date;
  log?: LogFn;
  /** Replaces the facilitator chosen by configuration (tests capture what it receives). */
  facilitator?: Facilitator | null;
  /** This instance's metrics (default: a fresh registry). */
  metrics?: Metrics;
  /** This instance's shutdown state (main.ts drains it on SIGTERM). */
  lifecycle?: Lifecycle;
  /** This instance's parse pool (default: one from config.parse, its threads started at the first task; main.ts closes it on SIGTERM). */
  parsePool?: ParsePool;
  /** This instance's net thread (default: one from config.net, started at the first fetch; main.ts closes it on SIGTERM). */
  netThread?: NetThread;
  /** This instance's browsers (default: from config.render, the first started at the first render; main.ts closes them on SIGTERM). */
  renderer?: Renderer;
}

/** The service's own upstream APIs, labelled by host in metrics (every other site is `target`). */
export function upstreamHostsOfConfig(config: Config): string[] {
  const { pollIntervalMs: _poll, ...boards } = config.jobs;
  return upstreamHostsOf([...Object.values(boards), config.ads.registryUrl, config.rdap.baseUrl]);
}

export const EXPOSED_HEADERS = [
  'X-Usage-Free-Remaining',
  'X-Usage-Free-Limit',
  'X-Usage-Free-Resets-At',
  'X-Usage-Price-Micro-Usd',
  'X-Usage-Charged-Micro-Usd',
  'X-Payment-Unused',
  'PAYMENT-REQUIRED',
  'PAYMENT-RESPONSE',
  'Retry-After',
  'X-Request-Id',
  'Deprecation',
  'Link',
  'Allow',
];
export const ALLOWED_HEADERS = [
  'Content-Type',
  'Accept',
  'Idempotency-Key',
  'PAYMENT-SIGNATURE',
  'X-Private-Query-Tier',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
  'Last-Event-ID',
];

export async function createApp({
  config,
  store,
  handlers = defaultHandlers,
  now = () => new Date(),
  log = NO_LOG,
  facilitator,
  metrics = createMetrics({ upstreamHosts: upstreamHostsOfConfig(config) }),
  lifecycle = createLifecycle(),
  parsePool = createParsePool(config.parse),
  netThread = createNetThread(transportOptionsOf(config.net)),
  renderer = createRenderer(config.render, { log }),
}: AppOptions) {
  const app = new Koa<RequestState>();
  // Instead of Koa's default, which prints a multi-line stack on stderr.
  app.on('error', koaErrorLogger(log));
  const version = openapiDocument.info.version as string;
  const baseUrl = (ctx: RequestContext) => baseUrlOf(ctx, config.publicBaseUrl, config.trustedProxies);
  // Asked by the usage stage and the operation: worked out once per request.
  const clientIp = callerIdentity({ trustedProxies: config.trustedProxies, ipv6PrefixLength: config.callerIpv6PrefixLength });
  const ipOf = (ctx: RequestContext): string => (ctx.state.clientIp ??= clientIp(ctx));
  const { invoke, quota, calls, paymentsEnabled } = createCore({
    config,
    store,
    handlers,
    now,
    log,
    facilitator,
    metrics,
    settlementGate: lifecycle.settlementGate,
    analyze: parsePool.analyze,
    transport: netThread.transport,
    renderer,
  });
  metrics.watchParsePool(parsePool);
  metrics.watchStage('net_thread', () => netThread.stats());
  metrics.watchStage('calls', () => calls.stats());
  metrics.watchStage('render', () => renderer.stats());

  const operationsById = new Map(operations.map((op) => [op.operationId, op]));
  function httpOperation(match: RouteMatch, ctx: RequestContext) {
    const operation = operationsById.get(match.operationId)!;
    return (async () => {
      const base = baseUrl(ctx);
      if (operation.deprecated) {
        ctx.set('Deprecation', `@${Date.parse(operation.deprecatedAt!) / 1000}`);
        ctx.set('Link', `<${base}${operations.find((op) => op.operationId === operation.aliasOf)!.path}>; rel="successor-version"`);
      }
      const outcome = await invoke(
        callRequestOf(ctx, { transport: 'http', operation, body: ctx.request.body, ip: ipOf(ctx), baseUrl: base, usage: ctx.state.usage }),
      );
      setHeaders(ctx, outcome.headers);
      ctx.status = outcome.status;
      if (outcome.bodyJson === undefined) {
        ctx.body = outcome.body;
      } else {
        // A kept answer comes with its JSON text: sent as is, not serialized again.
        ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
        ctx.body = outcome.bodyJson;
      }
    })();
  }

  const routeHandlers: Record<string, RouteHandler> = {
    ...Object.fromEntries(operations.filter((op) => op.kind === 'operation' || op.kind === 'alias').map((op) => [op.operationId, httpOperation])),
    ...documentHandlers({ baseUrl, baseFromRequest: config.publicBaseUrl === null, payTo: config.payTo, paymentsEnabled, version }),
    ...docsPageHandlers({ publicBaseUrl: config.publicBaseUrl }),
    ...probeHandlers({ store, metrics, version, draining: () => lifecycle.draining }),
    mcp: mcpHandler({ invoke, quota, now, baseUrl, clientIp: ipOf, serverName: 'company-intelligence', version, log }),
  };

  app.use(observeStage({ metrics, log }));
  app.use(respondStage({ baseUrl: problemBaseUrlOf(baseUrl), log }));
  app.use(lifecycle.stage());
  app.use(usageStage({ quota, clientIp: ipOf, now }));
  app.use(crossOriginStage({ allowHeaders: ALLOWED_HEADERS, exposeHeaders: EXPOSED_HEADERS }));
  app.use(parseStage({ maxBodyBytes: service.maxBodyBytes, jsonRpcPaths: operations.filter((op) => op.kind === 'mcp').map((op) => op.path) }));
  app.use(await routeStage(routeHandlers));
  app.context.store = store;
  return app;
}
