import { FetchFailure, UnsafeTargetError } from './errors.ts';

/**
 * What engines code against: the injected fetcher and DNS, their answers and failures. Engines
 * import from here (types and guards only) and receive the implementations from createNet.
 */

export type { Dns, DnsAnswer, DnsFailure, MxRecord } from './dns.ts';
export type { FetchRequest, FetchResponse, FetchResponse as SafeFetchResponse, SafeFetch } from './fetch.ts';
export type { FetchFailureKind, UnsafeReason } from './errors.ts';
export type { TextCache } from './text-cache.ts';
export { Fetched, EMPTY_FETCHED, isFetched, peekFetched, PEEK_MAX_BYTES } from './fetched.ts';
export { FetchFailure, UnsafeTargetError } from './errors.ts';

export function isFetchFailure(error: unknown): error is FetchFailure {
  return error instanceof FetchFailure;
}

export function isUnsafeTarget(error: unknown): error is UnsafeTargetError {
  return error instanceof UnsafeTargetError;
}
