import type { Context } from 'koa';

/**
 * Sets response headers on Node's response directly. Koa 3's `ctx.set` builds an entries array, a
 * normalized copy and a lower-cased name for every call; the stages below set ten headers on
 * every answer, so they use this. Values are strings; Node validates names and values as always.
 */
export function setHeaders(ctx: Context, headers: Readonly<Record<string, string>>): void {
  const res = ctx.res;
  if (res.headersSent) return;
  for (const name in headers) res.setHeader(name, headers[name]);
}

/** One header (see setHeaders). */
export function setHeader(ctx: Context, name: string, value: string): void {
  if (!ctx.res.headersSent) ctx.res.setHeader(name, value);
}
