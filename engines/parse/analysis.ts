/**
 * What an analysis of fetched content is, without the registry of tasks (tasks.ts): the options
 * of a run, how it fails, and the shape of an analyze limited to the tasks an engine runs. The
 * modules the registry imports (the readers) reach the parse layer only through this module, so
 * that no reader imports the registry back (test/unit/layers.test.ts).
 */
import { WorkRefused } from '../refusals.ts';

export interface AnalyzeOptions {
  /** Ends the wait (and the work) when the caller no longer needs the answer. */
  signal?: AbortSignal;
  /** The work's own deadline once it runs (default: the pool's, PARSE_DEADLINE_MS). */
  deadlineMs?: number;
  /**
   * Whose work this is (the caller as the free quota counts it): the pool serves callers fairly.
   * Engines never set it; the service binds each call's analyze to its caller.
   */
  caller?: string;
}

/**
 * An analyze that runs one named task, typed by the engine that runs it: for an engine whose
 * readers are also tasks of the registry, which therefore cannot import the registry's Analyze
 * (types.ts). The service's Analyze is one; the registry's task takes the engine's input type.
 */
export type AnalyzeTask<Name extends string, Input, Output> = (task: Name, input: Input, options?: AnalyzeOptions) => Promise<Output>;

export type UnanalysableReason = 'deadline' | 'failed' | 'crashed';

/**
 * The content could not be analysed within the limits: the work passed its deadline and was
 * ended, threw (a stack overflow on a pathological page), or its worker died (out of memory). The
 * same content fails the same way again: engines answer a documented non-ok status or a risk
 * finding, never a retryable error.
 */
export class UnanalysableContent extends Error {
  constructor(
    readonly reason: UnanalysableReason,
    message: string,
  ) {
    super(message);
    this.name = 'UnanalysableContent';
  }
}

/** Every parse thread is busy and the waiting line is full of many callers' work: a passing overload. */
export class ParsePoolBusy extends WorkRefused {
  constructor(message = 'the parse pool is saturated') {
    super('instance', message, 1);
    this.name = 'ParsePoolBusy';
  }
}

export const isUnanalysable = (error: unknown): error is UnanalysableContent => error instanceof UnanalysableContent;
export const isParsePoolBusy = (error: unknown): error is ParsePoolBusy => error instanceof ParsePoolBusy;

/** The analysis `run` starts, or the UnanalysableContent it failed with (an answer of its own, not a failure); any other error is thrown on. */
export async function analysedOr<T>(run: () => Promise<T>): Promise<T | UnanalysableContent> {
  try {
    return await run();
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    return error;
  }
}

/**
 * What an analysis that its caller stopped throws: a deadline (a TimeoutError: an engine's own scan
 * deadline, the call's total deadline, or AbortSignal.any of them, whose reason is the first to
 * abort) means the content could not be analysed in the time the call has, which the same content
 * does again, so it is UnanalysableContent (a dropped page or a non-ok answer, never a retryable
 * error); any other reason (a section dropped, a shutdown) is passed on as it is. The one place
 * this is decided: the pool (server/parse-pool/pool.ts) and the in-thread analyze
 * (server/parse-pool/inline.ts) both throw what it returns.
 */
export function stoppedAnalysis(task: string, reason: unknown): unknown {
  if ((reason as { name?: unknown } | null)?.name !== 'TimeoutError') return reason;
  return new UnanalysableContent('deadline', `the ${task} analysis could not end within the call's deadline (${(reason as Error).message})`);
}
