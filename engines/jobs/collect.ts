/**
 * collectJobs: a company's board and its open jobs, normalized. Discovery (discover.ts), the
 * provider clients (providers/), and a per-board cache: until next_poll_after a call is answered
 * from the cache with no upstream call at all. Pure over the injected fetch, clock and cache.
 */
import type { ExpiringCache } from '../cache.ts';
import type { SafeFetch } from '../net/types.ts';
import type { Analyze } from '../parse/types.ts';
import { DEFAULT_JOBS_CONFIG, type JobsConfig } from './config.ts';
import { isGenericName, nameCandidates, nameLabel, scanSite, type ScanOptions } from './discover.ts';
import { CLIENTS } from './providers/index.ts';
import { boardKey, BoardUnreachable, type BoardContext, type BoardRead, type BoardRef, type Job } from './types.ts';

export type JobsStatus = 'ok' | 'no_open_jobs' | 'unreachable' | 'not_found';
export type BoardMatch = 'careers_page_link' | 'name_match';

/** Where boards and discoveries are kept between calls. */
export type JobsCache = ExpiringCache;

export interface CollectDeps {
  fetch: SafeFetch;
  /** Reads the company's pages and the boards' answers off the main thread (the parse pool). */
  analyze: Analyze;
  now: () => Date;
  cache?: JobsCache | null;
  signal?: AbortSignal;
}

export interface CollectOptions extends ScanOptions {
  config?: JobsConfig;
  boardTimeoutMs?: number;
  maxBoardBytes?: number;
  maxDetailCalls?: number;
  /** How long which board a domain has is remembered (a board itself is re-read after config.pollIntervalMs). */
  discoveryTtlMs?: number;
}

export interface JobsCollection {
  domain: string;
  status: JobsStatus;
  board: BoardRef | null;
  match: BoardMatch | null;
  confidence: 'high' | 'unverified' | null;
  /** A name-only match on a common word (GENERIC_BOARD_NAMES): reported, status not_found. */
  generic: boolean;
  /** Every open job of the board (not capped). */
  jobs: Job[];
  companyName: string | null;
  /** The provider said it has more jobs than were read (pages cap, meta.total). */
  partial: boolean;
  /** When the board was read, and when reading it again is worth it (both null without a board). */
  fetchedAt: string | null;
  nextPollAfter: string | null;
  fromCache: boolean;
  note: string | null;
}

interface CachedDiscovery {
  board: BoardRef;
  match: BoardMatch;
}

interface CachedBoard {
  read: BoardRead;
  fetchedAt: string;
  nextPollAfter: string;
}

/** Cache keys of a domain's discovered board and of a board's last read (also read by the advisor's cached_hint). */
export const DISCOVERY_KEY = (domain: string) => `discovery:${domain}`;
export const BOARD_KEY = (ref: BoardRef) => `board:${boardKey(ref)}`;

export function boardUrl(ref: BoardRef): string {
  switch (ref.provider) {
    case 'greenhouse':
      return `https://boards.greenhouse.io/${ref.slug}`;
    case 'lever':
      return `https://jobs${ref.region === 'eu' ? '.eu' : ''}.lever.co/${ref.slug}`;
    case 'ashby':
      return `https://jobs.ashbyhq.com/${ref.slug}`;
    case 'workable':
      return `https://apply.workable.com/${ref.slug}`;
    case 'smartrecruiters':
      return `https://jobs.smartrecruiters.com/${ref.slug}`;
    case 'recruitee':
      return ref.host ? `https://${ref.host}/` : `https://${ref.slug}.recruitee.com/`;
  }
}

