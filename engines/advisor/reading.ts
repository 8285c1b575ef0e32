/**
 * Reading a goal beyond its keywords: what it asks about, before the matcher scores the offers.
 * - data the service does not have (UNAVAILABLE): its words are masked so they count for no offer;
 * - the noun a number counts ("my 18 leads") is masked: it names the list, not an offer;
 * - a technology as the object ("are buying Snowflake", "using HubSpot or Marketo"): tech-stack,
 *   and the adoption words (buy, pay, customer) are masked so they count for no purchase offer;
 * - the URLs given: a product page, a paid API endpoint, or any other page;
 * - the order of a multi-step goal ("then") and whether a later step refers back ("the hot ones");
 * - privacy wording: concealment near a party to the payment ("the facilitator must not see");
 * - a filtered listing: a job noun with a filter or a technology qualifying it ("remote Python roles"), or sought ("looking for engineers");
 * - hiring as it changes ("has hiring accelerated") or as several companies compare ("which are hiring hardest");
 * - several results asked for in one request ("one call if possible").
 * Positions are indices into words(goal) (text.ts), the matcher's positions.
 */
import { buildTechnologyFinder, PROSE_WORDS, type TechnologyLocator } from '../tech/keywords.ts';
import {
  ADOPTION_AFTER,
  ADOPTION_BEFORE,
  BASIS_AFTER_WORDS,
  BASIS_WINDOW,
  BASIS_WORDS,
  CONCEAL_WORDS,
  EXPOSURE_WORDS,
  NEGATION_WINDOW,
  NEGATION_WORDS,
  COMPARISON_WORDS,
  EVENT_WINDOW,
  EXCLUSION_AFTER,
  EXCLUSION_ENDS,
  EXCLUSION_WORDS,
  HEAD_WORDS,
  INSTALL_NOUNS,
  ENRICH_WORDS,
  ENRICH_WINDOW,
  DATUM_WINDOW,
  CHECKOUT_NOUNS,
  ADS_BOUGHT_WINDOW,
  LINKING_WORDS,
  AD_WORDS,
  CONJUNCTIONS,
  HEAT_WORDS,
  HIRING_WINDOW,
  HIRING_WORDS,
  INTENT_NOUNS,
  JOB_FILTER_WINDOW,
  JOB_FILTERS,
  JOB_NOUNS,
  LIST_SELECTORS,
  ONE_CALL_WORDS,
  OPENING_WORDS,
  PEOPLE_ROLE_WINDOW,
  PAYMENT_PARTY_WORDS,
  PAYMENT_WITNESS_WORDS,
  TARGET_WORDS,
  PERIOD_WINDOW,
  PERIOD_WORDS,
  PRIVACY_WINDOW,
  PURCHASE_WORDS,
  TOOL_NOUNS,
  NOT_JUST_WORDS,
  NOT_JUST_WINDOW,
  TOOLS_WINDOW,
  PAYING_WORDS,
  COMPARE_WORDS,
  STACK_WORDS,
  STACKS_WINDOW,
  SHOP_NOUNS,
  SHOP_WINDOW,
  SPEAKER_QUESTIONS,
  SPEAKER_SUBJECTS,
  SPEAKER_WINDOW,
  RANKING_WORDS,
  REQUEST_VERBS,
  REQUEST_WINDOW,
  SPEAKER_WORDS,
  REFERS_BACK,
  ROLE_HOLDER_WORDS,
  ROLE_WORDS,
  RULES,
  SEEKING_WORDS,
  SOUGHT_PEOPLE,
  HIRING_VERBS,
  SELF_STEPS,
  SELF_WINDOW,
  SELF_WORDS,
  OWN_WORDS,
  AGENT_WINDOW,
  AGENT_WORDS,
  SEQUENCE_WORDS,
  TIME_UNITS,
  TIMING_WORDS,
  TECHNOLOGY_KINDS,
  TREND_WORDS,
  UNAVAILABLE,
  WHO_WORDS,
  WITH_WINDOW,
} from './lexicon.ts';
import { isCountedNoun, wordMatch, words } from './text.ts';

export interface NotAvailable {
  data: string;
  asked: string;
  instead: string[];
  note: string;
}
export type UrlKind = 'product' | 'endpoint' | 'page';

