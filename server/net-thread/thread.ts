/**
 * The net thread: the safe fetcher's transport (engines/net/transport.ts: connections, TLS, HTTP
 * framing, decompression, reading bodies into shared memory) on a worker thread of its own. The
 * main thread keeps what is small by construction (the URL and redirect checks, DNS, the host
 * gate) and hands each hop over as a message; every byte a stranger's server sends is handled
 * there, so a body built to be slow to receive (a million tiny chunks, stacked codings) holds this
 * thread, never the one that answers callers. A body reaches the parse pool without a copy.
 *
 * Shared fairly by caller, twice over. A caller has at most perCallerConcurrency hops in flight
 * (the fair scheduler; the rest wait in its own line). And there are several threads (threads,
 * default 2): a caller's hops go to the thread where it already has hops in flight, else to the
 * thread with the fewest callers at work, so a caller whose bodies are costly to receive (sent a
 * byte at a time, stacked codings) shares its thread's turns with as few others as can be, and
 * the operating system, not one event loop, divides the CPU between its thread and the others'.
 * Consecutive hops of one caller go to one thread, so its kept connections are found again.
 *
 * A thread starts at its first hop (or start()) and holds the process open only while hops are in
 * flight. A caller that stops waiting (its deadline) is answered at once and the thread drops the
 * hop. Should a thread die, its hops fail (a protocol failure) and its next hop starts a new one.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SocketTransportOptions, Transport, TransportResponse } from '../../engines/net/transport.ts';
import { NET_VARIABLES } from '../../engines/net/config.ts';
import { loaderArgs } from '../worker-loader.ts';
import { fromWireError, type NetThreadAnswer, type NetThreadMessage } from './messages.ts';
import { createFairScheduler, type FairSchedulerStats } from '../fair-share/scheduler.ts';

/** Set by server/build.ts in the bundle: the net thread's own bundle, beside the service's. */
declare const NET_WORKER_BUNDLE: string | undefined;

export function defaultNetWorkerFile(): string {
  // import.meta.dirname, not import.meta.url: the bundler rewrites the latter to this source file's URL.
  if (typeof NET_WORKER_BUNDLE === 'string') return join(import.meta.dirname, NET_WORKER_BUNDLE);
  return fileURLToPath(new URL('./worker.ts', import.meta.url));
}

export interface NetThreadOptions extends SocketTransportOptions {
  workerFile?: string;
  /** Old-generation heap of each thread (bodies are in shared memory, outside it). */
  maxHeapMb?: number;
  /** Threads that receive bytes (NET_THREADS). */
  threads?: number;
  /** Added to each thread's nice value: the thread that answers callers comes first on a busy machine. */
  niceIncrement?: number;
  /** Hops one caller may have on the thread at once (NET_PER_CALLER_CONCURRENCY). */
  perCallerConcurrency?: number;
  /** Hops on the thread at once, all callers (NET_THREAD_MAX_HOPS); more wait, fairly by caller. */
  maxHops?: number;
  /** Hops that may wait for the thread; past it the newest of the longest backlog is refused. */
  maxWaitingHops?: number;
}

export const DEFAULT_NET_THREAD = {
  threads: NET_VARIABLES.NET_THREADS.default,
  niceIncrement: 10,
  perCallerConcurrency: NET_VARIABLES.NET_PER_CALLER_CONCURRENCY.default,
  maxHops: 64,
  maxWaitingHops: 512,
} as const;
export interface NetThread {
  transport: Transport;
  /** The fair scheduler's view of the threads' hops. */
  stats(): FairSchedulerStats<'wire'>;
  /** Callers at work on each thread (tests, metrics). */
  callersByThread(): number[];
  /** Starts the threads now rather than at their first hop. */
  start(): void;
  /** Ends the threads; hops still in flight fail. */
  close(): Promise<void>;
}

interface Waiting {
  /** The thread the hop was handed to. */
  thread: Worker;
  resolve(response: TransportResponse): void;
  reject(error: unknown): void;
}

