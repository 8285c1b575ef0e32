import { DEFAULT_PARSE_POOL, type ParsePoolOptions } from './pool.ts';

export type ParsePoolConfig = Required<Pick<ParsePoolOptions, 'threads' | 'deadlineMs' | 'maxQueue'>>;

/** PARSE_POOL_THREADS, PARSE_DEADLINE_MS and PARSE_POOL_MAX_QUEUE (the configuration table, docs/configuration.md). */
export function loadParsePoolConfig(env: NodeJS.ProcessEnv): ParsePoolConfig {
  return {
    threads: integer('PARSE_POOL_THREADS', env.PARSE_POOL_THREADS, DEFAULT_PARSE_POOL.threads, 1, 64),
    deadlineMs: integer('PARSE_DEADLINE_MS', env.PARSE_DEADLINE_MS, DEFAULT_PARSE_POOL.deadlineMs, 100, 60_000),
    maxQueue: integer('PARSE_POOL_MAX_QUEUE', env.PARSE_POOL_MAX_QUEUE, DEFAULT_PARSE_POOL.maxQueue, 0, 10_000),
  };
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`);
  return number;
}
