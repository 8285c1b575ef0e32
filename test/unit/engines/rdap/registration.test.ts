/**
 * The RDAP engine against the offline world's rdap.org and registries (real HTTP through the safe
 * fetcher, with its redirect), and its pure parts: the registrable name, the domain object reader
 * and the configuration.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Net } from '../../../../engines/net/index.ts';
import { analyzeInline } from '../../../../server/parse-pool/inline.ts';
import { loadRdapConfig, lookupRegistration, readDomainObject, registrableName, type RdapCache } from '../../../../engines/rdap/index.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { domainObject, installRdap, RDAP_RECORDS, REGISTRIES, type RdapWorld } from '../../../world/fixtures/rdap.ts';
import { WORLD_NOW } from '../../../world/clock.ts';
import { netInThread } from '../../../support/net.ts';

const DAY = 86_400_000;
const now = () => new Date(WORLD_NOW);

function memoryCache(): RdapCache & { entries: Map<string, { value: unknown; expiresAt: number }> } {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    entries,
    async get(key) {
      const entry = entries.get(key);
      return entry && entry.expiresAt > WORLD_NOW ? structuredClone(entry.value) : null;
    },
    async set(key, value, expiresAt) {
      entries.set(key, { value: structuredClone(value), expiresAt });
    },
  };
}

describe('rdap config', () => {
  it('defaults to rdap.org and a 5 s cap', () => {
    assert.deepEqual(loadRdapConfig({}), { baseUrl: 'https://rdap.org', timeoutMs: 5000 });
  });

  it('reads RDAP_BASE_URL (a registry base with a path; trailing slash dropped) and RDAP_TIMEOUT_MS', () => {
    assert.deepEqual(loadRdapConfig({ RDAP_BASE_URL: 'https://rdap.verisign.com/com/v1/', RDAP_TIMEOUT_MS: '1500' }), {
      baseUrl: 'https://rdap.verisign.com/com/v1',
      timeoutMs: 1500,
    });
  });

  it('refuses settings it cannot use', () => {
    for (const value of ['ftp://rdap.example', 'not a url', 'https://rdap.example/?q=1', 'https://u:p@rdap.example', 'https://rdap.example/#x']) {
      assert.throws(() => loadRdapConfig({ RDAP_BASE_URL: value }), /RDAP_BASE_URL/, value);
    }
    for (const value of ['0', '60001', '2.5', 'soon']) assert.throws(() => loadRdapConfig({ RDAP_TIMEOUT_MS: value }), /RDAP_TIMEOUT_MS/, value);
  });
});

describe('registrableName', () => {
  it('asks about the registrable domain under the public suffix', () => {
    assert.deepEqual(registrableName('shop.example.com'), { name: 'example.com', platform: false });
    assert.deepEqual(registrableName('www.example.co.uk'), { name: 'example.co.uk', platform: false });
    assert.deepEqual(registrableName('EXAMPLE.COM.'), { name: 'example.com', platform: false });
  });

  it('recognizes a platform subdomain (private suffix), which has no registration of its own', () => {
    assert.deepEqual(registrableName('cool-socks.myshopify.com'), { name: 'cool-socks.myshopify.com', platform: true });
    assert.deepEqual(registrableName('someone.github.io'), { name: 'someone.github.io', platform: true });
  });
});

describe('readDomainObject', () => {
  const at = new Date(WORLD_NOW);

  it('reads the registration and expiration events of a registry answer', () => {
    const parsed = readDomainObject(
      domainObject('example.com', { registered: '2001-02-03T04:05:06Z', expires: '2030-01-01T00:00:00Z' }, 'r.example'),
      'example.com',
      at,
    );
    assert.deepEqual(parsed, { status: 'ok', registeredAt: '2001-02-03T04:05:06.000Z', expiresAt: '2030-01-01T00:00:00.000Z', reason: null });
  });

  it('takes the earliest registration event and matches eventAction case-insensitively', () => {
    const parsed = readDomainObject(
      {
        objectClassName: 'domain',
        events: [
          { eventAction: 'Registration', eventDate: '2010-01-01T00:00:00Z' },
          { eventAction: 'registration', eventDate: '2005-05-05T00:00:00Z' },
        ],
      },
      'x.com',
      at,
    );
    assert.equal(parsed.registeredAt, '2005-05-05T00:00:00.000Z');
  });

  it('says no_registration_date for a domain object without one', () => {
    assert.equal(readDomainObject(domainObject('example.com', { registered: null }, 'r.example'), 'example.com', at).status, 'no_registration_date');
  });

  it('refuses what is not a domain object for this name, or an impossible date', () => {
    const cases: [unknown, RegExp][] = [
      [null, /not a JSON object/],
      [[], /not a JSON object/],
      [{ objectClassName: 'entity' }, /not an RDAP domain object/],
      [{ events: [] }, /not an RDAP domain object/],
      [domainObject('other.com', { registered: '2001-01-01T00:00:00Z' }, 'r.example'), /about OTHER\.COM/],
      [{ objectClassName: 'domain', events: [{ eventAction: 'registration', eventDate: 'yesterday' }] }, /no valid eventDate/],
      [{ objectClassName: 'domain', events: [{ eventAction: 'registration', eventDate: new Date(WORLD_NOW + 3 * DAY).toISOString() }] }, /in the future/],
    ];
    for (const [value, reason] of cases) {
      const parsed = readDomainObject(value, 'example.com', at);
      assert.equal(parsed.status, 'malformed', JSON.stringify(value));
      assert.match(parsed.reason!, reason);
    }
  });

  it('reads a date up to a day ahead (registry clocks and time zones) as age 0', () => {
    assert.equal(
      readDomainObject(
        { objectClassName: 'domain', events: [{ eventAction: 'registration', eventDate: new Date(WORLD_NOW + 3_600_000).toISOString() }] },
        'example.com',
        at,
      ).status,
      'ok',
    );
  });
});

describe('lookupRegistration on the world', { timeout: 60_000 }, () => {
  let world: World;
  let rdap: RdapWorld;
  let net: Net;
  before(async () => {
    world = await startWorld();
    rdap = installRdap(world);
    net = netInThread(world.netConfig);
  });
  after(async () => {
    await world?.stop();
  });

  const lookup = (domain: string, options: Parameters<typeof lookupRegistration>[2] = {}, cache: RdapCache | null = null) =>
    lookupRegistration(domain, { fetch: net.fetch, analyze: analyzeInline, now, cache }, options);

  it('follows rdap.org to the registry and reads the registration date and age', async () => {
    const found = await lookup('acme-analytics.com');
    assert.equal(found.status, 'ok');
    assert.equal(found.domain, 'acme-analytics.com');
    const record = RDAP_RECORDS['acme-analytics.com'] as { registered: string; expires: string };
    assert.equal(found.registeredAt, record.registered);
    assert.equal(found.ageDays, Math.floor((WORLD_NOW - Date.parse(record.registered)) / DAY));
    assert.equal(found.expiresAt, record.expires);
    assert.equal(found.source, `https://${REGISTRIES.verisign}/com/v1/domain/acme-analytics.com`);
    assert.equal(found.reason, null);
  });

  it('reads young domains to the day, and another registry (.io)', async () => {
    assert.equal((await lookup('fresh-deals-outlet.com')).ageDays, 5);
    assert.equal((await lookup('spring-sale-hub.com')).ageDays, 73);
    const io = await lookup('quillstack.io');
    assert.equal(io.status, 'ok');
    assert.match(io.source!, /rdap\.identitydigital\.services\/rdap\/domain\/quillstack\.io$/);
  });

  it('asks about the registrable domain of a subdomain', async () => {
    const found = await lookup('shop.brightpath-learning.com');
    assert.equal(found.domain, 'brightpath-learning.com');
    assert.equal(found.registeredAt, (RDAP_RECORDS['brightpath-learning.com'] as { registered: string }).registered);
  });

  it('leaves the date null, with the reason, whenever it is not known', async () => {
    const cases: [string, string, RegExp][] = [
      ['never-registered-anywhere.com', 'not_found', /HTTP 404/],
      ['baeckerei-muster.de', 'not_found', /HTTP 404/],
      ['not-a-suffix.zz', 'not_found', /no registrable domain/],
      ['no-regdate-shop.com', 'no_registration_date', /no registration event/],
      ['garbled-registry.com', 'malformed', /not JSON/],
      ['entity-answer.com', 'malformed', /not an RDAP domain object/],
      ['wrong-name-registry.com', 'malformed', /about SOMEONE-ELSE\.COM/],
      ['time-traveller-shop.com', 'malformed', /in the future/],
      ['busy-registry.com', 'unreachable', /HTTP 503/],
      ['cool-socks.myshopify.com', 'platform_subdomain', /hosting platform/],
    ];
    for (const [domain, status, reason] of cases) {
      const found = await lookup(domain);
      assert.equal(found.status, status, domain);
      assert.equal(found.registeredAt, null, domain);
      assert.equal(found.ageDays, null, domain);
      assert.match(found.reason!, reason, domain);
    }
  });

  it('gives up on a registry that never answers at its timeout', async () => {
    const started = performance.now();
    const found = await lookup('slow-registry.com', { config: { baseUrl: 'https://rdap.org', timeoutMs: 400 } });
    assert.equal(found.status, 'unreachable');
    assert.match(found.reason!, /timeout/);
    assert.ok(performance.now() - started < 3_000);
  });

  it('uses RDAP_BASE_URL: a registry base asked directly', async () => {
    const before = rdap.requests.length;
    const found = await lookup('northwind-robotics.com', { config: { baseUrl: `https://${REGISTRIES.verisign}/com/v1`, timeoutMs: 2000 } });
    assert.equal(found.status, 'ok');
    assert.deepEqual(
      rdap.requests.slice(before).map((request) => request.host),
      [REGISTRIES.verisign],
    );
  });

  it('keeps known dates and "not registered" answers in the cache, never failures', async () => {
    const cache = memoryCache();
    const count = () => rdap.requests.filter((request) => request.host !== 'rdap.org').length;
    const first = count();
    const a = await lookup('honest-data-shop.com', {}, cache);
    const b = await lookup('honest-data-shop.com', {}, cache);
    assert.deepEqual(b, a);
    assert.equal(count() - first, 1, 'the second lookup is answered from the cache');
    assert.ok(cache.entries.get('rdap:honest-data-shop.com')!.expiresAt === WORLD_NOW + 7 * DAY);
    await lookup('never-registered-anywhere.com', {}, cache);
    assert.ok(cache.entries.get('rdap:never-registered-anywhere.com')!.expiresAt === WORLD_NOW + DAY);
    await lookup('busy-registry.com', {}, cache);
    await lookup('garbled-registry.com', {}, cache);
    assert.equal(cache.entries.has('rdap:busy-registry.com'), false);
    assert.equal(cache.entries.has('rdap:garbled-registry.com'), false);
  });

  it('recomputes the age from a cached date on a later day', async () => {
    const cache = memoryCache();
    await lookup('fresh-deals-outlet.com', {}, cache);
    const later = await lookupRegistration(
      'fresh-deals-outlet.com',
      { fetch: net.fetch, analyze: analyzeInline, now: () => new Date(WORLD_NOW + 2 * DAY), cache },
      {},
    );
    assert.equal(later.ageDays, 7);
  });
});
