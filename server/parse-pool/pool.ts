/**
 * The one pool of worker threads (piscina) in which every step from fetched content to facts runs
 * (engines/parse/tasks.ts): fetched content is sealed (engines/net/fetched.ts) and crosses to a worker as bytes
 * (wire.ts), so the main thread only routes, meters and does I/O, and a page built to be slow to
 * read holds a worker, never the event loop.
 *
 * Each task has a deadline counted from the moment a worker starts it (the worker says so on a
 * port of its own); when it passes, the task's abort signal makes piscina terminate that worker
 * (V8 stops the running script wherever it is) and start a fresh one. The caller gets
 * UnanalysableContent: deterministic, answered as a non-ok status or a risk finding. A task that
 * throws, or whose worker dies (out of memory), is UnanalysableContent too. Tasks wait for a
 * thread in the fair scheduler (server/fair-share/), per caller: the caller with the fewest tasks
 * running and the least recent use of the pool goes next, and one caller never holds every thread.
 * Heavy tasks (heavyBytes or more, and the pages of a site whose analysis was slow a moment ago:
 * slow-origins.ts) run only on the heavy lane, half the threads, so that multi-megabyte pages
 * never hold every thread; light tasks take their own lane first and a free heavy-lane thread
 * after that. Both lanes run at one nice value (niceIncrement): a light task that lands on a
 * heavy-lane thread must not run at a lower priority than the other caller's task beside it.
 * A task refused by a full line is ParsePoolBusy (many callers: 503 engine_unavailable,
 * retryable) or CallerShareExceeded (its caller's backlog is the longest: 429
 * fair_share_exceeded). Saturation is a metric, not unreadiness: /readyz stays ready.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { isFetched } from '../../engines/net/fetched.ts';
import type { TaskName } from '../../engines/parse/tasks.ts';
import { toWire } from './wire.ts';
import { ParsePoolBusy, UnanalysableContent, stoppedAnalysis, type Analyze } from '../../engines/parse/types.ts';
import type { WorkerAnswer, WorkerMessage, WorkerTask } from './worker.ts';
import { createFairScheduler, isStageBusy, type CallerKey, type FairSchedulerStats, type Grant } from '../fair-share/scheduler.ts';

export type Lane = 'light' | 'heavy';
import { createSlowOrigins, DEFAULT_SLOW_ORIGINS, originOf } from './slow-origins.ts';
import { loaderArgs } from '../worker-loader.ts';

/** Set by server/build.ts in the bundle: the worker's own bundle, beside the service's. */
declare const PARSE_WORKER_BUNDLE: string | undefined;

/** The worker module: its bundle under `npm start`, its TypeScript source under tsx (tests, scripts). */
export function defaultWorkerFile(): string {
  // import.meta.dirname, not import.meta.url: the bundler rewrites the latter to this source file's URL.
  if (typeof PARSE_WORKER_BUNDLE === 'string') return join(import.meta.dirname, PARSE_WORKER_BUNDLE);
  return fileURLToPath(new URL('./worker.ts', import.meta.url));
}

export interface ParsePoolOptions {
  /** Worker threads (PARSE_POOL_THREADS). */
  threads?: number;
  /** How long a task may run once started (PARSE_DEADLINE_MS); a caller may ask for less. */
  deadlineMs?: number;
  /** Tasks that may wait for a thread (PARSE_POOL_MAX_QUEUE); one more is ParsePoolBusy. */
  maxQueue?: number;
  /** Old-generation heap of each worker: a page that needs more ends its worker, not the process. */
  maxHeapMb?: number;
  /** Inputs of this many characters or more are heavy: they run on the heavy lane only (half the threads, rounded down), after light ones. */
  heavyBytes?: number;
  /** Added to the pool threads' nice value (piscina, through @napi-rs/nice): the thread that answers requests comes first on a busy machine. */
  niceIncrement?: number;
  /** The window over which each caller's use of the pool is weighed (fair scheduling). */
  callerWindowMs?: number;
  /** A task of a site that cost this much CPU sends the site's next tasks to the heavy lane for a while (slow-origins.ts). */
  slowTaskMs?: number;
  workerFile?: string;
}

export interface ParsePoolStats {
  threads: number;
  /** Tasks a worker is running now. */
  running: number;
  /** Tasks waiting for a thread. */
  queued: number;
  /** Share of the threads' time spent running tasks since the pool started (piscina's utilization). */
  utilization: number;
  /** Every thread busy and tasks waiting (a metric: fair admission handles it, /readyz stays ready). */
  saturated: boolean;
  /** The fair scheduler's view: busy threads per lane, callers, the largest caller's share of the recent use. */
  fair: FairSchedulerStats<Lane>;
}

