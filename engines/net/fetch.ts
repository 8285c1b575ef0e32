import { isIP } from 'node:net';
import { isPublicAddress } from './address.ts';
import { TooManyCodings } from './body.ts';
import { defaultUserAgent } from './config.ts';
import { Fetched } from './fetched.ts';
import { recordsOf, type Dns, type DnsAnswer } from './dns.ts';
import { eitherSignal } from './deadline.ts';
import { FetchFailure, failureKind, UnsafeTargetError, type FetchFailureKind, type UnsafeHop } from './errors.ts';
import { createHostLimits, RateLimited, type HostLimits } from './host-limits.ts';
import { parseTargetUrl, URL_PROBLEM_TEXT } from './target.ts';
import { isRedirect, type Transport } from './transport.ts';
import { isWorkRefused, type WorkRefused } from '../refusals.ts';

/**
 * The safe fetcher: the one way an engine reaches the web.
 *
 * Every URL, the first and every redirect hop, passes target.ts (http/https, port 80/443, no
 * credentials, a public host name); its name is resolved once through the injected Dns, every
 * A and AAAA answer must be public, and the socket connects to exactly a checked address (the
 * connector is handed the IP, so nothing resolves the name again: DNS rebinding finds nothing
 * to rebind). The wire itself (connections, TLS, framing, decompression) is the transport's
 * (transport.ts), which the service runs on a thread of its own. Redirects are followed by hand.
 * Time, wire bytes and decoded bytes are capped.
 * Every hop passes the per-host gate (host-limits.ts: concurrency and 429 back-off) within the
 * request's own deadline, and is reported to `onUpstream`.
 *
 * Why undici and not node-fetch (the design card's choice), for the README deviation table:
 * the address pinning the research measured is undici's connector (a `Pool` with `connect`),
 * and undici's `request` hands over the raw, still-compressed body, so both the wire and the
 * decompressed size can be capped while reading. node-fetch 3 could pin through an
 * `http.Agent` lookup too, but it decompresses inside (one total `size` limit, no wire cap)
 * and is a second HTTP stack beside undici, which already runs Node's own fetch.
 */

export interface SafeFetchOptions {
  dns: Dns;
  /** Non-public ranges that may still be reached (the offline test world only). */
  allowCidrs?: readonly string[];
  userAgent?: string;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** The per-host gate every hop passes; default: one of its own with the default limits. */
  hosts?: HostLimits;
  /** Called once per hop that was attempted (not for a target refused as unsafe before connecting). */
  onUpstream?: (event: UpstreamEvent) => void;
  /** The wire (transport.ts): where connections, TLS, framing and bodies are handled (the service: its net thread). */
  transport: Transport;
}

/** One hop, for metrics: the host, its status (when an answer came) and the failure (when the hop failed). */
export interface UpstreamEvent {
  host: string;
  status: number | null;
  failure: FetchFailureKind | null;
  elapsedMs: number;
}

export interface FetchRequest {
  /** POST exists for registries whose only read is a form or JSON RPC; it needs a body. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** The POST body (send its content-type in headers). A 301/302/303 answer turns the next hop into a GET without it. */
  body?: string;
  /**
   * A POST that only reads (a registry's search or lookup RPC): like a GET, it is sent once more
   * when a kept connection was closed by the server as it went out, before any answer.
   */
  readOnly?: boolean;
  /** Extra request headers; those the fetcher owns (Host, User-Agent, Accept-Encoding, hop-by-hop) are ignored. */
  headers?: Record<string, string>;
  /** Aborting it ends the fetch early (a FetchFailure of kind timeout). */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBodyBytes?: number;
  accept?: string;
  maxRedirects?: number;
  /** Whose fetch this is (the caller as the free quota counts it): the transport shares its wire fairly. Engines never set it; the service binds it per call. */
  caller?: string;
}