export interface Reading {
  /** Goal words that count for no offer. */
  masked: Set<number>;
  notAvailable: NotAvailable[];
  /** Technologies the goal asks whether companies use (with an adoption word), and where. */
  adopted: { name: string; at: number }[];
  /** Technologies named without an adoption word, outside other offers' phrases and requests for missing data: the goal's object when nothing else is asked. */
  named: { name: string; at: number }[];
  urlKinds: UrlKind[];
  /** Where the agent buys from someone: a purchase word followed within four words by from/at (not masked). */
  purchaseAt: number | null;
  /** Where a sequence word ("then") stands, or null. */
  thenAt: number | null;
  /** A word after the first step referring back to its results ("them", "the hot ones"). */
  refersBack: boolean;
  /** Privacy wording (a concealment word near a party to the payment): where, and the words. */
  privacy: { at: number; cue: string } | null;
  /** Technologies compared across companies ("compare the stacks of …"), not their product data. */
  stacksCompared: { at: number; cue: string } | null;
  /** A job listing filtered ("remote Python roles"): where, and the words. */
  jobFilter: { at: number; cue: string } | null;
  /** Hiring with a trend word near it ("recruiting pace"): where, and the words. */
  hiringTrend: { at: number; cue: string } | null;
  /** The company buying software or tools, in a goal naming hiring or jobs: its buying intent. */
  toolsBought: { at: number; cue: string } | null;
  /** Hiring with a ranking word near it ("which of them are hiring hardest"). */
  hiringRank: { at: number; cue: string } | null;
  /** Buying intent with a ranking word or a list selector near it ("the hottest of my accounts"). */
  intentRank: { at: number; cue: string } | null;
  /** The goal asks for its results in one request. */
  oneCall: boolean;
  /** Clauses of time ("before I order"): when the goal's step happens, not a step asked for. */
  timing: (readonly [number, number])[];
  /** A person asked for: roles beside the people holding them ("names and roles of the board"), or who heads something ("who is the head of sales"): where, and the words. */
  peopleRoles: { at: number; cue: string } | null;
  /** Ads qualifying a tag or pixel the site installs ("ad pixels", "tags de anúncio"): where, and the words. */
  adTags: { at: number; cue: string } | null;
  /** The first hiring word, or a search for people ("looking for people"), not masked: where. */
  hiringAt: number | null;
}

const compiled = (phrases: readonly string[]) => phrases.map((phrase) => words(phrase)).filter((list) => list.length);

/** Words linking a noun to its complement in English ("list of employees"), which genitive languages do not write. */
const LINKS = new Set(['of', 'the']);
/**
 * Phrases with their linking words left out too ("list of employees" as "list employees": Polish
 * "lista pracowników", Persian "فهرست کارمندان", Arabic "قائمة الموظفين" read so), when two words or more remain.
 */
function withoutLinks(phrases: string[][]): string[][] {
  const out = [...phrases];
  const known = new Set(phrases.map((phrase) => phrase.join(' ')));
  for (const phrase of phrases) {
    // Linking words inside the phrase only ("owner of" stays as it is).
    if (!phrase.some((word) => LINKS.has(word)) || LINKS.has(phrase[0]) || LINKS.has(phrase[phrase.length - 1])) continue;
    const bare = phrase.filter((word) => !LINKS.has(word));
    if (bare.length < 2 || known.has(bare.join(' '))) continue;
    known.add(bare.join(' '));
    out.push(bare);
  }
  return out;
}

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

const PRODUCT_PATH = /\/(products?|p|dp|item|items|artikel|produkte?|productos?|produtos?|prodotti|prodotto|produits?|tovar|goods|shop\/[^/]+)\/[^/]+/i;
const ENDPOINT_PATH = /\/(x402|paid|api|v\d+|rpc|graphql|query|run|invoke|mcp)(\/|$)/i;

export function urlKind(url: string): UrlKind {
  const { hostname, pathname } = new URL(url);
  if (PRODUCT_PATH.test(pathname)) return 'product';
  if (/^api[.-]/.test(hostname) || (!/^(docs?|developers?|blog|www)\./.test(hostname) && ENDPOINT_PATH.test(pathname))) return 'endpoint';
  return 'page';
}

