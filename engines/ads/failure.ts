/**
 * The registry could not be read. Never a "no ads" answer: a block page, a 429 or a redirect to
 * a challenge says nothing about the domain's ads. The service answers it with 502 engine_failed
 * (retryable, nothing charged).
 */
export type AdsFailureReason =
  /** 429 Too Many Requests. */
  | 'rate_limited'
  /** A redirect (the registry's RPC never redirects; blocks redirect to a "sorry" challenge). */
  | 'challenge'
  /** An HTML or other non-JSON answer where JSON was due (the block page, with or without 429). */
  | 'block_page'
  /** Another non-2xx status (403, 5xx...). */
  | 'http_status'
  /** The registry refused the request itself ({"2": "...BadRequestException", "5": 400}). */
  | 'bad_request'
  /** JSON, but not the shape of a creative search answer. */
  | 'unexpected_answer'
  /** The network: DNS, connect, TLS, timeout. */
  | 'network';

export class AdsRegistryFailure extends Error {
  constructor(
    readonly reason: AdsFailureReason,
    readonly url: string,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AdsRegistryFailure';
  }
}

export function isAdsRegistryFailure(error: unknown): error is AdsRegistryFailure {
  return error instanceof AdsRegistryFailure;
}
