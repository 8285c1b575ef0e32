/**
 * The transport-independent service: facilitator, free quota, meter and the invoke core that
 * HTTP (app.ts) and MCP (mcp.ts) share. Benchmarks build it without Koa.
 */
import { service } from './contract.ts';
import type { Config } from './config.ts';
import { createFreeQuota } from './metering/quota.ts';
import { createMeter, type MeterEvent, type SettlementGate } from './metering/meter.ts';
import type { Metrics } from './observability/metrics.ts';
import { createFacilitator, type Facilitator } from './payments/facilitator.ts';
import type { PaymentTerms } from './payments/x402.ts';
import { createInvoker } from './pipeline/invoke.ts';
import type { Store } from './store/types.ts';
import type { HandlerRegistry, HandlerServices } from '../handlers/types.ts';
import { createNet, type Transport } from '../engines/net/index.ts';
import { createServiceSigner } from './signing-key.ts';
import type { Analyze } from '../engines/parse/types.ts';
import type { PageRenderer } from '../engines/markdown/render.ts';
import { NO_LOG, type LogFn } from './observability/log.ts';
import { createFairScheduler } from './fair-share/scheduler.ts';
import { createUnpaidPacing } from './fair-share/unpaid-pacing.ts';

export interface CoreOptions {
  config: Config;
  store: Store;
  handlers: HandlerRegistry;
  now?: () => Date;
  log?: LogFn;
  /** Replaces the facilitator chosen by configuration. */
  facilitator?: Facilitator | null;
  /** Where calls, charges, settlements and upstream requests are counted. */
  metrics?: Metrics;
  /** Holds back new settlements while the instance shuts down. */
  settlementGate?: SettlementGate;
  /** The parse pool's analyze (server/parse-pool): every CPU-heavy step on fetched content. */
  analyze: Analyze;
  /** The net thread's transport (server/net-thread/): every byte a site sends is received there. */
  transport: Transport;
  /** The sandboxed browsers that render script-built pages (server/render/); null: none. */
  renderer?: PageRenderer | null;
}

export function paymentTermsOf(config: Config): PaymentTerms | null {
  if (!config.payTo) return null;
  const network = service.network;
  return {
    network,
    chainId: Number(network.split(':')[1]),
    asset: service.assetAddress,
    payTo: config.payTo as `0x${string}`,
    maxTimeoutSeconds: service.paymentTimeoutSeconds,
    eip712: service.eip712Domain,
  };
}

export function createCore({
  config,
  store,
  handlers,
  now = () => new Date(),
  log = NO_LOG,
  facilitator,
  metrics,
  settlementGate,
  analyze,
  transport,
  renderer = null,
}: CoreOptions) {
  const network = service.network;
  const paymentFacilitator =
    facilitator !== undefined
      ? facilitator
      : createFacilitator({
          network,
          chainId: Number(network.split(':')[1]),
          facilitatorUrl: config.facilitatorUrl,
          facilitatorAuthHeaders: config.facilitatorAuthHeaders,
          facilitatorPrivateKey: config.facilitatorPrivateKey,
          rpcUrl: config.rpcUrl,
        });
  const terms = paymentTermsOf(config);
  const quota = createFreeQuota({
    store,
    limit: service.freeCallsPerIdentityPerUtcDay,
    scansPerDay: service.freeScansPerDay,
    staleAfterMs: config.requestStaleAfterMs,
    heldWaitMs: config.freeCallHeldWaitMs,
    now,
  });
  const meter = createMeter({
    store,
    quota,
    facilitator: paymentFacilitator,
    terms,
    caps: { dailyCostMicroUsd: config.dailyCostCapMicroUsd, settlementMicroUsd: config.settlementCapMicroUsd },
    advisorPerHour: service.advisorCallsPerRollingHour,
    quoteLifetimeMs: service.quoteLifetimeSeconds * 1000,
    staleAfterMs: config.requestStaleAfterMs,
    notOkMemoryMs: config.notOkMemoryMs,
    notOkPerHour: config.notOkPerHour,
    now,
    log,
    observe: metrics ? (event: MeterEvent) => (event.type === 'charge' ? metrics.charge(event) : metrics.settlement(event)) : undefined,
    settlementGate,
  });
  const services: HandlerServices = {
    net: createNet(config.net, { onUpstream: metrics ? (event) => metrics.upstream(event) : undefined, transport }),
    analyze,
    render: renderer,
    upstreams: { jobs: config.jobs, ads: config.ads, rdap: config.rdap },
    snapshots: store.snapshots,
    cache: store.cache,
    signer: createServiceSigner({ privateKey: config.signingKey, meta: store.meta, now: () => now().getTime() }),
    publicBaseUrl: config.publicBaseUrl,
  };
  // One caller's calls cannot crowd the thread that answers everyone: each caller has its own line.
  const calls = createFairScheduler<'calls'>({
    lanes: { calls: config.calls.inFlight },
    perCallerCap: config.calls.perCaller,
    strictCap: true,
    maxWaiting: config.calls.maxWaiting,
    name: 'calls',
  });
  const unpaidPacing = createUnpaidPacing(config.calls.unpaidPacing);
  const invoke = createInvoker({ handlers, meter, services, quota, now, log, metrics, deadlineCapMs: config.operationDeadlineCapMs, calls, unpaidPacing });
  return { invoke, quota, meter, calls, paymentsEnabled: !!paymentFacilitator && !!terms };
}
