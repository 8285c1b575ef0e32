import { randomUUID } from 'node:crypto';
import type { CounterRef, Freshness, FreeUseCommit, LeaseRef, Store, Weighted } from '../store/types.ts';
import { SERVER_DEFAULTS } from '../config.ts';
import { dayBounds, nextUtcMidnight, secondsUntil, utcDay } from './day.ts';

export interface FreeQuotaOptions {
  store: Store;
  limit: number;
  scansPerDay: number;
  /**
   * A lease not renewed for this long belongs to a call whose process died (kill -9, a crash): it
   * counts for nothing and returns to its caller (REQUEST_STALE_AFTER_MS). A running call renews
   * its lease every third of this.
   */
  staleAfterMs?: number;
  /**
   * How long a call waits when every free call its caller has left is held by the caller's own
   * running calls: the first one given back (a result that is not ok) is taken; when all of them
   * become uses, the call is asked to pay.
   */
  heldWaitMs?: number;
  /** How often a waiting call asks the store (another instance's calls end there); this instance's own calls wake it at once. */
  heldPollMs?: number;
  /**
   * How long a count read from the store answers this instance's usage reads (the X-Usage-*
   * headers, the advisor's caller facts) without another read. The instance's own leases, uses
   * and releases update it at once; another instance's show after at most this long. Decisions
   * (leases, commits) always go to the store. 0 reads the store every time.
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
  /** Wall clock of lease renewals (tests drive it with the meter's). */
  now?: () => Date;
}

export interface UsageState {
  remaining: number;
  limit: number;
  resetsAt: Date;
}

/**
 * A free call, a scan or a reservation against a cap, held by a running call: committed when its
 * result is ok (a reservation: when its payment settled), released otherwise.
 */
export interface Lease {
  readonly ref: CounterRef & { lease: string };
  /** The use alone (a step-1 scan, a settled amount). */
  commit(): Promise<boolean>;
  /** The use with its ledger entry and stored answers, and the `alongside` leases' uses, in one transaction (a free call). */
  commitFreeUse(rest: Omit<FreeUseCommit, 'lease' | 'alongside'>, alongside?: Lease[]): Promise<boolean>;
  release(): Promise<void>;
  /** What the store commits when another lease's transaction takes this one along; `ended` closes it afterwards. */
  readonly along: { input(): LeaseRef & Freshness & Weighted & { limit: number }; ended(used: boolean): void };
}

/**
 * The caps a deployment sets per UTC day (server/metering/caps.ts), counted in micro-USD on
 * counters of their own: a call reserves its price before the work, and the reservation becomes
 * a use when the money is delivered (settled, or given as a free call) or is given back.
 */
export type CapBucket = 'cap:daily-cost' | 'cap:settled';
/** The subject of the caps' counters: the whole service. */
const SERVICE = '*';
/** A reservation is committed whatever the cap says by then: the work it reserved for was done. */
const ALWAYS = Number.MAX_SAFE_INTEGER;

export type TakeResult = { lease: Lease } | { lease: null; used: number; held: number; waitedMs: number };

/**
 * The free successful calls (bucket free) and free step-1 scans (bucket scan) of each IP per UTC
 * day, held as leases while their calls run (server/store/types.ts, CountersRepo).
 */
