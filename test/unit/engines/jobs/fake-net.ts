/** An injected fetch over a table of URL -> answer, for the jobs engine's unit tests (no sockets). */
import { Fetched, FetchFailure, UnsafeTargetError, type FetchResponse, type SafeFetch } from '../../../../engines/net/types.ts';

export type Answer = { status?: number; json?: unknown; html?: string } | 'dns_not_found' | 'timeout' | 'unsafe' | 'unsafe_redirect';

export function response(url: string, status: number, text: string): FetchResponse {
  return {
    url,
    status,
    headers: {},
    setCookies: [],
    content: new Fetched(Buffer.from(text)),
    truncated: false,
    redirects: [],
    address: '203.0.113.7',
    elapsedMs: 1,
  };
}

/** Unknown URLs answer 404; hosts of `missingHosts` do not resolve. */
export function fakeFetch(routes: Record<string, Answer | ((url: string) => Answer)>, { missingHosts = [] as string[] } = {}): SafeFetch & { calls: string[] } {
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(url);
    const route = routes[url];
    const answer = typeof route === 'function' ? route(url) : route;
    if (answer === 'dns_not_found' || (!answer && missingHosts.includes(new URL(url).hostname))) throw new FetchFailure('dns_not_found', url, 'no such name');
    if (answer === 'timeout') throw new FetchFailure('timeout', url, 'timed out');
    if (answer === 'unsafe') throw new UnsafeTargetError('address', url, 'private address', 'input');
    if (answer === 'unsafe_redirect')
      throw new UnsafeTargetError('address', 'https://backend.internal/', 'backend.internal resolves to an address that is not public', 'redirect');
    if (!answer) return response(url, 404, 'not found');
    return response(url, answer.status ?? 200, answer.html ?? JSON.stringify(answer.json ?? null));
  }) as SafeFetch & { calls: string[] };
  fetch.calls = calls;
  return fetch;
}
