import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countryCode, countryOfGeoId } from '../../../../engines/ads/countries.ts';
import { AdsRegistryFailure } from '../../../../engines/ads/failure.ts';
import { lookUpAll, readAdvertiserFacts, readCreativeRegions } from '../../../../engines/ads/lookups.ts';
import { REGION_GEO_IDS } from '../../../../engines/ads/regions.ts';

describe('ads lookups: countries', () => {
  it('names the country of a geo id (2000 + ISO 3166-1 numeric), for the 16 filter regions and beyond', () => {
    for (const [region, geo] of Object.entries(REGION_GEO_IDS)) assert.equal(countryOfGeoId(geo), region);
    assert.equal(countryOfGeoId(2410), 'KR');
    assert.equal(countryOfGeoId('2554'), 'NZ');
  });

  it("names nothing for an id that is not a country's", () => {
    for (const id of [2000, 2001, 2999, 1840, 21137, -2840, 2840.5, null, 'US', {}]) assert.equal(countryOfGeoId(id), null, String(id));
  });

  it('accepts ISO 3166-1 alpha-2 codes only', () => {
    assert.equal(countryCode('GB'), 'GB');
    assert.equal(countryCode(' de '), 'DE');
    for (const value of ['UK', 'EEA', 'XX', '', 826, null]) assert.equal(countryCode(value), null, String(value));
  });
});

describe('ads lookups: the answers', () => {
  it('reads the regions of "1"."17" in order, once each, dropping ids that are no country', () => {
    const answer = {
      '1': { '1': 'AR1', '17': [{ '1': 2840, '5': { '1': '1700000000' } }, { '1': 2826 }, { '1': 2840 }, { '1': 9999 }, 'junk', { '1': 2410 }] },
    };
    assert.deepEqual(readCreativeRegions(answer), ['US', 'GB', 'KR']);
  });

  it('states no regions when the registry states none', () => {
    for (const answer of [{}, { '1': {} }, { '1': { '17': [] } }, { '1': { '17': [{ '1': 1 }] } }, { '1': { '17': 'US' } }, null, []]) {
      assert.equal(readCreativeRegions(answer), null, JSON.stringify(answer));
    }
  });

  it('reads the verified legal name ("9"."1") and the country ("3") of an advertiser', () => {
    const answer = { '1': { '1': 'AR1', '2': 'Acme', '3': 'US', '9': { '1': '  Acme Analytics, Inc. ' }, '11': 'DE' } };
    assert.deepEqual(readAdvertiserFacts(answer), { verifiedName: 'Acme Analytics, Inc.', country: 'US' });
  });

  it('never puts the display name or the headquarters in place of a fact the registry does not state', () => {
    assert.deepEqual(readAdvertiserFacts({ '1': { '1': 'AR1', '2': 'Acme', '11': 'DE' } }), { verifiedName: null, country: null });
    assert.deepEqual(readAdvertiserFacts({ '1': { '2': 'Acme', '3': 'Narnia', '9': { '1': '   ' } } }), { verifiedName: null, country: null });
    assert.deepEqual(readAdvertiserFacts({}), { verifiedName: null, country: null });
  });
});

describe('ads lookups: running them', () => {
  it('looks every key up, at most two at a time', async () => {
    let running = 0;
    let most = 0;
    const run = await lookUpAll(['a', 'b', 'c', 'd', 'e'], async (key) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return key.toUpperCase();
    });
    assert.deepEqual([...run.facts].sort(), [
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
      ['d', 'D'],
      ['e', 'E'],
    ]);
    assert.equal(run.failure, null);
    assert.equal(most, 2);
  });

  it('stops at the first registry failure and keeps what it had', async () => {
    const asked: string[] = [];
    const run = await lookUpAll(
      ['a', 'b', 'c', 'd'],
      async (key) => {
        asked.push(key);
        if (key === 'b') throw new AdsRegistryFailure('rate_limited', 'https://x', 'the registry is rate-limiting the service (429)');
        return key;
      },
      { parallel: 1 },
    );
    assert.deepEqual(asked, ['a', 'b']);
    assert.deepEqual([...run.facts.keys()], ['a']);
    assert.match(run.failure!, /rate-limiting/);
  });

  it('lets any other error through (an abort is not a missing fact)', async () => {
    await assert.rejects(
      lookUpAll(['a'], async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
      /aborted/,
    );
  });
});