export type TaskOutcome = 'ok' | 'deadline' | 'failed' | 'crashed' | 'busy' | 'cancelled';

export interface ParsePool {
  analyze: Analyze;
  stats(): ParsePoolStats;
  /** Starts the threads now rather than at the first task. */
  start(): void;
  /** Ends every thread; tasks still running or waiting are rejected. */
  close(): Promise<void>;
  /** Recent pool time (ms, decayed over the fair scheduler's window) used by a caller's tasks. */
  usedBy(caller: CallerKey): number;
  /** Called once per task when it settles (metrics). */
  onTask(listener: (event: { task: TaskName; outcome: TaskOutcome; seconds: number }) => void): void;
}

export const DEFAULT_PARSE_POOL = {
  threads: Math.max(2, availableParallelism()),
  deadlineMs: 5_000,
  maxQueue: 64,
  maxHeapMb: 512,
  heavyBytes: 512 * 1024,
  niceIncrement: 10,
  callerWindowMs: 60_000,
} as const;

/** Threads per lane: half (rounded down) for heavy inputs, the rest for light ones; one thread is one shared lane. */
export function laneThreads(threads: number): Record<Lane, number> {
  const heavy = Math.floor(threads / 2);
  return { light: threads - heavy, heavy };
}

/** Bytes of the fetched content and characters of the strings a task carries (its page, pages, container bodies, texts). */
export function inputSize(input: unknown, depth = 0): number {
  if (typeof input === 'string') return input.length;
  if (isFetched(input)) return input.size;
  if (depth > 3 || input === null || typeof input !== 'object') return 0;
  let size = 0;
  for (const value of Array.isArray(input) ? input : Object.values(input)) size += inputSize(value, depth + 1);
  return size;
}

/** Answered by a worker as soon as it is up (worker.ts). */
const READY_PROBE: WorkerMessage = { ready: true };

/** Work no caller asked for (benchmarks, start-up): one caller of its own. */
const UNATTRIBUTED: CallerKey = 'unattributed';

