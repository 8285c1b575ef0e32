/**
 * Greenhouse job board API: GET {base}/v1/boards/{token}/jobs?content=true, the whole board in
 * one answer ({jobs, meta.total}); content is HTML escaped once more than usual.
 */
import { getJson, isObject } from '../http.ts';
import { doubleEscapedHtmlText, makeJobs, mentionsRemote, salary, salaryFromText, str, type RawJob } from '../text.ts';
import { BoardUnreachable, type BoardContext, type BoardRead, type BoardRef, type ProviderClient } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';

export function greenhouseUrl(base: string, token: string): string {
  return `${base}/v1/boards/${encodeURIComponent(token)}/jobs?content=true`;
}

export function normalizeGreenhouse(body: unknown, finder: TechnologyFinder): BoardRead {
  if (!isObject(body) || !Array.isArray(body.jobs)) throw new BoardUnreachable('greenhouse', 'no jobs array in the answer');
  const raws = body.jobs.filter(isObject).map((job): RawJob => {
    const text = doubleEscapedHtmlText(job.content);
    const offices = Array.isArray(job.offices) ? job.offices.filter(isObject).map((office) => str(office.name)) : [];
    const metadata = Array.isArray(job.metadata) ? job.metadata.filter(isObject).map((m) => (typeof m.value === 'string' ? m.value : '')).join(' ') : '';
    const range = Array.isArray(job.pay_input_ranges) ? job.pay_input_ranges.find(isObject) : undefined;
    return {
      provider: 'greenhouse',
      nativeId: job.id,
      title: job.title,
      departments: Array.isArray(job.departments) ? job.departments.filter(isObject).map((d) => d.name) : [],
      locations: [job.location?.name, ...offices],
      remote: mentionsRemote(job.location?.name, ...offices, metadata, job.title),
      salary: range ? salary(Number(range.min_cents) / 100, Number(range.max_cents) / 100, range.currency_type, 'year') : salaryFromText(text),
      postedAt: job.first_published ?? job.updated_at,
      url: job.absolute_url,
      text,
    };
  });
  const first = body.jobs.find(isObject);
  return { jobs: makeJobs(raws, finder), companyName: str(first?.company_name), partial: typeof body.meta?.total === 'number' && body.meta.total > body.jobs.length };
}

export const greenhouse: ProviderClient = {
  provider: 'greenhouse',
  async read(ref: BoardRef, context: BoardContext) {
    const body = await getJson(greenhouseUrl(context.config.greenhouse, ref.slug), context);
    return body === null ? null : normalizeGreenhouse(body, context.finder);
  },
};
