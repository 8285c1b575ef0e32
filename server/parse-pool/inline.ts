/**
 * The parse tasks run on the calling thread, with the pool's error contract (an exception of the
 * task is UnanalysableContent, and so is an analysis whose caller's deadline passed before it
 * ended: stoppedAnalysis). No deadline can end the work itself: the service uses the pool (pool.ts)
 * for fetched content; this is for unit tests of the engines and the benchmarks' in-thread figures.
 */
import { runTask } from '../../engines/parse/tasks.ts';
import { UnanalysableContent, stoppedAnalysis, type Analyze } from '../../engines/parse/types.ts';

export const analyzeInline: Analyze = async function analyzeInline(task, input, { signal } = {}) {
  if (signal?.aborted) throw stoppedAnalysis(task, signal.reason);
  let output;
  try {
    output = await runTask(task, input);
  } catch (error) {
    throw new UnanalysableContent('failed', `the ${task} analysis failed: ${(error as Error)?.message ?? error}`);
  }
  // A signal that aborted while the task ran is answered as the pool answers it (which would have ended the task).
  if (signal?.aborted) throw stoppedAnalysis(task, signal.reason);
  return output;
} as Analyze;
