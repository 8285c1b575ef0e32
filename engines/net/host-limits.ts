/**
 * Politeness per host name, for the safe fetcher's every hop: at most `perHost` requests in
 * flight to one host (the rest wait in FIFO order), and a host that answered 429 (or 503 with
 * Retry-After) is not asked again before the time it gave, or an exponential back-off (1 s,
 * 2 s, 4 s... per consecutive 429) when it gave none; both capped by `backoffMaxMs`.
 *
 * A request waits only within its own deadline: aborted while queued, it leaves the queue (the
 * fetcher reports a timeout); when the host's "not before" lies past its deadline it is refused
 * at once (RateLimited) rather than sent early or left to time out.
 *
 * State is in memory, per fetcher; at most `maxHosts` hosts are remembered (the least recently
 * used idle one is forgotten first).
 */

export interface HostLimitsOptions {
  /** Requests in flight to one host name at a time. */
  perHost?: number;
  /** Cap on one back-off, whether from Retry-After or exponential. */
  backoffMaxMs?: number;
  /** First exponential back-off (doubled per consecutive 429 without Retry-After). */
  backoffBaseMs?: number;
  maxHosts?: number;
  /** Wall clock in ms (Retry-After dates are wall-clock times). */
  now?: () => number;
}

export interface EnterOptions {
  /** Aborting it leaves the queue (or the back-off wait); the promise rejects with its reason. */
  signal?: AbortSignal;
  /** What is left of the request's deadline. */
  remainingMs: number;
}

export interface HostLimits {
  /** Waits for a slot and for the host's back-off; resolves to the slot's release (idempotent). */
  enter(host: string, options: EnterOptions): Promise<() => void>;
  /** What the host answered: 429 and 503 with Retry-After back off, other answers below 500 reset the count. */
  record(host: string, status: number, retryAfter?: string): void;
  /** When the host may be asked again (ms, wall clock; 0 when it may now). */
  notBefore(host: string): number;
  /** Hosts currently remembered. */
  readonly size: number;
}

/** The host asked to be left alone until after the request's deadline. */
export class RateLimited extends Error {
  constructor(
    readonly host: string,
    readonly retryAfterMs: number,
  ) {
    super(`${host} asked the service to wait ${Math.ceil(retryAfterMs / 1000)} s more (429 or Retry-After), past this request's deadline`);
    this.name = 'RateLimited';
  }
}

interface Waiter {
  grant: () => void;
}

interface HostState {
  active: number;
  queue: Waiter[];
  notBefore: number;
  /** Consecutive 429 answers. */
  strikes: number;
}

export function createHostLimits({
  perHost = 4,
  backoffMaxMs = 60_000,
  backoffBaseMs = 1_000,
  maxHosts = 10_000,
  now = Date.now,
}: HostLimitsOptions = {}): HostLimits {
  if (!Number.isInteger(perHost) || perHost < 1) throw new RangeError(`perHost must be a positive integer (got ${perHost})`);
  // Map order is recency order: a host is moved to the end whenever it is used.
  const hosts = new Map<string, HostState>();

  function stateOf(host: string): HostState {
    let state = hosts.get(host);
    if (state) {
      hosts.delete(host);
    } else {
      state = { active: 0, queue: [], notBefore: 0, strikes: 0 };
      forgetIdle();
    }
    hosts.set(host, state);
    return state;
  }

  /** Makes room for one more host by dropping the least recently used idle ones. */
  function forgetIdle() {
    for (const [host, state] of hosts) {
      if (hosts.size < maxHosts) return;
      if (state.active === 0 && state.queue.length === 0) hosts.delete(host);
    }
  }

  function waitForSlot(state: HostState, signal: AbortSignal | undefined): Promise<void> {
    if (state.active < perHost && state.queue.length === 0) {
      state.active += 1;
      return Promise.resolve();
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant() {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      function onAbort() {
        const at = state.queue.indexOf(waiter);
        if (at >= 0) state.queue.splice(at, 1);
        reject(signal!.reason);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      state.queue.push(waiter);
    });
  }

  function releaseSlot(state: HostState) {
    const next = state.queue.shift();
    // The slot passes straight to the next in line, so nothing can overtake the queue.
    if (next) next.grant();
    else state.active -= 1;
  }

  function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      function onAbort() {
        clearTimeout(timer);
        reject(signal!.reason);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Resolves once the host's back-off is over; refuses when it ends after the deadline. */
  async function waitForBackoff(host: string, state: HostState, deadline: number, signal: AbortSignal | undefined) {
    for (;;) {
      const at = now();
      if (state.notBefore <= at) return;
      if (state.notBefore > deadline) throw new RateLimited(host, state.notBefore - at);
      await sleep(state.notBefore - at, signal);
    }
  }

  async function enter(host: string, { signal, remainingMs }: EnterOptions): Promise<() => void> {
    const deadline = now() + remainingMs;
    const state = stateOf(host);
    // Refused before queueing when the back-off already runs past the deadline.
    if (state.notBefore > deadline) throw new RateLimited(host, state.notBefore - now());
    await waitForSlot(state, signal);
    let released = false;
    function release() {
      if (released) return;
      released = true;
      releaseSlot(state);
    }
    try {
      await waitForBackoff(host, state, deadline, signal);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  function backoffMs(retryAfter: string | undefined, strikes: number): number {
    const given = retryAfterMs(retryAfter, now());
    const ms = given ?? backoffBaseMs * 2 ** Math.min(strikes - 1, 30);
    return Math.min(ms, backoffMaxMs);
  }

  function record(host: string, status: number, retryAfter?: string) {
    const limited = status === 429 || (status === 503 && retryAfter !== undefined && retryAfterMs(retryAfter, now()) !== null);
    if (!limited) {
      if (status < 500) {
        const state = hosts.get(host);
        if (state) state.strikes = 0;
      }
      return;
    }
    const state = stateOf(host);
    state.strikes += 1;
    state.notBefore = Math.max(state.notBefore, now() + backoffMs(retryAfter, state.strikes));
  }

  return {
    enter,
    record,
    notBefore: (host) => {
      const until = hosts.get(host)?.notBefore ?? 0;
      return until > now() ? until : 0;
    },
    get size() {
      return hosts.size;
    },
  };
}

/** Retry-After as ms from `at`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, at: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, date - at);
}
