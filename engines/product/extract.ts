/**
 * The product evidence object of one page (spec: ProductEvidence): the product read from
 * schema.org JSON-LD, else microdata, else Open Graph product tags, else only the page's title
 * (html), else nothing (none). extraction_source names the source of the product; facts that
 * source lacks are taken from the next sources of the same page, and a limitation says which.
 * structured_fields says what the page's structured data carries, whichever source was used.
 * Pure over the HTML and its URL.
 */
import { limitNotes, parseBounded, parseReportOf, type ParseReport } from '../parse/dom.ts';
import type { components } from '../../generated/types.ts';
import { readCheckout } from './checkout.ts';
import { pageReturnPolicies, pickProduct, productFacts, returnSummary, type ProductFacts } from './facts.ts';
import { cleanText, ldGraph, parseJsonLd, type LdGraph } from './jsonld.ts';
import { microdataItems } from './microdata.ts';
import { metaTags, readOpenGraph, type OpenGraphProduct } from './opengraph.ts';

export type ProductEvidence = components['schemas']['ProductEvidence'];
export type StructuredFields = components['schemas']['StructuredFields'];
export type ExtractionSource = ProductEvidence['extraction_source'];

type Doc = { querySelectorAll(selector: string): ArrayLike<any>; querySelector(selector: string): any };

/** One parsed page: what every reader of it needs, parsed once. */
export interface ParsedPage {
  url: string;
  html: string;
  document: Doc;
  jsonLd: LdGraph;
  /** JSON-LD script blocks that could not be parsed. */
  brokenJsonLd: number;
  microdata: LdGraph;
  metas: Map<string, string>;
  /** What the parse limits did to the page (engines/parse/limits.ts). */
  limits: ParseReport;
}

export function parsePage(html: string, url: string): ParsedPage {
  const wrapped = /<(html|body|head)[\s>]/i.test(html.slice(0, 5000)) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const document = parseBounded(wrapped) as unknown as Doc;
  const roots: unknown[] = [];
  let broken = 0;
  for (const script of Array.from(document.querySelectorAll('script')) as { getAttribute(name: string): string | null; textContent: string | null }[]) {
    if (!/^\s*application\/ld\+json\s*(;|$)/i.test(script.getAttribute('type') ?? '')) continue;
    const parsed = parseJsonLd(script.textContent ?? '');
    if (parsed === null) broken += 1;
    else roots.push(parsed);
  }
  const limits = parseReportOf(document as unknown as Document)!;
  return {
    url,
    html,
    document,
    jsonLd: ldGraph(roots),
    brokenJsonLd: broken,
    microdata: ldGraph(microdataItems(document, url)),
    metas: metaTags(document),
    limits,
  };
}

const FACT_KEYS = ['title', 'brand', 'price', 'currency', 'in_stock', 'aggregate_rating', 'review_count', 'shipping_summary', 'return_policy'] as const;
type FactKey = (typeof FACT_KEYS)[number];
type Facts = Pick<ProductFacts, FactKey | 'variants'>;

const SOURCE_NAMES: Record<ExtractionSource, string> = {
  json_ld: 'JSON-LD',
  microdata: 'microdata',
  open_graph: 'Open Graph',
  html: 'the page title',
  none: 'nothing',
};

function openGraphFacts(og: OpenGraphProduct): Facts {
  return {
    title: og.title,
    brand: og.brand,
    price: og.price,
    currency: og.currency,
    in_stock: og.in_stock,
    aggregate_rating: null,
    review_count: null,
    shipping_summary: null,
    return_policy: null,
    variants: [],
  };
}

function pageTitle(page: ParsedPage): string | null {
  const heading = page.document.querySelector('h1');
  const title = page.document.querySelector('title');
  return cleanText(heading?.textContent ?? '') ?? cleanText(page.metas.get('og:title') ?? '') ?? cleanText(title?.textContent ?? '');
}

