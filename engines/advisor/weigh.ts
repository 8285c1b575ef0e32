/**
 * The reading's cues (reading.ts) on top of the matcher's scores (match.ts), each with its weight.
 */
import { ASKED, type Scored } from './match.ts';
import type { Reading } from './reading.ts';

/** A technology the goal asks whether companies use names tech-stack outright. */
const ADOPTED_WEIGHT = 6;
/** The agent buying from someone ("order a jacket from x.com") is what the pre-purchase check is for. */
const PURCHASE_WEIGHT = 4;
/** Concealment near a party to the payment ("the facilitator must not see") is what private-query is for. */
const PRIVACY_WEIGHT = 6;
/** Stacks compared across companies are their technologies, each read by tech-stack. */
const STACKS_COMPARED_WEIGHT = 4;
/** A filter on jobs ("remote", "senior", "Python roles") belongs to the listing that carries those fields. */
const JOB_FILTER_WEIGHT = 3;
/** A URL is the input of the offer that reads that kind of page: a strong cue, not a name. */
const URL_WEIGHT = 3;
/** Hiring as it changes ("has hiring accelerated") is hiring intent; hiring or buying intent compared across companies is the ranking of hot-buyers. */
const HIRING_TREND_WEIGHT = 4;
const HIRING_RANK_WEIGHT = 4;
/** The company buying tools its hiring foretells is the very question of company-intent; its jobs are the evidence, not the ask. */
const TOOLS_BOUGHT_WEIGHT = 6;
/** Roles beside the people holding them are those people's titles, which extract-contacts' people give. */
const PEOPLE_ROLE_WEIGHT = 4;
/** Ads qualifying a tag the site installs ("ad pixels") are its ad technology, which tech-stack reads. */
const AD_TAG_WEIGHT = 3;
const URL_OFFER = { product: 'universal_product_url_to_json', endpoint: 'verify-merchant', page: 'clean-markdown' } as const;
const URL_CUE = { product: 'a product page URL', endpoint: 'a paid API endpoint URL', page: 'a page URL' } as const;

/** The reading's cues on top of the matcher's scores: a technology as the object, the kind of URL given. */
export function weighReading(scored: Scored[], reading: Reading): Scored[] {
  const entries = new Map(scored.map((entry) => [entry.offer, { ...entry, cues: [...entry.cues] }]));
  const add = (offer: string, amount: number, cue: string, at: number) => {
    const entry = entries.get(offer) ?? { offer, score: 0, cues: [], at: Infinity };
    entry.score += amount;
    entry.cues.unshift(cue);
    entry.at = Math.min(entry.at, at);
    entries.set(offer, entry);
  };
  if (reading.adopted.length) add('tech-stack', ADOPTED_WEIGHT, `uses ${reading.adopted.map((item) => item.name).join(' or ')}`, reading.adopted[0].at);
  if (reading.purchaseAt !== null) add('pre_purchase_merchant_trust_check', PURCHASE_WEIGHT, 'buying from a merchant', reading.purchaseAt);
  if (reading.privacy) add('private-query', PRIVACY_WEIGHT, reading.privacy.cue, reading.privacy.at);
  if (reading.stacksCompared) add('tech-stack', STACKS_COMPARED_WEIGHT, reading.stacksCompared.cue, reading.stacksCompared.at);
  if (reading.jobFilter) add('ats-jobs', JOB_FILTER_WEIGHT, reading.jobFilter.cue, reading.jobFilter.at);
  if (reading.hiringTrend) add('company-intent', HIRING_TREND_WEIGHT, reading.hiringTrend.cue, reading.hiringTrend.at);
  if (reading.toolsBought) add('company-intent', TOOLS_BOUGHT_WEIGHT, reading.toolsBought.cue, reading.toolsBought.at);
  if (reading.hiringRank) {
    add('hot-buyers', HIRING_RANK_WEIGHT, reading.hiringRank.cue, reading.hiringRank.at);
    add('company-intent', HIRING_RANK_WEIGHT, reading.hiringRank.cue, reading.hiringRank.at);
  }
  if (reading.intentRank) add('hot-buyers', HIRING_RANK_WEIGHT, reading.intentRank.cue, reading.intentRank.at);
  if (reading.peopleRoles) add('extract-contacts', PEOPLE_ROLE_WEIGHT, reading.peopleRoles.cue, reading.peopleRoles.at);
  if (reading.adTags) add('tech-stack', AD_TAG_WEIGHT, reading.adTags.cue, reading.adTags.at);
  const kinds = new Set(reading.urlKinds);
  for (const kind of kinds) add(URL_OFFER[kind], URL_WEIGHT, URL_CUE[kind], Infinity);
  // A technology named in a goal that asks for nothing else ("is stripe checkout or paypal on the
  // site", "does it send its newsletters with Mailchimp") is what the goal asks about.
  if (reading.named.length && ![...entries.values()].some((entry) => entry.score >= ASKED))
    add('tech-stack', ASKED, `names ${reading.named.map((item) => item.name).join(' or ')}`, reading.named[0].at);
  // Hiring as the goal's only question ("is x.com hiring right now?"): the open roles answer it.
  if (reading.hiringAt !== null && !reading.notAvailable.length && ![...entries.values()].some((entry) => entry.score >= ASKED))
    add('ats-jobs', ASKED, 'hiring', reading.hiringAt);
  return [...entries.values()].filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
}
