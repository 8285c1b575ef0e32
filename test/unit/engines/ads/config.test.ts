import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadAdsConfig } from '../../../../engines/ads/config.ts';
import { CookieJar } from '../../../../engines/ads/cookies.ts';

describe('ads config', () => {
  it('defaults to the public registry, an 8 s cap and 3 ad and 2 advertiser lookups (at most 10 registry requests a call)', () => {
    assert.deepEqual(loadAdsConfig({}), { registryUrl: 'https://adstransparency.google.com', timeoutMs: 8000, adLookups: 3, advertiserLookups: 2 });
  });

  it('reads the lookup counts, up to 10 ads and 5 advertisers', () => {
    assert.deepEqual(loadAdsConfig({ ADS_REGISTRY_AD_LOOKUPS: '0', ADS_REGISTRY_ADVERTISER_LOOKUPS: '5' }), {
      registryUrl: 'https://adstransparency.google.com',
      timeoutMs: 8000,
      adLookups: 0,
      advertiserLookups: 5,
    });
    for (const value of ['-1', '11', '2.5', 'all']) assert.throws(() => loadAdsConfig({ ADS_REGISTRY_AD_LOOKUPS: value }), /ADS_REGISTRY_AD_LOOKUPS/, value);
    assert.throws(() => loadAdsConfig({ ADS_REGISTRY_ADVERTISER_LOOKUPS: '6' }), /ADS_REGISTRY_ADVERTISER_LOOKUPS/);
  });

  it('reads ADS_REGISTRY_URL (trailing slash dropped) and ADS_REGISTRY_TIMEOUT_MS', () => {
    assert.deepEqual(loadAdsConfig({ ADS_REGISTRY_URL: 'https://ads-mirror.example.net/', ADS_REGISTRY_TIMEOUT_MS: '2500' }), {
      registryUrl: 'https://ads-mirror.example.net',
      timeoutMs: 2500,
      adLookups: 3,
      advertiserLookups: 2,
    });
  });

  it('refuses settings it cannot use', () => {
    for (const value of ['ftp://x.example', 'not a url', 'https://x.example/?q=1', 'https://user:pw@x.example']) {
      assert.throws(() => loadAdsConfig({ ADS_REGISTRY_URL: value }), /ADS_REGISTRY_URL/, value);
    }
    for (const value of ['0', '60001', '1.5', 'soon']) assert.throws(() => loadAdsConfig({ ADS_REGISTRY_TIMEOUT_MS: value }), /ADS_REGISTRY_TIMEOUT_MS/, value);
  });
});

describe('ads cookie jar', () => {
  const t0 = Date.parse('2026-05-04T12:00:00Z');

  it('keeps name=value pairs, capped at the session length, and drops expired ones', () => {
    const jar = new CookieJar({ sessionMs: 60_000 });
    assert.equal(jar.header(t0), null);
    jar.store(['NID=511=abc; Max-Age=15552000; Path=/; Secure', 'AEC=x=y; expires=Tue, 03-Nov-2026 12:00:00 GMT', 'bad'], t0);
    assert.equal(jar.header(t0), 'NID=511=abc; AEC=x=y');
    assert.equal(jar.header(t0 + 61_000), null);
  });

  it('removes a cookie the server expires, and holds at most maxCookies', () => {
    const jar = new CookieJar({ maxCookies: 2 });
    jar.store(['a=1', 'b=2', 'c=3'], t0);
    assert.equal(jar.header(t0), 'a=1; b=2');
    jar.store(['a=; Max-Age=0'], t0);
    assert.equal(jar.header(t0), 'b=2');
  });
});