export function createFreeQuota({
  store,
  limit,
  scansPerDay,
  staleAfterMs = SERVER_DEFAULTS.REQUEST_STALE_AFTER_MS,
  heldWaitMs = SERVER_DEFAULTS.FREE_CALL_HELD_WAIT_MS,
  heldPollMs = 250,
  readFreshMs = 1000,
  maxCachedCounts = 50_000,
  clockMs = performance.now.bind(performance),
  now: wallClock = () => new Date(),
}: FreeQuotaOptions) {
  const key = (bucket: string, ip: string, at: Date): CounterRef => ({ bucket, subject: ip, window: utcDay(at) });
  const counts = recentCounts({ freshMs: readFreshMs, maxEntries: maxCachedCounts, clockMs });
  const freshness = (at: number) => ({ now: at, staleAfterMs });
  /** Calls of this instance waiting for a lease of a counter to end, woken when one does. */
  const waiting = new Map<string, Set<() => void>>();
  const counterText = ({ bucket, subject, window }: CounterRef) => `${bucket}|${window}|${subject}`;

  function wake(counter: CounterRef) {
    const text = counterText(counter);
    const wakers = waiting.get(text);
    if (!wakers) return;
    waiting.delete(text);
    for (const waker of wakers) waker();
  }

  /** Uses plus fresh leases: what is not free any more. */
  async function taken(bucket: string, ip: string, at: Date): Promise<number> {
    const counter = key(bucket, ip, at);
    const cached = counts.get(counter);
    if (cached !== undefined) return cached;
    const { used, held } = await store.counters.get({ ...counter, ...freshness(at.getTime()) });
    // A lease of this instance may have landed while the read was under way: the higher count is the later one.
    const latest = Math.max(used + held, counts.get(counter) ?? 0);
    if (latest > 0) counts.set(counter, latest);
    else counts.zeroThisTurn(counter);
    return latest;
  }

  function leaseOf(ref: CounterRef & { lease: string }, bucketLimit: number, amount: number, commitLimit = bucketLimit): Lease {
    const counter: CounterRef = { bucket: ref.bucket, subject: ref.subject, window: ref.window };
    let open = true;
    const renewal = setInterval(
      function renewLease() {
        store.counters.renew({ ...ref, now: wallClock().getTime() }).catch(() => undefined);
      },
      Math.max(1, Math.floor(staleAfterMs / 3)),
    );
    renewal.unref();
    /** A lease that became a use leaves the count as it was; any other end makes the next read go to the store. */
    function close(used: boolean) {
      open = false;
      clearInterval(renewal);
      if (!used) counts.forget(counter);
      wake(counter);
    }
    const commitInput = () => ({ ...ref, amount, limit: commitLimit, ...freshness(wallClock().getTime()) });
    async function ending<T extends { committed: boolean }>(work: Promise<T>): Promise<boolean> {
      let committed = false;
      try {
        committed = (await work).committed;
        return committed;
      } finally {
        close(committed);
      }
    }
    return {
      ref,
      async commit() {
        return open ? ending(store.counters.commit(commitInput())) : false;
      },
      async commitFreeUse(rest, alongside = []) {
        if (!open) return false;
        const others = alongside.filter((other) => other !== this);
        let committed = false;
        try {
          committed = await ending(store.commitFreeUse({ lease: commitInput(), alongside: others.map((other) => other.along.input()), ...rest }));
          return committed;
        } finally {
          // Committed with this one: closed. Otherwise they stay open, for their holder to release.
          if (committed) for (const other of others) other.along.ended(true);
        }
      },
      async release() {
        if (!open) return;
        try {
          await store.counters.release(ref);
        } finally {
          close(false);
        }
      },
      along: { input: commitInput, ended: (used: boolean) => open && close(used) },
    };
  }

  async function tryLease(bucket: string, ip: string, at: Date, bucketLimit: number) {
    const counter = key(bucket, ip, at);
    const ref = { ...counter, lease: randomUUID() };
    const outcome = await store.counters.lease({ ...ref, limit: bucketLimit, ...freshness(at.getTime()) });
    // Two leases of one caller may come back out of order: the higher count is the later one.
    const count = outcome.used + outcome.held;
    counts.set(counter, outcome.leased ? Math.max(count, counts.get(counter) ?? 0) : count);
    return { lease: outcome.leased ? leaseOf(ref, bucketLimit, 1) : null, used: outcome.used, held: outcome.held };
  }

  /**
   * A cap's counter of the day starts from the ledger: what was delivered today before any call
   * counted on it (the day the caps were set, or the service was upgraded to them) is counted
   * too. Once per counter and instance; a counter that exists is left as it is.
   */
  const seededCaps = new Set<string>();
  async function seedCap(counter: CounterRef & { bucket: CapBucket }) {
    const text = counterText(counter);
    if (seededCaps.has(text)) return;
    const { from, to } = dayBounds(new Date(`${counter.window}T00:00:00Z`));
    const kinds = counter.bucket === 'cap:settled' ? (['settlement'] as const) : (['free_use', 'settlement'] as const);
    await store.counters.seed({ ...counter, used: await store.ledger.sum({ from, to, kinds: [...kinds] }) });
    if (seededCaps.size > 16) seededCaps.clear();
    seededCaps.add(text);
  }

  /** Resolves when a lease of the counter ends on this instance, or after `ms`. */
  function leaseEnded(counter: CounterRef, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const text = counterText(counter);
      const wakers = waiting.get(text) ?? new Set();
      waiting.set(text, wakers);
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        if (wakers.size === 0 && waiting.get(text) === wakers) waiting.delete(text);
        resolve();
      }
      wakers.add(done);
    });
  }

  return {
    limit,
    scansPerDay,
    /** How many counts this instance keeps now (stale ones leave as new ones come). */
    cachedCounts: () => counts.size(),
    /** Free calls neither used nor held by the caller's running calls. */
    async usage(ip: string, at: Date): Promise<UsageState> {
      return { remaining: Math.max(0, limit - (await taken('free', ip, at))), limit, resetsAt: nextUtcMidnight(at) };
    },
    /** Free step-1 scans left today (read only; the advisor reports them). */
    async scanUsage(ip: string, at: Date): Promise<{ remaining: number; limit: number }> {
      return { remaining: Math.max(0, scansPerDay - (await taken('scan', ip, at))), limit: scansPerDay };
    },
    /**
     * Leases one free call before the work runs. When the free calls left are all held by the
     * caller's own running calls, waits (up to heldWaitMs) for one of them to be given back.
     */
    async take(ip: string, at: Date, { wait = true }: { wait?: boolean } = {}): Promise<TakeResult> {
      const started = clockMs();
      for (;;) {
        const attempt = await tryLease('free', ip, at, limit);
        if (attempt.lease) return { lease: attempt.lease };
        const waitedMs = clockMs() - started;
        if (!wait || attempt.used >= limit || attempt.held === 0 || waitedMs >= heldWaitMs)
          return { lease: null, used: attempt.used, held: attempt.held, waitedMs };
        await leaseEnded(key('free', ip, at), Math.min(heldPollMs, heldWaitMs - waitedMs));
      }
    },
    async takeScan(ip: string, at: Date): Promise<{ lease: Lease | null; retryAfterSeconds: number }> {
      const attempt = await tryLease('scan', ip, at, scansPerDay);
      return { lease: attempt.lease, retryAfterSeconds: secondsUntil(nextUtcMidnight(at), at) };
    },
    /**
     * Reserves `amount` micro-USD of a cap for today, atomically against what was delivered and what
     * running calls reserved; null when it would pass `capMicroUsd`. Kept fresh like a free call's lease.
     */
    async reserve(bucket: CapBucket, amount: number, capMicroUsd: number, at: Date): Promise<Lease | null> {
      const ref = { ...key(bucket, SERVICE, at), lease: randomUUID() };
      await seedCap({ bucket, subject: SERVICE, window: ref.window });
      const outcome = await store.counters.lease({ ...ref, amount, limit: capMicroUsd, ...freshness(at.getTime()) });
      return outcome.leased ? leaseOf(ref, capMicroUsd, amount, ALWAYS) : null;
    },
    /** Deletes stale leases of every caller (on start and in housekeeping). */
    reclaimStale(at: Date): Promise<number> {
      return store.counters.reclaimStale(freshness(at.getTime()));
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
