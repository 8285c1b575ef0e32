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
import type { Dns, DnsAnswer, Fetched, MxRecord, SafeFetch, SafeFetchResponse, TextCache } from '../net/types.ts';
import { isFetchFailure, isUnsafeTarget, pageFailureKind, recordsOf } from '../net/types.ts';
import type { components } from '../../generated/types.ts';

/** The snapshot kind under which the last complete run per domain is kept (added/removed; the advisor's cached_hint). */
export const TECH_STACK_SNAPSHOT_KIND = 'tech-stack';

export type TechStackResult = components['schemas']['TechStackResult'];

export type TechStackStatus = 'ok' | 'no_signals' | 'blocked' | 'unreachable' | 'not_found';

export interface TechStackSnapshot {
  technologies: string[];
  at: string;
  /**
   * When each technology was first and last reported by a complete run for the domain (a stored
   * snapshot may lack it: then a technology of `technologies` was seen at `at`).
   */
  seen?: Record<string, { first: string; last: string }>;
}

/** At most this many technologies are remembered per domain (the most recently seen). */
const MAX_REMEMBERED = 500;

/** This run's first/last seen per reported name, and the history to keep after a complete run. */
export function techHistory(
  previous: TechStackSnapshot | null,
  names: string[],
  at: string,
): { first: Map<string, string>; seen: NonNullable<TechStackSnapshot['seen']> } {
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
  const kept = Object.entries(seen)
    .sort((a, b) => (a[1].last < b[1].last ? 1 : a[1].last > b[1].last ? -1 : 0))
    .slice(0, MAX_REMEMBERED);
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

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

interface DomainRecords {
  mx: DnsAnswer<MxRecord>;
  txt: DnsAnswer<string>;
  dmarc: DnsAnswer<string>;
  cname: DnsAnswer<string>;
}

/** What the detection found; `unanalysable`: why the page was not read, when it was not. */
interface Detection {
  found: DetectResult;
  unanalysable: string | null;
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
  const candidates = [`https://${domain}/`, `https://www.${domain}/`, `http://${domain}/`];
  const home = await fetchHome(candidates, (url) =>
    deps.fetch(url, { timeoutMs: pageTimeoutMs, maxBodyBytes: maxPageBytes, accept: HTML_ACCEPT, signal: deps.signal }),
  );
  const [mx, txt, dmarc, cname] = await dnsAnswers;
  const page = home.response;

  if (!page) {
    const nameExists = mx.ok || txt.ok || (mx.ok === false && mx.reason === 'nodata');
    if (home.nameMissing === candidates.length && !nameExists)
      return emptyResult(domain, 'not_found', checkedAt, `The domain does not exist in DNS (${home.lastFailure}).`);
    return emptyResult(domain, 'unreachable', checkedAt, `The home page could not be loaded (${home.lastFailure}).`);
  }
  const blocked = () => ({
    ...emptyResult(domain, 'blocked', checkedAt, `The site answered ${page.status} with a bot wall or challenge page; nothing was read.`),
    final_url: page.url,
  });
  if ([401, 403, 407, 429].includes(page.status) || page.headers['cf-mitigated'] === 'challenge') return blocked();
  const reading = await readHome(page, deps);
  if (reading.blocked) return blocked();
  if (page.status >= 500) return { ...emptyResult(domain, 'unreachable', checkedAt, `The home page answered ${page.status}.`), final_url: page.url };
  deps.onHomePage?.({ page: page.content, url: page.url });

  const loaded = await loadContainers(reading.containerIds.slice(0, maxContainers), {
    deps,
    containerUrl,
    timeoutMs: containerTimeoutMs,
    maxBytes: maxContainerBytes,
  });
  const detection = await runDetection(page, { records: { mx, txt, dmarc, cname }, containers: loaded.containers, unanalysable: reading.unanalysable }, deps);
  const partial =
    !!detection.unanalysable || !loaded.complete || page.truncated || (!mx.ok && mx.reason === 'timeout') || (!txt.ok && txt.reason === 'timeout');
  const run = await compareRuns(domain, detection.found, { partial, checkedAt, deps });
  return techStackResult({ domain, checkedAt, page, readFirst: page.url === candidates[0], detection, partial, run });
}

/** The first candidate that answers at all (any status); `nameMissing`: how many DNS says do not exist. */
async function fetchHome(
  candidates: string[],
  get: (url: string) => Promise<SafeFetchResponse>,
): Promise<{ response: SafeFetchResponse | null; lastFailure: string; nameMissing: number }> {
  let lastFailure = '';
  let nameMissing = 0;
  for (const url of candidates) {
    try {
      return { response: await get(url), lastFailure, nameMissing };
    } catch (error) {
      const kind = pageFailureKind(error);
      if (kind === 'dns_not_found') nameMissing += 1;
      lastFailure = `${url}: ${kind}`;
    }
  }
  return { response: null, lastFailure, nameMissing };
}

/** The home page read in the parse pool: a bot wall, or the tag-manager containers it references; unanalysable says why it could not be read. */
async function readHome(page: SafeFetchResponse, deps: TechStackDeps): Promise<{ blocked: boolean; containerIds: string[]; unanalysable: string | null }> {
  try {
    const home = await deps.analyze('techHome', { page: page.content, url: page.url, status: page.status, headers: page.headers }, { signal: deps.signal });
    return { blocked: home.blocked, containerIds: home.containerIds, unanalysable: null };
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    return { blocked: false, containerIds: [], unanalysable: error.message };
  }
}

/** The containers that could be loaded (from the cache when there is one); complete when every one was. */
async function loadContainers(
  ids: string[],
  { deps, containerUrl, timeoutMs, maxBytes }: { deps: TechStackDeps; containerUrl: (id: string) => string; timeoutMs: number; maxBytes: number },
): Promise<{ containers: { id: string; content: Fetched }[]; complete: boolean }> {
  const containers: { id: string; content: Fetched }[] = [];
  let complete = true;
  async function load(url: string): Promise<Fetched | null> {
    const response = await deps.fetch(url, { timeoutMs, maxBodyBytes: maxBytes, accept: 'application/javascript,*/*;q=0.5', signal: deps.signal });
    return response.status === 200 ? response.content : null;
  }
  for (const id of ids) {
    try {
      const url = containerUrl(id);
      const content = deps.containers ? await deps.containers.get(url, () => load(url)) : await load(url);
      if (content !== null) containers.push({ id, content });
      else complete = false;
    } catch (error) {
      if (!isFetchFailure(error) && !isUnsafeTarget(error)) throw error;
      complete = false;
    }
  }
  return { containers, complete };
}

/** The detector over the page, its containers, headers, cookies and DNS, in the parse pool; without the page when it could not be analysed. */
async function runDetection(
  page: SafeFetchResponse,
  {
    records: { mx, txt, dmarc, cname },
    containers,
    unanalysable,
  }: { records: DomainRecords; containers: { id: string; content: Fetched }[]; unanalysable: string | null },
  deps: TechStackDeps,
): Promise<Detection> {
  const input = {
    url: page.url,
    page: unanalysable ? null : page.content,
    headers: page.headers,
    cookies: page.setCookies.map((cookie) => cookie.split('=')[0].trim()).filter(Boolean),
    containers,
    dns: { mx: recordsOf(mx).map((record) => record.exchange), txt: recordsOf(txt), dmarc: recordsOf(dmarc)[0] ?? null, cname: recordsOf(cname) },
  };
  try {
    const found = await deps.analyze('detect', input, { signal: deps.signal });
    return { found, unanalysable };
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    // Headers, cookies and DNS without the page and its containers, on this thread: no fetched
    // content, a few KB by construction (the HTTP client's header limit, DNS answers), so the run
    // still ends with what they show even when the pool is what failed.
    const { page: _page, containers: _containers, ...known } = input;
    return { found: detect({ ...known, html: '', containers: [] }), unanalysable: unanalysable ?? error.message };
  }
}

/** This run against the domain's previous complete one (added, removed, first/last seen); a complete run is remembered. */
async function compareRuns(domain: string, found: DetectResult, { partial, checkedAt, deps }: { partial: boolean; checkedAt: string; deps: TechStackDeps }) {
  const names = found.technologies.map((technology) => technology.name).sort();
  const previous = await deps.previous(domain);
  const isFirstRun = previous === null;
  const added = isFirstRun ? null : names.filter((name) => !previous.technologies.includes(name));
  const removed = isFirstRun || partial ? null : previous.technologies.filter((name) => !names.includes(name));
  const history = techHistory(previous, names, checkedAt);
  if (!partial) await deps.remember(domain, { technologies: names, at: checkedAt, seen: history.seen });
  return { added, removed, isFirstRun, first: history.first };
}

function techStackResult({
  domain,
  checkedAt,
  page,
  readFirst,
  detection: { found, unanalysable },
  partial,
  run,
}: {
  domain: string;
  checkedAt: string;
  page: SafeFetchResponse;
  /** The page is the first candidate's (https, the domain as given). */
  readFirst: boolean;
  detection: Detection;
  /** Part of the collection failed: removals are not reported. */
  partial: boolean;
  run: Awaited<ReturnType<typeof compareRuns>>;
}): TechStackResult {
  const status: TechStackStatus = found.technology_count > 0 ? 'ok' : 'no_signals';
  const notes = [
    status === 'no_signals' ? 'The page loaded but no technology was detected.' : null,
    unanalysable
      ? `The home page could not be analysed within the parse limits (${unanalysable}): technologies were read from its headers, cookies and DNS only.`
      : null,
    partial ? 'Part of the collection failed (a container, DNS or a truncated page); removals are not reported for this run.' : null,
    readFirst ? null : `Read from ${page.url}.`,
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
    added: run.added,
    removed: run.removed,
    is_first_run: partial ? null : run.isFirstRun,
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
    technologies: found.findings.map((finding) => ({ ...finding, first_seen: run.first.get(finding.name) ?? checkedAt, last_seen: checkedAt })),
    ...(unanalysable ? { page_unanalysable: true as const } : {}),
  };
}
