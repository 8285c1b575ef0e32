/**
 * Prometheus metrics of one service instance (prom-client, a registry per instance so tests and
 * several apps in one process do not share counters). GET /metrics renders them.
 *
 * Labels stay low-cardinality and never name a caller's target: operations are the spec's
 * operationIds, and an upstream is labelled by host only when it is one of the service's own
 * upstream APIs (job boards, the ads registry, RDAP); any other site is `target`. A private
 * query's target therefore never appears here.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ParsePool } from '../parse-pool/pool.ts';
import type { FairSchedulerStats } from '../fair-share/scheduler.ts';
import { seriesCounter, seriesHistogram } from './series.ts';

export interface MetricsOptions {
  /** Host names of the service's own upstream APIs (labelled by name); `*.` prefixes match subdomains. */
  upstreamHosts?: readonly string[];
  /** Process metrics (memory, CPU, event-loop delay: nodejs_eventloop_lag_* from a monitorEventLoopDelay histogram, handles). */
  processMetrics?: boolean;
}

export type ChargeKind = 'free_use' | 'settlement';
export type SettlementOutcome = 'settled' | 'failed' | 'pending' | 'deferred';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics({ upstreamHosts = [], processMetrics = true }: MetricsOptions = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  // Updated on every request: series resolved once per label set (series.ts).
  const httpRequests = seriesCounter({
    name: 'http_requests_total',
    help: 'HTTP requests by route (operationId) and status code.',
    labelNames: ['route', 'method', 'status'],
    registry,
  });
  const httpLatency = seriesHistogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route (operationId).',
    labelNames: ['route'],
    buckets: LATENCY_BUCKETS,
    registry,
  });
  const calls = seriesCounter({
    name: 'operation_calls_total',
    help: 'Operation calls (HTTP and MCP) by outcome: the result status, payment_required, replay, or the error code.',
    labelNames: ['operation', 'transport', 'outcome'],
    registry,
  });
  const callLatency = seriesHistogram({
    name: 'operation_duration_seconds',
    help: 'Operation call latency (validate, meter, handle, settle) by operation and transport.',
    labelNames: ['operation', 'transport'],
    buckets: LATENCY_BUCKETS,
    registry,
  });
  const charges = new Counter({
    name: 'charges_total',
    help: 'Charged results: free_use (a free call used) or settlement (paid in USDC).',
    labelNames: ['operation', 'kind'],
    registers: [registry],
  });
  const chargedMicroUsd = new Counter({
    name: 'charged_micro_usd_total',
    help: 'List-price value of charged results in micro-USD, by kind.',
    labelNames: ['operation', 'kind'],
    registers: [registry],
  });
  const settlements = new Counter({
    name: 'settlements_total',
    help: 'x402 settlements by outcome: settled, failed, pending (indeterminate, kept for the retry), deferred (instance shutting down).',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const upstreamRequests = new Counter({
    name: 'upstream_requests_total',
    help: 'Requests of the safe fetcher by upstream host (or target) and outcome.',
    labelNames: ['host', 'outcome'],
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'upstream_errors_total',
    help: 'Upstream failures (connection, timeout, rate limit, 5xx, 429) by host (or target) and kind.',
    labelNames: ['host', 'kind'],
    registers: [registry],
  });

  const exact = new Set(upstreamHosts.filter((host) => !host.startsWith('*.')).map((host) => host.toLowerCase()));
  const suffixes = upstreamHosts.filter((host) => host.startsWith('*.')).map((host) => host.slice(1).toLowerCase());
  function upstreamLabel(host: string): string {
    const name = host.toLowerCase();
    if (exact.has(name)) return name;
    const suffix = suffixes.find((end) => name.endsWith(end));
    return suffix ? `*${suffix}` : 'target';
  }

  // The per-request series, looked up once per label set of a request or a call.
  const requestSeries = seriesOf((route: string, method: string, status: number) => ({
    count: httpRequests.series(route, method, String(status)),
    latency: httpLatency.series(route),
  }));
  const callSeries = seriesOf((operation: string, transport: string, outcome: string) => ({
    count: calls.series(operation, transport, outcome),
    latency: callLatency.series(operation, transport),
  }));

  // Each shared stage's fair scheduler, labelled by stage; no caller is ever named.
  const stages = new Map<string, () => FairSchedulerStats<string>>();
  const stageGauge = (name: string, help: string, pick: (stats: FairSchedulerStats<string>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['stage'],
      registers: [registry],
      collect(this: Gauge) {
        for (const [stage, stats] of stages) this.set({ stage }, pick(stats()));
      },
    });
  stageGauge('fair_share_waiting', 'Tasks waiting for a slot of the shared stage, all callers.', (stats) => stats.waiting);
  stageGauge('fair_share_active_callers', 'Callers with work running or waiting at the shared stage.', (stats) => stats.activeCallers);
  stageGauge(
    'fair_share_top_caller_share',
    "The largest share one caller has of the stage's recent use (0 to 1; decayed over the fair scheduler's window).",
    (stats) => stats.topShare,
  );
  function watchStage(stage: string, stats: () => FairSchedulerStats<string>) {
    stages.set(stage, stats);
  }

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    request({ route, method, status, seconds }: { route: string; method: string; status: number; seconds: number }) {
      const series = requestSeries(route, method, status);
      series.count.inc();
      series.latency.observe(seconds);
    },
    call({ operation, transport, outcome, seconds }: { operation: string; transport: string; outcome: string; seconds: number }) {
      const series = callSeries(operation, transport, outcome);
      series.count.inc();
      series.latency.observe(seconds);
    },
    charge({ operation, kind, amountMicroUsd }: { operation: string; kind: ChargeKind; amountMicroUsd: number }) {
      charges.inc({ operation, kind });
      chargedMicroUsd.inc({ operation, kind }, amountMicroUsd);
    },
    settlement({ operation, outcome }: { operation: string; outcome: SettlementOutcome }) {
      settlements.inc({ operation, outcome });
    },
    /** The parse pool's queue and threads (read at each scrape) and its tasks by outcome and duration. */
    watchParsePool(pool: ParsePool) {
      const read = (pick: (stats: ReturnType<ParsePool['stats']>) => number) =>
        function collect(this: Gauge) {
          this.set(pick(pool.stats()));
        };
      new Gauge({
        name: 'parse_pool_threads',
        help: 'Worker threads of the parse pool (PARSE_POOL_THREADS).',
        registers: [registry],
        collect: read((stats) => stats.threads),
      });
      new Gauge({ name: 'parse_pool_running', help: 'Parse tasks a worker is running now.', registers: [registry], collect: read((stats) => stats.running) });
      new Gauge({ name: 'parse_pool_queue_size', help: 'Parse tasks waiting for a thread.', registers: [registry], collect: read((stats) => stats.queued) });
      new Gauge({
        name: 'parse_pool_utilization',
        help: "Share of the parse threads' time spent running tasks since the pool started (0 to 1).",
        registers: [registry],
        collect: read((stats) => stats.utilization),
      });
      new Gauge({
        name: 'parse_pool_saturated',
        help: '1 while every parse thread is busy and tasks wait (a load signal: the fair scheduler handles it and /readyz stays ready).',
        registers: [registry],
        collect: read((stats) => Number(stats.saturated)),
      });
      new Gauge({
        name: 'parse_pool_lane_busy',
        help: 'Parse threads running a task, by lane (light, heavy).',
        labelNames: ['lane'],
        registers: [registry],
        collect(this: Gauge) {
          for (const [lane, { busy }] of Object.entries(pool.stats().fair.lanes)) this.set({ lane }, busy);
        },
      });
      watchStage('parse_pool', () => pool.stats().fair);
      const tasks = new Counter({
        name: 'parse_tasks_total',
        help: 'Parse tasks by task and outcome: ok, deadline (ended at PARSE_DEADLINE_MS), failed, crashed (worker died), busy (queue full), cancelled.',
        labelNames: ['task', 'outcome'],
        registers: [registry],
      });
      const duration = new Histogram({
        name: 'parse_task_duration_seconds',
        help: 'Parse task time from submission (queue wait included) to its end, by task.',
        labelNames: ['task'],
        buckets: LATENCY_BUCKETS,
        registers: [registry],
      });
      pool.onTask(({ task, outcome, seconds }) => {
        tasks.inc({ task, outcome });
        duration.observe({ task }, seconds);
      });
    },
    /** A shared stage's fair scheduler (the net thread's hops: net_thread; calls being served: calls), read at each scrape. */
    watchStage(stage: string, stats: () => FairSchedulerStats<string>) {
      watchStage(stage, stats);
    },
    upstream({ host, status, failure }: { host: string; status: number | null; failure: string | null }) {
      const label = upstreamLabel(host);
      const kind = failure ?? (status === 429 ? 'http_429' : status !== null && status >= 500 ? 'http_5xx' : null);
      upstreamRequests.inc({ host: label, outcome: kind ?? 'ok' });
      if (kind) upstreamErrors.inc({ host: label, kind });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Memoizes the series of each label set (label sets are few: routes, operations, statuses, outcomes). */
function seriesOf<Labels extends (string | number)[], Series>(make: (...labels: Labels) => Series): (...labels: Labels) => Series {
  const known = new Map<string, Series>();
  return (...labels) => {
    const key = labels.join('\u0000');
    let series = known.get(key);
    if (series === undefined) known.set(key, (series = make(...labels)));
    return series;
  };
}

/** The hosts of the service's own upstream APIs, from their base URLs ({company} templates become `*.`). */
export function upstreamHostsOf(baseUrls: readonly string[]): string[] {
  return baseUrls.flatMap((base) => {
    const templated = base.replace(/\{[a-z]+\}\./gi, 'x-wildcard.');
    try {
      const host = new URL(templated).hostname;
      return [host.startsWith('x-wildcard.') ? `*.${host.slice('x-wildcard.'.length)}` : host];
    } catch {
      return [];
    }
  });
}