export interface FetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", "; Set-Cookie is in `setCookies`. */
  headers: Record<string, string>;
  /** Set-Cookie values of every hop, in order. */
  setCookies: string[];
  /**
   * The decoded (decompressed) body, at most maxBodyBytes, sealed: its size and type are
   * readable, its bytes only by a parse-pool task (engines/net/fetched.ts).
   */
  content: Fetched;
  truncated: boolean;
  /** The URLs that answered with a redirect, in order (`url` is where they led). */
  redirects: string[];
  /** The IP address the final response came from. */
  address: string;
  elapsedMs: number;
}

export type SafeFetch = (url: string, request?: FetchRequest) => Promise<FetchResponse>;

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const OWNED_HEADERS = new Set([
  'host',
  'user-agent',
  'accept-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'expect',
]);

export function createSafeFetch({
  dns,
  allowCidrs = [],
  userAgent = defaultUserAgent(),
  maxRedirects: defaultMaxRedirects = 5,
  timeoutMs: defaultTimeoutMs = 8000,
  maxBodyBytes: defaultMaxBodyBytes = 3 * 1024 * 1024,
  hosts = createHostLimits(),
  onUpstream = () => {},
  transport,
}: SafeFetchOptions): SafeFetch {
  /** target.ts's checks, then the address of an IP-literal host. */
  function checkUrl(value: string, hop: UnsafeHop): URL {
    const parsed = parseTargetUrl(value);
    if (!parsed.ok) throw new UnsafeTargetError(parsed.problem, value, `${value.slice(0, 200)} ${URL_PROBLEM_TEXT[parsed.problem]}`, hop);
    const url = parsed.url;
    url.hostname = url.hostname.replace(/\.$/, '');
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) && !isPublicAddress(literal, allowCidrs)) {
      throw new UnsafeTargetError('address', url.href, `${url.href} names an address that is not public`, hop);
    }
    return url;
  }

  /** The addresses to connect to: the IP literal, or every A and AAAA answer, all public. */
  async function addressesOf(url: URL, signal: AbortSignal, hop: UnsafeHop): Promise<string[]> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host)) return [host];
    const [v4, v6] = await untilAborted(Promise.all([dns.a(host), dns.aaaa(host)]), signal);
    const addresses = [v4, v6].flatMap(recordsOf);
    const refused = addresses.filter((address) => !isPublicAddress(address, allowCidrs));
    // The message reaches callers (problem details): it says that the name is not public, never
    // what it resolved to, which would map the service's internal network for them.
    if (refused.length) throw new UnsafeTargetError('address', url.href, `${host} resolves to an address that is not public`, hop);
    if (addresses.length) return addresses;
    throw dnsFailure(url, host, v4, v6);
  }

  function dnsFailure(url: URL, host: string, ...answers: DnsAnswer<string>[]): FetchFailure {
    const reasons = answers.map((answer) => (answer.ok ? 'nodata' : answer.reason));
    if (!reasons.includes('nxdomain') && reasons.some((reason) => reason === 'timeout' || reason === 'error')) {
      return new FetchFailure('dns_timeout', url.href, `DNS did not answer for ${host}`);
    }
    return new FetchFailure('dns_not_found', url.href, `${host} has no address (${reasons.join('/')})`);
  }

  async function safeFetch(
    url: string,
    {
      method = 'GET',
      headers = {},
      signal,
      timeoutMs = defaultTimeoutMs,
      maxBodyBytes = defaultMaxBodyBytes,
      accept = DEFAULT_ACCEPT,
      maxRedirects = defaultMaxRedirects,
      body: requestBody,
      readOnly = false,
      caller,
    }: FetchRequest = {},
  ): Promise<FetchResponse> {
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw new TypeError(`the safe fetcher sends GET, HEAD or POST, not ${method}`);
    if ((method === 'POST') !== (requestBody !== undefined)) throw new TypeError('the safe fetcher sends a body with POST and only with POST');
    const started = performance.now();
    const deadline = AbortSignal.timeout(timeoutMs);
    const aborted = eitherSignal(signal, deadline);
    const requestHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (!OWNED_HEADERS.has(name.toLowerCase())) requestHeaders[name.toLowerCase()] = value;
    Object.assign(requestHeaders, { accept, 'accept-encoding': 'gzip, deflate, br', 'user-agent': userAgent });

    const redirects: string[] = [];
    const setCookies: string[] = [];
    let current = checkUrl(url, 'input');

    /** Any error of a hop as a FetchFailure (unsafe targets pass through as they are). */
    function asFailure(error: unknown): FetchFailure | UnsafeTargetError | WorkRefused {
      if (error instanceof UnsafeTargetError || error instanceof FetchFailure || isWorkRefused(error)) return error;
      if (error instanceof RateLimited)
        return new FetchFailure('rate_limited', current.href, `${current.href}: ${error.message}`, { retryAfterMs: error.retryAfterMs });
      if (error instanceof TooManyCodings) return new FetchFailure('protocol', current.href, `${current.href}: ${error.message}`, { cause: error });
      const kind = aborted.aborted ? 'timeout' : failureKind(error);
      const what =
        kind === 'timeout' ? `no complete answer within ${timeoutMs} ms${signal?.aborted ? ' (aborted by the caller)' : ''}` : (error as Error).message;
      return new FetchFailure(kind, current.href, `${current.href}: ${what}`, { cause: error });
    }

    for (;;) {
      const host = current.hostname;
      const hopStarted = performance.now();
      let status: number | null = null;
      let reported = false;
      const report = (failure: FetchFailureKind | null) => {
        reported = true;
        try {
          onUpstream({ host, status, failure, elapsedMs: Math.round(performance.now() - hopStarted) });
        } catch {
          // An observer's failure is not the fetch's.
        }
      };
      let release: (() => void) | null = null;
      try {
        release = await hosts.enter(host, { signal: aborted, remainingMs: timeoutMs - (performance.now() - started) });
        const addresses = await addressesOf(current, aborted, redirects.length ? 'redirect' : 'input');
        const {
          status: answered,
          headers: rawHeaders,
          address,
          body,
          truncated,
        } = await transport(
          {
            origin: current.origin,
            addresses,
            path: `${current.pathname}${current.search}`,
            method,
            headers: requestHeaders,
            body: requestBody,
            repeatable: method !== 'POST' || readOnly,
            timeoutMs,
            maxBodyBytes,
            caller,
          },
          aborted,
        );
        status = answered;
        const { headers: responseHeaders, cookies } = flattenHeaders(rawHeaders);
        hosts.record(host, status, responseHeaders['retry-after']);
        setCookies.push(...cookies);
        if (isRedirect(status, rawHeaders)) {
          if (redirects.length >= maxRedirects) throw new FetchFailure('too_many_redirects', current.href, `more than ${maxRedirects} redirects`);
          report(null);
          redirects.push(current.href);
          current = checkUrl(resolveLocation(responseHeaders.location, current), 'redirect');
          if (method === 'POST' && status !== 307 && status !== 308) {
            method = 'GET';
            requestBody = undefined;
            delete requestHeaders['content-type'];
          }
          continue;
        }
        report(null);
        return {
          url: current.href,
          status,
          headers: responseHeaders,
          setCookies,
          content: new Fetched(body, { contentType: responseHeaders['content-type'] ?? '', truncated }),
          truncated,
          redirects,
          address,
          elapsedMs: Math.round(performance.now() - started),
        };
      } catch (error) {
        const failure = asFailure(error);
        if (failure instanceof FetchFailure && !reported) report(failure.kind);
        throw failure;
      } finally {
        release?.();
      }
    }
  }

  return safeFetch;
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

/** Lower-case names, repeated values joined; Set-Cookie kept apart (its values may contain commas). */
function flattenHeaders(raw: Record<string, string | string[] | undefined>): { headers: Record<string, string>; cookies: string[] } {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'set-cookie') cookies.push(...(Array.isArray(value) ? value : [value]));
    else headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { headers, cookies };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
