/**
 * Greenhouse job board API: GET {base}/v1/boards/{token}/jobs?content=true&pay_transparency=true,
 * the whole board in one answer ({jobs, meta.total}); content is HTML escaped once more than usual.
 * Pay ranges (pay_input_ranges) come back only when pay_transparency=true is asked for: Greenhouse
 * documents the flag on the job detail call, and the list honours it on current boards. When the
 * list carries no pay range at all, up to maxDetailCalls jobs without a salary (newest first) are
 * read one by one, GET {base}/v1/boards/{token}/jobs/{id}?pay_transparency=true.
 */
import { getAnswer, isObject, readAnswers, summarizeAnswer } from '../http.ts';
import { doubleEscapedHtmlText, isoDate, makeJobs, mentionsRemote, salary, salaryFromText, str, type RawJob } from '../text.ts';
import { BoardUnreachable, type BoardContext, type BoardRead, type BoardRef, type ProviderClient, type Salary } from '../types.ts';
import type { TechnologyFinder } from '../../tech/keywords.ts';
import type { Fetched } from '../../net/fetched.ts';

const DETAIL_CONCURRENCY = 4;

export function greenhouseUrl(base: string, token: string): string {
  return `${base}/v1/boards/${encodeURIComponent(token)}/jobs?content=true&pay_transparency=true`;
}

export function greenhouseDetailUrl(base: string, token: string, id: string): string {
  return `${base}/v1/boards/${encodeURIComponent(token)}/jobs/${encodeURIComponent(id)}?pay_transparency=true`;
}

/** The first pay range of a job (or job detail) answer: cents to units, yearly as Greenhouse's are. */
export function payRange(job: unknown): Salary | null {
  const range = isObject(job) && Array.isArray(job.pay_input_ranges) ? job.pay_input_ranges.find(isObject) : undefined;
  return range ? salary(Number(range.min_cents) / 100, Number(range.max_cents) / 100, range.currency_type, 'year') : null;
}

/** A custom field (metadata) whose name matches, as text. */
function customField(metadata: Record<string, any>[], name: RegExp): string | null {
  const field = metadata.find((m) => typeof m.name === 'string' && name.test(m.name));
  return field ? str(Array.isArray(field.value) ? field.value.join(', ') : field.value) : null;
}

export function normalizeGreenhouse(body: unknown, finder: TechnologyFinder, ranges: ReadonlyMap<string, Salary> = new Map()): BoardRead {
  if (!isObject(body) || !Array.isArray(body.jobs)) throw new BoardUnreachable('greenhouse', 'no jobs array in the answer');
  const raws = body.jobs.filter(isObject).map((job): RawJob => {
    const text = doubleEscapedHtmlText(job.content);
    const offices = Array.isArray(job.offices) ? job.offices.filter(isObject).map((office) => str(office.name)) : [];
    const fields = Array.isArray(job.metadata) ? job.metadata.filter(isObject) : [];
    const metadata = fields.map((m) => (typeof m.value === 'string' ? m.value : '')).join(' ');
    return {
      provider: 'greenhouse',
      nativeId: job.id,
      title: job.title,
      departments: Array.isArray(job.departments) ? job.departments.filter(isObject).map((d) => d.name) : [],
      locations: [job.location?.name, ...offices],
      remote: mentionsRemote(job.location?.name, ...offices, metadata, job.title),
      salary: payRange(job) ?? ranges.get(String(job.id)) ?? salaryFromText(text),
      postedAt: job.first_published ?? job.updated_at,
      url: job.absolute_url,
      text,
      employmentType: customField(fields, /^(employment|job|contract) ?type$|^commitment$/i),
      workplace: customField(fields, /^(workplace|work ?place|location|remote) ?(type|policy)?$/i),
    };
  });
  const first = body.jobs.find(isObject);
  return {
    jobs: makeJobs(raws, finder),
    companyName: str(first?.company_name),
    partial: typeof body.meta?.total === 'number' && body.meta.total > body.jobs.length,
  };
}

/** Job ids worth a detail call: none when the list carries pay ranges (it honoured the flag); else jobs without a salary, newest first. */
export function detailCandidates(body: unknown, max: number): string[] {
  const jobs = isObject(body) && Array.isArray(body.jobs) ? body.jobs.filter(isObject) : [];
  if (max <= 0 || jobs.some((job) => payRange(job))) return [];
  const posted = (job: Record<string, any>) => Date.parse(isoDate(job.first_published ?? job.updated_at) ?? '') || 0;
  return jobs
    .filter((job) => (typeof job.id === 'number' || typeof job.id === 'string') && !salaryFromText(doubleEscapedHtmlText(job.content)))
    .sort((a, b) => posted(b) - posted(a))
    .slice(0, max)
    .map((job) => String(job.id));
}

export const greenhouse: ProviderClient = {
  provider: 'greenhouse',
  async read(ref: BoardRef, context: BoardContext) {
    const base = context.config.greenhouse;
    const url = greenhouseUrl(base, ref.slug);
    const content = await getAnswer(url, context);
    if (content === null) return null;
    const details: { id: string; content: Fetched }[] = [];
    async function readDetails(queue: string[]) {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          const detail = await getAnswer(greenhouseDetailUrl(base, ref.slug, id), context, { detail: true });
          if (detail) details.push({ id, content: detail });
        } catch (error) {
          // A detail that cannot be read leaves that job without a pay range; the board itself was read.
          if (!(error instanceof BoardUnreachable)) throw error;
        }
      }
    }
    const queue = [...(await summarizeAnswer(url, 'greenhouse', content, context)).detailIds];
    await Promise.all(Array.from({ length: Math.min(DETAIL_CONCURRENCY, queue.length) }, () => readDetails(queue)));
    return readAnswers({ provider: 'greenhouse', slug: ref.slug, pages: [{ url, content }], details }, context);
  },
};
