/** The safe fetcher's POST (for registries whose one read is a form RPC): body, redirects, refusals. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { SafeFetch } from '../../../../engines/net/fetch.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { netInThread } from '../../../support/net.ts';

const SITE = 'form-rpc.com';

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('safeFetch POST', () => {
  let world: World;
  let safeFetch: SafeFetch;
  const seen: { method: string; url: string; type?: string; body: string }[] = [];

  before(async () => {
    world = await startWorld({ zone: { [SITE]: { A: ['127.0.0.1'] }, 'private-target.com': { A: ['10.0.0.1'] } } });
    world.sites.host(SITE, async (req, res) => {
      seen.push({ method: req.method!, url: req.url!, type: req.headers['content-type'], body: await bodyOf(req) });
      if (req.url === '/see-other') res.writeHead(303, { location: '/done' }).end();
      else if (req.url === '/temporary') res.writeHead(307, { location: '/done' }).end();
      else if (req.url === '/to-private') res.writeHead(307, { location: 'https://private-target.com/' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method }));
    });
    safeFetch = netInThread(world.netConfig).fetch;
  });
  after(() => world?.stop());

  it('sends the body with its content type', async () => {
    seen.length = 0;
    const response = await safeFetch(`https://${SITE}/rpc`, {
      method: 'POST',
      body: 'f.req=%7B%7D',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.status, 200);
    assert.deepEqual(seen, [{ method: 'POST', url: '/rpc', type: 'application/x-www-form-urlencoded', body: 'f.req=%7B%7D' }]);
  });

  it('follows 303 as a GET without the body, 307 as the same POST', async () => {
    seen.length = 0;
    await safeFetch(`https://${SITE}/see-other`, { method: 'POST', body: 'a=1', headers: { 'content-type': 'text/plain' } });
    assert.deepEqual(
      seen.map(({ method, url, body, type }) => [method, url, body, type]),
      [
        ['POST', '/see-other', 'a=1', 'text/plain'],
        ['GET', '/done', '', undefined],
      ],
    );
    seen.length = 0;
    await safeFetch(`https://${SITE}/temporary`, { method: 'POST', body: 'a=1', headers: { 'content-type': 'text/plain' } });
    assert.deepEqual(
      seen.map(({ method, url, body }) => [method, url, body]),
      [
        ['POST', '/temporary', 'a=1'],
        ['POST', '/done', 'a=1'],
      ],
    );
  });

  it('checks every hop of a POST like a GET', async () => {
    await assert.rejects(safeFetch(`https://${SITE}/to-private`, { method: 'POST', body: 'a=1' }), { name: 'UnsafeTargetError' });
  });

  it('sends a body with POST and only with POST', async () => {
    await assert.rejects(safeFetch(`https://${SITE}/rpc`, { method: 'POST' }), TypeError);
    await assert.rejects(safeFetch(`https://${SITE}/rpc`, { body: 'a=1' }), TypeError);
    await assert.rejects(safeFetch(`https://${SITE}/rpc`, { method: 'PUT' as any, body: 'a=1' }), TypeError);
  });
});
