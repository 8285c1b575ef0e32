import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse as parseDomain } from 'tldts';

/**
 * Syntax of the two kinds of target a caller can name. These checks need no network; the
 * address checks (what a name resolves to, every redirect hop) belong to the safe fetcher.
 */

const MAX_DOMAIN = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A bare public domain: no scheme, path, port, credentials or IP address, under a public
 * suffix (ICANN or private section of the public suffix list). Returns the normalized
 * form (lower case, ASCII/punycode, no trailing dot) or null.
 */
export function normalizeDomain(value: string): string | null {
  const known = normalized.get(value);
  if (known !== undefined) return known;
  const result = normalizeUncached(value);
  if (normalized.size >= 10_000) normalized.clear();
  normalized.set(value, result);
  return result;
}

/** Recent answers: the same domains come back often (repeats, batches, polling). */
const normalized = new Map<string, string | null>();

function normalizeUncached(value: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_DOMAIN) return null;
  if (/[\s/:@?#\\[\]]/.test(value)) return null;
  const ascii = domainToASCII(value.replace(/\.$/, '').toLowerCase());
  if (!ascii || ascii.length > MAX_DOMAIN) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  const info = parseDomain(ascii, { allowPrivateDomains: true });
  if (info.isIp || !info.domain || !(info.isIcann || info.isPrivate)) return null;
  if (info.hostname !== ascii) return null;
  return ascii;
}

export type UrlProblem = 'not_a_url' | 'scheme' | 'credentials' | 'port' | 'host';

/**
 * A public http(s) URL on port 80 or 443 without credentials, judged by its text alone.
 * Returns the parsed URL or the reason it is refused. The safe fetcher applies it to every
 * redirect hop too, then judges the addresses.
 */
export function parseTargetUrl(value: string): { ok: true; url: URL } | { ok: false; problem: UrlProblem } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: 'not_a_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  if (url.port !== '' && url.port !== '80' && url.port !== '443') return { ok: false, problem: 'port' };
  if (!isPublicHostName(url.hostname)) return { ok: false, problem: 'host' };
  return { ok: true, url };
}

/**
 * The one spelling of a public http(s) URL (WHATWG parsing does most of it: scheme and host lower
 * case, IDN hosts in punycode, the default port dropped, an empty path as `/`). On top: the
 * fragment (never sent to the server) and an empty query (`?`) are dropped, and a trailing dot of
 * the host is removed as for domains. A trailing slash on a non-root path stays: servers may
 * answer /a and /a/ differently.
 */
export function canonicalTargetUrl(value: string): { ok: true; url: URL } | { ok: false; problem: UrlProblem } {
  const parsed = parseTargetUrl(value);
  if (!parsed.ok) return parsed;
  const url = parsed.url;
  url.hash = '';
  // search is '' both without a query and with an empty one; assigning '' removes the '?'.
  if (url.search === '') url.search = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  return { ok: true, url };
}

/** Special-use and private-network names (RFC 6761, RFC 8375, ICANN's .internal, common intranet suffixes). */
const LOCAL_SUFFIXES = [
  'localhost',
  'localdomain',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'arpa',
  'test',
  'example',
  'invalid',
  'onion',
  'alt',
];

/**
 * An IP literal (its address is judged by the fetcher, which knows the allowed ranges) or a
 * name of two labels or more under a public suffix that is not a local or special-use name.
 */
function isPublicHostName(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '');
  if (!host || host.endsWith('.')) return false;
  if (isIP(host.replace(/^\[(.*)\]$/, '$1'))) return true;
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return false;
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return false;
  const info = parseDomain(host, { allowPrivateDomains: true, validateHostname: false });
  return Boolean(info.domain && (info.isIcann || info.isPrivate));
}

export const URL_PROBLEM_TEXT: Record<UrlProblem, string> = {
  not_a_url: 'is not an absolute URL',
  scheme: 'must use http or https',
  credentials: 'must not carry credentials',
  port: 'must use port 80 or 443',
  host: 'must name a public host',
};