export function productEvidence(page: ParsedPage): ProductEvidence {
  const ld = pickProduct(page.jsonLd, page.url);
  const md = pickProduct(page.microdata, page.url);
  const og = readOpenGraph(page.metas);
  const ldFacts = ld ? productFacts(ld.node, page.jsonLd) : null;
  const mdFacts = md ? productFacts(md.node, page.microdata) : null;
  const title = ld || md || og.isProduct ? null : pageTitle(page);
  const source: ExtractionSource = ld ? 'json_ld' : md ? 'microdata' : og.isProduct ? 'open_graph' : title ? 'html' : 'none';

  const sources: [ExtractionSource, Facts][] = [];
  if (ldFacts) sources.push(['json_ld', ldFacts]);
  if (mdFacts) sources.push(['microdata', mdFacts]);
  if (og.isProduct) sources.push(['open_graph', openGraphFacts(og)]);

  const merged: Record<FactKey, unknown> = {
    title,
    brand: null,
    price: null,
    currency: null,
    in_stock: null,
    aggregate_rating: null,
    review_count: null,
    shipping_summary: null,
    return_policy: null,
  };
  const filled = new Map<ExtractionSource, FactKey[]>();
  const take = (name: ExtractionSource, key: FactKey, value: unknown) => {
    merged[key] = value;
    if (name !== source) filled.set(name, [...(filled.get(name) ?? []), key]);
  };
  for (const key of FACT_KEYS) {
    if (key === 'price' || key === 'currency') continue;
    const found = sources.find(([, facts]) => facts[key] !== null);
    if (found) take(found[0], key, found[1][key]);
  }
  // Price and currency go together: a currency comes from a source that states the same price.
  const priced = sources.find(([, facts]) => facts.price !== null);
  if (priced) {
    take(priced[0], 'price', priced[1].price);
    const currency = sources.find(([, facts]) => facts.price === priced[1].price && facts.currency !== null);
    if (currency) take(currency[0], 'currency', currency[1].currency);
  }
  const pageReturns =
    ldFacts?.return_policy || mdFacts?.return_policy
      ? []
      : [...pageReturnPolicies(page.jsonLd, ld?.node ?? null), ...pageReturnPolicies(page.microdata, md?.node ?? null)];
  if (merged.return_policy === null && pageReturns.length && (ld || md))
    merged.return_policy = returnSummary(pageReturns, page.jsonLd) ?? returnSummary(pageReturns, page.microdata);

  const present = (key: keyof ProductFacts['present']) => Boolean(ldFacts?.present[key] || mdFacts?.present[key]);
  const structured: StructuredFields = {
    product_json_ld: ld !== null,
    offers: present('offers'),
    price: present('price') || og.hasPrice,
    availability: present('availability') || og.hasAvailability,
    shippingDetails: present('shippingDetails'),
    hasMerchantReturnPolicy: present('hasMerchantReturnPolicy') || pageReturns.length > 0,
    aggregateRating: present('aggregateRating'),
  };

  const limitations: string[] = [];
  if (source === 'html')
    limitations.push(
      'The page carries no product structured data (schema.org JSON-LD, microdata or Open Graph product tags): only its title was read; price, stock and the other facts are unknown (null), never guessed from the text.',
    );
  if (source === 'none') limitations.push('The page carries no product structured data and no title: nothing could be read.');
  for (const [name, keys] of filled)
    limitations.push(`Not in the ${SOURCE_NAMES[source]} product, taken from ${SOURCE_NAMES[name]} on the same page: ${keys.join(', ')}.`);
  const picked = ld ?? md;
  if (picked && picked.productCount > 1)
    limitations.push(
      `The page describes ${picked.productCount} products (a listing or related products?): the facts are those of the one the page is about, else the first with offers.`,
    );
  limitations.push(...limitNotes(page.limits));
  if (page.brokenJsonLd) limitations.push(`${page.brokenJsonLd} JSON-LD block(s) on the page are not valid JSON and were skipped.`);
  const scale = sources.find(([, facts]) => facts.aggregate_rating !== null)?.[1] as ProductFacts | undefined;
  if (scale?.rating_scale) limitations.push(`aggregate_rating is the published ratingValue on the page's own scale (bestRating ${scale.rating_scale}).`);
  if (merged.price !== null && merged.currency === null) limitations.push('The price is published without an ISO 4217 currency code: currency is null.');
  limitations.push(
    'Checkout evidence (agentic_checkout_supported, checkout_hints) is read from this page only: wallet buttons, wallet scripts and listed payment methods; nothing was bought or tested.',
  );

  const variants = sources.find(([, facts]) => facts.variants.length)?.[1].variants ?? [];
  return {
    url: page.url,
    title: merged.title as string | null,
    brand: merged.brand as string | null,
    price: merged.price as number | null,
    currency: merged.currency as string | null,
    in_stock: merged.in_stock as boolean | null,
    variants,
    aggregate_rating: merged.aggregate_rating as number | null,
    review_count: merged.review_count as number | null,
    shipping_summary: merged.shipping_summary as string | null,
    return_policy: merged.return_policy as string | null,
    ...readCheckout(page.document, page.html, {
      nodes: [...page.jsonLd.nodes, ...page.microdata.nodes],
      byId: new Map([...page.microdata.byId, ...page.jsonLd.byId]),
    }),
    structured_fields: structured,
    extraction_source: source,
    limitations,
  };
}

/** The product evidence of one page's HTML. */
export function extractProduct(html: string, url: string): ProductEvidence {
  return productEvidence(parsePage(html, url));
}

/** Whether the evidence describes a product from structured data (not only a page title). */
export const hasProductData = (evidence: ProductEvidence) =>
  evidence.extraction_source === 'json_ld' || evidence.extraction_source === 'microdata' || evidence.extraction_source === 'open_graph';
