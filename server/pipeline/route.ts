import { OpenAPIRouter, type Document } from 'openapi-backend';
import type { Next } from 'koa';
import type { RequestContext } from './state.ts';
import { openapiDocument, operations, type OperationId } from '../contract.ts';
import { ServiceError } from '../problem.ts';

/** A spec path as a pattern: each {parameter} stands for one path segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * The methods a path answers, as its Allow header lists them: the spec's methods, HEAD wherever
 * GET is (answered by the GET handler; Koa sends no body), and OPTIONS everywhere.
 */
export function allowedMethods(specMethods: string[]): string[] {
  const methods = new Set([...specMethods, 'OPTIONS']);
  if (methods.has('GET')) methods.add('HEAD');
  return ['GET', 'HEAD', 'POST', 'OPTIONS'].filter((method) => methods.has(method));
}

/** What a route handler is told of the match: the operation the spec names for the method and path. */
export interface RouteMatch {
  operationId: OperationId;
}

export type RouteHandler = (match: RouteMatch, ctx: RequestContext) => unknown | Promise<unknown>;

/**
 * openapi-backend's router over a definition that never changes: its operation list is flattened
 * once (the router flattens it again on every match, some 400 µs for these 39 operations).
 */
class SpecRouter extends OpenAPIRouter {
  #operations: ReturnType<OpenAPIRouter['getOperations']> | undefined;
  getOperations() {
    return (this.#operations ??= super.getOperations());
  }
}

/** The spec's routes as openapi-backend's router reads them: each path's methods and their operationIds, nothing else of the document. */
function routeDocument(): Document {
  const paths: Record<string, Record<string, { operationId: string }>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = { operationId: op.operationId };
  return { openapi: openapiDocument.openapi, info: openapiDocument.info, paths } as unknown as Document;
}

/**
 * Route stage: openapi-backend's router (OpenAPIRouter) matches method and path against the
 * spec's paths (trailing slashes ignored, a static path before a template) and the handler of the
 * operationId runs. Validation is the pipeline's own (the validate stage, with the generated Ajv
 * 2020 validators that MCP uses too), so the router is all of openapi-backend this service uses.
 * HEAD runs the GET handler (same status and headers, Koa writes no body); OPTIONS (other than a
 * CORS preflight, which the cross-origin stage answers) is 204 with the path's Allow header, the
 * same list a 405 carries.
 */
export function routeStage(handlersByOperationId: Record<string, RouteHandler>) {
  const missing = operations.map((op) => op.operationId).filter((id) => !handlersByOperationId[id]);
  if (missing.length) throw new Error(`no route handler for ${missing.join(', ')}`);
  const methodsByPath = operations.map((op) => ({ pattern: pathPattern(op.path), method: op.method }));
  function allowOf(path: string): string | null {
    const trimmed = path.replace(/\/+$/, '') || '/';
    const specMethods = methodsByPath.filter(({ pattern }) => pattern.test(trimmed)).map(({ method }) => method);
    return specMethods.length ? allowedMethods(specMethods).join(', ') : null;
  }
  const router = new SpecRouter({ definition: routeDocument(), ignoreTrailingSlashes: true });
  /** `method` as the caller sent it (HEAD is matched as GET). */
  function match(method: string, path: string): RouteMatch {
    try {
      return { operationId: router.matchOperation({ method: method === 'HEAD' ? 'GET' : method, path, headers: {} }, true).operationId as OperationId };
    } catch (error) {
      // The router's strict match says which of the two it is by its message, as openapi-backend's own handleRequest reads it.
      if (!(error instanceof Error && error.message.startsWith('405'))) throw new ServiceError('not_found');
      const allow = allowOf(path);
      throw new ServiceError('method_not_allowed', {
        detail: `${method} is not allowed on ${path}${allow ? `; use ${allow}` : ''}.`,
        headers: allow ? { Allow: allow } : {},
      });
    }
  }
  return async function route(ctx: RequestContext, _next: Next) {
    if (ctx.method === 'OPTIONS') {
      const allow = allowOf(ctx.path);
      if (!allow) throw new ServiceError('not_found');
      ctx.set('Allow', allow);
      ctx.status = 204;
      return;
    }
    const matched = match(ctx.method, ctx.path);
    // The matched operationId goes on ctx.state for the observe stage (metrics, access log).
    ctx.state.operationId = matched.operationId;
    await handlersByOperationId[matched.operationId](matched, ctx);
  };
}
