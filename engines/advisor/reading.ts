/**
 * Reading a goal beyond its keywords: what it asks about, before the matcher scores the offers.
 * - data the service does not have (UNAVAILABLE): its words are masked so they count for no offer;
 * - a technology as the object ("are buying Snowflake", "using HubSpot or Marketo"): tech-stack,
 *   and the adoption words (buy, pay, customer) are masked so they count for no purchase offer;
 * - the URLs given: a product page, a paid API endpoint, or any other page;
 * - the order of a multi-step goal ("then") and whether a later step refers back ("the hot ones").
 * Positions are indices into words(goal) (text.ts), the matcher's positions.
 */
import { buildTechnologyFinder, PROSE_WORDS, type TechnologyLocator } from '../tech/keywords.ts';
import { ADOPTION_AFTER, ADOPTION_BEFORE, PURCHASE_WORDS, REFERS_BACK, RULES, SEQUENCE_WORDS, UNAVAILABLE } from './lexicon.ts';
import { wordMatch, words } from './text.ts';

export interface NotAvailable { data: string; asked: string; instead: string[]; note: string }
export type UrlKind = 'product' | 'endpoint' | 'page';

export interface Reading {
  /** Goal words that count for no offer. */
  masked: Set<number>;
  notAvailable: NotAvailable[];
  /** Technologies the goal asks whether companies use (with an adoption word), and where. */
  adopted: { name: string; at: number }[];
  urlKinds: UrlKind[];
  /** Where the agent buys from someone: a purchase word followed within four words by from/at (not masked). */
  purchaseAt: number | null;
  /** Where a sequence word ("then") stands, or null. */
  thenAt: number | null;
  /** A word after the first step referring back to its results ("them", "the hot ones"). */
  refersBack: boolean;
}

const compiled = (phrases: readonly string[]) => phrases.map((phrase) => words(phrase)).filter((list) => list.length);

/** Start positions where a phrase's stemmed words occur consecutively (typo allowance as in the matcher). */
export function phraseStarts(goalWords: readonly string[], phrase: readonly string[]): number[] {
  const starts: number[] = [];
  const first = phrase[0].charCodeAt(0);
  for (let start = 0; start + phrase.length <= goalWords.length; start++) {
    // A match keeps the first letter (wordMatch): the cheap test first.
    if (goalWords[start].charCodeAt(0) !== first) continue;
    let all = true;
    for (let k = 0; k < phrase.length && all; k++) all = wordMatch(goalWords[start + k], phrase[k], phrase.length > 1) > 0;
    if (all) starts.push(start);
  }
  return starts;
}

const PRODUCT_PATH = /\/(products?|p|dp|item|items|artikel|produkt|producto|shop\/[^/]+)\/[^/]+/i;
const ENDPOINT_PATH = /\/(x402|paid|api|v\d+|rpc|graphql|query|run|invoke|mcp)(\/|$)/i;

export function urlKind(url: string): UrlKind {
  const { hostname, pathname } = new URL(url);
  if (PRODUCT_PATH.test(pathname)) return 'product';
  if (/^api[.-]/.test(hostname) || (!/^(docs?|developers?|blog|www)\./.test(hostname) && ENDPOINT_PATH.test(pathname))) return 'endpoint';
  return 'page';
}

export function createReader({ finder = buildTechnologyFinder(undefined, { proseWords: [] }) }: { finder?: TechnologyLocator } = {}) {
  const unavailable = UNAVAILABLE.map((kind) => ({ ...kind, phraseWords: compiled(kind.phrases), unlessWords: compiled(kind.unless ?? []), nearWords: compiled(kind.near ?? []) }));
  const before = compiled(ADOPTION_BEFORE);
  const after = compiled(ADOPTION_AFTER);
  const sequence = compiled(SEQUENCE_WORDS);
  const back = compiled(REFERS_BACK);
  const purchase = compiled(PURCHASE_WORDS);
  const purchaseFrom = compiled(['from', 'at']);
  // Strong phrases of the other offers (weight 3 or more).
  const others = compiled(Object.entries(RULES).filter(([offer]) => offer !== 'tech-stack').flatMap(([, rules]) => rules.filter(([, weight]) => weight >= 3).map(([phrase]) => phrase)));
  const prose = new Set(PROSE_WORDS.map((word) => word.toLowerCase()));

  return function read(goal: string, urls: readonly string[]): Reading {
    const goalWords = words(goal);
    const masked = new Set<number>();
    const spans = (phrase: readonly string[]) => phraseStarts(goalWords, phrase).map((start) => [start, start + phrase.length] as const);
    const markAll = ([from, to]: readonly [number, number]) => { for (let i = from; i < to; i++) masked.add(i); };

    const adopted: { name: string; at: number }[] = [];
    const mentions = finder.locate(goal).filter((mention) => mention.name.length > 2);
    const beforeSpans = mentions.length ? before.flatMap(spans) : [];
    const afterSpans = mentions.length ? after.flatMap(spans) : [];
    const otherSpans = mentions.length ? others.flatMap(spans) : [];
    for (const mention of mentions) {
      if (adopted.some((known) => known.name === mention.name)) continue;
      const at = words(goal.slice(0, mention.start)).length;
      const cue = [...beforeSpans.filter(([, to]) => to <= at && to >= at - 3), ...afterSpans.filter(([from]) => from >= at + 1 && from <= at + 2)];
      // Only by an adoption word (which also lets a name written in lower case count), and not a
      // plain word opening the goal, nor a name another offer's phrases read as their object ("run google ads").
      if (!cue.length || (at === 0 && prose.has(goal.slice(mention.start, mention.start + mention.length).toLowerCase()))) continue;
      const span = words(goal.slice(mention.start, mention.start + mention.length)).length;
      if (otherSpans.some(([from, to]) => from < at + span && to > at)) continue;
      adopted.push({ name: mention.name, at });
      cue.forEach(markAll);
    }

    const notAvailable: NotAvailable[] = [];
    for (const kind of unavailable) {
      const found = kind.phraseWords.flatMap(spans);
      if (!found.length || kind.unlessWords.some((phrase) => spans(phrase).length)) continue;
      // "customer of Stripe" asks about a technology, not a customer list.
      if (adopted.length && kind.instead.includes('tech-stack')) continue;
      const near = kind.nearWords.flatMap(spans).filter(([from]) => found.some(([start, end]) => from >= start - 3 && from <= end + 3));
      [...found, ...near].forEach(markAll);
      // The widest of the first phrases found ("annual revenue", not "revenue").
      const [start, end] = [...found].sort((a, b) => a[0] - b[0] || b[1] - a[1])[0];
      notAvailable.push({ data: kind.data, asked: goalWords.slice(start, end).join(' '), instead: kind.instead, note: kind.note });
    }

    const sellers = purchaseFrom.flatMap(spans).map(([from]) => from);
    // A purchase word inside another offer's phrase ("buying signals from hiring", "ready to buy") is not the agent buying.
    const phrased = others.flatMap(spans).filter(([from, to]) => to - from > 1);
    const purchaseAt = purchase.flatMap(spans).map(([from]) => from).find((at) => !masked.has(at) && !phrased.some(([from, to]) => at >= from && at < to) && sellers.some((seller) => seller > at && seller <= at + 4)) ?? null;
    const thenAt = sequence.flatMap(spans).map(([from]) => from).sort((a, b) => a - b)[0] ?? null;
    const refersBack = back.flatMap(spans).some(([from]) => from > (thenAt ?? 0));
    return { masked, notAvailable, adopted, urlKinds: urls.map(urlKind), purchaseAt, thenAt, refersBack };
  };
}
