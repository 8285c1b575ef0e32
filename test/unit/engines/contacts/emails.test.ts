import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addressesIn,
  cleanAddress,
  decodeCfEmail,
  judgeEmail,
  normaliseObfuscations,
  parseMailto,
  sameDomain,
  splitAddresses,
} from '../../../../engines/contacts/emails.ts';

describe('Cloudflare email decoding', () => {
  it('decodes the published example (key byte, then XOR)', () => {
    assert.equal(decodeCfEmail('116967746b7570517f706774633f727e7c'), 'xvezda@naver.com');
  });
  it('refuses what is not hex pairs', () => {
    assert.equal(decodeCfEmail('zz12'), null);
    assert.equal(decodeCfEmail('123'), null);
  });
});

describe('mailto parsing (RFC 6068)', () => {
  it('reads comma-separated recipients, cc, bcc and to, percent-decoded, in query order, and ignores subject and body', () => {
    assert.deepEqual(parseMailto('mailto:a@x.com,b%40x.com?subject=Hi%20there&cc=c@x.com&bcc=d@x.com,e@x.com&to=f@x.com&body=g@x.com'), [
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
      'e@x.com',
      'f@x.com',
    ]);
  });
  it('keeps a lone address and drops the query', () => {
    assert.deepEqual(parseMailto('MAILTO:hello@acme.io?subject=x'), ['hello@acme.io']);
  });
});

describe('obfuscations in text', () => {
  const found = (text: string) => addressesIn(normaliseObfuscations(text).plain).map((raw) => cleanAddress(raw));
  for (const [text, address] of [
    ['press [at] acme [dot] io', 'press@acme.io'],
    ['jobs (at) acme (dot) co (dot) uk', 'jobs@acme.co.uk'],
    ['privacy{at}acme.io', 'privacy@acme.io'],
    ['sales <at> acme <dot> io', 'sales@acme.io'],
    ['security＠acme.io', 'security@acme.io'],
    ['inv\u200Bestors@acme\u00AD.io', 'investors@acme.io'],
    ['support at acme dot io', 'support@acme.io'],
  ] as const) {
    it(`finds ${address} in "${text}"`, () => assert.deepEqual(found(text), [address]));
  }
  it('marks spelled-out addresses so only the target domain accepts them', () => {
    const { spelledOut } = normaliseObfuscations('write to events at expo dot com, or press [at] acme [dot] io');
    assert.deepEqual(spelledOut, ['events@expo.com']);
    assert.equal(judgeEmail('us@expo.com', 'text', 'acme.io', { spelledOut: true }).keep, false);
    assert.equal(judgeEmail('support@acme.io', 'text', 'acme.io', { spelledOut: true }).keep, true);
  });
  it('reads no address in prose with "at": capitals, a sentence end or a word of prose before it', () => {
    for (const text of [
      'ask the Growth Team at Quillbase.com',
      'Read our Terms of Service at northpeak.org',
      'call us today. At brightline.com we listen',
      'find us at expo.com',
      'join us at expo dot com',
    ]) {
      assert.deepEqual(normaliseObfuscations(text).spelledOut, [], text);
      assert.deepEqual(found(text), [], text);
    }
  });
  it('does not end an address inside the next word of a sentence', () => {
    assert.deepEqual(found('Mail hello@acme.io.'), ['hello@acme.io']);
  });
  it('ignores package versions', () => assert.deepEqual(found('lodash@4.17.21 and @acme/ui@2.0.1'), []));
});

describe('false-positive filter', () => {
  const rejected: [string, string][] = [
    ['logo@2x.png', 'file name'],
    ['sprite@3x.webp', 'file name'],
    ['you@example.com', 'placeholder domain'],
    ['name@yourdomain.com', 'placeholder domain'],
    ['8f14e45fceea167a5a36dedd4bea2543@o123456.ingest.sentry.io', 'platform address'],
    ['abc@sentry-next.wixpress.com', 'platform address'],
    ['support@squarespace.com', 'platform address'],
    ['wapuu@wordpress.org', 'platform address'],
    ['admin@intranet.local', 'reserved TLD'],
    ['dev@staging.test', 'reserved TLD'],
    ['first.last@othercorp.com', 'placeholder'],
  ];
  for (const [address, reason] of rejected) {
    it(`rejects ${address} (${reason})`, () => {
      const verdict = judgeEmail(address, 'mailto', 'acme.io');
      assert.equal(verdict.keep, false);
      assert.equal(verdict.reason, reason);
    });
  }
  it('keeps the target domain and its subdomains, even for placeholder-looking local parts', () => {
    assert.equal(judgeEmail('jane.doe@acme.io', 'text', 'acme.io').keep, true);
    assert.equal(judgeEmail('name@eu.acme.io', 'text', 'acme.io').keep, true);
  });
  it('keeps a third-party address only when linked, or a free-mail box in text', () => {
    assert.equal(judgeEmail('support@intercom.io', 'text', 'acme.io').keep, false);
    assert.equal(judgeEmail('help@acme-support.net', 'mailto', 'acme.io').keep, true);
    assert.equal(judgeEmail('founder@gmail.com', 'text', 'acme.io').keep, true);
  });
  it('keeps a platform domain address when the platform is the target', () => {
    assert.equal(judgeEmail('press@squarespace.com', 'text', 'squarespace.com').keep, true);
  });
  it('cleans case and surrounding punctuation', () => {
    assert.equal(cleanAddress(' <Sales@ACME.io>, '), 'sales@acme.io');
    assert.equal(cleanAddress('not an address'), null);
  });
  it('drops a phone number run into an address in page text', () => {
    assert.equal(judgeEmail('981-6893service@gym.com', 'text', 'gym.com').keep, false);
    assert.equal(judgeEmail('2024-team@gym.com', 'text', 'gym.com').keep, true, 'digits alone before a word are a local part');
  });
});

describe('whose addresses', () => {
  it("an address is the site's when it is on the same registrable domain", () => {
    assert.equal(sameDomain('unex-reg@ucsd.edu', 'extendedstudies.ucsd.edu'), true);
    assert.equal(sameDomain('jo@mail.acme.co.uk', 'shop.acme.co.uk'), true);
    assert.equal(sameDomain('help@profootballtalk.com', 'profootballtalk.nbcsports.com'), false);
    assert.equal(sameDomain('jo@acme-partners.com', 'acme.com'), false);
  });
  it("splits the kept addresses into the site's own and other domains', dropping what is no contact", () => {
    const found = [
      { address: 'hello@acme.io', source: 'mailto' as const },
      { address: 'rosa@vidal-events.com', source: 'mailto' as const },
      { address: 'founder@gmail.com', source: 'text' as const },
      { address: 'support@intercom.io', source: 'text' as const },
      { address: 'hello@acme.io', source: 'text' as const },
    ];
    assert.deepEqual(splitAddresses(found, 'acme.io'), { own: ['hello@acme.io'], other: ['rosa@vidal-events.com', 'founder@gmail.com'] });
  });
});
