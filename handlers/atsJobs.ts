import { aggregateJobs, jobItem, jobsDiff, type Job } from '../engines/jobs/index.ts';
import type { components } from '../generated/types.ts';
import { listCeilings } from '../server/contract.ts';
import { ServiceError } from '../server/problem.ts';
import { collectBoard } from './jobsBoard.ts';
import { nextSteps } from './nextSteps.ts';
import type { OperationHandler } from './types.ts';

type AtsJobsResult = components['schemas']['AtsJobsResult'];
type JobItem = components['schemas']['JobItem'];

/** The most jobs one answer lists (AtsJobsResult.jobs maxItems). */
export const MAX_JOBS = listCeilings.AtsJobsResult.jobs;
/** The listed jobs of one answer may take this many bytes of JSON (documented on AtsJobsResult). */
export const MAX_JOBS_BYTES = 512 * 1024;

const newestFirst = (a: Job, b: Job) => (b.posted_at ?? '').localeCompare(a.posted_at ?? '') || (a.job_id < b.job_id ? -1 : a.job_id > b.job_id ? 1 : 0);

/** As many items as fit in the byte budget (JSON of the array). */
function fitting(items: JobItem[], budget: number): JobItem[] {
  let bytes = 2;
  for (let index = 0; index < items.length; index++) {
    bytes += Buffer.byteLength(JSON.stringify(items[index])) + (index ? 1 : 0);
    if (bytes > budget) return items.slice(0, index);
  }
  return items;
}

/** POST /v1/ats-jobs (MCP get_company_open_jobs). */
export const atsJobs: OperationHandler<'atsJobs'> = async ({ domain, known_job_ids, diff_only }, context) => {
  const board = await collectBoard(domain, context);
  const hasBoardJobs = board.status === 'ok' || board.status === 'no_open_jobs' || board.generic;
  const all = [...board.jobs].sort(newestFirst);
  const diff = known_job_ids && hasBoardJobs ? jobsDiff(all, known_job_ids) : null;
  const newIds = diff && diff_only ? new Set(diff.new_job_ids) : null;
  const wanted = newIds ? all.filter((job) => newIds.has(job.job_id)) : all;
  let listed = wanted.slice(0, MAX_JOBS).map(jobItem);
  const bytes = Buffer.byteLength(JSON.stringify(listed));
  if (bytes > MAX_JOBS_BYTES) {
    if (!diff_only) {
      throw new ServiceError('engine_result_too_large', {
        detail: `The ${listed.length} jobs of this answer take ${bytes} bytes of JSON, over the ${MAX_JOBS_BYTES}-byte limit. Send the job ids you have as known_job_ids with diff_only: true to receive only new jobs. Nothing was charged.`,
      });
    }
    listed = fitting(listed, MAX_JOBS_BYTES);
  }
  const result: AtsJobsResult = {
    domain,
    status: board.status,
    ats_type: board.board?.provider ?? null,
    board_slug: board.board?.slug ?? null,
    confidence: board.confidence,
    board_match: board.match,
    ...aggregateJobs(all),
    diff,
    jobs: listed,
    jobs_returned: listed.length,
    jobs_truncated: listed.length < wanted.length,
    note: board.note,
    checked_at: context.now().toISOString(),
    next_poll_after: board.nextPollAfter,
  };
  if (result.status === 'ok') result.next_steps = nextSteps(domain, ['company-intent', 'tech-stack', 'search-ads', 'company-profile']);
  return result;
};
