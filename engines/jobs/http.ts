import type { Fetched } from '../net/fetched.ts';
import { isFetchFailure, isUnsafeTarget } from '../net/types.ts';
import { isUnanalysable } from '../parse/analysis.ts';
import {
  BoardUnreachable,
  type BoardAnswers,
  type BoardContext,
  type BoardPageSummary,
  type BoardRead,
  type BoardRef,
  type Provider,
  type ProviderClient,
} from './types.ts';

const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_MAX_BYTES = 8_000_000;
/**
 * A detail answer (one posting: Greenhouse's pay range, SmartRecruiters' job ad) is a few to a few
 * tens of KB; read past this it is a detail that cannot be read (the job keeps no pay range, the
 * SmartRecruiters read is partial). Every byte fetched costs the main thread (TLS, buffers, the
 * copy to a worker): 25 detail calls at the board cap were most of a board read's main-thread time.
 */
export const MAX_DETAIL_BYTES = 256 * 1024;

/**
 * GET a provider's answer: its content, sealed (the parse pool reads it: jobBoardPage, jobBoard),
 * or null when the board does not exist (404, 410, a host name that does not resolve); a detail
 * answer is read up to MAX_DETAIL_BYTES.
 * Anything else that is not a 2xx answer within the cap is a BoardUnreachable.
 */
export async function getAnswer(url: string, context: BoardContext, { detail = false }: { detail?: boolean } = {}): Promise<Fetched | null> {
  let response;
  try {
    response = await context.fetch(url, {
      timeoutMs: context.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: detail ? Math.min(MAX_DETAIL_BYTES, context.maxBodyBytes ?? DEFAULT_MAX_BYTES) : (context.maxBodyBytes ?? DEFAULT_MAX_BYTES),
      accept: 'application/json',
      signal: context.signal,
    });
  } catch (error) {
    // A board host that does not exist (Recruitee's {company}.recruitee.com) is a board that does not exist.
    if (isFetchFailure(error) && error.kind === 'dns_not_found') return null;
    if (isFetchFailure(error)) throw new BoardUnreachable(url, error.kind);
    if (isUnsafeTarget(error)) throw new BoardUnreachable(url, `unsafe target (${error.reason})`);
    throw error;
  }
  if (response.status === 404 || response.status === 410) return null;
  if (response.status < 200 || response.status > 299) throw new BoardUnreachable(url, `HTTP ${response.status}`);
  if (response.truncated) throw new BoardUnreachable(url, 'answer larger than the cap');
  return response.content;
}

/** An analysis of a board's answers that cannot end within the parse limits is a board that cannot be read (never retryable). */
async function analyzeBoard<T>(url: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    throw new BoardUnreachable(url, `the answer cannot be read within the parse limits (${error.message})`);
  }
}

/** What paging and detail calls need of one answer (parse pool: jobBoardPage); BoardUnreachable when it is not the documented JSON. */
export async function summarizeAnswer(url: string, provider: Provider, content: Fetched, context: BoardContext): Promise<BoardPageSummary & { cut: boolean }> {
  const summary = await analyzeBoard(url, () =>
    context.analyze('jobBoardPage', { provider, content, maxDetailCalls: context.maxDetailCalls ?? 25 }, { signal: context.signal }),
  );
  if (summary.error) throw new BoardUnreachable(url, summary.error);
  return summary;
}

/**
 * The board read from its answers (parse pool: jobBoard, which normalizes and tags every job off
 * the main thread); an answer cut to the bound sets context.cut (the read is partial).
 */
export async function readAnswers(input: BoardAnswers, context: BoardContext): Promise<BoardRead> {
  const url = input.pages[0]?.url ?? input.provider;
  const answer = await analyzeBoard(url, () => context.analyze('jobBoard', input, { signal: context.signal }));
  if (answer.cut && context.cut) context.cut.value = true;
  if (answer.unreachable) throw new BoardUnreachable(answer.unreachable.url, answer.unreachable.reason);
  return answer.read;
}

/** The client of a provider that answers with the whole board in one GET, at `urlOf` the board. */
export function wholeBoardClient(provider: Provider, urlOf: (ref: BoardRef, context: BoardContext) => string): ProviderClient {
  return {
    provider,
    async read(ref, context) {
      const url = urlOf(ref, context);
      const content = await getAnswer(url, context);
      return content === null ? null : readAnswers({ provider, slug: ref.slug, pages: [{ url, content }] }, context);
    },
  };
}

export const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);
