/**
 * readiness_score and the prioritized fixes (spec: ReadinessFields). Points, 100 in all:
 *
 * - discovery 35: robots_txt 5, sitemap 10, llms_txt 5, agent_card 5, x402 5, product_feed 5,
 *   each when valid;
 * - bot access 25: 25 × the share of (agent, page) pairs robots.txt allows, over the listed
 *   agents and two pages each (home and sample product; home only without a sample product);
 * - product data 40: a sample product page found 5; its product read from JSON-LD 10 (microdata
 *   6, Open Graph 3); then one per structured field present: offers 5, price 5, availability 5,
 *   shippingDetails 4, hasMerchantReturnPolicy 3, aggregateRating 3.
 *
 * The sum is rounded to an integer. Every check that did not get its full points becomes a fix;
 * fixes are ordered by the points they would add (most first, ties in the order above) and
 * numbered from priority 1. Pure.
 */
import type { components } from '../../generated/types.ts';
import type { ProductEvidence } from '../product/extract.ts';

export type DiscoveryCheck = components['schemas']['DiscoveryCheck'];
export type BotAccess = components['schemas']['BotAccess'];
export type Fix = { priority: number; check: string; action: string };

export const DISCOVERY_NAMES = ['robots_txt', 'sitemap', 'llms_txt', 'agent_card', 'x402', 'product_feed'] as const;
export type DiscoveryName = (typeof DISCOVERY_NAMES)[number];

export const DISCOVERY_POINTS: Record<DiscoveryName, number> = { robots_txt: 5, sitemap: 10, llms_txt: 5, agent_card: 5, x402: 5, product_feed: 5 };
export const BOT_POINTS = 25;
export const SAMPLE_POINTS = 5;
export const SOURCE_POINTS: Record<ProductEvidence['extraction_source'], number> = { json_ld: 10, microdata: 6, open_graph: 3, html: 0, none: 0 };
export const FIELD_POINTS = { offers: 5, price: 5, availability: 5, shippingDetails: 4, hasMerchantReturnPolicy: 3, aggregateRating: 3 } as const;

const DISCOVERY_ACTIONS: Record<DiscoveryName, string> = {
  robots_txt: 'Serve /robots.txt as text/plain with HTTP 200: user-agent groups for the agents you welcome and a Sitemap: line.',
  sitemap: 'Publish an XML sitemap listing every product URL (a sitemap index for large catalogs) and name it in robots.txt with a Sitemap: line.',
  llms_txt: 'Publish /llms.txt (llmstxt.org): an H1 with the store name, a one-line summary and links to the main collections, shipping and return policies.',
  agent_card:
    'Publish /.well-known/agent-card.json, an A2A AgentCard (name, description, url, version, capabilities, skills, defaultInputModes, defaultOutputModes), if agents can act on your store through an API.',
  x402: 'Publish /.well-known/x402.json with your payTo address and priced resources, if you sell to agents that pay over x402.',
  product_feed:
    'Expose a product feed (Google Merchant RSS with g:id, g:title, g:price, g:availability, or a JSON feed) and link it from the home page with <link rel="alternate">.',
};

const FIELD_ACTIONS: Record<keyof typeof FIELD_POINTS, string> = {
  offers: 'Add offers (an Offer per purchasable variant) to the Product structured data.',
  price: 'Give every Offer a price and an ISO 4217 priceCurrency.',
  availability: 'Give every Offer an availability (https://schema.org/InStock, OutOfStock, PreOrder...).',
  shippingDetails:
    'Add offers.shippingDetails (OfferShippingDetails: shippingRate, shippingDestination, deliveryTime) so agents can quote delivery cost and time.',
  hasMerchantReturnPolicy:
    'Add hasMerchantReturnPolicy (MerchantReturnPolicy: returnPolicyCategory, merchantReturnDays, returnFees), on the Offer or store-wide on the Organization.',
  aggregateRating: 'Publish aggregateRating (ratingValue, reviewCount) for products that have reviews.',
};

export interface ScoreInput {
  discovery: Record<DiscoveryName, DiscoveryCheck>;
  botAccess: Record<string, BotAccess>;
  sampleProductUrl: string | null;
  product: ProductEvidence | null;
  /** Why robots.txt blocks everyone when it does not parse (a 5xx or a failed fetch), for the fix. */
  robotsUnreachable: string | null;
}

