/**
 * Fault injection: upstreams that fail (500, hang, drip, corrupt bodies, malformed JSON, a registry
 * that is down), a client that sends its headers one byte at a time, and a store that is briefly
 * unavailable (SQLite locked by another process; PostgreSQL behind a proxy that drops every
 * connection, when DATABASE_URL is set). Every answer is a valid result or a problem body with a
 * catalog code, nothing is charged for a failure, and the ledger holds a row for every ok result
 * and nothing else.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { startWorld, type World } from '../world/index.ts';
import { dropSchema, startService, type TestService } from '../support/service.ts';
import { call, type CallResult } from '../support/contract.ts';
import { openSqliteStore } from '../../server/store/sqlite.ts';
import { openStore } from '../../server/store/index.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import type { Store } from '../../server/store/types.ts';

const CATALOG = new Set<string>(
  (await import('../../generated/errors.json', { with: { type: 'json' } })).default.errors.map((error: { code: string }) => error.code),
);
const SHOP = `<!doctype html><html><head><title>Shop</title><meta name="generator" content="WordPress 6.4.2"></head><body><p>A shop.</p></body></html>`;

let ip = 0;
const caller = () => ({ 'X-Forwarded-For': `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });

/** A valid result (the contract module validates every answer) or a problem with a catalog code; never a bare 500. */
function assertAnswered(answer: CallResult, what: string) {
  assert.ok(answer.status < 500 || answer.headers.get('content-type')?.startsWith('application/problem+json'), `${what}: ${answer.status}`);
  if (answer.status !== 200) {
    assert.match(answer.headers.get('content-type') ?? '', /^application\/problem\+json/, what);
    assert.ok(CATALOG.has(answer.body.code), `${what}: ${answer.body.code}`);
    assert.ok(answer.body.hint, `${what}: a hint`);
  }
}

async function ledgerOf(store: Store, who: Record<string, string>) {
  return (await store.ledger.list({ from: 0, to: Date.now() + 60_000 })).filter((entry) => entry.caller === who['X-Forwarded-For']);
}

