/**
 * The matcher: scores every offer of the catalog for a goal.
 *
 * score(offer) = sum over the offer's rules (lexicon.ts) of weight × match, where a phrase matches
 *   when its stemmed words occur consecutively in the goal (each word exact = 1, or within its typo
 *   allowance = 0.8; the phrase counts its weakest word), each phrase at most once
 * + the catalog's own words: each word of the offer's id, MCP tool name, tags, summary and example
 *   summaries that occurs in the goal adds 1 / (number of offers that have the word): a word only
 *   one offer has counts 1, a word every offer has counts next to nothing
 * + 2 for a technology name of the one technology vocabulary (engines/tech) → tech-stack
 * − the take-backs of lexicon.ts.
 * An offer is "asked for" when its score reaches ASKED (3); no offer asked for means the goal is unclear.
 */
import { findTechnologies, vocabularyTerms } from '../tech/keywords.ts';
import type { AdvisorCatalog } from './catalog.ts';
import { RULES, TAKE_BACK } from './lexicon.ts';
import { fold, stem, wordMatch, words } from './text.ts';

export const ASKED = 3;

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'for',
  'and',
  'or',
  'in',
  'on',
  'by',
  'with',
  'from',
  'is',
  'are',
  'do',
  'doe',
  'i',
  'my',
  'it',
  'its',
  'this',
  'these',
  'that',
  'what',
  'which',
  'how',
  'get',
  'one',
  'then',
  'example',
  'com',
  'org',
  'net',
  'v1',
  'up',
  'at',
  'per',
  'as',
]);

export interface Scored {
  offer: string;
  score: number;
  /** The phrases and words that counted, for `why`. */
  cues: string[];
  /** The goal word where its first cue starts (the order in which the goal asks for offers). */
  at: number;
}

interface CompiledRule {
  offer: string;
  phrase: string;
  words: string[];
  weight: number;
}

function compile(rules: [string, number][], offer: string): CompiledRule[] {
  return rules.map(([phrase, weight]) => ({ offer, phrase, words: words(phrase), weight }));
}

/** What one goal word matches: phrase word -> [alone, inside a phrase of several words] (wordMatch). */
type Reach = Map<string, readonly [number, number]>;

/** How the goal word at a position matches a phrase word (wordMatch). */
type MatchAt = (position: number, term: string, inPhrase: boolean) => number;

const NOTHING: Reach = new Map();

/**
 * How well a phrase occurs in the goal's words (0 when it does not), and where it best does.
 * `starts`: the only positions where its first word can match (the shortcut); null tries every position.
 */
function phraseMatch(goalLength: number, matchAt: MatchAt, phrase: string[], starts: readonly number[] | null = null): { match: number; at: number } {
  if (!phrase.length) return { match: 0, at: -1 };
  const inPhrase = phrase.length > 1;
  let best = 0;
  let at = -1;
  const tries = starts ? starts.length : goalLength;
  for (let n = 0; n < tries; n++) {
    const start = starts ? starts[n] : n;
    if (start + phrase.length > goalLength) break;
    let weakest = 1;
    for (let k = 0; k < phrase.length && weakest > 0; k++) weakest = Math.min(weakest, matchAt(start + k, phrase[k], inPhrase));
    if (weakest > best) {
      best = weakest;
      at = start;
    }
    if (best === 1) break;
  }
  return { match: best, at };
}

export interface MatcherOptions {
  /**
   * Each goal word's matches computed once (and remembered), and a phrase tried only when each of
   * its words is within reach of some goal word (exact, or a typo away with the same first letter).
   * Off: every phrase at every position through wordMatch, only to check that the shortcuts change no score.
   */
  shortcuts?: boolean;
  /** Goal words whose matches are kept between calls (the set starts over when full). */
  rememberedWords?: number;
}

