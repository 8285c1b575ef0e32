import { decimal, readVariables, url, type Env, type VariableTable } from '../config/env.ts';

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

export const JOBS_VARIABLES = {
  JOBS_GREENHOUSE_URL: boardApi('Greenhouse', 'greenhouse'),
  JOBS_LEVER_URL: boardApi('Lever', 'lever'),
  JOBS_LEVER_EU_URL: boardApi('Lever EU', 'leverEu'),
  JOBS_ASHBY_URL: boardApi('Ashby', 'ashby'),
  JOBS_WORKABLE_URL: boardApi('Workable', 'workable'),
  JOBS_SMARTRECRUITERS_URL: boardApi('SmartRecruiters', 'smartrecruiters'),
  JOBS_RECRUITEE_URL: boardApi('Recruitee', 'recruitee', '{company}'),
  JOBS_POLL_HOURS: decimal({
    default: DEFAULT_JOBS_CONFIG.pollIntervalMs / 3_600_000,
    min: 1,
    max: 168,
    unit: 'hours',
    meaning: 'how long a read board is kept',
  }),
} satisfies VariableTable;

export function loadJobsConfig(env: Env = process.env): JobsConfig {
  const values = readVariables(JOBS_VARIABLES, env);
  return {
    greenhouse: values.JOBS_GREENHOUSE_URL,
    lever: values.JOBS_LEVER_URL,
    leverEu: values.JOBS_LEVER_EU_URL,
    ashby: values.JOBS_ASHBY_URL,
    workable: values.JOBS_WORKABLE_URL,
    smartrecruiters: values.JOBS_SMARTRECRUITERS_URL,
    recruitee: values.JOBS_RECRUITEE_URL,
    pollIntervalMs: Math.round(values.JOBS_POLL_HOURS * 3_600_000),
  };
}
