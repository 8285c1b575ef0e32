/**
 * Board discovery. First the company's own pages: the home page, then careers pages it links to
 * and the usual careers addresses, scanned for hosted-board links, embed scripts and API calls
 * (a hit is confidence high, board_match careers_page_link). Then, last, the first label of the
 * domain tried as a board name on each provider (confidence unverified, board_match name_match).
 */
import { decodeEntities } from './text.ts';
import { anchors, stripTags } from '../parse/scan.ts';
import type { BoardRef, Provider } from './types.ts';
import { isUnsafeTarget, pageFailureKind, type SafeFetch, type SafeFetchResponse } from '../net/types.ts';
import { isUnanalysable, type AnalyzeTask } from '../parse/analysis.ts';
import type { Fetched } from '../net/fetched.ts';

interface BoardPattern {
  provider: Provider;
  re: RegExp;
  /** Which group holds the slug, and which (if any) marks an EU Lever tenant. */
  slug?: number;
  eu?: number;
}

/**
 * Group 1 is the slug unless said otherwise. Slugs keep their case (Lever and SmartRecruiters are
 * case-sensitive). Every run a pattern scans past its literal prefix is bounded ({0,N}): an
 * unbounded run would be rescanned from each repetition of the prefix (a page of the prefix
 * repeated thousands of times took seconds), a bounded one costs at most N per match attempt.
 */
