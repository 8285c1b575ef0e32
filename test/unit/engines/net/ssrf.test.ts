// Attempted SSRF bypasses against the safe fetcher, with the world on loopback behind it: every
// refused URL would otherwise reach a real server (the port map points 80/443 at the world), so
// "refused" is also checked as "no connection was made".
import { bytesOf, textOf } from '../../../../engines/parse/open.ts';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { loadNetConfig } from '../../../../engines/net/config.ts';
import { createDns } from '../../../../engines/net/dns.ts';
import { FetchFailure, UnsafeTargetError, type UnsafeReason } from '../../../../engines/net/errors.ts';
import { createSafeFetch, type SafeFetch } from '../../../../engines/net/fetch.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { netInThread } from '../../../support/net.ts';
import { createSocketTransport } from '../../../../engines/net/transport.ts';

const SITE = 'acme-widgets.com';
const REDIRECTOR = 'redirector.com';

/** Names an attacker controls, answering with what they like. */
const ATTACKER_ZONE = {
  [SITE]: { A: ['127.0.0.1'] },
  [REDIRECTOR]: { A: ['127.0.0.1'] },
  'loopback.attacker.com': { A: ['127.0.0.1'] },
  'private.attacker.com': { A: ['10.1.2.3'] },
  'metadata.attacker.com': { A: ['169.254.169.254'] },
  'cgnat.attacker.com': { A: ['100.64.0.1'] },
  '127.0.0.1.nip.io': { A: ['127.0.0.1'] },
  'localtest.me': { A: ['127.0.0.1'] },
  'mixed.attacker.com': { A: ['93.184.216.34', '10.0.0.7'] },
  'mapped.attacker.com': { AAAA: ['::ffff:169.254.169.254'] },
  'v6-loopback.attacker.com': { AAAA: ['::1'] },
  'ula.attacker.com': { A: ['93.184.216.34'], AAAA: ['fd00::1'] },
  'nat64.attacker.com': { AAAA: ['64:ff9b::a9fe:a9fe'] },
  'alias.attacker.com': { CNAME: 'metadata.attacker.com' },
};

async function refused(promise: Promise<unknown>): Promise<UnsafeTargetError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  assert.ok(
    error instanceof UnsafeTargetError,
    `expected UnsafeTargetError, got ${error instanceof Error ? `${error.name} (${(error as FetchFailure).kind ?? ''}): ${error.message}` : 'a response'}`,
  );
  return error;
}

