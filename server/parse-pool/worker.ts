/**
 * A thread of the parse pool (piscina): it tells the pool that the task has started, so that the
 * task's deadline counts from there and not from its wait in the queue, seals the fetched content
 * it was handed again (wire.ts), then runs the task and answers its output with the thread CPU it
 * took (null where the platform does not tell).
 */
import type { MessagePort } from 'node:worker_threads';
import { runTask, type TaskName } from '../../engines/parse/tasks.ts';
import { fromWire } from './wire.ts';
import { threadCpuMs } from './thread-cpu.ts';

export interface WorkerTask {
  task: TaskName;
  input: unknown;
  started: MessagePort;
}

/** A task, or the pool asking whether a fresh thread is up (answered at once). */
export type WorkerMessage = WorkerTask | { ready: true };

export interface WorkerAnswer {
  output: unknown;
  cpuMs: number | null;
}

export default async function parseTask(message: WorkerMessage): Promise<WorkerAnswer> {
  if ('ready' in message) return { output: null, cpuMs: 0 };
  const { task, input, started } = message;
  started.postMessage(0);
  started.close();
  const before = threadCpuMs();
  const output = await runTask(task, fromWire(input) as never);
  const after = before === null ? null : threadCpuMs();
  return { output, cpuMs: before === null || after === null ? null : after - before };
}
