/**
 * What the promo code finder reads from one page's HTML: its SEO metadata texts, its visible text
 * block by block (landing pages) and the same-site links to promo landing pages (the home page).
 * Plain data: it runs in the parse pool (engines/parse/tasks.ts), and no DOM crosses threads.
 */
import { parsePage, type ParsedPage } from '../product/extract.ts';
import { cleanText } from '../product/jsonld.ts';
import { findCodes, type FoundCode } from './codes.ts';

export interface PromoPage {
  url: string;
  /** Title, meta description, Open Graph and Twitter card title and description (each at most 1,000 characters). */
  seo: string[];
  /** The codes the SEO texts carry, in their order. */
  seoCodes: FoundCode[];
  /** The codes the visible text carries (none unless asked for). */
  textCodes: FoundCode[];
  /** Same-site promo landing pages it links to (none unless asked for). */
  promoLinks: string[];
}

const PROMO_PATH = /(?:^|[/_-])(?:promos?|promotions?|deals?|coupons?|offers?|discounts?|sales?|vouchers?|promo-?codes?|specials?)(?:[/._-]|$)/i;
const PROMO_TEXT = /\b(?:promos?|promotions?|deals?|coupons?|offers?|discounts?|sale|vouchers?|promo codes?)\b/i;
const META_KEYS = ['description', 'og:title', 'og:description', 'twitter:title', 'twitter:description'];

/** The page's SEO metadata texts: title, meta description, Open Graph and Twitter title and description. */
function seoTexts(page: ParsedPage): string[] {
  const title = cleanText(page.document.querySelector('title')?.textContent ?? '', 500);
  return [title, ...META_KEYS.map((key) => cleanText(page.metas.get(key) ?? '', 1000))].filter((text): text is string => !!text);
}

/** The visible text of the page, block by block (scripts, styles and templates left out). */
function bodyText(page: ParsedPage): string {
  const body = page.document.querySelector('body');
  if (!body) return '';
  for (const element of Array.from(body.querySelectorAll('script, style, noscript, template, svg')) as { remove(): void }[]) element.remove();
  const blocks = Array.from(
    body.querySelectorAll('h1, h2, h3, h4, p, li, td, dt, dd, blockquote, figcaption, [class*="banner"], [class*="promo"], [class*="announcement"]'),
  ) as { textContent: string | null }[];
  return blocks
    .map((block) => (block.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Same-site links to promo landing pages, by path or link text, in document order. */
function promoLinks(page: ParsedPage, max: number): string[] {
  const home = new URL(page.url);
  const bare = home.hostname.replace(/^www\./, '');
  const out: string[] = [];
  for (const anchor of Array.from(page.document.querySelectorAll('a[href]')) as { getAttribute(name: string): string | null; textContent: string | null }[]) {
    let url: URL;
    try {
      url = new URL(anchor.getAttribute('href') ?? '', page.url);
    } catch {
      continue;
    }
    url.hash = '';
    if (!/^https?:$/.test(url.protocol) || !(url.hostname === bare || url.hostname.endsWith(`.${bare}`)) || url.pathname === '/' || url.href === home.href)
      continue;
    if (!PROMO_PATH.test(url.pathname) && !PROMO_TEXT.test(anchor.textContent ?? '')) continue;
    if (!out.includes(url.href)) out.push(url.href);
    if (out.length >= max) break;
  }
  return out;
}

/** The page's SEO texts and promo links, and the codes its SEO texts and (withText) its visible text carry, as of `now`. */
export function readPromoPage(
  html: string,
  url: string,
  { maxLinks = 0, withText = false, now }: { maxLinks?: number; withText?: boolean; now: Date },
): PromoPage {
  const page = parsePage(html, url);
  const seo = seoTexts(page);
  return {
    url: page.url,
    seo,
    seoCodes: seo.flatMap((text) => findCodes(text, { now })),
    textCodes: withText ? findCodes(bodyText(page), { now }) : [],
    promoLinks: maxLinks > 0 ? promoLinks(page, maxLinks) : [],
  };
}
