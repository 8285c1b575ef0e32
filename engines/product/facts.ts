/**
 * Product facts from one schema.org node (JSON-LD, or microdata read into the same shape):
 * Product / ProductGroup with its offers (Offer, AggregateOffer, priceSpecification),
 * aggregateRating, shippingDetails, hasMerchantReturnPolicy and variants. Pure.
 */
import { cleanText, first, hasType, text, typesOf, values, type LdGraph, type LdNode } from './jsonld.ts';
import { parseCount, parseCurrency, parseNumber, parsePrice } from './numbers.ts';
import type { components } from '../../generated/types.ts';

export const PRODUCT_TYPES = ['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'SomeProducts'];

/** The schema.org properties present on the product: the contract's StructuredFields but for the JSON-LD flag. */
export type Present = Omit<components['schemas']['StructuredFields'], 'product_json_ld'>;

export interface ProductFacts {
  title: string | null;
  brand: string | null;
  price: number | null;
  currency: string | null;
  in_stock: boolean | null;
  variants: string[];
  aggregate_rating: number | null;
  review_count: number | null;
  /** bestRating when it is published and not 5. */
  rating_scale: number | null;
  shipping_summary: string | null;
  return_policy: string | null;
  present: Present;
}

export interface PickedProduct {
  node: LdNode;
  /** Products on the page that are not variants of another (a listing has many). */
  productCount: number;
}

const IN_STOCK = new Set(['instock', 'instoreonly', 'onlineonly', 'limitedavailability']);
const NOT_IN_STOCK = new Set(['outofstock', 'soldout', 'discontinued', 'backorder', 'preorder', 'presale', 'madetoorder', 'reserved']);
const VARIANT_PROPS = ['color', 'size', 'material', 'pattern', 'suggestedGender', 'suggestedAge'];
const NON_SALE_PRICE = /strikethrough|listprice|msrp|srp|invoice|minimumadvertised/i;

const lastSegment = (value: string) => value.replace(/\/+$/, '').split(/[/#:]/).pop()!.toLowerCase();
const stripUrl = (value: string) => value.replace(/[?#].*$/, '').replace(/\/+$/, '');

/** The product the page is about: a ProductGroup, else the product whose url is the page, else the first with offers, else the first. */
export function pickProduct(graph: LdGraph, pageUrl: string): PickedProduct | null {
  const products = graph.nodes.filter((node) => hasType(node, ...PRODUCT_TYPES));
  if (!products.length) return null;
  const variants = new Set<LdNode>();
  for (const product of products)
    for (const variant of values(product, 'hasVariant', graph.byId)) if (variant && typeof variant === 'object') variants.add(variant as LdNode);
  for (const product of products) if (values(product, 'isVariantOf', graph.byId).length) variants.add(product);
  const standalone = products.filter((product) => !variants.has(product) || hasType(product, 'ProductGroup'));
  const page = stripUrl(pageUrl);
  const atPage = (node: LdNode) => [node.url, node['@id']].some((value) => typeof value === 'string' && stripUrl(new URL(value, pageUrl).href) === page);
  const node =
    products.find((product) => hasType(product, 'ProductGroup')) ??
    standalone.find(atPage) ??
    standalone.find((product) => values(product, 'offers', graph.byId).length > 0) ??
    standalone[0] ??
    products[0];
  return { node, productCount: Math.max(1, standalone.length) };
}

interface OfferFacts {
  price: number | null;
  currency: string | null;
  inStock: boolean | null;
  availabilityPresent: boolean;
  label: string | null;
  sku: string | null;
  shipping: unknown[];
  returns: unknown[];
}

function readOffers(node: LdNode, graph: LdGraph, depth = 0): OfferFacts[] {
  const offers: OfferFacts[] = [];
  for (const value of values(node, 'offers', graph.byId)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const offer = value as LdNode;
    if (hasType(offer, 'AggregateOffer')) {
      offers.push(readOffer(offer, graph, first(offer, 'lowPrice', graph.byId) ?? first(offer, 'price', graph.byId)));
      if (depth < 2) offers.push(...readOffers(offer, graph, depth + 1));
    } else offers.push(readOffer(offer, graph, first(offer, 'price', graph.byId)));
  }
  return offers;
}

function readOffer(offer: LdNode, graph: LdGraph, priceValue: unknown): OfferFacts {
  let price = parsePrice(priceValue);
  let currency = parseCurrency(text(first(offer, 'priceCurrency', graph.byId)));
  if (price === null) {
    const specs = values(offer, 'priceSpecification', graph.byId).filter((spec): spec is LdNode => !!spec && typeof spec === 'object');
    const sale = specs.find((spec) => !NON_SALE_PRICE.test(String(text(first(spec, 'priceType', graph.byId)) ?? ''))) ?? specs[0];
    if (sale) {
      price = parsePrice(first(sale, 'price', graph.byId) ?? first(sale, 'minPrice', graph.byId));
      currency ??= parseCurrency(text(first(sale, 'priceCurrency', graph.byId)));
    }
  }
  const availability = values(offer, 'availability', graph.byId)
    .map((value) => text(value))
    .filter((value): value is string => !!value)
    .map(lastSegment);
  const inStock = availability.some((value) => IN_STOCK.has(value)) ? true : availability.some((value) => NOT_IN_STOCK.has(value)) ? false : null;
  return {
    price,
    currency,
    inStock,
    availabilityPresent: availability.length > 0,
    label: text(first(offer, 'name', graph.byId)),
    sku: text(first(offer, 'sku', graph.byId)),
    shipping: values(offer, 'shippingDetails', graph.byId),
    returns: values(offer, 'hasMerchantReturnPolicy', graph.byId),
  };
}

/** The group's variants: hasVariant, and products that name the group in isVariantOf. */
function variantNodes(node: LdNode, graph: LdGraph): LdNode[] {
  const listed = values(node, 'hasVariant', graph.byId).filter((value): value is LdNode => !!value && typeof value === 'object');
  const id = typeof node['@id'] === 'string' ? node['@id'] : null;
  const pointing = graph.nodes.filter(
    (other) =>
      other !== node && values(other, 'isVariantOf', graph.byId).some((parent) => parent === node || (id !== null && (parent as LdNode)?.['@id'] === id)),
  );
  return [...new Set([...listed, ...pointing])];
}

function variantLabel(variant: LdNode, groupName: string | null, graph: LdGraph): string | null {
  const name = text(first(variant, 'name', graph.byId));
  if (name && name !== groupName) return name;
  const attributes = VARIANT_PROPS.map((key) => text(first(variant, key, graph.byId))).filter((value): value is string => !!value);
  if (attributes.length) return attributes.join(' / ');
  return text(first(variant, 'sku', graph.byId)) ?? name;
}

export function productFacts(node: LdNode, graph: LdGraph): ProductFacts {
  const title = text(first(node, 'name', graph.byId));
  const variantList = variantNodes(node, graph);
  let offers = readOffers(node, graph);
  if (!offers.length) offers = variantList.flatMap((variant) => readOffers(variant, graph));

  // The lowest price of an offer in stock, else the lowest of any offer.
  const priced = offers.filter((offer) => offer.price !== null).sort((a, b) => Number(b.inStock === true) - Number(a.inStock === true) || a.price! - b.price!);
  const lowest = priced[0] ?? null;
  const inStock = offers.some((offer) => offer.inStock === true) ? true : offers.some((offer) => offer.inStock === false) ? false : null;

  let variants = variantList.map((variant) => variantLabel(variant, title, graph)).filter((label): label is string => !!label);
  if (!variants.length && offers.length > 1) {
    const labels = offers.map((offer) => offer.label).filter((label): label is string => !!label);
    const skus = offers.map((offer) => offer.sku).filter((sku): sku is string => !!sku);
    variants = new Set(labels).size > 1 ? labels : new Set(skus).size > 1 ? skus : [];
  }

  const rating = first(node, 'aggregateRating', graph.byId) as LdNode | undefined;
  const ratingValue = rating && typeof rating === 'object' ? parseNumber(first(rating, 'ratingValue', graph.byId)) : null;
  const bestRating = rating && typeof rating === 'object' ? parseNumber(first(rating, 'bestRating', graph.byId)) : null;
  const reviewCount =
    rating && typeof rating === 'object'
      ? (parseCount(first(rating, 'reviewCount', graph.byId)) ?? parseCount(first(rating, 'ratingCount', graph.byId)))
      : null;

  const shipping = [
    ...values(node, 'shippingDetails', graph.byId),
    ...offers.flatMap((offer) => offer.shipping),
    ...variantList.flatMap((variant) => readOffers(variant, graph).flatMap((offer) => offer.shipping)),
  ];
  const returns = [...values(node, 'hasMerchantReturnPolicy', graph.byId), ...offers.flatMap((offer) => offer.returns)];

  return {
    title,
    brand:
      text(first(node, 'brand', graph.byId)) ??
      (variantList.length ? (variantList.map((variant) => text(first(variant, 'brand', graph.byId))).find(Boolean) ?? null) : null),
    price: lowest?.price ?? null,
    currency: lowest?.currency ?? offers.map((offer) => offer.currency).find(Boolean) ?? null,
    in_stock: inStock,
    variants: [...new Set(variants)].slice(0, 100),
    aggregate_rating: ratingValue,
    review_count: reviewCount,
    rating_scale: bestRating !== null && bestRating !== 5 ? bestRating : null,
    shipping_summary: shippingSummary(shipping, graph),
    return_policy: returnSummary(returns, graph),
    present: {
      offers: offers.length > 0,
      price: lowest !== null,
      availability: offers.some((offer) => offer.availabilityPresent),
      shippingDetails: shipping.length > 0,
      hasMerchantReturnPolicy: returns.length > 0,
      aggregateRating: ratingValue !== null,
    },
  };
}

/** A store-wide return policy on another node of the page (Organization, OnlineStore...). */
export function pageReturnPolicies(graph: LdGraph, product: LdNode | null): unknown[] {
  return graph.nodes
    .filter((node) => node !== product && !hasType(node, ...PRODUCT_TYPES, 'Offer', 'AggregateOffer'))
    .flatMap((node) => values(node, 'hasMerchantReturnPolicy', graph.byId));
}

const amount = (value: number) => String(Number(value.toFixed(2)));

function quantity(node: unknown, graph: LdGraph): { min: number; max: number } | null {
  if (!node || typeof node !== 'object') return null;
  const unit = text(first(node as LdNode, 'unitCode', graph.byId));
  if (unit && !/^(?:day|d|days)$/i.test(unit)) return null;
  const min = parseNumber(first(node as LdNode, 'minValue', graph.byId)) ?? parseNumber(first(node as LdNode, 'value', graph.byId));
  const max = parseNumber(first(node as LdNode, 'maxValue', graph.byId)) ?? min;
  if (min === null && max === null) return null;
  return { min: min ?? max!, max: max ?? min! };
}

function describeShipping(value: unknown, graph: LdGraph): string | null {
  if (typeof value === 'string') return cleanText(value, 160);
  if (!value || typeof value !== 'object') return null;
  const detail = value as LdNode;
  const rate = first(detail, 'shippingRate', graph.byId);
  const rateNode = rate && typeof rate === 'object' ? (rate as LdNode) : null;
  const cost = rateNode ? parsePrice(first(rateNode, 'value', graph.byId) ?? first(rateNode, 'maxValue', graph.byId)) : parsePrice(rate);
  const currency = rateNode ? parseCurrency(text(first(rateNode, 'currency', graph.byId))) : null;
  const countries = [
    ...new Set(
      values(detail, 'shippingDestination', graph.byId)
        .flatMap((region) =>
          region && typeof region === 'object' ? values(region as LdNode, 'addressCountry', graph.byId).map((country) => text(country)) : [text(region)],
        )
        .filter((country): country is string => !!country),
    ),
  ];
  const time = first(detail, 'deliveryTime', graph.byId) as LdNode | undefined;
  const handling = time && typeof time === 'object' ? quantity(first(time, 'handlingTime', graph.byId), graph) : null;
  const transit = time && typeof time === 'object' ? quantity(first(time, 'transitTime', graph.byId), graph) : null;
  const flag = first(detail, 'doesNotShip', graph.byId);
  const doesNotShip = flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
  const where = countries.length ? ` to ${countries.slice(0, 8).join(', ')}${countries.length > 8 ? ` and ${countries.length - 8} more` : ''}` : '';
  if (doesNotShip) return `No shipping${where || ' to the listed region'}`;
  let days = '';
  if (handling || transit) {
    const min = (handling?.min ?? 0) + (transit?.min ?? 0);
    const max = (handling?.max ?? 0) + (transit?.max ?? 0);
    days = `, delivery in ${min === max ? min : `${min}–${max}`} day${max === 1 ? '' : 's'}`;
  }
  if (cost === null && !where && !days) return null;
  const price = cost === 0 ? 'Free shipping' : cost !== null ? `Shipping ${amount(cost)}${currency ? ` ${currency}` : ''}` : 'Shipping';
  return `${price}${where}${days}`;
}

function shippingSummary(details: unknown[], graph: LdGraph): string | null {
  const parts = [...new Set(details.map((detail) => describeShipping(detail, graph)).filter((part): part is string => !!part))];
  if (!parts.length) return null;
  return parts.length > 3 ? `${parts.slice(0, 3).join('; ')}; and ${parts.length - 3} more rates` : parts.join('; ');
}

const RETURN_FEES: Record<string, string> = {
  freereturn: 'free return shipping',
  returnfeescustomerresponsibility: 'return shipping paid by the customer',
  returnshippingfees: 'return shipping fee',
  restockingfees: 'restocking fee',
  originalshippingfees: 'original shipping fees not refunded',
};
const RETURN_METHODS: Record<string, string> = { returnbymail: 'by mail', returninstore: 'in store', returnatkiosk: 'at a kiosk' };

function describeReturn(value: unknown, graph: LdGraph): string | null {
  if (typeof value === 'string') return /^https?:\/\//i.test(value.trim()) ? `Return policy: ${value.trim()}` : cleanText(value, 200);
  if (!value || typeof value !== 'object') return null;
  const policy = value as LdNode;
  const category = lastSegment(text(first(policy, 'returnPolicyCategory', graph.byId)) ?? '');
  const days = parseCount(first(policy, 'merchantReturnDays', graph.byId));
  const parts: string[] = [];
  if (category === 'merchantreturnnotpermitted') parts.push('No returns');
  else {
    if (category === 'merchantreturnunlimitedwindow') parts.push('Returns accepted with no time limit');
    else if (days !== null) parts.push(`${days}-day returns`);
    else if (category === 'merchantreturnfinitereturnwindow') parts.push('Returns within a limited window');
    const fees = RETURN_FEES[lastSegment(text(first(policy, 'returnFees', graph.byId)) ?? '')];
    if (fees) {
      const feeAmount = first(policy, 'returnShippingFeesAmount', graph.byId) as LdNode | undefined;
      const fee = feeAmount && typeof feeAmount === 'object' ? parsePrice(first(feeAmount, 'value', graph.byId)) : null;
      const feeCurrency = feeAmount && typeof feeAmount === 'object' ? parseCurrency(text(first(feeAmount, 'currency', graph.byId))) : null;
      parts.push(fee !== null && fees === 'return shipping fee' ? `return shipping ${amount(fee)}${feeCurrency ? ` ${feeCurrency}` : ''}` : fees);
    }
    const method = values(policy, 'returnMethod', graph.byId)
      .map((entry) => RETURN_METHODS[lastSegment(text(entry) ?? '')])
      .filter(Boolean);
    if (method.length) parts.push([...new Set(method)].join(' or '));
  }
  const countries = values(policy, 'applicableCountry', graph.byId)
    .map((country) => text(country))
    .filter((country): country is string => !!country);
  const link = text(first(policy, 'merchantReturnLink', graph.byId)) ?? text(first(policy, 'url', graph.byId));
  let summary = parts.join(', ');
  if (!summary) summary = text(first(policy, 'description', graph.byId)) ?? (typesOf(policy).length ? '' : (text(policy) ?? ''));
  if (summary && countries.length) summary += ` (${countries.slice(0, 8).join(', ')})`;
  if (link) summary = summary ? `${summary}; policy: ${link}` : `Return policy: ${link}`;
  return summary || null;
}

export function returnSummary(policies: unknown[], graph: LdGraph): string | null {
  for (const policy of policies) {
    const summary = describeReturn(policy, graph);
    if (summary) return summary;
  }
  return null;
}
