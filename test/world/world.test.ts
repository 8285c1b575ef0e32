import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Resolver } from 'node:dns/promises';
import { startWorld, type World } from './index.ts';

/** A direct HTTPS GET to the world server, trusting only the world CA. */
function getTls(world: World, host: string, path = '/'): Promise<{ status: number; body: string; subjectAltName: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: world.sites.httpsPort,
        servername: host,
        headers: { host },
        path,
        ca: world.sites.caPem,
        checkServerIdentity: () => undefined,
      },
      (res) => {
        const subjectAltName = (res.socket as import('node:tls').TLSSocket).getPeerCertificate().subjectaltname ?? '';
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk) => (body += chunk))
          .on('end', () => resolve({ status: res.statusCode ?? 0, body, subjectAltName }));
      },
    );
    req.on('error', reject).end();
  });
}

/** A direct HTTP GET to the world server with this Host (fetch() may not set Host). */
function getHttp(world: World, host: string, path = '/'): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: world.sites.httpPort, path, headers: { host } }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (body += chunk))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'] ?? '' }));
    });
    req.on('error', reject).end();
  });
}

describe('startWorld', () => {
  let world: World;
  before(async () => {
    world = await startWorld({
      zone: { 'acme-widgets.com': { A: ['127.0.0.1'] } },
      sites: {
        'acme-widgets.com': {
          files: {
            '/': '<p>home</p>',
            '/robots.txt': 'User-agent: *',
            '/api': { body: '{"a":1}', status: 201, headers: { 'content-type': 'application/json' } },
          },
        },
      },
    });
  });
  after(() => world.stop());

  it('gives the NET_* settings that point the service at it, and no chain unless asked', () => {
    assert.deepEqual(Object.keys(world.netEnv).sort(), ['NET_ALLOW_CIDRS', 'NET_BACKOFF_MAX_MS', 'NET_CA_FILE', 'NET_DNS_SERVERS', 'NET_PORT_MAP']);
    assert.equal(world.netConfig.backoffMaxMs, 1000, 'one world host plays many upstreams: a 429 holds it back 1 s at most');
    assert.equal(world.netEnv.NET_DNS_SERVERS, world.dns.server);
    assert.equal(world.netEnv.NET_ALLOW_CIDRS, '127.0.0.0/8');
    assert.equal(world.netEnv.NET_PORT_MAP, `80:${world.sites.httpPort},443:${world.sites.httpsPort}`);
    assert.equal(readFileSync(world.netEnv.NET_CA_FILE, 'utf8'), world.sites.caPem);
    assert.deepEqual(world.netConfig.portMap, { 80: world.sites.httpPort, 443: world.sites.httpsPort });
    assert.equal(world.chain, null);
  });

  it('answers DNS over UDP from the zone, NXDOMAIN otherwise', async () => {
    const resolver = new Resolver();
    resolver.setServers([world.dns.server]);
    assert.deepEqual(await resolver.resolve4('acme-widgets.com'), ['127.0.0.1']);
    await assert.rejects(resolver.resolve4('unknown-company.com'), { code: 'ENOTFOUND' });
  });

  it('serves virtual hosts by Host over HTTP, static files and handlers, added at run time', async () => {
    assert.equal((await getHttp(world, 'acme-widgets.com')).body, '<p>home</p>');
    assert.equal((await getHttp(world, 'ACME-WIDGETS.COM.:80')).body, '<p>home</p>');
    const api = await getHttp(world, 'acme-widgets.com', '/api');
    assert.equal(api.status, 201);
    assert.equal(api.type, 'application/json');
    assert.equal((await getHttp(world, 'acme-widgets.com', '/missing')).status, 404);
    assert.equal((await getHttp(world, 'other.com')).status, 404);
    world.sites.host('*.jobs-board.com', (req, res) => void res.end(`board for ${req.headers.host}`));
    assert.equal((await getHttp(world, 'acme.jobs-board.com')).body, 'board for acme.jobs-board.com');
    world.sites.removeHost('*.jobs-board.com');
    assert.equal((await getHttp(world, 'acme.jobs-board.com')).status, 404);
    assert.ok(world.sites.requests.some((request) => request.host === 'acme.jobs-board.com' && request.scheme === 'http'));
  });

  it('serves HTTPS with a certificate per host (SNI) signed by the world CA', async () => {
    const answer = await getTls(world, 'acme-widgets.com', '/robots.txt');
    assert.equal(answer.status, 200);
    assert.equal(answer.body, 'User-agent: *');
    assert.equal(answer.subjectAltName, 'DNS:acme-widgets.com, DNS:*.acme-widgets.com');
  });

  it('stops everything and removes the CA file', async () => {
    const other = await startWorld();
    const caFile = other.netEnv.NET_CA_FILE;
    await other.stop();
    assert.equal(existsSync(caFile), false);
    await assert.rejects(fetch(`http://127.0.0.1:${other.sites.httpPort}/`));
  });
});
