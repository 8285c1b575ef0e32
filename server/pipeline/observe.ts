import type { Next } from 'koa';
import type { RequestContext, RequestState } from './state.ts';
import { NO_LOG, writesInfo, type LogFn } from '../observability/log.ts';
import type { Metrics } from '../observability/metrics.ts';

export interface ObserveOptions {
  metrics: Metrics;
  log?: LogFn;
}

/**
 * Observe stage (outermost, so it sees the final status of problems too): the request
 * counter and latency histogram per route, and one access-log line with the request id, the
 * operation, the status and what was charged. The route is the operationId the router matched
 * (`unmatched` otherwise), never the raw path, so unknown paths cannot grow the label set.
 */
export function observeStage({ metrics, log = NO_LOG }: ObserveOptions) {
  const logRequests = writesInfo(log);
  return async function observe(ctx: RequestContext, next: Next) {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = ctx.state.operationId ?? 'unmatched';
      const status = ctx.status;
      metrics.request({ route, method: ctx.method, status, seconds });
      // In a finally block: a return here would swallow the error of next().
      if (logRequests) {
        // Absent when the request ended before the usage stage.
        const usage: RequestState['usage'] | undefined = ctx.state.usage;
        log({
          level: 'info',
          msg: 'request',
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          operation: route,
          status,
          code: ctx.state.problemCode ?? undefined,
          chargedMicroUsd: usage?.chargedMicroUsd ?? 0,
          durationMs: Math.round(seconds * 1e5) / 100,
        });
      }
    }
  };
}
