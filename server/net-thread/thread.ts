/**
 * The net thread: the safe fetcher's transport (engines/net/transport.ts: connections, TLS, HTTP
 * framing, decompression, reading bodies into shared memory) on a worker thread of its own. The
 * main thread keeps what is small by construction (the URL and redirect checks, DNS, the host
 * gate) and hands each hop over as a message; every byte a stranger's server sends is handled
 * there, so a body built to be slow to receive (a million tiny chunks, stacked codings) holds this
 * thread, never the one that answers callers. A body reaches the parse pool without a copy.
 *
 * The thread starts at the first hop (or start()) and holds the process open only while hops are in flight. A
 * caller that stops waiting (its deadline) is answered at once and the thread drops the hop. Should
 * the thread die, its hops fail (a protocol failure) and the next hop starts a new one.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SocketTransportOptions, Transport, TransportResponse } from '../../engines/net/transport.ts';
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
  /** Old-generation heap of the thread (bodies are in shared memory, outside it). */
  maxHeapMb?: number;
  /** Hops one caller may have on the thread at once (NET_PER_CALLER_CONCURRENCY). */
  perCallerConcurrency?: number;
  /** Hops on the thread at once, all callers (NET_THREAD_MAX_HOPS); more wait, fairly by caller. */
  maxHops?: number;
  /** Hops that may wait for the thread; past it the newest of the longest backlog is refused. */
  maxWaitingHops?: number;
}

export const DEFAULT_NET_THREAD = { perCallerConcurrency: 4, maxHops: 64, maxWaitingHops: 512 } as const;


export interface NetThread {
  transport: Transport;
  /** The fair scheduler's view of the thread's hops. */
  stats(): FairSchedulerStats<'wire'>;
  /** Starts the thread now rather than at the first hop. */
  start(): void;
  /** Ends the thread; hops still in flight fail. */
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
  perCallerConcurrency = DEFAULT_NET_THREAD.perCallerConcurrency,
  maxHops = DEFAULT_NET_THREAD.maxHops,
  maxWaitingHops = DEFAULT_NET_THREAD.maxWaitingHops,
  ...transportOptions
}: NetThreadOptions = {}): NetThread {
  // Every byte of a hop is handled on the one thread, so its share is given out per caller: a
  // caller's hops beyond perCallerConcurrency wait in its own line (a body sent a byte at a time
  // costs its caller's hops, not the others').
  const hops = createFairScheduler<'wire'>({ lanes: { wire: maxHops }, perCallerCap: perCallerConcurrency, strictCap: true, maxWaiting: maxWaitingHops, name: 'net thread' });
  let worker: Worker | null = null;
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

  function thread(): Worker {
    if (worker) return worker;
    // A TypeScript entry (tests and scripts run under tsx) registers tsx's import hooks first: a
    // new thread's own --import has not finished when its entry loads. A bundle starts as it is.
    const entry = workerFile.endsWith('.ts') ? `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(workerFile).href)}); })` : workerFile;
    const started = new Worker(entry, { eval: entry !== workerFile, workerData: transportOptions, execArgv: entry === workerFile ? loaderArgs(process.execArgv) : [], resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    started.on('message', function answered({ id, response, error }: NetThreadAnswer) {
      const hop = waiting.get(id);
      if (!hop) return;
      waiting.delete(id);
      if (waiting.size === 0) started.unref();
      if (error) hop.reject(fromWireError(error));
      else hop.resolve(response);
    });
    // A thread that failed is done (its exit follows): the next hop starts a new one.
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failHopsOf(started, String(error?.message ?? error));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failHopsOf(started, `exit code ${code}`);
    });
    started.unref();
    worker = started;
    return started;
  }

  const transport: Transport = async (request, signal) => {
    // A refusal (the line is full) is a WorkRefused: the fetcher passes it through as it is.
    const grant = await hops.enter(request.caller ?? 'unattributed', { lanes: ['wire'], signal });
    const since = performance.now();
    try {
      return await onThread(request, signal);
    } finally {
      hops.leave(grant, performance.now() - since);
    }
  };

  const onThread: Transport = (request, signal) =>
    new Promise<TransportResponse>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const id = nextId++;
      const target = thread();
      function stopWaiting() {
        if (!waiting.delete(id)) return;
        if (waiting.size === 0) target.unref();
        target.postMessage({ type: 'abort', id } satisfies NetThreadMessage);
        reject(signal.reason);
      }
      signal.addEventListener('abort', stopWaiting, { once: true });
      waiting.set(id, {
        thread: target,
        resolve(response) {
          signal.removeEventListener('abort', stopWaiting);
          resolve(response);
        },
        reject(error) {
          signal.removeEventListener('abort', stopWaiting);
          reject(error);
        },
      });
      if (waiting.size === 1) target.ref();
      target.postMessage({ type: 'fetch', id, request } satisfies NetThreadMessage);
    });

  return {
    transport,
    stats: () => hops.stats(),
    start() {
      thread();
    },
    async close() {
      const stopping = worker;
      worker = null;
      failHopsOf(null, 'closed');
      await stopping?.terminate();
    },
  };
}