export function createParsePool({
  threads = DEFAULT_PARSE_POOL.threads,
  deadlineMs = DEFAULT_PARSE_POOL.deadlineMs,
  maxQueue = DEFAULT_PARSE_POOL.maxQueue,
  maxHeapMb = DEFAULT_PARSE_POOL.maxHeapMb,
  heavyBytes = DEFAULT_PARSE_POOL.heavyBytes,
  niceIncrement = DEFAULT_PARSE_POOL.niceIncrement,
  slowTaskMs = DEFAULT_SLOW_ORIGINS.slowTaskMs,
  callerWindowMs = DEFAULT_PARSE_POOL.callerWindowMs,
  workerFile = defaultWorkerFile(),
}: ParsePoolOptions = {}): ParsePool {
  const slowOrigins = createSlowOrigins({ slowTaskMs });
  const sizes = laneThreads(threads);
  const admission = createFairScheduler<Lane>({
    lanes: { light: sizes.light, heavy: sizes.heavy },
    maxWaiting: maxQueue,
    windowMs: callerWindowMs,
    name: 'parse pool',
  });
  const lightLanes: readonly Lane[] = sizes.heavy ? ['light', 'heavy'] : ['light'];
  const heavyLanes: readonly Lane[] = sizes.heavy ? ['heavy'] : ['light'];
  let lanes: Record<Lane, Piscina | null> | null = null;
  let closed = false;
  let running = 0;
  const listeners: ((event: { task: TaskName; outcome: TaskOutcome; seconds: number }) => void)[] = [];

  function lane(name: Lane): Piscina | null {
    if (!sizes[name]) return null;
    return new Piscina({
      filename: workerFile,
      minThreads: sizes[name],
      maxThreads: sizes[name],
      idleTimeout: Infinity,
      // No queue bound here: tasks reach piscina only when admission gives them a thread.
      execArgv: loaderArgs(process.execArgv),
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      niceIncrement,
    });
  }
  function pool(): Record<Lane, Piscina | null> {
    if (closed) throw new ParsePoolBusy('the parse pool is shut down');
    lanes ??= { light: lane('light'), heavy: lane('heavy') };
    return lanes;
  }

  function settle(task: TaskName, outcome: TaskOutcome, since: number) {
    const seconds = (performance.now() - since) / 1000;
    for (const listener of listeners) listener({ task, outcome, seconds });
  }

  const analyze: Analyze = async function analyze(task, input, { signal, deadlineMs: asked = deadlineMs, caller = UNATTRIBUTED } = {}) {
    if (signal?.aborted) throw stoppedAnalysis(task, signal.reason);
    // A caller may ask for less time than the pool's deadline, never for more.
    const taskDeadlineMs = Math.min(asked, deadlineMs);
    const since = performance.now();
    const workers = pool();
    const size = inputSize(input);
    const origin = originOf(input);
    let grant: Grant<Lane>;
    try {
      grant = await admission.enter(caller, { lanes: size >= heavyBytes || slowOrigins.isSlow(origin) ? heavyLanes : lightLanes, size, signal });
    } catch (error) {
      settle(task, signal?.aborted ? 'cancelled' : 'busy', since);
      if (signal?.aborted) throw stoppedAnalysis(task, signal.reason);
      throw isStageBusy(error) ? new ParsePoolBusy(error.message) : error;
    }
    const lane = grant.lane;
    const stop = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let started = false;
    let startedAt = 0;
    let expired = false;
    let failed = false;
    let cpuMs: number | null = null;
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', function taskStarted() {
      started = true;
      startedAt = performance.now();
      running += 1;
      timer = setTimeout(function deadlinePassed() {
        expired = true;
        stop.abort(new UnanalysableContent('deadline', `the ${task} analysis took longer than ${taskDeadlineMs} ms and was ended`));
      }, taskDeadlineMs);
    });
    const cancel = () => stop.abort(signal!.reason);
    signal?.addEventListener('abort', cancel, { once: true });
    const message: WorkerTask = { task, input: toWire(input), started: port2 };
    try {
      const answer: WorkerAnswer = await workers[lane]!.run(message, { transferList: [port2 as never], signal: stop.signal });
      cpuMs = answer.cpuMs;
      settle(task, 'ok', since);
      return answer.output as never;
    } catch (error) {
      if (expired) {
        settle(task, 'deadline', since);
        throw stop.signal.reason;
      }
      if (signal?.aborted) {
        settle(task, 'cancelled', since);
        throw stoppedAnalysis(task, signal.reason);
      }
      if (closed) {
        settle(task, 'cancelled', since);
        throw new ParsePoolBusy('the parse pool is shut down');
      }
      // A worker that died (out of memory) or a task that threw: the same content does it again.
      const crashed = /ERR_WORKER_OUT_OF_MEMORY|terminat|exited/i.test(`${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message}`);
      failed = crashed;
      settle(task, crashed ? 'crashed' : 'failed', since);
      throw new UnanalysableContent(
        crashed ? 'crashed' : 'failed',
        `the ${task} analysis ${crashed ? 'ended its worker' : 'failed'}: ${(error as Error)?.message ?? error}`,
      );
    } finally {
      clearTimeout(timer);
      // What the task cost: its thread's CPU when the worker could tell, else the time it held the thread.
      const costMs = cpuMs ?? (started ? performance.now() - startedAt : 0);
      const release = () => admission.leave(grant, costMs);
      // A task stopped while it ran (its deadline, its caller gone) or that ended its worker took
      // the thread with it: piscina starts another, which loads the engines first. The slot is
      // given out again once that thread answers, so the next task is not sent to a thread that
      // is not there yet while another lane's thread is free.
      if (started && (stop.signal.aborted || failed) && !closed) void workers[lane]!.run(READY_PROBE).then(release, release);
      else release();
      if (started) {
        running -= 1;
        slowOrigins.record(origin, costMs, { failed: expired || failed });
      }
      port1.close();
      signal?.removeEventListener('abort', cancel);
    }
  } as Analyze;

  return {
    analyze,
    stats() {
      const started = lanes ? [lanes.light, lanes.heavy].filter((workers): workers is Piscina => workers !== null) : [];
      const queued = admission.waiting + started.reduce((sum, workers) => sum + workers.queueSize, 0);
      // Each lane's utilization weighted by its threads: the share of all the threads' time.
      const utilization = lanes ? ((lanes.light?.utilization ?? 0) * sizes.light + (lanes.heavy?.utilization ?? 0) * sizes.heavy) / threads : 0;
      return { threads, running, queued, utilization, saturated: admission.busy >= threads && queued > 0, fair: admission.stats() };
    },
    start() {
      pool();
    },
    usedBy: (caller) => admission.usedBy(caller),
    async close() {
      closed = true;
      const workers = lanes;
      lanes = null;
      await Promise.all([workers?.light?.destroy(), workers?.heavy?.destroy()]);
    },
    onTask(listener) {
      listeners.push(listener);
    },
  };
}