export function createNetThread({
  workerFile = defaultNetWorkerFile(),
  maxHeapMb = 256,
  threads = DEFAULT_NET_THREAD.threads,
  niceIncrement = DEFAULT_NET_THREAD.niceIncrement,
  perCallerConcurrency = DEFAULT_NET_THREAD.perCallerConcurrency,
  maxHops = DEFAULT_NET_THREAD.maxHops,
  maxWaitingHops = DEFAULT_NET_THREAD.maxWaitingHops,
  ...transportOptions
}: NetThreadOptions = {}): NetThread {
  // Every byte of a hop is handled on the one thread, so its share is given out per caller: a
  // caller's hops beyond perCallerConcurrency wait in its own line (a body sent a byte at a time
  // costs its caller's hops, not the others').
  const hops = createFairScheduler<'wire'>({
    lanes: { wire: maxHops },
    perCallerCap: perCallerConcurrency,
    strictCap: true,
    maxWaiting: maxWaitingHops,
    name: 'net thread',
  });
  const workers: (Worker | null)[] = Array.from({ length: Math.max(1, threads) }, () => null);
  /** Hops in flight by thread, and by caller on each thread. */
  const inFlight = workers.map(() => 0);
  const callersOn = workers.map(() => new Map<string, number>());
  const waiting = new Map<number, Waiting>();
  let nextId = 0;

  /** Fails the hops handed to a thread that ended. */
  function failHopsOf(ended: Worker | null, reason: string) {
    for (const [id, hop] of waiting) {
      if (ended && hop.thread !== ended) continue;
      waiting.delete(id);
      hop.reject(Object.assign(new Error(`the net thread ended (${reason})`), { name: 'NetThreadEnded' }));
    }
  }

  /** The thread for a caller's next hop: where it has hops in flight, else where the fewest callers are at work (then the fewest hops). */
  function threadFor(caller: string): number {
    let chosen = 0;
    for (let index = 0; index < workers.length; index++) {
      if (callersOn[index].has(caller)) return index;
      const fewer = callersOn[index].size - callersOn[chosen].size || inFlight[index] - inFlight[chosen];
      if (fewer < 0) chosen = index;
    }
    return chosen;
  }

  function thread(index: number): Worker {
    const running = workers[index];
    if (running) return running;
    // A TypeScript entry (tests and scripts run under tsx) registers tsx's import hooks first: a
    // new thread's own --import has not finished when its entry loads. A bundle starts as it is.
    const entry = workerFile.endsWith('.ts')
      ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(workerFile).href)}); })`
      : workerFile;
    const started = new Worker(entry, {
      eval: entry !== workerFile,
      workerData: { transport: transportOptions, niceIncrement },
      execArgv: entry === workerFile ? loaderArgs(process.execArgv) : [],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    started.on('message', function answered({ id, response, error }: NetThreadAnswer) {
      const hop = waiting.get(id);
      if (!hop) return;
      waiting.delete(id);
      if (error) hop.reject(fromWireError(error));
      else hop.resolve(response);
    });
    // A thread that failed is done (its exit follows): its next hop starts a new one.
    started.on('error', (error) => {
      if (workers[index] === started) workers[index] = null;
      failHopsOf(started, String(error?.message ?? error));
    });
    started.on('exit', (code) => {
      if (workers[index] === started) workers[index] = null;
      failHopsOf(started, `exit code ${code}`);
    });
    started.unref();
    workers[index] = started;
    return started;
  }

  const transport: Transport = async (request, signal) => {
    // A refusal (the line is full) is a WorkRefused: the fetcher passes it through as it is.
    const grant = await hops.enter(request.caller ?? 'unattributed', { lanes: ['wire'], signal });
    const since = performance.now();
    const caller = grant.caller;
    const index = threadFor(caller);
    inFlight[index] += 1;
    callersOn[index].set(caller, (callersOn[index].get(caller) ?? 0) + 1);
    try {
      return await onThread(index, request, signal);
    } finally {
      inFlight[index] -= 1;
      const left = callersOn[index].get(caller)! - 1;
      if (left) callersOn[index].set(caller, left);
      else callersOn[index].delete(caller);
      hops.leave(grant, performance.now() - since);
    }
  };

  const onThread = (index: number, request: Parameters<Transport>[0], signal: AbortSignal) =>
    new Promise<TransportResponse>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const id = nextId++;
      const target = thread(index);
      // The thread holds the process open only while it has hops in flight.
      const settled = () => {
        if (inFlight[index] <= 1) target.unref();
      };
      function stopWaiting() {
        if (!waiting.delete(id)) return;
        settled();
        target.postMessage({ type: 'abort', id } satisfies NetThreadMessage);
        reject(signal.reason);
      }
      signal.addEventListener('abort', stopWaiting, { once: true });
      waiting.set(id, {
        thread: target,
        resolve(response) {
          signal.removeEventListener('abort', stopWaiting);
          settled();
          resolve(response);
        },
        reject(error) {
          signal.removeEventListener('abort', stopWaiting);
          settled();
          reject(error);
        },
      });
      target.ref();
      target.postMessage({ type: 'fetch', id, request } satisfies NetThreadMessage);
    });

  return {
    transport,
    stats: () => hops.stats(),
    callersByThread: () => callersOn.map((callers) => callers.size),
    start() {
      for (let index = 0; index < workers.length; index++) thread(index);
    },
    async close() {
      const stopping = workers.splice(0, workers.length, ...workers.map(() => null));
      failHopsOf(null, 'closed');
      await Promise.all(stopping.map((worker) => worker?.terminate()));
    },
  };
}
