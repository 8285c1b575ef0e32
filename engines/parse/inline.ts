/**
 * The parse tasks run on the calling thread, with the pool's error contract (an exception of the
 * task is UnanalysableContent). No deadline can end them: the service always uses the pool
 * (server/parse-pool); this serves unit tests of the engines and the benchmarks' in-thread figures.
 */
import { runTask } from './tasks.ts';
import { UnanalysableContent, type Analyze } from './types.ts';

export const analyzeInline: Analyze = async (task, input, { signal } = {}) => {
  signal?.throwIfAborted();
  try {
    return runTask(task, input);
  } catch (error) {
    throw new UnanalysableContent('failed', `the ${task} analysis failed: ${(error as Error)?.message ?? error}`);
  }
};
