/**
 * Which parse task may start next, in front of piscina (which owns the threads, their termination
 * and replacement). Tasks wait here until a thread is free, so that the order is ours: light tasks
 * (inputs under heavyBytes: ordinary pages, and the small hostile ones the parse limits make
 * cheap), smallest first (the cost of an analysis grows with its input), before heavy ones, which
 * wait in arrival order, at most heavySlots of them at once: a wave of multi-megabyte pages holds
 * some threads, never all, and ordinary pages keep theirs.
 */
import { ParsePoolBusy } from '../../engines/parse/types.ts';

export interface AdmissionOptions {
  /** Tasks running at once (the pool's threads). */
  slots: number;
  /** Heavy tasks running at once. */
  heavySlots: number;
  /** Tasks that may wait; one more is ParsePoolBusy. */
  maxWaiting: number;
}

interface Waiter {
  heavy: boolean;
  size: number;
  admit: () => void;
}

export function createAdmission({ slots, heavySlots, maxWaiting }: AdmissionOptions) {
  let busy = 0;
  let heavyBusy = 0;
  const light: Waiter[] = [];
  const heavy: Waiter[] = [];

  const fits = (isHeavy: boolean) => busy < slots && (!isHeavy || heavyBusy < heavySlots);
  function take(isHeavy: boolean) {
    busy += 1;
    if (isHeavy) heavyBusy += 1;
  }
  function admitWaiting() {
    while (busy < slots) {
      const next = light.length ? light.shift() : heavyBusy < heavySlots ? heavy.shift() : undefined;
      if (!next) return;
      take(next.heavy);
      next.admit();
    }
  }

  return {
    get waiting() {
      return light.length + heavy.length;
    },
    get busy() {
      return busy;
    },

    /** Resolves when the task may start; ParsePoolBusy when too many wait; the signal's reason when it aborts first. */
    enter(isHeavy: boolean, { size = 0, signal }: { size?: number; signal?: AbortSignal } = {}): Promise<void> {
      if (fits(isHeavy) && (isHeavy || !light.length)) {
        take(isHeavy);
        return Promise.resolve();
      }
      if (light.length + heavy.length >= maxWaiting) return Promise.reject(new ParsePoolBusy(`every parse thread is busy and ${light.length + heavy.length} tasks wait`));
      const line = isHeavy ? heavy : light;
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          heavy: isHeavy,
          size,
          admit() {
            signal?.removeEventListener('abort', giveUp);
            resolve();
          },
        };
        function giveUp() {
          line.splice(line.indexOf(waiter), 1);
          reject(signal!.reason);
        }
        signal?.addEventListener('abort', giveUp, { once: true });
        if (isHeavy) line.push(waiter);
        else {
          // Behind every waiting task of its size or less: equal sizes keep their arrival order.
          const at = line.findIndex((other) => other.size > size);
          line.splice(at < 0 ? line.length : at, 0, waiter);
        }
      });
    },

    /** The task ended: its slot goes to the next waiting task. */
    leave(isHeavy: boolean) {
      busy -= 1;
      if (isHeavy) heavyBusy -= 1;
      admitWaiting();
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
