/**
 * Answers that hold no result (the terms of a 402, a deployment that takes no payments, a limit
 * reached) cost the thread that answers everyone about a millisecond each, and a client that asks
 * again at once, many calls at a time, can keep that thread busy for the others. Past
 * `freeAnswers` such answers to one caller within `windowMs`, each next one is sent after
 * `delayMs`, while the call keeps its place in the caller's own line of the calls stage: the
 * caller's rate falls to its line's width per delay, and the cost shows in its own latency. An
 * agent that pays after its 402 never meets it (a paid call holds a result).
 */
import type { CallerKey } from './scheduler.ts';

export interface UnpaidPacingOptions {
  freeAnswers?: number;
  windowMs?: number;
  delayMs?: number;
  /** Callers remembered at most (the oldest window goes first). */
  maxCallers?: number;
  now?: () => number;
}

export const DEFAULT_UNPAID_PACING = { freeAnswers: 60, windowMs: 60_000, delayMs: 1_000, maxCallers: 10_000 } as const;

export function createUnpaidPacing({
  freeAnswers = DEFAULT_UNPAID_PACING.freeAnswers,
  windowMs = DEFAULT_UNPAID_PACING.windowMs,
  delayMs = DEFAULT_UNPAID_PACING.delayMs,
  maxCallers = DEFAULT_UNPAID_PACING.maxCallers,
  now = () => performance.now(),
}: UnpaidPacingOptions = {}) {
  const windows = new Map<CallerKey, { since: number; count: number }>();
  return {
    /** Counts an answer without a result to this caller; how long to hold it back (0: send it now). */
    delayFor(caller: CallerKey): number {
      const at = now();
      let window = windows.get(caller);
      if (!window || at - window.since >= windowMs) {
        windows.delete(caller);
        window = { since: at, count: 0 };
        if (windows.size >= maxCallers) windows.delete(windows.keys().next().value!);
        windows.set(caller, window);
      }
      window.count += 1;
      return window.count > freeAnswers ? delayMs : 0;
    },
    get size() {
      return windows.size;
    },
  };
}

export type UnpaidPacing = ReturnType<typeof createUnpaidPacing>;