describe('SSRF: attempted bypasses are refused with UnsafeTargetError', () => {
  let world: World;
  /** The production setting: nothing but public addresses (NET_ALLOW_CIDRS empty). */
  let strict: SafeFetch;
  /** Only 127.0.0.1 counts as public, so hop 1 (the world on 127.0.0.1) is reachable and 127.0.0.2 is "internal". */
  let oneHost: SafeFetch;
  /** An internal service on 127.0.0.2, on the world's own HTTP port. */
  let internal: Server;
  let internalConnections = 0;
  const worldConnections = () => world.sites.connections.http + world.sites.connections.https;
  /** Requests the world answered: the fetcher keeps connections open, so hops are counted, not connections. */
  const worldRequests = () => world.sites.requests.length;

  before(async () => {
    world = await startWorld({ zone: ATTACKER_ZONE });
    world.sites.host(SITE, { files: { '/': 'acme home' } });
    world.sites.host(REDIRECTOR, (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const target = url.searchParams.get('u') ?? '/';
      // /via?u=… redirects to /to?u=…, so the bad Location comes at hop 2.
      const location = url.pathname === '/via' ? `/to?u=${encodeURIComponent(target)}` : target;
      res.writeHead(302, { location }).end();
    });
    const config = { ...world.netConfig, allowCidrs: [] };
    strict = netInThread(config).fetch;
    oneHost = createSafeFetch({
      dns: createDns({ servers: config.dnsServers }),
      allowCidrs: ['127.0.0.1/32'],
      transport: createSocketTransport({ portMap: config.portMap, caPem: config.caPem }),
    });
    internal = createServer((_req, res) => res.end('internal secret'));
    internal.on('connection', () => void internalConnections++);
    await new Promise<void>((resolve) => internal.listen(world.sites.httpPort, '127.0.0.2', resolve));
  });
  after(async () => {
    internal.closeAllConnections();
    await new Promise<void>((resolve) => internal.close(() => resolve()));
    await world.stop();
  });

  describe('URLs refused by their text or IP literal (no DNS, no connection)', () => {
    const cases: [string, UnsafeReason, string][] = [
      ['http://2130706433/', 'address', 'decimal 127.0.0.1'],
      ['http://0177.0.0.1/', 'address', 'octal'],
      ['http://0177.1/', 'address', 'octal, short'],
      ['http://0x7f.0.0.1/', 'address', 'hex octet'],
      ['http://0x7f000001/', 'address', 'hex integer'],
      ['http://127.1/', 'address', 'short form'],
      ['http://127.000.000.001/', 'address', 'zero-padded'],
      ['http://%31%32%37.0.0.1/', 'address', '%-encoded host'],
      ['http://①②⑦.⓪.⓪.①/', 'address', 'enclosed digits (IDNA maps them to 127.0.0.1)'],
      ['http://127。0。0。1/', 'address', 'ideographic full stops'],
      ['http://3232235777/', 'address', 'decimal 192.168.1.1'],
      ['http://0xa9fea9fe/latest/meta-data/', 'address', 'hex 169.254.169.254'],
      ['http://0/', 'address', '0 (0.0.0.0)'],
      ['http://0.0.0.0/', 'address', 'unspecified'],
      ['http://[::]/', 'address', 'IPv6 unspecified'],
      ['http://[::1]/', 'address', 'IPv6 loopback'],
      ['http://[::ffff:127.0.0.1]/', 'address', 'IPv4-mapped loopback'],
      ['http://[::ffff:7f00:1]/', 'address', 'IPv4-mapped loopback, hex form'],
      ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'address', 'IPv4-mapped metadata, long form'],
      ['http://[::127.0.0.1]/', 'address', 'IPv4-compatible loopback'],
      ['http://[fc00::1]/', 'address', 'ULA'],
      ['http://[fd00:ec2::254]/', 'address', 'ULA (cloud metadata over IPv6)'],
      ['http://[fe80::1]/', 'address', 'IPv6 link-local'],
      ['http://[ff02::1]/', 'address', 'IPv6 multicast'],
      ['http://224.0.0.1/', 'address', 'IPv4 multicast'],
      ['http://[64:ff9b::7f00:1]/', 'address', 'NAT64 of loopback'],
      ['http://[64:ff9b::a9fe:a9fe]/', 'address', 'NAT64 of metadata'],
      ['http://[2002:7f00:1::]/', 'address', '6to4 of loopback'],
      ['http://[2002:a00:1::1]/', 'address', '6to4 of 10.0.0.1'],
      ['http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/', 'address', 'Teredo, client 10.0.0.1'],
      ['http://100.64.0.1/', 'address', 'CGNAT'],
      ['http://169.254.169.254/latest/meta-data/', 'address', 'cloud metadata'],
      ['http://198.18.0.1/', 'address', 'benchmarking'],
      ['http://192.0.2.1/', 'address', 'TEST-NET-1'],
      ['http://198.51.100.7/', 'address', 'TEST-NET-2'],
      ['http://203.0.113.9/', 'address', 'TEST-NET-3'],
      ['http://255.255.255.255/', 'address', 'broadcast'],
      ['http://10.0.0.1/', 'address', 'private 10/8'],
      ['http://172.16.0.1/', 'address', 'private 172.16/12'],
      ['http://192.168.1.1/', 'address', 'private 192.168/16'],
      ['http://127.0.0.1/', 'address', 'loopback'],
      ['http://localhost/', 'host', 'localhost'],
      ['http://LOCALHOST./', 'host', 'localhost, upper case and trailing dot'],
      ['http://localhost%2e/', 'host', 'localhost with an encoded dot'],
      ['http://api.localhost/', 'host', '*.localhost'],
      ['http://intranet/', 'host', 'single label'],
      ['http://printer.local/', 'host', '.local'],
      ['http://db.internal/', 'host', '.internal'],
      ['http://nas.home.arpa/', 'host', '.home.arpa'],
      [`http://${SITE}@127.0.0.1/`, 'credentials', 'credentials, host is loopback'],
      [`https://user:pass@${SITE}/`, 'credentials', 'credentials'],
      [`https://user@${SITE}/`, 'credentials', 'user name only'],
      ['file:///etc/passwd', 'scheme', 'file:'],
      ['gopher://127.0.0.1:6379/_INFO', 'scheme', 'gopher:'],
      [`ftp://${SITE}/`, 'scheme', 'ftp:'],
      ['data:text/html,<script>alert(1)</script>', 'scheme', 'data:'],
      ['javascript:alert(1)', 'scheme', 'javascript:'],
      [`ws://${SITE}/`, 'scheme', 'ws:'],
      [`http://${SITE}:8080/`, 'port', 'port 8080'],
      [`http://${SITE}:6379/`, 'port', 'port 6379 (Redis)'],
      [`http://${SITE}:22/`, 'port', 'port 22'],
      [`https://${SITE}:8443/`, 'port', 'port 8443'],
      ['not a url', 'not_a_url', 'not a URL'],
    ];
    for (const [url, reason, what] of cases) {
      it(`${what}: ${url}`, async () => {
        const before = { world: worldConnections(), internal: internalConnections, queries: world.dns.queries.length };
        const error = await refused(strict(url));
        assert.equal(error.hop, 'input', 'the URL the fetcher was given');
        assert.equal(error.reason, reason);
        assert.deepEqual(
          { world: worldConnections(), internal: internalConnections, queries: world.dns.queries.length },
          before,
          'nothing was resolved or connected',
        );
      });
    }
  });

  describe('names whose DNS answers are not public (NET_ALLOW_CIDRS empty)', () => {
    const cases: [string, string][] = [
      ['http://loopback.attacker.com/', 'A 127.0.0.1'],
      ['http://private.attacker.com/', 'A 10.1.2.3'],
      ['http://metadata.attacker.com/latest/meta-data/', 'A 169.254.169.254'],
      ['http://cgnat.attacker.com/', 'A 100.64.0.1'],
      ['http://127.0.0.1.nip.io/', 'nip.io style'],
      ['http://localtest.me/', 'localtest.me'],
      ['http://mixed.attacker.com/', 'one public and one private A'],
      ['http://mapped.attacker.com/', 'AAAA ::ffff:169.254.169.254'],
      ['http://v6-loopback.attacker.com/', 'AAAA ::1'],
      ['http://ula.attacker.com/', 'public A, ULA AAAA'],
      ['http://nat64.attacker.com/', 'AAAA NAT64 of metadata'],
      ['http://alias.attacker.com/', 'CNAME to a metadata name'],
      [`https://${SITE}/`, 'the world itself (loopback) when the allow-list is off'],
    ];
    for (const [url, what] of cases) {
      it(`${what}: ${url}`, async () => {
        const before = { world: worldConnections(), internal: internalConnections };
        const error = await refused(strict(url));
        assert.equal(error.hop, 'input');
        assert.equal(error.reason, 'address');
        assert.equal(error.message, `${new URL(url).hostname} resolves to an address that is not public`, 'what the name resolved to is not said');
        assert.deepEqual({ world: worldConnections(), internal: internalConnections }, before, 'no connection was made');
      });
    }
  });

  describe('redirects to what the first URL could not name', () => {
    const targets: [string, UnsafeReason][] = [
      ['http://169.254.169.254/latest/meta-data/', 'address'],
      ['http://127.0.0.2/', 'address'],
      ['http://[::ffff:127.0.0.2]/', 'address'],
      ['//127.0.0.2/scheme-relative', 'address'],
      ['http://10.0.0.1/', 'address'],
      ['http://private.attacker.com/', 'address'],
      ['file:///etc/passwd', 'scheme'],
      [`gopher://${REDIRECTOR}:6379/_INFO`, 'scheme'],
      [`ftp://${REDIRECTOR}/`, 'scheme'],
      ['data:text/html,hello', 'scheme'],
      ['javascript:alert(1)', 'scheme'],
      [`http://${REDIRECTOR}:6379/`, 'port'],
      [`http://${REDIRECTOR}:22/`, 'port'],
      [`http://user:pass@${REDIRECTOR}/`, 'credentials'],
      ['http://localhost/', 'host'],
    ];
    for (const [target, reason] of targets) {
      for (const path of ['/to', '/via']) {
        it(`${path === '/to' ? 'hop 2' : 'hop 3'} → ${target}`, async () => {
          const before = { world: worldRequests(), internal: internalConnections };
          const error = await refused(oneHost(`http://${REDIRECTOR}${path}?u=${encodeURIComponent(target)}`));
          assert.equal(error.hop, 'redirect', 'a Location the site answered, not the URL given');
          assert.equal(error.reason, reason);
          assert.equal(worldRequests() - before.world, path === '/to' ? 1 : 2, 'only the world hops were sent');
          assert.equal(internalConnections, before.internal, 'the internal server was never reached');
        });
      }
    }
    it('the redirector itself works when the target is fine', async () => {
      const response = await oneHost(`http://${REDIRECTOR}/via?u=${encodeURIComponent(`http://${SITE}/`)}`);
      assert.equal(textOf(response.content), 'acme home');
      assert.equal(response.redirects.length, 2);
    });
  });

  describe('DNS rebinding', () => {
    it('resolves once and connects to the checked address, whatever the name answers next', async () => {
      world.dns.setRecords('rebind.attacker.com', ({ type, count }) => (type === 'A' ? { A: [count === 1 ? '127.0.0.1' : '127.0.0.2'] } : {}));
      world.sites.host('rebind.attacker.com', { files: { '/': 'checked address' } });
      const before = { world: world.sites.connections.http, internal: internalConnections };
      const response = await oneHost('http://rebind.attacker.com/');
      assert.equal(textOf(response.content), 'checked address');
      assert.equal(response.address, '127.0.0.1');
      assert.equal(world.sites.connections.http - before.world, 1);
      assert.equal(internalConnections, before.internal, 'nothing connected to the second answer');
      assert.equal(world.dns.queries.filter((query) => query.name === 'rebind.attacker.com' && query.type === 'A').length, 1, 'one A lookup');
      // The next lookup answers the internal address: checked, and refused before any connection.
      const error = await refused(oneHost('http://rebind.attacker.com/'));
      assert.equal(error.hop, 'input');
      assert.equal(error.reason, 'address');
      assert.equal(internalConnections, before.internal);
    });

    it('re-checks the name at every hop (a redirect to the same name that now answers privately)', async () => {
      world.dns.setRecords('rebind2.attacker.com', ({ type, count }) => (type === 'A' ? { A: [count === 1 ? '127.0.0.1' : '127.0.0.2'] } : {}));
      world.sites.host('rebind2.attacker.com', (_req, res) => void res.writeHead(302, { location: '/again' }).end());
      const before = internalConnections;
      const error = await refused(oneHost('http://rebind2.attacker.com/'));
      assert.equal(error.reason, 'address');
      assert.equal(error.hop, 'redirect', 'a Location the site answered');
      assert.equal(internalConnections, before);
    });
  });

  describe('the world allow-list (NET_ALLOW_CIDRS)', () => {
    it('makes world targets reachable when on, and only then', async () => {
      const on = netInThread(loadNetConfig(world.netEnv)).fetch;
      const off = netInThread(loadNetConfig({ ...world.netEnv, NET_ALLOW_CIDRS: '' })).fetch;
      for (const url of [`http://${SITE}/`, `https://${SITE}/`]) {
        assert.equal(textOf((await on(url)).content), 'acme home', url);
        const before = worldConnections();
        assert.equal((await refused(off(url))).reason, 'address', url);
        assert.equal(worldConnections(), before);
      }
      assert.equal((await on('http://127.0.0.1/')).status, 404, 'an IP literal in the range is reachable (the world has no site for it)');
      assert.equal((await refused(off('http://127.0.0.1/'))).reason, 'address');
    });

    it('does not widen the other checks: scheme, port, credentials and local names stay refused', async () => {
      const on = netInThread(loadNetConfig(world.netEnv)).fetch;
      for (const url of ['file:///etc/passwd', `http://${SITE}:8080/`, `http://a:b@${SITE}/`, 'http://localhost/']) await refused(on(url));
    });
  });
});
