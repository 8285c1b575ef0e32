/**
 * Which parse task may start next, in front of piscina (which owns the threads, their termination
 * and replacement). Tasks wait here until a thread is free, so that the order is ours: light tasks
 * (small inputs: ordinary pages, and the small hostile ones the parse limits make cheap) before
 * heavy ones (inputs of heavyBytes or more), and at most heavySlots heavy tasks at once, so that a
 * wave of multi-megabyte pages holds some threads, never all, and ordinary pages keep theirs.
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
    enter(isHeavy: boolean, signal?: AbortSignal): Promise<void> {
      if (fits(isHeavy) && (isHeavy || !light.length)) {
        take(isHeavy);
        return Promise.resolve();
      }
      if (light.length + heavy.length >= maxWaiting) return Promise.reject(new ParsePoolBusy(`every parse thread is busy and ${light.length + heavy.length} tasks wait`));
      const line = isHeavy ? heavy : light;
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          heavy: isHeavy,
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
        line.push(waiter);
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
