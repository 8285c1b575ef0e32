import type { components } from '../../generated/types.ts';
import type { SafeFetch } from '../net/types.ts';
import type { Fetched } from '../net/fetched.ts';
import type { AnalyzeTask } from '../parse/analysis.ts';
import type { JobsConfig } from './config.ts';

export type JobItem = components['schemas']['JobItem'];
export type Salary = components['schemas']['Salary'];

export const PROVIDERS = ['greenhouse', 'lever', 'ashby', 'workable', 'smartrecruiters', 'recruitee'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A board on a provider. Lever EU tenants carry region 'eu'; a Recruitee board on a custom domain carries its host. */
export interface BoardRef {
  provider: Provider;
  slug: string;
  region?: 'eu';
  host?: string;
}

/** A normalized job as kept in the cache: the answer's job item. A cached read may lack its optional facts and hold countries as the board wrote them (jobItem turns them into codes). */
export interface Job extends JobItem {
  countries: string[];
}

export interface BoardRead {
  jobs: Job[];
  /** The company name the board shows, when it shows one. */
  companyName: string | null;
  /** Some pages or details could not be read. */
  partial: boolean;
}

/** What the main thread needs of one page of a paged board (Lever, SmartRecruiters) or of Greenhouse's list. */
export interface BoardPageSummary {
  /** The answer is not what the provider documents (BoardUnreachable's reason), else null. */
  error: string | null;
  /** Items on the page (Lever, SmartRecruiters). */
  count: number;
  /** SmartRecruiters' totalFound, when it gives one. */
  total: number | null;
  /** Ids worth a detail call: Greenhouse's jobs without pay (detailCandidates), SmartRecruiters' first postings. */
  detailIds: string[];
}

/** The jobBoardPage task's input (engines/parse/tasks.ts): one answer of a board, sealed. */
export interface BoardPageInput {
  provider: Provider;
  content: Fetched;
  maxDetailCalls?: number;
}

/** The jobBoard task's input: a board's list answers in order and the detail answers that exist, sealed. */
export interface BoardAnswers {
  provider: Provider;
  slug: string;
  pages: { url: string; content: Fetched }[];
  details?: { id: string; content: Fetched }[];
}

/** The jobBoard task's output: the read, or the answer that is not the documented JSON; `cut` when an answer was cut to the bound. */
export type BoardAnswersRead =
  { read: BoardRead; cut: boolean; unreachable: null } | { read: null; cut: boolean; unreachable: { url: string; reason: string } };

/** The parse tasks a board read runs (the service's Analyze is one): declared here, as the registry imports this engine's readers. */
export type BoardAnalyze = AnalyzeTask<'jobBoardPage', BoardPageInput, BoardPageSummary & { cut: boolean }> &
  AnalyzeTask<'jobBoard', BoardAnswers, BoardAnswersRead>;

export interface BoardContext {
  fetch: SafeFetch;
  /** Reads the boards' answers off the main thread (the parse pool's jobBoardPage and jobBoard tasks, which normalize and tag the jobs). */
  analyze: BoardAnalyze;
  config: JobsConfig;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** SmartRecruiters: at most this many detail calls (descriptions) per board read. */
  maxDetailCalls?: number;
  /** Set when an answer of this read was cut to the bound (engines/jobs/http.ts): the read is partial. */
  cut?: { value: boolean };
}

/** One provider's public board API: null when the board does not exist. */
export interface ProviderClient {
  provider: Provider;
  read(ref: BoardRef, context: BoardContext): Promise<BoardRead | null>;
}

/** The board could not be read (network failure, 5xx, 429, an answer that is not the documented JSON). */
export class BoardUnreachable extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'BoardUnreachable';
  }
}

export const boardKey = (ref: BoardRef) => [ref.provider, ref.region ?? ref.host ?? '', ref.slug].join(':');
