import { OpenAPIBackend, type Context as ApiContext } from 'openapi-backend';
import type { Context, Next } from 'koa';
import { openapiDocument, operations } from '../contract.ts';
import { ServiceError } from '../problem.ts';

/** A spec path as a pattern: each {parameter} stands for one path segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

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
  const methodsByPath = operations.map((op) => ({ pattern: pathPattern(op.path), method: op.method }));
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
    methodNotAllowed: (context: ApiContext, ctx: Context) => {
      const path = context.request.path.replace(/\/+$/, '');
      const allowed = methodsByPath.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method);
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
  // Each static (method, path) the spec names is resolved once through the router; anything else
  // (templated paths such as /docs/assets/{file}, unknown paths, other methods) goes through
  // handleRequest, which dispatches or answers not_found or method_not_allowed.
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
