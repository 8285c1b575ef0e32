/**
 * Technology names in free text (job postings): every name and alias of the one vocabulary
 * (TECHNOLOGIES and POSTING_TECHNOLOGIES in technologies.ts), found in one pass with the literal
 * automaton, then kept only where the occurrence stands as a word of its own.
 *
 * Prose is not markup, so three rules keep common words out:
 * - an occurrence must not touch a letter, digit or _ on either side (nor - or . before it, nor
 *   + or # after it, nor a . followed by a letter: 'Node' is not found in 'Node.js');
 * - a term written with capitals is not found written all in lower case ('Snowflake' is not
 *   'snowflake schema', 'Outreach.io' is not 'outreach'), and an all-capitals term of up to
 *   four characters (AWS, SQL, GPT) only in capitals;
 * - the terms of PROSE_WORDS, which are everyday words even when capitalized at the start of a
 *   sentence, are not looked for at all.
 */
import { buildAutomaton } from './automaton.ts';
import { POSTING_TECHNOLOGIES, TECHNOLOGIES } from './technologies.ts';

/** Vocabulary terms that read as plain English in a job posting; never reported from prose. */
export const PROSE_WORDS: readonly string[] = [
  'Segment',
  'Heap',
  'Drift',
  'Square',
  'Render',
  'Medium',
  'Ghost',
  'Kit',
  'Apple',
  'Prototype',
  'Turbo',
  'Bolt',
  'Sumo',
  'Qualified',
  'Privy',
  'Drip',
  'Swiper',
  'Slick',
  'Express',
  'Attentive',
  'Canva',
  'Crisp',
  'Divi',
  'Framer',
  'Astro',
  'Remix',
  'Hugo',
  'Meteor',
  'Backbone',
  'Knockout',
  'Alpine',
  'Bird',
  'Moment',
  'Underscore',
  'Pantheon',
  'Flywheel',
  'Outlook',
  'Claude',
  'Postman',
  'Moat',
  'Nielsen',
  'Discourse',
  'Fandom',
];

/**
 * Vendors whose bare name the vocabulary files as an alias of one of their products ('Datadog'
 * of 'Datadog RUM', 'MongoDB' of 'MongoDB Atlas'). A posting that writes the vendor's name names
 * the vendor, not that product: the posting finder reports the vendor's name itself, and a
 * product only when its own full name or alias is written.
 */
export const POSTING_VENDOR_NAMES: readonly string[] = ['Datadog', 'MongoDB', 'Atlassian', 'Tealium', 'Barracuda'];

export interface TechnologyTerm {
  term: string;
  /** The canonical name it reports. */
  name: string;
}

export interface TechnologyMention {
  name: string;
  start: number;
  length: number;
  caseFits: boolean;
}

export interface TechnologyFinder {
  /** Canonical names found in text, each once, in order of first occurrence. */
  find(text: string): string[];
  /** Every canonical name the finder can report. */
  readonly names: readonly string[];
}

/** Names and aliases of the whole vocabulary; throws when a term would name two technologies. */
export function vocabularyTerms(): TechnologyTerm[] {
  const owner = new Map<string, string>();
  const terms: TechnologyTerm[] = [];
  const entries = [
    ...TECHNOLOGIES.map((t) => ({ name: t.name, aliases: t.aliases })),
    ...POSTING_TECHNOLOGIES.map((t) => ({ name: t.name, aliases: t.aliases ?? [] })),
  ];
  for (const { name, aliases } of entries) {
    for (const term of [name, ...aliases]) {
      const key = term.toLowerCase();
      const other = owner.get(key);
      if (other && other !== name) throw new Error(`technology term ${term} names both ${other} and ${name}`);
      if (other) continue;
      owner.set(key, name);
      terms.push({ term, name });
    }
  }
  return terms;
}

const isWordCode = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
const isLetterOrDigit = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const hasUpper = (text: string) => /[A-Z]/.test(text);

/** The finder that also says where each name occurs. */
export interface TechnologyLocator extends TechnologyFinder {
  /** Every occurrence standing as a word of its own, whatever its case (caseFits: find's case rule holds). */
  locate(text: string): TechnologyMention[];
}

