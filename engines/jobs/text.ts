/**
 * Turning provider fields into job item fields: HTML to text, dates, remote flags, salaries and
 * the capped, de-duplicated job item itself.
 */
import type { TechnologyFinder } from '../tech/keywords.ts';
import type { Job, Provider, Salary } from './types.ts';
import { dropElements, stripTags } from '../parse/scan.ts';
import { COMMON_ENTITIES } from '../parse/entities.ts';
import { countryCodesOf, employmentType, excerpt, jobSeniority, workplaceType, type Workplace } from './facts.ts';

/** About 20 KB of text per job is read for technology names. */
export const MAX_JOB_TEXT = 20_000;
export const LIMITS = { title: 300, department: 120, departments: 5, location: 160, locations: 20, technologies: 30, url: 2048 };

const NAMED: Record<string, string> = { ...COMMON_ENTITIES, euro: '€', pound: '£', yen: '¥' };

/** Runs of white space and any white space but a plain space (replacing every single space costs 3x). */
const SPACE_RUNS = /\s{2,}|[^\S ]/g;

const NUMERIC = /^#(?:x[0-9a-f]{1,6}|\d{1,7})$/i;

/** One round of HTML entity decoding (named, decimal, hex); unknown names stay as written. A scan, not a regex callback: postings are mostly entities. */
export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  let out = '';
  let last = 0;
  while (amp >= 0) {
    const semi = text.indexOf(';', amp + 2);
    if (semi < 0) break;
    let decoded: string | undefined;
    if (semi - amp <= 10) {
      const ref = text.slice(amp + 1, semi);
      if (ref.charCodeAt(0) === 35) {
        if (NUMERIC.test(ref)) {
          const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
          if (code > 0 && code <= 0x10ffff) decoded = String.fromCodePoint(code);
        }
      } else {
        decoded = NAMED[ref] ?? NAMED[ref.toLowerCase()];
      }
    }
    if (decoded !== undefined) {
      out += text.slice(last, amp) + decoded;
      last = semi + 1;
      amp = text.indexOf('&', last);
    } else {
      amp = text.indexOf('&', amp + 1);
    }
  }
  return out + text.slice(last);
}

/** Visible text of an HTML fragment: tags become spaces, entities are decoded, space is collapsed. */
export function htmlText(html: string | null | undefined, { max = MAX_JOB_TEXT } = {}): string {
  if (!html) return '';
  const bounded = html.length > max * 3 ? html.slice(0, max * 3) : html;
  const visible = /<(?:script|style)/i.test(bounded) ? dropElements(bounded) : bounded;
  const text = decodeEntities(stripTags(visible));
  const collapsed = text.replace(SPACE_RUNS, ' ').trim();
  return collapsed.length > max ? collapsed.slice(0, max) : collapsed;
}

/**
 * Greenhouse sends content HTML-escaped once more (&lt;p&gt;R&amp;amp;D&lt;/p&gt;): its markup is
 * dropped while still escaped (text cannot hold a raw &lt;, it would read &amp;lt;), so only the
 * entities of the text itself are decoded, twice.
 */
export function doubleEscapedHtmlText(content: string | null | undefined, { max = MAX_JOB_TEXT } = {}): string {
  if (!content) return '';
  let html = content.length > max * 4 ? content.slice(0, max * 4) : content;
  if (/&lt;(?:script|style)/i.test(html)) html = dropElements(html, { open: '&lt;', close: '&gt;' });
  let text = stripTags(html, { open: '&lt;', close: '&gt;' });
  if (text.includes('<')) text = stripTags(text);
  const collapsed = decodeEntities(decodeEntities(text)).replace(SPACE_RUNS, ' ').trim();
  return collapsed.length > max ? collapsed.slice(0, max) : collapsed;
}

/** An ISO date-time for what a provider calls a date: ISO strings, epoch ms, 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS UTC'. */
export function isoDate(value: unknown): string | null {
  let ms = NaN;
  if (typeof value === 'number' && Number.isFinite(value)) ms = value > 1e11 ? value : value * 1000;
  else if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    const utc = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(?:UTC|GMT|Z)$/i.exec(text);
    if (utc) ms = Date.parse(`${utc[1]}T${utc[2]}Z`);
    else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) ms = Date.parse(`${text}T00:00:00Z`);
    else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) ms = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  }
  if (!Number.isFinite(ms) || ms < Date.UTC(1995, 0, 1) || ms > Date.UTC(2200, 0, 1)) return null;
  return new Date(ms).toISOString();
}

const REMOTE = /\b(remote|anywhere|work from home|wfh|distributed|telecommut\w*)\b/i;

/** The remote words job boards use in free text (locations, offices, titles). */
export function mentionsRemote(...texts: (string | null | undefined)[]): boolean {
  return texts.some((text) => !!text && REMOTE.test(text));
}

const INTERVALS: Record<string, Salary['interval']> = {
  year: 'year',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
  'per-year-salary': 'year',
  '1 year': 'year',
  y: 'year',
  month: 'month',
  monthly: 'month',
  'per-month-salary': 'month',
  '1 month': 'month',
  week: 'week',
  weekly: 'week',
  'per-week-salary': 'week',
  '1 week': 'week',
  day: 'day',
  daily: 'day',
  'per-day-wage': 'day',
  '1 day': 'day',
  hour: 'hour',
  hourly: 'hour',
  'per-hour-wage': 'hour',
  '1 hour': 'hour',
};

