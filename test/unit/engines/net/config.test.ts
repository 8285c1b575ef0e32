import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultUserAgent, loadNetConfig } from '../../../../engines/net/config.ts';

describe('loadNetConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'net-config-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the system resolvers, 2 s, nothing allowed, no port map, no extra CA, 4 per host, 4 per caller on 2 net threads, the caches on', () => {
    const config = loadNetConfig({});
    assert.deepEqual(
      { ...config, userAgent: undefined },
      {
        dnsServers: [],
        dnsTimeoutMs: 2000,
        allowCidrs: [],
        portMap: {},
        caFile: null,
        caPem: null,
        userAgent: undefined,
        perHostConcurrency: 4,
        perCallerConcurrency: 4,
        threads: 2,
        backoffMaxMs: 60_000,
        dnsCacheTtlMs: 300_000,
        dnsCacheMinTtlMs: 30_000,
        containerCacheTtlMs: 3_600_000,
        containerCacheMaxBytes: 8 * 1024 * 1024,
      },
    );
    assert.match(config.userAgent, /^CompanyIntelBot\/\d+\.\d+$/);
  });

  it('names the service llms.txt in the User-Agent when PUBLIC_BASE_URL is set; NET_USER_AGENT replaces it', () => {
    assert.match(
      loadNetConfig({ PUBLIC_BASE_URL: 'https://api.acme-intel.com/' }).userAgent,
      /^CompanyIntelBot\/\d+\.\d+ \(\+https:\/\/api\.acme-intel\.com\/llms\.txt\)$/,
    );
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

  it('reads the politeness and cache settings; 0 turns a cache off', () => {
    const config = loadNetConfig({
      NET_PER_HOST_CONCURRENCY: '64',
      NET_BACKOFF_MAX_MS: '0',
      NET_DNS_CACHE_TTL_MS: '0',
      NET_DNS_CACHE_MIN_TTL_MS: '1000',
      NET_CONTAINER_CACHE_TTL_MS: '600000',
      NET_CONTAINER_CACHE_MAX_BYTES: '1048576',
    });
    assert.deepEqual(
      [
        config.perHostConcurrency,
        config.backoffMaxMs,
        config.dnsCacheTtlMs,
        config.dnsCacheMinTtlMs,
        config.containerCacheTtlMs,
        config.containerCacheMaxBytes,
      ],
      [64, 0, 0, 1000, 600_000, 1_048_576],
    );
  });

  const invalid: [string, Record<string, string>, RegExp][] = [
    ['no concurrency per host', { NET_PER_HOST_CONCURRENCY: '0' }, /NET_PER_HOST_CONCURRENCY must be an integer from 1 to 64 \(got "0"\)/],
    ['more than 64 per host', { NET_PER_HOST_CONCURRENCY: '65' }, /NET_PER_HOST_CONCURRENCY/],
    ['a fractional concurrency', { NET_PER_HOST_CONCURRENCY: '2.5' }, /NET_PER_HOST_CONCURRENCY/],
    ['a back-off cap over an hour', { NET_BACKOFF_MAX_MS: '3600001' }, /NET_BACKOFF_MAX_MS must be an integer from 0 to 3600000/],
    ['a negative DNS cache TTL', { NET_DNS_CACHE_TTL_MS: '-1' }, /NET_DNS_CACHE_TTL_MS/],
    ['a DNS cache TTL in words', { NET_DNS_CACHE_TTL_MS: '5 minutes' }, /NET_DNS_CACHE_TTL_MS/],
    ['a DNS cache floor over an hour', { NET_DNS_CACHE_MIN_TTL_MS: '7200000' }, /NET_DNS_CACHE_MIN_TTL_MS/],
    ['a container TTL over a day', { NET_CONTAINER_CACHE_TTL_MS: '86400001' }, /NET_CONTAINER_CACHE_TTL_MS/],
    ['a container cache size in MiB', { NET_CONTAINER_CACHE_MAX_BYTES: '8MiB' }, /NET_CONTAINER_CACHE_MAX_BYTES/],
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
