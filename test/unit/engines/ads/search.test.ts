import { describe, it } from 'node:test';
import { analyzeInline as analyze } from '../../../../server/parse-pool/inline.ts';
import { textOf } from '../../../../engines/parse/open.ts';
import assert from 'node:assert/strict';
import { CookieJar, DEFAULT_ADS_CONFIG, createLookupCaches, searchAds, isAdsRegistryFailure, REGIONS, type Region } from '../../../../engines/ads/index.ts';
import { FetchFailure } from '../../../../engines/net/types.ts';
import { assertValid } from '../../../support/contract.ts';
import { ADS_DOMAINS, BLOCK_PAGE, PAGE_CAP, registryListings, WORLD_GEO_IDS } from '../../../world/fixtures/ads-registry.ts';
import { fakeRegistry, type FakeRegistry } from './fake-registry.ts';
import { WORLD_NOW } from '../../../world/clock.ts';
import { rejection } from '../net/rejection.ts';

const DAY = 86_400_000;
const now = () => new Date(WORLD_NOW);

function search(registry: FakeRegistry, domain: string, region?: Region, extra: { now?: () => Date; jar?: CookieJar } = {}) {
  return searchAds(domain, { region }, { fetch: registry.fetch, analyze, now: extra.now ?? now, jar: extra.jar });
}

const failure = (promise: Promise<unknown>) => rejection(promise, isAdsRegistryFailure, 'an AdsRegistryFailure');

/** The ads of a world listing the engine should keep, in registry order. */
function expectedAds(domain: string, region?: Region) {
  const geo = region ? WORLD_GEO_IDS[region] : null;
  return registryListings()
    .get(domain)!
    .ads.filter((ad) => ad.domain === null || ad.domain === domain || ad.domain.endsWith(`.${domain}`))
    .filter((ad) => geo === null || ad.regions.some((name) => WORLD_GEO_IDS[name] === geo));
}