export interface Scored {
  readiness_score: number;
  fixes: Fix[];
}

export function scoreReadiness({ discovery, botAccess, sampleProductUrl, product, robotsUnreachable }: ScoreInput): Scored {
  let score = 0;
  const gaps: { lost: number; order: number; check: string; action: string }[] = [];
  let order = 0;
  const earn = (points: number, max: number, check: string, action: string) => {
    score += points;
    order += 1;
    if (points < max) gaps.push({ lost: max - points, order, check, action });
  };

  // Bot access first in the tie order: an agent that may not read the store sees nothing else.
  const bots = Object.entries(botAccess);
  const pages = sampleProductUrl ? 2 : 1;
  const allowed = bots.reduce((sum, [, access]) => sum + Number(access.home_allowed) + (sampleProductUrl ? Number(access.sample_product_allowed) : 0), 0);
  const botScore = bots.length ? (BOT_POINTS * allowed) / (bots.length * pages) : BOT_POINTS;
  earn(botScore, BOT_POINTS, 'bot_access', botAction(bots, sampleProductUrl, robotsUnreachable));

  earn(
    sampleProductUrl ? SAMPLE_POINTS : 0,
    SAMPLE_POINTS,
    'sample_product',
    'No product page could be found from the home page (links or structured data) or the sitemap: link product pages from the home page and list them in the sitemap.',
  );
  const source = product?.extraction_source ?? 'none';
  if (sampleProductUrl) {
    earn(
      SOURCE_POINTS[source],
      SOURCE_POINTS.json_ld,
      'product_json_ld',
      source === 'json_ld'
        ? ''
        : `Add schema.org Product JSON-LD (name, brand, offers) to product pages${source === 'microdata' || source === 'open_graph' ? `: ${source === 'microdata' ? 'microdata' : 'Open Graph tags'} alone carry less and are read by fewer agents` : ` such as ${sampleProductUrl}`}.`,
    );
    for (const [field, points] of Object.entries(FIELD_POINTS) as [keyof typeof FIELD_POINTS, number][]) {
      earn(product?.structured_fields[field] ? points : 0, points, field, FIELD_ACTIONS[field]);
    }
  }
  // Without a product page the product checks cannot pass: the sample_product fix stands for them.

  for (const name of DISCOVERY_NAMES) {
    const valid = discovery[name]?.valid === true;
    earn(
      valid ? DISCOVERY_POINTS[name] : 0,
      DISCOVERY_POINTS[name],
      name,
      name === 'robots_txt' && robotsUnreachable
        ? `${robotsUnreachable}: crawlers treat an unreachable robots.txt as "disallow everything". ${DISCOVERY_ACTIONS.robots_txt}`
        : `${DISCOVERY_ACTIONS[name]}${discovery[name] && !discovery[name].valid ? ` (now: ${discovery[name].validation})` : ''}`,
    );
  }

  const fixes = gaps
    .filter((gap) => gap.lost > 1e-9)
    .sort((a, b) => b.lost - a.lost || a.order - b.order)
    .map((gap, index) => ({ priority: index + 1, check: gap.check, action: gap.action }));
  return { readiness_score: Math.round(score), fixes };
}

function botAction(bots: [string, BotAccess][], sampleProductUrl: string | null, robotsUnreachable: string | null): string {
  if (robotsUnreachable) return `${robotsUnreachable}, so every agent must treat the whole site as disallowed: serve robots.txt with HTTP 200.`;
  const blockedHome = bots.filter(([, access]) => !access.home_allowed).map(([name]) => name);
  const blockedProduct = sampleProductUrl ? bots.filter(([, access]) => access.home_allowed && !access.sample_product_allowed).map(([name]) => name) : [];
  const parts: string[] = [];
  if (blockedHome.length) parts.push(`robots.txt disallows the home page to ${blockedHome.join(', ')}`);
  if (blockedProduct.length) parts.push(`product pages (${new URL(sampleProductUrl!).pathname}) to ${blockedProduct.join(', ')}`);
  return `${parts.join('; and ')}: add an Allow for product and policy pages in their user-agent groups (or remove the Disallow rules that match) if you want shopping agents to read and recommend the store.`;
}