export function createMatcher(catalog: AdvisorCatalog, { shortcuts = true, rememberedWords = 20_000 }: MatcherOptions = {}) {
  for (const offer of Object.keys(RULES)) catalog.offer(offer);
  for (const [, offer] of TAKE_BACK) catalog.offer(offer);
  // Phrases that stem alike ('contract', 'contracting') count once, at the higher weight.
  const unique = new Map<string, CompiledRule>();
  for (const rule of Object.entries(RULES).flatMap(([offer, list]) => compile(list, offer))) {
    const key = `${rule.offer}|${rule.words.join(' ')}`;
    if ((unique.get(key)?.weight ?? -Infinity) < rule.weight) unique.set(key, rule);
  }
  const rules = [...unique.values()];
  const takeBacks = TAKE_BACK.map(([phrase, offer, weight]) => ({ offer, words: words(phrase), weight }));
  // Rules by their first word, as positions in `rules` (their order decides the order of cues).
  const rulesByFirstWord = new Map<string, number[]>();
  rules.forEach((rule, index) => {
    if (rule.words.length) rulesByFirstWord.set(rule.words[0], [...(rulesByFirstWord.get(rule.words[0]) ?? []), index]);
  });

  // The phrases' words, and by first letter and length: a typo match keeps the first letter, is at
  // most two letters longer or shorter, and needs 4 letters or more (wordMatch).
  const terms = new Set([...rules, ...takeBacks].flatMap((rule) => rule.words));
  const termsByShape = new Map<string, string[]>();
  for (const term of terms) {
    const shape = `${term[0]}${term.length}`;
    termsByShape.set(shape, [...(termsByShape.get(shape) ?? []), term]);
  }
  // One-word names of the technology vocabulary: a technology named is that name, not a typo ('slack' is no 'stack').
  const technologyWords = new Set(
    vocabularyTerms()
      .map(({ term }) => words(term))
      .filter((parts) => parts.length === 1)
      .map(([word]) => word),
  );
  const reaches = new Map<string, Reach>();
  /** The phrase words a goal word matches, alone and inside a phrase (remembered: goals share their words). */
  function reachOf(goalWord: string): Reach {
    let reach = reaches.get(goalWord);
    if (reach) return reach;
    reach = new Map();
    if (terms.has(goalWord)) reach.set(goalWord, [1, 1]);
    // A word the rules know is that word, not a typo of another ('shell' is no 'shelf').
    else if (goalWord.length >= 4 && !technologyWords.has(goalWord)) {
      for (let length = Math.max(4, goalWord.length - 2); length <= goalWord.length + 2; length++) {
        for (const term of termsByShape.get(`${goalWord[0]}${length}`) ?? []) {
          if (term === goalWord) continue;
          // Inside a phrase the test is looser: nothing it refuses matches alone.
          const inPhrase = wordMatch(goalWord, term, true);
          if (inPhrase > 0) reach.set(term, [wordMatch(goalWord, term, false), inPhrase]);
        }
      }
    }
    if (reaches.size >= rememberedWords) reaches.clear();
    reaches.set(goalWord, reach);
    return reach;
  }

  // The catalog's own words and how many offers share each.
  const catalogWords = new Map<string, Set<string>>();
  for (const offer of catalog.offers) {
    if (offer.id === 'advisor') continue;
    const text = [
      offer.id.replace(/[-_]/g, ' '),
      offer.mcpTool.replace(/_/g, ' '),
      ...offer.tags.map((tag) => tag.replace(/-/g, ' ')),
      offer.summary,
      ...offer.examples.map((example) => example.summary),
    ].join(' ');
    for (const word of new Set(words(text))) {
      if (STOP.has(word) || word.length < 3) continue;
      if (!catalogWords.has(word)) catalogWords.set(word, new Set());
      catalogWords.get(word)!.add(offer.id);
    }
  }

  /**
   * `masked`: positions of goal words that ask for something no offer gives (reading.ts), which
   * count for no offer.
   */
  return function score(goal: string, { masked }: { masked?: ReadonlySet<number> } = {}): Scored[] {
    const goalWords = words(goal);
    const goalReach = shortcuts ? goalWords.map((word, position) => (masked?.has(position) ? NOTHING : reachOf(word))) : [];
    const matchAt: MatchAt = shortcuts
      ? (position, term, inPhrase) => goalReach[position].get(term)?.[inPhrase ? 1 : 0] ?? 0
      : (position, term, inPhrase) =>
          masked?.has(position) || ((terms.has(goalWords[position]) || technologyWords.has(goalWords[position])) && goalWords[position] !== term)
            ? 0
            : wordMatch(goalWords[position], term, inPhrase);
    // The phrase words some goal word reaches, and at which positions (ascending).
    const reached = shortcuts ? new Map<string, number[]>() : null;
    if (reached) {
      goalReach.forEach((reach, position) => {
        for (const term of reach.keys()) {
          const positions = reached.get(term);
          if (positions) positions.push(position);
          else reached.set(term, [position]);
        }
      });
    }
    const mayMatch = (phrase: string[]) => reached === null || phrase.every((word) => reached.has(word));
    const startsOf = (phrase: string[]) => (reached === null || !phrase.length ? null : reached.get(phrase[0])!);
    // Only rules whose first word some goal word reaches, in rule order (marked, then read in order).
    let candidates = rules;
    if (reached) {
      const marked = new Uint8Array(rules.length);
      for (const word of reached.keys()) for (const index of rulesByFirstWord.get(word) ?? []) marked[index] = 1;
      candidates = [];
      for (let index = 0; index < marked.length; index++) if (marked[index]) candidates.push(rules[index]);
    }
    const totals = new Map<string, Scored>();
    const add = (offer: string, amount: number, cue: string, at: number) => {
      const entry = totals.get(offer) ?? { offer, score: 0, cues: [], at: Infinity };
      entry.score += amount;
      if (amount > 0 && !entry.cues.includes(cue)) entry.cues.push(cue);
      if (amount > 0 && at >= 0) entry.at = Math.min(entry.at, at);
      totals.set(offer, entry);
    };
    // Each goal word is read once per offer: of phrases of one offer that overlap ('job board' and
    // 'job'), the weightiest counts.
    const hits: { rule: CompiledRule; amount: number; at: number }[] = [];
    for (const rule of candidates) {
      if (!mayMatch(rule.words)) continue;
      const { match, at } = phraseMatch(goalWords.length, matchAt, rule.words, startsOf(rule.words));
      if (match > 0) hits.push({ rule, amount: rule.weight * match, at });
    }
    const taken = new Map<string, Uint8Array>();
    for (const hit of [...hits].sort((a, b) => b.amount - a.amount)) {
      const used = taken.get(hit.rule.offer) ?? new Uint8Array(goalWords.length);
      taken.set(hit.rule.offer, used);
      const end = hit.at + hit.rule.words.length;
      let free = true;
      for (let i = hit.at; i < end && free; i++) free = used[i] === 0;
      if (!free) continue;
      used.fill(1, hit.at, end);
      add(hit.rule.offer, hit.amount, hit.rule.phrase, hit.at);
    }
    const seen = new Set<string>();
    goalWords.forEach((word, position) => {
      if (seen.has(word) || masked?.has(position)) return;
      seen.add(word);
      const owners = catalogWords.get(word);
      if (owners) for (const offer of owners) add(offer, 1 / owners.size, word, -1);
    });
    const technologies = findTechnologies(goal).filter((name) => fold(name).length > 2);
    if (technologies.length) add('tech-stack', 2, technologies[0], -1);
    for (const back of takeBacks)
      if (mayMatch(back.words) && phraseMatch(goalWords.length, matchAt, back.words, startsOf(back.words)).match === 1) add(back.offer, -back.weight, '', -1);
    return [...totals.values()].filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  };
}

export { stem };
