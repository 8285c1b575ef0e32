import type { Context, Next } from 'koa';
import cors from '@koa/cors';

export interface CrossOriginOptions {
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}

/**
 * CORS stage: headers only for requests that carry an Origin (browsers); other agents get none.
 * Requests without an Origin skip @koa/cors entirely (two promise turns per request on the hot
 * path) but keep its `Vary: Origin`, so a shared cache never hands a CORS-less answer to a browser.
 */
export function crossOriginStage({ allowHeaders, exposeHeaders, maxAgeSeconds = 600 }: CrossOriginOptions) {
  const browserCors = cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'], allowHeaders, exposeHeaders, maxAge: maxAgeSeconds });
  return function crossOrigin(ctx: Context, next: Next) {
    if (ctx.req.headers.origin) return browserCors(ctx, next);
    if (ctx.res.hasHeader('Vary')) ctx.vary('Origin');
    else ctx.res.setHeader('Vary', 'Origin');
    return next();
  };
}
