import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDns, type Dns } from '../../../../engines/net/dns.ts';
import { startDns, type WorldDns } from '../../../world/dns.ts';

describe('createDns against the world DNS server', () => {
  let world: WorldDns;
  let dns: Dns;
  const longTxt = Array.from({ length: 12 }, (_, index) => [`site-verification-${index}=${'x'.repeat(200)}`]);

  before(async () => {
    world = await startDns({
      zone: {
        'acme-widgets.com': {
          A: ['93.184.216.34', '93.184.216.35'],
          AAAA: ['2606:2800:220:1:248:1893:25c8:1946'],
          MX: [
            { exchange: 'ALT1.ASPMX.L.GOOGLE.COM.', priority: 5 },
            { exchange: 'aspmx.l.google.com', priority: 1 },
          ],
          TXT: [['v=spf1 include:_spf.google.com ', 'include:servers.mcsv.net ~all'], ['google-site-verification=abc123']],
        },
        '_dmarc.acme-widgets.com': { TXT: [['v=DMARC1; p=quarantine; ', 'rua=mailto:d@acme-widgets.com'], ['unrelated=1']] },
        '_dmarc.no-policy.com': { TXT: [['some other text']] },
        'no-policy.com': { A: ['93.184.216.36'] },
        'www.acme-widgets.com': { CNAME: 'acme-widgets.shops.myshopify.com' },
        'acme-widgets.shops.myshopify.com': { CNAME: 'SHOPS.MYSHOPIFY.COM.' },
        'shops.myshopify.com': { A: ['23.227.38.65'] },
        'slow.acme-widgets.com': { timeout: true },
        'big.acme-widgets.com': { TXT: longTxt },
      },
    });
    dns = createDns({ servers: [world.server], timeoutMs: 400 });
  });
  after(() => world.stop());

  it('answers A and AAAA with their TTL (the world answers 60 s)', async () => {
    assert.deepEqual(await dns.a('acme-widgets.com'), { ok: true, records: ['93.184.216.34', '93.184.216.35'], ttl: 60 });
    assert.deepEqual(await dns.aaaa('acme-widgets.com'), { ok: true, records: ['2606:2800:220:1:248:1893:25c8:1946'], ttl: 60 });
    assert.deepEqual(await dns.a('ACME-WIDGETS.COM.'), { ok: true, records: ['93.184.216.34', '93.184.216.35'], ttl: 60 });
  });

  it('sorts MX by priority, lower case, without the trailing dot', async () => {
    assert.deepEqual(await dns.mx('acme-widgets.com'), {
      ok: true,
      records: [
        { exchange: 'aspmx.l.google.com', priority: 1 },
        { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
      ],
    });
  });

  it('joins the character-strings of each TXT record', async () => {
    assert.deepEqual(await dns.txt('acme-widgets.com'), {
      ok: true,
      records: ['v=spf1 include:_spf.google.com include:servers.mcsv.net ~all', 'google-site-verification=abc123'],
    });
  });

  it('reads TXT answers too large for UDP (the truncated answer is asked again over TCP)', async () => {
    const answer = await dns.txt('big.acme-widgets.com');
    assert.equal(answer.ok, true);
    assert.deepEqual(
      answer.ok && answer.records,
      longTxt.map((chunks) => chunks.join('')),
    );
    assert.deepEqual(
      world.queries.filter((query) => query.name === 'big.acme-widgets.com').map((query) => query.transport),
      ['udp', 'tcp'],
    );
  });

  it('gives the DMARC policy of _dmarc.<domain>, nodata when no record is one, nxdomain when there is no such name', async () => {
    assert.deepEqual(await dns.dmarc('acme-widgets.com'), { ok: true, records: ['v=DMARC1; p=quarantine; rua=mailto:d@acme-widgets.com'] });
    assert.deepEqual(await dns.dmarc('no-policy.com'), { ok: false, reason: 'nodata' });
    assert.deepEqual(await dns.dmarc('shops.myshopify.com'), { ok: false, reason: 'nxdomain' });
  });

  it('answers CNAME (lower case, no trailing dot) and follows CNAMEs for A', async () => {
    assert.deepEqual(await dns.cname('www.acme-widgets.com'), { ok: true, records: ['acme-widgets.shops.myshopify.com'] });
    assert.deepEqual(await dns.cname('acme-widgets.shops.myshopify.com'), { ok: true, records: ['shops.myshopify.com'] });
    assert.deepEqual(await dns.a('www.acme-widgets.com'), { ok: true, records: ['23.227.38.65'], ttl: 60 });
    assert.deepEqual(await dns.cname('acme-widgets.com'), { ok: false, reason: 'nodata' });
  });

  it('tells nxdomain from nodata', async () => {
    assert.deepEqual(await dns.a('does-not-exist.com'), { ok: false, reason: 'nxdomain' });
    assert.deepEqual(await dns.mx('does-not-exist.com'), { ok: false, reason: 'nxdomain' });
    assert.deepEqual(await dns.aaaa('no-policy.com'), { ok: false, reason: 'nodata' });
    assert.deepEqual(await dns.mx('no-policy.com'), { ok: false, reason: 'nodata' });
    assert.deepEqual(await dns.txt('no-policy.com'), { ok: false, reason: 'nodata' });
  });

  it('tells a timeout from nxdomain, within the configured time', async () => {
    const started = performance.now();
    assert.deepEqual(await dns.a('slow.acme-widgets.com'), { ok: false, reason: 'timeout' });
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 350 && elapsed < 1500, `took ${elapsed} ms`);
  });

  it('reports a resolver that refuses (nothing listening) as a timeout', async () => {
    const closed = await startDns();
    const server = closed.server;
    await closed.stop();
    const dead = createDns({ servers: [server], timeoutMs: 400 });
    const started = performance.now();
    assert.deepEqual(await dead.a('acme-widgets.com'), { ok: false, reason: 'timeout' });
    assert.ok(performance.now() - started < 1500);
  });

  it('sees zone changes at run time', async () => {
    world.setRecords('new-company.com', { A: ['93.184.216.50'], MX: [{ exchange: 'mx.zoho.com', priority: 10 }] });
    assert.deepEqual(await dns.a('new-company.com'), { ok: true, records: ['93.184.216.50'], ttl: 60 });
    assert.deepEqual(await dns.mx('new-company.com'), { ok: true, records: [{ exchange: 'mx.zoho.com', priority: 10 }] });
    world.deleteRecords('new-company.com');
    assert.deepEqual(await dns.a('new-company.com'), { ok: false, reason: 'nxdomain' });
  });
});
