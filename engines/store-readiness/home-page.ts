/**
 * What the readiness audit reads from the store's home page HTML: its product evidence, the
 * product URLs of its structured data, its links and the product feeds it links to. Plain data:
 * it runs in the parse pool (engines/parse/tasks.ts), and no DOM crosses threads.
 */
import { parsePage, productEvidence, type ParsedPage, type ProductEvidence } from '../product/extract.ts';
import { structuredProductUrls } from './sample.ts';

export interface StoreHomePage {
  url: string;
  evidence: ProductEvidence;
  /** Product URLs named by the page's JSON-LD and microdata. */
  structuredUrls: string[];
  /** Every link of the page, absolute. */
  links: string[];
  /** Linked feeds (<link rel=alternate>) whose type is a feed and whose URL or title names products. */
  feedLinks: string[];
}

const FEED_TYPE = /^(?:application\/(?:rss\+xml|atom\+xml|feed\+json|json)|text\/xml)$/i;
const PRODUCT_FEED_HINT = /product|merchant|catalog|shopping|google/i;

type Anchor = { getAttribute(name: string): string | null };

function absolute(href: string | null, base: string): string | null {
  try {
    return new URL(href ?? '', base).href;
  } catch {
    return null;
  }
}

function links(page: ParsedPage): string[] {
  return (Array.from(page.document.querySelectorAll('a[href]')) as Anchor[])
    .map((anchor) => absolute(anchor.getAttribute('href'), page.url))
    .filter((url): url is string => !!url);
}

function feedLinks(page: ParsedPage): string[] {
  return (Array.from(page.document.querySelectorAll('link[rel~="alternate"][href]')) as Anchor[])
    .filter(
      (link) =>
        FEED_TYPE.test((link.getAttribute('type') ?? '').trim()) && PRODUCT_FEED_HINT.test(`${link.getAttribute('href')} ${link.getAttribute('title') ?? ''}`),
    )
    .map((link) => absolute(link.getAttribute('href'), page.url))
    .filter((url): url is string => !!url);
}

export function readStoreHome(html: string, url: string): StoreHomePage {
  const page = parsePage(html, url);
  return {
    url: page.url,
    evidence: productEvidence(page),
    structuredUrls: [...structuredProductUrls(page.jsonLd, page.url), ...structuredProductUrls(page.microdata, page.url)],
    links: links(page),
    feedLinks: feedLinks(page),
  };
}
