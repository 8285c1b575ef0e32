import bodyParser from 'koa-bodyparser';
import type { Context, Next } from 'koa';
import { ServiceError } from '../problem.ts';
import { RPC_ERROR, writeRpcError } from './json-rpc.ts';

export interface ParseOptions {
  maxBodyBytes: number;
  /**
   * Paths that speak JSON-RPC (POST /mcp): a body that is not JSON is answered with a JSON-RPC
   * parse error (-32700, id null) instead of invalid_json, and any JSON value goes on to the
   * endpoint, which answers its shape as JSON-RPC too.
   */
  jsonRpcPaths?: string[];
}

/** application/json or application/<anything>+json, parameters allowed (what type-is matches for these two patterns). */
const JSON_TYPE = /^\s*application\/(?:[!#$%&'*.^`|~\w-]+\+)?json\s*(?:;|$)/i;
export const isJsonContentType = (contentType: string) => JSON_TYPE.test(contentType);

/**
 * Parse stage for POST: Content-Type must be JSON (json_required), the body at most
 * maxBodyBytes (body_too_large) and exactly one JSON object (invalid_json).
 */
export function parseStage({ maxBodyBytes, jsonRpcPaths = [] }: ParseOptions) {
  const rpcPaths = new Set(jsonRpcPaths);
  const parseJson = bodyParser({
    enableTypes: ['json'],
    // The same types this stage lets through (koa-bodyparser's default list has only a few +json types).
    extendTypes: { json: ['application/*+json'] },
    jsonLimit: `${maxBodyBytes}b`,
    strict: true,
    onerror(error: any) {
      if (error?.status === 413 || error?.type === 'entity.too.large') {
        throw new ServiceError('body_too_large', { detail: `The body is larger than ${maxBodyBytes} bytes.` });
      }
      throw new ServiceError('invalid_json', { detail: `The body is not valid JSON: ${String(error?.message ?? error).slice(0, 200)}`, cause: error });
    },
  });
  return async function parse(ctx: Context, next: Next) {
    if (ctx.method !== 'POST') return next();
    if (!isJsonContentType(ctx.get('Content-Type'))) {
      throw new ServiceError('json_required', { detail: `Content-Type is ${JSON.stringify(ctx.get('Content-Type') || '(none)')}; send application/json.` });
    }
    const declared = Number(ctx.get('Content-Length'));
    if (Number.isFinite(declared) && declared > maxBodyBytes) {
      throw new ServiceError('body_too_large', { detail: `The body is ${declared} bytes; the limit is ${maxBodyBytes}.` });
    }
    const jsonRpc = rpcPaths.has(ctx.path.replace(/\/+$/, ''));
    try {
      await parseJson(ctx, async () => {});
    } catch (error) {
      if (!jsonRpc || !(error instanceof ServiceError) || error.code !== 'invalid_json') throw error;
      // Strict parsing refuses a bare value (5, "x", null) that is valid JSON: the endpoint answers
      // it. An object or array refused (a __proto__ key) stays refused.
      const value = jsonValueOf((error.cause as { body?: unknown } | undefined)?.body);
      if (!value || (typeof value.value === 'object' && value.value !== null))
        return writeRpcError(ctx, { id: null, code: RPC_ERROR.parseError, message: 'Parse error: the body is not valid JSON.', status: 400 });
      ctx.request.body = value.value;
      return next();
    }
    const { body, rawBody: raw } = ctx.request;
    if (jsonRpc) {
      if (!raw) return writeRpcError(ctx, { id: null, code: RPC_ERROR.parseError, message: 'Parse error: the body is empty.', status: 400 });
      return next();
    }
    if (!raw || typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ServiceError('invalid_json', {
        detail: raw ? 'The body must be one JSON object, not an array or a value.' : 'The body is empty; send one JSON object.',
      });
    }
    return next();
  };
}

/** The value of a JSON text, or null when it is not one. */
function jsonValueOf(text: unknown): { value: unknown } | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}
