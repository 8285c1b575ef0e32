/**
 * The tech-stack engine: reads a company's home page (HTML, headers, cookies), up to two public
 * tag-manager containers it references, and its DNS (MX, TXT, DMARC, CNAME), then runs the
 * detector. Reading the container ids and the detection run in the parse pool (deps.analyze): a
 * page that cannot be read within the parse limits is detected from its headers, cookies and DNS
 * alone, the run is partial and page_unanalysable is true. Pure over the injected network
 * (engines/net), analyze, snapshot store and clock.
 */
import { detect, type DetectResult } from '../tech/detect.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { Dns, DnsAnswer, Fetched, SafeFetch, SafeFetchResponse, TextCache } from '../net/types.ts';
import { isFetchFailure, isUnsafeTarget, pageFailureKind } from '../net/types.ts';
import type { components } from '../../generated/types.ts';

/** The snapshot kind under which the last complete run per domain is kept (added/removed; the advisor's cached_hint). */
export const TECH_STACK_SNAPSHOT_KIND = 'tech-stack';

export type TechStackResult = components['schemas']['TechStackResult'];

export type TechStackStatus = 'ok' | 'no_signals' | 'blocked' | 'unreachable' | 'not_found';

export interface TechStackSnapshot {
  technologies: string[];
  at: string;
  /**
   * When each technology was first and last reported by a complete run for the domain (absent
   * in snapshots kept before it existed: then a technology of `technologies` was seen at `at`).
   */
  seen?: Record<string, { first: string; last: string }>;
}

/** At most this many technologies are remembered per domain (the most recently seen). */
const MAX_REMEMBERED = 500;

/** This run's first/last seen per reported name, and the history to keep after a complete run. */
export function techHistory(previous: TechStackSnapshot | null, names: string[], at: string): { first: Map<string, string>; seen: NonNullable<TechStackSnapshot['seen']> } {
  const seen: NonNullable<TechStackSnapshot['seen']> = {};
  if (previous) {
    for (const name of previous.technologies) seen[name] = { first: previous.at, last: previous.at };
    for (const [name, item] of Object.entries(previous.seen ?? {})) {
      if (typeof item?.first === 'string' && typeof item?.last === 'string') seen[name] = { first: item.first, last: item.last };
    }
  }
  const first = new Map<string, string>();
  for (const name of names) {
    const earlier = seen[name]?.first;
    first.set(name, earlier && earlier < at ? earlier : at);
    seen[name] = { first: first.get(name)!, last: at };
  }
  const kept = Object.entries(seen).sort((a, b) => (a[1].last < b[1].last ? 1 : a[1].last > b[1].last ? -1 : 0)).slice(0, MAX_REMEMBERED);
  return { first, seen: Object.fromEntries(kept) };
}

export interface TechStackDeps {
  fetch: SafeFetch;
  dns: Dns;
  /** Runs the detection off the main thread (the parse pool). */
  analyze: Analyze;
  now: () => Date;
  /** The previous complete run for the domain, and a way to keep this one. */
  previous: (domain: string) => Promise<TechStackSnapshot | null>;
  remember: (domain: string, snapshot: TechStackSnapshot) => Promise<void>;
  /** Container texts kept across calls (net.containers): one public gtm.js serves many sites. */
  containers?: Pick<TextCache, 'get'> | null;
  /** Told of the home page once it is read (not a bot wall, not a 5xx): a composite operation reads its own facts from the same fetch. */
  onHomePage?: (page: { page: Fetched; url: string }) => void;
  /** The call's deadline: when it aborts, fetches still running fail as timeouts and the result says what could not be read. */
  signal?: AbortSignal;
}

export interface TechStackOptions {
  maxContainers?: number;
  pageTimeoutMs?: number;
  containerTimeoutMs?: number;
  maxPageBytes?: number;
  maxContainerBytes?: number;
  containerUrl?: (id: string) => string;
}

