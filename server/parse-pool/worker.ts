/**
 * A thread of the parse pool (piscina): it tells the pool that the task has started, so that the
 * task's deadline counts from there and not from its wait in the queue, seals the fetched content
 * it was handed again (wire.ts), then runs the task.
 */
import type { MessagePort } from 'node:worker_threads';
import { runTask, type TaskName } from './tasks.ts';
import { fromWire } from './wire.ts';

export interface WorkerTask {
  task: TaskName;
  input: unknown;
  started: MessagePort;
}

export default function parseTask({ task, input, started }: WorkerTask): unknown {
  started.postMessage(0);
  started.close();
  return runTask(task, fromWire(input) as never);
}
