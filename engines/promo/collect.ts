/**
 * The promo code finder (spec: PromoFinderResult): the store's home page, its SEO metadata
 * (title, meta description, Open Graph and Twitter card title and description), and the promo
 * landing pages it links to (paths or link texts such as /promo, /deals, /coupons, /offers,
 * /sale; at most four, read in parallel), their metadata and text. Codes come only from there
 * (engines/promo/codes.ts), never made up, never tried at checkout. The pages are read in the parse pool
 * (deps.analyze); one that cannot be read within the parse limits adds nothing and a limitation
 * says so (without a readable home page: no_data). Pure over the injected fetch and analyze.
 */
import type { components } from '../../generated/types.ts';
import type { Fetched, SafeFetch } from '../net/types.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { PromoPage } from './page.ts';
import { readStore } from '../store-readiness/home.ts';
import type { FoundCode } from './codes.ts';

export type PromoFinderResult = components['schemas']['PromoFinderResult'];
type PromoCode = components['schemas']['PromoCode'];

export interface PromoDeps {
  fetch: SafeFetch;
  /** Reads the pages off the main thread (the parse pool). */
  analyze: Analyze;
  now: () => Date;
  signal?: AbortSignal;
}

export interface PromoOptions {
  deadlineMs?: number;
  pageTimeoutMs?: number;
  maxPageBytes?: number;
  maxLandingPages?: number;
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';
/** How much a code's place says about it being a live, public promotion. */
const CONFIDENCE = { home_meta: 0.9, landing_meta: 0.85, landing_text: 0.7 } as const;
const DISCOUNT_BONUS = 0.05;

function categoryWords(category: string | undefined): string[] {
  return (category ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .map((word) => word.replace(/(?:ies|es|s)$/, ''));
}

interface Candidate {
  code: string;
  description: string;
  url: string;
  confidence: number;
  percentOff: number | null;
  categoryMatch: boolean;
}

export async function findPromos(
  domain: string,
  { fetch, analyze, now, signal }: PromoDeps,
  { productCategory }: { productCategory?: string } = {},
  { deadlineMs = 10_000, pageTimeoutMs = 5_000, maxPageBytes = 2_000_000, maxLandingPages = 4 }: PromoOptions = {},
): Promise<PromoFinderResult> {
  const limitations = [
    'checkout_verified is always false: this service never adds to a cart or checks out, so no code was tried.',
    'Codes are read only from the SEO metadata (title, meta description, Open Graph, Twitter card) of the home page and from the promo pages it links to; codes sent by e-mail, shown by scripts or pop-ups, or listed on coupon sites are not seen.',
    'A code is left out when its own text says it has expired or names a past end date; a code without a date may have ended without saying so.',
  ];
  return readStore<PromoFinderResult>(
    domain,
    fetch,
    { signal, name: 'promo deadline', deadlineMs, timeoutMs: pageTimeoutMs, maxBytes: maxPageBytes },
    {
      unreachable: (reason) => ({
        domain,
        status: 'unreachable',
        error_reason: reason,
        promos_found: false,
        active_codes: [],
        best_offer_summary: `No promo code could be looked for: ${reason}.`,
        sources_checked: [],
        limitations,
      }),
      async read(home, reach) {
        /** The page read in the parse pool, or null (and a limitation) when it cannot be within the parse limits. */
        const today = now();
        async function readPage(page: Fetched, url: string, options: { maxLinks?: number; withText?: boolean }): Promise<PromoPage | null> {
          try {
            return await analyze('promoPage', { page, url, now: today.toISOString(), ...options }, { signal: reach.signal });
          } catch (error) {
            if (!isUnanalysable(error)) throw error;
            limitations.push(`The page ${url} could not be analysed within the parse limits (elements, nesting, time): nothing was read from it.`);
            return null;
          }
        }
        const homePage = await readPage(home.content, home.url, { maxLinks: maxLandingPages });
        if (!homePage) {
          return {
            domain,
            status: 'no_data',
            promos_found: false,
            active_codes: [],
            best_offer_summary: `No promo code could be read: the home page ${home.url} cannot be analysed within the parse limits.`,
            sources_checked: [home.url],
            limitations,
          };
        }
        const landingUrls = homePage.promoLinks;
        const landing = await Promise.all(
          landingUrls.map(async (url) => {
            const file = await reach.file(url, { accept: HTML_ACCEPT, maxBytes: maxPageBytes });
            if (file.status === null || file.status >= 400 || !/html/i.test(file.contentType || 'text/html')) {
              limitations.push(`The promo page ${url} could not be read (${file.failure ?? `HTTP ${file.status}`}).`);
              return null;
            }
            return readPage(file.content, file.url, { withText: true });
          }),
        );

        const read = landing.filter((page): page is PromoPage => !!page);
        const words = categoryWords(productCategory);
        const ranked = rankCodes(homePage, read, words);
        const active_codes: PromoCode[] = ranked.map((candidate) => ({
          code: candidate.code,
          discount_description: candidate.description,
          source: 'seo_meta',
          promo_landing_url: candidate.url,
          confidence: Number(candidate.confidence.toFixed(2)),
          checkout_verified: false,
        }));
        const sources_checked = [homePage.url, ...read.map((page) => page.url)];
        if (words.length && ranked.length && !ranked.some((candidate) => candidate.categoryMatch))
          limitations.push(`No code mentions the product_category "${productCategory}": the codes found may be site-wide or for other products.`);
        if (!landingUrls.length)
          limitations.push('The home page links to no promo landing page (/promo, /deals, /coupons, /offers, /sale...): only its metadata was read.');

        const top = ranked[0];
        return {
          domain,
          status: ranked.length ? 'ok' : 'no_data',
          promos_found: ranked.length > 0,
          active_codes,
          best_offer_summary: top
            ? `${top.code}: ${top.description} (published on ${top.url}; not tried at checkout)`
            : `No promo code is published in the SEO metadata of ${homePage.url}${landingUrls.length ? ` or on the ${landingUrls.length} promo page${landingUrls.length === 1 ? '' : 's'} it links to` : ''}.`,
          sources_checked,
          limitations,
        };
      },
    },
  );
}

/**
 * Every code the pages publish, one entry per code (case-insensitive) at the most confident place
 * it was found, those that mention the product category first, then by confidence and discount.
 */
function rankCodes(home: PromoPage, landing: PromoPage[], words: string[]): Candidate[] {
  const candidates: Candidate[] = [];
  function collect(codes: FoundCode[], page: PromoPage, base: number, context: string) {
    for (const found of codes) {
      const haystack = `${found.sentence} ${context}`.toLowerCase();
      candidates.push({
        code: found.code,
        description: found.sentence,
        url: page.url,
        confidence: Math.min(0.95, base + (found.statesDiscount ? DISCOUNT_BONUS : 0)),
        percentOff: found.percentOff,
        categoryMatch: words.length > 0 && words.some((word) => haystack.includes(word)),
      });
    }
  }
  collect(home.seoCodes, home, CONFIDENCE.home_meta, '');
  for (const page of landing) {
    const context = `${page.url} ${page.seo.join(' ')}`;
    collect(page.seoCodes, page, CONFIDENCE.landing_meta, context);
    collect(page.textCodes, page, CONFIDENCE.landing_text, context);
  }

  const best = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = candidate.code.toUpperCase();
    const kept = best.get(key);
    if (!kept || candidate.confidence > kept.confidence)
      best.set(key, { ...candidate, categoryMatch: candidate.categoryMatch || (kept?.categoryMatch ?? false) });
  }
  return [...best.values()].sort(
    (a, b) => Number(b.categoryMatch) - Number(a.categoryMatch) || b.confidence - a.confidence || (b.percentOff ?? 0) - (a.percentOff ?? 0),
  );
}
