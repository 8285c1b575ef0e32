/**
 * One registry creative → one ad item of the result. Field positions (research note §6):
 * "1" advertiser id, "2" creative id, "4" format code, "6"."1" / "7"."1" first and last shown
 * (unix seconds as strings), "12" advertiser name, "14" the ad's domain, "3" the previews
 * ("3"."3"."2" an archived image, "3"."1"."4" the renderer script). A fact the registry does not
 * give stays absent (or null where the contract requires the field).
 */
import type { components } from '../../generated/types.ts';
import type { Region } from './regions.ts';
import type { AdFormat } from './rpc.ts';

export type { AdFormat };
export type AdItem = components['schemas']['AdItem'];

/** An ad item, and the instants behind its dates (the summary compares instants, not days). */
export interface MappedAd {
  item: AdItem;
  firstShownMs: number | null;
  lastShownMs: number | null;
}

/** Where transparency_url points: the registry's public pages, whatever mirror the RPC is read from. */
export const PUBLIC_REGISTRY_SITE = 'https://adstransparency.google.com';

export const ADVERTISER_ID = /^AR\d{15,25}$/;
export const CREATIVE_ID = /^CR\d{15,25}$/;

/** An advertiser's name is kept to this many characters (as its verified name, lookups.ts): the answer carries it twice. */
const MAX_NAME_CHARS = 300;

const FORMATS_BY_CODE: Record<number, AdFormat> = { 1: 'text', 2: 'image', 3: 'video' };

export type MappingOutcome = { ok: true; ad: MappedAd } | { ok: false; why: 'malformed' | 'other_domain' | 'other_format' };

/**
 * `format` is the search's format filter: an ad without a format code then has the format the
 * registry matched it to, and one whose code says another format is not the filter's.
 */
export function mapCreative(raw: unknown, { domain, region, format }: { domain: string; region?: Region; format?: AdFormat }): MappingOutcome {
  if (!isObject(raw)) return { ok: false, why: 'malformed' };
  const advertiserId = raw['1'];
  const creativeId = raw['2'];
  if (typeof advertiserId !== 'string' || !ADVERTISER_ID.test(advertiserId) || typeof creativeId !== 'string' || !CREATIVE_ID.test(creativeId)) {
    return { ok: false, why: 'malformed' };
  }
  const adDomain = typeof raw['14'] === 'string' ? raw['14'].trim().toLowerCase().replace(/\.$/, '') : '';
  if (adDomain && !isSameOrSubdomain(adDomain, domain)) return { ok: false, why: 'other_domain' };
  const coded = FORMATS_BY_CODE[raw['4'] as number];
  if (coded && format && coded !== format) return { ok: false, why: 'other_format' };

  const imageUrl = archivedImageOf(raw['3']);
  const previewUrl = imageUrl ?? rendererOf(raw['3']);
  const firstShownMs = instant(raw['6']);
  const lastShownMs = instant(raw['7']);
  const name = raw['12'];
  return {
    ok: true,
    ad: {
      item: {
        creative_id: creativeId,
        advertiser_id: advertiserId,
        advertiser_name: typeof name === 'string' && name.trim() ? name.trim().slice(0, MAX_NAME_CHARS) : null,
        format: coded ?? format ?? formatFromPreview(previewUrl, raw['3']),
        first_shown: dayOf(firstShownMs),
        last_shown: dayOf(lastShownMs),
        preview_url: previewUrl,
        transparency_url: transparencyUrl(advertiserId, creativeId, region),
        ...(adDomain ? { landing_domain: adDomain } : {}),
        ...(imageUrl ? { image_url: imageUrl } : {}),
      },
      firstShownMs,
      lastShownMs,
    },
  };
}

export function transparencyUrl(advertiserId: string, creativeId: string, region?: Region): string {
  return `${PUBLIC_REGISTRY_SITE}/advertiser/${advertiserId}/creative/${creativeId}?region=${region ?? 'anywhere'}`;
}

/** The ad's domain is the searched one or under it (www.example.com for example.com). */
export function isSameOrSubdomain(candidate: string, domain: string): boolean {
  const name = candidate.trim().toLowerCase().replace(/\.$/, '');
  const base = domain.toLowerCase().replace(/\.$/, '');
  return name === base || name.endsWith(`.${base}`);
}

/** The image of "3"."3"."2" (an <img> tag). */
function archivedImageOf(previews: unknown): string | null {
  const html = isObject(previews) && isObject(previews['3']) ? previews['3']['2'] : undefined;
  if (typeof html !== 'string') return null;
  const src = /src\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
  return (src && httpUrl(unescapeHtml(src))) || null;
}

/** The "3"."1"."4" renderer script. */
function rendererOf(previews: unknown): string | null {
  const renderer = isObject(previews) && isObject(previews['1']) ? previews['1']['4'] : undefined;
  return typeof renderer === 'string' ? httpUrl(unescapeHtml(renderer)) : null;
}

/** Without a known format code: an archived image is an image, a video thumbnail or player a video, else text. */
function formatFromPreview(previewUrl: string | null, previews: unknown): AdFormat {
  const evidence = `${previewUrl ?? ''} ${JSON.stringify(previews ?? '')}`;
  if (/ytimg\.com|youtube\.com|video/i.test(evidence)) return 'video';
  if (/simgad|\.(png|jpe?g|gif|webp)\b/i.test(evidence)) return 'image';
  return 'text';
}

/** {"1": "1700000000"} (unix seconds as a string) → milliseconds. */
function instant(value: unknown): number | null {
  const seconds = isObject(value) ? value['1'] : undefined;
  if ((typeof seconds !== 'string' || !/^\d{1,12}$/.test(seconds)) && !(typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0)) return null;
  const ms = Number(seconds) * 1000;
  return ms > 0 && ms < 8.64e15 ? ms : null;
}

function dayOf(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value.startsWith('//') ? `https:${value}` : value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#61': '=' };

function unescapeHtml(value: string): string {
  return value
    .replace(/\\u003d/gi, '=')
    .replace(/\\u0026/gi, '&')
    .replace(/&(amp|quot|apos|lt|gt|#39|#61);/g, (_match, name: string) => ENTITIES[name]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
