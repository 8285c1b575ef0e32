/**
 * One call's total deadline (the operation's x-deadline-seconds, or OPERATION_DEADLINE_CAP_MS when
 * shorter). The handler's signal aborts a little before it (the wind-down reserve), so that every
 * fetch, section and analysis still running fails as a timeout and the handler answers with what
 * it has; `expired` rejects at the deadline itself, for a handler that still has not answered.
 */
import { ServiceError } from '../problem.ts';

export interface CallDeadline {
  /** The whole deadline, as documented. */
  totalMs: number;
  /** What the handler has: the deadline less the wind-down reserve (what texts state). */
  budgetMs: number;
  /** Aborts when the budget is spent (reason: a TimeoutError DOMException). */
  signal: AbortSignal;
  /** Rejects with deadline_exceeded at the deadline itself. */
  expired: Promise<never>;
  clear(): void;
}

/** Time kept back for the handler to answer once its signal aborted: 5% of the deadline, at most 1 s (verify-merchant: 200 ms of 4 s). */
export function windDownReserveMs(totalMs: number): number {
  return Math.min(1000, Math.round(totalMs / 20));
}

/** The deadline an operation runs under: its documented one, or the deployment's cap when shorter. */
export function effectiveDeadlineMs(documentedMs: number, capMs: number | null): number {
  return capMs === null ? documentedMs : Math.min(documentedMs, capMs);
}

export function deadlineExceeded(offerId: string, totalMs: number): ServiceError {
  return new ServiceError('deadline_exceeded', {
    detail: `${offerId} could not finish within its total deadline of ${totalMs / 1000} s: what it reads did not answer in time. Nothing was charged.`,
  });
}

export function startDeadline(totalMs: number, offerId: string): CallDeadline {
  const budgetMs = totalMs - windDownReserveMs(totalMs);
  const controller = new AbortController();
  const budgetTimer = setTimeout(() => controller.abort(new DOMException(`the call's deadline of ${totalMs} ms`, 'TimeoutError')), budgetMs);
  let expiryTimer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    expiryTimer = setTimeout(() => reject(deadlineExceeded(offerId, totalMs)), totalMs);
  });
  // Nobody may be listening when it fires (the handler answered first): never an unhandled rejection.
  expired.catch(() => {});
  return {
    totalMs,
    budgetMs,
    signal: controller.signal,
    expired,
    clear() {
      clearTimeout(budgetTimer);
      clearTimeout(expiryTimer);
    },
  };
}
