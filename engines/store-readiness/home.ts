/**
 * Reaching a store: its home page (https, then www., then http) and any other file, through the
 * safe fetcher under the caller's deadline. A file that does not answer is a value (its failure),
 * never an exception; only a home page whose own URL the service must not reach throws (the
 * caller's input, refused as such).
 */
import type { SafeFetch, SafeFetchResponse } from '../net/types.ts';
import { EMPTY_FETCHED, isFetchFailure, isUnsafeTarget, pageFailureKind } from '../net/types.ts';
import type { StoreFile } from './discovery.ts';
import { withinDeadline } from '../net/deadline.ts';

export interface Reach {
  /** A fetch under the shared deadline: each one capped at `timeoutMs` and the time left. */
  get(url: string, options: { accept: string; maxBytes: number }): Promise<SafeFetchResponse>;
  /** The same, as a StoreFile that says why it failed instead of throwing. */
  file(url: string, options: { accept: string; maxBytes: number }): Promise<StoreFile>;
  signal: AbortSignal;
}

export function createReach(
  fetch: SafeFetch,
  { signal, started = Date.now(), deadlineMs, timeoutMs }: { signal: AbortSignal; started?: number; deadlineMs: number; timeoutMs: number },
): Reach {
  function get(url: string, { accept, maxBytes }: { accept: string; maxBytes: number }) {
    const left = Math.max(100, deadlineMs - (Date.now() - started));
    return fetch(url, { signal, timeoutMs: Math.min(timeoutMs, left), maxBodyBytes: maxBytes, accept, maxRedirects: 5 });
  }
  async function file(url: string, options: { accept: string; maxBytes: number }): Promise<StoreFile> {
    try {
      const response = await get(url, options);
      return {
        url: response.url,
        status: response.status,
        contentType: response.headers['content-type'] ?? '',
        content: response.content,
        truncated: response.truncated,
        failure: null,
      };
    } catch (error) {
      if (isFetchFailure(error)) return { url, status: null, contentType: '', content: EMPTY_FETCHED, truncated: false, failure: error.kind };
      if (isUnsafeTarget(error)) return { url, status: null, contentType: '', content: EMPTY_FETCHED, truncated: false, failure: 'unsafe redirect' };
      throw error;
    }
  }
  return { get, file, signal };
}

export type HomeReading = { ok: true; response: SafeFetchResponse } | { ok: false; reason: string };

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

/** The first of https://domain/, https://www.domain/ and http://domain/ that answers below 400. */
export async function fetchHome(domain: string, reach: Reach, { maxBytes = 2_000_000 }: { maxBytes?: number } = {}): Promise<HomeReading> {
  const bare = domain.replace(/^www\./, '');
  const candidates = [`https://${domain}/`, ...(domain === bare ? [`https://www.${bare}/`] : []), `http://${domain}/`];
  const failures: string[] = [];
  let missing = 0;
  let answered: string | null = null;
  for (const url of candidates) {
    try {
      const response = await reach.get(url, { accept: HTML_ACCEPT, maxBytes });
      if (response.status < 400) return { ok: true, response };
      answered ??= `${domain} answered HTTP ${response.status} (${url})`;
      failures.push(`${url}: HTTP ${response.status}`);
    } catch (error) {
      const kind = pageFailureKind(error);
      if (kind === 'dns_not_found') missing += 1;
      failures.push(`${url}: ${kind}`);
      if (reach.signal.aborted) break;
    }
  }
  if (answered) return { ok: false, reason: answered };
  if (missing === candidates.length) return { ok: false, reason: `${domain} does not exist in DNS (no address)` };
  return { ok: false, reason: `${domain} could not be reached (${failures.join('; ')})` };
}

export interface StoreReading<T> {
  /** The answer when no home page candidate answered below 400 (fetchHome's reason). */
  unreachable(reason: string): T;
  /** The rest of the reading, with the home page and the reach its other files go through. */
  read(home: SafeFetchResponse, reach: Reach): Promise<T>;
}

/** A store read under one deadline (`name` is in its abort reason): the home page first, then the rest. */
export function readStore<T>(
  domain: string,
  fetch: SafeFetch,
  { signal, name, deadlineMs, timeoutMs, maxBytes }: { signal?: AbortSignal; name: string; deadlineMs: number; timeoutMs: number; maxBytes: number },
  { unreachable, read }: StoreReading<T>,
): Promise<T> {
  return withinDeadline(deadlineMs, { signal, name }, async (scope) => {
    const reach = createReach(fetch, { signal: scope, deadlineMs, timeoutMs });
    const home = await fetchHome(domain, reach, { maxBytes });
    return home.ok ? read(home.response, reach) : unreachable(home.reason);
  });
}
