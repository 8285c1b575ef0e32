/** The jobs engine: what ats-jobs, company-intent and later company-profile, hot-buyers and skills call. */
export {
  collectJobs,
  boardUrl,
  type CollectDeps,
  type CollectOptions,
  type JobsCache,
  type JobsCollection,
  type JobsStatus,
  type BoardMatch,
} from './collect.ts';
export {
  hiringIntent,
  hiringStatus,
  jobFunction,
  seniority,
  isNotable,
  buyingSignalGroup,
  FUNCTIONS,
  BUYING_SIGNAL_GROUPS,
  MAX_NOTABLE,
  type HiringIntent,
  type NotableRole,
} from './intent.ts';
export { aggregateJobs, jobsDiff, jobItem, type JobAggregates } from './aggregate.ts';
export { boardsInHtml, careersLinks, nameCandidates, nameLabel, isGenericName, GENERIC_BOARD_NAMES } from './discover.ts';
export { loadJobsConfig, DEFAULT_JOBS_CONFIG, type JobsConfig } from './config.ts';
export { CLIENTS } from './providers/index.ts';
export { BoardUnreachable, PROVIDERS, type BoardRef, type Job, type JobItem, type Provider } from './types.ts';
