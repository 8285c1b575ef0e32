import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scoreReadiness, DISCOVERY_NAMES, type DiscoveryName } from '../../../../engines/store-readiness/score.ts';
import { AGENT_BOTS } from '../../../../engines/store-readiness/bots.ts';
import { extractProduct } from '../../../../engines/product/extract.ts';

const PRODUCT_URL = 'https://s.example.com/products/a';
const discovery = (valid: DiscoveryName[]) =>
  Object.fromEntries(
    DISCOVERY_NAMES.map((name) => [
      name,
      { http_status: valid.includes(name) ? 200 : 404, valid: valid.includes(name), validation: valid.includes(name) ? 'ok' : 'HTTP 404' },
    ]),
  ) as Record<DiscoveryName, { http_status: number; valid: boolean; validation: string }>;
const bots = (blocked: Record<string, [home: boolean, product: boolean]> = {}) =>
  Object.fromEntries(AGENT_BOTS.map((bot) => [bot, { home_allowed: blocked[bot]?.[0] ?? true, sample_product_allowed: blocked[bot]?.[1] ?? true }]));
const fullProduct = extractProduct(
  `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'A', aggregateRating: { ratingValue: 5, reviewCount: 2 }, offers: { '@type': 'Offer', price: 1, priceCurrency: 'USD', availability: 'InStock', shippingDetails: { shippingRate: { value: 0, currency: 'USD' } }, hasMerchantReturnPolicy: { merchantReturnDays: 30 } } })}</script>`,
  PRODUCT_URL,
);
const bareProduct = extractProduct(
  `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'A', offers: { '@type': 'Offer', price: 1, priceCurrency: 'USD' } })}</script>`,
  PRODUCT_URL,
);

describe('readiness_score and fixes', () => {
  it('everything in place scores 100 with no fix', () => {
    const scored = scoreReadiness({
      discovery: discovery([...DISCOVERY_NAMES]),
      botAccess: bots(),
      sampleProductUrl: PRODUCT_URL,
      product: fullProduct,
      robotsUnreachable: null,
    });
    assert.deepEqual(scored, { readiness_score: 100, fixes: [] });
  });

  it('adds the documented points: discovery 35, bots 25 by share of pairs, product data 40', () => {
    // robots 5 + sitemap 10; bots: GPTBot blocked on both pages, ClaudeBot on the product page: 23/26 of 25 (2.9 lost); product: 5 + 10 + offers 5 + price 5.
    const scored = scoreReadiness({
      discovery: discovery(['robots_txt', 'sitemap']),
      botAccess: bots({ GPTBot: [false, false], ClaudeBot: [true, false] }),
      sampleProductUrl: PRODUCT_URL,
      product: bareProduct,
      robotsUnreachable: null,
    });
    assert.equal(scored.readiness_score, Math.round(15 + (25 * 23) / 26 + 25));
    assert.deepEqual(
      scored.fixes.map((fix) => [fix.priority, fix.check]),
      [
        [1, 'availability'],
        [2, 'llms_txt'],
        [3, 'agent_card'],
        [4, 'x402'],
        [5, 'product_feed'],
        [6, 'shippingDetails'],
        [7, 'hasMerchantReturnPolicy'],
        [8, 'aggregateRating'],
        [9, 'bot_access'],
      ],
    );
    assert.match(
      scored.fixes.find((fix) => fix.check === 'bot_access')!.action,
      /^robots\.txt disallows the home page to GPTBot; and product pages \(\/products\/a\) to ClaudeBot:/,
    );
    assert.match(scored.fixes.find((fix) => fix.check === 'llms_txt')!.action, /\(now: HTTP 404\)$/);
  });

  it('without a sample product: bots count the home page only, one fix stands for the product checks', () => {
    const scored = scoreReadiness({
      discovery: discovery([]),
      botAccess: bots({ GPTBot: [false, false] }),
      sampleProductUrl: null,
      product: null,
      robotsUnreachable: null,
    });
    assert.equal(scored.readiness_score, Math.round((25 * 12) / 13));
    assert.deepEqual(
      scored.fixes.map((fix) => fix.check),
      ['sitemap', 'sample_product', 'robots_txt', 'llms_txt', 'agent_card', 'x402', 'product_feed', 'bot_access'],
    );
  });

  it('a robots.txt answering 5xx blocks every agent and the fix says why', () => {
    const scored = scoreReadiness({
      discovery: discovery([]),
      botAccess: bots(Object.fromEntries(AGENT_BOTS.map((bot) => [bot, [false, false]]))),
      sampleProductUrl: PRODUCT_URL,
      product: fullProduct,
      robotsUnreachable: 'robots.txt answers HTTP 503',
    });
    assert.equal(scored.readiness_score, 40);
    assert.equal(scored.fixes[0].check, 'bot_access');
    assert.match(scored.fixes[0].action, /^robots\.txt answers HTTP 503, so every agent must treat the whole site as disallowed/);
  });

  it('microdata earns 6 of the 10 points of JSON-LD', () => {
    const microdata = extractProduct('<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">A</span></div>', PRODUCT_URL);
    const scored = scoreReadiness({
      discovery: discovery([...DISCOVERY_NAMES]),
      botAccess: bots(),
      sampleProductUrl: PRODUCT_URL,
      product: microdata,
      robotsUnreachable: null,
    });
    assert.equal(scored.readiness_score, 35 + 25 + 5 + 6);
    assert.equal(scored.fixes[0].check, 'offers');
  });
});
