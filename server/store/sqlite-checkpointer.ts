/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
 * takes the write-ahead log past 1,000 pages, on the thread that commits: it copies those pages
 * back into the database file and fsyncs it, and every request waits meanwhile (bench:store
 * counts the commits that held the event loop over 5 ms). Once the log has grown past
 * startAtWalBytes (a store that is written to steadily; a quiet one never starts a thread), the
 * service's connection turns the automatic checkpoint off and a worker thread with a connection
 * of its own runs a PASSIVE checkpoint every intervalMs. It takes no lock the service's reads or
 * writes wait for (though its fsync of the log can still slow a write to that file: bench:store
 * counts what is left), and the next write after a complete checkpoint starts the log again from
 * its beginning. Should the worker fail, the automatic checkpoint comes back, so the log never grows
 * without bound.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

export interface CheckpointerOptions {
  /** The database file (the log is `${path}-wal`). */
  path: string;
  intervalMs?: number;
  /** The worker starts when the log file reaches this size (0: at once), checked every pollMs. */
  startAtWalBytes?: number;
  pollMs?: number;
  busyTimeoutMs?: number;
  /** The SQLite driver the worker loads (default: this process's better-sqlite3; tests pass a broken one). */
  driver?: string;
}

export interface Checkpointer {
  /** Ends the worker (or the wait for it); the service's connection checkpoints by itself again. */
  stop(): Promise<void>;
  /** true while the worker runs the checkpoints. */
  readonly running: boolean;
}

const AUTOMATIC_PAGES = 1000;

export function startCheckpointer(
  db: Database.Database,
  {
    path,
    intervalMs = 100,
    startAtWalBytes = 1024 * 1024,
    pollMs = 1000,
    busyTimeoutMs = 5000,
    driver = createRequire(import.meta.url).resolve('better-sqlite3'),
  }: CheckpointerOptions,
): Checkpointer {
  let state: 'waiting' | 'running' | 'stopped' = 'waiting';
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();

  function automaticCheckpoints() {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
  }
  function fallBack() {
    if (state !== 'running') return;
    state = 'stopped';
    automaticCheckpoints();
  }
  function start() {
    state = 'running';
    db.pragma('wal_autocheckpoint = 0');
    // execArgv []: the worker is plain JavaScript and needs none of the parent's loaders.
    worker = new Worker(new URL('./sqlite-checkpointer.worker.mjs', import.meta.url), {
      workerData: { path, intervalMs, busyTimeoutMs, driver },
      execArgv: [],
    });
    // The store's close() stops it; it never holds the process open by itself.
    worker.unref();
    // Not events.once: it would reject on the worker's 'error', which fallBack handles.
    exited = new Promise<void>((resolve) => worker!.once('exit', () => resolve()));
    worker.on('error', fallBack);
    worker.on('exit', fallBack);
  }
  function walBytes(): number {
    try {
      return statSync(`${path}-wal`).size;
    } catch {
      return 0;
    }
  }

  let poll: NodeJS.Timeout | null = null;
  if (startAtWalBytes <= 0) start();
  else {
    poll = setInterval(function watchLog() {
      if (walBytes() < startAtWalBytes) return;
      clearInterval(poll!);
      start();
    }, pollMs).unref();
  }

  return {
    get running() {
      return state === 'running';
    },
    async stop() {
      if (poll) clearInterval(poll);
      if (state !== 'running') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      // Held open until the worker has closed its connection.
      worker!.ref();
      worker!.postMessage('stop');
      await exited;
      automaticCheckpoints();
    },
  };
}
