import { decimal, settings, url, type Env } from '../config/env.ts';

/**
 * Where the six providers' public board APIs live, from the environment only (like NET_* in
 * engines/net/config.ts): nothing in a request can change them. The defaults are the providers'
 * documented public hosts; the JOBS_*_URL variables exist for mirrors and stay unset in
 * production (the offline test world serves the real host names through its own DNS).
 */
export interface JobsConfig {
  /** JOBS_GREENHOUSE_URL: boards API, `{base}/v1/boards/{token}/jobs`. */
  greenhouse: string;
  /** JOBS_LEVER_URL: postings API, `{base}/v0/postings/{site}`. */
  lever: string;
  /** JOBS_LEVER_EU_URL: the same API for EU tenants. */
  leverEu: string;
  /** JOBS_ASHBY_URL: `{base}/posting-api/job-board/{board}`. */
  ashby: string;
  /** JOBS_WORKABLE_URL: `{base}/api/v1/widget/accounts/{account}`. */
  workable: string;
  /** JOBS_SMARTRECRUITERS_URL: `{base}/v1/companies/{id}/postings`. */
  smartrecruiters: string;
  /** JOBS_RECRUITEE_URL: a template with {company}: `{base}/api/offers/`. */
  recruitee: string;
  /** JOBS_POLL_HOURS: how long a board read is kept and next_poll_after is ahead (1 to 168, default 6). */
  pollIntervalMs: number;
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  leverEu: 'https://api.eu.lever.co',
  ashby: 'https://api.ashbyhq.com',
  workable: 'https://apply.workable.com',
  smartrecruiters: 'https://api.smartrecruiters.com',
  recruitee: 'https://{company}.recruitee.com',
  pollIntervalMs: 6 * 3_600_000,
};

const boardApi = (provider: string, key: keyof Omit<JobsConfig, 'pollIntervalMs'>, placeholder?: string) =>
  url({ default: DEFAULT_JOBS_CONFIG[key], placeholder, meaning: `${provider} job-board API base (a mirror)` });

const JOBS_SETTINGS = settings({
  greenhouse: ['JOBS_GREENHOUSE_URL', boardApi('Greenhouse', 'greenhouse')],
  lever: ['JOBS_LEVER_URL', boardApi('Lever', 'lever')],
  leverEu: ['JOBS_LEVER_EU_URL', boardApi('Lever EU', 'leverEu')],
  ashby: ['JOBS_ASHBY_URL', boardApi('Ashby', 'ashby')],
  workable: ['JOBS_WORKABLE_URL', boardApi('Workable', 'workable')],
  smartrecruiters: ['JOBS_SMARTRECRUITERS_URL', boardApi('SmartRecruiters', 'smartrecruiters')],
  recruitee: ['JOBS_RECRUITEE_URL', boardApi('Recruitee', 'recruitee', '{company}')],
  pollIntervalMs: [
    'JOBS_POLL_HOURS',
    decimal({ default: DEFAULT_JOBS_CONFIG.pollIntervalMs / 3_600_000, min: 1, max: 168, unit: 'hours', meaning: 'how long a read board is kept' }),
    (hours: number) => Math.round(hours * 3_600_000),
  ],
});

export const JOBS_VARIABLES = JOBS_SETTINGS.variables;

export function loadJobsConfig(env: Env = process.env): JobsConfig {
  return JOBS_SETTINGS.read(env);
}