describe('searchAds: paging and the sample', () => {
  it("reads pages with the registry's token until it has 40 ads, and says more were left", async () => {
    const registry = fakeRegistry();
    const result = await search(registry, ADS_DOMAINS.paged);
    assertValid('SearchAdsResult', result);
    const searches = registry.searches();
    assert.equal(searches.length, 3, 'pages of 16 with 2 foreign ads: 16 + 14 + 16 ≥ 40');
    assert.equal(searches[0]['4'], undefined);
    assert.ok(searches[1]['4'] && searches[2]['4'] && searches[1]['4'] !== searches[2]['4'], 'each page continues from the previous token');
    assert.equal(result.status, 'ok');
    assert.equal(result.ads_returned, 40);
    assert.equal(result.ads!.length, 40);
    const expected = expectedAds(ADS_DOMAINS.paged).slice(0, 40);
    assert.deepEqual(
      result.ads!.map((ad) => ad.creative_id),
      expected.map((ad) => ad.creativeId),
    );
    assert.equal(new Set(result.ads!.map((ad) => ad.creative_id)).size, 40);
    assert.deepEqual(result.total_ads_estimate, { low: 50, high: 75 });
    assert.match(result.note!, /more pages were not read/);
    assert.match(result.note!, /2 ad\(s\) of other domains were left out/);
  });

  it('stops at the last page when there are fewer than 40 ads', async () => {
    const registry = fakeRegistry();
    const result = await search(registry, ADS_DOMAINS.regions);
    assert.equal(registry.searches().length, Math.ceil(17 / PAGE_CAP));
    assert.equal(result.ads_returned, 17);
    assert.doesNotMatch(result.note!, /more pages/);
  });

  it('never reads more pages than allowed', async () => {
    const registry = fakeRegistry();
    const result = await searchAds(ADS_DOMAINS.paged, {}, { fetch: registry.fetch, analyze, now }, { maxPages: 1 });
    assert.equal(registry.searches().length, 1);
    assert.equal(result.ads_returned, PAGE_CAP);
    assert.match(result.note!, /more pages were not read/);
  });

  it('says the sample is cut only when the registry had more', async () => {
    const exact = await searchAds(ADS_DOMAINS.regions, {}, { fetch: fakeRegistry().fetch, analyze, now }, { maxAds: 17 });
    assert.equal(exact.ads_returned, 17);
    assert.doesNotMatch(exact.note!, /more pages/);
    const cut = await searchAds(ADS_DOMAINS.regions, {}, { fetch: fakeRegistry().fetch, analyze, now }, { maxAds: 10 });
    assert.equal(cut.ads_returned, 10);
    assert.match(cut.note!, /more pages were not read/);
  });

  it('skips a creative a later page repeats', async () => {
    let first: any = null;
    const registry = fakeRegistry();
    const original = registry.fetch;
    registry.fetch = async (url, request) => {
      const response = await original(url, request);
      if (request?.method !== 'POST' || !url.includes('SearchCreatives')) return response;
      const body = JSON.parse(textOf(response.content).replace(/^\)\]\}'\n/, ''));
      if (!first) first = body['1'][0];
      else if (body['1']) body['1'].unshift(first);
      const text = JSON.stringify(body);
      return { ...response, body: Buffer.from(text), text: () => text };
    };
    const result = await search(registry, ADS_DOMAINS.regions);
    assert.equal(result.ads_returned, 17);
    assert.equal(new Set(result.ads!.map((ad) => ad.creative_id)).size, 17);
  });

  it('groups advertisers with ads_in_sample, most first, and counts formats as the world made them', async () => {
    const result = await search(fakeRegistry(), ADS_DOMAINS.paged);
    const expected = expectedAds(ADS_DOMAINS.paged).slice(0, 40);
    const counts = new Map<string, number>();
    for (const ad of expected) counts.set(ad.advertiserId, (counts.get(ad.advertiserId) ?? 0) + 1);
    assert.deepEqual(
      result.advertisers!.map((a) => [a.advertiser_id, a.ads_in_sample]),
      [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    );
    assert.equal(result.advertisers![0].name, 'Brightpath Learning Inc.');
    assert.equal(
      result.advertisers!.reduce((sum, a) => sum + a.ads_in_sample, 0),
      40,
    );
    for (const format of ['text', 'image', 'video'] as const) {
      assert.equal(result.formats_in_sample![format], expected.filter((ad) => ad.format === format).length, format);
    }
    assert.ok(
      Object.values(result.formats_in_sample!).every((count) => count > 0),
      'the world has all three formats',
    );
  });

  it('gives the earliest first shown and latest last shown of the sample, and the ads of the last 30 days on the injected clock', async () => {
    const expected = expectedAds(ADS_DOMAINS.paged).slice(0, 40);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const result = await search(fakeRegistry(), ADS_DOMAINS.paged);
    assert.equal(result.earliest_first_shown_in_sample, day(Math.min(...expected.map((ad) => ad.firstShown))));
    assert.equal(result.latest_last_shown_in_sample, day(Math.max(...expected.map((ad) => ad.lastShown))));
    const recent = expected.filter((ad) => ad.lastShown >= WORLD_NOW - 30 * DAY).length;
    assert.ok(recent > 0 && recent < 40, String(recent));
    assert.equal(result.ads_shown_last_30_days_in_sample, recent);
    assert.equal(result.checked_at, new Date(WORLD_NOW).toISOString());

    const later = await search(fakeRegistry(), ADS_DOMAINS.paged, undefined, { now: () => new Date(WORLD_NOW + 365 * DAY) });
    assert.equal(later.ads_shown_last_30_days_in_sample, 0, 'a year later none is recent');
  });

  it('answers a null estimate when the registry gives none', async () => {
    const result = await search(fakeRegistry(), ADS_DOMAINS.jobsSite);
    assert.equal(result.status, 'ok');
    assert.equal(result.total_ads_estimate, null);
    assertValid('SearchAdsResult', result);
  });
});

describe('searchAds: regions', () => {
  for (const region of REGIONS) {
    it(`filters by ${region} (geo ${WORLD_GEO_IDS[region]}) and echoes it`, async () => {
      const registry = fakeRegistry();
      const result = await search(registry, ADS_DOMAINS.regions, region);
      assertValid('SearchAdsResult', result);
      assert.equal(result.region, region);
      assert.deepEqual(registry.searches()[0]['3']['8'], [WORLD_GEO_IDS[region]]);
      assert.deepEqual(
        result.ads!.map((ad) => ad.creative_id).sort(),
        expectedAds(ADS_DOMAINS.regions, region)
          .map((ad) => ad.creativeId)
          .sort(),
      );
      assert.equal(result.ads_returned, 2, 'its own ad and the one shown everywhere');
      for (const ad of result.ads!) assert.match(ad.transparency_url, new RegExp(`\\?region=${region}$`));
    });
  }

  it('sends no region filter and echoes no region when none is asked', async () => {
    const registry = fakeRegistry();
    const result = await search(registry, ADS_DOMAINS.regions);
    assert.equal('region' in result, false);
    assert.equal(registry.searches()[0]['3']['8'], undefined);
    for (const ad of result.ads!) assert.match(ad.transparency_url, /\?region=anywhere$/);
  });

  it('answers no_ads, with the region, where the domain shows no ads', async () => {
    const result = await search(fakeRegistry(), ADS_DOMAINS.paged, 'JP');
    assert.equal(result.status, 'no_ads');
    assert.equal(result.region, 'JP');
    assert.match(result.note!, /in region JP/);
  });
});

