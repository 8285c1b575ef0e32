import { bytesOf, textOf } from '../../../../engines/parse/open.ts';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createDns } from '../../../../engines/net/dns.ts';
import { UnsafeTargetError } from '../../../../engines/net/errors.ts';
import { createSafeFetch, type SafeFetch, type SafeFetchOptions } from '../../../../engines/net/fetch.ts';
import { createNet, transportOptionsOf } from '../../../../engines/net/index.ts';
import { createSocketTransport, type SocketTransportOptions, type Transport } from '../../../../engines/net/transport.ts';
import { createNetThread, type NetThread } from '../../../../server/net-thread/thread.ts';
import { createCertificateAuthority } from '../../../world/ca.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { failure } from './rejection.ts';

const MB = 1024 * 1024;

/** The request fails as a timeout, at least `atLeast` and less than `below` ms after it starts. */
async function timesOut(request: () => Promise<unknown>, atLeast: number, below: number): Promise<void> {
  const started = performance.now();
  const error = await failure(request());
  const elapsed = performance.now() - started;
  assert.equal(error.kind, 'timeout');
  assert.ok(elapsed >= atLeast && elapsed < below, `took ${elapsed} ms`);
}
const SITE = 'acme-widgets.com';

async function listenTcp(onSocket: (socket: Socket) => void): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

