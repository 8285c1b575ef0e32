import { buildAutomaton } from './automaton.ts';
import { SIGNALS, TECHNOLOGIES, type Signal, type SignalKind, type TextKind } from './technologies.ts';

/**
 * The signal table compiled for speed: one Aho-Corasick automaton per text kind (all literals in
 * one pass), and maps for the keyed kinds.
 */

export interface TextMatcher {
  /** calls hit(signal, start, end) for every signal whose pattern occurs in text[from, to) */
  scan(text: string, hit: (signal: Signal, start: number, end: number) => void, from?: number, to?: number): void;
}

const LEAD_ALNUM = /^[a-z0-9]/;

/**
 * A regex source made as lenient as the automaton: ' stands for either quote (inside a character
 * class it adds both) and \/ also matches a JSON-escaped slash.
 */
export function flexibleSource(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      out += next === '/' && !inClass ? '\\\\?\\/' : ch + next;
      i++;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    if (ch === "'") {
      out += inClass ? `'"` : `['"]`;
      continue;
    }
    out += ch;
  }
  return out;
}

/** a-z, A-Z, 0-9, - and _: a host-like pattern must not start right after one of these */
function isWordish(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95;
}

/**
 * The literal text every match of a regex starts with: its leading run of plain characters (a
 * character followed by ?, * or {0 is dropped). Regexes without a lead of 3+ characters are refused,
 * since they would have to be tried at every position.
 */
export function regexLead(source: string): string {
  let lead = '';
  let i = 0;
  for (; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (/[a-zA-Z0-9]/.test(next)) break;
      lead += next;
      i++;
      continue;
    }
    if ('^$.|?*+()[]{}'.includes(ch)) break;
    lead += ch;
  }
  if (source[i] === '?' || source[i] === '*' || source.startsWith('{0', i)) lead = lead.slice(0, -1);
  if (lead.length < 3) throw new Error(`regex /${source}/ needs a literal lead of 3+ characters`);
  return lead;
}

interface Credit {
  signals: Signal[];
  regexes: { signal: Signal; sticky: RegExp }[];
  anchored: boolean;
  length: number;
}

/**
 * Literals, and the literal leads of regex signals, go into one automaton; a regex signal is tried
 * (sticky, case-insensitive) only where its lead was found.
 */
export function compileTextMatcher(signals: readonly Signal[]): TextMatcher {
  const byLiteral = new Map<string, Credit>();
  const entry = (key: string) => {
    if (!byLiteral.has(key)) byLiteral.set(key, { signals: [], regexes: [], anchored: LEAD_ALNUM.test(key), length: key.length });
    return byLiteral.get(key)!;
  };
  for (const signal of signals) {
    if (signal.re)
      entry(regexLead(signal.re.source).toLowerCase()).regexes.push({
        signal,
        sticky: new RegExp(flexibleSource(signal.re.source), signal.exact ? 'y' : 'iy'),
      });
    else entry(signal.pattern).signals.push(signal);
  }
  if (byLiteral.size === 0) return { scan() {} };
  const credits = [...byLiteral.values()];
  const automaton = buildAutomaton([...byLiteral.keys()]);

  return {
    scan(text, hit, from = 0, to = text.length) {
      automaton.scan(text, from, to, (index, start) => {
        const credit = credits[index];
        if (credit.anchored && start > from && isWordish(text.charCodeAt(start - 1))) return;
        // the literal's end, a little past it when backslashes were skipped: only for the snippet
        for (const signal of credit.signals) hit(signal, start, start + credit.length);
        for (const { signal, sticky } of credit.regexes) {
          sticky.lastIndex = start;
          if (sticky.test(text)) hit(signal, start, sticky.lastIndex);
        }
      });
    },
  };
}

/** name -> signals, for meta and header signals (value is a substring, '' = presence). */
function byName(kind: SignalKind): Map<string, Signal[]> {
  const map = new Map<string, Signal[]>();
  for (const signal of SIGNALS) {
    if (signal.kind !== kind) continue;
    if (!map.has(signal.name!)) map.set(signal.name!, []);
    map.get(signal.name!)!.push(signal);
  }
  return map;
}

function byPattern(kinds: SignalKind[], filter: (s: Signal) => boolean = () => true): Map<string, Signal[]> {
  const map = new Map<string, Signal[]>();
  for (const signal of SIGNALS) {
    if (!kinds.includes(signal.kind) || !filter(signal)) continue;
    if (!map.has(signal.pattern)) map.set(signal.pattern, []);
    map.get(signal.pattern)!.push(signal);
  }
  return map;
}

/**
 * Container text is also searched for the page patterns (script/inline/html) of every
 * technology that allows it: those become derived 'container' signals, keeping the strength for
 * tags (ad pixels, analytics, marketing tools) and weak for the rest.
 */
