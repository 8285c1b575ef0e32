import type { Context } from 'koa';

/**
 * The caller's IP: the socket address, or, only when the socket peer is a configured trusted
 * proxy, the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
function normalize(address: string): string {
  return address.trim().replace(/^::ffff:/, '');
}

export function clientIp(ctx: Context, trustedProxies: string[]): string {
  const peer = normalize(ctx.req.socket.remoteAddress ?? 'unknown');
  if (!trustedProxies.includes(peer)) return peer;
  const forwarded = String(ctx.get('X-Forwarded-For') || '')
    .split(',')
    .map(normalize)
    .filter(Boolean);
  for (let index = forwarded.length - 1; index >= 0; index--) {
    if (!trustedProxies.includes(forwarded[index])) return forwarded[index];
  }
  return peer;
}

export function baseUrlOf(ctx: Context, publicBaseUrl: string | null): string {
  return publicBaseUrl ?? `${ctx.protocol}://${ctx.host}`;
}
