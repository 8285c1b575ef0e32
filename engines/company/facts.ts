/**
 * What a company's home page states about the company itself (the spec's CompanyFacts): its
 * schema.org Organization (or LocalBusiness, Corporation...) JSON-LD first, then its microdata or
 * RDFa, Open Graph and meta tags (attribute names in any case), the title (its name part only:
 * engines/company/name.ts), then the page's own links (company profiles, tel: links that all give
 * one number). Each fact keeps the source that stated it; a fact no source states is absent, never
 * guessed. Pure; it runs in the parse pool (engines/parse/tasks.ts: companyFacts).
 */
import { parseBounded } from '../parse/dom.ts';
import { decodeUriPart } from '../parse/uri.ts';
import { socialProfile } from '../contacts/social.ts';
import { markupOrganization } from './markup.ts';
import { chooseName, nameParts, type NameCandidate } from './name.ts';
import { linkedNodes, metaTags, ownOrganization, type LinkedNode } from './organization.ts';
import { ARTICLE_TYPE } from '../product/jsonld.ts';
import { countryCode, countryOfHost, phoneKey } from './phone.ts';
import type { CompanyAddress, Fact, FactSource, PageCompanyFacts } from './types.ts';

export type { CompanyAddress, Fact, FactSource, PageCompanyFacts };

const MAX_DESCRIPTION = 300;
const MAX_KEYWORDS = 10;

const clean = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text || null;
};
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

function shorten(text: string, max = MAX_DESCRIPTION): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

