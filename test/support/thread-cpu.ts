import { readFileSync } from 'node:fs';

/**
 * Milliseconds of CPU this process's main thread has run (Linux: the scheduler's own count in
 * /proc/self/task/<pid>/schedstat, in nanoseconds), or null elsewhere. Unlike
 * performance.eventLoopUtilization, it does not count the time a busy thread waits for a core on
 * a machine with more runnable threads than cores.
 */
export function mainThreadCpuMs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}