describe('searchAds: no ads', () => {
  it("answers no_ads for the registry's empty answer, with an empty sample", async () => {
    const result = await search(fakeRegistry(), ADS_DOMAINS.noAds);
    assertValid('SearchAdsResult', result);
    assert.equal(result.status, 'no_ads');
    assert.equal(result.ads_returned, 0);
    assert.deepEqual(result.ads, []);
    assert.deepEqual(result.advertisers, []);
    assert.deepEqual(result.formats_in_sample, { text: 0, image: 0, video: 0 });
    assert.equal(result.earliest_first_shown_in_sample, null);
    assert.equal(result.total_ads_estimate, null);
  });

  it("answers no_ads when the registry lists only other domains' ads, and says so", async () => {
    const result = await search(fakeRegistry(), ADS_DOMAINS.lookalike);
    assert.equal(result.status, 'no_ads');
    assert.match(result.note!, /3 ad\(s\) of other domains/);
  });
});

describe('searchAds: the registry blocking or failing is a failure, never no_ads', () => {
  it('a 429 is rate_limited, with the Retry-After', async () => {
    const error = await failure(search(fakeRegistry(), ADS_DOMAINS.rateLimited));
    assert.equal(error.reason, 'rate_limited');
    assert.equal(error.retryAfterSeconds, 120);
  });

  it('a 200 HTML block page is block_page', async () => {
    const error = await failure(search(fakeRegistry(), ADS_DOMAINS.blockPage));
    assert.equal(error.reason, 'block_page');
    assert.match(error.message, new RegExp(`${Buffer.byteLength(BLOCK_PAGE)}-byte text/html`));
    assert.ok(Buffer.byteLength(BLOCK_PAGE) > 3000 && Buffer.byteLength(BLOCK_PAGE) < 4000, 'about the size of the real one');
  });

  it('a redirect to the "sorry" challenge is challenge (the search follows no redirect)', async () => {
    const registry = fakeRegistry();
    const error = await failure(search(registry, ADS_DOMAINS.challenge));
    assert.equal(error.reason, 'challenge');
    assert.equal(registry.requests.filter((request) => request.url.includes('/sorry')).length, 0);
  });

  it('a 3xx without Location is challenge too; 403 and 503 are http_status', async () => {
    assert.equal(
      (await failure(search(fakeRegistry({ override: (r) => (r.method === 'POST' ? { status: 302, headers: {}, body: '' } : undefined) }), ADS_DOMAINS.paged)))
        .reason,
      'challenge',
    );
    assert.equal(
      (await failure(search(fakeRegistry({ override: (r) => (r.method === 'POST' ? { status: 403, headers: {}, body: '' } : undefined) }), ADS_DOMAINS.paged)))
        .reason,
      'http_status',
    );
    assert.equal((await failure(search(fakeRegistry(), ADS_DOMAINS.failing))).reason, 'http_status');
  });

  it('a block on a later page fails the whole search', async () => {
    const registry = fakeRegistry({ override: (r) => (r.search?.['4'] ? { status: 429, headers: {}, body: BLOCK_PAGE } : undefined) });
    assert.equal((await failure(search(registry, ADS_DOMAINS.paged))).reason, 'rate_limited');
  });

  it('the registry refusing the request is bad_request; JSON of another shape is unexpected_answer', async () => {
    const refused = { status: 200, headers: {}, body: '{"2":"com.google.ads.BadRequestException","5":400,"9":3}' };
    assert.equal(
      (await failure(search(fakeRegistry({ override: (r) => (r.method === 'POST' ? refused : undefined) }), ADS_DOMAINS.paged))).reason,
      'bad_request',
    );
    const odd = { status: 200, headers: {}, body: '[1,2,3]' };
    assert.equal(
      (await failure(search(fakeRegistry({ override: (r) => (r.method === 'POST' ? odd : undefined) }), ADS_DOMAINS.paged))).reason,
      'unexpected_answer',
    );
  });

  it('the network failing is network', async () => {
    const registry = fakeRegistry({ override: (r) => (r.method === 'POST' ? new FetchFailure('connect', r.url, 'refused') : undefined) });
    assert.equal((await failure(search(registry, ADS_DOMAINS.paged))).reason, 'network');
  });

  it('the fetcher holding the registry back after an earlier 429 (rate_limited) is rate_limited, with the time left', async () => {
    const held = (url: string) => new FetchFailure('rate_limited', url, 'wait', { retryAfterMs: 41_200 });
    for (const registry of [
      fakeRegistry({ override: (r) => (r.method === 'POST' ? held(r.url) : undefined) }),
      fakeRegistry({ home: () => held('https://adstransparency.google.com/') }),
    ]) {
      const error = await failure(search(registry, ADS_DOMAINS.paged));
      assert.equal(error.reason, 'rate_limited');
      assert.equal(error.retryAfterSeconds, 42);
    }
  });
});