function absoluteUrl(value: unknown, base: string): string | null {
  const text = clean(first(value));
  if (!text) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

function addressOf(value: unknown): CompanyAddress | null {
  const node = first(value);
  if (typeof node === 'string') return null;
  if (!node || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  const countryValue = first(record.addressCountry);
  const country = clean(
    typeof countryValue === 'object' && countryValue
      ? ((countryValue as Record<string, unknown>).name ?? (countryValue as Record<string, unknown>).identifier)
      : countryValue,
  );
  const address: CompanyAddress = {};
  const street = clean(record.streetAddress);
  const locality = clean(record.addressLocality);
  const region = clean(record.addressRegion);
  const postal = clean(record.postalCode);
  if (street) address.street = street;
  if (locality) address.locality = locality;
  if (region) address.region = region;
  if (postal) address.postal_code = postal;
  if (country) address.country = COUNTRY_CODE.test(country.toUpperCase()) && country.length === 2 ? country.toUpperCase() : country;
  return Object.keys(address).length ? address : null;
}

function yearOf(value: unknown, now: Date): number | null {
  const match = /^\s*(\d{4})(?:-\d{2}(?:-\d{2})?)?/.exec(String(first(value) ?? ''));
  const year = match ? Number(match[1]) : NaN;
  return year >= 1600 && year <= now.getUTCFullYear() ? year : null;
}

function keywordsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const words = list
    .map((item) => clean(typeof item === 'object' && item ? (item as Record<string, unknown>).name : item))
    .filter((item): item is string => !!item && item.length <= 60);
  return [...new Set(words)].slice(0, MAX_KEYWORDS);
}

/** The page's title, og:title when there is no <title>. */
const titleOf = (document: Document, meta: Map<string, string>) => clean(document.querySelector('title')?.textContent) ?? meta.get('og:title') ?? null;

/** An article's titles are never the company's name, nor are a blog's (the node that holds its posts). */
const TITLED_WORK = (type: string) => ARTICLE_TYPE.test(type) || type === 'Blog';

/**
 * When the page is an article (og:type article, a JSON-LD Article or BlogPosting), the titles it
 * gives that article: the JSON-LD headline and name, the h1s, and the first part of og:title and
 * twitter:title (their last part is often the site's name).
 */
function articleHeadlines(document: Document, nodes: LinkedNode[], tags: Map<string, string>): string[] {
  const articles = nodes.filter(({ types }) => types.some(TITLED_WORK));
  if (!articles.length && !/article/i.test(tags.get('og:type') ?? '')) return [];
  const texts = articles.flatMap(({ node }) => [node.headline, node.name]).map((value) => clean(first(value)));
  for (const key of ['og:title', 'twitter:title']) texts.push(nameParts(tags.get(key) ?? '')[0] ?? null);
  for (const heading of [...document.querySelectorAll('h1')].slice(0, 3)) texts.push(clean(heading.textContent));
  return texts.filter((text): text is string => !!text);
}

/** Texts that confirm a name spelling the domain: the header logo's alt text and the copyright line. */
function confirmingTexts(document: Document): string[] {
  const texts: string[] = [];
  // A logo is marked by its class or id, or says so in its alt text ("Acme Logo").
  for (const image of document.querySelectorAll(
    'header img[alt], a[href="/"] img[alt], img[class*="logo" i][alt], [class*="logo" i] img[alt], img[id*="logo" i][alt], img[alt$="logo" i]',
  ))
    texts.push(image.getAttribute('alt') ?? '');
  // The site's footer (an article's <footer class="entry-footer"> is the post's), else the page's last words.
  const footers = [...document.querySelectorAll('footer, [role="contentinfo"]')].filter((footer) => !footer.closest('article'));
  const footer =
    (document.querySelector('[role="contentinfo"]') ?? footers[footers.length - 1] ?? document.querySelector('footer'))?.textContent ??
    document.body?.textContent?.slice(-3000) ??
    '';
  // "Copyright © 2026 Acme Security" on a line of its own: the line ends the name.
  // A dot inside a host ("© vse-diety.com, 2008") goes on with the name; a dot before a space or the end ends it, as does a year after a comma.
  const copyright =
    /(?:(?:copyright\s*)?(?:©|&copy;|\(c\))|copyright)\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*((?:[^.|\n]|\.(?=[a-z]))+?)(?:\.(?![a-z])|\||,?\s+all rights|,\s*\d{4}|\s*\n|$)/i.exec(
      footer,
    );
  // A host written in capitals ("Wheelhouse.com") is the brand; in lower case it is the address the site goes by, kept whole.
  const holder = copyright?.[1].replace(/[\s\-–—]+$/, '') ?? '';
  if (holder.length >= 2 && holder.length <= 60) texts.push(/^[a-z\d-]+(?:\.[a-z]{2,})+$/.test(holder) ? holder : holder.replace(/\.[a-z]{2,}$/i, ''));
  return texts.map((text) => text.replace(/\s+logo$/i, '').trim()).filter(Boolean);
}

/** Company profile links of the page, one per profile. */
function linkedProfiles(document: Document, pageUrl: string): string[] {
  const linked = [...document.querySelectorAll('a[href]')]
    .map((anchor) => {
      try {
        return socialProfile(new URL(anchor.getAttribute('href') ?? '', pageUrl).href);
      } catch {
        return null;
      }
    })
    .filter((link): link is string => !!link);
  return [...new Set(linked)].sort();
}

/** The page's phone: JSON-LD's, else the markup's, else the one number its tel: links give (however many ways it is written). */
function phoneOf(document: Document, { stated, markup, country }: { stated: string | null; markup: string | null; country: string | null }): Fact | null {
  if (stated) return { value: stated, source: 'json_ld' };
  if (markup && phoneKey(markup, { country })) return { value: markup, source: 'markup' };
  const numbers = new Map<string, string>();
  for (const anchor of document.querySelectorAll('a[href^="tel:" i]')) {
    const written = clean(decodeUriPart((anchor.getAttribute('href') ?? '').slice(4)));
    const key = written && phoneKey(written, { country });
    if (written && key && !numbers.has(key)) numbers.set(key, written);
  }
  return numbers.size === 1 ? { value: [...numbers.values()][0], source: 'page_link' } : null;
}

/** What the home page states about the company, each fact with its source. */
export function readCompanyFacts(html: string, pageUrl: string, { now = new Date() }: { now?: Date } = {}): PageCompanyFacts {
  const document = parseBounded(/<(html|body)[\s>]/i.test(html.slice(0, 5000)) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`);
  const nodes = linkedNodes(document, { maxNodes: 500 });
  const organization = ownOrganization(nodes, pageUrl);
  const markup = markupOrganization(document);
  const tags = metaTags(document);
  const facts: PageCompanyFacts = {};

  const candidates: NameCandidate[] = [];
  const push = (value: unknown, source: FactSource, kind: Partial<NameCandidate> = { whole: true }) => {
    const text = clean(first(value));
    if (text) candidates.push({ value: text, source, whole: false, ...kind });
  };
  push(organization?.name, 'json_ld');
  push(tags.get('og:site_name'), 'open_graph');
  push(organization?.legalName, 'json_ld');
  push(markup.name, 'markup');
  push(tags.get('application-name') ?? tags.get('apple-mobile-web-app-title'), 'meta');
  push(titleOf(document, tags), 'title', { title: true });
  for (const text of confirmingTexts(document)) push(text, 'meta', { confirmOnly: true });
  const name = chooseName(candidates, pageUrl, { headlines: articleHeadlines(document, nodes, tags) });
  if (name) facts.name = name;
  const legalName = clean(organization?.legalName);
  if (legalName) facts.legal_name = { value: legalName, source: 'json_ld' };

  const described = clean(organization?.description);
  const metaDescription = tags.get('description');
  const ogDescription = tags.get('og:description');
  if (described) facts.description = { value: shorten(described), source: 'json_ld' };
  else if (metaDescription) facts.description = { value: shorten(metaDescription), source: 'meta' };
  else if (ogDescription) facts.description = { value: shorten(ogDescription), source: 'open_graph' };

  const logo =
    organization &&
    absoluteUrl(typeof first(organization.logo) === 'object' ? (first(organization.logo) as Record<string, unknown>)?.url : organization.logo, pageUrl);
  if (logo) facts.logo_url = { value: logo, source: 'json_ld' };

  const sameAs = ([] as unknown[])
    .concat(organization?.sameAs ?? [])
    .map((link) => (typeof link === 'string' ? socialProfile(link) : null))
    .filter((link): link is string => !!link);
  const linked = linkedProfiles(document, pageUrl);
  if (sameAs.length) facts.social_profiles = { value: [...new Set(sameAs)].sort(), source: 'json_ld' };
  else if (linked.length) facts.social_profiles = { value: linked, source: 'page_link' };

  const stated = addressOf(organization?.address) ?? addressOf((first(organization?.location) as Record<string, unknown> | undefined)?.address);
  if (stated) facts.address = { value: stated, source: 'json_ld' };
  else if (markup.address) facts.address = { value: markup.address, source: 'markup' };

  const founded = organization ? yearOf(organization.foundingDate, now) : null;
  if (founded) facts.founding_year = { value: founded, source: 'json_ld' };

  const keywords = keywordsOf(organization?.knowsAbout ?? organization?.keywords);
  const metaKeywords = keywordsOf(tags.get('keywords') ?? '');
  if (keywords.length) facts.industry_keywords = { value: keywords, source: 'json_ld' };
  else if (metaKeywords.length) facts.industry_keywords = { value: metaKeywords, source: 'meta' };

  const country = countryCode(facts.address?.value.country) ?? countryOfHost(new URL(pageUrl).hostname);
  const phone = phoneOf(document, { stated: clean(first(organization?.telephone)), markup: markup.telephone ?? null, country });
  if (phone) facts.phone = phone;

  return facts;
}