export function buildTechnologyFinder(
  vocabulary: readonly TechnologyTerm[] = vocabularyTerms(),
  { proseWords = PROSE_WORDS, vendorNames = [] as readonly string[] } = {},
): TechnologyLocator {
  const vendors = new Map(vendorNames.map((name) => [name.toLowerCase(), name]));
  const terms = vendors.size
    ? vocabulary.map((t) => (vendors.has(t.term.toLowerCase()) ? { term: t.term, name: vendors.get(t.term.toLowerCase())! } : t))
    : vocabulary;
  const skipped = new Set(proseWords.map((word) => word.toLowerCase()));
  const known = new Set(terms.map((t) => t.term.toLowerCase()));
  for (const word of skipped) if (!known.has(word)) throw new Error(`PROSE_WORDS lists ${word}, which is not in the vocabulary`);
  const usable = terms.filter((t) => !skipped.has(t.term.toLowerCase()) && /^[\x20-\x7e]+$/.test(t.term) && !t.term.includes('\\'));
  const automaton = buildAutomaton(usable.map((t) => t.term));
  const lengths = usable.map((t) => t.term.length);
  const caseRule = usable.map((t) => (/^[A-Z0-9]{1,4}$/.test(t.term) && hasUpper(t.term) ? 'exact' : hasUpper(t.term) ? 'not-lower' : 'any'));
  const names = [...new Set(usable.map((t) => t.name))];

  function standsAlone(text: string, start: number, length: number): boolean {
    const before = start > 0 ? text.charCodeAt(start - 1) : 32;
    if (isWordCode(before) || before === 45 || before === 46) return false;
    const end = start + length;
    if (end >= text.length) return true;
    const after = text.charCodeAt(end);
    if (isWordCode(after) || after === 43 || after === 35) return false;
    if (after === 46 && end + 1 < text.length && isLetterOrDigit(text.charCodeAt(end + 1))) return false;
    return true;
  }

  function caseFits(text: string, start: number, pattern: number): boolean {
    const rule = caseRule[pattern];
    if (rule === 'any') return true;
    const found = text.slice(start, start + lengths[pattern]);
    return rule === 'exact' ? found === usable[pattern].term : hasUpper(found);
  }

  return {
    names,
    find(text) {
      const hits: { pattern: number; start: number }[] = [];
      automaton.scan(text, 0, text.length, (pattern, start) => {
        // A backslash inside the occurrence (the automaton skips them) makes it longer than the term.
        if (text.charCodeAt(start + lengths[pattern] - 1) === 92 || !standsAlone(text, start, lengths[pattern]) || !caseFits(text, start, pattern)) return;
        hits.push({ pattern, start });
      });
      // With vendor names (postings), a term inside a longer one names nothing of its own: "MongoDB Atlas" is not also "MongoDB".
      const kept = vendors.size
        ? hits.filter(
            ({ pattern, start }) =>
              !hits.some(
                (other) =>
                  other.start <= start && other.start + lengths[other.pattern] >= start + lengths[pattern] && lengths[other.pattern] > lengths[pattern],
              ),
          )
        : hits;
      return [...new Set(kept.map((hit) => usable[hit.pattern].name))];
    },
    locate(text) {
      const mentions: TechnologyMention[] = [];
      automaton.scan(text, 0, text.length, (pattern, start) => {
        if (text.charCodeAt(start + lengths[pattern] - 1) === 92 || !standsAlone(text, start, lengths[pattern])) return;
        mentions.push({ name: usable[pattern].name, start, length: lengths[pattern], caseFits: caseFits(text, start, pattern) });
      });
      return mentions.sort((a, b) => a.start - b.start || b.length - a.length);
    },
  };
}

let shared: TechnologyFinder | null = null;

/** The finder over the whole vocabulary, built once. */
export function technologyFinder(): TechnologyFinder {
  return (shared ??= buildTechnologyFinder());
}

let postings: TechnologyFinder | null = null;

/** The finder of job postings: the whole vocabulary, a vendor's bare name reported as the vendor (POSTING_VENDOR_NAMES). */
export function postingTechnologyFinder(): TechnologyFinder {
  return (postings ??= buildTechnologyFinder(undefined, { vendorNames: POSTING_VENDOR_NAMES }));
}

/** Canonical technology names named in text (see the rules above). */
export function findTechnologies(text: string): string[] {
  return technologyFinder().find(text);
}
