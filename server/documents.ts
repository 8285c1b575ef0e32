import type { Context } from 'koa';
import { documents, errorCatalog, openapiDocument } from './contract.ts';
import { readFileSync } from 'node:fs';

const llmsTxt = readFileSync(new URL('../generated/llms.txt', import.meta.url), 'utf8');

export interface DocumentOptions {
  baseUrl: (ctx: Context) => string;
  payTo: string | null;
  paymentsEnabled: boolean;
  version: string;
}

/** A document as the JSON text served, with {base_url} replaced; serialized once per base URL. */
const withBase = (value: unknown, base: string) => (typeof value === 'string' ? value : JSON.stringify(value)).replaceAll('{base_url}', base);

/** GET handlers of the generated documents; {base_url} becomes the deployment's base URL. */
export function documentHandlers({ baseUrl, payTo, paymentsEnabled, version }: DocumentOptions) {
  const cache = new Map<string, unknown>();
  const render = (name: string, value: unknown, base: string) => {
    const key = `${name} ${base}`;
    if (!cache.has(key)) cache.set(key, withBase(value, base));
    return cache.get(key) as string;
  };
  const json = (name: string, value: unknown, maxAge = 300) =>
    function serveDocument(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', `public, max-age=${maxAge}`);
      ctx.type = 'application/json';
      ctx.body = render(name, value, baseUrl(ctx));
    };
  return {
    getCatalog: json('catalog', documents.catalog),
    getErrors: json('errors', errorCatalog),
    getOpenApi: json('openapi', openapiDocument),
    getAgentCard: json('agentCard', documents.agentCard),
    getX402Terms: json('x402', { ...documents.x402, payTo, enabled: paymentsEnabled }, 60),
    getLlmsTxt(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = render('llms', llmsTxt, baseUrl(ctx));
    },
    getHealth(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok', version };
    },
  };
}
