/**
 * The fair scheduler: the one mechanism by which a shared stage (the parse pool's lanes, the net
 * thread's hops, the page renderer) gives out its slots between callers. Work waits per caller;
 * when a slot frees, the caller with the fewest tasks running goes next, and among those the one
 * that used the least of the stage over the recent window (its cost, decayed exponentially with
 * `windowMs`). So one caller's backlog never sits in front of another caller's next task, and a
 * caller that used more than its share waits behind those that used less.
 *
 * - A caller runs at most `perCallerCap` tasks at once (more only when no other caller waits, and
 *   never so many that no slot is left for another caller when the stage has more than one).
 * - Lanes: slots come in lanes (the parse pool's light and heavy lanes). A task names the lanes it
 *   may use, in the order it prefers them, and takes the first with a free slot.
 * - The waiting line is bounded (`maxWaiting`): when it is full, the newest task of the caller
 *   with the longest backlog is refused (CallerShareExceeded for that caller; StageBusy when the
 *   arriving caller's own backlog is the longest of many small ones), never an older task and
 *   never another caller's only one. Memory stays bounded: idle callers are forgotten.
 *
 * Every step costs O(1) in the callers remembered, except choosing the next waiting task, which
 * costs O(callers with work waiting), at most `maxWaiting`.
 */

import { getMaxListeners, setMaxListeners } from 'node:events';
import { WorkRefused } from '../../engines/refusals.ts';

/** A caller as the free quota counts it (server/pipeline/caller.ts): an IPv4 address or an IPv6 /64. */
export type CallerKey = string;

export interface FairSchedulerOptions<L extends string> {
  /** Slots per lane, in priority order (first: served first by the operating system). */
  lanes: Record<L, number>;
  /** Tasks one caller may run at once while others wait (default: half the slots, at least 1). */
  perCallerCap?: number;
  /** perCallerCap holds even when no other caller waits (a stage whose load shows before its slots fill: the net thread). */
  strictCap?: boolean;
  /** Tasks that may wait, all callers together. */
  maxWaiting: number;
  /** The window over which each caller's use is weighed (exponential decay constant). */
  windowMs?: number;
  /** Callers remembered at most (idle ones are forgotten first). */
  maxCallers?: number;
  /** What the stage calls itself in refusals ("parse pool", "net thread"). */
  name?: string;
  now?: () => number;
}

export interface EnterOptions<L extends string> {
  /** The lanes the task may run on, in the order it prefers them. */
  lanes: readonly L[];
  /** Smaller tasks of one caller go first (equal sizes keep their arrival order). */
  size?: number;
  /** Ends the wait. */
  signal?: AbortSignal;
}

export interface Grant<L extends string> {
  readonly lane: L;
  readonly caller: CallerKey;
}

/** Every slot is busy and the waiting line is full of many callers' work: a passing overload. */
export class StageBusy extends WorkRefused {
  constructor(message: string, retryAfterSeconds = 1) {
    super('instance', message, retryAfterSeconds);
    this.name = 'StageBusy';
  }
}

/** This caller's work is the longest backlog of a full stage: its newest task is refused, retry later. */
export class CallerShareExceeded extends WorkRefused {
  constructor(message: string, retryAfterSeconds: number) {
    super('caller', message, retryAfterSeconds);
    this.name = 'CallerShareExceeded';
  }
}

export const isStageBusy = (error: unknown): error is StageBusy => error instanceof StageBusy;

interface Waiter<L extends string> {
  lanes: readonly L[];
  size: number;
  seq: number;
  admit(lane: L): void;
  refuse(error: Error): void;
}

interface CallerState<L extends string> {
  key: CallerKey;
  running: number;
  waiting: Waiter<L>[];
  /** Decayed use (ms of the stage), as of `at`. */
  used: number;
  at: number;
}

export interface FairSchedulerStats<L extends string> {
  lanes: Record<L, { slots: number; busy: number }>;
  waiting: number;
  /** Callers with work running or waiting. */
  activeCallers: number;
  /** Callers remembered (recent use that has not decayed away). */
  knownCallers: number;
  /** The largest share of the window's use one caller has (0 to 1). */
  topShare: number;
}

export const DEFAULT_FAIR_SHARE = { windowMs: 60_000, maxCallers: 10_000 } as const;

/** A refused caller is told to come back within this long at most. */
const MAX_RETRY_AFTER_SECONDS = 30;

