import { isFetchFailure, isUnsafeTarget } from '../net/types.ts';
import { isUnanalysable } from '../parse/types.ts';
import { BoardUnreachable, type BoardContext } from './types.ts';

const DEFAULT_TIMEOUT_MS = 8_000;
const DEFAULT_MAX_BYTES = 8_000_000;
/**
 * What of a board's answer reaches the provider clients (on the main thread, which normalizes each
 * job): 1,000 items per list (a page of Lever or SmartRecruiters is 100; a board answered in one
 * list of more is read in part, and the read says so: partial), strings cut past what the job text
 * readers take (MAX_JOB_TEXT x 4), 32 levels of nesting.
 */
export const BOARD_JSON_BOUND = { maxItems: 1_000, maxChars: 80_000, maxDepth: 32 } as const;

/**
 * GET a provider's JSON: the parsed body, or null when the board does not exist (404, 410, a
 * host name that does not resolve).
 * Anything else that is not a 2xx JSON answer is a BoardUnreachable.
 */
export async function getJson(url: string, context: BoardContext): Promise<unknown | null> {
  let response;
  try {
    response = await context.fetch(url, {
      timeoutMs: context.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBodyBytes: context.maxBodyBytes ?? DEFAULT_MAX_BYTES,
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
  let read: { value: unknown; cut: boolean };
  try {
    // A board's size is the board owner's choice: parsed in the parse pool, bounded on the way back.
    read = await context.analyze('boundedJson', { content: response.content, bound: BOARD_JSON_BOUND }, { signal: context.signal });
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    throw new BoardUnreachable(url, `the answer cannot be read within the parse limits (${error.message})`);
  }
  if (read.value === undefined) throw new BoardUnreachable(url, 'the answer is not JSON');
  if (read.cut && context.cut) context.cut.value = true;
  return read.value;
}

export const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);