describe('searchAds: filters', () => {
  it('sends the format and days-shown filters with every page, and echoes them', async () => {
    const registry = fakeRegistry();
    const result = await searchAds(
      ADS_DOMAINS.paged,
      { format: 'image', shownFrom: '2026-01-01', shownTo: '2026-04-30' },
      { fetch: registry.fetch, analyze, now },
    );
    assertValid('SearchAdsResult', result);
    for (const request of registry.searches()) assert.deepEqual([request['3']['4'], request['3']['6'], request['3']['7']], [2, 20260101, 20260430]);
    assert.equal(result.format, 'image');
    assert.equal(result.shown_from, '2026-01-01');
    assert.equal(result.shown_to, '2026-04-30');
    assert.ok(result.ads!.length > 0 && result.ads!.every((ad) => ad.format === 'image'));
  });

  it('answers no_ads when the filters leave nothing, naming them', async () => {
    const result = await searchAds(
      ADS_DOMAINS.regions,
      { region: 'FR', format: 'video', shownFrom: '2026-05-01' },
      { fetch: fakeRegistry().fetch, analyze, now },
    );
    assertValid('SearchAdsResult', result);
    assert.equal(result.status, 'no_ads');
    assert.ok(
      result.note!.startsWith('The advertising-transparency registry lists no video ads for globetrot-travel.com in region FR shown on or after 2026-05-01.'),
      result.note!,
    );
  });
});

describe('searchAds: lookups', () => {
  it('looks up the first ads and advertisers within the caps, advertisers first, and fills their facts', async () => {
    const registry = fakeRegistry();
    const result = await searchAds(ADS_DOMAINS.paged, {}, { fetch: registry.fetch, analyze, now }, { maxCreativeLookups: 3, maxAdvertiserLookups: 2 });
    assertValid('SearchAdsResult', result);
    const lookups = registry.lookups();
    assert.deepEqual(
      lookups.map((lookup) => lookup.method),
      ['GetAdvertiserById', 'GetAdvertiserById', 'GetCreativeById', 'GetCreativeById', 'GetCreativeById'],
    );
    assert.deepEqual(
      lookups.slice(0, 2).map((lookup) => lookup.request['1']),
      result.advertisers!.slice(0, 2).map((advertiser) => advertiser.advertiser_id),
    );
    assert.ok(result.advertisers!.slice(0, 2).every((advertiser) => advertiser.country));
    assert.ok(result.advertisers!.slice(2).every((advertiser) => !('country' in advertiser) && !('verified_name' in advertiser)));
    assert.deepEqual(result.ads!.map((ad) => ad.regions_shown?.length ?? 0).slice(0, 5), [2, 2, 2, 0, 0]);
    assert.match(result.note!, /first 3 ad\(s\) only/);
  });

  it('makes no lookup with caps of 0, and asks once per kept answer', async () => {
    const none = fakeRegistry();
    await searchAds(ADS_DOMAINS.techSite, {}, { fetch: none.fetch, analyze, now }, { maxCreativeLookups: 0, maxAdvertiserLookups: 0 });
    assert.equal(none.lookups().length, 0);
    const registry = fakeRegistry();
    const lookups = createLookupCaches();
    await searchAds(ADS_DOMAINS.techSite, {}, { fetch: registry.fetch, analyze, now, lookups });
    assert.equal(registry.lookups().length, 7, '1 advertiser and 6 ads');
    const again = await searchAds(ADS_DOMAINS.techSite, {}, { fetch: registry.fetch, analyze, now, lookups });
    assert.equal(registry.lookups().length, 7);
    assert.deepEqual(again.ads![0].regions_shown, ['US', 'GB', 'DE']);
  });

  it('keeps no refused lookup answer and treats it as a failure that stops the lookups', async () => {
    const registry = fakeRegistry({
      override: (request) =>
        request.lookup
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ '2': 'BadRequestException: no', '5': 400 }) }
          : undefined,
    });
    const result = await searchAds(ADS_DOMAINS.techSite, {}, { fetch: registry.fetch, analyze, now });
    assert.equal(result.status, 'ok');
    assert.ok(registry.lookups().length <= 2);
    assert.match(result.note!, /lookups stopped \(the registry refused the request/);
    assert.ok(result.ads!.every((ad) => !('regions_shown' in ad)));
  });

  it('lets an abort through instead of leaving facts out', async () => {
    const controller = new AbortController();
    const registry = fakeRegistry({
      override: (request) => {
        if (!request.lookup) return undefined;
        controller.abort();
        return new DOMException('This operation was aborted', 'AbortError');
      },
    });
    await assert.rejects(searchAds(ADS_DOMAINS.techSite, {}, { fetch: registry.fetch, analyze, now, signal: controller.signal }), /aborted/);
  });
});

