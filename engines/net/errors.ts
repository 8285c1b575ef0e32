import type { UrlProblem } from './target.ts';

/**
 * The two ways a fetch fails. UnsafeTargetError: the target (or a redirect hop) is one the
 * service must not reach. FetchFailure: a target that may be reached could not be (it maps to an
 * `unreachable` result). A public target that times out or refuses is always a FetchFailure.
 *
 * Whose fault an unsafe target is depends on where it came from, so the error says (`hop`): the
 * URL the fetcher was given (`input`), which an engine refuses as the caller's input when that
 * URL is the caller's (400 unsafe_or_invalid_target), or a Location a site answered (`redirect`),
 * which is the site's doing: the page could not be reached, like any failed page (see
 * pageFailureKind in types.ts).
 */

/** A URL problem of target.ts, or `address`: the IP literal or a DNS answer is not public. */
export type UnsafeReason = UrlProblem | 'address';

/** `input`: the URL the fetcher was given; `redirect`: where a site's redirect led. */
export type UnsafeHop = 'input' | 'redirect';

export class UnsafeTargetError extends Error {
  readonly code = 'unsafe_or_invalid_target';
  constructor(
    readonly reason: UnsafeReason,
    readonly url: string,
    message: string,
    readonly hop: UnsafeHop = 'input',
  ) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}

/**
 * `rate_limited`: the host asked the service to wait (429, or 503 with Retry-After) until after
 * this request's deadline, so nothing was sent; like the others it means the upstream is not
 * available now. Its `retryAfterMs` says how long the wait still is.
 */
export type FetchFailureKind = 'dns_not_found' | 'dns_timeout' | 'connect' | 'timeout' | 'tls' | 'protocol' | 'too_many_redirects' | 'rate_limited';

export class FetchFailure extends Error {
  /** rate_limited only: how long until the host may be asked again. */
  readonly retryAfterMs: number | null;
  constructor(
    readonly kind: FetchFailureKind,
    readonly url: string,
    message: string,
    { retryAfterMs = null, ...options }: { cause?: unknown; retryAfterMs?: number | null } = {},
  ) {
    super(message, options);
    this.name = 'FetchFailure';
    this.retryAfterMs = retryAfterMs;
  }
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL', 'EPIPE']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ABORT_ERR', 'UND_ERR_ABORTED']);

/** The kind of a network error from undici, node:net/tls or zlib (anything unknown is `protocol`). */
export function failureKind(error: unknown): Exclude<FetchFailureKind, 'dns_not_found' | 'dns_timeout' | 'too_many_redirects' | 'rate_limited'> {
  const { code = '', name = '' } = (error ?? {}) as { code?: string; name?: string };
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (name === 'AbortError' || name === 'TimeoutError' || TIMEOUT_CODES.has(code)) return 'timeout';
  if (CONNECT_CODES.has(code)) return 'connect';
  if (code === 'EPROTO' || /^ERR_(TLS|SSL)_/.test(code) || /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|SIGNATURE|ISSUER/.test(code)) return 'tls';
  // undici wraps socket errors (other side closed, reset) with the original as the cause.
  if (cause && cause !== error) {
    const inner = failureKind(cause);
    if (inner !== 'protocol') return inner;
  }
  return 'protocol';
}
