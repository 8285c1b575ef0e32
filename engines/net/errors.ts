import type { UrlProblem } from './target.ts';

/**
 * The two ways a fetch fails. UnsafeTargetError: the target (or a redirect hop) is one the
 * service must not reach; it maps to unsafe_or_invalid_target. FetchFailure: a target that may
 * be reached could not be (it maps to an `unreachable` result). A public target that times out
 * or refuses is always a FetchFailure.
 */

/** A URL problem of target.ts, or `address`: the IP literal or a DNS answer is not public. */
export type UnsafeReason = UrlProblem | 'address';

export class UnsafeTargetError extends Error {
  readonly code = 'unsafe_or_invalid_target';
  constructor(readonly reason: UnsafeReason, readonly url: string, message: string) {
    super(message);
    this.name = 'UnsafeTargetError';
  }
}

export type FetchFailureKind = 'dns_not_found' | 'dns_timeout' | 'connect' | 'timeout' | 'tls' | 'protocol' | 'too_many_redirects';

export class FetchFailure extends Error {
  constructor(readonly kind: FetchFailureKind, readonly url: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FetchFailure';
  }
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL', 'EPIPE']);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', 'ABORT_ERR', 'UND_ERR_ABORTED']);

/** The kind of a network error from undici, node:net/tls or zlib (anything unknown is `protocol`). */
export function failureKind(error: unknown): Exclude<FetchFailureKind, 'dns_not_found' | 'dns_timeout' | 'too_many_redirects'> {
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
