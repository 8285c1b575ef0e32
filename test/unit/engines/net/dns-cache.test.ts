import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDns, type Dns, type DnsAnswer } from '../../../../engines/net/dns.ts';
import { createDnsCache, type DnsCacheOptions } from '../../../../engines/net/dns-cache.ts';
import { startDns, type WorldDns } from '../../../world/dns.ts';
import { manualClock } from './manual-clock.ts';

type Kind = keyof Dns;

/** A Dns answering from a script, counting the lookups that reach it; `hold` keeps answers until released. */
function fakeDns(answers: Partial<Record<string, DnsAnswer<unknown>>>) {
  const lookups: string[] = [];
  const waiting: (() => void)[] = [];
  let holding = false;
  function answer(kind: Kind) {
    return (name: string) => {
      lookups.push(`${kind} ${name}`);
      const result = (answers[`${kind} ${name.toLowerCase().replace(/\.$/, '')}`] ?? { ok: false, reason: 'nxdomain' }) as DnsAnswer<any>;
      if (!holding) return Promise.resolve(result);
      return new Promise<DnsAnswer<any>>((resolve) => waiting.push(() => resolve(result)));
    };
  }
  const dns: Dns = { a: answer('a'), aaaa: answer('aaaa'), mx: answer('mx'), txt: answer('txt'), dmarc: answer('dmarc'), cname: answer('cname') };
  return {
    dns,
    lookups,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

describe('createDnsCache', () => {
  const answers: Record<string, DnsAnswer<unknown>> = {
    'a acme.com': { ok: true, records: ['93.184.216.34'], ttl: 120 },
    'a short.com': { ok: true, records: ['93.184.216.35'], ttl: 1 },
    'a long.com': { ok: true, records: ['93.184.216.36'], ttl: 86_400 },
    'mx acme.com': { ok: true, records: [{ exchange: 'mx.acme.com', priority: 10 }] },
    'aaaa acme.com': { ok: false, reason: 'nodata' },
    'txt slow.com': { ok: false, reason: 'timeout' },
    'txt broken.com': { ok: false, reason: 'error' },
  };
  /** A cache over fake DNS that answers `answers`, on a clock the test moves. */
  const cached = (options: Omit<DnsCacheOptions, 'now'> = {}) => {
    const clock = manualClock(1_000_000);
    const fake = fakeDns(answers);
    return { clock, fake, dns: createDnsCache(fake.dns, { ...options, now: clock.now }) };
  };

  it('keeps an A answer for its TTL, then asks again', async () => {
    const { clock, fake, dns } = cached();
    assert.deepEqual(await dns.a('acme.com'), answers['a acme.com']);
    clock.advance(119_000);
    assert.deepEqual(await dns.a('ACME.com.'), answers['a acme.com'], 'the same name, however written');
    assert.equal(fake.lookups.length, 1);
    clock.advance(2_000);
    await dns.a('acme.com');
    assert.equal(fake.lookups.length, 2, 'expired after 120 s');
  });

  it('clamps TTLs to [minTtlMs, maxTtlMs]', async () => {
    const { clock, fake, dns } = cached({ minTtlMs: 30_000, maxTtlMs: 3_600_000 });
    await Promise.all([dns.a('short.com'), dns.a('long.com')]);
    clock.advance(29_000);
    await Promise.all([dns.a('short.com'), dns.a('long.com')]);
    assert.equal(fake.lookups.length, 2, 'a 1 s TTL is kept 30 s');
    clock.advance(2_000);
    await dns.a('short.com');
    assert.equal(fake.lookups.length, 3);
    clock.advance(3_600_000 - 31_000 - 1);
    await dns.a('long.com');
    assert.equal(fake.lookups.length, 3, 'a day-long TTL is kept an hour...');
    clock.advance(2);
    await dns.a('long.com');
    assert.equal(fake.lookups.length, 4, '...and no more');
  });

  it('keeps answers without a TTL (MX, TXT, DMARC, CNAME) for ttlMs', async () => {
    const { clock, fake, dns } = cached({ ttlMs: 300_000 });
    await dns.mx('acme.com');
    clock.advance(299_000);
    assert.deepEqual(await dns.mx('acme.com'), answers['mx acme.com']);
    assert.equal(fake.lookups.length, 1);
    clock.advance(2_000);
    await dns.mx('acme.com');
    assert.equal(fake.lookups.length, 2);
  });

  it('keeps nxdomain and nodata for negativeTtlMs', async () => {
    const { clock, fake, dns } = cached({ negativeTtlMs: 60_000 });
    assert.deepEqual(await dns.a('missing.com'), { ok: false, reason: 'nxdomain' });
    assert.deepEqual(await dns.aaaa('acme.com'), { ok: false, reason: 'nodata' });
    clock.advance(59_000);
    await Promise.all([dns.a('missing.com'), dns.aaaa('acme.com')]);
    assert.equal(fake.lookups.length, 2);
    clock.advance(2_000);
    await Promise.all([dns.a('missing.com'), dns.aaaa('acme.com')]);
    assert.equal(fake.lookups.length, 4);
  });

  it('never keeps a timeout or an error', async () => {
    const fake = fakeDns(answers);
    const dns = createDnsCache(fake.dns);
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(await dns.txt('slow.com'), { ok: false, reason: 'timeout' });
      assert.deepEqual(await dns.txt('broken.com'), { ok: false, reason: 'error' });
    }
    assert.equal(fake.lookups.length, 6);
  });

  it('shares one lookup among identical questions in flight (not among different ones)', async () => {
    const fake = fakeDns(answers);
    const dns = createDnsCache(fake.dns);
    fake.hold();
    const same = [dns.a('acme.com'), dns.a('acme.com'), dns.a('Acme.com')];
    const other = [dns.mx('acme.com'), dns.txt('slow.com'), dns.txt('slow.com')];
    fake.release();
    for (const answer of await Promise.all(same)) assert.deepEqual(answer, answers['a acme.com']);
    await Promise.all(other);
    assert.deepEqual(fake.lookups, ['a acme.com', 'mx acme.com', 'txt slow.com'], 'even a timeout in flight is shared, though not kept');
  });

  it('hands every caller its own records array', async () => {
    const dns = createDnsCache(fakeDns(answers).dns);
    const first = await dns.a('acme.com');
    assert.ok(first.ok);
    first.records.push('10.0.0.1');
    assert.deepEqual(await dns.a('acme.com'), answers['a acme.com']);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const fake = fakeDns(answers);
    const dns = createDnsCache(fake.dns, { maxEntries: 2 });
    await dns.a('acme.com');
    await dns.mx('acme.com');
    await dns.a('acme.com'); // used again: now the most recent
    await dns.a('short.com'); // pushes out mx
    assert.equal(fake.lookups.length, 3);
    await dns.a('acme.com');
    assert.equal(fake.lookups.length, 3, 'kept');
    await dns.mx('acme.com');
    assert.equal(fake.lookups.length, 4, 'dropped');
  });

  it('is off with ttlMs 0: every lookup reaches the resolver', async () => {
    const fake = fakeDns(answers);
    const dns = createDnsCache(fake.dns, { ttlMs: 0 });
    await dns.a('acme.com');
    await dns.a('acme.com');
    assert.equal(fake.lookups.length, 2);
  });
});

describe('createDnsCache over createDns (world DNS server)', () => {
  let world: WorldDns;
  before(async () => {
    world = await startDns({ zone: { 'acme-widgets.com': { A: ['93.184.216.34'] }, 'slow.acme-widgets.com': { timeout: true } } });
  });
  after(() => world.stop());

  it('asks the server once per name and type within the record TTL (60 s), every time for a timeout', async () => {
    let at = 0;
    const dns = createDnsCache(createDns({ servers: [world.server], timeoutMs: 300 }), { now: () => at });
    const questions = (name: string) => world.queries.filter((query) => query.name === name).length;
    for (let i = 0; i < 3; i++) assert.deepEqual(await dns.a('acme-widgets.com'), { ok: true, records: ['93.184.216.34'], ttl: 60 });
    assert.equal(questions('acme-widgets.com'), 1);
    at += 61_000;
    await dns.a('acme-widgets.com');
    assert.equal(questions('acme-widgets.com'), 2);
    for (let i = 0; i < 2; i++) assert.deepEqual(await dns.a('slow.acme-widgets.com'), { ok: false, reason: 'timeout' });
    assert.equal(questions('slow.acme-widgets.com'), 2);
  });
});
