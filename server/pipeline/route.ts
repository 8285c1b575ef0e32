import { OpenAPIBackend, type Context as ApiContext } from 'openapi-backend';
import type { Context, Next } from 'koa';
import { openapiDocument, operations } from '../contract.ts';
import { ServiceError } from '../problem.ts';

/** A spec path as a pattern: each {parameter} stands for one path segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

export type RouteHandler = (api: ApiContext, ctx: Context) => unknown | Promise<unknown>;

/**
 * The methods a path answers, as its Allow header lists them: the spec's methods, HEAD wherever
 * GET is (answered by the GET handler; Koa sends no body), and OPTIONS everywhere.
 */
export function allowedMethods(specMethods: string[]): string[] {
  const methods = new Set([...specMethods, 'OPTIONS']);
  if (methods.has('GET')) methods.add('HEAD');
  return ['GET', 'HEAD', 'POST', 'OPTIONS'].filter((method) => methods.has(method));
}

/**
 * Route stage: openapi-backend's router matches method and path against the spec and its
 * handler registry dispatches by operationId. Its own validator is off: validation is the pipeline's validate stage, with the
 * generated Ajv 2020 validators that MCP uses too. Its OAS 3.0 definition check is skipped (the
 * spec is 3.1 and is linted by Redocly in codegen).
 * HEAD runs the GET handler (same status and headers, Koa writes no body); OPTIONS (other than a
 * CORS preflight, which the cross-origin stage answers) is 204 with the path's Allow header, the
 * same list a 405 carries.
 */
export async function routeStage(handlersByOperationId: Record<string, RouteHandler>) {
  const missing = operations.map((op) => op.operationId).filter((id) => !handlersByOperationId[id]);
  if (missing.length) throw new Error(`no route handler for ${missing.join(', ')}`);
  const methodsByPath = operations.map((op) => ({ pattern: pathPattern(op.path), method: op.method }));
  function allowOf(path: string): string | null {
    const trimmed = path.replace(/\/+$/, '') || '/';
    const specMethods = methodsByPath.filter(({ pattern }) => pattern.test(trimmed)).map(({ method }) => method);
    return specMethods.length ? allowedMethods(specMethods).join(', ') : null;
  }
  const api = new OpenAPIBackend({ definition: structuredClone(openapiDocument) as any, validate: false, ignoreTrailingSlashes: true });
  api.validateDefinition = () => api.document;
  // The matched operationId goes on ctx.state for the observe stage (metrics, access log).
  const named = Object.fromEntries(
    Object.entries(handlersByOperationId).map(([operationId, handler]) => [operationId, (api: ApiContext, ctx: Context) => {
      ctx.state.operationId = operationId;
      return handler(api, ctx);
    }]),
  );
  api.register({
    ...named,
    notFound: () => {
      throw new ServiceError('not_found');
    },
    methodNotAllowed: (_context: ApiContext, ctx: Context) => {
      const allow = allowOf(ctx.path);
      throw new ServiceError('method_not_allowed', {
        detail: `${ctx.method} is not allowed on ${ctx.path}${allow ? `; use ${allow}` : ''}.`,
        headers: allow ? { Allow: allow } : {},
      });
    },
    validationFail: () => {
      throw new ServiceError('invalid_input');
    },
  });
  await api.init();
  // The router rebuilds its operation list from the (large, dereferenced) document on every
  // match; the document never changes after init, so the list is computed once.
  const routes = api.router.getOperations();
  api.router.getOperations = () => routes;
  // Each static (method, path) the spec names is resolved once through the router; anything else
  // (templated paths such as /docs/assets/{asset}, unknown paths, other methods) goes through
  // handleRequest, which dispatches or answers not_found or method_not_allowed.
  const known = new Map(routes.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]));
  return async function route(ctx: Context, _next: Next) {
    if (ctx.method === 'OPTIONS') {
      const allow = allowOf(ctx.path);
      if (!allow) throw new ServiceError('not_found');
      ctx.set('Allow', allow);
      ctx.status = 204;
      return;
    }
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const operation = known.get(`${method} ${ctx.path}`);
    if (operation) {
      const context = { api, operation, request: { method, path: ctx.path, headers: ctx.headers, query: ctx.query, body: (ctx.request as any).body } } as unknown as ApiContext;
      await api.handlers[operation.operationId!]!(context, ctx);
      return;
    }
    await api.handleRequest({ method, path: ctx.path, query: ctx.query as any, headers: ctx.headers as any, body: (ctx.request as any).body }, ctx);
  };
}
