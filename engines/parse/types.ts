/**
 * How engines get from fetched content to facts: an Analyze function they are given, as they are
 * given fetch and DNS, that runs a named task of the registry (tasks.ts) on a thread of the parse
 * pool (server/parse-pool/). Fetched content is sealed (engines/net/fetched.ts): a task is the
 * only reader. Engines never start threads. What an analysis is without the registry (its
 * options and failures) is in analysis.ts, for the readers the registry imports.
 */
import type { AnalyzeOptions } from './analysis.ts';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

export {
  analysedOr,
  ParsePoolBusy,
  UnanalysableContent,
  isParsePoolBusy,
  isUnanalysable,
  stoppedAnalysis,
  type AnalyzeOptions,
  type UnanalysableReason,
} from './analysis.ts';

export type Analyze = <K extends TaskName>(task: K, input: TaskInput<K>, options?: AnalyzeOptions) => Promise<TaskOutput<K>>;
