/**
 * Ashby posting API: GET {base}/posting-api/job-board/{board}?includeCompensation=true, the whole
 * board in one answer ({apiVersion, jobs}); unlisted postings are dropped.
 */
import { isObject, wholeBoardClient } from '../http.ts';
import { htmlText, makeJobs, salary, salaryInterval, str, type RawJob } from '../text.ts';
import { BoardUnreachable, type BoardRead, type ProviderClient } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';

export function ashbyUrl(base: string, board: string): string {
  return `${base}/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`;
}

function ashbySalary(compensation: unknown) {
  const components = isObject(compensation) && Array.isArray(compensation.summaryComponents) ? compensation.summaryComponents.filter(isObject) : [];
  const pay = components.find((c) => c.compensationType === 'Salary') ?? components.find((c) => /salary|hourly/i.test(String(c.compensationType)));
  return pay ? salary(pay.minValue, pay.maxValue, pay.currencyCode, salaryInterval(pay.interval)) : null;
}

export function normalizeAshby(body: unknown, finder: TechnologyFinder): BoardRead {
  if (!isObject(body) || !Array.isArray(body.jobs)) throw new BoardUnreachable('ashby', 'no jobs array in the answer');
  const raws = body.jobs
    .filter((job): job is Record<string, any> => isObject(job) && job.isListed !== false)
    .map((job): RawJob => {
      const secondary = Array.isArray(job.secondaryLocations) ? job.secondaryLocations.filter(isObject).map((l) => l.location) : [];
      const country = isObject(job.address?.postalAddress) ? str(job.address.postalAddress.addressCountry) : null;
      return {
        provider: 'ashby',
        nativeId: job.id,
        title: job.title,
        departments: [job.department ?? job.team],
        locations: [job.location, ...secondary],
        remote: job.isRemote === true || String(job.workplaceType).toLowerCase() === 'remote',
        salary: ashbySalary(job.compensation),
        postedAt: job.publishedAt,
        url: job.jobUrl,
        text: typeof job.descriptionPlain === 'string' ? job.descriptionPlain : htmlText(job.descriptionHtml),
        countries: country ? [country] : [],
        employmentType: job.employmentType,
        workplace: job.workplaceType,
      };
    });
  return { jobs: makeJobs(raws, finder), companyName: null, partial: false };
}

export const ashby: ProviderClient = wholeBoardClient('ashby', (ref, context) => ashbyUrl(context.config.ashby, ref.slug));