function closeTcp({ server, sockets }: { server: Server; sockets: Set<Socket> }) {
  for (const socket of sockets) socket.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

// Every case twice: the transport in this thread (engine tests), and on the net thread as the
// service runs it (server/net-thread/), where errors, aborts and bodies cross between threads.
for (const wire of ['in this thread', 'on the net thread'] as const)
  describe(`safeFetch against the world, the wire ${wire}`, () => {
    const threads: NetThread[] = [];
    function transportFor(options: SocketTransportOptions): Transport {
      if (wire === 'in this thread') return createSocketTransport(options);
      const thread = createNetThread(options);
      threads.push(thread);
      return thread.transport;
    }
    let world: World;
    let safeFetch: SafeFetch;
    /** A fetcher like the service's on the world, with some options changed. */
    let variant: (options: Partial<SafeFetchOptions> & SocketTransportOptions) => SafeFetch;

    before(async () => {
      world = await startWorld({
        zone: {
          [SITE]: { A: ['127.0.0.1'] },
          [`www.${SITE}`]: { A: ['127.0.0.1'] },
          'two-addresses.com': { A: ['127.0.0.5', '127.0.0.1'] },
          'slow-dns.com': { timeout: true },
          'no-address.com': { MX: [{ exchange: 'mx.no-address.com', priority: 10 }] },
        },
      });
      const gzipped = gzipSync('<p>gzip</p>');
      const bombMember = gzipSync(Buffer.alloc(64 * MB), { level: 9 });
      world.sites.host(SITE, (req, res) => {
        const url = new URL(req.url ?? '/', `http://${SITE}`);
        const hop = Number(url.searchParams.get('n') ?? 0);
        switch (url.pathname) {
          case '/':
            return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-multi': ['a', 'b'] }).end('<html><title>Acme</title></html>');
          case '/echo':
            return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
          case '/chain':
            return hop > 0
              ? void res.writeHead(302, { location: `/chain?n=${hop - 1}`, 'set-cookie': `hop${hop}=1; Path=/` }).end()
              : void res.writeHead(200).end('end of chain');
          case '/see-other':
            return void res.writeHead(303, { location: `https://www.${SITE}/landing` }).end();
          case '/no-location':
            return void res.writeHead(302).end('moved, but where?');
          case '/cookies':
            res.setHeader('set-cookie', ['session=abc; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly', '_ga=GA1.2.3; Path=/', 'consent=yes']);
            return void res.writeHead(200).end('ok');
          case '/big':
            return void res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(5 * MB, 'a'));
          case '/gzip':
            return void res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' }).end(gzipped);
          case '/deflate':
            return void res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync('<p>deflate</p>'));
          case '/br':
            return void res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync('<p>br</p>'));
          case '/stacked-codings':
            return void res.writeHead(200, { 'content-encoding': Array(3000).fill('br').join(',') }).end(brotliCompressSync('<p>br</p>'));
          case '/gzip-bomb': {
            res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
            for (let index = 0; index < 16; index++) res.write(bombMember); // 1 GiB of zeros in 1 MB
            return void res.end();
          }
          case '/never':
            return; // accepted, read, never answered
          case '/drip': {
            res.writeHead(200, { 'content-type': 'text/plain' });
            const timer = setInterval(() => res.write('x'), 1000);
            res.on('close', () => clearInterval(timer));
            return;
          }
          case '/latin1':
            return void res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
          case '/meta-charset':
            return void res
              .writeHead(200, { 'content-type': 'text/html' })
              .end(Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>'), Buffer.from([0x93, 0x68, 0x69, 0x94])]));
          case '/sjis':
            return void res.writeHead(200, { 'content-type': 'text/plain; charset=Shift_JIS' }).end(Buffer.from([0x82, 0xa0, 0x82, 0xa2]));
          default:
            return void res.writeHead(404).end('no');
        }
      });
      world.sites.host(`www.${SITE}`, { files: { '/landing': '<p>landing</p>' } });
      world.sites.host('two-addresses.com', { files: { '/': 'second address' } });
      safeFetch = createNet(world.netConfig, { transport: transportFor(transportOptionsOf(world.netConfig)) }).fetch;
      const dns = createDns({ servers: world.netConfig.dnsServers, timeoutMs: 300 });
      variant = (options) => {
        const { portMap = world.netConfig.portMap, caPem = world.netConfig.caPem, ...fetchOptions } = options;
        return createSafeFetch({
          dns,
          allowCidrs: world.netConfig.allowCidrs,
          userAgent: world.netConfig.userAgent,
          ...fetchOptions,
          transport: transportFor({ portMap, caPem }),
        });
      };
    });
    after(async () => {
      await Promise.all(threads.map((thread) => thread.close()));
      await world.stop();
    });

    it('fetches over HTTP and HTTPS with the world CA, sending the configured User-Agent', async () => {
      for (const scheme of ['http', 'https']) {
        const response = await safeFetch(`${scheme}://${SITE}/`);
        assert.equal(response.status, 200);
        assert.equal(response.url, `${scheme}://${SITE}/`);
        assert.equal(textOf(response.content), '<html><title>Acme</title></html>');
        assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(response.headers['x-multi'], 'a, b');
        assert.equal(response.truncated, false);
        assert.deepEqual(response.redirects, []);
        assert.equal(response.address, '127.0.0.1');
        assert.ok(response.elapsedMs >= 0 && response.elapsedMs < 5000);
      }
      const echoed = JSON.parse(
        textOf(
          (await safeFetch(`https://${SITE}/echo`, { headers: { 'X-Probe': '1', 'User-Agent': 'spoofed', Host: 'evil.com' }, accept: 'application/json' }))
            .content,
        ),
      );
      assert.equal(echoed['user-agent'], world.netConfig.userAgent);
      assert.match(echoed['user-agent'], /^CompanyIntelBot\//);
      assert.equal(echoed.host, SITE, 'the Host header keeps the URL host (no mapped port)');
      assert.equal(echoed.accept, 'application/json');
      assert.equal(echoed['accept-encoding'], 'gzip, deflate, br');
      assert.equal(echoed['x-probe'], '1');
    });

    it('refuses a world certificate without the world CA (TLS verification is on)', async () => {
      const error = await failure(variant({ caPem: null })(`https://${SITE}/`));
      assert.equal(error.kind, 'tls');
    });

    it('refuses an expired certificate and one for another name', async () => {
      const ca = createCertificateAuthority({ commonName: 'Other CA' });
      const certs = { expired: ca.issue({ names: [SITE], notAfter: new Date(Date.now() - 60_000) }), 'wrong-name': ca.issue({ names: ['other-company.com'] }) };
      for (const [what, cert] of Object.entries(certs)) {
        const server = createHttpsServer({ cert: cert.certPem, key: cert.keyPem }, (_req, res) => res.end('should not be read'));
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        try {
          const port = (server.address() as AddressInfo).port;
          const error = await failure(variant({ caPem: ca.certPem, portMap: { 443: port } })(`https://${SITE}/`));
          assert.equal(error.kind, 'tls', what);
        } finally {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      }
    });

    it("follows redirects by hand, records them and collects every hop's Set-Cookie", async () => {
      const response = await safeFetch(`http://${SITE}/chain?n=3`);
      assert.equal(response.status, 200);
      assert.equal(textOf(response.content), 'end of chain');
      assert.equal(response.url, `http://${SITE}/chain?n=0`);
      assert.deepEqual(response.redirects, [`http://${SITE}/chain?n=3`, `http://${SITE}/chain?n=2`, `http://${SITE}/chain?n=1`]);
      assert.deepEqual(response.setCookies, ['hop3=1; Path=/', 'hop2=1; Path=/', 'hop1=1; Path=/']);
      const crossHost = await safeFetch(`http://${SITE}/see-other`);
      assert.equal(crossHost.url, `https://www.${SITE}/landing`);
      assert.equal(textOf(crossHost.content), '<p>landing</p>');
    });

    it('allows 5 redirects by default and fails the 6th as too_many_redirects', async () => {
      assert.equal((await safeFetch(`http://${SITE}/chain?n=5`)).redirects.length, 5);
      const error = await failure(safeFetch(`http://${SITE}/chain?n=6`));
      assert.equal(error.kind, 'too_many_redirects');
      assert.equal((await failure(safeFetch(`http://${SITE}/chain?n=1`, { maxRedirects: 0 }))).kind, 'too_many_redirects');
    });

    it('answers a redirect without Location as it is', async () => {
      const response = await safeFetch(`http://${SITE}/no-location`);
      assert.equal(response.status, 302);
      assert.equal(textOf(response.content), 'moved, but where?');
    });

    it('caps the body (default 3 MB, or as asked) and marks it truncated', async () => {
      const capped = await safeFetch(`http://${SITE}/big`);
      assert.equal(capped.content.size, 3 * MB);
      assert.equal(capped.truncated, true);
      const small = await safeFetch(`http://${SITE}/big`, { maxBodyBytes: 1000 });
      assert.equal(small.content.size, 1000);
      assert.equal(small.truncated, true);
      const whole = await safeFetch(`http://${SITE}/big`, { maxBodyBytes: 5 * MB });
      assert.equal(whole.content.size, 5 * MB);
      assert.equal(whole.truncated, false);
    });

    it('decodes gzip, deflate and br', async () => {
      assert.equal(textOf((await safeFetch(`http://${SITE}/gzip`)).content), '<p>gzip</p>');
      assert.equal(textOf((await safeFetch(`https://${SITE}/deflate`)).content), '<p>deflate</p>');
      assert.equal(textOf((await safeFetch(`http://${SITE}/br`)).content), '<p>br</p>');
    });

    it('refuses an answer stacked in thousands of codings as a protocol failure, without building a decoder each', async () => {
      const started = performance.now();
      const refused = await failure(safeFetch(`http://${SITE}/stacked-codings`));
      assert.equal(refused.kind, 'protocol');
      assert.match(refused.message, /encoded 3000 times over/);
      assert.ok(performance.now() - started < 300, `took ${Math.round(performance.now() - started)} ms`);
    });

    it('stops a gzip bomb at the decoded cap', async () => {
      const started = performance.now();
      const response = await safeFetch(`http://${SITE}/gzip-bomb`);
      assert.equal(bytesOf(response.content).length, 3 * MB);
      assert.equal(response.truncated, true);
      assert.ok(performance.now() - started < 3000);
    });

    it('times out on a server that accepts and never answers (a FetchFailure, not unsafe)', async () => {
      await timesOut(() => safeFetch(`http://${SITE}/never`, { timeoutMs: 500 }), 450, 2000);
    });

    it('times out on a raw TCP server that accepts and says nothing', async () => {
      const silent = await listenTcp(() => {});
      try {
        const error = await failure(variant({ portMap: { 80: silent.port } })(`http://${SITE}/`, { timeoutMs: 400 }));
        assert.equal(error.kind, 'timeout');
      } finally {
        await closeTcp(silent);
      }
    });

    it('lets a caller signal shorten the time cap', async () => {
      await timesOut(() => safeFetch(`https://${SITE}/never`, { signal: AbortSignal.timeout(300) }), 0, 2000);
    });

    it('ends a body dripping one byte a second at the total time cap', async () => {
      await timesOut(() => safeFetch(`http://${SITE}/drip`, { timeoutMs: 1500 }), 1400, 3000);
    });

    it('decodes text by the header charset, a meta charset, else UTF-8', async () => {
      assert.equal(textOf((await safeFetch(`http://${SITE}/latin1`)).content), 'café');
      assert.equal(textOf((await safeFetch(`http://${SITE}/meta-charset`)).content), '<meta charset="windows-1252"><p>\u201chi\u201d');
      assert.equal(textOf((await safeFetch(`http://${SITE}/sjis`)).content), 'あい');
      assert.equal(textOf((await safeFetch(`http://${SITE}/`)).content), '<html><title>Acme</title></html>');
    });

    it('captures every Set-Cookie apart from the other headers', async () => {
      const response = await safeFetch(`https://${SITE}/cookies`);
      assert.deepEqual(response.setCookies, ['session=abc; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly', '_ga=GA1.2.3; Path=/', 'consent=yes']);
      assert.equal(response.headers['set-cookie'], undefined);
    });

    it('sends HEAD and reads no body', async () => {
      const response = await safeFetch(`http://${SITE}/`, { method: 'HEAD' });
      assert.equal(response.status, 200);
      assert.equal(bytesOf(response.content).length, 0);
      await assert.rejects(safeFetch(`http://${SITE}/`, { method: 'POST' as 'GET' }), TypeError);
    });

    it('reports DNS failures of public names as FetchFailure: dns_not_found, dns_timeout', async () => {
      assert.equal((await failure(safeFetch('http://does-not-exist-anywhere.com/'))).kind, 'dns_not_found');
      assert.equal((await failure(safeFetch('http://no-address.com/'))).kind, 'dns_not_found');
      assert.equal((await failure(variant({})('http://slow-dns.com/'))).kind, 'dns_timeout');
    });

    it('reports a refused connection as FetchFailure connect, and tries the next checked address', async () => {
      const closed = await listenTcp(() => {});
      await closeTcp(closed);
      assert.equal((await failure(variant({ portMap: { 80: closed.port } })(`http://${SITE}/`))).kind, 'connect');
      const response = await safeFetch('http://two-addresses.com/');
      assert.equal(textOf(response.content), 'second address');
      assert.equal(response.address, '127.0.0.1');
    });

    it('reports a server that does not speak HTTP as FetchFailure protocol', async () => {
      const garbage = await listenTcp((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
      try {
        assert.equal((await failure(variant({ portMap: { 80: garbage.port } })(`http://${SITE}/`))).kind, 'protocol');
      } finally {
        await closeTcp(garbage);
      }
    });

    it('refuses the same world URL when the world allow-list is off', async () => {
      await assert.rejects(variant({ allowCidrs: [] })(`http://${SITE}/`), UnsafeTargetError);
    });
  });
