/**
 * Workable widget API: GET {base}/api/v1/widget/accounts/{account}?details=true, the whole board
 * in one answer ({name, description, jobs}). The v3 list is a POST, which the safe fetcher does
 * not make; the widget is the one read.
 */
import { isObject, wholeBoardClient } from '../http.ts';
import { htmlText, makeJobs, salaryFromText, str, type RawJob } from '../text.ts';
import { workplaceType } from '../facts.ts';
import { BoardUnreachable, type BoardRead, type ProviderClient } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';

export function workableUrl(base: string, account: string): string {
  return `${base}/api/v1/widget/accounts/${encodeURIComponent(account)}?details=true`;
}

function place(parts: unknown[]): string | null {
  const text = parts.filter((p): p is string => typeof p === 'string' && !!p.trim()).join(', ');
  return text || null;
}

export function normalizeWorkable(body: unknown, finder: TechnologyFinder): BoardRead {
  if (!isObject(body) || !Array.isArray(body.jobs)) throw new BoardUnreachable('workable', 'no jobs array in the answer');
  const raws = body.jobs.filter(isObject).map((job): RawJob => {
    const listed = Array.isArray(job.locations) ? job.locations.filter((l) => isObject(l) && l.hidden !== true) : [];
    const locations = listed.length ? listed.map((l) => place([l.city, l.region, l.country])) : [place([job.city, job.state, job.country])];
    const text = `${htmlText(job.description)}\n${htmlText(job.requirements)}`;
    return {
      provider: 'workable',
      nativeId: job.shortcode ?? job.id,
      title: job.title,
      departments: [job.department],
      locations,
      remote: job.telecommuting === true || job.remote === true || job.workplace === 'remote',
      salary: salaryFromText(text),
      postedAt: job.published_on ?? job.published ?? job.created_at,
      url: job.url ?? job.shortlink ?? job.application_url,
      text,
      countries: listed.length ? listed.map((l) => l.countryCode ?? l.country) : [job.countryCode ?? job.country],
      employmentType: job.employment_type,
      workplace: workplaceType(job.workplace) ?? (job.telecommuting === true || job.remote === true ? 'remote' : null),
    };
  });
  return { jobs: makeJobs(raws, finder), companyName: str(body.name), partial: false };
}

export const workable: ProviderClient = wholeBoardClient('workable', (ref, context) => workableUrl(context.config.workable, ref.slug));
