import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createNet, FetchFailure, UnsafeTargetError } from '../../../../engines/net/index.ts';
import { isFetchFailure, isUnsafeTarget } from '../../../../engines/net/types.ts';
import { startWorld, type World } from '../../../world/index.ts';

describe('createNet', () => {
  let world: World;
  before(async () => {
    world = await startWorld({ zone: { 'acme-widgets.com': { A: ['127.0.0.1'], MX: [{ exchange: 'mx.acme-widgets.com', priority: 10 }] } } });
    world.sites.host('acme-widgets.com', { files: { '/': 'home' } });
  });
  after(() => world.stop());

  it('gives engines the safe fetcher and DNS, both wired to the config', async () => {
    const net = createNet(world.netConfig);
    assert.deepEqual(await net.dns.mx('acme-widgets.com'), { ok: true, records: [{ exchange: 'mx.acme-widgets.com', priority: 10 }] });
    const response = await net.fetch('https://acme-widgets.com/');
    assert.equal(response.text(), 'home');
    assert.equal(world.sites.requests.at(-1)?.headers['user-agent'], world.netConfig.userAgent);
  });

  it('exports guards engines use to tell the two failures apart', async () => {
    const net = createNet(world.netConfig);
    const unsafe = await net.fetch('http://10.0.0.1/').catch((error: unknown) => error);
    const unreachable = await net.fetch('http://missing-company.com/').catch((error: unknown) => error);
    assert.ok(isUnsafeTarget(unsafe) && unsafe instanceof UnsafeTargetError && !isFetchFailure(unsafe));
    assert.ok(isFetchFailure(unreachable) && unreachable instanceof FetchFailure && unreachable.kind === 'dns_not_found');
  });
});
