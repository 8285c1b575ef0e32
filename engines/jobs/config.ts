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

const VARIABLES: Record<Exclude<keyof JobsConfig, 'pollIntervalMs'>, string> = {
  greenhouse: 'JOBS_GREENHOUSE_URL',
  lever: 'JOBS_LEVER_URL',
  leverEu: 'JOBS_LEVER_EU_URL',
  ashby: 'JOBS_ASHBY_URL',
  workable: 'JOBS_WORKABLE_URL',
  smartrecruiters: 'JOBS_SMARTRECRUITERS_URL',
  recruitee: 'JOBS_RECRUITEE_URL',
};

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const config: JobsConfig = { ...DEFAULT_JOBS_CONFIG };
  for (const [key, variable] of Object.entries(VARIABLES) as [keyof typeof VARIABLES, string][]) {
    const value = env[variable];
    if (value) config[key] = parseBase(variable, value, key === 'recruitee');
  }
  if (env.JOBS_POLL_HOURS) {
    const hours = Number(env.JOBS_POLL_HOURS);
    if (!(hours >= 1 && hours <= 168)) throw new Error(`JOBS_POLL_HOURS must be a number of hours from 1 to 168 (got ${JSON.stringify(env.JOBS_POLL_HOURS)})`);
    config.pollIntervalMs = Math.round(hours * 3_600_000);
  }
  return config;
}

function parseBase(variable: string, value: string, template: boolean): string {
  const base = value.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(base.replace('{company}', 'company'));
  } catch {
    throw new Error(`${variable} must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new Error(`${variable} must be an http(s) URL without query or fragment (got ${JSON.stringify(value)})`);
  if (template && !base.includes('{company}')) throw new Error(`${variable} must contain {company} (got ${JSON.stringify(value)})`);
  return base;
}
