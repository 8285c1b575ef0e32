/**
 * The registry's RPC as search-ads calls it: the home page visit for its cookies, and POSTed
 * searches and lookups whose answers are read in the parse pool. Any answer that is not the
 * registry's JSON of its kind throws AdsRegistryFailure.
 */
import { isFetchFailure, isUnsafeTarget, type Fetched, type FetchFailure, type FetchResponse, type SafeFetch } from '../net/types.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { AnswerFacts, AnswerRead } from './answers.ts';
import type { AdsConfig } from './config.ts';
import type { CookieJar } from './cookies.ts';
import { AdsRegistryFailure } from './failure.ts';
import { formBody, type AdsFilters } from './rpc.ts';

const MAX_BODY_BYTES = 4_000_000;

/** What a registry answer said, when it is the registry's JSON of its kind. */
export type ReadAnswer = Extract<AnswerFacts, { ok: true }>;

export interface RegistryDeps {
  fetch: SafeFetch;
  /** Reads the registry's answers off the main thread (the parse pool's adsAnswer task). */
  analyze: Analyze;
  now: () => Date;
  signal?: AbortSignal;
  config: AdsConfig;
  /** The cookies the RPC is called with; every answer's are kept in it. */
  jar: CookieJar;
}

export interface Registry {
  /** The registry's base URL. */
  base: string;
  /**
   * The home page, for the cookies the RPC is called with. Best effort: the RPC decides the
   * outcome, except when the visit already shows a block (429, a "sorry" challenge) or the
   * registry does not answer in time.
   */
  visitHome(region: AdsFilters['region']): Promise<void>;
  /** One RPC answer, sealed, and what it says. */
  post(path: string, request: Record<string, unknown>, read: AnswerRead): Promise<{ content: Fetched; facts: ReadAnswer }>;
  /** What an answer already received says (read in the parse pool). */
  readAnswer(url: string, content: Fetched, read: AnswerRead, answered: { status: number; contentType?: string }): Promise<ReadAnswer>;
}

export function createRegistry({ fetch, analyze, now, signal, config, jar }: RegistryDeps): Registry {
  const base = config.registryUrl;

  async function visitHome(region: AdsFilters['region']): Promise<void> {
    const url = `${base}/?region=${region ?? 'anywhere'}`;
    let response: FetchResponse;
    try {
      response = await fetch(url, { timeoutMs: config.timeoutMs, signal, maxBodyBytes: 1_000_000, maxRedirects: 3 });
    } catch (error) {
      if (isFetchFailure(error) && error.kind === 'timeout')
        throw new AdsRegistryFailure('network', url, `the registry did not answer in time: ${error.message}`, null, { cause: error });
      if (isFetchFailure(error) && error.kind === 'rate_limited') throw backedOff(url, error);
      if (isFetchFailure(error) || isUnsafeTarget(error)) return;
      throw error;
    }
    jar.store(response.setCookies, now().getTime());
    if (response.redirects.length && isChallenge(response.url))
      throw new AdsRegistryFailure('challenge', url, `the registry's home page redirected to a challenge (${response.url})`);
    if (response.status === 429) rejectStatus(url, response);
  }

  async function readAnswer(
    url: string,
    content: Fetched,
    read: AnswerRead,
    { status, contentType = 'no content type' }: { status: number; contentType?: string },
  ): Promise<ReadAnswer> {
    let facts: AnswerFacts;
    try {
      facts = await analyze('adsAnswer', { content, read }, { signal });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
      throw new AdsRegistryFailure('unexpected_answer', url, `the registry's answer cannot be read within the parse limits (${error.message})`);
    }
    if (facts.ok) return facts;
    if (facts.reason === 'not_json')
      throw new AdsRegistryFailure(
        'block_page',
        url,
        `the registry answered ${status} with a ${content.size}-byte ${contentType} page instead of JSON (a block page)`,
      );
    throw new AdsRegistryFailure(facts.reason, url, facts.detail);
  }

  async function post(path: string, request: Record<string, unknown>, read: AnswerRead): Promise<{ content: Fetched; facts: ReadAnswer }> {
    const url = `${base}${path}`;
    const cookie = jar.header(now().getTime());
    const response = await reach(url, () =>
      fetch(url, {
        method: 'POST',
        // Searches and lookups: reads, safe to send again on a fresh connection.
        readOnly: true,
        body: formBody(request),
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          origin: base,
          referer: `${base}/`,
          'x-same-domain': '1',
          ...(cookie ? { cookie } : {}),
        },
        accept: 'application/json, text/plain, */*',
        // The RPC never redirects; a block redirects to a "sorry" challenge.
        maxRedirects: 0,
        timeoutMs: config.timeoutMs,
        maxBodyBytes: MAX_BODY_BYTES,
        signal,
      }),
    );
    jar.store(response.setCookies, now().getTime());
    rejectStatus(url, response);
    if (response.truncated) throw new AdsRegistryFailure('unexpected_answer', url, `the registry's answer is larger than ${MAX_BODY_BYTES} bytes`);
    return {
      content: response.content,
      facts: await readAnswer(url, response.content, read, { status: response.status, contentType: response.headers['content-type'] }),
    };
  }

  return { base, visitHome, post, readAnswer };
}

/** The fetch, with network failures as AdsRegistryFailure (a redirect the RPC refused to follow is a challenge). */
async function reach(url: string, request: () => Promise<FetchResponse>): Promise<FetchResponse> {
  try {
    return await request();
  } catch (error) {
    if (isFetchFailure(error) && error.kind === 'too_many_redirects')
      throw new AdsRegistryFailure('challenge', url, 'the registry redirected the search (a block redirects to a challenge)', null, { cause: error });
    if (isFetchFailure(error) && error.kind === 'rate_limited') throw backedOff(url, error);
    if (isFetchFailure(error))
      throw new AdsRegistryFailure('network', url, `the registry could not be reached (${error.kind}): ${error.message}`, null, { cause: error });
    if (isUnsafeTarget(error))
      throw new AdsRegistryFailure('network', url, `the registry's address is not one the service reaches (${error.reason})`, null, { cause: error });
    throw error;
  }
}

/** The fetcher held the request back: the registry asked for a pause (an earlier 429) that outlasts this call. */
function backedOff(url: string, error: FetchFailure): AdsRegistryFailure {
  const seconds = error.retryAfterMs !== null ? Math.ceil(error.retryAfterMs / 1000) : null;
  return new AdsRegistryFailure(
    'rate_limited',
    url,
    `the registry is rate-limiting the service (an earlier 429${seconds !== null ? `, retry after ${seconds} s` : ''}); it was not asked again`,
    seconds,
    { cause: error },
  );
}

function rejectStatus(url: string, response: FetchResponse): void {
  const { status } = response;
  if (status === 429) {
    const retryAfter = retryAfterSeconds(response.headers['retry-after']);
    throw new AdsRegistryFailure(
      'rate_limited',
      url,
      `the registry is rate-limiting the service (429${retryAfter !== null ? `, retry after ${retryAfter} s` : ''})`,
      retryAfter,
    );
  }
  if (status >= 300 && status < 400) throw new AdsRegistryFailure('challenge', url, `the registry answered ${status} (a redirect to a challenge)`);
  if (status < 200 || status > 299) throw new AdsRegistryFailure('http_status', url, `the registry answered HTTP ${status}`);
}

function isChallenge(url: string): boolean {
  try {
    return /\/sorry\b/.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

function retryAfterSeconds(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
