import type { Context } from 'koa';
import { documents, errorCatalog, openapiDocument } from './contract.ts';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

const llmsTxt = readFileSync(new URL('../generated/llms.txt', import.meta.url), 'utf8');

export interface DocumentOptions {
  baseUrl: (ctx: Context) => string;
  payTo: string | null;
  paymentsEnabled: boolean;
  version: string;
}

/** A document as the JSON text served, with {base_url} replaced; serialized once per base URL. */
const withBase = (value: unknown, base: string) => (typeof value === 'string' ? value : JSON.stringify(value)).replaceAll('{base_url}', base);

/** Bytes as served: the plain form, the gzip form (only when it is smaller) and a content-hash ETag. */
export interface Rendered {
  plain: Buffer;
  gzip: Buffer | null;
  etag: string;
}

export function renderBytes(plain: Buffer): Rendered {
  const gzip = gzipSync(plain);
  return { plain, gzip: gzip.length < plain.length ? gzip : null, etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"` };
}

/** A cache of rendered bodies: each key is rendered on first use, then served from memory. */
export function renderCache() {
  const cache = new Map<string, Rendered>();
  return function rendered(key: string, make: () => string | Buffer): Rendered {
    let entry = cache.get(key);
    if (!entry) {
      const body = make();
      entry = renderBytes(typeof body === 'string' ? Buffer.from(body) : body);
      cache.set(key, entry);
    }
    return entry;
  };
}

/** Sends rendered bytes with Cache-Control, ETag (304 on a match) and gzip to clients that accept it. */
export function sendRendered(ctx: Context, { plain, gzip, etag }: Rendered, type: string, maxAge: number) {
  ctx.set('Cache-Control', `public, max-age=${maxAge}`);
  ctx.set('ETag', etag);
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = type;
  if (ctx.get('If-None-Match') === etag) {
    ctx.status = 304;
    return;
  }
  if (gzip && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip;
  } else ctx.body = plain;
}

/**
 * GET handlers of the generated documents; {base_url} becomes the deployment's base URL. Each
 * document is rendered once per base URL, with its gzip form and an ETag: the catalog and the spec
 * are over 500 KB, so clients that accept gzip get about a tenth of that, and a revalidation 304.
 */
export function documentHandlers({ baseUrl, payTo, paymentsEnabled, version }: DocumentOptions) {
  const rendered = renderCache();
  const render = (name: string, value: unknown, base: string) => rendered(`${name} ${base}`, () => withBase(value, base));
  const json = (name: string, value: unknown, maxAge = 300) =>
    function serveDocument(_api: unknown, ctx: Context) {
      sendRendered(ctx, render(name, value, baseUrl(ctx)), 'application/json', maxAge);
    };
  return {
    getCatalog: json('catalog', documents.catalog),
    getErrors: json('errors', errorCatalog),
    getOpenApi: json('openapi', openapiDocument),
    getAgentCard: json('agentCard', documents.agentCard),
    getX402Terms: json('x402', { ...documents.x402, payTo, enabled: paymentsEnabled }, 60),
    getLlmsTxt(_api: unknown, ctx: Context) {
      sendRendered(ctx, render('llms', llmsTxt, baseUrl(ctx)), 'text/plain; charset=utf-8', 300);
    },
    getHealth(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok', version };
    },
  };
}
