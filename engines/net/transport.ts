import { buildConnector, Pool } from 'undici';
import { createSecureContext, rootCertificates } from 'node:tls';
import { readBody } from './body.ts';
import { failureKind } from './errors.ts';

/**
 * The safe fetcher's wire (fetch.ts decides where to go; this goes there): one request to an
 * origin at one of its checked addresses, the answer's status and headers, and its body read
 * under the fetch's caps into shared memory (body.ts). Every byte a stranger's server sends,
 * framing, TLS and compression included, is handled here, so the service runs this on a thread
 * of its own (server/net-thread/), never on the thread that answers callers; engine tests run it
 * in-thread.
 *
 * Connections are kept open between hops and calls (keep-alive), by origin *and* checked address:
 * a request reuses a connection only to an address its own DNS answer just allowed, so reuse
 * skips the TLS handshake and never the check. A body cut at the cap closes its connection. At
 * most `maxIdleOrigins` origins keep connections; a connection idles at most `keepAliveMs`.
 */

export interface TransportRequest {
  /** scheme://host[:port] of the URL (the Host header, SNI and the certificate name). */
  origin: string;
  /** Checked addresses, tried in order while connecting fails. */
  addresses: string[];
  /** Path and query. */
  path: string;
  method: 'GET' | 'HEAD' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Safe to send again (GET, HEAD, a POST that only reads) when a kept connection closes under it before any answer. */
  repeatable: boolean;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Whose hop this is: a shared transport (the net thread) serves callers fairly. */
  caller?: string;
}

export interface TransportResponse {
  status: number;
  /** As undici gives them: lower-case names, a repeated header as an array. */
  headers: Record<string, string | string[] | undefined>;
  /** The address that answered. */
  address: string;
  /** Decoded body (empty for HEAD and for a redirect), at most maxBodyBytes, in shared memory. */
  body: Uint8Array;
  truncated: boolean;
}

export type Transport = (request: TransportRequest, signal: AbortSignal) => Promise<TransportResponse>;

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** An answer the fetcher follows, so its body is not read. */
export const isRedirect = (status: number, headers: TransportResponse['headers']) => REDIRECT_STATUSES.has(status) && !!headers.location;

export interface SocketTransportOptions {
  /** URL port → socket port (the offline test world only). */
  portMap?: Readonly<Record<number, number>>;
  /** An extra PEM trust anchor, added to Node's default CAs. */
  caPem?: string | null;
  connectTimeoutMs?: number;
  /** Origins (each with its checked address) that keep open connections; the least recently used closes first. */
  maxIdleOrigins?: number;
  /** How long an idle connection stays open, whatever the server's Keep-Alive says (0: a connection per request). */
  keepAliveMs?: number;
}

/** At most this many checked addresses are tried when connecting fails. */
const MAX_ADDRESSES = 3;
/** A redirect's body is read (to keep its connection) up to this size; a longer one closes the connection. */
const REDIRECT_BODY_DRAIN_BYTES = 64 * 1024;
/** Connections per origin and address: the host gate (host-limits.ts) admits fewer at a time by default. */
const CONNECTIONS_PER_ORIGIN = 8;
const EMPTY = new Uint8Array(new SharedArrayBuffer(0));

export function createSocketTransport({
  portMap = {},
  caPem = null,
  connectTimeoutMs = 8000,
  maxIdleOrigins = 256,
  keepAliveMs = 4_000,
}: SocketTransportOptions = {}): Transport {
  // One context for every connection: a `ca` list given per connection is parsed again each time
  // (about 140 roots), which costs more than the handshake itself.
  const secureContext = caPem ? createSecureContext({ ca: [...rootCertificates, caPem] }) : undefined;
  /** Pools by origin and checked address, in recency order (the first is the least recently used). */
  const pools = new Map<string, Pool>();

  /** Connections for one origin whose every socket goes to `address` (on the mapped port in the test world). */
  function pinnedPool(origin: string, address: string): Pool {
    const connector = buildConnector({
      secureContext,
      timeout: connectTimeoutMs,
      maxCachedSessions: 0,
      // net.connect never resolves an IP host; should that change, nothing resolves behind our back.
      lookup: (_hostname: string, _options: unknown, callback: (error: Error) => void) =>
        callback(new Error('the safe fetcher connects to checked addresses only')),
    } as buildConnector.BuildOptions);
    function connectPinned(options: buildConnector.Options, callback: buildConnector.Callback) {
      const urlPort = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      // hostname is the socket's address; host (the URL's) still gives SNI and the certificate name.
      return connector({ ...options, hostname: address, port: String(portMap[urlPort] ?? urlPort) }, callback);
    }
    return new Pool(origin, {
      connect: connectPinned,
      connections: CONNECTIONS_PER_ORIGIN,
      pipelining: keepAliveMs > 0 ? 1 : 0,
      keepAliveTimeout: Math.max(1, keepAliveMs),
      keepAliveMaxTimeout: Math.max(1, keepAliveMs),
    });
  }

  /** The open pool for this origin and address, or a new one (closing the least recently used past maxIdleOrigins). */
  function poolFor(origin: string, address: string): Pool {
    const key = `${origin} ${address}`;
    const kept = pools.get(key);
    pools.delete(key);
    if (kept && !kept.closed && !kept.destroyed) {
      pools.set(key, kept);
      return kept;
    }
    const pool = pinnedPool(origin, address);
    pools.set(key, pool);
    for (const [oldKey, old] of pools) {
      if (pools.size <= maxIdleOrigins) break;
      pools.delete(oldKey);
      // Requests still running on it finish first.
      old.close().catch(() => {});
    }
    return pool;
  }

  /**
   * The request, on the first checked address that accepts a connection. A kept connection the
   * server closed as the request went out fails before any answer: a repeatable request (GET,
   * HEAD, a POST that only reads) is sent once more.
   */
  async function send({ origin, addresses, path, method, headers, body, repeatable, timeoutMs }: TransportRequest, signal: AbortSignal) {
    const candidates = addresses.slice(0, MAX_ADDRESSES);
    let resent = false;
    for (let index = 0; ;) {
      try {
        const response = await poolFor(origin, candidates[index]).request({
          path,
          method,
          headers,
          signal,
          body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        return { address: candidates[index], response };
      } catch (error) {
        if (signal.aborted) throw error;
        if (!resent && repeatable && (error as { code?: string })?.code === 'UND_ERR_SOCKET') {
          resent = true;
          continue;
        }
        if (index + 1 >= candidates.length || failureKind(error) !== 'connect') throw error;
        index += 1;
      }
    }
  }

  return async function socketTransport(request, signal) {
    const { address, response } = await send(request, signal);
    try {
      const headers = response.headers as TransportResponse['headers'];
      if (isRedirect(response.statusCode, headers)) {
        await response.body.dump({ limit: REDIRECT_BODY_DRAIN_BYTES, signal }).catch(() => {});
        return { status: response.statusCode, headers, address, body: EMPTY, truncated: false };
      }
      const contentEncoding = headers['content-encoding'];
      const { body, truncated } = await readBody(response.body, {
        contentEncoding: Array.isArray(contentEncoding) ? contentEncoding.join(', ') : contentEncoding,
        maxBytes: request.maxBodyBytes,
        signal,
      });
      return { status: response.statusCode, headers, address, body, truncated };
    } finally {
      // Read to its end, the connection is kept; cut short (the cap, a failure), this closes it.
      if (!response.body.destroyed) response.body.on('error', () => {}).destroy();
    }
  };
}
