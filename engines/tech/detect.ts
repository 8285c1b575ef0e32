import { parse as parseDomain } from 'tldts';
import { prepareContainer } from './container.ts';
import { normalizeHost, parseDmarc, parseSpf, type DmarcPolicy } from './dns.ts';
import { extractContainerIds, extractPage, type Page } from './extract.ts';
import { confidenceOf, evidenceOf, snippetOf, type Evidence, type EvidenceKind, type Spot } from './evidence.ts';
import { generatorSignal, MATCHERS, SIGNAL_COUNT, suffixHits } from './matchers.ts';
import type { TechCategorySlug } from './taxonomy.ts';
import {
  FLAGS,
  LIST_CATEGORIES,
  TECHNOLOGIES,
  TECHNOLOGY_BY_NAME,
  type Category,
  type Example,
  type Flag,
  type ListCategory,
  type Signal,
  type SignalKind,
} from './technologies.ts';
import { readVersion } from './version.ts';

export { extractContainerIds, parseSpf, parseDmarc };

export interface DetectInput {
  url: string;
  html: string;
  headers: Record<string, string>;
  /** cookie names */
  cookies: string[];
  containers: { id: string; body: string }[];
  dns: { mx: string[]; txt: string[]; dmarc: string | null; cname: string[] };
}

/** A whole input from an example fragment (the tests and the offline world build pages this way). */
export function exampleInput(example: Example, base: Partial<DetectInput> = {}): DetectInput {
  return {
    url: example.url ?? base.url ?? 'https://www.example.org/',
    html: `${base.html ?? '<!doctype html><html><head><title>Example</title></head><body>'}${example.html ?? ''}`,
    headers: { ...base.headers, ...example.headers },
    cookies: [...(base.cookies ?? []), ...(example.cookies ?? [])],
    containers: [...(base.containers ?? []), ...(example.container ? [{ id: 'GTM-EXAMPLE', body: example.container }] : [])],
    dns: {
      mx: [...(base.dns?.mx ?? []), ...(example.dns?.mx ?? [])],
      txt: [...(base.dns?.txt ?? []), ...(example.dns?.txt ?? [])],
      dmarc: base.dns?.dmarc ?? null,
      cname: [...(base.dns?.cname ?? []), ...(example.dns?.cname ?? [])],
    },
  };
}

export interface DetectedTechnology {
  name: string;
  category: Category;
  evidence: string[];
}

/** One reported technology as an agent can check it: what it is, which version, and why. */
export interface TechnologyFinding {
  name: string;
  categories: TechCategorySlug[];
  version: string | null;
  evidence: Evidence[];
  confidence: number;
}

export type { Evidence, EvidenceKind };

export interface DetectResult extends Record<ListCategory, string[]> {
  technologies: DetectedTechnology[];
  /** every reported technology once, by name */
  findings: TechnologyFinding[];
  cms: string | null;
  ecommerce: string | null;
  email_provider: string | null;
  dmarc_policy: DmarcPolicy | null;
  title: string | null;
  technology_count: number;
  flags: Record<Flag, boolean>;
}

/** Where a DNS signal reports its technology, whatever the technology's own category. */
const DNS_CATEGORY: Partial<Record<SignalKind, Category>> = { mx: 'email_provider', spf: 'spf_senders', txt: 'verified_services', cname: 'hosting_cdn' };

/** Signals fired for one input, with the concrete record for DNS evidence and where each first matched. */
class Hits {
  readonly fired = new Uint8Array(SIGNAL_COUNT);
  readonly list: Signal[] = [];
  readonly detail = new Map<number, string>();
  /** the first occurrence of each fired signal (the snippet is cut only for reported ones) */
  readonly spots = new Map<number, Spot>();
  add = (signal: Signal, detail?: string, spot?: Spot) => {
    if (this.fired[signal.id]) return;
    this.fired[signal.id] = 1;
    this.list.push(signal);
    if (detail) this.detail.set(signal.id, detail);
    if (spot) this.spots.set(signal.id, spot);
  };
  /** a matcher callback for one text (a page, a URL, a container) */
  in(text: string, url = false) {
    return (signal: Signal, start: number, end: number) => {
      if (!this.fired[signal.id]) this.add(signal, undefined, { text, start, end, url });
    };
  }
}

