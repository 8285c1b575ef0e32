import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractProduct } from '../../../../engines/product/extract.ts';
import { parseJsonLd } from '../../../../engines/product/jsonld.ts';
import { parseCount, parseNumber, parsePrice } from '../../../../engines/product/numbers.ts';
import { assertValid } from '../../../support/contract.ts';

const URL = 'https://shop.example.com/products/widget';
const page = (head: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Widget | Shop</title>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const read = (html: string, url = URL) => {
  const evidence = extractProduct(html, url);
  assertValid('ProductEvidence', evidence);
  return evidence;
};

describe('JSON-LD products', () => {
  it('reads a Shopify-style Product with an Offer, rating, shipping and returns', () => {
    const evidence = read(
      page(
        ld({
          '@context': 'https://schema.org/',
          '@type': 'Product',
          name: 'Widget &amp; Co. Deluxe',
          brand: 'Acme',
          url: URL,
          aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 88 },
          offers: {
            '@type': 'Offer',
            price: '1,299.00',
            priceCurrency: 'usd',
            availability: 'http://schema.org/InStock',
            shippingDetails: [
              {
                '@type': 'OfferShippingDetails',
                shippingRate: { '@type': 'MonetaryAmount', value: '4.95', currency: 'USD' },
                shippingDestination: [
                  { '@type': 'DefinedRegion', addressCountry: 'US' },
                  { '@type': 'DefinedRegion', addressCountry: 'CA' },
                ],
                deliveryTime: { '@type': 'ShippingDeliveryTime', transitTime: { '@type': 'QuantitativeValue', minValue: 3, maxValue: 3, unitCode: 'd' } },
              },
            ],
            hasMerchantReturnPolicy: {
              '@type': 'MerchantReturnPolicy',
              returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
              applicableCountry: 'US',
            },
          },
        }),
      ),
    );
    assert.equal(evidence.extraction_source, 'json_ld');
    assert.equal(evidence.title, 'Widget & Co. Deluxe');
    assert.equal(evidence.brand, 'Acme');
    assert.deepEqual([evidence.price, evidence.currency, evidence.in_stock], [1299, 'USD', true]);
    assert.deepEqual([evidence.aggregate_rating, evidence.review_count], [4.5, 88]);
    assert.equal(evidence.shipping_summary, 'Shipping 4.95 USD to US, CA, delivery in 3 days');
    assert.equal(evidence.return_policy, 'No returns (US)');
    assert.deepEqual(evidence.structured_fields, {
      product_json_ld: true,
      offers: true,
      price: true,
      availability: true,
      shippingDetails: true,
      hasMerchantReturnPolicy: true,
      aggregateRating: true,
    });
    assert.deepEqual(evidence.variants, []);
  });

  it('reads a ProductGroup in an @graph: variants, the lowest price in stock, references by @id, a store-wide return policy', () => {
    const evidence = read(
      page(
        ld({
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'Organization', '@id': '#org', name: 'Shop', hasMerchantReturnPolicy: { '@id': '#returns' } },
            {
              '@type': 'MerchantReturnPolicy',
              '@id': '#returns',
              returnPolicyCategory: 'MerchantReturnFiniteReturnWindow',
              merchantReturnDays: '60',
              returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
              merchantReturnLink: 'https://shop.example.com/returns',
            },
            {
              '@type': 'ProductGroup',
              '@id': '#tee',
              name: 'Logo Tee',
              brand: { '@id': '#org' },
              variesBy: ['https://schema.org/color', 'https://schema.org/size'],
              hasVariant: [{ '@id': '#tee-red-m' }, { '@id': '#tee-blue-l' }],
            },
            {
              '@type': 'Product',
              '@id': '#tee-red-m',
              name: 'Logo Tee',
              color: 'Red',
              size: 'M',
              isVariantOf: { '@id': '#tee' },
              offers: { '@type': 'Offer', price: 15, priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' },
            },
            {
              '@type': 'Product',
              '@id': '#tee-blue-l',
              name: 'Logo Tee',
              color: 'Blue',
              size: 'L',
              isVariantOf: { '@id': '#tee' },
              offers: { '@type': 'Offer', price: 19, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
            },
          ],
        }),
      ),
    );
    assert.equal(evidence.title, 'Logo Tee');
    assert.equal(evidence.brand, 'Shop', 'a brand given by reference');
    assert.deepEqual(evidence.variants, ['Red / M', 'Blue / L']);
    assert.deepEqual([evidence.price, evidence.currency, evidence.in_stock], [19, 'EUR', true], 'the cheaper variant is sold out');
    assert.equal(evidence.return_policy, '60-day returns, return shipping paid by the customer; policy: https://shop.example.com/returns');
    assert.equal(evidence.structured_fields.hasMerchantReturnPolicy, true);
    assert.equal(evidence.structured_fields.aggregateRating, false);
  });

  it('reads an AggregateOffer, a priceSpecification that is not the strikethrough price, and several JSON-LD blocks', () => {
    const aggregate = read(
      page(
        ld([
          { '@type': 'WebSite', name: 'Shop' },
          {
            '@type': ['Product', 'Thing'],
            name: 'Lamp',
            offers: { '@type': 'AggregateOffer', lowPrice: '39.5', highPrice: '59', priceCurrency: 'GBP', offerCount: 3 },
          },
        ]),
      ),
    );
    assert.deepEqual([aggregate.title, aggregate.price, aggregate.currency, aggregate.in_stock], ['Lamp', 39.5, 'GBP', null]);
    assert.equal(aggregate.structured_fields.availability, false);
    const specified = read(
      page(
        `${ld({ '@type': 'BreadcrumbList', itemListElement: [] })}${ld({
          '@type': 'schema:Product',
          name: 'Kettle',
          offers: {
            '@type': 'Offer',
            availability: 'PreOrder',
            priceSpecification: [
              { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: 80, priceCurrency: 'EUR' },
              { '@type': 'UnitPriceSpecification', price: '64,90', priceCurrency: 'EUR' },
            ],
          },
        })}`,
      ),
    );
    assert.deepEqual([specified.price, specified.currency, specified.in_stock], [64.9, 'EUR', false]);
  });

  it('reads JSON-LD that JSON.parse refuses (a raw newline in a string, a comment wrapper) and counts blocks it cannot read', () => {
    const html = page(`<script type="application/ld+json"><!--
{"@type":"Product","name":"Multi
line","offers":{"@type":"Offer","price":"5","priceCurrency":"USD"}}
--></script><script type="application/ld+json">{"@type": "Product", name: broken}</script>`);
    const evidence = read(html);
    assert.equal(evidence.title, 'Multi line');
    assert.ok(
      evidence.limitations.some((text) => /1 JSON-LD block\(s\) on the page are not valid JSON/.test(text)),
      evidence.limitations.join('\n'),
    );
    assert.equal(parseJsonLd('  '), null);
  });

  it('on a listing, reports the product whose url is the page and says the page describes several', () => {
    const evidence = read(
      page(
        ld({
          '@type': 'ItemList',
          itemListElement: [
            {
              '@type': 'ListItem',
              position: 1,
              item: {
                '@type': 'Product',
                name: 'Other',
                url: 'https://shop.example.com/products/other',
                offers: { '@type': 'Offer', price: 1, priceCurrency: 'USD' },
              },
            },
            {
              '@type': 'ListItem',
              position: 2,
              item: { '@type': 'Product', name: 'Widget', url: '/products/widget', offers: { '@type': 'Offer', price: 2, priceCurrency: 'USD' } },
            },
          ],
        }),
      ),
    );
    assert.equal(evidence.title, 'Widget');
    assert.ok(evidence.limitations.some((text) => /describes 2 products/.test(text)));
  });
});

