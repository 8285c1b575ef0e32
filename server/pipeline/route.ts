import { OpenAPIBackend, type Context as ApiContext } from 'openapi-backend';
import type { Context, Next } from 'koa';
import { openapiDocument, operations } from '../contract.ts';
import { ServiceError } from '../problem.ts';

export type RouteHandler = (api: ApiContext, ctx: Context) => unknown | Promise<unknown>;

/**
 * Route stage: openapi-backend's router matches method and path against the spec and its
 * handler registry dispatches by operationId. Its own validator is off: validation is the pipeline's validate stage, with the
 * generated Ajv 2020 validators that MCP uses too. Its OAS 3.0 definition check is skipped (the
 * spec is 3.1 and is linted by Redocly in codegen).
 */
export async function routeStage(handlersByOperationId: Record<string, RouteHandler>) {
  const missing = operations.map((op) => op.operationId).filter((id) => !handlersByOperationId[id]);
  if (missing.length) throw new Error(`no route handler for ${missing.join(', ')}`);
  const api = new OpenAPIBackend({ definition: structuredClone(openapiDocument) as any, validate: false, ignoreTrailingSlashes: true });
  api.validateDefinition = () => api.document;
  api.register({
    ...handlersByOperationId,
    notFound: () => {
      throw new ServiceError('not_found');
    },
    methodNotAllowed: (context: ApiContext, ctx: Context) => {
      const allowed = operations.filter((op) => op.path === context.request.path.replace(/\/+$/, '')).map((op) => op.method);
      throw new ServiceError('method_not_allowed', {
        detail: `${ctx.method} is not allowed on ${ctx.path}${allowed.length ? `; use ${allowed.join(', ')}` : ''}.`,
        headers: allowed.length ? { Allow: [...new Set([...allowed, 'OPTIONS'])].join(', ') } : {},
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
  // Every spec path is static, so each (method, path) the spec names is resolved once through
  // the router; anything else (unknown paths, other methods) goes through handleRequest, which
  // answers not_found or method_not_allowed.
  const known = new Map(routes.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]));
  return async function route(ctx: Context, _next: Next) {
    const operation = known.get(`${ctx.method} ${ctx.path}`);
    if (operation) {
      const context = { api, operation, request: { method: ctx.method, path: ctx.path, headers: ctx.headers, query: ctx.query, body: (ctx.request as any).body } } as unknown as ApiContext;
      await api.handlers[operation.operationId!]!(context, ctx);
      return;
    }
    await api.handleRequest({ method: ctx.method, path: ctx.path, query: ctx.query as any, headers: ctx.headers as any, body: (ctx.request as any).body }, ctx);
  };
}
