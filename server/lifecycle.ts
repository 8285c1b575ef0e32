/**
 * Graceful shutdown of one instance. On drain: the server stops accepting connections (main.ts),
 * requests already running finish and are answered, requests that still arrive on open
 * keep-alive connections get a retryable 503 with `Connection: close`, and /readyz answers
 * 503 so a load balancer stops routing here.
 *
 * A paid call is never settled without being answered: once the grace period is over no new
 * settlement starts (the call answers 503 engine_unavailable and keeps its result with the
 * payment's nonce, so the caller's retry with the same payment, on any instance, settles once
 * and delivers), and the instance waits for settlements already under way before it exits.
 */
import type { Next } from 'koa';
import type { RequestContext } from './pipeline/state.ts';
import { ServiceError } from './problem.ts';
import { SERVER_DEFAULTS } from './config.ts';

export interface LifecycleOptions {
  /** How long running calls may take to finish after the drain starts. */
  graceMs?: number;
  /** How much longer a settlement already sent to the facilitator is waited for. */
  settleWindowMs?: number;
}

export interface DrainReport {
  /** Requests still running when the instance stopped waiting (0 on a clean drain). */
  abandoned: number;
  /** Settlements still under way when the instance stopped waiting. */
  unsettled: number;
  elapsedMs: number;
}

/** Per request: whether a settlement of it is under way (released when its response closes). */
export interface SettlementHold {
  settling: boolean;
}

export function createLifecycle({
  graceMs = SERVER_DEFAULTS.SHUTDOWN_GRACE_MS,
  settleWindowMs = SERVER_DEFAULTS.SHUTDOWN_SETTLE_WINDOW_MS,
}: LifecycleOptions = {}) {
  let draining = false;
  let pastGrace = false;
  let running = 0;
  let settling = 0;
  const idleWaiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of idleWaiters) waiter();
  };

  function waitUntil(condition: () => boolean, ms: number): Promise<boolean> {
    if (condition()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        finish(true);
      };
      const finish = (done: boolean) => {
        clearTimeout(timer);
        idleWaiters.delete(check);
        resolve(done);
      };
      const timer = setTimeout(() => finish(condition()), ms);
      idleWaiters.add(check);
    });
  }

  return {
    get draining() {
      return draining;
    },

    /** Koa stage: counts running requests; once draining, closes connections and turns new calls away. */
    stage() {
      return async function drainStage(ctx: RequestContext, next: Next) {
        if (draining) {
          ctx.set('Connection', 'close');
          // Calls (POST: operations and MCP) are turned away; documents and probes (GET) are
          // instant, charge nothing and keep being answered (/readyz then says shutting_down).
          if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
            throw new ServiceError('engine_unavailable', {
              detail: 'This instance is shutting down. Repeat the call: the load balancer sends it to another instance. Nothing was charged.',
              headers: { 'Retry-After': '1', Connection: 'close' },
            });
          }
        }
        running++;
        // A settlement counts until its answer has left (the response closed), not just until the
        // facilitator replied: the meter flags this request's hold (passed along with the call).
        const hold: SettlementHold = { settling: false };
        ctx.state.settlementHold = hold;
        ctx.res.once('close', () => {
          if (hold.settling) settling--;
          running--;
          wake();
        });
        await next();
        if (draining) ctx.set('Connection', 'close');
      };
    },

    /** The meter's gate around a settlement: false once the grace period is over. */
    settlementGate: {
      enter(hold?: SettlementHold): boolean {
        if (pastGrace) return false;
        if (hold?.settling) return true;
        settling++;
        if (hold) hold.settling = true;
        return true;
      },
      leave(hold?: SettlementHold): void {
        // A request's hold is released when its answer has left (see stage()); without one, now.
        if (hold) return;
        settling--;
        wake();
      },
    },

    /** Stop taking calls, wait for running ones (graceMs), then for settlements under way (settleWindowMs). */
    async drain(): Promise<DrainReport> {
      const started = Date.now();
      draining = true;
      await waitUntil(() => running === 0, graceMs);
      pastGrace = true;
      await waitUntil(() => settling === 0, settleWindowMs);
      return { abandoned: running, unsettled: settling, elapsedMs: Date.now() - started };
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
