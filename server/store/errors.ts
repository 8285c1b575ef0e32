/**
 * Errors that mean "the store cannot be reached right now" rather than a defect: a PostgreSQL
 * server that is down, restarting or refusing connections, a dropped connection, and SQLite's
 * lock held by another process beyond busy_timeout. The pipeline answers them as a retryable
 * 503 (engine_unavailable) instead of engine_failed.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, cannot connect now). */
const PG_STATES = /^(08...|57P0[1-4]|53300)$/;
const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT']);
const DROPPED =
  /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|database is locked/i;

export function isStoreUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    current = current.cause as typeof current, depth++
  ) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (NETWORK_CODES.has(code) || PG_STATES.test(code) || SQLITE_CODES.has(code)) return true;
    if (typeof current.message === 'string' && DROPPED.test(current.message)) return true;
  }
  return false;
}
