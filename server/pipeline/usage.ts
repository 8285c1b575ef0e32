import type { Next } from 'koa';
import type { RequestContext } from './state.ts';
import type { FreeQuota } from '../metering/quota.ts';
import { usageHeaders } from '../metering/quota.ts';
import { setHeaders } from './set-headers.ts';

export interface UsageOptions {
  quota: FreeQuota;
  clientIp: (ctx: RequestContext) => string;
  now: () => Date;
}

/**
 * Usage stage: every HTTP answer, errors included, carries the X-Usage-* headers. The price
 * and charge of the call come from ctx.state.usage (set by the operation); documents cost 0.
 * MCP answers are written by the transport, which sets them itself (server/mcp.ts).
 */
export function usageStage({ quota, clientIp, now }: UsageOptions) {
  return async function usage(ctx: RequestContext, next: Next) {
    ctx.state.usage = { priceMicroUsd: 0, chargedMicroUsd: 0 };
    try {
      await next();
    } finally {
      if (ctx.respond !== false && !ctx.res.headersSent) {
        try {
          setHeaders(ctx, usageHeaders(await quota.usage(clientIp(ctx), now()), ctx.state.usage.priceMicroUsd, ctx.state.usage.chargedMicroUsd));
        } catch {
          // The store is unreachable: the answer (usually a problem already) goes out without usage headers.
        }
      }
    }
  };
}
