import type { Context } from 'koa';
import { documents, errorCatalog, openapiDocument } from './contract.ts';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

const llmsTxt = readFileSync(new URL('../generated/llms.txt', import.meta.url), 'utf8');

export interface DocumentOptions {
  baseUrl: (ctx: Context) => string;
  /**
   * True when the base URL comes from the request's Host (PUBLIC_BASE_URL unset): documents that
   * carry it are then private to the client (a shared cache keyed without Host could hand one
   * client's Host to another), with Vary: Host.
   */
  baseFromRequest?: boolean;
  payTo: string | null;
  paymentsEnabled: boolean;
  version: string;
}

/**
 * A document as the text served, with {base_url} replaced; serialized once per base URL. In a JSON
 * document the placeholder only ever stands inside a string, so the base goes in JSON-encoded:
 * whatever it holds, the document stays valid JSON (baseUrlOf also refuses a Host that is not a
 * host name before anything is rendered).
 */
const withBase = (value: unknown, base: string) =>
  typeof value === 'string' ? value.replaceAll('{base_url}', base) : JSON.stringify(value).replaceAll('{base_url}', JSON.stringify(base).slice(1, -1));

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

/**
 * A cache of rendered bodies: each key is rendered on first use, then served from memory. At most
 * maxEntries are kept (least recently used first out): without PUBLIC_BASE_URL every Host a
 * client sends is a key of its own.
 */
export function renderCache({ maxEntries = 32 }: { maxEntries?: number } = {}) {
  const cache = new Map<string, Rendered>();
  return function rendered(key: string, make: () => string | Buffer): Rendered {
    let entry = cache.get(key);
    if (entry) {
      cache.delete(key);
    } else {
      const body = make();
      entry = renderBytes(typeof body === 'string' ? Buffer.from(body) : body);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, entry);
    return entry;
  };
}

export interface SendOptions {
  maxAge: number;
  /** false: the body depends on the request's Host (Cache-Control private, Vary: Host). */
  shared?: boolean;
}

/** Sends rendered bytes with Cache-Control, ETag (304 on a match) and gzip to clients that accept it. */
export function sendRendered(ctx: Context, { plain, gzip, etag }: Rendered, type: string, { maxAge, shared = true }: SendOptions) {
  ctx.set('Cache-Control', `${shared ? 'public' : 'private'}, max-age=${maxAge}`);
  ctx.set('ETag', etag);
  // Appended: the cross-origin stage's Vary: Origin stays.
  ctx.vary('Accept-Encoding');
  if (!shared) ctx.vary('Host');
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
 * document is rendered once per base URL, with its gzip form and an ETag: the spec is about 200 KB,
 * so clients that accept gzip get a fraction of that, and a revalidation 304.
 */
export function documentHandlers({ baseUrl, baseFromRequest = false, payTo, paymentsEnabled, version }: DocumentOptions) {
  const rendered = renderCache();
  const render = (name: string, value: unknown, base: string) => rendered(`${name} ${base}`, () => withBase(value, base));
  /** Whether the document's text carries the base URL, and so the Host, when that comes from the request. */
  const hostDependent = (value: unknown) => baseFromRequest && (typeof value === 'string' ? value : JSON.stringify(value)).includes('{base_url}');
  function serve(name: string, value: unknown, type: string, maxAge: number) {
    const shared = !hostDependent(value);
    const carriesBase = (typeof value === 'string' ? value : JSON.stringify(value)).includes('{base_url}');
    return function serveDocument(_api: unknown, ctx: Context) {
      // A document without a URL is served whatever the Host (baseUrl refuses an invalid one).
      sendRendered(ctx, render(name, value, carriesBase ? baseUrl(ctx) : ''), type, { maxAge, shared });
    };
  }
  return {
    getCatalog: serve('catalog', documents.catalog, 'application/json', 300),
    getErrors: serve('errors', errorCatalog, 'application/json', 300),
    // Served with this deployment's own base URL as its one server (the spec's server is a
    // template whose default, for client generators, is the local service).
    getOpenApi: serve('openapi', { ...openapiDocument, servers: [{ url: '{base_url}', description: 'This service.' }] }, 'application/json', 300),
    getAgentCard: serve('agentCard', documents.agentCard, 'application/json', 300),
    getX402Terms: serve('x402', { ...documents.x402, payTo, enabled: paymentsEnabled }, 'application/json', 60),
    getLlmsTxt: serve('llms', llmsTxt, 'text/plain; charset=utf-8', 300),
    getHealth(_api: unknown, ctx: Context) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok', version };
    },
  };
}