describe('failing upstreams', { timeout: 120_000 }, () => {
  let world: World;
  let service: TestService;
  before(async () => {
    world = await startWorld();
    const here = { A: ['127.0.0.1'] };
    for (const host of [
      'fault-500.com',
      'fault-hang.com',
      'fault-drip.com',
      'fault-gzip.com',
      'malformed-board.com',
      'fine-shop.com',
      'boards-api.greenhouse.io',
      'boards.greenhouse.io',
    ])
      world.dns.setRecords(host, here);
    world.sites.host('fault-500.com', (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>Internal Server Error</h1>');
    });
    world.sites.host('fault-hang.com', () => {});
    world.sites.host('fault-drip.com', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<'), 1000);
      res.on('close', () => clearInterval(timer));
    });
    world.sites.host('fault-gzip.com', (_req, res) => {
      const body = gzipSync(SHOP);
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(Buffer.concat([body.subarray(0, 20), randomBytes(200)]));
    });
    world.sites.host('malformed-board.com', {
      files: {
        '/': { body: SHOP.replace('<p>A shop.</p>', '<a href="https://boards.greenhouse.io/faultco">Careers</a>'), headers: { 'content-type': 'text/html' } },
      },
    });
    world.sites.host('boards-api.greenhouse.io', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jobs": [{"id": 1, "title": "Engineer", ');
    });
    world.sites.host('boards.greenhouse.io', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<h1>Faultco jobs</h1>');
    });
    world.sites.host('fine-shop.com', { files: { '/': { body: SHOP, headers: { 'content-type': 'text/html' } } } });
    service = await startService({
      config: { net: world.netConfig, trustedProxies: ['127.0.0.1'], ads: { registryUrl: 'http://127.0.0.1:9', timeoutMs: 2000 } as any },
    });
  });
  after(async () => {
    await service?.close();
    await world?.stop();
  });

  const faults: [string, string, Record<string, unknown>][] = [
    ['a site answering 500', '/v1/tech-stack', { domain: 'fault-500.com' }],
    ['a corrupt gzip body', '/v1/tech-stack', { domain: 'fault-gzip.com' }],
    ['a page dripping one byte a second', '/v1/verify-merchant', { target_url: 'https://fault-drip.com/' }],
    ['a page that never answers', '/v1/clean-markdown', { url: 'https://fault-hang.com/pricing' }],
    ['a job board answering malformed JSON', '/v1/ats-jobs', { domain: 'malformed-board.com' }],
    ['the ads registry down', '/v1/search-ads', { domain: 'fine-shop.com' }],
    ['every section failing', '/v1/company-profile', { domain: 'fault-500.com' }],
    ['contacts on a site answering 500', '/v1/extract-contacts', { domain: 'fault-500.com' }],
  ];
  for (const [name, path, body] of faults) {
    it(`${path} with ${name}: a non-ok result or a problem, nothing charged, no ledger row`, async () => {
      const who = caller();
      const answer = await call(service.url, path, { body, headers: who });
      assertAnswered(answer, name);
      if (answer.status === 200) assert.notEqual(answer.body.status, 'ok', `${name} is not a result`);
      assert.equal(answer.headers.get('x-usage-free-remaining') ?? '5', '5', 'no free call used');
      assert.deepEqual(await ledgerOf(service.store, who), []);
    });
  }

  it("counts the failures in /metrics by upstream host, naming only the service's own upstream APIs", async () => {
    const text = await (await fetch(`${service.url}/metrics`)).text();
    const value = (labels: string) => Number(new RegExp(`^upstream_errors_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    assert.ok(value('host="target",kind="http_5xx"') >= 1, 'the site answering 500');
    assert.ok(value('host="target",kind="timeout"') >= 1, 'the page that never answers');
    assert.ok(value('host="api.lever.co",kind="dns_not_found"') >= 1, 'a board API whose host does not resolve in this world');
    assert.match(text, /^upstream_requests_total\{host="boards-api\.greenhouse\.io",outcome="ok"\} [1-9]/m, 'the board API answered (with malformed JSON)');
    for (const domain of ['fault-500.com', 'fault-hang.com', 'malformed-board.com', 'fine-shop.com'])
      assert.ok(!text.includes(domain), `${domain} does not appear in metrics`);
  });

  it('still answers an ok call, and writes its one ledger row', async () => {
    const who = caller();
    const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'fine-shop.com' }, headers: who });
    assert.equal(answer.body.status, 'ok');
    assert.equal(answer.headers.get('x-usage-free-remaining'), '4');
    assert.deepEqual(
      (await ledgerOf(service.store, who)).map((entry) => entry.kind),
      ['free_use'],
    );
  });
});

describe('a client that sends its headers one byte at a time (slowloris)', { timeout: 60_000 }, () => {
  let service: TestService;
  before(async () => {
    service = await startService({ config: { http: { headersTimeoutMs: 1000, requestTimeoutMs: 3000, keepAliveTimeoutMs: 1000 } } });
  });
  after(() => service?.close());

  it('is cut off after the header timeout while other callers are answered at once', async () => {
    const { port } = new URL(service.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    const head = 'POST /v1/advisor HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Padding: ';
    let sent = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(head[sent++ % head.length]);
    }, 100);
    const closed = once(socket, 'close');
    socket.on('error', () => {});
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk));
    const meanwhile = Date.now();
    const other = await call(service.url, '/v1/advisor', { body: { agent_goal: 'what technologies does a site use' }, headers: caller() });
    assert.equal(other.status, 200);
    assert.ok(Date.now() - meanwhile < 1000, 'another caller is not held up');
    await closed;
    clearInterval(drip);
    const held = Date.now() - started;
    assert.ok(held >= 900 && held < 4000, `closed after ${held} ms`);
    assert.match(reply, /^HTTP\/1\.1 408/);
  });
});

describe('the store briefly unavailable', { timeout: 120_000 }, () => {
  const base = minimalResults.get('techStack') as Record<string, unknown>;
  const techStack = async (input: { domain: string }) => ({ ...base, domain: input.domain, status: 'ok', technology_count: 1 });

  /** Calls during the outage are 503 problems with Retry-After, uncharged; after it, calls work and the ledger has exactly the ok rows. */
  async function exercise(service: TestService, store: Store, outage: { begin(): Promise<void>; end(): Promise<void> }) {
    const who = caller();
    const first = await call(service.url, '/v1/tech-stack', { body: { domain: 'before.com' }, headers: who });
    assert.equal(first.status, 200);
    await outage.begin();
    const during = await Promise.all(
      ['during-1.com', 'during-2.com', 'during-3.com'].map((domain) => call(service.url, '/v1/tech-stack', { body: { domain }, headers: who })),
    );
    for (const answer of during) {
      assertAnswered(answer, 'during the outage');
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.equal(answer.body.code, 'engine_unavailable');
      assert.equal(answer.headers.get('retry-after'), '5');
    }
    const advisor = await call(service.url, '/v1/advisor', { body: { agent_goal: 'tech stack of a site' }, headers: who });
    assertAnswered(advisor, 'the advisor during the outage');
    await outage.end();
    const after = await call(service.url, '/v1/tech-stack', { body: { domain: 'after.com' }, headers: who });
    assert.equal(after.status, 200, JSON.stringify(after.body));
    assert.equal(after.headers.get('x-usage-free-remaining'), '3', 'only the two ok results used free calls');
    const rows = await ledgerOf(store, who);
    assert.deepEqual(
      rows.map((row) => [row.kind, row.operation]),
      [
        ['free_use', 'tech-stack'],
        ['free_use', 'tech-stack'],
      ],
    );
  }

  it('SQLite locked by another process beyond busy_timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'faults-sqlite-'));
    const path = join(dir, 'service.sqlite');
    const store = await openSqliteStore({ path, busyTimeoutMs: 150 });
    const service = await startService({ store, handlers: { techStack }, config: { trustedProxies: ['127.0.0.1'] } });
    const other = new Database(path);
    try {
      await exercise(service, store, {
        async begin() {
          other.exec('BEGIN EXCLUSIVE');
        },
        async end() {
          other.exec('COMMIT');
        },
      });
    } finally {
      other.close();
      await service.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'PostgreSQL behind a proxy that drops every connection and refuses new ones',
    { skip: process.env.DATABASE_URL ? false : 'DATABASE_URL not set' },
    async () => {
      const target = new URL(process.env.DATABASE_URL!);
      let refusing = false;
      const sockets = new Set<Socket>();
      const proxy: TcpServer = createTcpServer((client) => {
        if (refusing) return client.destroy();
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        for (const [a, b] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          a.on('error', () => b.destroy());
          a.on('close', () => {
            sockets.delete(a);
            b.destroy();
          });
          a.pipe(b);
        }
      });
      proxy.listen(0, '127.0.0.1');
      await once(proxy, 'listening');
      const proxied = new URL(target);
      proxied.hostname = '127.0.0.1';
      proxied.port = String((proxy.address() as { port: number }).port);
      const schema = `faults_${randomBytes(4).toString('hex')}`;
      const store = await openStore({ databaseUrl: proxied.href, pgSchema: schema });
      const service = await startService({ store, handlers: { techStack }, config: { trustedProxies: ['127.0.0.1'] } });
      try {
        await exercise(service, store, {
          async begin() {
            refusing = true;
            for (const socket of sockets) socket.destroy();
          },
          async end() {
            refusing = false;
          },
        });
      } finally {
        await service.close();
        await store.close();
        proxy.close();
        await dropSchema(process.env.DATABASE_URL, schema);
      }
    },
  );
});
