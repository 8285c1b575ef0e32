/**
 * The company profile and footprint: three sections (tech stack, hiring intent, search ads) run in
 * parallel, each under its own deadline, composed into one result of facts. A section is whatever
 * runs it (the operations' own handlers, in production); this module only schedules and composes.
 */
import type { components } from '../../generated/types.ts';

export type ProfileResult = components['schemas']['ProfileResult'];
type TechStackResult = components['schemas']['TechStackResult'];
type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type SearchAdsResult = components['schemas']['SearchAdsResult'];
type SectionStatus = components['schemas']['SectionStatus'];
type FootprintFact = components['schemas']['FootprintFact'];

export const SECTIONS = ['tech_stack', 'hiring_intent', 'search_ads'] as const;
export type SectionName = (typeof SECTIONS)[number];

/** The operation a caller can run alone for each section (named in insufficient_data notes). */
export const SECTION_TOOL: Record<SectionName, string> = { tech_stack: 'tech-stack', hiring_intent: 'company-intent', search_ads: 'search-ads' };

export interface SectionRunners {
  tech_stack: (signal: AbortSignal) => Promise<TechStackResult>;
  hiring_intent: (signal: AbortSignal) => Promise<CompanyIntentResult>;
  search_ads: (signal: AbortSignal) => Promise<SearchAdsResult>;
}

export interface ProfileOptions {
  now?: () => Date;
  /** Each section's own deadline. */
  deadlinesMs?: Record<SectionName, number>;
  /** The call's signal: when it aborts, every section still running ends as timed out. */
  signal?: AbortSignal;
  /** Told as each section finishes, with its outcome's status (the call's progress). */
  onSection?: (name: SectionName, status: SectionStatus) => void;
}

export const DEFAULT_DEADLINES_MS: Record<SectionName, number> = { tech_stack: 15_000, hiring_intent: 20_000, search_ads: 12_000 };

/** Section deadlines within a call that has `limitMs` in all: none longer than the call (null: no limit). */
export function deadlinesWithin<K extends string>(limitMs: number | null, deadlines: Record<K, number>): Record<K, number> {
  if (limitMs === null) return deadlines;
  return Object.fromEntries(Object.entries<number>(deadlines).map(([name, ms]) => [name, Math.min(ms, limitMs)])) as Record<K, number>;
}

/** Section statuses that say the source could not be read: its fact is unknown. */
const UNREADABLE = new Set<string>(['unreachable', 'blocked', 'failed', 'timeout']);
export const unreadable = (status: SectionStatus) => UNREADABLE.has(status);

export interface SectionOutcome<T> {
  status: SectionStatus;
  result: T | null;
}

class SectionTimeout extends Error {}

/**
 * One section under its own deadline (also used by the skills that compose other sections); it
 * also ends, as timed out, when the call's `parent` signal aborts (the call's own deadline).
 * `onFinished` is told its outcome's status once the section has ended.
 */
export async function runSection<T extends { status: string }>(
  run: (signal: AbortSignal) => Promise<T>,
  deadlineMs: number,
  parent?: AbortSignal,
  onFinished?: (status: SectionStatus) => void,
): Promise<SectionOutcome<T>> {
  const outcome = await sectionOutcome(run, deadlineMs, parent);
  onFinished?.(outcome.status);
  return outcome;
}

async function sectionOutcome<T extends { status: string }>(
  run: (signal: AbortSignal) => Promise<T>,
  deadlineMs: number,
  parent?: AbortSignal,
): Promise<SectionOutcome<T>> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onParentAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    const end = () => {
      controller.abort(new SectionTimeout());
      reject(new SectionTimeout());
    };
    timer = setTimeout(end, deadlineMs);
    if (parent?.aborted) end();
    else if (parent) parent.addEventListener('abort', (onParentAbort = end), { once: true });
  });
  try {
    const result = await Promise.race([run(controller.signal), deadline]);
    // The section's own word (no_signals, no_ads...), as its operation would answer alone.
    return { status: result.status as SectionStatus, result };
  } catch (error) {
    return { status: error instanceof SectionTimeout ? 'timeout' : 'failed', result: null };
  } finally {
    clearTimeout(timer);
    if (onParentAbort) parent?.removeEventListener('abort', onParentAbort);
  }
}

function websiteTagsFact(section: SectionOutcome<TechStackResult>): FootprintFact {
  const tech = section.result;
  if (!tech || unreadable(section.status)) return 'unknown';
  if (tech.status === 'not_found') return 'not_found';
  const tagged = tech.ad_pixels.length > 0 || tech.analytics.length > 0 || tech.has_tag_manager === true;
  return tagged ? 'found' : tech.status === 'ok' || tech.status === 'no_signals' ? 'not_found' : 'unknown';
}