const records = <T>(answer: DnsAnswer<T>): T[] => (answer.ok ? answer.records : []);

function emptyResult(domain: string, status: TechStackStatus, checkedAt: string, note: string): TechStackResult {
  return {
    domain,
    status,
    final_url: null,
    title: null,
    cms: null,
    ecommerce: null,
    email_provider: null,
    dmarc_policy: null,
    note,
    technology_count: 0,
    checked_at: checkedAt,
    added: null,
    removed: null,
    is_first_run: null,
    has_pixel_a: null,
    has_ads_tag: null,
    has_analytics_tag_a: null,
    has_tag_manager: null,
    has_pixel_b: null,
    has_pixel_c: null,
    ad_pixels: [],
    analytics: [],
    marketing_tools: [],
    hosting_cdn: [],
    frameworks: [],
    payments: [],
    spf_senders: [],
    verified_services: [],
    technologies: [],
  };
}

export async function collectTechStack(
  domain: string,
  deps: TechStackDeps,
  {
    maxContainers = 2,
    pageTimeoutMs = 8_000,
    containerTimeoutMs = 5_000,
    maxPageBytes = 3_000_000,
    maxContainerBytes = 2_000_000,
    containerUrl = (id: string) => `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
  }: TechStackOptions = {},
): Promise<TechStackResult> {
  const checkedAt = deps.now().toISOString();
  const dnsAnswers = Promise.all([deps.dns.mx(domain), deps.dns.txt(domain), deps.dns.dmarc(domain), deps.dns.cname(`www.${domain}`)]);

  let page: SafeFetchResponse | null = null;
  let lastFailure = '';
  let nameMissing = 0;
  const candidates = [`https://${domain}/`, `https://www.${domain}/`, `http://${domain}/`];
  for (const url of candidates) {
    try {
      page = await deps.fetch(url, { timeoutMs: pageTimeoutMs, maxBodyBytes: maxPageBytes, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', signal: deps.signal });
      break;
    } catch (error) {
      const kind = pageFailureKind(error);
      if (kind === 'dns_not_found') nameMissing += 1;
      lastFailure = `${url}: ${kind}`;
    }
  }
  const [mx, txt, dmarc, cname] = await dnsAnswers;

  if (!page) {
    const nameExists = mx.ok || txt.ok || (mx.ok === false && mx.reason === 'nodata');
    if (nameMissing === candidates.length && !nameExists) return emptyResult(domain, 'not_found', checkedAt, `The domain does not exist in DNS (${lastFailure}).`);
    return emptyResult(domain, 'unreachable', checkedAt, `The home page could not be loaded (${lastFailure}).`);
  }
  const blocked = () => ({ ...emptyResult(domain, 'blocked', checkedAt, `The site answered ${page.status} with a bot wall or challenge page; nothing was read.`), final_url: page.url });
  if ([401, 403, 407, 429].includes(page.status) || page.headers['cf-mitigated'] === 'challenge') return blocked();
  let unanalysable: string | null = null;
  let containerIds: string[] = [];
  try {
    const home = await deps.analyze('techHome', { page: page.content, url: page.url, status: page.status, headers: page.headers }, { signal: deps.signal });
    if (home.blocked) return blocked();
    containerIds = home.containerIds;
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    unanalysable = error.message;
  }
  if (page.status >= 500) return { ...emptyResult(domain, 'unreachable', checkedAt, `The home page answered ${page.status}.`), final_url: page.url };
  deps.onHomePage?.({ page: page.content, url: page.url });

  let partial = page.truncated || !mx.ok && mx.reason === 'timeout' || !txt.ok && txt.reason === 'timeout';
  const containers: { id: string; content: Fetched }[] = [];
  async function loadContainer(url: string): Promise<Fetched | null> {
    const response = await deps.fetch(url, { timeoutMs: containerTimeoutMs, maxBodyBytes: maxContainerBytes, accept: 'application/javascript,*/*;q=0.5', signal: deps.signal });
    return response.status === 200 ? response.content : null;
  }
  for (const id of containerIds.slice(0, maxContainers)) {
    try {
      const url = containerUrl(id);
      const content = deps.containers ? await deps.containers.get(url, () => loadContainer(url)) : await loadContainer(url);
      if (content !== null) containers.push({ id, content });
      else partial = true;
    } catch (error) {
      if (!isFetchFailure(error) && !isUnsafeTarget(error)) throw error;
      partial = true;
    }
  }

  const input = {
    url: page.url,
    page: unanalysable ? null : page.content,
    headers: page.headers,
    cookies: page.setCookies.map((cookie) => cookie.split('=')[0].trim()).filter(Boolean),
    containers,
    dns: { mx: records(mx).map((record) => record.exchange), txt: records(txt), dmarc: records(dmarc)[0] ?? null, cname: records(cname) },
  };
  let found: DetectResult;
  try {
    found = await deps.analyze('detect', input, { signal: deps.signal });
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    unanalysable ??= error.message;
    // Headers, cookies and DNS without the page and its containers, on this thread: no fetched
    // content, a few KB by construction (the HTTP client's header limit, DNS answers), so the run
    // still ends with what they show even when the pool is what failed.
    const { page: _page, containers: _containers, ...known } = input;
    found = detect({ ...known, html: '', containers: [] });
  }
  if (unanalysable) partial = true;
  const names = found.technologies.map((technology) => technology.name).sort();
  const previous = await deps.previous(domain);
  const isFirstRun = previous === null;
  const added = isFirstRun ? null : names.filter((name) => !previous.technologies.includes(name));
  const removed = isFirstRun || partial ? null : previous.technologies.filter((name) => !names.includes(name));
  const history = techHistory(previous, names, checkedAt);
  if (!partial) await deps.remember(domain, { technologies: names, at: checkedAt, seen: history.seen });

  const status: TechStackStatus = found.technology_count > 0 ? 'ok' : 'no_signals';
  const notes = [
    status === 'no_signals' ? 'The page loaded but no technology was detected.' : null,
    unanalysable ? `The home page could not be analysed within the parse limits (${unanalysable}): technologies were read from its headers, cookies and DNS only.` : null,
    partial ? 'Part of the collection failed (a container, DNS or a truncated page); removals are not reported for this run.' : null,
    page.url !== candidates[0] ? `Read from ${page.url}.` : null,
  ].filter(Boolean);
  return {
    domain,
    status,
    final_url: page.url,
    title: found.title,
    cms: found.cms,
    ecommerce: found.ecommerce,
    email_provider: found.email_provider,
    dmarc_policy: found.dmarc_policy,
    note: notes.length ? notes.join(' ') : null,
    technology_count: found.technology_count,
    checked_at: checkedAt,
    added,
    removed,
    is_first_run: partial ? null : isFirstRun,
    has_pixel_a: found.flags.has_pixel_a,
    has_ads_tag: found.flags.has_ads_tag,
    has_analytics_tag_a: found.flags.has_analytics_tag_a,
    has_tag_manager: found.flags.has_tag_manager,
    has_pixel_b: found.flags.has_pixel_b,
    has_pixel_c: found.flags.has_pixel_c,
    ad_pixels: found.ad_pixels,
    analytics: found.analytics,
    marketing_tools: found.marketing_tools,
    hosting_cdn: found.hosting_cdn,
    frameworks: found.frameworks,
    payments: found.payments,
    spf_senders: found.spf_senders,
    verified_services: found.verified_services,
    technologies: found.findings.map((finding) => ({ ...finding, first_seen: history.first.get(finding.name) ?? checkedAt, last_seen: checkedAt })),
    ...(unanalysable ? { page_unanalysable: true as const } : {}),
  };
}
