/**
 * What a company's home page states about the company itself (the spec's CompanyFacts): its
 * schema.org Organization (or LocalBusiness, Corporation...) JSON-LD first, then Open Graph and
 * meta tags, then the page's own links (company profiles, a tel: link). Each fact keeps the
 * source that stated it; a fact no source states is absent, never guessed. Pure; it runs in the
 * parse pool (engines/parse/tasks.ts: companyFacts).
 */
import { parseBounded } from '../parse/dom.ts';
import { objectsIn } from '../parse/json-walk.ts';
import { socialProfile } from '../contacts/social.ts';

export type FactSource = 'json_ld' | 'open_graph' | 'meta' | 'page_link' | 'job_board' | 'rdap';

export interface Fact<T = string> {
  value: T;
  source: FactSource;
}

export interface CompanyAddress {
  street?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  /** ISO 3166-1 alpha-2 when the page writes a code, else the country as written. */
  country?: string;
}

export interface PageCompanyFacts {
  name?: Fact;
  legal_name?: Fact;
  description?: Fact;
  logo_url?: Fact;
  social_profiles?: Fact<string[]>;
  address?: Fact<CompanyAddress>;
  founding_year?: Fact<number>;
  industry_keywords?: Fact<string[]>;
  phone?: Fact;
}

const ORGANIZATION_TYPE = /(^|\/)(Organization|Corporation|LocalBusiness|OnlineStore|OnlineBusiness|NGO|NewsMediaOrganization|EducationalOrganization|ProfessionalService|Store|Restaurant|[A-Z][a-z]+(Store|Business|Company|Agency))$/;
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

function hostOf(value: unknown): string | null {
  try {
    return new URL(String(first(value))).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The page's own organisation among the JSON-LD nodes: one whose url or @id is on the page's site,
 * else the first organisation in document order (a page's partners and brands come later, nested).
 */
function ownOrganization(nodes: Record<string, unknown>[], pageHost: string): Record<string, unknown> | null {
  const organizations = nodes.filter((node) => ([] as unknown[]).concat(node['@type'] ?? []).some((type) => ORGANIZATION_TYPE.test(String(type))));
  const onSite = (node: Record<string, unknown>) => [node.url, node['@id']].some((value) => {
    const host = hostOf(value);
    return host !== null && (host === pageHost || pageHost.endsWith(`.${host}`) || host.endsWith(`.${pageHost}`));
  });
  return organizations.find(onSite) ?? organizations[0] ?? null;
}

/** JSON-LD nodes in document order (a block's top-level node before the nodes it holds). */
function jsonLdNodes(document: Document): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    const graph = (data as { '@graph'?: unknown })?.['@graph'];
    const roots = Array.isArray(graph) ? graph : Array.isArray(data) ? data : [data];
    // objectsIn yields a root before the nodes it holds.
    for (const root of roots) nodes.push(...objectsIn(root, { maxNodes: 500 }));
  }
  return nodes;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

function addressOf(value: unknown): CompanyAddress | null {
  const node = first(value);
  if (typeof node === 'string') return null;
  if (!node || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  const countryValue = first(record.addressCountry);
  const country = clean(typeof countryValue === 'object' && countryValue ? (countryValue as Record<string, unknown>).name ?? (countryValue as Record<string, unknown>).identifier : countryValue);
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
  const words = list.map((item) => clean(typeof item === 'object' && item ? (item as Record<string, unknown>).name : item)).filter((item): item is string => !!item && item.length <= 60);
  return [...new Set(words)].slice(0, MAX_KEYWORDS);
}

/** What the home page states about the company, each fact with its source. */
export function readCompanyFacts(html: string, pageUrl: string, { now = new Date() }: { now?: Date } = {}): PageCompanyFacts {
  const document = parseBounded(/<(html|body)[\s>]/i.test(html.slice(0, 5000)) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`);
  const pageHost = new URL(pageUrl).hostname.replace(/^www\./, '').toLowerCase();
  const organization = ownOrganization(jsonLdNodes(document), pageHost);
  const meta = (selector: string) => clean(document.querySelector(selector)?.getAttribute('content'));
  const facts: PageCompanyFacts = {};

  const name = clean(organization?.name);
  const siteName = meta('meta[property="og:site_name"]');
  if (name) facts.name = { value: name, source: 'json_ld' };
  else if (siteName) facts.name = { value: siteName, source: 'open_graph' };
  const legalName = clean(organization?.legalName);
  if (legalName) facts.legal_name = { value: legalName, source: 'json_ld' };

  const described = clean(organization?.description);
  const metaDescription = meta('meta[name="description" i]');
  const ogDescription = meta('meta[property="og:description"]');
  if (described) facts.description = { value: shorten(described), source: 'json_ld' };
  else if (metaDescription) facts.description = { value: shorten(metaDescription), source: 'meta' };
  else if (ogDescription) facts.description = { value: shorten(ogDescription), source: 'open_graph' };

  const logo = organization && absoluteUrl(typeof first(organization.logo) === 'object' ? (first(organization.logo) as Record<string, unknown>)?.url : organization.logo, pageUrl);
  if (logo) facts.logo_url = { value: logo, source: 'json_ld' };

  const sameAs = ([] as unknown[]).concat(organization?.sameAs ?? []).map((link) => (typeof link === 'string' ? socialProfile(link) : null)).filter((link): link is string => !!link);
  if (sameAs.length) facts.social_profiles = { value: [...new Set(sameAs)].sort(), source: 'json_ld' };
  else {
    const linked = [...document.querySelectorAll('a[href]')].map((anchor) => {
      try {
        return socialProfile(new URL(anchor.getAttribute('href') ?? '', pageUrl).href);
      } catch {
        return null;
      }
    }).filter((link): link is string => !!link);
    if (linked.length) facts.social_profiles = { value: [...new Set(linked)].sort(), source: 'page_link' };
  }

  const address = addressOf(organization?.address) ?? addressOf((first(organization?.location) as Record<string, unknown> | undefined)?.address);
  if (address) facts.address = { value: address, source: 'json_ld' };

  const founded = organization ? yearOf(organization.foundingDate, now) : null;
  if (founded) facts.founding_year = { value: founded, source: 'json_ld' };

  const keywords = keywordsOf(organization?.knowsAbout ?? organization?.keywords);
  const metaKeywords = keywordsOf(meta('meta[name="keywords" i]') ?? '');
  if (keywords.length) facts.industry_keywords = { value: keywords, source: 'json_ld' };
  else if (metaKeywords.length) facts.industry_keywords = { value: metaKeywords, source: 'meta' };

  const telephone = clean(first(organization?.telephone));
  const telLinks = [...new Set([...document.querySelectorAll('a[href^="tel:" i]')].map((anchor) => clean(decodeURIComponentSafe((anchor.getAttribute('href') ?? '').slice(4)))).filter((phone): phone is string => !!phone && /\d{6,}/.test(phone.replace(/\D/g, ''))))];
  if (telephone) facts.phone = { value: telephone, source: 'json_ld' };
  else if (telLinks.length === 1) facts.phone = { value: telLinks[0], source: 'page_link' };

  return facts;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
