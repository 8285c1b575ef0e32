/**
 * search-ads end to end against the offline world: the registry on its real host name over
 * HTTPS and the world's DNS, paging, the 16 regions, the format and days-shown filters, the
 * facts of the two lookups (regions shown in, the advertiser's verified name and country) and
 * of the search (landing domain, archived image), absent where the registry states nothing or a
 * lookup fails, no ads, every way the registry blocks (a 502 engine_failed, never no_ads),
 * charging only ok, and MCP.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADS_DOMAINS,
  ADVERTISER_FACTS,
  advertiserIdOf,
  dayOf,
  installAdsRegistry,
  registryListings,
  REGISTRY_HOST,
  WORLD_GEO_IDS,
  type AdsRegistryWorld,
} from '../world/fixtures/ads-registry.ts';
import { assertValid, call } from '../support/contract.ts';
import { WORLD_NOW } from '../world/clock.ts';
import { DEFAULT_ADS_CONFIG } from '../../engines/ads/index.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('198.51.100.');
const REGIONS = Object.keys(WORLD_GEO_IDS);

describe('search-ads against the offline world', { timeout: 120_000 }, () => {
  let registry: AdsRegistryWorld;
  const setup = worldService({
    install: (world) => (registry = installAdsRegistry(world)),
    // Lookups at their highest settings, so that the tests see every lookup fact and its limit.
    service: { config: { ads: { ...DEFAULT_ADS_CONFIG, adLookups: 10, advertiserLookups: 5 } }, now: () => new Date(WORLD_NOW) },
  });

  it('pages through the registry to 40 ads, and charges the ok result', async () => {
    const before = registry.searches.length;
    const { status, body, headers } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, limit: 40 }, headers: caller() });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.domain, ADS_DOMAINS.paged);
    assert.equal(body.ads_returned, 40);
    assert.equal(body.ads.length, 40);
    assert.deepEqual(body.page, { total: 40, offset: 0, limit: 40, next_offset: null });
    assert.equal(registry.searches.length - before, 3, 'three pages');
    assert.deepEqual(body.total_ads_estimate, { low: 50, high: 75 });
    assert.equal(
      body.advertisers.reduce((sum: number, a: any) => sum + a.ads_in_sample, 0),
      40,
    );
    assert.equal(body.advertisers[0].name, 'Brightpath Learning Inc.');
    assert.deepEqual(Object.keys(body.formats_in_sample).sort(), ['image', 'text', 'video']);
    assert.ok(body.ads_shown_last_30_days_in_sample > 0 && body.ads_shown_last_30_days_in_sample < 40);
    assert.ok(body.earliest_first_shown_in_sample < body.latest_last_shown_in_sample);
    for (const ad of body.ads) {
      assert.match(ad.creative_id, /^CR\d{20}$/);
      assert.equal(ad.transparency_url, `https://adstransparency.google.com/advertiser/${ad.advertiser_id}/creative/${ad.creative_id}?region=anywhere`);
      assert.match(ad.preview_url, /^https:\/\//);
    }
    assert.equal('region' in body, false);
    assert.deepEqual(
      body.next_steps.map((step: any) => step.tool),
      ['tech-stack', 'company-intent', 'company-profile'],
    );
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  it('calls the registry as the research describes: one home visit, then form POSTs with its cookie', () => {
    const onRegistry = setup.world.sites.requests.filter((request) => request.host === REGISTRY_HOST);
    const homes = onRegistry.filter((request) => request.method === 'GET');
    assert.equal(homes.length, 1);
    assert.equal(homes[0].scheme, 'https');
    for (const post of onRegistry.filter((request) => request.method === 'POST')) {
      assert.match(post.url, /^\/anji\/_\/rpc\/(SearchService\/SearchCreatives|LookupService\/GetCreativeById|LookupService\/GetAdvertiserById)\?authuser=$/);
      assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded;charset=UTF-8');
      assert.equal(post.headers.cookie, 'NID=511=world-visitor');
    }
  });

  for (const region of REGIONS) {
    it(`filters by region ${region} and echoes it`, async () => {
      const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.regions, region }, headers: caller() });
      assert.equal(status, 200);
      assert.equal(body.status, 'ok');
      assert.equal(body.region, region);
      assert.equal(body.ads_returned, 2);
      assert.deepEqual(registry.searches.at(-1)!['3']['8'], [WORLD_GEO_IDS[region]]);
      for (const ad of body.ads) assert.ok(ad.transparency_url.endsWith(`?region=${region}`));
    });
  }

  it('answers no_ads for a domain without ads, free; then an ok is charged on the same caller', async () => {
    const who = caller();
    const first = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.noAds }, headers: who });
    assert.equal(first.body.status, 'no_ads');
    assert.equal(first.body.ads_returned, 0);
    assert.equal(first.body.next_steps, undefined);
    assert.equal(first.headers.get('x-usage-free-remaining'), '5', 'no_ads is not charged');
    const regional = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, region: 'JP' }, headers: who });
    assert.equal(regional.body.status, 'no_ads');
    assert.equal(regional.body.region, 'JP');
    assert.equal(regional.headers.get('x-usage-free-remaining'), '5');
    const ok = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.techSite }, headers: who });
    assert.equal(ok.body.status, 'ok');
    assert.equal(ok.headers.get('x-usage-free-remaining'), '4');
  });

  const blocks: [string, string][] = [
    ['a 429', ADS_DOMAINS.rateLimited],
    ['a 200 block page', ADS_DOMAINS.blockPage],
    ['a redirect to the challenge', ADS_DOMAINS.challenge],
    ['a 503', ADS_DOMAINS.failing],
  ];
  for (const [name, domain] of blocks) {
    it(`answers ${name} from the registry with 502 engine_failed, free, never no_ads`, async () => {
      const who = caller();
      const { status, body, headers } = await call(setup.url, '/v1/search-ads', { body: { domain }, headers: who });
      assert.equal(status, 502);
      assert.equal(body.code, 'engine_failed');
      assert.equal(body.retryable, true);
      assert.match(body.detail, /registry could not be read/);
      if (domain === ADS_DOMAINS.rateLimited) assert.equal(headers.get('retry-after'), '120', "the registry's Retry-After is passed on");
      assert.equal(headers.get('x-usage-free-remaining'), '5');
      const after = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.regions }, headers: who });
      assert.equal(after.headers.get('x-usage-free-remaining'), '4', 'the failure used no free call');
    });
  }

  it('gives each advertiser its verified name and country where the lookup states them, and each ad its landing domain and archived image', async () => {
    const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged }, headers: caller() });
    assert.equal(status, 200);
    const byId = new Map(Object.entries(ADVERTISER_FACTS).map(([number, facts]) => [advertiserIdOf(Number(number)), facts]));
    assert.ok(body.advertisers.length >= 3);
    for (const advertiser of body.advertisers) {
      const facts = byId.get(advertiser.advertiser_id)!;
      assert.equal(advertiser.verified_name, facts.legalName, advertiser.advertiser_id);
      assert.equal(advertiser.country, facts.country, advertiser.advertiser_id);
    }
    const agency = body.advertisers.find((advertiser: any) => advertiser.advertiser_id === advertiserIdOf(103));
    assert.equal('verified_name' in agency, false, 'an unverified advertiser has no verified name, not its display name');
    const listed = new Map(
      registryListings()
        .get(ADS_DOMAINS.paged)!
        .ads.map((ad) => [ad.creativeId, ad]),
    );
    for (const ad of body.ads) {
      const fixture = listed.get(ad.creative_id)!;
      assert.equal(ad.landing_domain, fixture.domain);
      if (fixture.format === 'image') assert.match(ad.image_url, /^https:\/\/tpc\.googlesyndication\.com\/archive\/simgad\//);
      if (fixture.formatCode === 1) assert.equal('image_url' in ad, false, 'a text ad has no archived image');
    }
  });

  it('gives the first 10 ads the regions the creative lookup states, and says the rest were not looked up', async () => {
    const { body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged }, headers: caller() });
    const listed = new Map(
      registryListings()
        .get(ADS_DOMAINS.paged)!
        .ads.map((ad) => [ad.creativeId, ad]),
    );
    body.ads.slice(0, 10).forEach((ad: any) => assert.deepEqual(ad.regions_shown, listed.get(ad.creative_id)!.regions));
    for (const ad of body.ads.slice(10)) assert.equal('regions_shown' in ad, false);
    assert.match(body.note, /looked up for the first 10 ad\(s\) only/);
  });

  it("reports regions outside the 16 filters, and sends the region filter as the lookup's viewer geo", async () => {
    const { body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.regions, region: 'BR' }, headers: caller() });
    assert.equal(body.ads_returned, 2);
    const worldwide = body.ads.find((ad: any) => ad.advertiser_id === advertiserIdOf(202));
    assert.deepEqual(worldwide.regions_shown, [...Object.keys(WORLD_GEO_IDS), 'KR', 'NZ']);
    const local = body.ads.find((ad: any) => ad.advertiser_id === advertiserIdOf(201));
    assert.deepEqual(local.regions_shown, ['BR']);
    // asked once per creative and viewer geo (the loop over the regions above asked first; the answers were kept)
    const ids = new Set(body.ads.map((ad: any) => ad.creative_id));
    const asked = registry.lookups.filter(
      (lookup) => lookup.method === 'GetCreativeById' && ids.has(lookup.request!['2']) && lookup.request!['5']['3'] === WORLD_GEO_IDS.BR,
    );
    assert.equal(asked.length, 2);
    for (const lookup of asked) assert.deepEqual(lookup.request!['5'], { '1': 1, '2': 0, '3': WORLD_GEO_IDS.BR });
  });

  it('leaves a fact out, never guessed, where the registry states nothing; the ads are still ok and charged', async () => {
    const who = caller();
    const { status, body, headers } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.bare }, headers: who });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.ads_returned, 3);
    for (const ad of body.ads) {
      for (const field of ['landing_domain', 'image_url', 'regions_shown']) assert.equal(field in ad, false, field);
      assert.equal(ad.format, 'text');
    }
    assert.deepEqual(body.advertisers, [{ advertiser_id: advertiserIdOf(601), name: 'Plainfacts', ads_in_sample: 3 }]);
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  it("answers ok with the search's facts when the lookups are blocked, stops after the first failure, and says so", async () => {
    const before = registry.lookups.length;
    const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.lookupsBlocked }, headers: caller() });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.ads_returned, 3);
    for (const ad of body.ads) assert.equal('regions_shown' in ad, false);
    assert.equal('verified_name' in body.advertisers[0], false);
    assert.equal('country' in body.advertisers[0], false);
    assert.match(body.note, /lookups stopped \(the registry is rate-limiting the service/);
    assert.ok(registry.lookups.length - before <= 2, 'two lookups in flight at most, none after the failure');
  });

  it('reuses lookup answers: the same search again makes no lookup', async () => {
    await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.techSite }, headers: caller() });
    const before = registry.lookups.length;
    const again = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.techSite, region: 'DE' }, headers: caller() });
    assert.equal(again.body.status, 'ok');
    const lookups = registry.lookups.slice(before);
    assert.equal(lookups.filter((lookup) => lookup.method === 'GetAdvertiserById').length, 0, 'the advertiser was looked up by the first search');
    assert.equal(lookups.filter((lookup) => lookup.method === 'GetCreativeById').length, 6, 'a creative lookup for another viewer geo is another request');
    assert.equal(again.body.advertisers[0].verified_name, ADVERTISER_FACTS[401].legalName);
  });

  for (const format of ['text', 'image', 'video'] as const) {
    it(`filters by format ${format} at the registry and echoes it`, async () => {
      const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, format }, headers: caller() });
      assert.equal(status, 200);
      assert.equal(body.format, format);
      assert.equal(registry.searches.at(-1)!['3']['4'], { text: 1, image: 2, video: 3 }[format]);
      const expected = registryListings()
        .get(ADS_DOMAINS.paged)!
        .ads.filter((ad) => ad.format === format && ad.domain!.endsWith(ADS_DOMAINS.paged));
      assert.equal(body.ads_returned, Math.min(40, expected.length));
      assert.ok(body.ads.every((ad: any) => ad.format === format));
      assert.equal(body.formats_in_sample[format], body.ads_returned);
    });
  }

  it('filters by the days shown at the registry (YYYYMMDD) and echoes them', async () => {
    const shown_from = dayOf(WORLD_NOW - 60 * 86_400_000);
    const shown_to = dayOf(WORLD_NOW - 30 * 86_400_000);
    const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, shown_from, shown_to }, headers: caller() });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.shown_from, shown_from);
    assert.equal(body.shown_to, shown_to);
    const filters = registry.searches.at(-1)!['3'];
    assert.equal(filters['6'], Number(shown_from.replaceAll('-', '')));
    assert.equal(filters['7'], Number(shown_to.replaceAll('-', '')));
    const expected = registryListings()
      .get(ADS_DOMAINS.paged)!
      .ads.filter((ad) => ad.domain!.endsWith(ADS_DOMAINS.paged) && dayOf(ad.lastShown) >= shown_from && dayOf(ad.firstShown) <= shown_to);
    assert.equal(body.ads_returned, Math.min(40, expected.length));
    for (const ad of body.ads) assert.ok(ad.last_shown >= shown_from && ad.first_shown <= shown_to, ad.creative_id);
    assert.match(body.note, new RegExp(`shown between ${shown_from} and ${shown_to}`));
  });

  it('answers no_ads, free, when the filters leave no ad, and the note names them', async () => {
    const who = caller();
    const { status, body, headers } = await call(setup.url, '/v1/search-ads', {
      body: { domain: ADS_DOMAINS.paged, format: 'video', shown_to: '2020-01-31' },
      headers: who,
    });
    assert.equal(status, 200);
    assert.equal(body.status, 'no_ads');
    assert.equal(body.ads_returned, 0);
    assert.equal(body.format, 'video');
    assert.match(body.note, /lists no video ads for brightpath-learning\.com shown on or before 2020-01-31/);
    assert.equal(headers.get('x-usage-free-remaining'), '5');
  });

  const badFilters: [string, Record<string, unknown>, string][] = [
    ['a format outside text, image and video', { format: 'banner' }, '/format'],
    ['a day that does not exist', { shown_from: '2026-02-30' }, '/shown_from'],
    ['a day not in YYYY-MM-DD', { shown_to: '04/05/2026' }, '/shown_to'],
    ['a range that ends before it starts', { shown_from: '2026-03-01', shown_to: '2026-02-01' }, '/shown_to'],
  ];
  for (const [name, filters, pointer] of badFilters) {
    it(`refuses ${name} (invalid_input at ${pointer}), free, without asking the registry`, async () => {
      const before = registry.searches.length;
      const who = caller();
      const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, ...filters }, headers: who });
      assert.equal(status, 400);
      assert.equal(body.code, 'invalid_input');
      assert.ok(body.hint, 'a catalog hint');
      assert.ok(
        body.errors.some((error: any) => error.pointer === pointer),
        JSON.stringify(body.errors),
      );
      assert.equal(registry.searches.length, before);
      // The same caller's next ok call is its first charge: the refused one used nothing.
      const ok = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged }, headers: who });
      assert.equal(ok.body.status, 'ok');
      assert.equal(ok.headers.get('x-usage-free-remaining'), '4');
    });
  }

  it('never follows the challenge redirect', () => {
    assert.equal(setup.world.sites.requests.filter((request) => request.url.includes('/sorry')).length, 0);
  });

  it('refuses a region outside the 16 (invalid_input), free', async () => {
    const { status, body } = await call(setup.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, region: 'ZZ' }, headers: caller() });
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_input');
  });

  it('answers the same over MCP', async () => {
    await withMcp(setup.url, caller(), async (client) => {
      const ok = await client.callTool({ name: 'get_search_ads_by_domain', arguments: { domain: ADS_DOMAINS.regions, region: 'BR' } });
      assertValid('SearchAdsResult', ok.structuredContent);
      assert.equal((ok.structuredContent as any).status, 'ok');
      assert.equal((ok.structuredContent as any).region, 'BR');
      const none = await client.callTool({ name: 'get_search_ads_by_domain', arguments: { domain: ADS_DOMAINS.noAds } });
      assertValid('SearchAdsResult', none.structuredContent);
      assert.equal((none.structuredContent as any).status, 'no_ads');
      const blocked = await client.callTool({ name: 'get_search_ads_by_domain', arguments: { domain: ADS_DOMAINS.rateLimited } });
      assert.equal(blocked.isError, true);
      assertValid('Problem', blocked.structuredContent);
      assert.equal((blocked.structuredContent as any).code, 'engine_failed');
    });
  });
});
