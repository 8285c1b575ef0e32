/**
 * What one registry answer says, read where fetched content is read (the parse pool's adsAnswer
 * task, engines/parse/tasks.ts): a search page's new ads for the sample, or a lookup's facts.
 * The main thread receives these bounded facts, never the answer's JSON: a page may list
 * thousands of creatives, a lookup thousands of regions.
 */
import { readAdvertiserFacts, readCreativeRegions, type AdvertiserFacts } from './lookups.ts';
import { mapCreative, type MappedAd } from './mapping.ts';
import type { Region } from './regions.ts';
import { parseRpcJson, readSearchPage, refusalOf, type AdFormat } from './rpc.ts';
import { readEstimate, type TotalAdsEstimate } from './summary.ts';

/** A search page, read for the sample so far: `room` more ads at most, none of the creative ids in `seen`. */
export interface SearchPageRead {
  kind: 'search';
  domain: string;
  region?: Region;
  format?: AdFormat;
  room: number;
  seen: string[];
}

export type AnswerRead = SearchPageRead | { kind: 'creative' } | { kind: 'advertiser' };

export interface SearchPageFacts {
  /** The page's new ads of the domain, in the registry's order. */
  ads: MappedAd[];
  /** Creatives of other domains read before the sample was full. */
  otherDomain: number;
  /** The sample filled with creatives of the page left over. */
  full: boolean;
  nextPageToken: string | null;
  estimate: TotalAdsEstimate | null;
}

export type AnswerFacts =
  | { ok: true; kind: 'search'; page: SearchPageFacts }
  | { ok: true; kind: 'creative'; regions: string[] | null }
  | { ok: true; kind: 'advertiser'; facts: AdvertiserFacts }
  /** not_json: a block page; bad_request: the registry refused the request; unexpected_answer: JSON of another shape. */
  | { ok: false; reason: 'not_json' | 'bad_request' | 'unexpected_answer'; detail: string };

export function readAnswer(text: string, read: AnswerRead): AnswerFacts {
  const answer = parseRpcJson(text);
  if (answer === undefined) return { ok: false, reason: 'not_json', detail: 'the answer is not JSON' };
  if (read.kind === 'search') {
    const reading = readSearchPage(answer);
    if (!reading.ok) return { ok: false, reason: reading.badRequest ? 'bad_request' : 'unexpected_answer', detail: reading.detail };
    const { creatives, nextPageToken, estimateLow, estimateHigh } = reading.page;
    const seen = new Set(read.seen);
    const ads: MappedAd[] = [];
    let otherDomain = 0;
    let full = false;
    for (const creative of creatives) {
      if (ads.length >= read.room) {
        full = true;
        break;
      }
      const mapped = mapCreative(creative, { domain: read.domain, region: read.region, format: read.format });
      if (!mapped.ok) {
        if (mapped.why === 'other_domain') otherDomain++;
        continue;
      }
      if (seen.has(mapped.ad.item.creative_id)) continue;
      seen.add(mapped.ad.item.creative_id);
      ads.push(mapped.ad);
    }
    return { ok: true, kind: 'search', page: { ads, otherDomain, full, nextPageToken, estimate: readEstimate(estimateLow, estimateHigh) } };
  }
  const refused =
    answer && typeof answer === 'object' && !Array.isArray(answer) ? refusalOf(answer as Record<string, unknown>) : 'the answer is not a JSON object';
  if (refused) return { ok: false, reason: 'bad_request', detail: refused };
  return read.kind === 'creative'
    ? { ok: true, kind: 'creative', regions: readCreativeRegions(answer) }
    : { ok: true, kind: 'advertiser', facts: readAdvertiserFacts(answer) };
}
