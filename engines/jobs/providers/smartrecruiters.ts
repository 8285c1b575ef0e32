/**
 * SmartRecruiters posting API: GET {base}/v1/companies/{CompanyId}/postings?limit=100&offset=N
 * ({offset, limit, totalFound, content}), company ids are case-sensitive. The list carries no
 * description: up to maxDetailCalls postings are read one by one (jobAd.sections, the
 * boilerplate companyDescription skipped); the others are tagged from their titles only.
 */
import { getAnswer, isObject, readAnswers, summarizeAnswer } from '../http.ts';
import { htmlText, makeJobs, salaryFromText, str, type RawJob } from '../text.ts';
import { workplaceFromFlags } from '../facts.ts';
import { BoardUnreachable, type BoardContext, type BoardRead, type BoardRef, type ProviderClient } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';
import type { Fetched } from '../../net/fetched.ts';

export const SMARTRECRUITERS_PAGE = 100;
const MAX_PAGES = 50;
const DETAIL_CONCURRENCY = 4;

export function smartRecruitersUrl(base: string, company: string, offset: number): string {
  return `${base}/v1/companies/${encodeURIComponent(company)}/postings?limit=${SMARTRECRUITERS_PAGE}&offset=${offset}`;
}

export function smartRecruitersDetailUrl(base: string, company: string, id: string): string {
  return `${base}/v1/companies/${encodeURIComponent(company)}/postings/${encodeURIComponent(id)}`;
}

/** The text of a posting detail: every jobAd section but the company description. */
export function detailText(detail: unknown): string {
  const sections = isObject(detail) && isObject(detail.jobAd) && isObject(detail.jobAd.sections) ? detail.jobAd.sections : {};
  return Object.entries(sections)
    .filter(([name, section]) => name !== 'companyDescription' && isObject(section))
    .map(([, section]) => `${section.title ?? ''}\n${htmlText(section.text)}`)
    .join('\n');
}

export function normalizeSmartRecruiters(company: string, postings: unknown[], texts: ReadonlyMap<string, string>, finder: TechnologyFinder): BoardRead {
  const items = postings.filter(isObject);
  const raws = items.map((posting): RawJob => {
    const location = isObject(posting.location) ? posting.location : {};
    const place = str(location.fullLocation) ?? [location.city, location.region, location.country].filter((p) => typeof p === 'string' && p).join(', ');
    const text = texts.get(String(posting.id)) ?? '';
    const employment = isObject(posting.typeOfEmployment) ? posting.typeOfEmployment : {};
    return {
      provider: 'smartrecruiters',
      nativeId: posting.id,
      title: posting.name,
      departments: [posting.department?.label ?? posting.function?.label],
      locations: [place],
      remote: location.remote === true,
      salary: text ? salaryFromText(text) : null,
      postedAt: posting.releasedDate,
      url: `https://jobs.smartrecruiters.com/${encodeURIComponent(str(posting.company?.identifier) ?? company)}/${encodeURIComponent(String(posting.id))}`,
      text,
      countries: [location.country],
      employmentType: employment.label ?? employment.id,
      workplace: workplaceFromFlags({ remote: location.remote, hybrid: location.hybrid }),
    };
  });
  return { jobs: makeJobs(raws, finder), companyName: str(items[0]?.company?.name), partial: false };
}

export const smartRecruiters: ProviderClient = {
  provider: 'smartrecruiters',
  async read(ref: BoardRef, context: BoardContext) {
    const base = context.config.smartrecruiters;
    const pages: { url: string; content: Fetched }[] = [];
    const firstIds: string[] = [];
    let postings = 0;
    let total = Infinity;
    let partial = false;
    for (let page = 0; page < MAX_PAGES && postings < total; page++) {
      const url = smartRecruitersUrl(base, ref.slug, page * SMARTRECRUITERS_PAGE);
      const content = await getAnswer(url, context);
      if (content === null) {
        if (page === 0) return null;
        return readAnswers({ provider: 'smartrecruiters', slug: ref.slug, pages }, context);
      }
      const summary = await summarizeAnswer(url, 'smartrecruiters', content, context);
      pages.push({ url, content });
      firstIds.push(...summary.detailIds);
      postings += summary.count;
      total = summary.total ?? postings;
      if (summary.count < SMARTRECRUITERS_PAGE) break;
      if (page === MAX_PAGES - 1) partial = true;
    }
    const details: { id: string; content: Fetched }[] = [];
    async function readDetails(queue: string[]) {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          const detail = await getAnswer(smartRecruitersDetailUrl(base, ref.slug, id), context, { detail: true });
          if (detail !== null) details.push({ id, content: detail });
        } catch (error) {
          if (!(error instanceof BoardUnreachable)) throw error;
          partial = true;
        }
      }
    }
    const queue = firstIds.slice(0, context.maxDetailCalls ?? 25);
    await Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, () => readDetails(queue)));
    const read = await readAnswers({ provider: 'smartrecruiters', slug: ref.slug, pages, details }, context);
    return partial ? { ...read, partial } : read;
  },
};
