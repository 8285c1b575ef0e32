/**
 * The search-ads result from the sample of ads: advertisers (with the facts their lookups gave),
 * formats, date range and recency, the filters it answers, and the registry's own estimate of
 * all ads.
 */
import type { components } from '../../generated/types.ts';
import type { AdvertiserFacts } from './lookups.ts';
import type { MappedAd } from './mapping.ts';
import type { AdsFilters } from './rpc.ts';

export type SearchAdsResult = components['schemas']['SearchAdsResult'];
export type TotalAdsEstimate = components['schemas']['TotalAdsEstimate'];

const DAY_MS = 86_400_000;

type Advertiser = components['schemas']['Advertiser'];

export interface SampleFacts {
  domain: string;
  filters: AdsFilters;
  ads: MappedAd[];
  estimate: TotalAdsEstimate | null;
  /** The registry had more pages than were read. */
  truncated: boolean;
  /** Creatives the registry listed under another domain (dropped). */
  otherDomain: number;
  now: Date;
  /** What the advertiser lookups gave, by advertiser id (the ones looked up). */
  advertiserFacts?: Map<string, AdvertiserFacts>;
  /** How many ads had their regions looked up, and the failure that stopped the lookups. */
  lookups?: { creatives: number; failure: string | null };
}

export function summarize({
  domain,
  filters,
  ads,
  estimate,
  truncated,
  otherDomain,
  now,
  advertiserFacts = new Map(),
  lookups = { creatives: 0, failure: null },
}: SampleFacts): SearchAdsResult {
  const monthAgo = now.getTime() - 30 * DAY_MS;
  const formats = { text: 0, image: 0, video: 0 };
  for (const { item } of ads) formats[item.format]++;
  const firstShown = ads.map((ad) => ad.firstShownMs).filter((ms): ms is number => ms !== null);
  const lastShown = ads.map((ad) => ad.lastShownMs).filter((ms): ms is number => ms !== null);
  const { region, format, shownFrom, shownTo } = filters;
  return {
    domain,
    ...(region ? { region } : {}),
    ...(format ? { format } : {}),
    ...(shownFrom ? { shown_from: shownFrom } : {}),
    ...(shownTo ? { shown_to: shownTo } : {}),
    status: ads.length ? 'ok' : 'no_ads',
    advertisers: rankAdvertisers(ads).map((entry) => withFacts(entry, advertiserFacts.get(entry.advertiser_id))),
    total_ads_estimate: estimate,
    ads_returned: ads.length,
    ads_shown_last_30_days_in_sample: lastShown.filter((ms) => ms >= monthAgo).length,
    formats_in_sample: formats,
    earliest_first_shown_in_sample: firstShown.length ? dayOf(Math.min(...firstShown)) : null,
    latest_last_shown_in_sample: lastShown.length ? dayOf(Math.max(...lastShown)) : null,
    ads: ads.map((ad) => ad.item),
    checked_at: now.toISOString(),
    note: noteFor({ domain, filters, count: ads.length, estimate, truncated, otherDomain, lookups }),
  };
}

/** An advertiser with the facts its lookup stated (none added when it stated none or was not looked up). */
function withFacts(entry: Advertiser, facts: AdvertiserFacts | undefined): Advertiser {
  return {
    ...entry,
    ...(facts?.verifiedName ? { verified_name: facts.verifiedName } : {}),
    ...(facts?.country ? { country: facts.country } : {}),
  };
}

/** Grouped by advertiser id, most ads first; the name is the first one the registry gave. */
export function rankAdvertisers(ads: MappedAd[]): Advertiser[] {
  const byId = new Map<string, { advertiser_id: string; name: string | null; ads_in_sample: number }>();
  for (const { item } of ads) {
    const entry = byId.get(item.advertiser_id) ?? { advertiser_id: item.advertiser_id, name: null, ads_in_sample: 0 };
    entry.ads_in_sample++;
    entry.name ??= item.advertiser_name;
    byId.set(item.advertiser_id, entry);
  }
  return [...byId.values()]
    .sort((a, b) => b.ads_in_sample - a.ads_in_sample || a.advertiser_id.localeCompare(b.advertiser_id))
    .map((entry) => ({ advertiser_id: entry.advertiser_id, name: entry.name ?? entry.advertiser_id, ads_in_sample: entry.ads_in_sample }));
}

/** "4" / "5" of the answer (numbers as strings): low and high, or null when the registry gave none. */
export function readEstimate(low: unknown, high: unknown): TotalAdsEstimate | null {
  const lowCount = count(low);
  if (lowCount === null) return null;
  const highCount = count(high);
  return { low: lowCount, high: highCount !== null && highCount >= lowCount ? highCount : null };
}

function count(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(number) && number >= 0 ? number : null;
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

interface NoteFacts {
  domain: string;
  filters: AdsFilters;
  count: number;
  estimate: TotalAdsEstimate | null;
  truncated: boolean;
  otherDomain: number;
  lookups: { creatives: number; failure: string | null };
}

function noteFor({ domain, filters, count, estimate, truncated, otherDomain, lookups }: NoteFacts): string {
  const { region, format, shownFrom, shownTo } = filters;
  const what = format ? `${format} ads` : 'ads';
  const where = `${region ? ` in region ${region}` : ''}${shownFrom && shownTo ? ` shown between ${shownFrom} and ${shownTo}` : shownFrom ? ` shown on or after ${shownFrom}` : shownTo ? ` shown on or before ${shownTo}` : ''}`;
  const parts: string[] = [];
  if (count === 0) {
    parts.push(`The advertising-transparency registry lists no ${what} for ${domain}${where}.`);
    if (otherDomain) parts.push(`It listed ${otherDomain} ad(s) of other domains for the search; they were left out.`);
  } else {
    const total = estimate
      ? ` of about ${estimate.low}${estimate.high !== null && estimate.high !== estimate.low ? `-${estimate.high}` : ''} the registry estimates`
      : '';
    parts.push(
      `A sample of ${count} ${format ? `${format} ` : ''}ad(s)${total} for ${domain}${where}${truncated ? '; more pages were not read (at most 40 ads per call)' : ''}.`,
    );
    if (otherDomain) parts.push(`${otherDomain} ad(s) of other domains were left out.`);
    if (lookups.creatives < count) parts.push(`Regions shown in were looked up for the first ${lookups.creatives} ad(s) only.`);
    if (lookups.failure) parts.push(`The registry's lookups stopped (${lookups.failure}): regions and advertiser details not read are left out, not guessed.`);
  }
  parts.push('The registry shows logged-out visitors fewer ads than signed-in ones (age-restricted ads need a login).');
  return parts.join(' ');
}
