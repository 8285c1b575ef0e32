/**
 * Open Graph product tags (og:type product, product:price:amount, product:price:currency,
 * product:availability, product:brand; the older og:price:* spellings too). Pure.
 */
import { cleanText } from './jsonld.ts';
import { parseCurrency, parsePrice } from './numbers.ts';

export interface OpenGraphProduct {
  /** og:type names a product, or product price tags are present. */
  isProduct: boolean;
  title: string | null;
  brand: string | null;
  price: number | null;
  currency: string | null;
  in_stock: boolean | null;
  hasPrice: boolean;
  hasAvailability: boolean;
}

const IN_STOCK = new Set(['instock', 'in stock', 'in_stock', 'available', 'available for order', 'available_for_order']);
const NOT_IN_STOCK = new Set(['oos', 'outofstock', 'out of stock', 'out_of_stock', 'discontinued', 'preorder', 'pre-order', 'pending', 'sold out', 'soldout']);

/** Meta tags by lower-cased property or name (the first value of each). */
export function metaTags(document: { querySelectorAll(selector: string): ArrayLike<unknown> }): Map<string, string> {
  const tags = new Map<string, string>();
  for (const meta of Array.from(document.querySelectorAll('meta[content]')) as { getAttribute(name: string): string | null }[]) {
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name') ?? meta.getAttribute('itemprop') ?? '').trim().toLowerCase();
    if (key && !tags.has(key)) tags.set(key, meta.getAttribute('content') ?? '');
  }
  return tags;
}

export function readOpenGraph(tags: Map<string, string>): OpenGraphProduct {
  const get = (...keys: string[]) => keys.map((key) => tags.get(key)).find((value) => value !== undefined && value.trim() !== '') ?? null;
  const type = (get('og:type') ?? '').toLowerCase();
  const priceText = get('product:price:amount', 'og:price:amount', 'product:sale_price:amount');
  const availability = (get('product:availability', 'og:availability') ?? '').trim().toLowerCase();
  const inStock = IN_STOCK.has(availability) ? true : NOT_IN_STOCK.has(availability) ? false : null;
  return {
    isProduct: /^(?:og:)?product(?:\.item|\.group)?$/.test(type) || priceText !== null,
    title: cleanText(get('og:title') ?? ''),
    brand: cleanText(get('product:brand', 'og:brand') ?? ''),
    price: parsePrice(priceText),
    currency: parseCurrency(get('product:price:currency', 'og:price:currency', 'product:sale_price:currency')),
    in_stock: inStock,
    hasPrice: parsePrice(priceText) !== null,
    hasAvailability: inStock !== null,
  };
}
