/**
 * The parse tasks run on the calling thread, with the pool's error contract (an exception of the
 * task is UnanalysableContent). No deadline can end them: the service uses the pool (pool.ts) for
 * fetched content; this is for unit tests of the engines and the benchmarks' in-thread figures.
 */
import { runTask } from './tasks.ts';
import { UnanalysableContent, type Analyze } from '../../engines/parse/types.ts';

export const analyzeInline: Analyze = (task, input, { signal } = {}) => {
  signal?.throwIfAborted();
  return runTask(task, input).catch((error) => {
    throw new UnanalysableContent('failed', `the ${task} analysis failed: ${(error as Error)?.message ?? error}`);
  });
};
