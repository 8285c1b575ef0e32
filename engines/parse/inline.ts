/**
 * The parse tasks run on the calling thread, with the pool's error contract (an exception of the
 * task is UnanalysableContent). No deadline can end them: the service uses the pool
 * (server/parse-pool) for fetched content, and this only for input of bounded small size (tech-stack's
 * detection from headers, cookies and DNS alone, when the page could not be analysed), unit tests
 * of the engines and the benchmarks' in-thread figures.
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
