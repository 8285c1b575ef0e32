import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Context } from 'koa';
import { baseUrlOf, callerIdentity, callerOf, isValidHost, parseAddress, problemBaseUrlOf } from '../../../../server/pipeline/caller.ts';

/** A Koa context as the two functions read it: the socket peer, headers, protocol and host. */
function contextOf({
  peer,
  headers = {},
  protocol = 'http',
  host = 'svc.example',
}: {
  peer: string;
  headers?: Record<string, string>;
  protocol?: string;
  host?: string;
}): Context {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { req: { socket: { remoteAddress: peer } }, get: (name: string) => lower[name.toLowerCase()] ?? '', protocol, host } as unknown as Context;
}

describe('the caller and the base URL behind a proxy', () => {
  const proxies = ['10.0.0.2'];
  const clientIp = callerIdentity({ trustedProxies: proxies });
  const forwarded = (value: string) => clientIp(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-for': value } }));

  it('takes the client from X-Forwarded-For only when the peer is a trusted proxy', () => {
    assert.equal(forwarded('203.0.113.7, 10.0.0.2'), '203.0.113.7');
    assert.equal(clientIp(contextOf({ peer: '198.51.100.1', headers: { 'x-forwarded-for': '203.0.113.7' } })), '198.51.100.1');
    assert.equal(
      clientIp(contextOf({ peer: '::ffff:10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } })),
      '203.0.113.7',
      'the proxy in its IPv4-mapped spelling is the proxy',
    );
    assert.equal(
      callerIdentity({ trustedProxies: ['[::FFFF:10.0.0.2]'] })(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } })),
      '203.0.113.7',
      'so is a configured proxy in any spelling',
    );
  });

  it("IPv6's own addresses and other prefixes stay IPv6 (::1, ::, ::102, 64:ff9b:1::/48, another /96); IPv4-compatible in hex is IPv4", () => {
    for (const [spelled, caller] of [
      ['::1', '::/64'],
      ['::', '::/64'],
      ['64:ff9b:1::c633:6401', '64:ff9b:1::/64'],
      ['2001:db8::198.51.100.1', '2001:db8::/64'],
      ['::102', '::/64'],
      ['::c633:6401', '198.51.100.1'],
    ]) {
      assert.equal(clientIp(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-for': spelled } })), caller, spelled);
    }
  });

  it('one IPv4 caller whatever the spelling: port, IPv4-mapped, SIIT, NAT64, IPv4-compatible, brackets, spaces', () => {
    for (const spelled of [
      '198.51.100.1',
      ' 198.51.100.1 ',
      '198.51.100.1:5555',
      '::ffff:198.51.100.1',
      '[::ffff:198.51.100.1]:80',
      '::FFFF:c633:6401',
      '::198.51.100.1',
      '[::198.51.100.1]:443',
      '::ffff:0:198.51.100.1',
      '64:ff9b::198.51.100.1',
      '64:FF9B::C633:6401',
    ]) {
      assert.equal(forwarded(spelled), '198.51.100.1', spelled);
    }
  });

  it('one IPv6 caller per /64 whatever the spelling: case, zeros, brackets, port, zone', () => {
    for (const spelled of [
      '2001:db8::1',
      '2001:DB8::1',
      '2001:db8:0:0:0:0:0:1',
      '[2001:db8::1]',
      '[2001:db8::1]:443',
      '2001:db8::ffff:1:2',
      '2001:0db8:0000:0000:abcd::9',
    ]) {
      assert.equal(forwarded(spelled), '2001:db8::/64', spelled);
    }
    assert.equal(forwarded('2001:db8:0:1::1'), '2001:db8:0:1::/64', 'another /64 is another caller');
    assert.equal(forwarded('fe80::1%eth0'), 'fe80::/64');
  });

  it('the IPv6 prefix is configurable; 128 is one caller per address', () => {
    const address = parseAddress('2001:db8:aaaa:bbbb:cccc::1')!;
    assert.equal(callerOf(address, 48), '2001:db8:aaaa::/48');
    assert.equal(callerOf(address, 56), '2001:db8:aaaa:bb00::/56');
    assert.equal(callerOf(address, 128), '2001:db8:aaaa:bbbb:cccc::1');
    assert.equal(
      callerIdentity({ trustedProxies: proxies, ipv6PrefixLength: 128 })(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-for': '2001:DB8::1' } })),
      '2001:db8::1',
    );
  });

  it('a forwarded entry that is not an address counts as the proxy itself (one shared quota), never as a caller of its own', () => {
    for (const spelled of ['not-an-ip', '127.1', '3232235777', '0x7f.0.0.1', 'example.com:80', '[2001:db8::1', '']) {
      assert.equal(forwarded(`${spelled}, 10.0.0.2`.replace(/^, /, '')), '10.0.0.2', JSON.stringify(spelled));
    }
    assert.equal(
      forwarded('203.0.113.7, not-an-ip'),
      '10.0.0.2',
      'the walk stops at the first entry that is not an address: what lies left of it is not believed',
    );
  });

  it('answers the same whether the spelling was seen before or the memory of spellings was emptied', () => {
    const small = callerIdentity({ trustedProxies: proxies, maxRemembered: 2 });
    const ask = (value: string) => small(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-for': value } }));
    const spellings = ['198.51.100.1:1', '2001:DB8::1', 'not-an-ip', '198.51.100.1:1', '[2001:db8::2]', 'not-an-ip'];
    assert.deepEqual(spellings.map(ask), ['198.51.100.1', '2001:db8::/64', '10.0.0.2', '198.51.100.1', '2001:db8::/64', '10.0.0.2']);
    assert.equal(
      small(contextOf({ peer: '198.51.100.9', headers: { 'x-forwarded-for': '2001:DB8::1' } })),
      '198.51.100.9',
      'the same header from a peer that is not a proxy is not believed',
    );
  });

  it('the socket peer is canonical and grouped too', () => {
    const direct = callerIdentity({ trustedProxies: [] });
    assert.equal(direct(contextOf({ peer: '::ffff:203.0.113.7' })), '203.0.113.7');
    assert.equal(direct(contextOf({ peer: '2001:db8::5' })), '2001:db8::/64');
  });

  it('takes the scheme from X-Forwarded-Proto only from a trusted proxy, and PUBLIC_BASE_URL over both', () => {
    assert.equal(baseUrlOf(contextOf({ peer: '::ffff:10.0.0.2', headers: { 'x-forwarded-proto': 'https' } }), null, proxies), 'https://svc.example');
    assert.equal(
      baseUrlOf(contextOf({ peer: '198.51.100.1', headers: { 'x-forwarded-proto': 'https' } }), null, proxies),
      'http://svc.example',
      'anyone else cannot choose the scheme',
    );
    assert.equal(baseUrlOf(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-proto': 'gopher' } }), null, proxies), 'http://svc.example');
    assert.equal(
      baseUrlOf(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-proto': 'https' } }), 'https://api.example.com', proxies),
      'https://api.example.com',
    );
  });

  it('writes only a host name from the Host into URLs: anything else is refused as invalid_host, unless PUBLIC_BASE_URL is set', () => {
    for (const host of ['svc.example', 'svc.example:8080', 'localhost', '127.0.0.1:3000', '[::1]:3000', 'my_service.internal', 'a~b.example'])
      assert.ok(isValidHost(host), host);
    for (const host of [
      '',
      'a"b.example',
      'a\\b',
      'a b',
      '<x>',
      'x.example/path',
      'x.example:80:90',
      'x.example:port',
      '%41.example',
      "it's.example",
      '[::1',
      'a'.repeat(254),
    ])
      assert.ok(!isValidHost(host), host);
    assert.throws(
      () => baseUrlOf(contextOf({ peer: '198.51.100.1', host: 'a"b.example' }), null),
      (error: any) => error.code === 'invalid_host' && !error.detail.includes('a"b'),
    );
    assert.equal(baseUrlOf(contextOf({ peer: '198.51.100.1', host: 'a"b.example' }), 'https://api.example.com'), 'https://api.example.com');
    const problemBase = problemBaseUrlOf((ctx) => baseUrlOf(ctx, null));
    assert.equal(problemBase(contextOf({ peer: '198.51.100.1', host: 'a"b.example' })), '', 'a refused Host leaves problem types relative');
    assert.equal(problemBase(contextOf({ peer: '198.51.100.1' })), 'http://svc.example');
  });
});
