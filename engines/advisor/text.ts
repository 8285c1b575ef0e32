/**
 * Reading an agent's goal: words (lower case, accents folded, light stemming), typo-tolerant
 * comparison, and the inputs written in the goal itself (domains, URLs, a domain count, a search-ads
 * region, an intent threshold). A domain or URL is taken from the goal only when it is written there
 * and is valid: nothing is ever made up.
 */
import { normalizeDomain, parseTargetUrl } from '../net/target.ts';
import { buildGlossary, GAP, GLOSSES, glossWords } from './languages.ts';
import * as lexicon from './lexicon.ts';

/** Plural, -ing and -ed endings cut so 'hiring'/'hires'/'hired' and 'ads'/'ad' meet. */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  return w;
}

/** Letters NFKD does not decompose are spelled in ASCII too (ł, ı, ß: 'zespół', 'kullanıyor', 'Straße'). */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ı: 'i', ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd' };
export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Arabic vowel marks and shadda (written or left out alike: ميسّر, ميسر).
    .replace(/[\u064b-\u065f\u0670]/g, '')
    .toLowerCase()
    .replace(/[łıßøæœđ]/g, (letter) => UNDECOMPOSED[letter]);

/** Words of English the rules read, and common ones, as written and stemmed: never read as an inflected foreign word. */
const COMMON_ENGLISH =
  'a an the of to for and or in on by with from is are was were be been do does did i my me we our us you your it its this these that those what which who whom how when where why can could would should will shall may might must not no yes all any some each every more most other same new old first last next about after before over under into out up down off than then so if also only very just there here they them their has have had get got give show tell find check see look make want need please';

function englishWords(): Set<string> {
  const phrases: string[] = [COMMON_ENGLISH, ...GLOSSES.map(([english]) => english)];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') phrases.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(Object.values(lexicon));
  const known = new Set<string>();
  for (const phrase of phrases)
    for (const word of fold(phrase).split(/[^a-z0-9]+/)) {
      if (!word) continue;
      known.add(word);
      known.add(stem(word));
    }
  return known;
}
const english = englishWords();

const glossary = buildGlossary(fold, (word) => english.has(word) || english.has(stem(word)));

/**
 * Stemmed words of a text; URLs, email addresses and domains are kept out (their labels are not
 * words of the goal); words of other languages read as their English gloss (languages.ts).
 */
