/**
 * The five store skills over HTTP against the offline world (shop sites, the ads registry):
 * universal_product_url_to_json, store_readiness_auditor, agentic_shelf_schema_comparator,
 * checkout_active_promo_code_finder and conversion_leak_lead_finder, each for ok, no_data and
 * unreachable. Every answer is validated against the spec by `call`; only ok uses a free call
 * (the promo finder only with a code, the lead finder only with a qualified lead).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installAdsRegistry } from '../world/fixtures/ads-registry.ts';
import { BLOG_POST_URL, installStoreSites, PRODUCT_URLS, PROMO, PROMO_ENDS, STORE_DOMAINS as S } from '../world/fixtures/store-sites.ts';
import { AGENT_BOTS } from '../../engines/store-readiness/bots.ts';
import { assertValid, call } from '../support/contract.ts';
import { WORLD_NOW } from '../world/clock.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('198.18.0.');
const CHARGED = '4';
const FREE = '5';
const ALL_VALID = { robots_txt: true, sitemap: true, llms_txt: true, agent_card: true, x402: true, product_feed: true };

describe('store skills on the offline world', { timeout: 300_000 }, () => {
  const setup = worldService({
    install: [installAdsRegistry, installStoreSites],
    service: { now: () => new Date(WORLD_NOW + 3_600_000) },
  });

  const skill = (id: string, body: unknown) => call(setup.url, `/v1/skills/${id}`, { body, headers: caller() });
  const charged = (headers: Headers) => assert.equal(headers.get('x-usage-free-remaining'), CHARGED, 'one free call used: charged');
  const free = (headers: Headers) => assert.equal(headers.get('x-usage-free-remaining'), FREE, 'no free call used: not charged');

  describe('universal_product_url_to_json', () => {
    const product = (product_url: string) => skill('universal_product_url_to_json', { product_url });

    it('ok: a ProductGroup in JSON-LD, with variants, shipping, returns, a wallet button and wallet scripts', async () => {
      const { status, body, headers } = await product(PRODUCT_URLS.full);
      assert.equal(status, 200);
      assertValid('ProductJsonResult', body);
      assert.equal(body.status, 'ok');
      assert.equal(body.domain, S.full);
      assert.deepEqual(
        {
          title: body.title,
          brand: body.brand,
          price: body.price,
          currency: body.currency,
          in_stock: body.in_stock,
          rating: body.aggregate_rating,
          reviews: body.review_count,
        },
        { title: 'Trail Runner 2', brand: 'Harborline', price: 129, currency: 'USD', in_stock: true, rating: 4.6, reviews: 1204 },
        'the 119 USD variant is sold out: the price is the lowest in stock',
      );
      assert.deepEqual(body.variants, ['Trail Runner 2 – US 9', 'Trail Runner 2 – US 10', 'Trail Runner 2 – US 11']);
      assert.equal(body.shipping_summary, 'Free shipping to US, delivery in 2–6 days');
      assert.equal(body.return_policy, '30-day returns, free return shipping, by mail (US)');
      assert.deepEqual(body.agentic_checkout_supported, { protocol_a: null, wallet_a: true, wallet_b: null, wallet_c: null });
      assert.deepEqual(body.checkout_hints, { wallet_a: true, wallet_b: true, wallet_c: false });
      assert.deepEqual(body.structured_fields, {
        product_json_ld: true,
        offers: true,
        price: true,
        availability: true,
        shippingDetails: true,
        hasMerchantReturnPolicy: true,
        aggregateRating: true,
      });
      assert.equal(body.extraction_source, 'json_ld');
      charged(headers);
    });

    it('ok: microdata only; the listed payment methods leave the wallets out (false)', async () => {
      const { body, headers } = await product(PRODUCT_URLS.microdata);
      assert.equal(body.status, 'ok');
      assert.equal(body.extraction_source, 'microdata');
      assert.deepEqual(
        [body.title, body.brand, body.price, body.currency, body.in_stock, body.aggregate_rating, body.review_count],
        ['Cast-Iron Skillet 26 cm', 'Copperleaf', 54.9, 'EUR', true, 4.8, 312],
      );
      assert.deepEqual(body.agentic_checkout_supported, { protocol_a: null, wallet_a: false, wallet_b: false, wallet_c: false });
      assert.equal(body.structured_fields.product_json_ld, false);
      assert.equal(body.structured_fields.offers, true);
      charged(headers);
    });

    it('ok: Open Graph product tags only', async () => {
      const { body, headers } = await product(PRODUCT_URLS.openGraph);
      assert.equal(body.status, 'ok');
      assert.equal(body.extraction_source, 'open_graph');
      assert.deepEqual([body.title, body.brand, body.price, body.currency, body.in_stock], ['Aurora Poster 50×70', 'Lumen Prints', 24, 'EUR', true]);
      assert.deepEqual(body.structured_fields, {
        product_json_ld: false,
        offers: false,
        price: true,
        availability: true,
        shippingDetails: false,
        hasMerchantReturnPolicy: false,
        aggregateRating: false,
      });
      charged(headers);
    });

    it('no_data: a page without product data gives its title only, free', async () => {
      const { body, headers } = await product(BLOG_POST_URL);
      assert.equal(body.status, 'no_data');
      assert.equal(body.extraction_source, 'html');
      assert.deepEqual([body.title, body.price, body.in_stock], ['Hello, world', null, null]);
      assert.ok(body.limitations.some((text: string) => /no product structured data/.test(text)));
      free(headers);
    });

    it('unreachable: a closed port, and a page answering 404, free, with error_reason', async () => {
      const closed = await product(`https://${S.unreachable}/products/anything`);
      assert.equal(closed.body.status, 'unreachable');
      assert.match(closed.body.error_reason, /could not be reached \(connect\)/);
      assert.equal(closed.body.price, undefined, 'no fact is given for a page that was not read');
      free(closed.headers);
      const missing = await product(`https://${S.full}/products/discontinued-boot`);
      assert.equal(missing.body.status, 'unreachable');
      assert.match(missing.body.error_reason, /answered HTTP 404$/);
      free(missing.headers);
    });

    it('refuses a host that resolves to a private address (400, free)', async () => {
      const { status, body } = await product(`https://${S.privateAddress}/products/x`);
      assert.equal(status, 400);
      assert.equal(body.code, 'unsafe_or_invalid_target');
    });
  });

  describe('store_readiness_auditor', () => {
    const audit = (domain: string) => skill('store_readiness_auditor', { domain });

    it('ok: the complete shop scores 100 with no fix', async () => {
      const { body, headers } = await audit(S.full);
      assertValid('StoreReadinessResult', body);
      assert.equal(body.status, 'ok');
      assert.equal(body.readiness_score, 100);
      assert.deepEqual(body.fixes, []);
      assert.deepEqual(Object.fromEntries(Object.entries(body.discovery).map(([name, check]: [string, any]) => [name, check.valid])), ALL_VALID);
      assert.equal(body.discovery.sitemap.validation, 'sitemap index of 2 sitemaps');
      assert.equal(body.discovery.product_feed.validation, 'Google Merchant RSS feed with 2 product items (title and price)');
      assert.equal(body.sample_product_url, PRODUCT_URLS.full);
      assert.equal(body.product.extraction_source, 'json_ld');
      assert.deepEqual(Object.keys(body.bot_access), [...AGENT_BOTS]);
      assert.ok(Object.values(body.bot_access).every((access: any) => access.home_allowed && access.sample_product_allowed));
      assert.deepEqual(body.payment_hints, { wallet_a: true, wallet_b: true, wallet_c: false });
      charged(headers);
    });

    it('ok: robots.txt keeps GPTBot out and ClaudeBot and PerplexityBot off product pages; the sample product comes from the sitemap', async () => {
      const { body, headers } = await audit(S.blocked);
      assert.equal(body.status, 'ok');
      assert.equal(body.sample_product_url, PRODUCT_URLS.blocked);
      assert.deepEqual(body.bot_access.GPTBot, { home_allowed: false, sample_product_allowed: false });
      assert.deepEqual(body.bot_access.ClaudeBot, { home_allowed: true, sample_product_allowed: false });
      assert.deepEqual(body.bot_access.PerplexityBot, { home_allowed: true, sample_product_allowed: false });
      assert.deepEqual(body.bot_access['OAI-SearchBot'], { home_allowed: true, sample_product_allowed: true });
      // robots 5 + sitemap 10; bots 22 of 26 pairs; product 5 + JSON-LD 10 + offers, price, availability 15.
      assert.equal(body.readiness_score, Math.round(15 + (25 * 22) / 26 + 30));
      assert.deepEqual(
        body.fixes.map((fix: any) => fix.check),
        ['llms_txt', 'agent_card', 'x402', 'product_feed', 'shippingDetails', 'bot_access', 'hasMerchantReturnPolicy', 'aggregateRating'],
      );
      assert.deepEqual(
        body.fixes.map((fix: any) => fix.priority),
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
      assert.match(
        body.fixes[5].action,
        /robots\.txt disallows the home page to GPTBot; and product pages \(\/products\/fountain-pen-f1\) to ClaudeBot, PerplexityBot/,
      );
      assert.deepEqual([body.discovery.llms_txt.http_status, body.discovery.llms_txt.valid], [404, false]);
      charged(headers);
    });

    it('ok: a robots.txt answering 503 disallows every agent (RFC 9309)', async () => {
      const { body } = await audit(S.robots503);
      assert.equal(body.status, 'ok');
      assert.deepEqual([body.discovery.robots_txt.http_status, body.discovery.robots_txt.valid], [503, false]);
      assert.ok(Object.values(body.bot_access).every((access: any) => !access.home_allowed && !access.sample_product_allowed));
      assert.equal(body.fixes[0].check, 'bot_access');
      assert.ok(body.limitations.some((text: string) => /answers HTTP 503: RFC 9309 then asks agents to fetch nothing/.test(text)));
    });

    it("ok: reads the robots.txt of the product page's own host", async () => {
      const { body } = await audit(S.splitHost);
      assert.equal(body.sample_product_url, PRODUCT_URLS.splitHost);
      assert.deepEqual(body.bot_access.ClaudeBot, { home_allowed: true, sample_product_allowed: false });
      assert.deepEqual(body.bot_access.GPTBot, { home_allowed: true, sample_product_allowed: true });
    });

    it('no_data: a blog with no product page or feed, free; the score and fixes are still given', async () => {
      const { body, headers } = await audit(S.nothing);
      assert.equal(body.status, 'no_data');
      assert.equal(body.readiness_score, 25, 'only bot access: robots.txt is missing, so every agent is allowed');
      assert.equal(body.sample_product_url, undefined);
      assert.equal(body.product, null);
      assert.ok(body.fixes.some((fix: any) => fix.check === 'sample_product'));
      free(headers);
    });

    it('unreachable: a closed port, free, readiness_score null', async () => {
      const { body, headers } = await audit(S.unreachable);
      assert.equal(body.status, 'unreachable');
      assert.equal(body.readiness_score, null);
      assert.match(body.error_reason, /^shuttered-store\.com could not be reached \(https:\/\/shuttered-store\.com\/: connect/);
      free(headers);
    });

    it('refuses a store whose name resolves to a private address', async () => {
      const { status, body } = await audit(S.privateAddress);
      assert.equal(status, 400);
      assert.equal(body.code, 'unsafe_or_invalid_target');
    });

    it('answers the same over MCP', async () => {
      await withMcp(setup.url, caller(), async (client) => {
        const result = await client.callTool({ name: 'store_readiness_auditor', arguments: { domain: S.microdata } });
        assertValid('StoreReadinessResult', result.structuredContent);
        const content = result.structuredContent as any;
        assert.equal(content.status, 'ok');
        assert.equal(content.product.extraction_source, 'microdata');
      });
    });
  });

  describe('agentic_shelf_schema_comparator', () => {
    const compare = (domain: string, competitor_domains: string[]) => skill('agentic_shelf_schema_comparator', { domain, competitor_domains });

    it('ok: the store and two competitors, ranked by readiness_score', async () => {
      const { body, headers } = await compare(S.microdata, [S.full, S.openGraph]);
      assertValid('ShelfComparatorResult', body);
      assert.equal(body.status, 'ok');
      assert.deepEqual(
        body.stores.map((store: any) => [store.domain, store.status, store.product?.extraction_source]),
        [
          [S.microdata, 'ok', 'microdata'],
          [S.full, 'ok', 'json_ld'],
          [S.openGraph, 'ok', 'open_graph'],
        ],
      );
      assert.deepEqual(
        body.comparison.map((row: any) => row.domain),
        [S.full, S.microdata, S.openGraph],
      );
      assert.deepEqual(
        body.comparison.map((row: any) => row.readiness_score),
        [100, 59, 43],
      );
      assert.equal(body.comparison[0].structured_fields.product_json_ld, true);
      assert.equal(body.stores[2].sample_product_url, PRODUCT_URLS.openGraph);
      charged(headers);
    });

    it('no_data: nothing to compare (the store has no product, the competitor does not answer), free', async () => {
      const { body, headers } = await compare(S.nothing, [S.unreachable]);
      assert.equal(body.status, 'no_data');
      assert.deepEqual(
        body.comparison.map((row: any) => [row.domain, row.readiness_score, row.structured_fields]),
        [
          [S.nothing, 25, null],
          [S.unreachable, null, null],
        ],
      );
      assert.ok(body.limitations.some((text: string) => text.startsWith(`The competitor ${S.unreachable} could not be read`)));
      free(headers);
    });

    it('unreachable: the store itself does not answer, free', async () => {
      const { body, headers } = await compare(S.unreachable, [S.full]);
      assert.equal(body.status, 'unreachable');
      assert.match(body.error_reason, /could not be reached/);
      free(headers);
    });

    it('takes competitor_domains as a set: a domain named twice in any spelling is one competitor, and any order is one input', async () => {
      const who = caller();
      const path = '/v1/skills/agentic_shelf_schema_comparator';
      const first = await call(setup.url, path, {
        body: { domain: S.microdata, competitor_domains: [S.openGraph, S.full, `${S.openGraph.toUpperCase()}.`] },
        headers: who,
      });
      assert.equal(first.status, 200);
      assertValid('ShelfComparatorResult', first.body);
      assert.deepEqual(
        first.body.stores.map((store: any) => store.domain),
        [S.microdata, S.full, S.openGraph],
      );
      charged(first.headers);
      const reordered = await call(setup.url, path, { body: { domain: S.microdata.toUpperCase(), competitor_domains: [S.full, S.openGraph] }, headers: who });
      assert.equal(reordered.headers.get('x-idempotent-replay'), 'true', 'the same set in another order and spelling is the same input');
      assert.deepEqual(reordered.body, first.body);
    });

    const refusals: [string, string, string[], RegExp, string][] = [
      [
        'the store itself (its www. name)',
        S.microdata,
        [S.full, `www.${S.microdata}`],
        /competitor_domains\[1\] \(www\.copperleaf-kitchen\.com\) is the store itself/,
        '/competitor_domains/1',
      ],
      [
        'one competitor as www. and bare name',
        S.microdata,
        [`www.${S.openGraph}`, S.openGraph],
        /names the same store as competitor_domains\[0\]/,
        '/competitor_domains/1',
      ],
      ['four competitors', S.microdata, [S.full, S.openGraph, S.blocked, S.promo], /must NOT have more than 3 items/, '/competitor_domains'],
    ];
    for (const [name, domain, competitors, detail, pointer] of refusals) {
      it(`refuses ${name} with invalid_input before anything is charged`, async () => {
        const { status, body, headers } = await compare(domain, competitors);
        assert.equal(status, 400);
        assert.equal(body.code, 'invalid_input');
        assert.match(body.detail, detail);
        assert.equal(body.errors[0].pointer, pointer);
        free(headers);
      });
    }
  });

  describe('checkout_active_promo_code_finder', () => {
    const promos = (domain: string, product_category?: string) =>
      skill('checkout_active_promo_code_finder', { domain, ...(product_category ? { product_category } : {}) });

    it('ok: codes from the home page metadata and the promo page, the category first, never the expired ones', async () => {
      const { body, headers } = await promos(S.promo, 'preserves');
      assertValid('PromoFinderResult', body);
      assert.equal(body.status, 'ok');
      assert.equal(body.promos_found, true);
      assert.deepEqual(
        body.active_codes.map((code: any) => [code.code, code.promo_landing_url, code.confidence]),
        [
          [PROMO.description, `https://${S.promo}/`, 0.95],
          [PROMO.title, `https://${S.promo}/`, 0.95],
          [PROMO.landingMeta, `https://${S.promo}/deals`, 0.9],
          [PROMO.landingText, `https://${S.promo}/deals`, 0.7],
        ],
      );
      assert.ok(body.active_codes.every((code: any) => code.source === 'seo_meta' && code.checkout_verified === false));
      for (const expired of PROMO.expired) assert.ok(!JSON.stringify(body.active_codes).includes(expired), `${expired} is not active`);
      assert.equal(body.active_codes[0].discount_description, `Spring sale: 20% off preserves with code ${PROMO.description} until ${PROMO_ENDS.description}.`);
      assert.match(body.best_offer_summary, new RegExp(`^${PROMO.description}: Spring sale`));
      assert.deepEqual(body.sources_checked, [`https://${S.promo}/`, `https://${S.promo}/deals`]);
      assert.ok(body.limitations.some((text: string) => /checkout_verified is always false/.test(text)));
      assert.ok(body.limitations.some((text: string) => text === `The promo page https://${S.promo}/coupons could not be read (HTTP 404).`));
      charged(headers);
    });

    it('no_data: a shop that publishes no code, free', async () => {
      const { body, headers } = await promos(S.full);
      assert.equal(body.status, 'no_data');
      assert.deepEqual([body.promos_found, body.active_codes], [false, []]);
      assert.match(body.best_offer_summary, /^No promo code is published in the SEO metadata of https:\/\/harborline-outfitters\.com\//);
      free(headers);
    });

    it('unreachable: a closed port, free', async () => {
      const { body, headers } = await promos(S.unreachable);
      assert.equal(body.status, 'unreachable');
      assert.deepEqual(body.sources_checked, []);
      free(headers);
    });
  });

  describe('conversion_leak_lead_finder', () => {
    const lead = (domain: string) => skill('conversion_leak_lead_finder', { domain });

    it('ok: readiness gaps, a published address and ads shown this month make a qualified lead, charged', async () => {
      const { body, headers } = await lead(S.lead);
      assertValid('LeadFinderResult', body);
      assert.equal(body.status, 'ok');
      assert.equal(body.candidate, true);
      assert.ok(body.readiness.readiness_score < 70, String(body.readiness.readiness_score));
      assert.equal(body.readiness.top_fixes.length, 3);
      assert.match(body.readiness.top_fixes[0], /^sitemap: /);
      assert.deepEqual(body.public_contacts, { emails: [`partners@${S.lead}`], social_links: [], email_deliverable: true });
      assert.equal(body.active_ad_spend_verified, true);
      assert.equal(body.seo_traffic_verified, null);
      assert.equal(body.decision_maker_verified, false);
      charged(headers);
    });

    it('no_data: a leaking store with a contact but no ads is not a qualified lead, free', async () => {
      const { body, headers } = await lead(S.blocked);
      assert.equal(body.status, 'no_data');
      assert.equal(body.candidate, false);
      assert.equal(body.active_ad_spend_verified, false);
      assert.deepEqual(body.public_contacts.emails, [`hello@${S.blocked}`]);
      assert.ok(
        body.limitations.some((text: string) => text === 'Not a qualified lead: no ad shown in the last 30 days (not charged).'),
        body.limitations.join('\n'),
      );
      free(headers);
    });

    it('unreachable: a closed port, free', async () => {
      const { body, headers } = await lead(S.unreachable);
      assert.equal(body.status, 'unreachable');
      assert.equal(body.candidate, false);
      assert.equal(body.readiness.readiness_score, null);
      free(headers);
    });
  });
});