export function salaryInterval(value: unknown): Salary['interval'] {
  return typeof value === 'string' ? (INTERVALS[value.trim().toLowerCase()] ?? null) : null;
}

function amount(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value.replace(/[\s,]/g, '')) : NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

/** A salary when at least min or max is a positive number; null otherwise. */
export function salary(min: unknown, max: unknown, currency: unknown, interval: Salary['interval']): Salary | null {
  const low = amount(min);
  const high = amount(max);
  if (low === null && high === null) return null;
  const code = typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency.trim()) ? currency.trim().toUpperCase() : null;
  return { min: low, max: high, currency: code, interval };
}

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };
const MONEY =
  /([$€£])\s?(\d{1,3}(?:[,.]\d{3})+|\d{2,3}(?:\.\d)?\s?[kK])\s*(?:-|–|—|to)\s*[$€£]?\s?(\d{1,3}(?:[,.]\d{3})+|\d{2,3}(?:\.\d)?\s?[kK])(?:\s*(?:per|\/|a)\s*(year|yr|annum|hour|hr|month|week|day))?/;

/** A published range in posting text ("$120,000 - $150,000", "€60k–80k per year"). */
export function salaryFromText(text: string): Salary | null {
  const match = MONEY.exec(text);
  if (!match) return null;
  const value = (raw: string) => (/k$/i.test(raw.trim()) ? Number.parseFloat(raw) * 1000 : Number(raw.replace(/[,.]/g, '')));
  const [low, high] = [value(match[2]), value(match[3])];
  if (!(low > 0 && high >= low)) return null;
  const unit = match[4]?.toLowerCase();
  const interval = unit ? salaryInterval({ yr: 'year', annum: 'year', hr: 'hour' }[unit] ?? unit) : low >= 10_000 ? 'year' : null;
  return { min: low, max: high, currency: SYMBOLS[match[1]], interval };
}

function cleanList(values: readonly unknown[], max: number, maxLength: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const text = value.replace(SPACE_RUNS, ' ').trim().slice(0, maxLength);
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
    if (out.length === max) break;
  }
  return out;
}

function absoluteUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > LIMITS.url) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface RawJob {
  provider: Provider;
  nativeId: unknown;
  title: unknown;
  departments: unknown[];
  locations: unknown[];
  remote: boolean;
  salary: Salary | null;
  postedAt: unknown;
  url: unknown;
  /** Posting text read for technology names (capped at MAX_JOB_TEXT). */
  text: string;
  countries?: unknown[];
  /** The board's employment-type field as written (normalized by facts.employmentType). */
  employmentType?: unknown;
  /** The board's workplace: a value as written (facts.workplaceType) or one already read from flags. */
  workplace?: unknown;
  /** Plain text for description_excerpt when it differs from text (default: text). */
  excerptText?: string;
}

const WORKPLACES = new Set<Workplace>(['remote', 'hybrid', 'on_site']);

/** The job item, or null when the posting has no usable id or title. */
export function makeJob(raw: RawJob, finder: TechnologyFinder): Job | null {
  const id = typeof raw.nativeId === 'number' ? String(raw.nativeId) : typeof raw.nativeId === 'string' ? raw.nativeId.trim() : '';
  const title = typeof raw.title === 'string' ? raw.title.replace(SPACE_RUNS, ' ').trim().slice(0, LIMITS.title) : '';
  const jobId = `${raw.provider}:${id}`;
  if (!id || !title || jobId.length > 128) return null;
  const text = raw.text.length > MAX_JOB_TEXT ? raw.text.slice(0, MAX_JOB_TEXT) : raw.text;
  return {
    job_id: jobId,
    title,
    departments: cleanList(raw.departments, LIMITS.departments, LIMITS.department),
    locations: cleanList(raw.locations, LIMITS.locations, LIMITS.location),
    remote: raw.remote,
    salary: raw.salary,
    technologies: finder.find(`${title}\n${text}`).slice(0, LIMITS.technologies),
    posted_at: isoDate(raw.postedAt),
    url: absoluteUrl(raw.url),
    employment_type: employmentType(raw.employmentType),
    seniority: jobSeniority(title),
    workplace: WORKPLACES.has(raw.workplace as Workplace) ? (raw.workplace as Workplace) : workplaceType(raw.workplace),
    countries: countryCodesOf(raw.countries ?? []),
    description_excerpt: excerpt(raw.excerptText ?? text.slice(0, 2000)),
  };
}

/** Normalize a list with makeJob, dropping postings without id or title and repeated ids. */
export function makeJobs(raws: Iterable<RawJob>, finder: TechnologyFinder): Job[] {
  const jobs: Job[] = [];
  const ids = new Set<string>();
  for (const raw of raws) {
    const job = makeJob(raw, finder);
    if (job && !ids.has(job.job_id)) {
      ids.add(job.job_id);
      jobs.push(job);
    }
  }
  return jobs;
}

export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
export const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
