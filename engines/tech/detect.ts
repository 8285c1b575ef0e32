import { prepareContainer } from './container.ts';
import { normalizeHost, parseDmarc, parseSpf, type DmarcPolicy } from './dns.ts';
import { extractContainerIds, extractPage } from './extract.ts';
import { MATCHERS, SIGNAL_COUNT, suffixHits } from './matchers.ts';
import { FLAGS, LIST_CATEGORIES, TECHNOLOGIES, TECHNOLOGY_BY_NAME, type Category, type Example, type Flag, type ListCategory, type Signal, type SignalKind } from './technologies.ts';

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

export interface DetectResult extends Record<ListCategory, string[]> {
  technologies: DetectedTechnology[];
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

/** Signals fired for one input, with the concrete record for DNS evidence. */
class Hits {
  readonly fired = new Uint8Array(SIGNAL_COUNT);
  readonly list: Signal[] = [];
  readonly detail = new Map<number, string>();
  add = (signal: Signal, detail?: string) => {
    if (this.fired[signal.id]) return;
    this.fired[signal.id] = 1;
    this.list.push(signal);
    if (detail) this.detail.set(signal.id, detail);
  };
}

export function detect(input: DetectInput): DetectResult {
  const { hits, title } = matchSignals(input);
  const entries = decide(hits);
  const emailProvider = resolveEmailProvider(input.dns?.mx ?? [], entries, hits);
  return assemble(entries, emailProvider, title, parseDmarc(input.dns?.dmarc));
}

/** Every signal the input shows (before the strong/weak decision), with the record for DNS ones. */
export function firedSignals(input: DetectInput): { signal: Signal; detail?: string }[] {
  const { hits } = matchSignals(input);
  return hits.list.map((signal) => ({ signal, detail: hits.detail.get(signal.id) }));
}

function matchSignals(input: DetectInput): { hits: Hits; title: string | null } {
  const hits = new Hits();
  const page = extractPage(input.html ?? '');

  const html = page.html;
  for (const [start, end] of page.markup) MATCHERS.html.scan(html, hits.add, start, end);
  for (const [start, end] of page.inline) MATCHERS.inline.scan(html, hits.add, start, end);
  for (const [start, end] of page.comments) MATCHERS.comment.scan(html, hits.add, start, end);
  for (const url of page.scriptUrls) MATCHERS.script.scan(url, hits.add);
  for (const meta of page.metas) for (const signal of MATCHERS.meta.get(meta.name) ?? []) if (meta.content.includes(signal.pattern)) hits.add(signal);
  matchHeaders(input.headers ?? {}, hits);
  matchCookies(input.cookies ?? [], hits);
  matchUrl(input.url, hits);
  for (const container of input.containers ?? []) {
    const { text, types } = prepareContainer(container.body ?? '');
    for (const type of types) for (const signal of MATCHERS.tag.get(type) ?? []) hits.add(signal);
    MATCHERS.container.scan(text, hits.add);
  }
  matchDns(input.dns, hits);
  return { hits, title: page.title };
}

function matchHeaders(headers: Record<string, string>, hits: Hits) {
  for (const [rawName, rawValue] of Object.entries(headers)) {
    const signals = MATCHERS.header.get(rawName.toLowerCase());
    if (!signals) continue;
    const value = String(rawValue).toLowerCase();
    for (const signal of signals) if (value.includes(signal.pattern)) hits.add(signal);
  }
}

function matchCookies(cookies: string[], hits: Hits) {
  for (const raw of cookies) {
    const name = raw.trim().toLowerCase();
    for (const signal of MATCHERS.cookieExact.get(name) ?? []) hits.add(signal);
    for (const signal of MATCHERS.cookiePrefix) if (name.startsWith(signal.pattern) && name.length > signal.pattern.length) hits.add(signal);
  }
}

function matchUrl(url: string, hits: Hits) {
  let host: string;
  try {
    host = normalizeHost(new URL(url).hostname);
  } catch {
    return;
  }
  for (const signal of suffixHits(MATCHERS.url, host)) hits.add(signal);
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
}

/** Per technology and reporting category: >= 1 strong or >= 2 distinct weak signals. */
function decide(hits: Hits): Entry[] {
  const groups = new Map<string, { tech: number; category: Category; strong: number; weak: number; evidence: string[] }>();
  for (const signal of hits.list) {
    const category = DNS_CATEGORY[signal.kind] ?? TECHNOLOGIES[signal.tech].category;
    const key = `${signal.tech}|${category}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { tech: signal.tech, category, strong: 0, weak: 0, evidence: [] }));
    if (signal.strength === 'strong') group.strong++;
    else group.weak++;
    const detail = hits.detail.get(signal.id);
    group.evidence.push(`${signal.strength === 'weak' ? '(weak) ' : ''}${signal.source}${detail ? ` (${detail})` : ''}`);
  }
  const entries: Entry[] = [];
  for (const group of groups.values()) {
    if (group.strong >= 1 || group.weak >= 2) entries.push({ tech: group.tech, category: group.category, evidence: group.evidence, strong: group.strong >= 1 });
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
        existing.strong ||= entry.strong;
        continue;
      }
      present.add(key);
      entries.push({ tech: implied.id, category: implied.category, evidence: [evidence], strong: entry.strong });
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
      entries.push({ tech: viaSpf.tech, category: 'email_provider', evidence: [`mx gateway ${gateway}`, ...viaSpf.evidence], strong: true });
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
  const lists = Object.fromEntries(LIST_CATEGORIES.map((category) => [category, unique(entries.filter((e) => e.category === category).map((e) => TECHNOLOGIES[e.tech].name))])) as Record<ListCategory, string[]>;
  const reported = new Set(entries.map((e) => e.tech));
  const flags = Object.fromEntries(FLAGS.map((flag) => [flag, false])) as Record<Flag, boolean>;
  for (const tech of reported) {
    const flag = TECHNOLOGIES[tech].flag;
    // a flag follows the technology's own category (a TXT verification is no pixel)
    if (flag && entries.some((e) => e.tech === tech && e.category === TECHNOLOGIES[tech].category)) flags[flag] = true;
  }
  return {
    technologies,
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
