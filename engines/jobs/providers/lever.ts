/**
 * Lever postings API: GET {base}/v0/postings/{site}?mode=json&skip=N&limit=100, a bare array per
 * page, read until a short page. EU tenants live on their own host (config leverEu). Site names
 * keep their case.
 */
import { getAnswer, isObject, readAnswers, summarizeAnswer } from '../http.ts';
import { htmlText, makeJobs, mentionsRemote, salary, salaryInterval, str, strings, type RawJob } from '../text.ts';
import { BoardUnreachable, type BoardContext, type BoardRead, type BoardRef, type ProviderClient } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';
import type { Fetched } from '../../net/fetched.ts';

export const LEVER_PAGE = 100;
const MAX_PAGES = 50;

export function leverUrl(base: string, site: string, skip: number, limit = LEVER_PAGE): string {
  return `${base}/v0/postings/${encodeURIComponent(site)}?mode=json&skip=${skip}&limit=${limit}`;
}

function leverRaw(posting: Record<string, any>): RawJob {
  const categories = isObject(posting.categories) ? posting.categories : {};
  const lists = Array.isArray(posting.lists) ? posting.lists.filter(isObject).map((list) => `${list.text ?? ''} ${htmlText(list.content)}`) : [];
  const text = [posting.descriptionPlain ?? htmlText(posting.description), ...lists, posting.additionalPlain ?? htmlText(posting.additional)]
    .filter((part) => typeof part === 'string')
    .join('\n');
  const locations = strings(categories.allLocations).length ? strings(categories.allLocations) : strings(categories.location);
  const workplace = typeof posting.workplaceType === 'string' ? posting.workplaceType.toLowerCase() : '';
  const range = isObject(posting.salaryRange) ? posting.salaryRange : null;
  return {
    provider: 'lever',
    nativeId: posting.id,
    title: posting.text,
    departments: [categories.department ?? categories.team],
    locations,
    remote:
      workplace === 'remote' || (workplace !== 'on-site' && workplace !== 'onsite' && workplace !== 'hybrid' && mentionsRemote(...locations, posting.text)),
    salary: range ? salary(range.min, range.max, range.currency, salaryInterval(range.interval)) : null,
    postedAt: posting.createdAt,
    url: posting.hostedUrl,
    text,
    countries: strings(posting.country),
    employmentType: categories.commitment,
    workplace: posting.workplaceType,
  };
}

export function normalizeLever(pages: unknown[][], finder: TechnologyFinder): BoardRead {
  return { jobs: makeJobs(pages.flat().filter(isObject).map(leverRaw), finder), companyName: null, partial: false };
}

export const lever: ProviderClient = {
  provider: 'lever',
  async read(ref: BoardRef, context: BoardContext) {
    const base = ref.region === 'eu' ? context.config.leverEu : context.config.lever;
    const pages: { url: string; content: Fetched }[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = leverUrl(base, ref.slug, page * LEVER_PAGE);
      const content = await getAnswer(url, context);
      if (content === null) {
        if (page === 0) return null;
        return readAnswers({ provider: 'lever', slug: ref.slug, pages }, context);
      }
      const { count } = await summarizeAnswer(url, 'lever', content, context);
      pages.push({ url, content });
      if (count < LEVER_PAGE) break;
    }
    const read = await readAnswers({ provider: 'lever', slug: ref.slug, pages }, context);
    return { ...read, partial: pages.length === MAX_PAGES };
  },
};
