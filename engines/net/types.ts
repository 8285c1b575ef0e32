import { FetchFailure, UnsafeTargetError, type FetchFailureKind } from './errors.ts';

/**
 * What engines code against: the injected fetcher and DNS, their answers and failures. Engines
 * import from here (types and guards only) and receive the implementations from createNet.
 */

export type { Dns, DnsAnswer, DnsFailure, MxRecord } from './dns.ts';
export { recordsOf } from './dns.ts';
export type { FetchRequest, FetchResponse, FetchResponse as SafeFetchResponse, SafeFetch } from './fetch.ts';
export type { FetchFailureKind, UnsafeHop, UnsafeReason } from './errors.ts';
export type { TextCache } from './text-cache.ts';
export { Fetched, EMPTY_FETCHED, isFetched, peekFetched, PEEK_MAX_BYTES } from './fetched.ts';
export { FetchFailure, UnsafeTargetError } from './errors.ts';

export function isFetchFailure(error: unknown): error is FetchFailure {
  return error instanceof FetchFailure;
}

export function isUnsafeTarget(error: unknown): error is UnsafeTargetError {
  return error instanceof UnsafeTargetError;
}

/** Why a page did not answer: a failure of the wire, or a redirect to where the service does not go. */
export type PageFailureKind = FetchFailureKind | 'unsafe_redirect';

/**
 * The one rule for a fetch of the page an operation was asked about (its home page, the URL
 * given): a failure, or a redirect to an address the service does not reach, is the site's and
 * the operation answers its free non-ok status with this kind; an unsafe URL as given is the
 * caller's and is thrown on, to be refused as its input (handlers/unsafeInput.ts), as is any
 * other error. Links a page leads to are not the caller's input: engines skip those when unsafe.
 */
export function pageFailureKind(error: unknown): PageFailureKind {
  if (error instanceof FetchFailure) return error.kind;
  if (error instanceof UnsafeTargetError && error.hop === 'redirect') return 'unsafe_redirect';
  throw error;
}
