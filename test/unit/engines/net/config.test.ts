import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultUserAgent, loadNetConfig } from '../../../../engines/net/config.ts';

describe('loadNetConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'net-config-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the system resolvers, 2 s, nothing allowed, no port map, no extra CA', () => {
    const config = loadNetConfig({});
    assert.deepEqual({ ...config, userAgent: undefined }, { dnsServers: [], dnsTimeoutMs: 2000, allowCidrs: [], portMap: {}, caFile: null, caPem: null, userAgent: undefined });
    assert.match(config.userAgent, /^CompanyIntelBot\/\d+\.\d+$/);
  });

  it('names the service llms.txt in the User-Agent when PUBLIC_BASE_URL is set; NET_USER_AGENT replaces it', () => {
    assert.match(loadNetConfig({ PUBLIC_BASE_URL: 'https://api.acme-intel.com/' }).userAgent, /^CompanyIntelBot\/\d+\.\d+ \(\+https:\/\/api\.acme-intel\.com\/llms\.txt\)$/);
    assert.equal(defaultUserAgent('https://x.io'), loadNetConfig({ PUBLIC_BASE_URL: 'https://x.io' }).userAgent);
    assert.equal(loadNetConfig({ NET_USER_AGENT: 'Other/1.0' }).userAgent, 'Other/1.0');
  });

  it('reads the world settings', () => {
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const config = loadNetConfig({
      NET_DNS_SERVERS: '127.0.0.1:5353, [::1]:5354,10.0.0.2',
      NET_DNS_TIMEOUT_MS: '500',
      NET_ALLOW_CIDRS: '127.0.0.0/8, ::1/128',
      NET_PORT_MAP: '80:41080,443:41443',
      NET_CA_FILE: caFile,
    });
    assert.deepEqual(config.dnsServers, ['127.0.0.1:5353', '[::1]:5354', '10.0.0.2']);
    assert.equal(config.dnsTimeoutMs, 500);
    assert.deepEqual(config.allowCidrs, ['127.0.0.0/8', '::1/128']);
    assert.deepEqual(config.portMap, { 80: 41080, 443: 41443 });
    assert.equal(config.caFile, caFile);
    assert.match(config.caPem ?? '', /BEGIN CERTIFICATE/);
  });

  const invalid: [string, Record<string, string>, RegExp][] = [
    ['a resolver given by name', { NET_DNS_SERVERS: 'dns.google' }, /NET_DNS_SERVERS/],
    ['a non-numeric timeout', { NET_DNS_TIMEOUT_MS: 'soon' }, /NET_DNS_TIMEOUT_MS/],
    ['a zero timeout', { NET_DNS_TIMEOUT_MS: '0' }, /NET_DNS_TIMEOUT_MS/],
    ['an address without a prefix length', { NET_ALLOW_CIDRS: '127.0.0.1' }, /NET_ALLOW_CIDRS/],
    ['a port map from another port', { NET_PORT_MAP: '8080:41080' }, /NET_PORT_MAP/],
    ['a port map to port 0', { NET_PORT_MAP: '80:0' }, /NET_PORT_MAP/],
    ['a missing CA file', { NET_CA_FILE: '/nonexistent/ca.pem' }, /ENOENT/],
  ];
  for (const [what, env, message] of invalid) it(`refuses ${what}`, () => assert.throws(() => loadNetConfig(env), message));

  it('refuses a CA file without a certificate', () => {
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello\n');
    assert.throws(() => loadNetConfig({ NET_CA_FILE: notPem }), /NET_CA_FILE/);
  });
});
