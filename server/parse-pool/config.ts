import { int, ms, settings, type Env } from '../../engines/config/env.ts';
import { DEFAULT_PARSE_POOL, type ParsePoolOptions } from './pool.ts';

export type ParsePoolConfig = Required<Pick<ParsePoolOptions, 'threads' | 'deadlineMs' | 'maxQueue'>>;

const PARSE_POOL_SETTINGS = settings({
  threads: [
    'PARSE_POOL_THREADS',
    int({ default: DEFAULT_PARSE_POOL.threads, min: 1, max: 64, meaning: 'worker threads of the parse pool (default: the number of cores, at least 2)' }),
  ],
  deadlineMs: [
    'PARSE_DEADLINE_MS',
    ms({ default: DEFAULT_PARSE_POOL.deadlineMs, min: 100, max: 60_000, meaning: 'how long one analysis may run once a thread has started it' }),
  ],
  maxQueue: [
    'PARSE_POOL_MAX_QUEUE',
    int({ default: DEFAULT_PARSE_POOL.maxQueue, min: 0, max: 10_000, meaning: 'analyses that may wait for a thread, all callers' }),
  ],
});

export const PARSE_POOL_VARIABLES = PARSE_POOL_SETTINGS.variables;

export function loadParsePoolConfig(env: Env): ParsePoolConfig {
  return PARSE_POOL_SETTINGS.read(env);
}
