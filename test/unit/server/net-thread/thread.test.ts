import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failureKind } from '../../../../engines/net/errors.ts';
import { transportOptionsOf } from '../../../../engines/net/index.ts';
import type { TransportRequest } from '../../../../engines/net/transport.ts';
import { createNetThread, type NetThread } from '../../../../server/net-thread/thread.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { serviceSources } from '../../../support/service-sources.ts';

const SITE = 'net-thread-site.com';

describe('the net thread', () => {
  it("is where service code receives a site's bytes: it alone builds a socket transport, and the service hands its transport to the fetcher", () => {
    const builders = serviceSources()
      .filter((path) => /\bcreateSocketTransport\(/.test(readFileSync(path, 'utf8')))
      .sort();
    assert.deepEqual(builders, ['engines/net/transport.ts', 'server/net-thread/worker.ts']);
    assert.match(readFileSync('server/app.ts', 'utf8'), /transport: netThread\.transport/);
  });

  let world: World;
  let thread: NetThread;
  const request = (path: string, extra: Partial<TransportRequest> = {}): TransportRequest => ({
    origin: `https://${SITE}`,
    addresses: ['127.0.0.1'],
    path,
    method: 'GET',
    headers: {},
    repeatable: true,
    timeoutMs: 5_000,
    maxBodyBytes: 1024 * 1024,
    ...extra,
  });

  before(async () => {
    world = await startWorld({ zone: { [SITE]: { A: ['127.0.0.1'] } } });
    world.sites.host(SITE, (req, res) => {
      if (req.url === '/hang') return; // never answers
      if (req.url === '/big') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(300_000));
      if (req.url === '/codings') return void res.writeHead(200, { 'content-encoding': Array(40).fill('gzip').join(', ') }).end('x');
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': ['a=1', 'b=2'] }).end(`hello ${req.url}`);
    });
    thread = createNetThread(transportOptionsOf(world.netConfig));
  });
  after(async () => {
    await thread.close();
    await world.stop();
  });

  it('answers with the body in shared memory (nothing copied back), headers as undici gives them', async () => {
    const answer = await thread.transport(request('/hello'), new AbortController().signal);
    assert.equal(answer.status, 200);
    assert.equal(Buffer.from(answer.body).toString(), 'hello /hello');
    assert.ok(answer.body.buffer instanceof SharedArrayBuffer);
    assert.deepEqual(answer.headers['set-cookie'], ['a=1', 'b=2']);
    assert.equal(answer.address, '127.0.0.1');
  });

  it('keeps connections open between requests to one origin and address', async () => {
    await thread.transport(request('/warm'), new AbortController().signal);
    const before = world.sites.connections.https;
    for (let index = 0; index < 5; index++) await thread.transport(request(`/again-${index}`), new AbortController().signal);
    assert.equal(world.sites.connections.https - before, 0);
  });

  it('cuts a body at its cap, closing that connection, and says so', async () => {
    const before = world.sites.connections.https;
    const answer = await thread.transport(request('/big', { maxBodyBytes: 1000 }), new AbortController().signal);
    assert.equal(answer.body.byteLength, 1000);
    assert.equal(answer.truncated, true);
    await thread.transport(request('/after-cut'), new AbortController().signal);
    assert.ok(world.sites.connections.https - before >= 1, 'the next request needed a connection of its own');
  });

  it('passes errors on as failureKind reads them: a refused port, too many codings', async () => {
    const refused = await thread.transport(request('/', { origin: `https://${SITE}:8443` }), new AbortController().signal).catch((error: unknown) => error);
    assert.equal(failureKind(refused), 'connect', String(refused));
    const codings = await thread.transport(request('/codings'), new AbortController().signal).catch((error: unknown) => error);
    assert.equal((codings as Error).name, 'TooManyCodings');
  });

  it('answers a caller that stops waiting at once, with its reason, and goes on serving', async () => {
    const stop = new AbortController();
    const pending = thread.transport(request('/hang'), stop.signal);
    setTimeout(() => stop.abort(new DOMException('the call is over', 'TimeoutError')), 100);
    const started = performance.now();
    const error = await pending.catch((caught: unknown) => caught);
    assert.equal((error as Error).name, 'TimeoutError');
    assert.ok(performance.now() - started < 1_000);
    assert.equal((await thread.transport(request('/next'), new AbortController().signal)).status, 200);
  });

  it("holds one caller's hops past its share in that caller's line while another caller's hop goes at once", async () => {
    const shared = createNetThread({ ...transportOptionsOf(world.netConfig), perCallerConcurrency: 2 });
    try {
      const stop = new AbortController();
      const hanging = Array.from({ length: 5 }, () => shared.transport(request('/hang', { caller: 'busy' }), stop.signal).catch(() => null));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stats = shared.stats();
      assert.equal(stats.lanes.wire.busy, 2, "two of the busy caller's hops are on the thread");
      assert.equal(stats.waiting, 3, 'the other three wait in its line');
      // Answered while the busy caller's hops still hang.
      assert.equal((await shared.transport(request('/other', { caller: 'other' }), new AbortController().signal)).status, 200);
      stop.abort(new Error('done'));
      await Promise.all(hanging);
      assert.equal(shared.stats().waiting, 0);
      assert.equal(shared.stats().lanes.wire.busy, 0);
    } finally {
      await shared.close();
    }
  });

  it("puts a caller's hops on the thread where it has hops in flight, and another caller on the thread with the fewest callers", async () => {
    const two = createNetThread({ ...transportOptionsOf(world.netConfig), threads: 2 });
    try {
      const stop = new AbortController();
      const hanging = [
        two.transport(request('/hang', { caller: 'costly' }), stop.signal).catch(() => null),
        two.transport(request('/hang', { caller: 'costly' }), stop.signal).catch(() => null),
      ];
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(two.callersByThread(), [1, 0], 'both hops of one caller on one thread');
      const other = two.transport(request('/hang', { caller: 'benign' }), stop.signal).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(two.callersByThread(), [1, 1], 'the other caller on the other thread');
      stop.abort(new Error('done'));
      await Promise.all([...hanging, other]);
      assert.deepEqual(two.callersByThread(), [0, 0]);
      assert.equal((await two.transport(request('/after', { caller: 'benign' }), new AbortController().signal)).status, 200);
    } finally {
      await two.close();
    }
  });

  it('fails the requests of a thread that died as a protocol failure, and starts a new one for the next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'net-thread-'));
    try {
      const crashing = join(dir, 'crashing.mjs');
      writeFileSync(crashing, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { throw new Error('the thread broke'); });\n");
      const broken = createNetThread({ workerFile: crashing });
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = await broken.transport(request('/'), new AbortController().signal).catch((caught: unknown) => caught);
        assert.equal((error as Error).name, 'NetThreadEnded');
        assert.match((error as Error).message, /the thread broke/);
        assert.equal(failureKind(error), 'protocol');
      }
      await broken.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
