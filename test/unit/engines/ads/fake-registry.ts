/**
 * A SafeFetch stand-in for the ads engine's unit tests: the world registry's answers
 * (answerRpc: the search and the two lookups) without sockets, with the safe fetcher's redirect rule (a 3xx with Location
 * beyond maxRedirects is a too_many_redirects failure) and hooks to change single answers.
 */
import { FetchFailure, type FetchRequest, type FetchResponse, type SafeFetch, Fetched } from '../../../../engines/net/types.ts';
import { answerRpc, registryListings, type RegistryAnswer } from '../../../world/fixtures/ads-registry.ts';
import { readFormBody } from '../../../../engines/ads/rpc.ts';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The f.req JSON of a search. */
  search: Record<string, any> | null;
  /** The f.req JSON of a lookup (GetCreativeById, GetAdvertiserById). */
  lookup: Record<string, any> | null;
}

export interface FakeRegistry {
  fetch: SafeFetch;
  requests: RecordedRequest[];
  searches: () => Record<string, any>[];
  /** The lookups, as "GetCreativeById" / "GetAdvertiserById" and their f.req JSON. */
  lookups: () => { method: string; request: Record<string, any> }[];
  homeVisits: () => number;
}

type Override = (request: RecordedRequest) => RegistryAnswer | Error | undefined;

const HOME: RegistryAnswer = { status: 200, headers: { 'content-type': 'text/html' }, body: '<html></html>' };

export function fakeRegistry({
  override,
  home = () => HOME,
  base = 'https://adstransparency.google.com',
}: { override?: Override; home?: () => RegistryAnswer | Error; base?: string } = {}): FakeRegistry {
  const requests: RecordedRequest[] = [];
  const listings = registryListings();

  async function fetch(url: string, { method = 'GET', headers = {}, body, maxRedirects = 5 }: FetchRequest = {}): Promise<FetchResponse> {
    const isSearch = url.startsWith(`${base}/anji/_/rpc/SearchService/`);
    const request = method === 'POST' && body !== undefined ? readFormBody(body) : null;
    const recorded: RecordedRequest = { url, method, headers, search: isSearch ? request : null, lookup: isSearch ? null : request };
    requests.push(recorded);
    let answer: RegistryAnswer | Error | undefined = override?.(recorded);
    if (!answer) {
      if (method === 'GET' && new URL(url).pathname === '/') answer = home();
      else if (url.startsWith(base) && method === 'POST') answer = answerRpc(new URL(url).pathname, request, listings);
      answer ??= { status: 404, headers: {}, body: 'not found' };
    }
    if (answer instanceof Error) throw answer;
    if (answer.status >= 300 && answer.status < 400 && answer.headers.location && maxRedirects === 0) {
      throw new FetchFailure('too_many_redirects', url, 'more than 0 redirects');
    }
    const buffer = Buffer.from(answer.body);
    const setCookie = answer.headers['set-cookie'];
    return {
      url,
      status: answer.status,
      headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'set-cookie')),
      setCookies: setCookie ? [setCookie] : [],
      content: new Fetched(buffer, { contentType: answer.headers['content-type'] ?? '' }),
      truncated: false,
      redirects: [],
      address: '127.0.0.1',
      elapsedMs: 1,
    };
  }

  return {
    fetch,
    requests,
    searches: () => requests.filter((request) => request.search).map((request) => request.search!),
    lookups: () =>
      requests.filter((request) => request.lookup).map((request) => ({ method: new URL(request.url).pathname.split('/').pop()!, request: request.lookup! })),
    homeVisits: () => requests.filter((request) => request.method === 'GET').length,
  };
}