describe('searchAds: the visit for cookies', () => {
  const home = () => ({ status: 200, headers: { 'content-type': 'text/html', 'set-cookie': 'NID=511=abc; Max-Age=15552000; Path=/' }, body: '<html></html>' });

  it('visits the home page once per jar and sends its cookie with every search', async () => {
    const registry = fakeRegistry({ home });
    const jar = new CookieJar();
    await search(registry, ADS_DOMAINS.paged, undefined, { jar });
    await search(registry, ADS_DOMAINS.regions, 'FR', { jar });
    assert.equal(registry.homeVisits(), 1);
    assert.match(registry.requests[0].url, /\/\?region=anywhere$/);
    const posts = registry.requests.filter((request) => request.method === 'POST');
    assert.equal(posts.filter((post) => post.search).length, 4, '3 pages and 1');
    assert.ok(
      posts.some((post) => post.lookup),
      'the lookups are POSTs of the same kind',
    );
    for (const post of posts) {
      assert.equal(post.headers.cookie, 'NID=511=abc');
      assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded;charset=UTF-8');
      assert.equal(post.headers.origin, 'https://adstransparency.google.com');
      assert.equal(post.headers['x-same-domain'], '1');
    }
  });

  it('visits again once the cookies expired', async () => {
    const registry = fakeRegistry({ home });
    const jar = new CookieJar({ sessionMs: 60_000 });
    await search(registry, ADS_DOMAINS.noAds, undefined, { jar });
    await search(registry, ADS_DOMAINS.noAds, undefined, { jar, now: () => new Date(WORLD_NOW + 61_000) });
    assert.equal(registry.homeVisits(), 2);
  });

  it('goes on without cookies when the home page cannot be read, but not when it is blocked or times out', async () => {
    const broken = fakeRegistry({ home: () => new FetchFailure('connect', 'https://adstransparency.google.com/', 'refused') });
    assert.equal((await search(broken, ADS_DOMAINS.regions)).status, 'ok');
    assert.equal(broken.requests.find((request) => request.method === 'POST')!.headers.cookie, undefined);

    const limited = fakeRegistry({ home: () => ({ status: 429, headers: {}, body: BLOCK_PAGE }) });
    assert.equal((await failure(search(limited, ADS_DOMAINS.regions))).reason, 'rate_limited');
    assert.equal(limited.searches().length, 0, 'no search after a blocked visit');

    const slow = fakeRegistry({ home: () => new FetchFailure('timeout', 'https://adstransparency.google.com/', 'no answer') });
    assert.equal((await failure(search(slow, ADS_DOMAINS.regions))).reason, 'network');
  });

  it('reads the registry at the configured base URL', async () => {
    const registry = fakeRegistry({ base: 'https://ads-mirror.example.net' });
    const result = await searchAds(
      ADS_DOMAINS.regions,
      { region: 'US' },
      { fetch: registry.fetch, analyze, now, config: { ...DEFAULT_ADS_CONFIG, registryUrl: 'https://ads-mirror.example.net', timeoutMs: 1000 } },
    );
    assert.equal(result.status, 'ok');
    assert.ok(registry.requests.every((request) => request.url.startsWith('https://ads-mirror.example.net/')));
    assert.ok(
      result.ads!.every((ad) => ad.transparency_url.startsWith('https://adstransparency.google.com/advertiser/')),
      'links go to the public site',
    );
  });
});