function deriveContainerSignals(firstId: number): Signal[] {
  const derived: Signal[] = [];
  for (const signal of SIGNALS) {
    if (signal.kind !== 'script' && signal.kind !== 'inline' && signal.kind !== 'html') continue;
    const tech = TECHNOLOGIES[signal.tech];
    if (!tech.containerText) continue;
    const keeps = tech.category === 'ad_pixels' || tech.category === 'analytics' || tech.category === 'marketing_tools';
    derived.push({
      ...signal,
      id: firstId + derived.length,
      kind: 'container',
      strength: keeps ? signal.strength : 'weak',
      source: `container:${signal.source}`,
    });
  }
  return derived;
}

export const DERIVED_CONTAINER_SIGNALS: readonly Signal[] = deriveContainerSignals(SIGNALS.length);

/** The names a product writes at the start of a generator meta: its name and aliases of 3+ characters. */
export function generatorNames(tech: { name: string; aliases: readonly string[] }): string[] {
  return [tech.name, ...tech.aliases].map((name) => name.toLowerCase()).filter((name) => name.length >= 3);
}

/**
 * A generator meta that starts with a known technology's name (after an optional 'powered by')
 * states that technology, whether or not its rule lists a generator signal: derived strong
 * 'meta' signals, one per technology without a generator signal of its own, keyed by name. A name
 * two technologies share is left out.
 */
function deriveGeneratorSignals(firstId: number): { signals: Signal[]; byName: Map<string, Signal> } {
  const owners = new Map<string, number[]>();
  // a name an explicit generator signal already claims stays with that technology (Bolt CMS, not Bolt checkout)
  const claimed = new Set(SIGNALS.filter((s) => s.kind === 'meta' && s.name === 'generator').map((s) => s.pattern));
  for (const tech of TECHNOLOGIES) {
    if (tech.signals.some((s) => s.kind === 'meta' && s.name === 'generator')) continue;
    for (const name of generatorNames(tech)) owners.set(name, [...(owners.get(name) ?? []), tech.id]);
  }
  const signals: Signal[] = [];
  const byName = new Map<string, Signal>();
  for (const [name, techs] of owners) {
    if (new Set(techs).size !== 1 || claimed.has(name)) continue;
    const signal: Signal = {
      id: firstId + signals.length,
      tech: techs[0],
      kind: 'meta',
      strength: 'strong',
      name: 'generator',
      pattern: name,
      source: `meta:generator=${name}`,
      sample: {},
    };
    signals.push(signal);
    byName.set(name, signal);
  }
  return { signals, byName };
}

const derivedGenerators = deriveGeneratorSignals(SIGNALS.length + DERIVED_CONTAINER_SIGNALS.length);
export const DERIVED_GENERATOR_SIGNALS: readonly Signal[] = derivedGenerators.signals;
export const SIGNAL_COUNT = SIGNALS.length + DERIVED_CONTAINER_SIGNALS.length + DERIVED_GENERATOR_SIGNALS.length;

/** where a product's name ends in a generator meta: before a space, a version's 'v', ';', '(' … (not '-': PHP is not PHP-Nuke) */
const NAME_END = /[\s(;,:|/]/;

/** The derived generator signal a generator meta's (lower-cased) content starts with, if any. */
export function generatorSignal(content: string): Signal | undefined {
  const text = content
    .trim()
    .replace(/^powered by\s+/, '')
    .slice(0, 60);
  // the longest name first: every prefix of the text that ends where a word ends
  for (let end = text.length; end >= 3; end--) {
    if (end < text.length && !NAME_END.test(text[end])) continue;
    const hit = derivedGenerators.byName.get(text.slice(0, end));
    if (hit) return hit;
  }
  return undefined;
}

const ofKind = (kind: TextKind) => SIGNALS.filter((s) => s.kind === kind);

export const MATCHERS = {
  script: compileTextMatcher(ofKind('script')),
  style: compileTextMatcher(ofKind('style')),
  inline: compileTextMatcher(ofKind('inline')),
  // link signals are found in the same pass over the markup (detect.ts tells them apart)
  html: compileTextMatcher([...ofKind('html'), ...ofKind('link')]),
  comment: compileTextMatcher(ofKind('comment')),
  container: compileTextMatcher([...ofKind('container'), ...DERIVED_CONTAINER_SIGNALS]),
  meta: byName('meta'),
  header: byName('header'),
  cookieExact: byPattern(['cookie'], (s) => !s.prefix),
  cookiePrefix: SIGNALS.filter((s) => s.kind === 'cookie' && s.prefix),
  tag: byPattern(['tag']),
  url: byPattern(['url']),
  mx: byPattern(['mx']),
  spf: byPattern(['spf']),
  cname: byPattern(['cname']),
  txt: SIGNALS.filter((s) => s.kind === 'txt'),
};

/** 'a.b.example.com' -> ['a.b.example.com', 'b.example.com', 'example.com', 'com'] */
export function hostSuffixes(host: string): string[] {
  const out = [host];
  for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) out.push(host.slice(dot + 1));
  return out;
}

/** Signals of a suffix map that match host (equal to the suffix or ending in '.' + suffix). */
export function suffixHits(map: ReadonlyMap<string, Signal[]>, host: string): Signal[] {
  const out: Signal[] = [];
  for (const suffix of hostSuffixes(host)) {
    const hit = map.get(suffix);
    if (hit) out.push(...hit);
  }
  return out;
}