export function words(text: string): string[] {
  // What they leave is a gap (GAP): the words on either side of "de qonto.com" are not next to each other.
  const plain = fold(text)
    .replace(/\bhttps?:\/\/\S+/g, ` ${GAP} `)
    .replace(/[^\s@<>()"',;]+@[a-z0-9.-]+/g, ` ${GAP} `)
    .replace(/\b[a-z0-9-]+(\.[a-z0-9-]+)+\b/g, (match) => (/^(llms\.txt|robots\.txt|agent-card\.json)$/.test(match) ? match.replace(/\./g, ' ') : ` ${GAP} `));
  return glossWords(plain, glossary).map(stem);
}

/** Rows reused by editDistance (three rolling rows; grown when a longer word comes). */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/** Optimal string alignment distance, stopping early above `max` (then max + 1). */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (m + 1 > rows[0].length) rows = [new Int32Array(2 * (m + 1)), new Int32Array(2 * (m + 1)), new Int32Array(2 * (m + 1))];
  let [twoBack, oneBack, current] = rows;
  for (let j = 0; j <= m; j++) oneBack[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(oneBack[j] + 1, current[j - 1] + 1, oneBack[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, twoBack[j - 2] + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    const spare = twoBack;
    twoBack = oneBack;
    oneBack = current;
    current = spare;
  }
  return oneBack[m];
}

/** A typo allowance by length: none under 5 letters, one up to 8, two from 9. */
export const typoAllowance = (word: string) => (word.length < 5 ? 0 : word.length < 9 ? 1 : 2);

/** How a goal word matches a vocabulary word: 1 exact, 0.8 within the typo allowance, 0 not. */
export function wordMatch(goalWord: string, term: string, inPhrase = false): number {
  if (goalWord === term) return 1;
  // Inside a phrase of several words the context is strong enough to allow one typo in a 4-letter word ('teck stack').
  const allowance = Math.min(typoAllowance(goalWord), typoAllowance(term)) || (inPhrase && goalWord.length >= 4 && term.length >= 4 ? 1 : 0);
  if (allowance === 0 || goalWord[0] !== term[0]) return 0;
  return editDistance(goalWord, term, allowance) <= allowance ? 0.8 : 0;
}

export interface GoalInputs {
  domains: string[];
  urls: string[];
  /** A number of domains/companies written in the goal ("40 domains", "2k companies"). */
  count: number | null;
  region: string | null;
  minIntentScore: number | null;
}

const COUNTED =
  'domains?|companies|company|sites?|websites?|accounts?|leads?|prospects?|brands?|stores?|shops?|vendors?|urls?|merchants?|firms?|businesses|targets?|orgs?|organi[sz]ations?|rows?|entries|names?|competitors?|rivals?|clients?|customers?|suppliers?|partners?|providers?|retailers?|startups?';
/** A counted noun of the list ('18 leads', '25 accounts'), read on stemmed words: it names the list, not an offer. */
const COUNTED_WORD = new RegExp(`^(?:${COUNTED})$`);
export const isCountedNoun = (word: string) => COUNTED_WORD.test(word);
const REGION_NAMES: Record<string, string> = {
  usa: 'US',
  'united states': 'US',
  uk: 'GB',
  'united kingdom': 'GB',
  britain: 'GB',
  canada: 'CA',
  australia: 'AU',
  germany: 'DE',
  france: 'FR',
  spain: 'ES',
  italy: 'IT',
  netherlands: 'NL',
  israel: 'IL',
  india: 'IN',
  brazil: 'BR',
  mexico: 'MX',
  japan: 'JP',
  singapore: 'SG',
  uae: 'AE',
};
const COUNTED_PATTERN = new RegExp(`\\b(\\d[\\d,.]*)\\s*(k|m)?\\+?\\s+(?:[a-z-]+\\s+){0,2}(?:${COUNTED})\\b`);
const REGION_PATTERNS: [RegExp, string][] = Object.entries(REGION_NAMES).map(([name, code]) => [new RegExp(`\\b${name}\\b`), code]);

/** Inputs written in the goal. Regions: a catalog code in capitals (not IN/IT, which are words) or a country name. */
export function goalInputs(goal: string, regions: readonly string[]): GoalInputs {
  const urls: string[] = [];
  for (const raw of goal.match(/\bhttps?:\/\/[^\s"'<>),]+/gi) ?? []) {
    const cleaned = raw.replace(/[.;:!?]+$/, '');
    if (parseTargetUrl(cleaned).ok && !urls.includes(cleaned)) urls.push(cleaned);
  }
  const withoutUrls = goal.replace(/\bhttps?:\/\/\S+/gi, ' ');
  const domains: string[] = [];
  for (const raw of withoutUrls.match(/\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+\b/gi) ?? []) {
    if (/^(llms\.txt|robots\.txt)$/i.test(raw) || /^\d+(\.\d+)*$/.test(raw)) continue;
    const domain = normalizeDomain(raw);
    if (domain && !domains.includes(domain)) domains.push(domain);
  }
  const folded = fold(withoutUrls);
  let count: number | null = null;
  const counted = folded.match(COUNTED_PATTERN);
  if (counted) {
    const base = Number(counted[1].replace(/,/g, ''));
    const value = Math.round(base * (counted[2] === 'k' ? 1_000 : counted[2] === 'm' ? 1_000_000 : 1));
    if (Number.isFinite(value) && value >= 1) count = value;
  }
  let region: string | null = null;
  for (const code of withoutUrls.match(/\b[A-Z]{2,3}\b/g) ?? []) {
    const mapped = code === 'USA' ? 'US' : code === 'UK' ? 'GB' : code;
    if (mapped !== 'IN' && mapped !== 'IT' && regions.includes(mapped)) {
      region = mapped;
      break;
    }
  }
  if (!region) {
    for (const [pattern, code] of REGION_PATTERNS) {
      if (regions.includes(code) && pattern.test(folded)) {
        region = code;
        break;
      }
    }
  }
  const score = folded.match(/\b(?:score|intent|threshold)\D{0,20}?(\d{1,3})\b/);
  const minIntentScore = score && Number(score[1]) <= 100 ? Number(score[1]) : null;
  return { domains, urls, count, region, minIntentScore };
}
