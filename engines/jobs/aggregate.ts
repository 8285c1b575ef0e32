/**
 * Aggregates over every open job of a board (also when the answer lists only 300) and the diff
 * against known job ids.
 */
import type { components } from '../../generated/types.ts';
import type { Job, JobItem } from './types.ts';
import { countryCodesOf } from './facts.ts';

export type JobsDiff = components['schemas']['JobsDiff'];

export const TOP = 10;
export const NO_DEPARTMENT = 'unassigned';

/** Counts as a map, largest first (ties by name), at most `limit` entries. */
export function topCounts(counts: Map<string, number>, limit = Infinity): Record<string, number> {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return Object.fromEntries(sorted.slice(0, limit));
}

/** Each distinct value of each job counted once for that job. */
export function countValues(jobs: readonly Job[], values: (job: Job) => readonly string[], empty?: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of jobs) {
    const own = values(job);
    if (!own.length && empty) counts.set(empty, (counts.get(empty) ?? 0) + 1);
    for (let i = 0; i < own.length; i++) {
      if (i > 0 && own.indexOf(own[i]) < i) continue;
      counts.set(own[i], (counts.get(own[i]) ?? 0) + 1);
    }
  }
  return counts;
}

export interface JobAggregates {
  total_active_jobs: number;
  remote_jobs: number;
  jobs_with_salary: number;
  jobs_by_department: Record<string, number>;
  top_locations: Record<string, number>;
  top_technologies: Record<string, number>;
}

export function aggregateJobs(jobs: readonly Job[]): JobAggregates {
  let remote = 0;
  let withSalary = 0;
  for (const job of jobs) {
    if (job.remote) remote++;
    if (job.salary && (job.salary.min !== null || job.salary.max !== null)) withSalary++;
  }
  return {
    total_active_jobs: jobs.length,
    remote_jobs: remote,
    jobs_with_salary: withSalary,
    jobs_by_department: topCounts(countValues(jobs, (job) => job.departments, NO_DEPARTMENT)),
    top_locations: topCounts(
      countValues(jobs, (job) => job.locations),
      TOP,
    ),
    top_technologies: topCounts(
      countValues(jobs, (job) => job.technologies),
      TOP,
    ),
  };
}

/** new: open now and not known; closed: known and no longer open; unchanged: known and still open. */
export function jobsDiff(jobs: readonly Job[], known: readonly string[]): JobsDiff {
  const knownSet = new Set(known);
  const open = new Set(jobs.map((job) => job.job_id));
  const newIds = jobs.filter((job) => !knownSet.has(job.job_id)).map((job) => job.job_id);
  const closed = [...knownSet].filter((id) => !open.has(id));
  return { new_job_ids: newIds, closed_job_ids: closed, unchanged_count: open.size - newIds.length };
}

/** The job item of the answer; countries as ISO codes, whatever spelling the cached read holds. */
export function jobItem(job: Job): JobItem {
  return { ...job, countries: countryCodesOf(job.countries ?? []) };
}
