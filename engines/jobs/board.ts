/**
 * A job board's answers to a board read, as the parse pool's tasks (engines/parse/tasks.ts)
 * turn them into facts: the few numbers and ids the main thread needs to go on paging and asking
 * for details (summarizeBoardPage), and the normalized, tagged jobs of the whole read
 * (readBoardAnswers). Up to 1,000 stranger-written jobs per answer are normalized and tagged here,
 * never on the main thread, which receives the compact BoardRead.
 */
import { isObject } from './http.ts';
import { detailCandidates, normalizeGreenhouse, payRange } from './providers/greenhouse.ts';
import { normalizeLever } from './providers/lever.ts';
import { normalizeAshby } from './providers/ashby.ts';
import { normalizeWorkable } from './providers/workable.ts';
import { normalizeRecruitee } from './providers/recruitee.ts';
import { detailText, normalizeSmartRecruiters } from './providers/smartrecruiters.ts';
import type { BoardPageSummary, BoardRead, Provider, Salary } from './types.ts';
import type { TechnologyFinder } from '../tech/keywords.ts';

/**
 * What of a board's answer is read: 1,000 items per list (a page of Lever or SmartRecruiters is
 * 100; a board answered in one list of more is read in part, and the read says so: partial),
 * strings cut past what the job text readers take (MAX_JOB_TEXT x 4), 32 levels of nesting.
 */
export const BOARD_JSON_BOUND = { maxItems: 1_000, maxChars: 80_000, maxDepth: 32 } as const;

export function summarizeBoardPage(provider: Provider, body: unknown, { maxDetailCalls = 25 }: { maxDetailCalls?: number } = {}): BoardPageSummary {
  const summary: BoardPageSummary = { error: null, count: 0, total: null, detailIds: [] };
  switch (provider) {
    case 'greenhouse':
      return { ...summary, detailIds: detailCandidates(body, maxDetailCalls) };
    case 'lever':
      return Array.isArray(body) ? { ...summary, count: body.length } : { ...summary, error: 'the answer is not an array of postings' };
    case 'smartrecruiters':
      if (!isObject(body) || !Array.isArray(body.content)) return { ...summary, error: 'no content array in the answer' };
      return {
        ...summary,
        count: body.content.length,
        total: typeof body.totalFound === 'number' ? body.totalFound : null,
        detailIds: body.content
          .filter(isObject)
          .slice(0, Math.max(0, maxDetailCalls))
          .map((posting) => String(posting.id)),
      };
    default:
      return summary;
  }
}

/** A detail answer read for the board: its id, and its JSON value (undefined when it is not JSON). */
export interface BoardDetail {
  id: string;
  value: unknown;
}

/**
 * The board read from its answers: `pages` the list answers in order (one for the boards answered
 * whole), `details` the detail answers that exist (Greenhouse pay ranges, SmartRecruiters texts; a
 * SmartRecruiters detail that is not JSON makes the read partial, as one that cannot be fetched).
 * Throws BoardUnreachable when the answer is not the documented JSON.
 */
export function readBoardAnswers(provider: Provider, slug: string, pages: unknown[], details: BoardDetail[], finder: TechnologyFinder): BoardRead {
  switch (provider) {
    case 'greenhouse': {
      const ranges = new Map<string, Salary>();
      for (const { id, value } of details) {
        const range = payRange(value);
        if (range) ranges.set(id, range);
      }
      return normalizeGreenhouse(pages[0], finder, ranges);
    }
    case 'lever':
      return normalizeLever(pages as unknown[][], finder);
    case 'ashby':
      return normalizeAshby(pages[0], finder);
    case 'workable':
      return normalizeWorkable(pages[0], finder);
    case 'recruitee':
      return normalizeRecruitee(pages[0], finder);
    case 'smartrecruiters': {
      const postings = pages.flatMap((page) => (isObject(page) && Array.isArray(page.content) ? page.content : []));
      const texts = new Map<string, string>();
      let partial = false;
      for (const { id, value } of details) {
        if (value === undefined) partial = true;
        else if (value !== null) texts.set(id, detailText(value));
      }
      const read = normalizeSmartRecruiters(slug, postings, texts, finder);
      return partial ? { ...read, partial } : read;
    }
  }
}
