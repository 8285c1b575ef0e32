import { bytesOf, textOf } from '../../../../engines/parse/open.ts';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FetchFailure, loadNetConfig, UnsafeTargetError, type UpstreamEvent } from '../../../../engines/net/index.ts';
import { isFetchFailure, isUnsafeTarget } from '../../../../engines/net/types.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { netInThread } from '../../../support/net.ts';

describe('createNet', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ zone: { 'acme-widgets.com': { A: ['127.0.0.1'], MX: [{ exchange: 'mx.acme-widgets.com', priority: 10 }] } } });
    world.sites.host('acme-widgets.com', {
      files: {
        '/': 'home',
        '/moved': { status: 302, body: '', headers: { location: '/' } },
        '/to-private': { status: 302, body: '', headers: { location: 'http://10.0.0.1/' } },
        '/busy': { status: 429, body: 'slow down', headers: { 'retry-after': '30' } },
      },
    });
  });
  after(() => world.stop());

  it('gives engines the safe fetcher and DNS, both wired to the config', async () => {
    const net = netInThread(world.netConfig);
    assert.deepEqual(await net.dns.mx('acme-widgets.com'), { ok: true, records: [{ exchange: 'mx.acme-widgets.com', priority: 10 }] });
    const response = await net.fetch('https://acme-widgets.com/');
    assert.equal(textOf(response.content), 'home');
    assert.equal(world.sites.requests.at(-1)?.headers['user-agent'], world.netConfig.userAgent);
  });

  it('reports every hop to onUpstream: its host, status or failure, and time; nothing for a target refused before connecting', async () => {
    const events: UpstreamEvent[] = [];
    const net = netInThread(loadNetConfig({ ...world.netEnv, NET_BACKOFF_MAX_MS: '60000' }), { onUpstream: (event) => events.push(event) });
    await net.fetch('https://acme-widgets.com/moved');
    await net.fetch('http://missing-company.com/').catch(() => {});
    await net.fetch('http://10.0.0.1/').catch(() => {});
    await net.fetch('https://acme-widgets.com/to-private').catch(() => {});
    assert.equal((await net.fetch('https://acme-widgets.com/busy')).status, 429);
    await net.fetch('https://acme-widgets.com/', { timeoutMs: 1000 }).catch(() => {});
    for (const event of events) assert.ok(Number.isInteger(event.elapsedMs) && event.elapsedMs >= 0);
    assert.deepEqual(
      events.map(({ host, status, failure }) => ({ host, status, failure })),
      [
        { host: 'acme-widgets.com', status: 302, failure: null },
        { host: 'acme-widgets.com', status: 200, failure: null },
        { host: 'missing-company.com', status: null, failure: 'dns_not_found' },
        { host: 'acme-widgets.com', status: 302, failure: null },
        { host: 'acme-widgets.com', status: 429, failure: null },
        { host: 'acme-widgets.com', status: null, failure: 'rate_limited' },
      ],
    );
  });

  it('exports guards engines use to tell the two failures apart', async () => {
    const net = netInThread(world.netConfig);
    const unsafe = await net.fetch('http://10.0.0.1/').catch((error: unknown) => error);
    const unreachable = await net.fetch('http://missing-company.com/').catch((error: unknown) => error);
    assert.ok(isUnsafeTarget(unsafe) && unsafe instanceof UnsafeTargetError && !isFetchFailure(unsafe));
    assert.ok(isFetchFailure(unreachable) && unreachable instanceof FetchFailure && unreachable.kind === 'dns_not_found');
  });
});
