import type { Context } from 'koa';
import ipaddr from 'ipaddr.js';
import { ServiceError } from '../problem.ts';

/**
 * Who the caller is: an address, not the text that spelled it. The free calls, scans and every
 * per-IP limit (the advisor's, results that are not ok) count per caller:
 * - an IPv4 address, in its one canonical spelling (four decimal parts);
 * - an IPv6 address grouped by its first `ipv6PrefixLength` bits (default /64: one site's
 *   subnet, what one customer gets), written `network/prefix`.
 * A port, brackets and a zone are dropped, an IPv4 address written inside IPv6 (embeddedIPv4) is
 * that IPv4 address, and IPv6 is compressed and lower-cased, so `2001:DB8::1`, `[2001:db8::1]:443` and `2001:db8:0:0:0:0:0:1`
 * are one caller, and so are `198.51.100.1`, `198.51.100.1:5555` and `::ffff:198.51.100.1`.
 *
 * The address is the socket's, or, only when the socket peer is a configured trusted proxy, the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy. An entry there that is not
 * an address (`not-an-ip`, `127.1`, a host name) makes the call count as the proxy's own: every
 * such call shares the proxy's one quota, so a spelling can never open a fresh one.
 */
export type Address = ipaddr.IPv4 | ipaddr.IPv6;

const V4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;

/** Parses one address as a proxy or socket may write it; null when it is not one. */
export function parseAddress(text: string): Address | null {
  let spelled = text.trim();
  spelled = BRACKETED.exec(spelled)?.[1] ?? V4_WITH_PORT.exec(spelled)?.[1] ?? spelled;
  spelled = spelled.replace(/%[^%]*$/, '');
  let address: Address;
  if (ipaddr.IPv4.isValidFourPartDecimal(spelled)) address = ipaddr.IPv4.parse(spelled);
  else if (ipaddr.IPv6.isValid(spelled)) address = ipaddr.IPv6.parse(spelled);
  else return null;
  if (address.kind() === 'ipv6') return embeddedIPv4(address as ipaddr.IPv6) ?? address;
  return address;
}

/**
 * The IPv4 address an IPv6 address only writes another way, or null: IPv4-mapped
 * (`::ffff:a.b.c.d`), SIIT (`::ffff:0:a.b.c.d`, RFC 6145), NAT64's well-known prefix
 * (`64:ff9b::a.b.c.d`, RFC 6052) and IPv4-compatible (`::a.b.c.d`). An IPv4-compatible address
 * whose IPv4 part starts with 0 is left as IPv6: `::` and `::1` are IPv6's own.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const zeroUpTo = (end: number) => parts.slice(0, end).every((part) => part === 0);
  const lastTwo = () => ipaddr.IPv4.parse(`${parts[6] >> 8}.${parts[6] & 255}.${parts[7] >> 8}.${parts[7] & 255}`);
  if (zeroUpTo(5) && parts[5] === 0xffff) return lastTwo();
  if (zeroUpTo(4) && parts[4] === 0xffff && parts[5] === 0) return lastTwo();
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0)) return lastTwo();
  if (zeroUpTo(6) && parts[6] >> 8 !== 0) return lastTwo();
  return null;
}

/** The caller an address belongs to (see the module's comment). */
export function callerOf(address: Address, ipv6PrefixLength = 64): string {
  if (address.kind() === 'ipv4' || ipv6PrefixLength >= 128) return address.toString();
  const bytes = address.toByteArray();
  for (let bit = ipv6PrefixLength; bit < 128; bit++) bytes[bit >> 3] &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6PrefixLength}`;
}

export interface CallerOptions {
  /** Proxy addresses (TRUSTED_PROXIES), in any spelling parseAddress reads. */
  trustedProxies: string[];
  /** CALLER_IPV6_PREFIX: the bits of an IPv6 address that name its caller. */
  ipv6PrefixLength?: number;
}

/** The caller of a request, worked out by one function made once from the configuration. */
export function callerIdentity({ trustedProxies, ipv6PrefixLength = 64, maxRemembered = 4096 }: CallerOptions & { maxRemembered?: number }) {
  const trusted = trustedSet(trustedProxies);
  // Parsing costs microseconds (tens for IPv6) on every request; callers come back: what each
  // socket address and X-Forwarded-For text gave is kept (emptied whole when full).
  const remembered = new Map<string, string>();
  return function clientIp(ctx: Context): string {
    const spelled = `${ctx.req.socket.remoteAddress ?? ''}|${ctx.get('X-Forwarded-For') || ''}`;
    let caller = remembered.get(spelled);
    if (caller === undefined) {
      caller = callerOfRequest(ctx);
      if (remembered.size >= maxRemembered) remembered.clear();
      remembered.set(spelled, caller);
    }
    return caller;
  };

  function callerOfRequest(ctx: Context): string {
    const peer = parseAddress(ctx.req.socket.remoteAddress ?? '');
    if (!peer) return 'unknown';
    if (!trusted.has(peer.toString())) return callerOf(peer, ipv6PrefixLength);
    const forwarded = String(ctx.get('X-Forwarded-For') || '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (let index = forwarded.length - 1; index >= 0; index--) {
      const address = parseAddress(forwarded[index]);
      if (!address) break;
      if (!trusted.has(address.toString())) return callerOf(address, ipv6PrefixLength);
    }
    return callerOf(peer, ipv6PrefixLength);
  }
}

/** Canonical texts of the configured proxies (an entry that is not an address trusts nothing); worked out once per list. */
const trustedSets = new WeakMap<string[], Set<string>>();
function trustedSet(trustedProxies: string[]): Set<string> {
  let set = trustedSets.get(trustedProxies);
  if (!set) {
    set = new Set(trustedProxies.map((entry) => parseAddress(entry)?.toString()).filter((text): text is string => text !== undefined));
    trustedSets.set(trustedProxies, set);
  }
  return set;
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
    throw new ServiceError('invalid_host', {
      detail: 'The Host header is not a host name, and this deployment builds its URLs from it. Send the name the service is reached by.',
    });
  }
  const forwarded = peerIsTrusted(ctx, trustedProxies)
    ? String(ctx.get('X-Forwarded-Proto') || '')
        .split(',')[0]
        .trim()
        .toLowerCase()
    : '';
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : ctx.protocol;
  return `${scheme}://${host}`;
}

/**
 * Whether the socket peer is a configured proxy, worked out once per connection: its address
 * cannot change, a kept-alive connection carries many requests, and parsing the address on each
 * of them was a measurable part of a stored answer's CPU time.
 */
const trustedPeers = new WeakMap<object, { proxies: string[]; trusted: boolean }>();
function peerIsTrusted(ctx: Context, trustedProxies: string[]): boolean {
  if (trustedProxies.length === 0) return false;
  const socket = ctx.req.socket;
  const known = trustedPeers.get(socket);
  if (known?.proxies === trustedProxies) return known.trusted;
  const peer = parseAddress(socket.remoteAddress ?? '')?.toString();
  const trusted = peer !== undefined && trustedSet(trustedProxies).has(peer);
  trustedPeers.set(socket, { proxies: trustedProxies, trusted });
  return trusted;
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
