import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeDomain, parseTargetUrl } from '../../../../engines/net/target.ts';

describe('normalizeDomain', () => {
  const accepted: [string, string][] = [
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['shop.example.co.uk', 'shop.example.co.uk'],
    ['my-store.myshopify.com', 'my-store.myshopify.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
  ];
  for (const [input, expected] of accepted) it(`accepts ${input}`, () => assert.equal(normalizeDomain(input), expected));

  const refused = [
    '',
    'com',
    'co.uk',
    'localhost',
    'example',
    'http://example.com',
    'example.com/path',
    'example.com:443',
    'user@example.com',
    '93.184.216.34',
    '[::1]',
    'exa mple.com',
    '-example.com',
    'example-.com',
    'example..com',
    'intranet.internal',
    'a'.repeat(64) + '.com',
    `${'a.'.repeat(126)}com`,
  ];
  for (const input of refused) it(`refuses ${JSON.stringify(input.slice(0, 40))}`, () => assert.equal(normalizeDomain(input), null));
});

describe('parseTargetUrl', () => {
  it('accepts public http(s) URLs on ports 80 and 443', () => {
    for (const url of ['https://example.com/pricing?x=1', 'http://example.com:80/', 'https://example.com:443/a#b'])
      assert.equal(parseTargetUrl(url).ok, true, url);
  });
  it("accepts names under private public suffixes, trailing dots and IP literals (their addresses are the fetcher's to judge)", () => {
    for (const url of ['https://my-store.myshopify.com/', 'https://example.com./', 'http://93.184.216.34/', 'http://[2606:4700::1111]/', 'http://127.0.0.1/'])
      assert.equal(parseTargetUrl(url).ok, true, url);
  });
  const refused: [string, string][] = [
    ['ftp://example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    ['http://example.com:8080/', 'port'],
    ['http://example.com:0/', 'port'],
    ['http://localhost/', 'host'],
    ['http://api.localhost/', 'host'],
    ['http://localhost./', 'host'],
    ['http://intranet/', 'host'],
    ['http://printer.local/', 'host'],
    ['http://db.internal/', 'host'],
    ['http://nas.home.arpa/', 'host'],
    ['http://wiki.corp/', 'host'],
    ['http://router.lan/', 'host'],
    ['http://portal.intranet/', 'host'],
    ['http://shop.test/', 'host'],
    ['http://www.example/', 'host'],
    ['http://co.uk/', 'host'],
    ['example.com', 'not_a_url'],
    ['//example.com/x', 'not_a_url'],
  ];
  for (const [url, problem] of refused) {
    it(`refuses ${url} (${problem})`, () => {
      const parsed = parseTargetUrl(url);
      assert.equal(parsed.ok, false);
      assert.equal(!parsed.ok && parsed.problem, problem);
    });
  }
});
