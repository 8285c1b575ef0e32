/**
 * When the kernel's DAMON memory monitor (kdamond) ran during a paced run, and how many of the
 * run's slow requests came due while it ran or just after.
 *
 * Why: on the machines this project runs on, kdamond samples physical memory every 500 ms
 * (/sys/kernel/mm/damon/admin/kdamonds/N/contexts/0/monitoring_attrs/intervals/sample_us) and runs
 * for a few milliseconds each time, on one of the two cores that the service and the load client
 * share. A few milliseconds' stall of a server at 70-80% of a core leaves a backlog that takes
 * tens of milliseconds to drain, which is what a p99 target of 5 ms sees. bench:load prints this
 * beside each p99 so that a reader can tell the machine's share from the service's: the share of
 * slow requests that came due in those windows, against the share of the run the windows cover
 * (what chance alone would give).
 *
 * The watcher reads each kdamond's on-CPU time (/proc/PID/schedstat, nanoseconds) every 5 ms from
 * the benchmark's own process, which is idle while the paced client runs in its child; the
 * watching takes a little of a core, and stop() says how much. Where DAMON
 * is not running, there is nothing to watch and nothing is printed.
 */
import { closeSync, openSync, readFileSync, readSync, readdirSync } from 'node:fs';

/** One stretch of consecutive samples in which a kdamond was on a CPU; times in ms since the epoch. */
export interface Burst {
  from: number;
  to: number;
  cpuMs: number;
}

export interface Sample {
  /** ms since the epoch. */
  at: number;
  /** The monitor threads' on-CPU time so far, ns. */
  cpuNs: number;
}

const DAMON = '/sys/kernel/mm/damon/admin/kdamonds';

/** The pids of the kdamond threads that are on, or none. */
export function runningKdamonds(root = DAMON): number[] {
  let entries: string[];
  try {
    entries = readdirSync(root).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    try {
      if (readFileSync(`${root}/${entry}/state`, 'utf8').trim() !== 'on') continue;
      const pid = Number(readFileSync(`${root}/${entry}/pid`, 'utf8').trim());
      if (pid > 0) pids.push(pid);
    } catch {
      // A kdamond that stops while we look is not running.
    }
  }
  return pids;
}

/** Consecutive samples whose on-CPU time grew, merged into bursts; a burst starts at the sample before its first growth. */
export function burstsOf(samples: Sample[]): Burst[] {
  const bursts: Burst[] = [];
  let current: Burst | null = null;
  for (let i = 1; i < samples.length; i++) {
    const grew = samples[i].cpuNs - samples[i - 1].cpuNs;
    if (grew > 0) {
      current ??= { from: samples[i - 1].at, to: samples[i].at, cpuMs: 0 };
      current.to = samples[i].at;
      current.cpuMs += grew / 1e6;
    } else if (current) {
      bursts.push(current);
      current = null;
    }
  }
  if (current) bursts.push(current);
  return bursts;
}

/**
 * The share of `slowDueAt` that falls inside a burst or within `afterMs` after it, and the share
 * of `span` those windows cover. Both arrays are sorted; overlapping windows count once.
 */
export function alignment(slowDueAt: number[], bursts: Burst[], span: { from: number; to: number }, { afterMs = 50 }: { afterMs?: number } = {}) {
  const windows: { from: number; to: number }[] = [];
  for (const burst of bursts) {
    const from = Math.max(burst.from, span.from);
    const to = Math.min(burst.to + afterMs, span.to);
    if (to <= from) continue;
    const last = windows.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else windows.push({ from, to });
  }
  let inside = 0;
  let w = 0;
  for (const at of slowDueAt) {
    while (w < windows.length && windows[w].to < at) w++;
    if (w < windows.length && windows[w].from <= at) inside++;
  }
  const covered = windows.reduce((sum, window) => sum + (window.to - window.from), 0);
  const length = span.to - span.from;
  return { slowShare: slowDueAt.length ? inside / slowDueAt.length : NaN, timeShare: length > 0 ? covered / length : NaN };
}

/**
 * Samples the running kdamonds' on-CPU time every `intervalMs` until stopped; null where DAMON is
 * not running. The files stay open and are read again from offset 0 (one system call a sample):
 * opening them each time every millisecond took bench:load 5-9% of a core; bursts under load last several milliseconds, so 5 ms apart still finds them.
 */
export function watchMemoryMonitor({ intervalMs = 5, root = DAMON }: { intervalMs?: number; root?: string } = {}) {
  const fds: number[] = [];
  for (const pid of runningKdamonds(root)) {
    try {
      fds.push(openSync(`/proc/${pid}/schedstat`, 'r'));
    } catch {
      // Gone already.
    }
  }
  if (!fds.length) return null;
  const buffer = Buffer.alloc(128);
  const read = () => {
    let ns = 0;
    for (const fd of fds) {
      try {
        const length = readSync(fd, buffer, 0, buffer.length, 0);
        ns += Number(buffer.toString('latin1', 0, length).split(' ')[0]);
      } catch {
        // Gone: it adds nothing more.
      }
    }
    return { at: performance.timeOrigin + performance.now(), cpuNs: ns };
  };
  const samples: Sample[] = [read()];
  const startedAt = performance.now();
  const cpuFrom = process.cpuUsage();
  const timer = setInterval(() => samples.push(read()), intervalMs);
  return {
    /** The bursts seen, and the share of a core this process used meanwhile (the watching, when the process has nothing else to do). */
    stop(): { bursts: Burst[]; ownCpu: number } {
      clearInterval(timer);
      samples.push(read());
      for (const fd of fds) closeSync(fd);
      const cpu = process.cpuUsage(cpuFrom);
      return { bursts: burstsOf(samples), ownCpu: (cpu.user + cpu.system) / 1000 / Math.max(1, performance.now() - startedAt) };
    },
  };
}