describe('microdata and Open Graph', () => {
  it('reads a microdata Product with nested Brand, Offer and AggregateRating, content attributes first', () => {
    const evidence = read(
      page(
        '',
        `<div itemscope itemtype="http://schema.org/Product">
      <h1 itemprop="name"> Cast-Iron   Skillet </h1>
      <span itemprop="brand" itemscope itemtype="http://schema.org/Brand"><meta itemprop="name" content="Copperleaf"></span>
      <div itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating"><span itemprop="ratingValue">4,8</span> of <span itemprop="bestRating">10</span> (<span itemprop="reviewCount">1.204</span>)</div>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price" content="54.90">54,90 €</span><meta itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/LimitedAvailability"></div>
    </div>`,
      ),
    );
    assert.equal(evidence.extraction_source, 'microdata');
    assert.deepEqual(
      [evidence.title, evidence.brand, evidence.price, evidence.currency, evidence.in_stock],
      ['Cast-Iron Skillet', 'Copperleaf', 54.9, 'EUR', true],
    );
    assert.deepEqual([evidence.aggregate_rating, evidence.review_count], [4.8, 1204]);
    assert.ok(evidence.limitations.some((text) => /bestRating 10/.test(text)));
    assert.equal(evidence.structured_fields.product_json_ld, false);
    assert.equal(evidence.structured_fields.offers, true);
  });

  it('reads Open Graph product tags alone', () => {
    const evidence = read(
      page(
        '<meta property="og:type" content="product"><meta property="og:title" content="Aurora Poster"><meta property="product:price:amount" content="24.00"><meta property="product:price:currency" content="eur"><meta property="product:availability" content="out of stock"><meta property="product:brand" content="Lumen">',
      ),
    );
    assert.equal(evidence.extraction_source, 'open_graph');
    assert.deepEqual([evidence.title, evidence.brand, evidence.price, evidence.currency, evidence.in_stock], ['Aurora Poster', 'Lumen', 24, 'EUR', false]);
    assert.deepEqual(evidence.structured_fields, {
      product_json_ld: false,
      offers: false,
      price: true,
      availability: true,
      shippingDetails: false,
      hasMerchantReturnPolicy: false,
      aggregateRating: false,
    });
  });

  it('fills what JSON-LD lacks from the other sources of the page and says so', () => {
    const evidence = read(
      page(
        `<meta property="og:type" content="product"><meta property="product:brand" content="OG Brand"><meta property="product:price:amount" content="10"><meta property="product:price:currency" content="USD">${ld({ '@type': 'Product', name: 'Plain', offers: { '@type': 'Offer', price: '10' } })}`,
      ),
    );
    assert.equal(evidence.extraction_source, 'json_ld');
    assert.deepEqual([evidence.brand, evidence.price, evidence.currency], ['OG Brand', 10, 'USD']);
    assert.ok(
      evidence.limitations.some((text) => text === 'Not in the JSON-LD product, taken from Open Graph on the same page: brand, currency.'),
      evidence.limitations.join('\n'),
    );
  });

  it('does not take a currency from a source that states another price', () => {
    const evidence = read(
      page(
        `<meta property="og:type" content="product"><meta property="product:price:amount" content="12"><meta property="product:price:currency" content="USD">${ld({ '@type': 'Product', name: 'Plain', offers: { '@type': 'Offer', price: '10' } })}`,
      ),
    );
    assert.deepEqual([evidence.price, evidence.currency], [10, null]);
    assert.ok(evidence.limitations.some((text) => /without an ISO 4217 currency/.test(text)));
  });

  it('without product data reads only the title (html), never a price from the text; with nothing, none', () => {
    const html = read(page('<meta property="og:type" content="article">', '<h1>Our story</h1><p>Only $19.99 today!</p>'));
    assert.equal(html.extraction_source, 'html');
    assert.deepEqual([html.title, html.price, html.currency, html.in_stock, html.brand], ['Our story', null, null, null, null]);
    assert.ok(Object.values(html.structured_fields).every((value) => value === false));
    const none = read('<!doctype html><html><head></head><body><p>hello</p></body></html>');
    assert.equal(none.extraction_source, 'none');
    assert.equal(none.title, null);
  });
});