export function createFairScheduler<L extends string>({
  lanes: slotsByLane,
  perCallerCap,
  strictCap = false,
  maxWaiting,
  windowMs = DEFAULT_FAIR_SHARE.windowMs,
  maxCallers = DEFAULT_FAIR_SHARE.maxCallers,
  name = 'stage',
  now = () => performance.now(),
}: FairSchedulerOptions<L>) {
  const laneOrder = Object.keys(slotsByLane) as L[];
  const totalSlots = laneOrder.reduce((sum, lane) => sum + slotsByLane[lane], 0);
  const cap = Math.max(1, perCallerCap ?? Math.ceil(totalSlots / 2));
  // With more than one slot, one caller never holds them all: a slot is left for the next caller.
  const hardCap = totalSlots > 1 ? Math.max(1, totalSlots - 1) : 1;
  const busy = Object.fromEntries(laneOrder.map((lane) => [lane, 0])) as Record<L, number>;
  const callers = new Map<CallerKey, CallerState<L>>();
  /** Callers with work waiting: the only ones admission looks at. */
  const backlogged = new Set<CallerState<L>>();
  let waitingCount = 0;
  let activeCount = 0;
  let seq = 0;
  // The sum of every remembered caller's decayed use decays with the same constant, so it is kept
  // as one number rather than summed over the callers.
  let total = 0;
  let totalAt = now();
  /** A task's mean use of the stage (ms), for how long a refused caller should wait. */
  let meanTaskMs = 0;

  const decay = (from: number, to: number) => (to > from ? Math.exp(-(to - from) / windowMs) : 1);

  function decayed(state: CallerState<L>, at: number): number {
    if (at > state.at) {
      state.used *= decay(state.at, at);
      state.at = at;
    }
    return state.used;
  }

  function totalAtNow(at: number): number {
    if (at > totalAt) {
      total *= decay(totalAt, at);
      totalAt = at;
    }
    return total;
  }

  const isActive = (state: CallerState<L>) => state.running > 0 || state.waiting.length > 0;

  function stateOf(key: CallerKey): CallerState<L> {
    let state = callers.get(key);
    if (!state) {
      if (callers.size >= maxCallers) forgetIdle();
      state = { key, running: 0, waiting: [], used: 0, at: now() };
      callers.set(key, state);
    }
    return state;
  }

  function forget(state: CallerState<L>, at: number) {
    totalAtNow(at);
    total = Math.max(0, total - decayed(state, at));
    callers.delete(state.key);
  }

  /** Drops callers with nothing running or waiting, least used first, down to three quarters of maxCallers. */
  function forgetIdle() {
    const at = now();
    const idle = [...callers.values()].filter((state) => !isActive(state)).sort((a, b) => decayed(a, at) - decayed(b, at));
    for (const state of idle.slice(0, Math.max(1, callers.size - Math.floor((maxCallers * 3) / 4)))) forget(state, at);
  }

  function maybeForget(state: CallerState<L>) {
    const at = now();
    if (!isActive(state) && decayed(state, at) < 1) forget(state, at);
  }

  function freeLane(allowed: readonly L[]): L | null {
    for (const lane of allowed) if (busy[lane] < slotsByLane[lane]) return lane;
    return null;
  }

  /** May this caller start one more task now? */
  function mayRun(state: CallerState<L>): boolean {
    if (state.running >= hardCap) return false;
    return state.running < cap || (!strictCap && waitingCount === state.waiting.length);
  }

  function start(state: CallerState<L>, lane: L) {
    if (!isActive(state)) activeCount += 1;
    busy[lane] += 1;
    state.running += 1;
  }

  function removeWaiter(state: CallerState<L>, index: number): Waiter<L> {
    const [waiter] = state.waiting.splice(index, 1);
    waitingCount -= 1;
    if (!state.waiting.length) backlogged.delete(state);
    if (!isActive(state)) activeCount -= 1;
    return waiter;
  }

  /** Starts waiting tasks while slots are free: fewest running first, then least used. */
  function admitWaiting() {
    const at = now();
    while (waitingCount) {
      let best: { state: CallerState<L>; index: number; lane: L } | null = null;
      for (const state of backlogged) {
        if (!mayRun(state)) continue;
        if (best && (state.running > best.state.running || (state.running === best.state.running && decayed(state, at) >= decayed(best.state, at)))) continue;
        const index = state.waiting.findIndex((waiter) => freeLane(waiter.lanes) !== null);
        if (index >= 0) best = { state, index, lane: freeLane(state.waiting[index].lanes)! };
      }
      if (!best) return;
      const waiter = removeWaiter(best.state, best.index);
      start(best.state, best.lane);
      waiter.admit(best.lane);
    }
  }

  /** How long a caller with this many tasks waiting should wait before calling again. */
  function retryAfterFor(backlog: number): number {
    const drainMs = (backlog * Math.max(meanTaskMs, 1)) / Math.max(1, Math.min(cap, totalSlots));
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(drainMs / 1000)));
  }

  /** Makes room in a full waiting line for `arriving`, or says why not. */
  function makeRoom(arriving: CallerState<L>): Error | null {
    let longest: CallerState<L> | null = null;
    for (const state of backlogged) if (!longest || state.waiting.length > longest.waiting.length) longest = state;
    if (!longest || longest === arriving || longest.waiting.length <= arriving.waiting.length + 1) {
      if (arriving.waiting.length && arriving.waiting.length * 2 >= waitingCount) {
        return new CallerShareExceeded(
          `${arriving.waiting.length} of the ${waitingCount} tasks waiting for the ${name} are yours`,
          retryAfterFor(arriving.waiting.length),
        );
      }
      return new StageBusy(`every slot of the ${name} is busy and ${waitingCount} tasks of ${backlogged.size} callers wait`, retryAfterFor(1));
    }
    let newest = 0;
    for (let index = 1; index < longest.waiting.length; index++) if (longest.waiting[index].seq > longest.waiting[newest].seq) newest = index;
    const backlog = longest.waiting.length;
    removeWaiter(longest, newest).refuse(
      new CallerShareExceeded(
        `your newest task was refused: ${backlog} of your tasks waited for the ${name} while others' work arrived`,
        retryAfterFor(backlog),
      ),
    );
    return null;
  }

  return {
    /** Resolves with the lane to run on when the task may start; refuses when the line is full (see the module); rejects with the signal's reason when it aborts first. */
    enter(caller: CallerKey, { lanes, size = 0, signal }: EnterOptions<L>): Promise<Grant<L>> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const state = stateOf(caller);
      if (!state.waiting.length && mayRun(state)) {
        const lane = freeLane(lanes);
        if (lane) {
          start(state, lane);
          return Promise.resolve({ lane, caller });
        }
      }
      if (waitingCount >= maxWaiting) {
        const refused = makeRoom(state);
        if (refused) {
          maybeForget(state);
          return Promise.reject(refused);
        }
      }
      return new Promise<Grant<L>>((resolve, reject) => {
        const waiter: Waiter<L> = {
          lanes,
          size,
          seq: seq++,
          admit(lane) {
            signal?.removeEventListener('abort', giveUp);
            resolve({ lane, caller });
          },
          refuse(error) {
            signal?.removeEventListener('abort', giveUp);
            maybeForget(state);
            reject(error);
          },
        };
        function giveUp() {
          const index = state.waiting.indexOf(waiter);
          if (index < 0) return;
          removeWaiter(state, index);
          maybeForget(state);
          // A slot this task could not use may suit another caller's task now.
          admitWaiting();
          reject(signal!.reason);
        }
        if (signal) {
          // One call's signal may carry a listener of every task it has waiting (a board's answers
          // analysed at once): the waiting line's bound, not a leak, so Node's warning past 10 is raised to it.
          if (getMaxListeners(signal) < maxWaiting + 10) setMaxListeners(maxWaiting + 10, signal);
          signal.addEventListener('abort', giveUp, { once: true });
        }
        if (!isActive(state)) activeCount += 1;
        // Behind every waiting task of its size or less: equal sizes keep their arrival order.
        const after = state.waiting.findIndex((other) => other.size > size);
        state.waiting.splice(after < 0 ? state.waiting.length : after, 0, waiter);
        backlogged.add(state);
        waitingCount += 1;
        admitWaiting();
      });
    },

    /** The task ended: its slot goes to the next waiting task; `usedMs` (the stage's time it took) is counted to its caller. */
    leave(grant: Grant<L>, usedMs = 0) {
      busy[grant.lane] -= 1;
      const used = Math.max(0, usedMs);
      meanTaskMs = meanTaskMs ? meanTaskMs * 0.9 + used * 0.1 : used;
      const state = callers.get(grant.caller);
      if (state) {
        const at = now();
        state.running -= 1;
        if (!isActive(state)) activeCount -= 1;
        decayed(state, at);
        state.used += used;
        totalAtNow(at);
        total += used;
        maybeForget(state);
      }
      admitWaiting();
    },

    /** The use counted to a caller so far (decayed), in ms. */
    usedBy(caller: CallerKey): number {
      const state = callers.get(caller);
      return state ? decayed(state, now()) : 0;
    },

    get waiting() {
      return waitingCount;
    },
    get busy() {
      return laneOrder.reduce((sum, lane) => sum + busy[lane], 0);
    },

    stats(): FairSchedulerStats<L> {
      const at = now();
      let top = 0;
      for (const state of callers.values()) top = Math.max(top, decayed(state, at));
      const sum = totalAtNow(at);
      return {
        lanes: Object.fromEntries(laneOrder.map((lane) => [lane, { slots: slotsByLane[lane], busy: busy[lane] }])) as Record<
          L,
          { slots: number; busy: number }
        >,
        waiting: waitingCount,
        activeCallers: activeCount,
        knownCallers: callers.size,
        topShare: sum > 0 ? Math.min(1, top / sum) : 0,
      };
    },
  };
}

export type FairScheduler<L extends string> = ReturnType<typeof createFairScheduler<L>>;
