import { int, ms, readVariables, type Env, type VariableTable } from '../../engines/config/env.ts';
import { DEFAULT_PARSE_POOL, type ParsePoolOptions } from './pool.ts';

export type ParsePoolConfig = Required<Pick<ParsePoolOptions, 'threads' | 'deadlineMs' | 'maxQueue'>>;

export const PARSE_POOL_VARIABLES = {
  PARSE_POOL_THREADS: int({
    default: DEFAULT_PARSE_POOL.threads,
    min: 1,
    max: 64,
    meaning: 'worker threads of the parse pool (default: the number of cores, at least 2)',
  }),
  PARSE_DEADLINE_MS: ms({
    default: DEFAULT_PARSE_POOL.deadlineMs,
    min: 100,
    max: 60_000,
    meaning: 'how long one analysis may run once a thread has started it',
  }),
  PARSE_POOL_MAX_QUEUE: int({ default: DEFAULT_PARSE_POOL.maxQueue, min: 0, max: 10_000, meaning: 'analyses that may wait for a thread, all callers' }),
} satisfies VariableTable;

export function loadParsePoolConfig(env: Env): ParsePoolConfig {
  const values = readVariables(PARSE_POOL_VARIABLES, env);
  return { threads: values.PARSE_POOL_THREADS, deadlineMs: values.PARSE_DEADLINE_MS, maxQueue: values.PARSE_POOL_MAX_QUEUE };
}