export function detect(input: DetectInput): DetectResult {
  const { hits, page } = matchSignals(input);
  const entries = decide(hits);
  const emailProvider = resolveEmailProvider(input.dns?.mx ?? [], entries, hits);
  const result = assemble(entries, emailProvider, page.title, parseDmarc(input.dns?.dmarc));
  result.findings = findings(entries, hits, page, input.headers ?? {});
  return result;
}

/** Every signal the input shows (before the strong/weak decision), with the record for DNS ones. */
export function firedSignals(input: DetectInput): { signal: Signal; detail?: string }[] {
  const { hits } = matchSignals(input);
  return hits.list.map((signal) => ({ signal, detail: hits.detail.get(signal.id) }));
}

function matchSignals(input: DetectInput): { hits: Hits; page: Page } {
  const hits = new Hits();
  const page = extractPage(input.html ?? '');

  const html = page.html;
  const inHtml = hits.in(html);
  // a link to another site (a vendor's page, a file on another company's shop) is no sign that the
  // page uses that vendor; the site's own links (/cdn-cgi/l/email-protection, /wp-content/...) are
  let siteDomain: string | null = null;
  try {
    siteDomain = registrableDomain(new URL(input.url).hostname);
  } catch {}
  const siteName = registrableName(input.url);
  const inMarkup = (signal: Signal, start: number, end: number) => {
    if (hits.fired[signal.id]) return;
    if (signal.kind === 'link' ? siteName && hrefHostAt(html, start) && namesSite(html, end, siteName) : !offSiteLinkAt(html, start, siteDomain))
      inHtml(signal, start, end);
  };
  for (const [start, end] of page.markup) MATCHERS.html.scan(html, inMarkup, start, end);
  for (const [start, end] of page.inline) MATCHERS.inline.scan(html, inHtml, start, end);
  for (const [start, end] of page.comments) MATCHERS.comment.scan(html, inHtml, start, end);
  for (const url of page.scriptUrls) MATCHERS.script.scan(url, hits.in(url, true));
  for (const url of page.styleUrls) MATCHERS.style.scan(url, hits.in(url, true));
  for (const meta of page.metas) {
    const text = `${meta.name}=${meta.raw}`;
    for (const signal of MATCHERS.meta.get(meta.name) ?? []) {
      if (meta.content.includes(signal.pattern)) hits.add(signal, undefined, spotOf(text));
    }
    const named = meta.name === 'generator' ? generatorSignal(meta.content) : undefined;
    if (named) hits.add(named, undefined, spotOf(text));
  }
  matchHeaders(input.headers ?? {}, hits);
  matchCookies(input.cookies ?? [], hits);
  matchUrl(input.url, hits);
  for (const container of input.containers ?? []) {
    const { text, types } = prepareContainer(container.body ?? '');
    for (const type of types) for (const signal of MATCHERS.tag.get(type) ?? []) hits.add(signal, undefined, spotOf(`${container.id} tag ${type}`));
    MATCHERS.container.scan(text, hits.in(text));
  }
  matchDns(input.dns, hits);
  return { hits, page };
}

const spotOf = (text: string): Spot => ({ text, start: 0, end: text.length, url: false });

