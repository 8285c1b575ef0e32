import type { Context } from 'koa';
import { ServiceError } from '../problem.ts';

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
 * A Host the service writes into URLs: a name of unreserved characters (RFC 3986: letters, digits,
 * `.`, `-`, `_`, `~`) or a bracketed IPv6 literal, with an optional port. Nothing else can end up
 * in a document: no quote, backslash, space, angle bracket or percent sign.
 */
const VALID_HOST = /^(?:[A-Za-z0-9._~-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

export function isValidHost(host: string): boolean {
  return VALID_HOST.test(host);
}

/**
 * The service's base URL in documents, links and problem types: PUBLIC_BASE_URL, else the
 * request's own origin, its scheme from X-Forwarded-Proto (http or https) only when the socket
 * peer is a trusted proxy (a TLS-terminating balancer in front of plain HTTP). A Host that is not
 * a valid host name (isValidHost) is refused with 400 invalid_host (RFC 9112 section 3.2) rather
 * than written into anything.
 */
export function baseUrlOf(ctx: Context, publicBaseUrl: string | null, trustedProxies: string[] = []): string {
  if (publicBaseUrl) return publicBaseUrl;
  const host = ctx.host;
  if (!isValidHost(host)) {
    throw new ServiceError('invalid_host', { detail: 'The Host header is not a host name, and this deployment builds its URLs from it. Send the name the service is reached by.' });
  }
  const peer = normalize(ctx.req.socket.remoteAddress ?? '');
  const forwarded = trustedProxies.includes(peer) ? String(ctx.get('X-Forwarded-Proto') || '').split(',')[0].trim().toLowerCase() : '';
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : ctx.protocol;
  return `${scheme}://${host}`;
}

/** The base URL for a problem's `type`: as baseUrlOf, or relative (`/errors#…`) when the Host itself is refused. */
export function problemBaseUrlOf(baseUrl: (ctx: Context) => string) {
  return function problemBaseUrl(ctx: Context): string {
    try {
      return baseUrl(ctx);
    } catch {
      return '';
    }
  };
}
