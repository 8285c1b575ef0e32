import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Context } from 'koa';
import { baseUrlOf, clientIp, isValidHost, problemBaseUrlOf } from '../../../../server/pipeline/caller.ts';

/** A Koa context as the two functions read it: the socket peer, headers, protocol and host. */
function contextOf({ peer, headers = {}, protocol = 'http', host = 'svc.example' }: { peer: string; headers?: Record<string, string>; protocol?: string; host?: string }): Context {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { req: { socket: { remoteAddress: peer } }, get: (name: string) => lower[name.toLowerCase()] ?? '', protocol, host } as unknown as Context;
}

describe('the caller and the base URL behind a proxy', () => {
  const proxies = ['10.0.0.2'];

  it('takes the client from X-Forwarded-For only when the peer is a trusted proxy', () => {
    assert.equal(clientIp(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' } }), proxies), '203.0.113.7');
    assert.equal(clientIp(contextOf({ peer: '198.51.100.1', headers: { 'x-forwarded-for': '203.0.113.7' } }), proxies), '198.51.100.1');
  });

  it('takes the scheme from X-Forwarded-Proto only from a trusted proxy, and PUBLIC_BASE_URL over both', () => {
    assert.equal(baseUrlOf(contextOf({ peer: '::ffff:10.0.0.2', headers: { 'x-forwarded-proto': 'https' } }), null, proxies), 'https://svc.example');
    assert.equal(baseUrlOf(contextOf({ peer: '198.51.100.1', headers: { 'x-forwarded-proto': 'https' } }), null, proxies), 'http://svc.example', 'anyone else cannot choose the scheme');
    assert.equal(baseUrlOf(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-proto': 'gopher' } }), null, proxies), 'http://svc.example');
    assert.equal(baseUrlOf(contextOf({ peer: '10.0.0.2', headers: { 'x-forwarded-proto': 'https' } }), 'https://api.example.com', proxies), 'https://api.example.com');
  });

  it('writes only a host name from the Host into URLs: anything else is refused as invalid_host, unless PUBLIC_BASE_URL is set', () => {
    for (const host of ['svc.example', 'svc.example:8080', 'localhost', '127.0.0.1:3000', '[::1]:3000', 'my_service.internal', 'a~b.example']) assert.ok(isValidHost(host), host);
    for (const host of ['', 'a"b.example', 'a\\b', 'a b', '<x>', 'x.example/path', 'x.example:80:90', 'x.example:port', '%41.example', "it's.example", '[::1', 'a'.repeat(254)]) assert.ok(!isValidHost(host), host);
    assert.throws(() => baseUrlOf(contextOf({ peer: '198.51.100.1', host: 'a"b.example' }), null), (error: any) => error.code === 'invalid_host' && !error.detail.includes('a"b'));
    assert.equal(baseUrlOf(contextOf({ peer: '198.51.100.1', host: 'a"b.example' }), 'https://api.example.com'), 'https://api.example.com');
    const problemBase = problemBaseUrlOf((ctx) => baseUrlOf(ctx, null));
    assert.equal(problemBase(contextOf({ peer: '198.51.100.1', host: 'a"b.example' })), '', 'a refused Host leaves problem types relative');
    assert.equal(problemBase(contextOf({ peer: '198.51.100.1' })), 'http://svc.example');
  });
});
