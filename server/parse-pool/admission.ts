/**
 * Which parse task may start next, and on which lane of threads, in front of piscina (which owns
 * the threads, their termination and replacement). Tasks wait here until a thread is free, so that
 * the order is ours: light tasks (inputs under heavyBytes: ordinary pages, and the small hostile
 * ones the parse limits make cheap), smallest first (the cost of an analysis grows with its
 * input), before heavy ones, which wait in arrival order.
 *
 * Two lanes: heavy tasks run only on the heavy lane, whose threads the operating system serves
 * last (pool.ts gives them the highest nice value), so that a wave of multi-megabyte pages gets
 * the CPU that ordinary work leaves over; light tasks take a thread of their own lane first and a
 * free heavy-lane thread after that. With no heavy lane (a one-thread pool) both kinds share the
 * light lane.
 */
import { getMaxListeners, setMaxListeners } from 'node:events';
import { ParsePoolBusy } from '../../engines/parse/types.ts';

export type Lane = 'light' | 'heavy';

export interface AdmissionOptions {
  /** Threads of the light lane. */
  lightSlots: number;
  /** Threads of the heavy lane (0: heavy tasks run on the light lane). */
  heavySlots: number;
  /** Tasks that may wait; one more is ParsePoolBusy. */
  maxWaiting: number;
}

interface Waiter {
  size: number;
  admit: (lane: Lane) => void;
}

export function createAdmission({ lightSlots, heavySlots, maxWaiting }: AdmissionOptions) {
  const busy: Record<Lane, number> = { light: 0, heavy: 0 };
  const light: Waiter[] = [];
  const heavy: Waiter[] = [];

  function laneFor(isHeavy: boolean): Lane | null {
    if (isHeavy) {
      if (heavySlots === 0) return busy.light < lightSlots ? 'light' : null;
      return busy.heavy < heavySlots ? 'heavy' : null;
    }
    if (busy.light < lightSlots) return 'light';
    return busy.heavy < heavySlots ? 'heavy' : null;
  }
  function admitWaiting() {
    for (;;) {
      const lightLane = light.length ? laneFor(false) : null;
      const next = lightLane ? light.shift() : undefined;
      if (next && lightLane) {
        busy[lightLane] += 1;
        next.admit(lightLane);
        continue;
      }
      const heavyLane = heavy.length ? laneFor(true) : null;
      // A light task that waits has every thread it may use taken: heavy ones wait behind it.
      if (!heavyLane || light.length) return;
      busy[heavyLane] += 1;
      heavy.shift()!.admit(heavyLane);
    }
  }

  return {
    get waiting() {
      return light.length + heavy.length;
    },
    get busy() {
      return busy.light + busy.heavy;
    },

    /** Resolves with the lane to run on when the task may start; ParsePoolBusy when too many wait; the signal's reason when it aborts first. */
    enter(isHeavy: boolean, { size = 0, signal }: { size?: number; signal?: AbortSignal } = {}): Promise<Lane> {
      const lane = (isHeavy ? !heavy.length && !light.length : !light.length) ? laneFor(isHeavy) : null;
      if (lane) {
        busy[lane] += 1;
        return Promise.resolve(lane);
      }
      if (light.length + heavy.length >= maxWaiting) return Promise.reject(new ParsePoolBusy(`every parse thread is busy and ${light.length + heavy.length} tasks wait`));
      const line = isHeavy ? heavy : light;
      return new Promise<Lane>((resolve, reject) => {
        const waiter: Waiter = {
          size,
          admit(lane) {
            signal?.removeEventListener('abort', giveUp);
            resolve(lane);
          },
        };
        function giveUp() {
          line.splice(line.indexOf(waiter), 1);
          reject(signal!.reason);
        }
        // One call's signal may carry a listener of every task it has waiting (a board's answers
        // analysed at once): the waiting line's bound, not a leak, so Node's warning past 10 is raised to it.
        if (signal && getMaxListeners(signal) < maxWaiting + 10) setMaxListeners(maxWaiting + 10, signal);
        signal?.addEventListener('abort', giveUp, { once: true });
        if (isHeavy) line.push(waiter);
        else {
          // Behind every waiting task of its size or less: equal sizes keep their arrival order.
          const at = line.findIndex((other) => other.size > size);
          line.splice(at < 0 ? line.length : at, 0, waiter);
        }
      });
    },

    /** The task that ran on this lane ended: its thread goes to the next waiting task. */
    leave(lane: Lane) {
      busy[lane] -= 1;
      admitWaiting();
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
