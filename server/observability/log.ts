/**
 * Structured JSON logs (pino), one line per event. The rest of the service logs through a plain
 * `log(entry)` function ({ level, msg, ...fields }), so modules and tests need no logger
 * object; this adapter hands each entry to pino at its level.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
export type LogEntry = { level?: string; msg?: string } & Record<string, unknown>;
export type LogFn = ((entry: LogEntry) => void) & { readonly writesInfo?: boolean };

/** Logs nothing (the default of every module that takes a log function). */
export const NO_LOG: LogFn = Object.assign(() => {}, { writesInfo: false });

/** Whether info entries go anywhere: per-request lines are not even built when they do not. */
export const writesInfo = (log: LogFn) => log.writesInfo !== false;

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go (default stdout); tests pass a stream to read them. */
  destination?: DestinationStream;
  /** Fields on every line (e.g. the instance id). */
  base?: Record<string, unknown>;
}

const LEVELS = new Set(['error', 'warn', 'info', 'debug']);

export function createLogger({ level = 'info', destination, base = {} }: LoggerOptions = {}): { logger: Logger; log: LogFn } {
  const logger = pino(
    {
      level,
      base: { pid: process.pid, ...base },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      messageKey: 'msg',
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
  function log({ level: entryLevel = 'info', msg, ...fields }: LogEntry) {
    const method = LEVELS.has(entryLevel) ? (entryLevel as 'error' | 'warn' | 'info' | 'debug') : 'info';
    logger[method](fields, msg);
  }
  return { logger, log: Object.assign(log, { writesInfo: logger.isLevelEnabled('info') }) };
}