describe('checkout evidence', () => {
  const offer = (extra = {}) => ld({ '@type': 'Product', name: 'W', offers: { '@type': 'Offer', price: 1, priceCurrency: 'USD', ...extra } });

  it('a wallet button is support; a wallet script or a named payment icon is only a hint', () => {
    const evidence = read(
      page(
        offer(),
        `<apple-pay-button buttonstyle="black"></apple-pay-button>
      <script src="https://pay.google.com/gp/p/js/pay.js"></script>
      <footer><img src="/icons/shop-pay.svg" alt="Shop Pay"></footer>`,
      ),
    );
    assert.deepEqual(evidence.agentic_checkout_supported, { protocol_a: null, wallet_a: true, wallet_b: null, wallet_c: null });
    assert.deepEqual(evidence.checkout_hints, { wallet_a: true, wallet_b: true, wallet_c: true });
  });

  it('reads buttons by class and by label', () => {
    const evidence = read(page(offer(), '<div class="pdp-buttons gpay-button"></div><button type="button" aria-label="Buy with Shop Pay"></button>'));
    assert.deepEqual(evidence.agentic_checkout_supported, { protocol_a: null, wallet_a: null, wallet_b: true, wallet_c: true });
  });

  it('a listed set of payment methods without a wallet says false; naming it says true', () => {
    const evidence = read(page(offer({ acceptedPaymentMethod: ['http://purl.org/goodrelations/v1#PayPal', 'Apple Pay'] })));
    assert.deepEqual(evidence.agentic_checkout_supported, { protocol_a: null, wallet_a: true, wallet_b: false, wallet_c: false });
    assert.deepEqual(evidence.checkout_hints, { wallet_a: true, wallet_b: false, wallet_c: false });
  });

  it('nothing on the page: null support and false hints; protocol_a only when the page names the protocol', () => {
    const plain = read(page(offer()));
    assert.deepEqual(plain.agentic_checkout_supported, { protocol_a: null, wallet_a: null, wallet_b: null, wallet_c: null });
    assert.deepEqual(plain.checkout_hints, { wallet_a: false, wallet_b: false, wallet_c: false });
    const acp = read(page(offer(), '<p class="badge">Buy it with Instant Checkout in ChatGPT</p>'));
    assert.equal(acp.agentic_checkout_supported.protocol_a, true);
    const endpoint = read(page(offer(), '<script>window.acp = { endpoint: "https://shop.example.com/api/checkout_sessions" };</script>'));
    assert.equal(endpoint.agentic_checkout_supported.protocol_a, true);
  });
});

describe('numbers as pages write them', () => {
  const prices: [unknown, number | null][] = [
    ['24.99', 24.99],
    [24.99, 24.99],
    ['1,299.00', 1299],
    ['1.299,00', 1299],
    ['19,99', 19.99],
    ['1,299', 1299],
    ['0.125', 0.125],
    ['$ 1 299.50', 1299.5],
    ['1.234.567', 1234567],
    ['EUR 12', 12],
    ['free', null],
    [-3, null],
    [null, null],
  ];
  for (const [input, expected] of prices) it(`price ${JSON.stringify(input)} → ${expected}`, () => assert.equal(parsePrice(input), expected));
  it('reads ratings with a decimal comma and counts with grouping', () => {
    assert.equal(parseNumber('4,6'), 4.6);
    assert.equal(parseNumber('four'), null);
    assert.equal(parseCount('1,204'), 1204);
    assert.equal(parseCount('1204'), 1204);
    assert.equal(parseCount('12.5'), null);
  });
});