export const BOARD_PATTERNS: readonly BoardPattern[] = [
  { provider: 'greenhouse', re: /greenhouse\.io\/embed\/job_(?:board|app)(?:\/js)?\?(?:[^"'\s<>]{0,256}?&(?:amp;)?)?for=([A-Za-z0-9_-]+)/g },
  { provider: 'greenhouse', re: /boards-api\.greenhouse\.io\/v1\/boards\/([A-Za-z0-9_-]+)/g },
  { provider: 'greenhouse', re: /(?:boards|job-boards)(?:\.eu)?\.greenhouse\.io\/(?!embed\b)([A-Za-z0-9_-]+)/g },
  { provider: 'lever', re: /jobs(\.eu)?\.lever\.co\/([A-Za-z0-9_.%-]+)/g, eu: 1, slug: 2 },
  { provider: 'lever', re: /api(\.eu)?\.lever\.co\/v0\/postings\/([^/?#"'\s<>]+)/g, eu: 1, slug: 2 },
  { provider: 'lever', re: /leverJobsOptions\s{0,64}=\s{0,64}\{[^}]{0,512}?accountName\s{0,64}:\s{0,64}['"]([^'"]{1,200})/g },
  { provider: 'ashby', re: /__ashbyBaseJobBoardUrl\s{0,64}=\s{0,64}["']https:\/\/jobs\.ashbyhq\.com\/([^"'/?#]+)/g },
  { provider: 'ashby', re: /api\.ashbyhq\.com\/posting-api\/job-board\/([^/?#"'\s<>]+)/g },
  { provider: 'ashby', re: /jobs\.ashbyhq\.com\/([A-Za-z0-9_.%-]+)/g },
  { provider: 'workable', re: /apply\.workable\.com\/(?!api\b|j\/)([A-Za-z0-9_-]+)/g },
  { provider: 'workable', re: /https?:\/\/(?!www\.|apply\.|jobs\.)([a-z0-9-]{1,63})\.workable\.com/g },
  { provider: 'smartrecruiters', re: /(?:careers|jobs)\.smartrecruiters\.com\/([A-Za-z0-9_-]+)/g },
  { provider: 'smartrecruiters', re: /api\.smartrecruiters\.com\/v1\/companies\/([^/"'\s<>]{1,200})\/postings/g },
  { provider: 'recruitee', re: /https?:\/\/([a-z0-9-]{1,63})\.recruitee\.com/g },
];

/** Path segments and subdomains that are never a board name. */
const RESERVED = new Set([
  'embed',
  'v1',
  'v0',
  'api',
  'jobs',
  'j',
  'apply',
  'careers',
  'www',
  'app',
  'docs',
  'static',
  'assets',
  'cdn',
  'help',
  'support',
  'blog',
]);

function slugOf(raw: string): string | null {
  let slug = raw;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    return null;
  }
  slug = slug.replace(/\/.*$/, '').trim();
  if (!slug || slug.length > 100 || RESERVED.has(slug.toLowerCase()) || !/^[A-Za-z0-9_.-]+$/.test(slug)) return null;
  return slug;
}

/** Boards a page's HTML links to, embeds or calls, in order of first appearance, each once. */
export function boardsInHtml(html: string): BoardRef[] {
  const text = html.includes('&') ? decodeEntities(html) : html;
  const found: { at: number; ref: BoardRef }[] = [];
  for (const pattern of BOARD_PATTERNS) {
    pattern.re.lastIndex = 0;
    for (const match of text.matchAll(pattern.re)) {
      const slug = slugOf(match[pattern.slug ?? 1]);
      if (!slug) continue;
      const ref: BoardRef = { provider: pattern.provider, slug };
      if (pattern.eu && match[pattern.eu]) ref.region = 'eu';
      found.push({ at: match.index ?? 0, ref });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return found
    .map((f) => f.ref)
    .filter((ref) => {
      const key = `${ref.provider}:${ref.region ?? ''}:${ref.slug.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A careers page served by Recruitee on the company's own host: its markup names Recruitee. */
export function recruiteeCustomHost(html: string, pageUrl: string, domain: string): BoardRef | null {
  if (!/recruitee/i.test(html)) return null;
  const host = new URL(pageUrl).hostname.toLowerCase();
  if (host.endsWith('.recruitee.com') || !(host === domain || host.endsWith(`.${domain}`))) return null;
  return { provider: 'recruitee', slug: host, host };
}

const CAREERS_WORDS = /\b(careers?|jobs?|join (?:us|our team)|we(?:'|’)?re hiring|open (?:positions|roles)|work (?:with|at) us|vacancies)\b/i;
const CAREERS_PATH = /\/(careers?|jobs|join-us|join|work-with-us|open-positions|vacancies)(?:[/?#]|$)/i;

/** The jobsPage task's input (engines/parse/tasks.ts): a company page, sealed; careersLinks asked of the home page. */
export interface JobsPageInput {
  page: Fetched;
  url: string;
  domain: string;
  careersLinks?: boolean;
}

/** What a company page names: job boards, and (when asked) its careers links. */
export interface JobsPage {
  boards: BoardRef[];
  careersLinks: string[];
}

/** The parse task a site scan runs (the service's Analyze is one): declared here, as the registry imports readJobsPage. */
export type JobsPageAnalyze = AnalyzeTask<'jobsPage', JobsPageInput, JobsPage>;

/** What one company page says about its job board: the boards it names (else a Recruitee page on the company's host), and its careers links when asked. */
export function readJobsPage(html: string, url: string, domain: string, { careersLinks: withLinks = false }: { careersLinks?: boolean } = {}): JobsPage {
  const named = boardsInHtml(html);
  const custom = named.length ? null : recruiteeCustomHost(html, url, domain);
  const boards = custom ? [custom] : named;
  return { boards, careersLinks: withLinks && !boards.length ? careersLinks(html, url, domain).slice(0, MAX_CAREERS_LINKS) : [] };
}

/** Careers links a page may propose (only the first few are ever read). */
const MAX_CAREERS_LINKS = 20;

/** Same-site pages the HTML links to as careers pages (by path or by link text). */
export function careersLinks(html: string, pageUrl: string, domain: string): string[] {
  const links: string[] = [];
  for (const anchor of anchors(html)) {
    let url: URL;
    try {
      url = new URL(decodeEntities(anchor.href), pageUrl);
    } catch {
      continue;
    }
    const host = url.hostname.toLowerCase();
    if (!/^https?:$/.test(url.protocol) || !(host === domain || host.endsWith(`.${domain}`))) continue;
    const text = stripTags(anchor.inner);
    if (!CAREERS_PATH.test(url.pathname) && !CAREERS_WORDS.test(text)) continue;
    url.hash = '';
    if (!links.includes(url.href)) links.push(url.href);
  }
  return links;
}

/**
 * Common words a company may use as its domain's first label: a board by that name proves
 * nothing about the company (research: 'loop', 'zero', 'reach' boards belong to others). A name
 * match on one of them is reported but answered not_found, so it is never charged.
 */
export const GENERIC_BOARD_NAMES: ReadonlySet<string> = new Set([
  'app',
  'apps',
  'home',
  'shop',
  'store',
  'cloud',
  'data',
  'labs',
  'lab',
  'team',
  'work',
  'jobs',
  'careers',
  'hire',
  'hiring',
  'company',
  'group',
  'global',
  'digital',
  'tech',
  'software',
  'solutions',
  'systems',
  'services',
  'partners',
  'media',
  'studio',
  'design',
  'health',
  'energy',
  'capital',
  'ventures',
  'consulting',
  'agency',
  'network',
  'online',
  'web',
  'mail',
  'news',
  'blog',
  'get',
  'try',
  'go',
  'my',
  'the',
  'one',
  'first',
  'next',
  'new',
  'open',
  'smart',
  'best',
  'live',
  'link',
  'hub',
  'base',
  'core',
  'flow',
  'pulse',
  'spark',
  'wave',
  'box',
  'stack',
  'point',
  'line',
  'loop',
  'mast',
  'reach',
  'simply',
  'zero',
  'contractors',
  'bright',
  'blue',
  'green',
  'red',
  'north',
  'true',
  'prime',
  'nova',
  'apex',
  'summit',
  'atlas',
  'orbit',
  'vision',
  'insight',
  'connect',
  'direct',
  'express',
  'plus',
  'pro',
  'max',
  'space',
  'care',
  'finance',
  'bank',
  'pay',
  'money',
  'travel',
  'food',
]);

export const isGenericName = (label: string) => GENERIC_BOARD_NAMES.has(label.toLowerCase());

/** The domain's first label (www. dropped): the board name tried last. */
export function nameLabel(domain: string): string {
  return domain
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.')[0];
}

/** Boards named after the label on every provider, in the order they are tried (both Lever hosts, SmartRecruiters in two cases). */
export function nameCandidates(label: string): BoardRef[] {
  const capitalized = label.charAt(0).toUpperCase() + label.slice(1);
  const refs: BoardRef[] = [
    { provider: 'greenhouse', slug: label },
    { provider: 'lever', slug: label },
    { provider: 'lever', slug: label, region: 'eu' },
    { provider: 'ashby', slug: label },
    { provider: 'workable', slug: label },
    { provider: 'smartrecruiters', slug: label },
    { provider: 'recruitee', slug: label },
  ];
  if (capitalized !== label) refs.splice(6, 0, { provider: 'smartrecruiters', slug: capitalized });
  return refs;
}

export interface SiteScan {
  /** Boards found on the company's pages, best first. */
  boards: BoardRef[];
  /** Pages that answered (URL), in the order read. */
  pagesRead: string[];
  /** Why the home page could not be read, when it could not. */
  homeFailure: string | null;
  /** Pages that answered but could not be analysed within the parse limits. */
  unanalysable: string[];
}

export interface ScanOptions {
  pageTimeoutMs?: number;
  maxPageBytes?: number;
  /** Careers pages read beyond the home page. */
  maxCareersPages?: number;
  signal?: AbortSignal;
}

/**
 * Reads the home page and up to maxCareersPages careers pages, stopping at the first page that
 * names a board. Each page is read in the parse pool (analyze); one that cannot be read within the
 * parse limits names no board.
 */
export async function scanSite(
  domain: string,
  { fetch, analyze }: { fetch: SafeFetch; analyze: JobsPageAnalyze },
  { pageTimeoutMs = 6_000, maxPageBytes = 2_000_000, maxCareersPages = 4, signal }: ScanOptions = {},
): Promise<SiteScan> {
  const pagesRead: string[] = [];
  const unanalysable: string[] = [];
  const request = { timeoutMs: pageTimeoutMs, maxBodyBytes: maxPageBytes, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', signal };

  async function read(url: string, home: boolean): Promise<SafeFetchResponse | string> {
    try {
      const response = await fetch(url, request);
      if (response.status >= 400) return `${url}: HTTP ${response.status}`;
      pagesRead.push(response.url);
      return response;
    } catch (error) {
      if (!home && isUnsafeTarget(error)) return `${url}: unsafe target`;
      return `${url}: ${pageFailureKind(error)}`;
    }
  }

  async function readPage(response: SafeFetchResponse, careersLinks: boolean): Promise<{ boards: BoardRef[]; careersLinks: string[] }> {
    try {
      return await analyze('jobsPage', { page: response.content, url: response.url, domain, careersLinks }, { signal });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
      unanalysable.push(response.url);
      return { boards: [], careersLinks: [] };
    }
  }

  let home = await read(`https://${domain}/`, true);
  if (typeof home === 'string' && !domain.startsWith('www.')) {
    const www = await read(`https://www.${domain}/`, true);
    if (typeof www !== 'string') home = www;
  }
  const homeFailure = typeof home === 'string' ? home : null;
  let candidates = [`https://${domain}/careers`, `https://${domain}/jobs`, `https://careers.${domain}/`, `https://jobs.${domain}/`];
  if (typeof home !== 'string') {
    const page = await readPage(home, true);
    if (page.boards.length) return { boards: page.boards, pagesRead, homeFailure, unanalysable };
    candidates = [...page.careersLinks, ...candidates];
  }
  const tried = new Set<string>();
  for (const url of candidates) {
    if (tried.size >= maxCareersPages) break;
    const key = url.replace(/\/$/, '');
    if (tried.has(key) || pagesRead.some((page) => page.replace(/\/$/, '') === key)) continue;
    tried.add(key);
    const page = await read(url, false);
    if (typeof page === 'string') continue;
    const { boards } = await readPage(page, false);
    if (boards.length) return { boards, pagesRead, homeFailure, unanalysable };
  }
  return { boards: [], pagesRead, homeFailure, unanalysable };
}
