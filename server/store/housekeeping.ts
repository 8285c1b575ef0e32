/**
 * Store housekeeping: rows nothing will read again are deleted on a timer, so the store does not
 * grow with every caller and call forever. Deleted: stored answers and idempotency keys past their
 * expiry, cache entries past theirs, rate-limit events older than the longest window, free-call
 * counts of days before yesterday, and quotes two days after they expired (a paid step 2 is
 * replayed for a day and a minute after the call, and a replay reads its quote first). Kept: the
 * ledger, payment nonces and snapshots (the previous run a tech-stack diff compares with).
 * Stale leases of free calls and scans (their calls' instance died) are reclaimed; they already
 * count for nothing, this deletes their rows. A pass runs when an instance starts, then on the timer.
 *
 * Deletes go in chunks of `chunk` rows with a turn of the event loop between them: SQLite runs on
 * this thread, and one large DELETE would hold every request behind it. Every instance may run it;
 * the deletes are idempotent.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { utcDay } from '../metering/day.ts';
import { ADVISOR_WINDOW_MS } from '../metering/meter.ts';
import { NO_LOG, type LogFn } from '../observability/log.ts';
import { SERVER_DEFAULTS } from '../config.ts';
import type { Store } from './types.ts';

export interface HousekeepingOptions {
  store: Store;
  now?: () => Date;
  /** Between two runs; 0 never starts the timer (runOnce still works). */
  intervalMs?: number;
  /** Rows per DELETE. */
  chunk?: number;
  /** The longest window of any rate-limit bucket (the advisor's rolling hour). */
  rateWindowMs?: number;
  /** REQUEST_STALE_AFTER_MS: a lease not renewed for this long is reclaimed. */
  staleAfterMs?: number;
  log?: LogFn;
}

export interface HousekeepingReport {
  requests: number;
  cache: number;
  rateEvents: number;
  counters: number;
  leases: number;
  quotes: number;
}

const DAY_MS = 86_400_000;
/** How long an expired quote is kept: longer than a paid step 2's stored answer (a day and a minute). */
export const QUOTE_GRACE_MS = 2 * DAY_MS;

export function createHousekeeping({
  store,
  now = () => new Date(),
  intervalMs = SERVER_DEFAULTS.HOUSEKEEPING_INTERVAL_MS,
  chunk = 2_000,
  rateWindowMs = ADVISOR_WINDOW_MS,
  staleAfterMs = SERVER_DEFAULTS.REQUEST_STALE_AFTER_MS,
  log = NO_LOG,
}: HousekeepingOptions) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<HousekeepingReport> | null = null;
  let stopped = false;

  async function inChunks(purge: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await purge(chunk);
      total += deleted;
      if (deleted < chunk || stopped) return total;
      await nextTurn();
    }
  }

  async function purgeAll(): Promise<HousekeepingReport> {
    const at = now();
    const ms = at.getTime();
    return {
      requests: await inChunks((limit) => store.requests.purgeExpired(ms, limit)),
      cache: await inChunks((limit) => store.cache.purgeExpired(ms, limit)),
      rateEvents: await inChunks((limit) => store.rate.purgeBefore(ms - rateWindowMs, limit)),
      // A call reserved just before midnight may give its use back just after: yesterday stays.
      counters: await inChunks((limit) => store.counters.purgeWindowsBefore(utcDay(new Date(ms - DAY_MS)), limit)),
      leases: await inChunks((limit) => store.counters.reclaimStale({ now: ms, staleAfterMs, limit })),
      quotes: await inChunks((limit) => store.quotes.purgeExpired(ms - QUOTE_GRACE_MS, limit)),
    };
  }

  /** One pass; a pass already under way is joined, not doubled. */
  function runOnce(): Promise<HousekeepingReport> {
    running ??= purgeAll().finally(() => (running = null));
    return running;
  }

  async function tick() {
    try {
      const report = await runOnce();
      log({ level: 'info', msg: 'housekeeping', ...report });
    } catch (error) {
      log({ level: 'warn', msg: 'housekeeping failed', error: String(error) });
    }
  }

  return {
    runOnce,
    /** One pass now, then one every intervalMs (0: none). */
    start() {
      if (timer || stopped) return;
      void tick();
      if (intervalMs <= 0) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    /** No new pass starts; a pass under way stops after its current chunk and is waited for. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