function jobBoardFact(section: SectionOutcome<CompanyIntentResult>): FootprintFact {
  if (unreadable(section.status) || !section.result) return 'unknown';
  return section.result.status === 'ok' && (section.result.total_open_roles ?? 0) > 0 ? 'found' : 'not_found';
}

function searchAdsFact(section: SectionOutcome<SearchAdsResult>): FootprintFact {
  if (unreadable(section.status) || !section.result) return 'unknown';
  return section.result.status === 'ok' ? 'found' : 'not_found';
}

const list = (names: string[], max = 4) => names.slice(0, max).join(', ') + (names.length > max ? ` and ${names.length - max} more` : '');
const topKeys = (map: Record<string, number> | undefined, max = 5) =>
  Object.entries(map ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([key]) => key);

/** Short plain-language facts; nothing estimated beyond what the sections read. */
function signalsOf(tech: TechStackResult | null, intent: CompanyIntentResult | null, ads: SearchAdsResult | null): string[] {
  const signals: string[] = [];
  if (tech?.status === 'ok') {
    if (tech.cms || tech.ecommerce) signals.push(`Website built on ${[tech.cms, tech.ecommerce].filter(Boolean).join(' with ')}`);
    if (tech.ad_pixels.length) signals.push(`Advertising pixels on the website: ${list(tech.ad_pixels)}`);
    if (tech.analytics.length) signals.push(`Analytics on the website: ${list(tech.analytics)}`);
    if (tech.email_provider) signals.push(`Email hosted by ${tech.email_provider}`);
    signals.push(`${tech.technology_count} technologies detected on the website`);
  }
  if (intent?.status === 'ok') {
    const roles = intent.total_open_roles ?? 0;
    const recent = intent.roles_with_known_post_date ? `, ${intent.roles_posted_last_30_days ?? 0} posted in the last 30 days` : '';
    signals.push(`Hiring: ${roles} open role${roles === 1 ? '' : 's'}${recent}${intent.hiring_status ? ` (${intent.hiring_status.replace('_', ' ')})` : ''}`);
    const functions = topKeys(intent.function_breakdown, 3);
    if (functions.length) signals.push(`Most open roles in ${list(functions, 3)}`);
    const demanded = topKeys(intent.top_demanded_technologies, 5);
    if (demanded.length) signals.push(`Job posts ask for ${list(demanded, 5)}`);
  }
  if (ads?.status === 'ok') {
    const estimate = ads.total_ads_estimate ? ` (the registry estimates ${ads.total_ads_estimate.low}–${ads.total_ads_estimate.high} ads)` : '';
    signals.push(`Runs search ads: ${ads.ads_returned ?? ads.ads?.length ?? 0} ads in the sample${estimate}`);
    if (ads.ads_shown_last_30_days_in_sample) signals.push(`${ads.ads_shown_last_30_days_in_sample} ads of the sample shown in the last 30 days`);
  }
  return signals;
}

export async function composeProfile(
  domain: string,
  sections: SectionRunners,
  { now = () => new Date(), deadlinesMs = DEFAULT_DEADLINES_MS, signal, onSection }: ProfileOptions = {},
): Promise<ProfileResult> {
  const finished = (name: SectionName) => onSection && ((status: SectionStatus) => onSection(name, status));
  const [tech, intent, ads] = await Promise.all([
    runSection(sections.tech_stack, deadlinesMs.tech_stack, signal, finished('tech_stack')),
    runSection(sections.hiring_intent, deadlinesMs.hiring_intent, signal, finished('hiring_intent')),
    runSection(sections.search_ads, deadlinesMs.search_ads, signal, finished('search_ads')),
  ]);
  const statuses: Record<SectionName, SectionStatus> = { tech_stack: tech.status, hiring_intent: intent.status, search_ads: ads.status };
  const withData = SECTIONS.filter((name) => statuses[name] === 'ok');
  const ok = withData.length >= 2;
  let note: string | null = null;
  if (!ok) {
    const unread = SECTIONS.filter((name) => unreadable(statuses[name]));
    const unreadText = unread.length ? ` Could not be read: ${unread.map((name) => `${name} (${statuses[name]})`).join(', ')}.` : '';
    note =
      withData.length === 1
        ? `Only one section has data: call ${SECTION_TOOL[withData[0]]} for ${domain} instead (charged only when it has data).${unreadText} Nothing was charged.`
        : `No section has data for ${domain}.${unreadText} Nothing was charged.`;
  }
  return {
    domain,
    status: ok ? 'ok' : 'insufficient_data',
    sections_status: statuses,
    footprint: { website_ad_or_analytics_tags: websiteTagsFact(tech), job_board_with_open_roles: jobBoardFact(intent), search_ads: searchAdsFact(ads) },
    sections_with_data: withData,
    signals: signalsOf(tech.result, intent.result, ads.result),
    tech_stack: tech.result,
    hiring_intent: intent.result,
    search_ads: ads.result,
    checked_at: now().toISOString(),
    note,
  };
}
