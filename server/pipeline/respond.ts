import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { RequestContext } from './state.ts';
import { ServiceError, problemBody } from '../problem.ts';
import { isStoreUnavailable } from '../store/errors.ts';
import { setHeader, setHeaders } from './set-headers.ts';

export interface RespondOptions {
  /** The base of problem types; it must not throw (see problemBaseUrlOf). */
  baseUrl: (ctx: RequestContext) => string;
  log?: (entry: Record<string, unknown>) => void;
}

/**
 * Outermost stage: gives each request an id, and turns every error into an RFC 9457
 * problem with a catalog code. An error that is not a ServiceError is a defect: it is logged
 * and answered as engine_failed (retryable, nothing charged), never as a bare 500.
 */
export function respondStage({ baseUrl, log = () => {} }: RespondOptions) {
  return async function respond(ctx: RequestContext, next: Next) {
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    setHeader(ctx, 'X-Request-Id', requestId);
    try {
      await next();
    } catch (error) {
      const serviceError = error instanceof ServiceError ? error : asServiceError(error);
      if (!(error instanceof ServiceError)) logUnexpected(log, ctx, error);
      if (ctx.respond === false || ctx.res.headersSent) return;
      writeProblem(ctx, serviceError, baseUrl(ctx));
    }
  };
}

/** An error that is not a ServiceError is a defect: one error line with its stack, over HTTP and MCP alike. */
export function logUnexpected(log: (entry: Record<string, unknown>) => void, ctx: RequestContext, error: unknown) {
  log({ level: 'error', msg: 'unexpected error', requestId: ctx.state.requestId, path: ctx.path, error: String((error as Error)?.stack ?? error) });
}

/** A store outage is retryable (503); anything else unexpected is a defect, answered as engine_failed. */
export function asServiceError(error: unknown): ServiceError {
  if (isStoreUnavailable(error)) {
    return new ServiceError('engine_unavailable', {
      detail:
        'The service could not reach its store for a moment. Repeat the same call (with the same payment, if you sent one) in a few seconds: a paid result is delivered once and never charged twice.',
      headers: { 'Retry-After': '5' },
      cause: error,
    });
  }
  return new ServiceError('engine_failed', { detail: 'Unexpected failure while handling the request. Nothing was charged.', cause: error });
}

export function writeProblem(ctx: RequestContext, error: ServiceError, baseUrl: string) {
  ctx.status = error.status;
  ctx.state.problemCode = error.code;
  // A problem answers this request (its caller, its payment, its moment): no cache keeps it, not
  // even the heuristic caching HTTP allows for a 404 or a 405 without Cache-Control.
  ctx.set('Cache-Control', 'no-store');
  setHeaders(ctx, error.headers);
  ctx.type = 'application/problem+json';
  ctx.body = problemBody(error, { baseUrl, requestId: ctx.state.requestId });
}