export function createReader({ finder = buildTechnologyFinder(undefined, { proseWords: [] }) }: { finder?: TechnologyLocator } = {}) {
  const unavailable = UNAVAILABLE.map((kind) => ({
    ...kind,
    phraseWords: withoutLinks(compiled(kind.phrases)),
    unlessWords: compiled(kind.unless ?? []),
    nearWords: compiled(kind.near ?? []),
    withWords: compiled(kind.with ?? []),
    triggerWords: compiled(kind.watch?.triggers ?? []),
    eventWords: compiled(kind.watch?.events ?? []),
    recurringWords: compiled(kind.watch?.recurring ?? []),
    senderWords: compiled(kind.watch?.senders ?? []),
    // The words its data and note name, so a missing datum they do not name is named in the note.
    namedWords: new Set(words(`${kind.data} ${kind.note}`)),
  }));
  const conceal = compiled(CONCEAL_WORDS);
  const exposure = compiled(EXPOSURE_WORDS);
  const negations = compiled(NEGATION_WORDS);
  const paymentParties = compiled(PAYMENT_PARTY_WORDS);
  const witnesses = compiled(PAYMENT_WITNESS_WORDS);
  const targetWords = compiled(TARGET_WORDS);
  const jobNouns = compiled(JOB_NOUNS);
  const jobFilters = compiled(JOB_FILTERS);
  const seeking = compiled(SEEKING_WORDS);
  const sought = compiled(SOUGHT_PEOPLE);
  const hiringVerbs = compiled(HIRING_VERBS);
  const technologyKinds = compiled(TECHNOLOGY_KINDS);
  const before = compiled(ADOPTION_BEFORE);
  const after = compiled(ADOPTION_AFTER);
  const installNouns = compiled(INSTALL_NOUNS);
  const enrichWords = compiled(ENRICH_WORDS);
  const withWords = compiled(['with']);
  // Strong phrases of the data offers other than the profile (weight 3 or more): the datum a list is enriched with.
  const strongData = compiled(
    Object.entries(RULES)
      .filter(([offer]) => offer !== 'company-profile' && offer !== 'batch')
      .flatMap(([, rules]) => rules.filter(([, weight]) => weight >= 3).map(([phrase]) => phrase)),
  );
  const adWords = compiled(AD_WORDS);
  const adPhrases = compiled(RULES['search-ads'].map(([phrase]) => phrase));
  const sequence = compiled(SEQUENCE_WORDS);
  const back = compiled(REFERS_BACK);
  const purchase = compiled(PURCHASE_WORDS);
  const toolNouns = compiled(TOOL_NOUNS);
  const purchaseFrom = compiled(['from', 'at']);
  const paying = compiled(PAYING_WORDS);
  const timingWords = compiled(TIMING_WORDS);
  const comparing = compiled(COMPARE_WORDS);
  const stackWords = compiled(STACK_WORDS);
  const shopNouns = compiled(SHOP_NOUNS);
  const hiring = compiled(HIRING_WORDS);
  const trends = compiled(TREND_WORDS);
  const periods = compiled(PERIOD_WORDS);
  const rankings = compiled(RANKING_WORDS);
  const notJustWords = compiled(NOT_JUST_WORDS);
  const heatWords = compiled(HEAT_WORDS);
  const intentNouns = compiled(INTENT_NOUNS);
  const basisWords = compiled(BASIS_WORDS);
  const basisAfter = compiled(BASIS_AFTER_WORDS);
  const selectors = compiled(LIST_SELECTORS);
  const oneCallWords = compiled(ONE_CALL_WORDS);
  const exclusions = compiled(EXCLUSION_WORDS);
  const exclusionEnds = compiled(EXCLUSION_ENDS);
  const speakers = compiled(SPEAKER_SUBJECTS);
  const speakerQuestions = new Set(compiled(SPEAKER_QUESTIONS).map((phrase) => phrase[0]));
  const requested = compiled([...REQUEST_VERBS, ...SPEAKER_WORDS]);
  const exclusionsAfter = compiled(EXCLUSION_AFTER);
  const roleWords = compiled(ROLE_WORDS);
  const roleHolders = compiled(ROLE_HOLDER_WORDS);
  const openings = compiled(OPENING_WORDS);
  const whoWords = compiled(WHO_WORDS);
  const headWords = compiled(HEAD_WORDS);
  const selfWords = compiled(SELF_WORDS);
  const selfSteps = compiled(SELF_STEPS);
  const ownWords = compiled(OWN_WORDS);
  const agentWords = compiled(AGENT_WORDS);
  // Strong phrases of the other offers (weight 3 or more).
  const others = compiled(
    Object.entries(RULES)
      .filter(([offer]) => offer !== 'tech-stack')
      .flatMap(([, rules]) => rules.filter(([, weight]) => weight >= 3).map(([phrase]) => phrase)),
  );
  const prose = new Set(PROSE_WORDS.map((word) => word.toLowerCase()));

  return function read(goal: string, urls: readonly string[]): Reading {
    const goalWords = words(goal);
    const masked = new Set<number>();
    const spans = (phrase: readonly string[]) => phraseStarts(goalWords, phrase).map((start) => [start, start + phrase.length] as const);
    const markAll = ([from, to]: readonly [number, number]) => {
      for (let i = from; i < to; i++) masked.add(i);
    };

    // The noun a number counts ("my 18 leads", "these 25 accounts") names the list the goal is about, not an offer.
    goalWords.forEach((word, at) => {
      if (at > 0 && /^\d[\d,.]*k?$/.test(goalWords[at - 1]) && isCountedNoun(word)) masked.add(at);
    });

    // Where each clause ends (in words), worked out when a rule needs it.
    let ends: number[] | null = null;
    const clauseEndsOf = () => {
      if (ends) return ends;
      ends = [];
      let count = 0;
      // ASCII punctuation ends a clause before a space, the end, or a character of another script (CJK text writes no space).
      for (const clause of goal.split(/[,.;:!?]+(?=\s|$|[^\x00-\x7f])|[\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f]+/))
        ends.push((count += words(clause).length));
      return ends;
    };

    // A step the speaker does themself ("I'll sort them myself"): its ranking word is no ranking asked for.
    const selves = selfWords.flatMap(spans);
    if (selves.length)
      for (const step of selfSteps.flatMap(spans)) if (selves.some(([from, to]) => step[0] < to + SELF_WINDOW && step[1] > from - SELF_WINDOW)) markAll(step);
    // The speaker's own agent ("our shopping agent is about to buy"): who acts, not an agent a store is readied for.
    const owners = ownWords.flatMap(spans);
    const ownAgents = owners.length ? agentWords.flatMap(spans).filter((agent) => owners.some(([, to]) => to === agent[0])) : [];
    ownAgents.forEach(markAll);

    // What the goal excludes ("not the tech stack"): to the clause's end or a word taking the request back up.
    const negatedAt = negations.flatMap(spans);
    const requests = negatedAt.length ? requested.flatMap(spans) : [];
    const excluded = [
      ...exclusions.flatMap(spans),
      // A request negated ("don't give me …", "no me des …"): from the negation on.
      // Not a suggestion ("why don't you show me …").
      ...negatedAt.filter(
        ([start, end]) =>
          requests.some(([from]) => from >= end && from < end + REQUEST_WINDOW) && !goalWords.slice(Math.max(0, start - 2), start).includes('why'),
      ),
    ];
    const excludedBefore = exclusionsAfter.flatMap(spans);
    if (excluded.length || excludedBefore.length) {
      const clauseEnds = clauseEndsOf();
      const resumes = exclusionEnds.flatMap(spans).map(([from]) => from);
      for (const [from] of excluded) {
        const end = Math.min(clauseEnds.find((at) => at > from) ?? goalWords.length, ...resumes.filter((at) => at > from), goalWords.length);
        markAll([from, end]);
      }
      // The whole clause, bounded by words taking the request back up ("only the jobs, contacts not needed").
      for (const [from, to] of excludedBefore) {
        const start = Math.max(0, ...clauseEnds.filter((at) => at <= from), ...resumes.filter((at) => at < from).map((at) => at + 1));
        const end = Math.min(clauseEnds.find((at) => at >= to) ?? goalWords.length, ...resumes.filter((at) => at >= to), goalWords.length);
        markAll([start, end]);
      }
    }

    // The evidence the answer is read from ("based on its vacancies"): a few words, within the clause,
    // but for hiring itself, the signal hiring intent is read from ("likely in market based on their hiring").
    const basis = basisWords.flatMap(spans);
    const basisBefore = basisAfter.flatMap(spans);
    if (basis.length || basisBefore.length) {
      const listed = jobNouns.flatMap(spans);
      const kept = [...hiring.flatMap(spans).filter(([from, to]) => !listed.some(([start, end]) => start < to && end > from)), ...heatWords.flatMap(spans)];
      const mask = (from: number, end: number) => {
        for (let i = from; i < end; i++) if (!kept.some(([start, stop]) => i >= start && i < stop)) masked.add(i);
      };
      for (const [from, to] of basis) mask(from, Math.min(to + BASIS_WINDOW, clauseEndsOf().find((at) => at > from) ?? goalWords.length, goalWords.length));
      for (const [from, to] of basisBefore) mask(Math.max(from - BASIS_WINDOW, ...clauseEndsOf().filter((at) => at <= from)), to);
    }

    // Enriching a list with a datum ("enrich these domains with their technologies"): the datum is
    // what is asked, the verb no request for the whole profile.
    for (const [from, to] of enrichWords.flatMap(spans)) {
      const withAt = withWords.flatMap(spans).find(([at]) => at >= to && at <= to + ENRICH_WINDOW);
      if (withAt && strongData.flatMap(spans).some(([at]) => at >= withAt[1] && at <= withAt[1] + DATUM_WINDOW)) markAll([from, to]);
    }

    const adopted: { name: string; at: number }[] = [];
    // The names of vendors whose tag or pixel is asked (with the words up to the tag): masked once the requests for missing data are read.
    const vendorTags: (readonly [number, number])[] = [];
    const mentions = finder.locate(goal).filter((mention) => mention.name.length > 2);
    const beforeSpans = mentions.length ? before.flatMap(spans) : [];
    const afterSpans = mentions.length ? after.flatMap(spans) : [];
    const otherSpans = mentions.length ? others.flatMap(spans) : [];
    const installSpans = mentions.length ? installNouns.flatMap(spans) : [];
    const speakerAt = mentions.length
      ? speakers
          .flatMap(spans)
          .map(([from]) => from)
          .filter((from) => !speakerQuestions.has(goalWords[from - 1]))
      : [];
    const named: { name: string; at: number }[] = [];
    for (const mention of mentions) {
      if (adopted.some((known) => known.name === mention.name)) continue;
      const at = words(goal.slice(0, mention.start)).length;
      const written = goal.slice(mention.start, mention.start + mention.length);
      const span = words(written).length;
      // Right after the name's last word, or one word on ("Google Ads conversion tag").
      const end = at + Math.max(span, 1);
      const cue = [...beforeSpans.filter(([, to]) => to <= at && to >= at - 3), ...afterSpans.filter(([from]) => from >= end && from <= end + 1)];
      // A vendor's tag, pixel or script installed on the site ("the Google Ads tag", "the Meta pixel"):
      // the vendor is the technology asked about, even where another offer reads its name ("google ads").
      // Or before it, as French, Spanish, Portuguese and Italian write it ("la etiqueta de Google Ads", "le pixel Meta").
      const after = installSpans.find(([from]) => from >= end && from <= end + 1);
      const before = installSpans.some(([, to]) => to === at || (to === at - 1 && LINKING_WORDS.includes(goalWords[at - 1])));
      // The vendor's name with the words up to its tag after it, or the name alone.
      const installed = after ? ([at, after[1]] as const) : before ? ([at, end] as const) : null;
      // Only by an adoption word (which also lets a name written in lower case count), and not a
      // plain word opening the goal, nor a name another offer's phrases read as their object ("run google ads").
      if (prose.has(written.toLowerCase()) && (at === 0 || !cue.length)) continue;
      if (installed) {
        vendorTags.push(installed);
        if (!adopted.some((known) => known.name === mention.name)) adopted.push({ name: mention.name, at });
        continue;
      }
      if (otherSpans.some(([from, to]) => from < at + span && to > at)) continue;
      // A name inside a domain or URL ("gong.io") is the company the goal is about, not a technology it
      // names, an adoption word before it or not ("whoever runs partnerships at gong.io").
      const token = /\S*$/.exec(goal.slice(0, mention.start))![0] + /^\S*/.exec(goal.slice(mention.start))![0];
      if (/[a-z0-9-]\.[a-z]{2,}|[@/]/i.test(token)) continue;
      if (!cue.length) {
        if (!named.some((known) => known.name === mention.name)) named.push({ name: mention.name, at });
        continue;
      }
      // The speaker's own technology ("we sell a Slack integration") is the goal's context.
      const adoptionAt = Math.min(at, ...cue.map(([from]) => from));
      if (speakerAt.some((from) => from < adoptionAt && from >= adoptionAt - SPEAKER_WINDOW)) {
        cue.forEach(markAll);
        continue;
      }
      adopted.push({ name: mention.name, at });
      cue.forEach(markAll);
    }

    const kinds = new Set(urls.map(urlKind));
    const notAvailable: NotAvailable[] = [];
    const stopsAt = (from: number) =>
      sequence
        .flatMap(spans)
        .map(([at]) => at)
        .filter((at) => at > from)
        .sort((a, b) => a - b)[0] ?? goalWords.length;
    /** A watch request without its phrase (Unavailable.watch): the triggers found, their event masked. */
    const watchSpans = (kind: (typeof unavailable)[number]) => {
      if (!kind.recurringWords.length) return [];
      const triggered: [span: readonly [number, number], recurring: boolean][] = kind.recurringWords.flatMap(spans).map((span) => [span, true]);
      const triggers = kind.triggerWords.flatMap(spans);
      if (!triggered.length && !triggers.length) return [];
      const sent = kind.senderWords.some((phrase) => spans(phrase).length > 0);
      if (sent) triggered.push(...triggers.map((span): [readonly [number, number], boolean] => [span, false]));
      if (!triggered.length) return [];
      const events = kind.eventWords.flatMap(spans);
      const out: (readonly [number, number])[] = [];
      for (const [[from, to], recurring] of triggered) {
        if (events.some(([at]) => at >= to && at <= to + EVENT_WINDOW) && (recurring || sent)) {
          markAll([from, stopsAt(from)]);
          out.push([from, to]);
          continue;
        }
        const before = recurring || sent ? events.filter(([, end]) => end <= from && end >= from - EVENT_WINDOW).sort((a, b) => a[0] - b[0])[0] : undefined;
        if (before) {
          markAll([before[0], to]);
          out.push([from, to]);
        }
      }
      return out;
    };
    for (const kind of unavailable) {
      let found = [...kind.phraseWords.flatMap(spans), ...watchSpans(kind)];
      if (!found.length || kind.unlessWords.some((phrase) => spans(phrase).length) || (kind.unlessUrl && kinds.has(kind.unlessUrl))) continue;
      // "customer of Stripe" asks about a technology, not a customer list.
      if (adopted.length && kind.instead.includes('tech-stack')) continue;
      // A profile or a phone is missing data only when it is a person's ("the CTO's twitter handle").
      const companions = kind.withWords
        .flatMap((phrase) => spans(phrase).map(([from, to]) => [from, phrase[phrase.length - 1] === 'of' ? Math.min(to + 1, goalWords.length) : to] as const))
        .filter(([from, to]) => found.some(([start, end]) => from < end + WITH_WINDOW && to > start - WITH_WINDOW));
      if (kind.withWords.length) {
        if (!companions.length) continue;
        found = found.filter(([start, end]) => companions.some(([from, to]) => from < end + WITH_WINDOW && to > start - WITH_WINDOW));
      }
      // Words of the same request: near the phrase, or near such a word ("verify the CEO's email … is a real mailbox").
      const window = kind.nearWindow ?? 3;
      const candidates = kind.nearWords.flatMap(spans);
      const near: (readonly [number, number])[] = [];
      for (let grown = true; grown;) {
        grown = false;
        for (const span of candidates) {
          if (near.includes(span) || ![...found, ...near].some(([start, end]) => span[0] >= start - window && span[0] <= end + window)) continue;
          near.push(span);
          grown = true;
        }
      }
      [...found, ...near, ...companions].forEach(markAll);
      // The event a watch request waits for ("tell me when acme.com adds a new pixel"): up to a sequence word or the end.
      if (kind.triggerWords.length) {
        const triggers = kind.triggerWords.flatMap(spans).filter(([from]) => found.some(([start, end]) => from >= end - 1 && from <= end + 2 && from >= start));
        const events = kind.eventWords.flatMap(spans);
        const stops = sequence.flatMap(spans).map(([from]) => from);
        for (const [from, to] of triggers) {
          if (!events.some(([at]) => at >= to)) continue;
          const stop = stops.filter((at) => at > from).sort((a, b) => a - b)[0] ?? goalWords.length;
          markAll([from, stop]);
        }
      }
      // The widest of the first phrases found ("annual revenue", not "revenue").
      const [start, end] = [...found].sort((a, b) => a[0] - b[0] || b[1] - a[1])[0];
      const asked = goalWords.slice(start, end);
      // The datum asked, in the rules' English words ('actionnaires' → shareholder), named by the note when its wording names none of them.
      const phrase = kind.phraseWords.some((words) => words.join(' ') === asked.join(' '));
      const note = phrase && !asked.some((word) => kind.namedWords.has(word)) ? `${asked.join(' ')}: ${kind.note}` : kind.note;
      notAvailable.push({ data: kind.data, asked: asked.join(' '), instead: kind.instead, note });
    }
    // A technology inside a request for missing data ("alert me on Slack") is not asked about.
    for (let i = adopted.length - 1; i >= 0; i--) if (masked.has(adopted[i].at)) adopted.splice(i, 1);
    // A vendor's tag inside a request for missing data ("alert me when the Slack widget shows up") is no technology asked about either.
    for (const [from, to] of vendorTags) {
      if (adopted.some((item) => item.at === from)) markAll([from, to]);
      else markAll([to - 1, to]);
    }

    // Ads qualifying a tag the site installs ("ad pixels", "ad or analytics tags", "tags de anúncio",
    // "tagi reklamowe"): a technology the site runs, not the ads it buys (masked for search-ads).
    let adTags: Reading['adTags'] = null;
    const tagNouns = installNouns.flatMap(spans);
    if (tagNouns.length) {
      const inPhrase = adPhrases.flatMap(spans).filter(([from, to]) => to - from > 1);
      for (const [p] of adWords.flatMap(spans)) {
        const middle = (at: number) => !CONJUNCTIONS.includes(goalWords[at]);
        const qualifies = tagNouns.some(
          ([q, end]) =>
            q === p + 1 ||
            p === end ||
            (q === p + 2 && middle(p + 1)) ||
            (p === end + 1 && middle(end)) ||
            // "ad or analytics tags": the ads one of two qualifiers of the tag, not the end of "search ads and …".
            (q === p + 3 && CONJUNCTIONS.includes(goalWords[p + 1]) && !inPhrase.some(([from, to]) => to === p + 1 && from < p)),
        );
        if (!qualifies || masked.has(p)) continue;
        masked.add(p);
        adTags ??= { at: p, cue: goalWords.slice(p, p + 3).join(' ') };
      }
    }
    for (let i = named.length - 1; i >= 0; i--) if (masked.has(named[i].at) || notAvailable.length) named.splice(i, 1);

    const sellers = purchaseFrom.flatMap(spans).map(([from]) => from);
    // A purchase word inside another offer's phrase ("buying signals from hiring", "ready to buy") is not the agent buying.
    const phrased = others.flatMap(spans).filter(([from, to]) => to - from > 1);
    const shops = shopNouns.flatMap(spans);
    const paid = kinds.has('endpoint')
      ? undefined
      : paying.flatMap(spans).find(([from]) => !masked.has(from) && shops.some(([at]) => Math.abs(at - from) <= SHOP_WINDOW));
    if (paid) markAll(paid);
    // Buying ads ("is it buying ads on Google", "achète de la publicité"), within one clause, is what a
    // company does: the purchase word is no purchase by the agent, nor the pre-purchase check's phrase.
    const adsAt = adWords
      .flatMap(spans)
      .map(([from]) => from)
      .filter((from) => !masked.has(from));
    for (const [at] of adsAt.length ? purchase.flatMap(spans) : []) {
      const clauseEnd = clauseEndsOf().find((end) => end > at) ?? goalWords.length;
      if (adsAt.some((ad) => ad > at && ad <= at + ADS_BOUGHT_WINDOW && ad < clauseEnd)) markAll([at, goalWords[at + 1] === 'from' ? at + 2 : at + 1]);
    }
    // The company buying software or tools, with hiring or jobs named: buying intent, no purchase by the agent.
    const tools = hiring.flatMap(spans).length || jobNouns.flatMap(spans).length ? toolNouns.flatMap(spans) : [];
    const bought = purchase.flatMap(spans).find(([, to]) => tools.some(([at]) => at >= to && at <= to + TOOLS_WINDOW));
    // Its hiring and jobs are then the evidence, not a listing asked for.
    if (bought) [bought, ...hiring.flatMap(spans), ...jobNouns.flatMap(spans)].forEach(markAll);
    const toolsBought: Reading['toolsBought'] = bought ? { at: bought[0], cue: goalWords.slice(bought[0], bought[1] + TOOLS_WINDOW).join(' ') } : null;
    const purchases = purchase.flatMap(spans).map(([from]) => from);
    // The speaker's agent buying ("our agent is about to buy a … from"): a purchase, whatever phrase holds its word.
    const agentBuys = purchases.find((at) => !masked.has(at) && ownAgents.some(([, to]) => at >= to && at <= to + AGENT_WINDOW));
    if (agentBuys !== undefined) markAll([ownAgents.find(([, to]) => agentBuys >= to)![1], agentBuys + 1]);
    const purchaseAt =
      agentBuys ??
      purchases.find(
        (at) =>
          !masked.has(at) &&
          !phrased.some(([from, to]) => at >= from && at < to) &&
          // A purchase word qualifying an intent ("purchase intent", "intento d'acquisto") is no purchase.
          !intentNouns.some((noun) => spans(noun).some(([from]) => Math.abs(from - at) <= 2)) &&
          // The site's checkout whose provider is asked ("is checkout at x.com powered by Adyen?") is a technology, no purchase.
          !(CHECKOUT_NOUNS.includes(goalWords[at]) && adopted.some((item) => item.at > at && item.at <= at + SHOP_WINDOW)) &&
          sellers.some((seller) => seller > at && seller <= at + 4),
      ) ??
      paid?.[0] ??
      null;
    const thenAt =
      sequence
        .flatMap(spans)
        .map(([from]) => from)
        .sort((a, b) => a - b)[0] ?? null;
    const refersBack = back.flatMap(spans).some(([from]) => from > (thenAt ?? 0));

    // Stacks compared: the comparison word then counts for no product-data comparison.
    const stacked = stackWords.flatMap(spans);
    // After the comparison word, or right before it as Japanese writes it (技術スタックを比較).
    const compared = comparing
      .flatMap(spans)
      .find(([at, to]) => stacked.some(([from, end]) => (from >= to && from <= to + STACKS_WINDOW) || (end <= at && end >= at - 1)));
    if (compared) markAll(compared);
    const stacksCompared: Reading['stacksCompared'] = compared
      ? { at: compared[0], cue: goalWords.slice(Math.max(0, compared[0] - STACKS_WINDOW), compared[1] + STACKS_WINDOW).join(' ') }
      : null;
    // Privacy wording: the payment words then count for no payment offer.
    // Exposure conceals only when negated ("must not appear"; not "the checkout appears secure").
    const concealed = [
      ...conceal.flatMap(spans),
      ...exposure.flatMap(spans).filter(([from]) => negatedAt.some(([, end]) => end <= from && end >= from - NEGATION_WINDOW)),
    ];
    // The target withheld from a witness of the payment: a negation near both, whatever verb it negates.
    if (negatedAt.length) {
      const near = (list: (readonly [number, number])[], [from, to]: readonly [number, number]) =>
        list.some(([start, end]) => start < to + PRIVACY_WINDOW && end > from - PRIVACY_WINDOW);
      const seen = witnesses.flatMap(spans);
      const targets = seen.length ? targetWords.flatMap(spans) : [];
      if (targets.length) concealed.push(...negatedAt.filter((span) => near(seen, span) && near(targets, span)));
    }
    const parties = paymentParties.flatMap(spans).filter(([from]) => concealed.some(([start]) => Math.abs(start - from) <= PRIVACY_WINDOW));
    let privacy: Reading['privacy'] = null;
    if (parties.length) {
      const [start] = concealed.filter(([from]) => parties.some(([party]) => Math.abs(party - from) <= PRIVACY_WINDOW)).sort((a, b) => a[0] - b[0])[0];
      const [partyStart, partyEnd] = parties[0];
      privacy = { at: Math.min(start, partyStart), cue: `${goalWords.slice(start, start + 2).join(' ')} … ${goalWords.slice(partyStart, partyEnd).join(' ')}` };
      parties.forEach(markAll);
    }

    // A filtered job listing: a filter word near a job noun, or a technology right before it (then not asked about).
    let jobFilter: Reading['jobFilter'] = null;
    // Not a job inside a request for missing data ("post to Slack whenever … opens a new role").
    const nouns = jobNouns.flatMap(spans).filter(([from]) => !masked.has(from));
    if (nouns.length) {
      const qualifiers: (readonly [number, number])[] = [
        ...technologyKinds.flatMap(spans),
        // Not a name that is an everyday word ("im Moment Entwickler": no Moment.js developers).
        ...mentions
          .filter((mention) => !prose.has(goal.slice(mention.start, mention.start + mention.length).toLowerCase()))
          .map((mention) => {
            const at = words(goal.slice(0, mention.start)).length;
            return [at, at + words(goal.slice(mention.start, mention.start + mention.length)).length] as const;
          }),
      ].filter(([, to]) => nouns.some(([from]) => from >= to && from <= to + 1));
      const sought = seeking.flatMap(spans).filter(([, to]) => nouns.some(([from]) => from >= to && from <= to + 2));
      const filters = jobFilters
        .flatMap(spans)
        .filter(([from, to]) => nouns.some(([start, end]) => from < end + JOB_FILTER_WINDOW && to > start - JOB_FILTER_WINDOW));
      const first = [...qualifiers, ...filters, ...sought].sort((a, b) => a[0] - b[0])[0];
      if (first) {
        qualifiers.forEach(markAll);
        jobFilter = { at: first[0], cue: goalWords.slice(first[0], first[1]).join(' ') };
      }
    }
    // Hiring as it changes, or as companies compare: a trend or ranking word near a hiring word.
    const hiringSpans = hiring.flatMap(spans).filter(([from]) => !masked.has(from));
    // Hiring as the goal's question ("is x.com hiring right now?", "are they looking for people?"): where.
    const soughtPeople = seeking.flatMap(spans).find(([from, to]) => !masked.has(from) && sought.flatMap(spans).some(([at]) => at >= to && at <= to + 2));
    // A hiring verb, not a noun of staff ("number of staff" asks for a headcount).
    const hiringVerb = hiringVerbs.flatMap(spans).find(([from]) => !masked.has(from));
    const hiringAt = hiringVerb?.[0] ?? soughtPeople?.[0] ?? null;
    const nearHiring = (list: string[][] | (readonly [number, number])[], window = HIRING_WINDOW, anchors = hiringSpans): Reading['hiringTrend'] => {
      const found = (list as unknown[])
        .flatMap((item) => (typeof (item as unknown[])[0] === 'string' ? spans(item as string[]) : [item as readonly [number, number]]))
        .filter(([from, to]) => anchors.some(([start, end]) => from < end + window && to > start - window))
        .sort((a, b) => a[0] - b[0])[0];
      if (!found) return null;
      const [start, end] = anchors.sort((a, b) => Math.abs(a[0] - found[0]) - Math.abs(b[0] - found[0]))[0];
      const [from, to] = [Math.min(start, found[0]), Math.max(end, found[1])];
      return { at: from, cue: goalWords.slice(from, to).join(' ') };
    };
    // The second term of a comparison naming a time ("als vor sechs Monaten", "do que há seis meses").
    const thanAt = goalWords.flatMap((word, at) => (COMPARISON_WORDS.includes(word) ? [at] : []));
    const earlier = thanAt.flatMap((at) => {
      const unit = goalWords.slice(at + 1, at + 5).findIndex((word) => TIME_UNITS.includes(word));
      return unit < 0 ? [] : [[at, at + unit + 2] as const];
    });
    const hiringTrend = hiringSpans.length ? (nearHiring(trends) ?? nearHiring([...periods.flatMap(spans), ...earlier], PERIOD_WINDOW)) : null;
    // The count of openings as it changes ("the number of vacancies rises") is not their listing.
    if (hiringTrend) for (const span of hiringSpans) if (nouns.some(([from, to]) => from < span[1] && to > span[0])) markAll(span);
    // "more … than" is a comparison ("mais gente do que no ano passado"), not a ranking.
    const rankingsNotCompared = thanAt.length
      ? rankings.filter((phrase) => !thanAt.some((at) => spans(phrase).some(([, to]) => at >= to && at <= to + 2)))
      : rankings;
    // A ranking set aside ("for each of them, not just the hottest"): every company is asked, none ranked.
    const notJust = notJustWords.flatMap(spans);
    const setAside = ([from]: readonly [number, number]) => notJust.some(([, to]) => from >= to && from <= to + NOT_JUST_WINDOW);
    const rankingSpans = rankingsNotCompared.flatMap(spans).filter((span) => !setAside(span) || (markAll(span), false));
    const ranked = hiringSpans.length ? nearHiring(rankingSpans) : null;
    const hiringRank = ranked ?? (hiringTrend && selectors.flatMap(spans).some(([from]) => from < hiringTrend.at) ? hiringTrend : null);
    // Buying intent ranked, or chosen among a list ("the hottest of my accounts", "which ones show buying intent").
    const heatSpans = heatWords.flatMap(spans).filter((span) => !masked.has(span[0]) && (!setAside(span) || (markAll(span), false)));
    const intentRank = heatSpans.length ? nearHiring([...rankingSpans, ...selectors.flatMap(spans)], HIRING_WINDOW, heatSpans) : null;
    const oneCall = oneCallWords.some((phrase) => spans(phrase).length > 0);
    const timing = timingWords.flatMap(spans);
    // Roles beside the people holding them, and no opening near: people's titles, not jobs.
    let peopleRoles: Reading['peopleRoles'] = null;
    const roles = roleWords.flatMap(spans).filter(([from]) => !masked.has(from));
    const who = whoWords.flatMap(spans);
    const heads = who.length ? headWords.flatMap(spans).filter(([from]) => !masked.has(from)) : [];
    // The head after "who", or right before it as Japanese and Chinese write it ("人事部長は誰").
    const whoHead = heads.length
      ? who.find(([at, to]) => heads.some(([from, end]) => (from >= to && from < to + PEOPLE_ROLE_WINDOW) || (end <= at && end >= at - 2)))
      : undefined;
    if (whoHead) peopleRoles = { at: whoHead[0], cue: goalWords.slice(whoHead[0], whoHead[0] + PEOPLE_ROLE_WINDOW).join(' ') };
    if (roles.length && !peopleRoles) {
      const near = (list: (readonly [number, number])[], [from, to]: readonly [number, number]) =>
        list.some(([start, end]) => start < to + PEOPLE_ROLE_WINDOW && end > from - PEOPLE_ROLE_WINDOW);
      const holders = roleHolders.flatMap(spans);
      const opened = [...openings.flatMap(spans), ...hiringSpans];
      const held = roles.filter((span) => near(holders, span) && !near(opened, span));
      if (held.length && !jobFilter) {
        held.forEach(markAll);
        const [from, to] = held[0];
        peopleRoles = { at: from, cue: `${goalWords.slice(from, to).join(' ')} of the people named` };
      }
    }
    return {
      masked,
      notAvailable,
      adopted,
      named,
      urlKinds: urls.map(urlKind),
      purchaseAt,
      thenAt,
      refersBack,
      privacy,
      stacksCompared,
      jobFilter,
      hiringTrend,
      toolsBought,
      hiringRank,
      intentRank,
      oneCall,
      timing,
      peopleRoles,
      adTags,
      hiringAt,
    };
  };
}
