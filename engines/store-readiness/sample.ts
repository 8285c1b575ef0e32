/**
 * Where a sample product page is found: product URLs the home page's structured data names
 * (Product url, ItemList items), then same-site links whose path looks like a product page,
 * then such URLs in the sitemap (every URL of a product sitemap). Pure.
 */
import { hasType, values, text, type LdGraph } from '../product/jsonld.ts';
import { PRODUCT_TYPES } from '../product/facts.ts';

/** Paths of product pages on the common shop platforms (Shopify, WooCommerce, Magento, BigCommerce, custom). */
const PRODUCT_PATH = /\/(?:products?|p|items?|dp|shop|buy|catalog\/product\/view)\/[^/?#]+/i;
const NOT_PRODUCT = /\/(?:cart|checkout|account|login|search|collections?\/[^/]+\/?$|categor(?:y|ies)|tags?|blogs?|pages?|policies)(?:\/|$)/i;

export const isProductPath = (url: string) => {
  try {
    const { pathname } = new URL(url);
    return PRODUCT_PATH.test(pathname) && !NOT_PRODUCT.test(pathname) && !/\.(?:jpe?g|png|gif|webp|svg|css|js|pdf|xml|json)$/i.test(pathname);
  } catch {
    return false;
  }
};

const sameSite = (url: URL, host: string) => {
  const bare = host.replace(/^www\./, '');
  return url.hostname === bare || url.hostname.endsWith(`.${bare}`);
};

function absolute(href: string, base: string): URL | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/** Product URLs named by the page's structured data (Product url/@id, ItemList item urls). */
export function structuredProductUrls(graph: LdGraph, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const node of graph.nodes) {
    if (hasType(node, ...PRODUCT_TYPES)) {
      const url = typeof node.url === 'string' ? node.url : null;
      if (url) urls.push(url);
    }
    if (hasType(node, 'ListItem')) {
      const item = values(node, 'item', graph.byId)[0];
      const url =
        typeof node.url === 'string'
          ? node.url
          : typeof item === 'string'
            ? item
            : item && typeof item === 'object'
              ? (text((item as Record<string, unknown>).url) ?? text((item as Record<string, unknown>)['@id']))
              : null;
      if (url) urls.push(url);
    }
  }
  return [...new Set(urls.map((url) => absolute(url, pageUrl)?.href).filter((url): url is string => !!url))];
}

/** Candidate product pages, best first (structured data, links, product sitemaps, other sitemap URLs), same-site, deduplicated, at most `max`. */
export function productCandidates({
  homeUrl,
  structured,
  links,
  sitemapUrls,
  productSitemapUrls = [],
  max = 6,
}: {
  homeUrl: string;
  structured: string[];
  links: string[];
  sitemapUrls: string[];
  productSitemapUrls?: string[];
  max?: number;
}): string[] {
  const host = new URL(homeUrl).hostname;
  const home = absolute(homeUrl, homeUrl)!.href;
  const seen = new Set<string>([home]);
  const out: string[] = [];
  const add = (raw: string, needsProductPath: boolean) => {
    const url = absolute(raw, homeUrl);
    if (!url || !sameSite(url, host) || seen.has(url.href) || out.length >= max) return;
    if (needsProductPath && !isProductPath(url.href)) return;
    seen.add(url.href);
    out.push(url.href);
  };
  for (const url of structured) add(url, false);
  for (const url of links) add(url, true);
  for (const url of productSitemapUrls) add(url, false);
  for (const url of sitemapUrls) add(url, true);
  return out;
}

/** Of a sitemap index's children, those to read for product URLs: product sitemaps first. */
export function productSitemaps(children: string[], max = 2): string[] {
  return [...children].sort((a, b) => Number(/product/i.test(b)) - Number(/product/i.test(a))).slice(0, max);
}
