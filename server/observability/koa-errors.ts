/**
 * Koa's 'error' event: what fails outside the pipeline's respond stage, such as a request body
 * that did not arrive within HTTP_REQUEST_TIMEOUT_MS, a client that went away mid-request, or a
 * socket error while the answer was written. Koa's default prints the stack as several raw
 * lines on stderr; here each is one JSON log line. What the client caused (timeouts, aborts,
 * resets, malformed HTTP, any 4xx) is a warning without a stack; anything else an error with one.
 */
import type { Context } from 'koa';
import type { LogFn } from './log.ts';

const CLIENT_CODES = new Set([
  'ERR_HTTP_REQUEST_TIMEOUT',
  'ERR_HTTP_HEADERS_TIMEOUT',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
]);

type KoaError = Error & { code?: string; status?: number; expose?: boolean };

export function isClientSide(error: KoaError): boolean {
  const code = String(error.code ?? '');
  return CLIENT_CODES.has(code) || code.startsWith('HPE_') || (typeof error.status === 'number' && error.status < 500) || error.expose === true;
}

export function koaErrorLogger(log: LogFn) {
  return function logKoaError(error: unknown, ctx?: Context) {
    const thrown: KoaError = error instanceof Error ? error : new Error(String(error));
    const clientSide = isClientSide(thrown);
    log({
      level: clientSide ? 'warn' : 'error',
      msg: clientSide ? 'request ended by the client or the connection' : 'unexpected error outside the pipeline',
      requestId: ctx?.state?.requestId,
      method: ctx?.method,
      path: ctx?.path,
      code: thrown.code,
      error: thrown.message,
      ...(clientSide ? {} : { stack: thrown.stack }),
    });
  };
}
