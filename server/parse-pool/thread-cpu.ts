import { readFileSync } from 'node:fs';

/**
 * Milliseconds of CPU the calling thread has run (Linux: the scheduler's count in
 * /proc/thread-self/schedstat), or null elsewhere. A task's cost is its CPU, not its wall time: on
 * a busy machine a cheap page waits for a core, and waiting is not what the page costs.
 */
export function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}
