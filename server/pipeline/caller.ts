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

/**
 * The service's base URL in documents and problem types: PUBLIC_BASE_URL, else the request's own
 * origin, its scheme from X-Forwarded-Proto (http or https) only when the socket peer is a trusted
 * proxy (a TLS-terminating balancer in front of plain HTTP).
 */
export function baseUrlOf(ctx: Context, publicBaseUrl: string | null, trustedProxies: string[] = []): string {
  if (publicBaseUrl) return publicBaseUrl;
  const peer = normalize(ctx.req.socket.remoteAddress ?? '');
  const forwarded = trustedProxies.includes(peer) ? String(ctx.get('X-Forwarded-Proto') || '').split(',')[0].trim().toLowerCase() : '';
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : ctx.protocol;
  return `${scheme}://${ctx.host}`;
}
