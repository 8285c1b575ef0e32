import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSameOrSubdomain, mapCreative, transparencyUrl } from '../../../../engines/ads/mapping.ts';
import { creativeJson, registryListings, ADS_DOMAINS } from '../../../world/fixtures/ads-registry.ts';

const AR = 'AR12345678901234567890';
const CR = 'CR09876543210987654321';
const base = { '1': AR, '2': CR, '6': { '1': '1700000000' }, '7': { '1': '1700003600' }, '12': 'Example Inc', '13': 41, '14': 'example.com' };

function map(raw: unknown, region?: any) {
  const outcome = mapCreative(raw, { domain: 'example.com', region });
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.ad;
}

describe('ads mapping: one creative to one ad item', () => {
  it('maps ids, name, dates (as days) and the simgad image preview', () => {
    const ad = map({ ...base, '3': { '3': { '2': '<img src="https://tpc.googlesyndication.com/archive/simgad/1234567890?a=1&amp;b=2">' } }, '4': 2 });
    assert.deepEqual(ad.item, {
      creative_id: CR,
      advertiser_id: AR,
      advertiser_name: 'Example Inc',
      format: 'image',
      first_shown: '2023-11-14',
      last_shown: '2023-11-14',
      preview_url: 'https://tpc.googlesyndication.com/archive/simgad/1234567890?a=1&b=2',
      transparency_url: `https://adstransparency.google.com/advertiser/${AR}/creative/${CR}?region=anywhere`,
      landing_domain: 'example.com',
      image_url: 'https://tpc.googlesyndication.com/archive/simgad/1234567890?a=1&b=2',
    });
    assert.equal(ad.firstShownMs, 1_700_000_000_000);
    assert.equal(ad.lastShownMs, 1_700_003_600_000);
  });

  it('reads the format codes 1, 2 and 3 as text, image and video', () => {
    for (const [code, format] of [
      [1, 'text'],
      [2, 'image'],
      [3, 'video'],
    ] as const) {
      assert.equal(map({ ...base, '4': code }).item.format, format);
    }
  });

  it('infers a missing or unknown format from the preview: simgad image, video thumbnail video, else text', () => {
    assert.equal(map({ ...base, '3': { '3': { '2': '<img src="https://tpc.googlesyndication.com/archive/simgad/42">' } } }).item.format, 'image');
    assert.equal(map({ ...base, '4': 9, '3': { '3': { '2': '<img src="https://i.ytimg.com/vi/abc/hqdefault.jpg">' } } }).item.format, 'video');
    assert.equal(
      map({ ...base, '3': { '1': { '4': 'https://displayads-formats.googleusercontent.com/ads/preview/content.js?client=x' } } }).item.format,
      'text',
    );
    assert.equal(map(base).item.format, 'text');
  });

  it('falls back to the content.js renderer as the preview, and to null', () => {
    const renderer = 'https://displayads-formats.googleusercontent.com/ads/preview/content.js?client=ads-integrity-transparency&creativeId=1';
    assert.equal(map({ ...base, '3': { '1': { '4': renderer } } }).item.preview_url, renderer);
    assert.equal(map({ ...base, '3': { '3': { '2': '<div>no image</div>' }, '1': { '4': renderer } } }).item.preview_url, renderer);
    assert.equal(map({ ...base, '3': { '1': { '4': 'javascript:alert(1)' } } }).item.preview_url, null);
    assert.equal(map(base).item.preview_url, null);
  });

  it('leaves unknown dates and names null', () => {
    const ad = map({ '1': AR, '2': CR, '6': { '1': 'soon' }, '12': '  ' });
    assert.equal(ad.item.first_shown, null);
    assert.equal(ad.item.last_shown, null);
    assert.equal(ad.item.advertiser_name, null);
    assert.equal(ad.firstShownMs, null);
  });

  it('gives the landing domain as the registry lists it, and the archived image apart from the renderer', () => {
    const text = map({
      ...base,
      '14': 'WWW.Example.com.',
      '3': { '1': { '4': 'https://displayads-formats.googleusercontent.com/ads/preview/content.js?x=1' } },
      '4': 1,
    });
    assert.equal(text.item.landing_domain, 'www.example.com');
    assert.equal('image_url' in text.item, false, 'a renderer script is no image');
    assert.match(text.item.preview_url!, /content\.js/);
    const image = map({ ...base, '3': { '3': { '2': '<img src="https://tpc.googlesyndication.com/archive/simgad/42">' } }, '4': 2 });
    assert.equal(image.item.image_url, 'https://tpc.googlesyndication.com/archive/simgad/42');
  });

  it('leaves the landing domain out when the registry gives none ("14" missing or empty)', () => {
    for (const domain of [undefined, '', 7]) {
      const { '14': _dropped, ...rest } = base;
      const ad = map({ ...rest, ...(domain !== undefined ? { '14': domain } : {}) });
      assert.equal('landing_domain' in ad.item, false, String(domain));
    }
  });

  it('with a format filter: a code-less ad has the format the registry matched, an ad coded otherwise is dropped', () => {
    const video = mapCreative(
      { ...base, '3': { '3': { '2': '<img src="https://tpc.googlesyndication.com/archive/simgad/42">' } } },
      { domain: 'example.com', format: 'video' },
    );
    assert.ok(video.ok && video.ad.item.format === 'video');
    assert.deepEqual(mapCreative({ ...base, '4': 1 }, { domain: 'example.com', format: 'image' }), { ok: false, why: 'other_format' });
    const same = mapCreative({ ...base, '4': 2 }, { domain: 'example.com', format: 'image' });
    assert.ok(same.ok && same.ad.item.format === 'image');
  });

  it('puts the region filter in transparency_url', () => {
    assert.equal(map(base, 'GB').item.transparency_url, `https://adstransparency.google.com/advertiser/${AR}/creative/${CR}?region=GB`);
    assert.equal(transparencyUrl(AR, CR), `https://adstransparency.google.com/advertiser/${AR}/creative/${CR}?region=anywhere`);
  });

  it('keeps ads of the domain and its subdomains, drops ads of other domains', () => {
    assert.equal(mapCreative({ ...base, '14': 'www.example.com' }, { domain: 'example.com' }).ok, true);
    assert.equal(mapCreative({ ...base, '14': 'Example.COM.' }, { domain: 'example.com' }).ok, true);
    assert.deepEqual(mapCreative({ ...base, '14': 'notexample.com' }, { domain: 'example.com' }), { ok: false, why: 'other_domain' });
    assert.deepEqual(mapCreative({ ...base, '14': 'example.com.evil.net' }, { domain: 'example.com' }), { ok: false, why: 'other_domain' });
    assert.equal(isSameOrSubdomain('shop.example.com', 'example.com'), true);
  });

  it('drops creatives without the AR / CR id forms', () => {
    for (const raw of [{ ...base, '1': 'AR123' }, { ...base, '2': 'XX09876543210987654321' }, { ...base, '1': 12345 }, null, [], 'creative']) {
      assert.deepEqual(mapCreative(raw, { domain: 'example.com' }), { ok: false, why: 'malformed' }, JSON.stringify(raw));
    }
  });

  it('maps every creative of the world registry to the format the world meant', () => {
    let checked = 0;
    for (const [domain, listing] of registryListings()) {
      for (const ad of listing.ads) {
        const outcome = mapCreative(creativeJson(ad), { domain });
        if (domain === ADS_DOMAINS.lookalike || ad.domain?.endsWith('brightpath-learning.co')) {
          assert.equal(outcome.ok, false);
          continue;
        }
        assert.ok(outcome.ok);
        assert.equal(outcome.ad.item.format, ad.format, ad.creativeId);
        assert.equal(outcome.ad.item.advertiser_id, ad.advertiserId);
        assert.equal(outcome.ad.item.last_shown, new Date(ad.lastShown).toISOString().slice(0, 10));
        assert.ok(outcome.ad.item.preview_url?.startsWith('https://'));
        checked++;
      }
    }
    assert.ok(checked > 80, String(checked));
  });
});
