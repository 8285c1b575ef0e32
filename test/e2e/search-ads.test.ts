/**
 * search-ads end to end against the offline world: the registry on its real host name over
 * HTTPS and the world's DNS, paging, the 16 regions, no ads, every way the registry blocks
 * (a 502 engine_failed, never no_ads), charging only ok, and MCP.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startWorld, type World } from '../world/index.ts';
import { ADS_DOMAINS, installAdsRegistry, REGISTRY_HOST, WORLD_GEO_IDS, type AdsRegistryWorld } from '../world/fixtures/ads-registry.ts';
import { startService, type TestService } from '../support/service.ts';
import { assertValid, call } from '../support/contract.ts';
import { WORLD_NOW } from '../world/clock.ts';

let ip = 0;
const caller = () => ({ 'X-Forwarded-For': `198.51.100.${++ip}` });
const REGIONS = Object.keys(WORLD_GEO_IDS);

describe('search-ads against the offline world', { timeout: 120_000 }, () => {
  let world: World;
  let registry: AdsRegistryWorld;
  let service: TestService;
  before(async () => {
    world = await startWorld();
    registry = installAdsRegistry(world);
    service = await startService({ config: { net: world.netConfig, trustedProxies: ['127.0.0.1'] }, now: () => new Date(WORLD_NOW) });
  });
  after(async () => {
    await service?.close();
    await world?.stop();
  });

  it('pages through the registry to 40 ads, and charges the ok result', async () => {
    const before = registry.searches.length;
    const { status, body, headers } = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged }, headers: caller() });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.domain, ADS_DOMAINS.paged);
    assert.equal(body.ads_returned, 40);
    assert.equal(body.ads.length, 40);
    assert.equal(registry.searches.length - before, 3, 'three pages');
    assert.deepEqual(body.total_ads_estimate, { low: 50, high: 75 });
    assert.equal(body.advertisers.reduce((sum: number, a: any) => sum + a.ads_in_sample, 0), 40);
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
    assert.deepEqual(body.next_steps.map((step: any) => step.tool), ['tech-stack', 'company-intent', 'company-profile']);
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  it('calls the registry as the research describes: one home visit, then form POSTs with its cookie', () => {
    const onRegistry = world.sites.requests.filter((request) => request.host === REGISTRY_HOST);
    const homes = onRegistry.filter((request) => request.method === 'GET');
    assert.equal(homes.length, 1);
    assert.equal(homes[0].scheme, 'https');
    for (const post of onRegistry.filter((request) => request.method === 'POST')) {
      assert.match(post.url, /^\/anji\/_\/rpc\/SearchService\/SearchCreatives\?authuser=$/);
      assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded;charset=UTF-8');
      assert.equal(post.headers.cookie, 'NID=511=world-visitor');
    }
  });

  for (const region of REGIONS) {
    it(`filters by region ${region} and echoes it`, async () => {
      const { status, body } = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.regions, region }, headers: caller() });
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
    const first = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.noAds }, headers: who });
    assert.equal(first.body.status, 'no_ads');
    assert.equal(first.body.ads_returned, 0);
    assert.equal(first.body.next_steps, undefined);
    assert.equal(first.headers.get('x-usage-free-remaining'), '5', 'no_ads is not charged');
    const regional = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, region: 'JP' }, headers: who });
    assert.equal(regional.body.status, 'no_ads');
    assert.equal(regional.body.region, 'JP');
    assert.equal(regional.headers.get('x-usage-free-remaining'), '5');
    const ok = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.techSite }, headers: who });
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
      const { status, body, headers } = await call(service.url, '/v1/search-ads', { body: { domain }, headers: who });
      assert.equal(status, 502);
      assert.equal(body.code, 'engine_failed');
      assert.equal(body.retryable, true);
      assert.match(body.detail, /registry could not be read/);
      if (domain === ADS_DOMAINS.rateLimited) assert.equal(headers.get('retry-after'), '120', "the registry's Retry-After is passed on");
      assert.equal(headers.get('x-usage-free-remaining'), '5');
      const after = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.regions }, headers: who });
      assert.equal(after.headers.get('x-usage-free-remaining'), '4', 'the failure used no free call');
    });
  }

  it('never follows the challenge redirect', () => {
    assert.equal(world.sites.requests.filter((request) => request.url.includes('/sorry')).length, 0);
  });

  it('refuses a region outside the 16 (invalid_input), free', async () => {
    const { status, body } = await call(service.url, '/v1/search-ads', { body: { domain: ADS_DOMAINS.paged, region: 'ZZ' }, headers: caller() });
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_input');
  });

  it('answers the same over MCP', async () => {
    const client = new Client({ name: 'ads-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: caller() } }));
    try {
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
    } finally {
      await client.close();
    }
  });
});
