import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the service may connect to: public unicast only. An IPv6 address that
 * carries an IPv4 one (IPv4-mapped, NAT64, 6to4, Teredo) is judged by what it carries, since
 * a translator or tunnel on the path delivers to that address.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Ranges ipaddr.js calls unicast that are still no place for a request (belt and braces). */
const IPV4_REFUSED = ['0.0.0.0/8', '192.0.0.0/24', '192.0.2.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4'].map(cidr);
/** Global unicast is 2000::/3; inside it, documentation, benchmarking, ORCHID and such. */
const IPV6_GLOBAL = cidr('2000::/3');
const IPV6_REFUSED = ['2001:db8::/32', '3fff::/20', '2001:2::/48', '2001:10::/28', '2001:20::/28', '5f00::/16', '64:ff9b:1::/48'].map(cidr);
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');

function cidr(text: string): [Address, number] {
  return ipaddr.parseCIDR(text);
}

function inRange(address: Address, [network, bits]: [Address, number]): boolean {
  return address.kind() === network.kind() && address.match(network, bits);
}

function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 addresses an IPv6 address delivers to, or null if it carries none. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const parts = address.parts;
  if (address.isIPv4MappedAddress()) return [address.toIPv4Address()];
  if (inRange(address, NAT64_WELL_KNOWN)) return [ipv4FromWords(parts[6], parts[7])];
  const range = address.range();
  if (range === '6to4') return [ipv4FromWords(parts[1], parts[2])];
  // Teredo: the server's address in clear, the client's inverted in the last 32 bits.
  if (range === 'teredo') return [ipv4FromWords(parts[2], parts[3]), ipv4FromWords(parts[6] ^ 0xffff, parts[7] ^ 0xffff)];
  return null;
}

/** ipaddr.js's range name, 'unicast' only for what this module accepts; wrappers name what they carry. */
export function addressRange(ip: string): string {
  let address: Address;
  try {
    address = ipaddr.parse(ip.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return 'invalid';
  }
  return rangeOf(address);
}

function rangeOf(address: Address): string {
  if (address.kind() === 'ipv4') {
    const range = address.range();
    if (range !== 'unicast') return range;
    return IPV4_REFUSED.some((refused) => inRange(address, refused)) ? 'reserved' : 'unicast';
  }
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) {
    const refused = embedded.map(rangeOf).find((range) => range !== 'unicast');
    return refused ? `${v6.range()}(${refused})` : 'unicast';
  }
  const range = v6.range();
  if (range !== 'unicast') return range;
  if (!inRange(v6, IPV6_GLOBAL) || IPV6_REFUSED.some((refused) => inRange(v6, refused))) return 'reserved';
  return 'unicast';
}

const parsedAllowList = new Map<string, [Address, number]>();

function allowed(address: Address, allowCidrs: readonly string[]): boolean {
  if (allowCidrs.length === 0) return false;
  const candidates = [address];
  if (address.kind() === 'ipv6') candidates.push(...(embeddedIpv4(address as ipaddr.IPv6) ?? []));
  return allowCidrs.some((text) => {
    let range = parsedAllowList.get(text);
    if (!range) parsedAllowList.set(text, (range = cidr(text)));
    return candidates.some((candidate) => inRange(candidate, range));
  });
}

/**
 * True if the service may connect to `ip`: public unicast, or inside one of `allowCidrs`
 * (the offline test world's loopback only; empty in production). Bracketed IPv6 is accepted.
 */
export function isPublicAddress(ip: string, allowCidrs: readonly string[] = []): boolean {
  let address: Address;
  try {
    address = ipaddr.parse(ip.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return false;
  }
  return rangeOf(address) === 'unicast' || allowed(address, allowCidrs);
}
