/**
 * Which organisation a page is the site of, as its markup says: the schema.org JSON-LD nodes with
 * the path that leads to each (a node under a review, a list item or a testimonial is someone
 * else's), the page's own Organization node, its meta tags read with case-insensitive attribute
 * names (`Property="og:site_name"` counts) and the site's registrable domain. Shared by the company
 * facts (engines/company/facts.ts) and the people of extract-contacts (engines/contacts/people.ts).
 */
import { getDomain } from 'tldts';
import { parseJsonLd, typesOf } from '../product/jsonld.ts';

export const ORGANIZATION_TYPE =
  /(^|\/)(Organization|Corporation|LocalBusiness|OnlineStore|OnlineBusiness|NGO|NewsMediaOrganization|EducationalOrganization|CollegeOrUniversity|ProfessionalService|Store|Restaurant|Bakery|Dentist|Plumber|Electrician|[A-Z][a-z]+(Store|Business|Company|Agency|Service|Organization))$/;

/** A JSON-LD node and how it was reached: the keys and the types of the nodes above it. */
export interface LinkedNode {
  node: Record<string, unknown>;
  types: string[];
  /** The property names from the root to this node (array positions left out). */
  keys: string[];
  /** The types of the nodes above, nearest last. */
  above: string[][];
  /** The node that holds this one (null for a root or a @graph member). */
  parent: Record<string, unknown> | null;
}

/**
 * Every object of every JSON-LD block (read leniently, as engines/product/jsonld.ts reads them), in
 * document order (a node before the nodes it holds), at most maxNodes, each with the path to it.
 */
export function linkedNodes(document: Document, { maxNodes = 2_000 } = {}): LinkedNode[] {
  const nodes: LinkedNode[] = [];
  for (const script of document.querySelectorAll('script[type="application/ld+json" i]')) {
    const data = parseJsonLd(script.textContent ?? '');
    if (data === null) continue;
    const stack: { value: unknown; keys: string[]; above: string[][]; parent: Record<string, unknown> | null }[] = [
      { value: data, keys: [], above: [], parent: null },
    ];
    while (stack.length && nodes.length < maxNodes) {
      const { value, keys, above, parent } = stack.pop()!;
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], keys, above, parent });
        continue;
      }
      if (!value || typeof value !== 'object') continue;
      const node = value as Record<string, unknown>;
      const types = typesOf(node);
      nodes.push({ node, types, keys, above, parent });
      // @graph members are roots, not parts of the object that holds the graph.
      const entries = Object.entries(node).filter(([, child]) => child && typeof child === 'object');
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index];
        stack.push(
          key === '@graph'
            ? { value: child, keys: [], above: [], parent: null }
            : { value: child, keys: [...keys, key], above: [...above, types], parent: node },
        );
      }
    }
  }
  return nodes;
}

/** The site a page belongs to: its registrable domain (acme.co.uk for shop.acme.co.uk). */
export function siteDomain(hostOrUrl: string): string {
  let host = hostOrUrl.toLowerCase();
  try {
    if (host.includes('/')) host = new URL(hostOrUrl).hostname.toLowerCase();
  } catch {
    /* a bare host */
  }
  host = host.replace(/\.$/, '');
  return getDomain(host, { allowPrivateDomains: false }) ?? host.replace(/^www\./, '');
}

export function hostOfUrl(value: unknown): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return null;
  try {
    return new URL(text).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return null;
  }
}

/** Keys under which an organisation is someone else's: the things a page lists, reviews, sells or cites. */
const NOT_OURS = new Set([
  'itemListElement',
  'item',
  'review',
  'reviews',
  'author',
  'brand',
  'manufacturer',
  'seller',
  'offers',
  'mentions',
  'about',
  'subjectOf',
  'worksFor',
  'affiliation',
  'alumniOf',
  'memberOf',
  'sponsor',
  'funder',
  'member',
  'members',
  'customer',
  'itemReviewed',
  'recipient',
  'comment',
  'hasPart',
  'isPartOf',
  'parentOrganization',
  'subOrganization',
  'location',
  'performer',
  'organizer',
]);

/**
 * The page's own organisation among the JSON-LD nodes: one whose url or @id is on the page's site,
 * else the first organisation that is not a listed, reviewed, cited or employing one (a page's
 * customers, partners and brands) nor one whose url is on another site.
 */
export function ownOrganization(nodes: LinkedNode[], pageUrl: string): Record<string, unknown> | null {
  const site = siteDomain(pageUrl);
  const organizations = nodes.filter(({ types }) => types.some((type) => ORGANIZATION_TYPE.test(type)));
  const at = (same: (domain: string) => boolean) =>
    organizations.find(({ node }) =>
      [node.url, node['@id']].some((value) => {
        const host = hostOfUrl(value);
        return host !== null && same(siteDomain(host));
      }),
    );
  // The site's own domain, else the same name under another suffix (acme.com.br for a page on acme.sc.gov.br).
  const label = site.split('.')[0];
  const onSite = at((domain) => domain === site) ?? (label.length >= 4 ? at((domain) => domain.split('.')[0] === label) : undefined);
  if (onSite) return onSite.node;
  // An organisation whose url is another site's is someone else's (the web agency credited in the footer).
  const elsewhere = ({ node }: LinkedNode) =>
    [node.url, node['@id']].some((value) => {
      const host = hostOfUrl(value);
      return host !== null && siteDomain(host) !== site;
    });
  return organizations.find((entry) => !entry.keys.some((key) => NOT_OURS.has(key)) && !elsewhere(entry))?.node ?? null;
}

/** The content of the page's meta tags by lower-cased property, name or itemprop (attribute names read case-insensitively). */
export function metaTags(document: Document): Map<string, string> {
  const tags = new Map<string, string>();
  for (const meta of document.querySelectorAll('meta')) {
    let key: string | null = null;
    let content: string | null = null;
    for (const attribute of [...meta.attributes]) {
      const name = attribute.name.toLowerCase();
      if ((name === 'property' || name === 'name' || name === 'itemprop') && !key) key = attribute.value.trim().toLowerCase();
      else if (name === 'content') content = attribute.value;
    }
    const text = content?.replace(/\s+/g, ' ').trim();
    if (key && text && !tags.has(key)) tags.set(key, text);
  }
  return tags;
}
