import type { Store } from '../store/types.ts';
import { nextUtcMidnight, secondsUntil, utcDay } from './day.ts';

export interface FreeQuotaOptions {
  store: Store;
  limit: number;
  scansPerDay: number;
  /**
   * How long a count read from the store answers this instance's usage reads (the X-Usage-*
   * headers, the advisor's caller facts) without another read. The instance's own uses update it
   * at once; another instance's uses show after at most this long. Decisions (reserve) always go
   * to the store. 0 reads the store every time.
   *
   * Only counts above 0 are kept. A caller with no use today is usually a new one, often seen once:
   * keeping its count would keep objects for every new IP a second, past the young generation, and
   * a stream of new callers (the advisor's) would then fill the old space with them until a full
   * collection stalls answers. A zero count answers only the reads of the same turn of the event
   * loop (an advisor call reads it in its handler, then for its usage headers); its first use is kept.
   */
  readFreshMs?: number;
  /** Most counts kept in memory (the oldest go first). */
  maxCachedCounts?: number;
  /** Monotonic milliseconds (tests). */
  clockMs?: () => number;
}

export interface UsageState {
  remaining: number;
  limit: number;
  resetsAt: Date;
}

/** The free successful calls (bucket free) and free step-1 scans (bucket scan) of each IP per UTC day. */
export function createFreeQuota({ store, limit, scansPerDay, readFreshMs = 1000, maxCachedCounts = 50_000, clockMs = performance.now.bind(performance) }: FreeQuotaOptions) {
  const key = (bucket: string, ip: string, now: Date) => ({ bucket, subject: ip, window: utcDay(now) });
  const counts = recentCounts({ freshMs: readFreshMs, maxEntries: maxCachedCounts, clockMs });

  async function used(bucket: string, ip: string, now: Date): Promise<number> {
    const counter = key(bucket, ip, now);
    const cached = counts.get(counter);
    if (cached !== undefined) return cached;
    const value = await store.counters.get(counter);
    // A use of this instance may have landed while the read was under way: the higher count is the later one.
    const latest = Math.max(value, counts.get(counter) ?? 0);
    if (latest > 0) counts.set(counter, latest);
    else counts.zeroThisTurn(counter);
    return latest;
  }
  async function consume(bucket: string, ip: string, now: Date, bucketLimit: number): Promise<boolean> {
    const counter = key(bucket, ip, now);
    const taken = await store.counters.consume({ ...counter, limit: bucketLimit });
    // Two uses of one caller may come back out of order: the higher count is the later one.
    counts.set(counter, Math.max(taken.used, counts.get(counter) ?? 0));
    return taken.consumed;
  }
  async function release(bucket: string, ip: string, now: Date): Promise<void> {
    const counter = key(bucket, ip, now);
    counts.forget(counter);
    await store.counters.release(counter);
    counts.forget(counter);
  }

  return {
    limit,
    /** How many counts this instance keeps now (stale ones leave as new ones come). */
    cachedCounts: () => counts.size(),
    async usage(ip: string, now: Date): Promise<UsageState> {
      return { remaining: Math.max(0, limit - (await used('free', ip, now))), limit, resetsAt: nextUtcMidnight(now) };
    },
    /** Free step-1 scans left today (read only; the advisor reports them). */
    async scanUsage(ip: string, now: Date): Promise<{ remaining: number; limit: number }> {
      return { remaining: Math.max(0, scansPerDay - (await used('scan', ip, now))), limit: scansPerDay };
    },
    /** Takes one free call before the work runs; given back when the result is not ok. */
    async reserve(ip: string, now: Date): Promise<boolean> {
      return consume('free', ip, now, limit);
    },
    async release(ip: string, now: Date): Promise<void> {
      await release('free', ip, now);
    },
    async reserveScan(ip: string, now: Date): Promise<{ ok: boolean; retryAfterSeconds: number }> {
      return { ok: await consume('scan', ip, now, scansPerDay), retryAfterSeconds: secondsUntil(nextUtcMidnight(now), now) };
    },
    async releaseScan(ip: string, now: Date): Promise<void> {
      await release('scan', ip, now);
    },
  };
}

/** Counts read from (or written to) the store in the last `freshMs`, at most `maxEntries` (oldest out first). */
function recentCounts({ freshMs, maxEntries, clockMs }: { freshMs: number; maxEntries: number; clockMs: () => number }) {
  type Entry = { used: number; at: number };
  const entries = new Map<string, Entry>();
  // The order entries were set in, oldest at `head`. A Map's own order would do, but a Map
  // iterated from its start after many deletes there walks over their holes on every set.
  let order: { text: string; entry: Entry }[] = [];
  let head = 0;
  // Counts read as 0 in this turn of the event loop, forgotten when it ends: they die young.
  const zeroes = new Set<string>();
  const forgetZeroes = () => zeroes.clear();
  const textOf = ({ bucket, subject, window }: { bucket: string; subject: string; window: string }) => `${bucket}|${window}|${subject}`;
  return {
    get(counter: { bucket: string; subject: string; window: string }): number | undefined {
      if (freshMs <= 0) return undefined;
      const text = textOf(counter);
      if (zeroes.has(text)) return 0;
      const entry = entries.get(text);
      return entry && clockMs() - entry.at < freshMs ? entry.used : undefined;
    },
    zeroThisTurn(counter: { bucket: string; subject: string; window: string }) {
      if (freshMs <= 0) return;
      if (zeroes.size === 0) setImmediate(forgetZeroes);
      zeroes.add(textOf(counter));
    },
    set(counter: { bucket: string; subject: string; window: string }, used: number) {
      if (freshMs <= 0) return;
      const text = textOf(counter);
      const at = clockMs();
      zeroes.delete(text);
      entries.delete(text);
      // Oldest first: stale ones (no longer read) leave, and any beyond maxEntries. A record whose
      // entry was set again or forgotten since is passed over.
      while (head < order.length) {
        const oldest = order[head];
        if (entries.get(oldest.text) === oldest.entry) {
          if (entries.size < maxEntries && at - oldest.entry.at < freshMs) break;
          entries.delete(oldest.text);
        }
        head++;
      }
      if (head > 1024 && head * 2 > order.length) {
        order = order.slice(head);
        head = 0;
      }
      const entry = { used, at };
      entries.set(text, entry);
      order.push({ text, entry });
    },
    forget(counter: { bucket: string; subject: string; window: string }) {
      const text = textOf(counter);
      zeroes.delete(text);
      entries.delete(text);
    },
    size: () => entries.size,
  };
}

export type FreeQuota = ReturnType<typeof createFreeQuota>;

let resetsAtText = { at: 0, text: '' };

export function usageHeaders(usage: UsageState, priceMicroUsd: number, chargedMicroUsd: number): Record<string, string> {
  if (resetsAtText.at !== usage.resetsAt.getTime()) resetsAtText = { at: usage.resetsAt.getTime(), text: usage.resetsAt.toISOString().replace('.000Z', 'Z') };
  return {
    'X-Usage-Free-Remaining': String(usage.remaining),
    'X-Usage-Free-Limit': String(usage.limit),
    'X-Usage-Free-Resets-At': resetsAtText.text,
    'X-Usage-Price-Micro-Usd': String(priceMicroUsd),
    'X-Usage-Charged-Micro-Usd': String(chargedMicroUsd),
  };
}
