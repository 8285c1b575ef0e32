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
import { findTechnologies } from '../tech/keywords.ts';
import type { AdvisorCatalog } from './catalog.ts';
import { RULES, TAKE_BACK } from './lexicon.ts';
import { fold, stem, wordMatch, words } from './text.ts';

export const ASKED = 3;

const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'for', 'and', 'or', 'in', 'on', 'by', 'with', 'from', 'is', 'are', 'do', 'doe', 'i', 'my', 'it', 'its', 'this', 'these', 'that', 'what', 'which', 'how', 'get', 'one', 'then', 'example', 'com', 'org', 'net', 'v1', 'up', 'at', 'per', 'as']);

export interface Scored {
  offer: string;
  score: number;
  /** The phrases and words that counted, for `why`. */
  cues: string[];
}

interface CompiledRule { offer: string; phrase: string; words: string[]; weight: number }

function compile(rules: [string, number][], offer: string): CompiledRule[] {
  return rules.map(([phrase, weight]) => ({ offer, phrase, words: words(phrase), weight }));
}

/** How well a phrase occurs in the goal's words (0 when it does not). */
function phraseMatch(goal: string[], phrase: string[]): number {
  if (!phrase.length) return 0;
  let best = 0;
  for (let start = 0; start + phrase.length <= goal.length; start++) {
    let weakest = 1;
    for (let k = 0; k < phrase.length && weakest > 0; k++) weakest = Math.min(weakest, wordMatch(goal[start + k], phrase[k], phrase.length > 1));
    best = Math.max(best, weakest);
    if (best === 1) break;
  }
  return best;
}

export function createMatcher(catalog: AdvisorCatalog) {
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

  // The catalog's own words and how many offers share each.
  const catalogWords = new Map<string, Set<string>>();
  for (const offer of catalog.offers) {
    if (offer.id === 'advisor') continue;
    const text = [offer.id.replace(/[-_]/g, ' '), offer.mcpTool.replace(/_/g, ' '), ...offer.tags.map((tag) => tag.replace(/-/g, ' ')), offer.summary, ...offer.examples.map((example) => example.summary)].join(' ');
    for (const word of new Set(words(text))) {
      if (STOP.has(word) || word.length < 3) continue;
      if (!catalogWords.has(word)) catalogWords.set(word, new Set());
      catalogWords.get(word)!.add(offer.id);
    }
  }

  return function score(goal: string): Scored[] {
    const goalWords = words(goal);
    const totals = new Map<string, Scored>();
    const add = (offer: string, amount: number, cue: string) => {
      const entry = totals.get(offer) ?? { offer, score: 0, cues: [] };
      entry.score += amount;
      if (amount > 0 && !entry.cues.includes(cue)) entry.cues.push(cue);
      totals.set(offer, entry);
    };
    for (const rule of rules) {
      const match = phraseMatch(goalWords, rule.words);
      if (match > 0) add(rule.offer, rule.weight * match, rule.phrase);
    }
    for (const word of new Set(goalWords)) {
      const owners = catalogWords.get(word);
      if (owners) for (const offer of owners) add(offer, 1 / owners.size, word);
    }
    const technologies = findTechnologies(goal).filter((name) => fold(name).length > 2);
    if (technologies.length) add('tech-stack', 2, technologies[0]);
    for (const back of takeBacks) if (phraseMatch(goalWords, back.words) === 1) add(back.offer, -back.weight, '');
    return [...totals.values()].filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  };
}

export { stem };