export async function collectJobs(
  domain: string,
  deps: CollectDeps,
  {
    config = DEFAULT_JOBS_CONFIG,
    boardTimeoutMs = 8_000,
    maxBoardBytes = 8_000_000,
    maxDetailCalls = 25,
    discoveryTtlMs = 24 * 3_600_000,
    ...scan
  }: CollectOptions = {},
): Promise<JobsCollection> {
  const context: BoardContext = {
    fetch: deps.fetch,
    analyze: deps.analyze,
    config,
    signal: deps.signal,
    timeoutMs: boardTimeoutMs,
    maxBodyBytes: maxBoardBytes,
    maxDetailCalls,
  };
  const cache = deps.cache ?? null;
  const label = nameLabel(domain);

  function result(status: JobsStatus, fields: Partial<JobsCollection> = {}): JobsCollection {
    return {
      domain,
      status,
      board: null,
      match: null,
      confidence: null,
      generic: false,
      jobs: [],
      companyName: null,
      partial: false,
      fetchedAt: null,
      nextPollAfter: null,
      fromCache: false,
      note: null,
      ...fields,
    };
  }

  function found(
    { board, match }: CachedDiscovery,
    { read, fetchedAt, nextPollAfter }: CachedBoard,
    { fromCache = false, notes = [] }: { fromCache?: boolean; notes?: string[] } = {},
  ): JobsCollection {
    const generic = match === 'name_match' && isGenericName(label);
    const status: JobsStatus = generic ? 'not_found' : read.jobs.length ? 'ok' : 'no_open_jobs';
    const own = [...notes];
    if (generic)
      own.unshift(
        `Only a board named "${board.slug}" on ${board.provider} was found, and "${label}" is a common word: it may be another company's board. Its jobs are shown for reference; this answer is not charged.`,
      );
    else if (match === 'name_match')
      own.unshift(
        `The board was found by name only (${boardUrl(board)}); the website does not link to it.${read.companyName ? ` The board names the company "${read.companyName}".` : ''}`,
      );
    if (read.partial) own.push('The provider lists more jobs than could be read; the figures cover the jobs read.');
    if (fromCache) own.push(`Served from the board read at ${fetchedAt}; calling again before next_poll_after returns the same board.`);
    return result(status, {
      board,
      match,
      confidence: match === 'careers_page_link' ? 'high' : 'unverified',
      generic,
      jobs: read.jobs,
      companyName: read.companyName,
      partial: read.partial,
      fetchedAt,
      nextPollAfter,
      fromCache,
      note: own.length ? own.join(' ') : null,
    });
  }

  /** A provider's read of the board, partial when an answer was cut to the bound. */
  async function readCut(board: BoardRef): Promise<BoardRead | null> {
    const cut = { value: false };
    const read = await CLIENTS[board.provider].read(board, { ...context, cut });
    return read && cut.value ? { ...read, partial: true } : read;
  }

  /** The board's read as kept in the cache: when it was read, and when reading it again is worth it. */
  async function keep(board: BoardRef, read: BoardRead): Promise<CachedBoard> {
    const at = deps.now().getTime();
    const fetched = { read, fetchedAt: new Date(at).toISOString(), nextPollAfter: new Date(at + config.pollIntervalMs).toISOString() };
    if (cache) await cache.set(BOARD_KEY(board), fetched, at + config.pollIntervalMs);
    return fetched;
  }

  async function readBoard(board: BoardRef): Promise<CachedBoard | null> {
    const read = await readCut(board);
    return read ? keep(board, read) : null;
  }

  async function remember(board: BoardRef, match: BoardMatch) {
    if (cache)
      await cache.set(
        DISCOVERY_KEY(domain),
        { board, match } satisfies CachedDiscovery,
        deps.now().getTime() + Math.max(discoveryTtlMs, config.pollIntervalMs),
      );
  }

  // 1. A board found for this domain earlier: while its read is fresh no upstream call, else only the board is read again.
  if (cache) {
    const known = (await cache.get(DISCOVERY_KEY(domain))) as CachedDiscovery | null;
    if (known) {
      const cached = (await cache.get(BOARD_KEY(known.board))) as CachedBoard | null;
      if (cached) return found(known, cached, { fromCache: true });
      try {
        const fresh = await readBoard(known.board);
        if (fresh) return found(known, fresh);
      } catch (error) {
        if (!(error instanceof BoardUnreachable)) throw error;
        return result('unreachable', {
          board: known.board,
          match: known.match,
          confidence: known.match === 'careers_page_link' ? 'high' : 'unverified',
          note: `The board could not be read (${error.message}). Nothing was charged.`,
        });
      }
    }
  }

  // 2. Boards the company's own pages link to or embed.
  const site = await scanSite(domain, deps, { ...scan, signal: deps.signal });
  const notes: string[] = [];
  if (site.homeFailure) notes.push(`The website could not be read (${site.homeFailure}).`);
  if (site.unanalysable.length) notes.push(`Some pages could not be analysed within the parse limits: ${site.unanalysable.join(', ')}.`);
  const failures: string[] = [];
  for (const board of site.boards) {
    try {
      const fresh = await readBoard(board);
      if (!fresh) continue;
      await remember(board, 'careers_page_link');
      return found({ board, match: 'careers_page_link' }, fresh, { notes });
    } catch (error) {
      if (!(error instanceof BoardUnreachable)) throw error;
      failures.push(error.message);
    }
  }
  if (failures.length) {
    return result('unreachable', {
      board: site.boards[0],
      match: 'careers_page_link',
      confidence: 'high',
      note: [...notes, `The website links to a board that could not be read (${failures.join('; ')}). Nothing was charged.`].join(' '),
    });
  }
  if (site.boards.length) notes.push(`The website links to ${site.boards.map(boardUrl).join(', ')}, which does not exist.`);

  // 3. The domain's first label as a board name on every provider; an empty board proves nothing.
  const candidates = label.length >= 2 ? nameCandidates(label) : [];
  const reads = await Promise.allSettled(candidates.map((board) => readCut(board)));
  const guessFailures: string[] = [];
  for (let index = 0; index < candidates.length; index++) {
    const outcome = reads[index];
    if (outcome.status === 'rejected') {
      if (!(outcome.reason instanceof BoardUnreachable)) throw outcome.reason;
      guessFailures.push(outcome.reason.message);
      continue;
    }
    const read = outcome.value;
    if (!read || !read.jobs.length) continue;
    const board = candidates[index];
    const fetched = await keep(board, read);
    await remember(board, 'name_match');
    return found({ board, match: 'name_match' }, fetched, { notes });
  }
  if (guessFailures.length) {
    return result('unreachable', {
      note: [
        ...notes,
        `No board was found on the website, and some providers could not be asked for a board named "${label}" (${guessFailures.join('; ')}). Nothing was charged.`,
      ].join(' '),
    });
  }
  return result('not_found', {
    note: [
      ...notes,
      `No job board was found: the website links to none of the six providers, and none has a board named "${label}" with open jobs. Nothing was charged.`,
    ].join(' '),
  });
}