const ANCHOR = /^<(?:a|area)\s/i;
const TAG_WINDOW = 2048;
const HREF_VALUE = /\shref\s*=\s*["']?([^"'\s>]*)$/i;
const URL_HOST = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#"'\s>]*)/i;

/**
 * The host of the absolute URL in whose href value html[at] lies (an <a> or <area> tag), '' for a
 * relative one (the site's own), null when html[at] is not in an href.
 */
export function hrefHostAt(html: string, at: number): string | null {
  // only the tag the position sits in is read, at most TAG_WINDOW characters back: each match costs
  // a bounded amount whatever the page (a page of unclosed tags or one endless URL stays linear)
  const from = Math.max(0, at - TAG_WINDOW);
  const before = html.slice(from, at);
  const open = before.lastIndexOf('<');
  if (open < 0 || before.indexOf('>', open) >= 0) return null;
  const tag = before.slice(open);
  if (!ANCHOR.test(tag)) return null;
  const match = HREF_VALUE.exec(tag);
  if (!match) return null;
  const value = html.slice(at - match[1].length, at + 512);
  return (URL_HOST.exec(value)?.[1] ?? '').toLowerCase().replace(/:\d+$/, '');
}

/** Whether html[at] lies in a link to another site (an absolute href off the page's registrable domain). */
function offSiteLinkAt(html: string, at: number, site: string | null): boolean {
  const host = hrefHostAt(html, at);
  if (!host) return false;
  return !site || registrableDomain(host) !== site;
}

function registrableDomain(host: string): string | null {
  return parseDomain(host).domain?.toLowerCase() ?? null;
}

/** The registrable name of the page's host without its suffix ('acme' for www.acme.co.uk). */
function registrableName(url: string): string | null {
  try {
    const name = parseDomain(new URL(url).hostname).domainWithoutSuffix;
    return name ? name.toLowerCase().replace(/[^a-z0-9]/g, '') : null;
  } catch {
    return null;
  }
}

/**
 * Whether the path segment at html[from] (the board or account slug after a link pattern) names the
 * site: the same letters and digits as its registrable name, or one starting with the other (acme,
 * acmeinc, acme-corp on acme.com).
 */
function namesSite(html: string, from: number, site: string): boolean {
  const slug =
    /^[^/?#"'\s>]{2,80}/
      .exec(html.slice(from, from + 81))?.[0]
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '') ?? '';
  if (slug.length < 3 || site.length < 3) return false;
  return slug === site || (slug.startsWith(site) && site.length >= 4) || (site.startsWith(slug) && slug.length >= 4);
}

function matchHeaders(headers: Record<string, string>, hits: Hits) {
  for (const [rawName, rawValue] of Object.entries(headers)) {
    const signals = MATCHERS.header.get(rawName.toLowerCase());
    if (!signals) continue;
    const value = String(rawValue).toLowerCase();
    for (const signal of signals) if (value.includes(signal.pattern)) hits.add(signal, undefined, spotOf(`${rawName.toLowerCase()}: ${rawValue}`));
  }
}

function matchCookies(cookies: string[], hits: Hits) {
  for (const raw of cookies) {
    const name = raw.trim().toLowerCase();
    for (const signal of MATCHERS.cookieExact.get(name) ?? []) hits.add(signal, undefined, spotOf(raw.trim()));
    for (const signal of MATCHERS.cookiePrefix)
      if (name.startsWith(signal.pattern) && name.length > signal.pattern.length) hits.add(signal, undefined, spotOf(raw.trim()));
  }
}

function matchUrl(url: string, hits: Hits) {
  let host: string;
  try {
    host = normalizeHost(new URL(url).hostname);
  } catch {
    return;
  }
  for (const signal of suffixHits(MATCHERS.url, host)) hits.add(signal, undefined, spotOf(host));
}

function matchDns(dns: DetectInput['dns'] | undefined, hits: Hits) {
  if (!dns) return;
  for (const raw of dns.mx ?? []) {
    const host = normalizeHost(raw);
    for (const signal of suffixHits(MATCHERS.mx, host)) hits.add(signal, host);
  }
  for (const raw of dns.cname ?? []) {
    const host = normalizeHost(raw);
    for (const signal of suffixHits(MATCHERS.cname, host)) hits.add(signal, host);
  }
  const spfDomains = parseSpf(dns.txt ?? []);
  for (const domain of spfDomains) for (const signal of suffixHits(MATCHERS.spf, domain)) hits.add(signal, domain);
  for (const record of dns.txt ?? []) {
    const lower = record.trim().toLowerCase();
    for (const signal of MATCHERS.txt) if (lower.startsWith(signal.pattern)) hits.add(signal, record.trim().slice(0, 80));
  }
}

interface Entry {
  tech: number;
  category: Category;
  evidence: string[];
  strong: boolean;
  /** the signals that fired for it (none when only implied) */
  signals: Signal[];
  /** the technologies that imply it */
  impliedBy: number[];
}

/** Per technology and reporting category: >= 1 strong or >= 2 distinct weak signals. */
function decide(hits: Hits): Entry[] {
  const groups = new Map<string, { tech: number; category: Category; strong: number; weak: number; evidence: string[]; signals: Signal[] }>();
  for (const signal of hits.list) {
    const category = DNS_CATEGORY[signal.kind] ?? TECHNOLOGIES[signal.tech].category;
    const key = `${signal.tech}|${category}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { tech: signal.tech, category, strong: 0, weak: 0, evidence: [], signals: [] }));
    group.signals.push(signal);
    if (signal.strength === 'strong') group.strong++;
    else group.weak++;
    const detail = hits.detail.get(signal.id);
    group.evidence.push(`${signal.strength === 'weak' ? '(weak) ' : ''}${signal.source}${detail ? ` (${detail})` : ''}`);
  }
  const entries: Entry[] = [];
  for (const group of groups.values()) {
    if (group.strong >= 1 || group.weak >= 2)
      entries.push({ tech: group.tech, category: group.category, evidence: group.evidence, strong: group.strong >= 1, signals: group.signals, impliedBy: [] });
  }
  addImplied(entries);
  return entries;
}

function addImplied(entries: Entry[]) {
  const present = new Set(entries.map((e) => `${e.tech}|${e.category}`));
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.category !== TECHNOLOGIES[entry.tech].category) continue;
    for (const name of TECHNOLOGIES[entry.tech].implies) {
      const implied = TECHNOLOGY_BY_NAME.get(name)!;
      const key = `${implied.id}|${implied.category}`;
      const evidence = `implied by ${TECHNOLOGIES[entry.tech].name}`;
      if (present.has(key)) {
        const existing = entries.find((e) => e.tech === implied.id && e.category === implied.category)!;
        if (!existing.evidence.includes(evidence)) existing.evidence.push(evidence);
        if (!existing.impliedBy.includes(entry.tech)) existing.impliedBy.push(entry.tech);
        existing.strong ||= entry.strong;
        continue;
      }
      present.add(key);
      entries.push({ tech: implied.id, category: implied.category, evidence: [evidence], strong: entry.strong, signals: [], impliedBy: [entry.tech] });
    }
  }
}

/**
 * The mailbox provider from MX, in the order given (callers pass MX by preference). A security
 * gateway hides the mailbox host: then SPF tells (Microsoft 365, else Google Workspace), else the
 * gateway itself is the answer.
 */
function resolveEmailProvider(mx: string[], entries: Entry[], hits: Hits): string | null {
  const byMx = entries.filter((e) => e.category === 'email_provider');
  if (byMx.length === 0) return null;
  const order = (e: Entry) => {
    const detail = TECHNOLOGIES[e.tech].signals.filter((s) => hits.fired[s.id] && s.kind === 'mx').map((s) => hits.detail.get(s.id));
    const index = mx.map(normalizeHost).findIndex((host) => detail.includes(host));
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  const ranked = [...byMx].sort((a, b) => order(a) - order(b));
  const mailbox = ranked.find((e) => !TECHNOLOGIES[e.tech].gateway);
  if (mailbox) return TECHNOLOGIES[mailbox.tech].name;
  for (const name of ['Microsoft 365', 'Google Workspace']) {
    const viaSpf = entries.find((e) => e.category === 'spf_senders' && TECHNOLOGIES[e.tech].name === name);
    if (viaSpf) {
      const gateway = TECHNOLOGIES[ranked[0].tech].name;
      entries.push({
        tech: viaSpf.tech,
        category: 'email_provider',
        evidence: [`mx gateway ${gateway}`, ...viaSpf.evidence],
        strong: true,
        signals: viaSpf.signals,
        impliedBy: [],
      });
      return name;
    }
  }
  return TECHNOLOGIES[ranked[0].tech].name;
}

/**
 * Single fields: an entry with strong evidence before a weak-only one, a technology seen on the
 * page before one only implied by it (WordPress.com, not the WordPress it implies), then table order.
 */
function pick(entries: Entry[], category: Category): string | null {
  const candidates = entries.filter((e) => e.category === category);
  if (candidates.length === 0) return null;
  const onlyImplied = (e: Entry) => Number(e.evidence.every((item) => item.startsWith('implied by ')));
  candidates.sort((a, b) => Number(b.strong) - Number(a.strong) || onlyImplied(a) - onlyImplied(b) || a.tech - b.tech);
  return TECHNOLOGIES[candidates[0].tech].name;
}

function assemble(entries: Entry[], emailProvider: string | null, title: string | null, dmarc: DmarcPolicy | null): DetectResult {
  const technologies = entries
    .map((e) => ({ name: TECHNOLOGIES[e.tech].name, category: e.category, evidence: e.evidence }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.category < b.category ? -1 : 1));
  const lists = Object.fromEntries(
    LIST_CATEGORIES.map((category) => [category, unique(entries.filter((e) => e.category === category).map((e) => TECHNOLOGIES[e.tech].name))]),
  ) as Record<ListCategory, string[]>;
  const reported = new Set(entries.map((e) => e.tech));
  const flags = Object.fromEntries(FLAGS.map((flag) => [flag, false])) as Record<Flag, boolean>;
  for (const tech of reported) {
    const flag = TECHNOLOGIES[tech].flag;
    // a flag follows the technology's own category (a TXT verification is no pixel)
    if (flag && entries.some((e) => e.tech === tech && e.category === TECHNOLOGIES[tech].category)) flags[flag] = true;
  }
  return {
    technologies,
    findings: [],
    ...lists,
    cms: pick(entries, 'cms'),
    ecommerce: pick(entries, 'ecommerce'),
    email_provider: emailProvider,
    dmarc_policy: dmarc,
    title,
    technology_count: new Set(technologies.map((t) => t.name)).size,
    flags,
  };
}

const unique = (names: string[]) => [...new Set(names)].sort();

/** At most this many evidence items per technology (strong ones first). */
const MAX_EVIDENCE = 4;

/**
 * Each reported technology once: its slugs, the version the page states for it (version.ts), the
 * signals that matched with a snippet of what they matched, and a confidence (evidence.ts).
 */
function findings(entries: Entry[], hits: Hits, page: Page, headers: Record<string, string>): TechnologyFinding[] {
  const byTech = new Map<number, { signals: Signal[]; impliedBy: number[] }>();
  for (const entry of entries) {
    const item = byTech.get(entry.tech) ?? { signals: [], impliedBy: [] };
    for (const signal of entry.signals) if (!item.signals.includes(signal)) item.signals.push(signal);
    for (const tech of entry.impliedBy) if (!item.impliedBy.includes(tech)) item.impliedBy.push(tech);
    byTech.set(entry.tech, item);
  }
  const confidence = new Map<number, number>();
  const confidenceFor = (tech: number, seen: number[] = []): number => {
    if (confidence.has(tech)) return confidence.get(tech)!;
    const item = byTech.get(tech)!;
    const implied = item.impliedBy.filter((other) => !seen.includes(other)).map((other) => confidenceFor(other, [...seen, tech]));
    const value = confidenceOf(item.signals, implied);
    confidence.set(tech, value);
    return value;
  };
  const out: TechnologyFinding[] = [];
  for (const [tech, item] of byTech) {
    const technology = TECHNOLOGIES[tech];
    const ordered = [...item.signals].sort((a, b) => Number(a.strength === 'weak') - Number(b.strength === 'weak') || a.id - b.id);
    const evidence: Evidence[] = [];
    for (const signal of ordered) {
      const found = evidenceOf(signal, hits.spots.get(signal.id), hits.detail.get(signal.id));
      if (!evidence.some((e) => e.kind === found.kind && e.snippet === found.snippet)) evidence.push(found);
      if (evidence.length === MAX_EVIDENCE) break;
    }
    for (const other of item.impliedBy) {
      if (evidence.length === MAX_EVIDENCE) break;
      evidence.push({ kind: 'implied', snippet: snippetOf(`implied by ${TECHNOLOGIES[other].name}`) });
    }
    out.push({
      name: technology.name,
      categories: [...technology.categories],
      version: readVersion(technology, page, headers),
      evidence,
      confidence: confidenceFor(tech),
    });
  }
  dropCoreVersions(out, page);
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const CORE_VER = /\/wp-includes\/[^?#]*\?ver=(\d+\.\d+(?:\.\d+)?)(?:[&#]|$)/i;

/**
 * WordPress appends its own version (?ver=) to an extension's asset enqueued without one: an
 * extension's version equal to the core's (the generator's, or the ?ver= of /wp-includes/ assets)
 * is the core's, unless a generator meta states it for the extension.
 */
function dropCoreVersions(findings: TechnologyFinding[], page: Page) {
  const core = new Set<string>();
  const wordpress = findings.find((f) => f.name === 'WordPress');
  if (!wordpress) return;
  if (wordpress.version) core.add(wordpress.version);
  for (const url of [...page.scriptUrls, ...page.styleUrls]) {
    const match = CORE_VER.exec(url);
    if (match) core.add(match[1]);
  }
  if (core.size === 0) return;
  const stated = page.metas.filter((m) => m.name === 'generator').map((m) => m.content);
  for (const finding of findings) {
    if (!finding.version || finding.name === 'WordPress' || !core.has(finding.version)) continue;
    if (!TECHNOLOGY_BY_NAME.get(finding.name)!.implies.includes('WordPress')) continue;
    if (stated.some((content) => content.includes(finding.name.toLowerCase()) && content.includes(finding.version!))) continue;
    finding.version = null;
  }
}
