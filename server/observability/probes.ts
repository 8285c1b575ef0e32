import type { Context } from 'koa';
import type { Store } from '../store/types.ts';
import type { Metrics } from './metrics.ts';

export interface ProbeOptions {
  store: Store;
  metrics: Metrics;
  version: string;
  /** True while the instance drains for shutdown. */
  draining: () => boolean;
  /** How long the store may take to answer the readiness ping. */
  storeTimeoutMs?: number;
}

/** GET /readyz and GET /metrics (GET /healthz, liveness, is a plain document: server/documents.ts). */
/**
 * Readiness is "can serve": the store answers and the instance is not draining. A busy parse pool
 * or net thread is not unreadiness (one caller could otherwise take the instance out of its
 * balancer); the fair scheduler serves callers in turn and /metrics shows the load.
 */
export function probeHandlers({ store, metrics, version, draining, storeTimeoutMs = 2_000 }: ProbeOptions) {
  async function storeAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), storeTimeoutMs);
    });
    try {
      return await Promise.race([
        store.ping().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async getReadiness(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', 'no-store');
      const reason = draining() ? 'shutting_down' : (await storeAnswers()) ? null : 'store_unreachable';
      ctx.status = reason ? 503 : 200;
      ctx.body = { status: reason ? 'not_ready' : 'ready', version, store: store.kind, reason };
    },
    async getMetrics(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = metrics.contentType;
      ctx.body = await metrics.render();
    },
  };
}
