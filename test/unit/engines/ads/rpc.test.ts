import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  advertiserLookupRequest,
  creativeLookupRequest,
  formBody,
  parseRpcJson,
  readFormBody,
  readSearchPage,
  searchCreativesRequest,
} from '../../../../engines/ads/rpc.ts';
import { REGION_GEO_IDS, REGIONS, isRegion } from '../../../../engines/ads/regions.ts';

describe('ads registry RPC: the request', () => {
  it('asks for the domain with a 40-ad page, topic all and a viewer geo, and no region filter by default', () => {
    const request = searchCreativesRequest({ domain: 'example.com' });
    assert.deepEqual(request, { '2': 40, '3': { '12': { '1': 'example.com', '2': true } }, '7': { '1': 1, '2': 0, '3': 2840 } });
  });

  it('sends the geo id of each of the 16 regions as the filter and the viewer geo', () => {
    // The registry's geo id of a country is 2000 + its ISO 3166-1 numeric code.
    const regions = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'IL', 'IN', 'BR', 'MX', 'JP', 'SG', 'AE'];
    const isoNumeric = [840, 826, 124, 36, 276, 250, 724, 380, 528, 376, 356, 76, 484, 392, 702, 784];
    const expected = Object.fromEntries(regions.map((region, index) => [region, 2000 + isoNumeric[index]])) as Record<string, number>;
    assert.deepEqual(REGION_GEO_IDS, expected);
    assert.equal(REGIONS.length, 16);
    for (const region of REGIONS) {
      const request = searchCreativesRequest({ domain: 'example.com', region }) as any;
      assert.deepEqual(request['3']['8'], [expected[region]], region);
      assert.equal(request['7']['3'], expected[region], region);
    }
    assert.equal(isRegion('ZZ'), false);
    assert.equal(isRegion('toString'), false);
  });

  it('carries the next-page token in "4"', () => {
    assert.equal((searchCreativesRequest({ domain: 'example.com', pageToken: 'CAwQabc' }) as any)['4'], 'CAwQabc');
    assert.equal('4' in searchCreativesRequest({ domain: 'example.com', pageToken: null }), false);
  });

  it("sends the format filter as the registry's code and the days shown as integers YYYYMMDD", () => {
    const request = searchCreativesRequest({ domain: 'example.com', format: 'video', shownFrom: '2026-01-05', shownTo: '2026-03-31' }) as any;
    assert.deepEqual(request['3'], { '12': { '1': 'example.com', '2': true }, '4': 3, '6': 20260105, '7': 20260331 });
    assert.equal((searchCreativesRequest({ domain: 'example.com', format: 'text' }) as any)['3']['4'], 1);
    assert.equal((searchCreativesRequest({ domain: 'example.com', format: 'image' }) as any)['3']['4'], 2);
    const open = searchCreativesRequest({ domain: 'example.com', shownTo: '2025-12-31' }) as any;
    assert.deepEqual([open['3']['6'], open['3']['7']], [undefined, 20251231]);
  });

  it('asks the creative lookup with the viewer geo (the regions need it) and the advertiser lookup with the topic', () => {
    assert.deepEqual(creativeLookupRequest({ advertiserId: 'AR1', creativeId: 'CR2' }), { '1': 'AR1', '2': 'CR2', '5': { '1': 1, '2': 0, '3': 2840 } });
    assert.deepEqual(creativeLookupRequest({ advertiserId: 'AR1', creativeId: 'CR2', region: 'JP' }), {
      '1': 'AR1',
      '2': 'CR2',
      '5': { '1': 1, '2': 0, '3': 2392 },
    });
    assert.deepEqual(advertiserLookupRequest('AR1'), { '1': 'AR1', '3': { '1': 1 } });
  });

  it('encodes the request as the one form field f.req, and reads it back', () => {
    const request = searchCreativesRequest({ domain: 'r&d-labs.com', region: 'DE' });
    const body = formBody(request);
    assert.match(body, /^f\.req=%7B/);
    assert.ok(!body.includes('&d'), 'the ampersand in the value is escaped');
    assert.deepEqual(readFormBody(body), request);
    assert.equal(readFormBody('other=1'), null);
  });
});

describe('ads registry RPC: the answer', () => {
  it("parses JSON with or without the )]}' prefix; anything else is not JSON", () => {
    assert.deepEqual(parseRpcJson(`)]}'\n{"1":[]}`), { '1': [] });
    assert.deepEqual(parseRpcJson('{"4":"10"}'), { '4': '10' });
    assert.equal(parseRpcJson('<!DOCTYPE html><html>unusual traffic</html>'), undefined);
  });

  it('reads creatives, the next-page token and the estimate of a page', () => {
    const reading = readSearchPage({ '1': [{ '1': 'AR1' }], '2': 'CAwQnext', '4': '100000', '5': '200000' });
    assert.ok(reading.ok);
    assert.equal(reading.page.creatives.length, 1);
    assert.equal(reading.page.nextPageToken, 'CAwQnext');
    assert.equal(reading.page.estimateLow, '100000');
    assert.equal(reading.page.estimateHigh, '200000');
  });

  it('reads {} as an empty page (no creatives), not as a failure', () => {
    const reading = readSearchPage({});
    assert.ok(reading.ok);
    assert.deepEqual(reading.page.creatives, []);
    assert.equal(reading.page.nextPageToken, null);
  });

  it('tells the registry refusing the request apart from another shape', () => {
    const refused = readSearchPage({ '2': 'com.google.ads.BadRequestException: bad', '5': 400, '9': 3 });
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.badRequest, true);
    for (const odd of [[], 'text', null, { '1': 'not a list' }]) {
      const reading = readSearchPage(odd);
      assert.equal(reading.ok, false, JSON.stringify(odd));
      assert.equal(!reading.ok && reading.badRequest, false);
    }
  });
});
