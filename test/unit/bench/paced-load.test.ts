/**
 * The open-loop client of bench:load (bench/support/paced-load.ts): it keeps its schedule whatever
 * the server does, counts what it must, and its latency includes the server's time.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pacedLoad } from '../../../bench/support/paced-load.ts';

describe('paced load client', () => {
  let server: Server;
  let origin: string;
  const seen: { ip: string | undefined; at: number }[] = [];
  let n = 0;
  before(async () => {
    server = createServer((request, response) => {
      seen.push({ ip: request.headers['x-forwarded-for'] as string | undefined, at: performance.now() });
      const slow = request.url === '/slow';
      // Every tenth answer is a 503: the client must count it, not fail on it.
      const status = ++n % 10 === 0 ? 503 : 200;
      setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}'), slow ? 20 : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends each second its share, spread over the second, and counts non-2xx answers', async () => {
    seen.length = 0;
    n = 0;
    const result = await pacedLoad(origin, { method: 'GET', path: '/', headers: {} }, { rate: 400, seconds: 1 });
    assert.equal(result.total, 400);
    assert.equal(seen.length, 400);
    assert.equal(result.non2xx, 40);
    assert.equal(result.errors, 0);
    assert.ok(result.sentRate > 200 && result.sentRate < 600, `sent at ${result.sentRate} req/s`);
    // Spread, not a burst: the first and last tenth of the requests are most of a second apart.
    const span = seen[359].at - seen[40].at;
    assert.ok(span > 500, `the middle 80% of the requests spanned ${span.toFixed(0)} ms`);
    assert.ok(result.clientCpu >= 0 && result.clientCpu < 2, `client CPU ${result.clientCpu}`);
    // Answered at once on loopback: few, if any, over 5 ms, and only those are listed.
    assert.ok(result.slowDueAt.length < 40, `${result.slowDueAt.length} requests over 5 ms`);
  });

  it('measures the server time in each latency, and does not count warm-up requests', async () => {
    seen.length = 0;
    const result = await pacedLoad(origin, { method: 'GET', path: '/slow', headers: {} }, { rate: 100, seconds: 1, warmupSeconds: 0.5 });
    assert.equal(result.total, 100);
    assert.equal(seen.length, 150, 'the warm-up requests are sent too');
    assert.ok(result.p50 >= 19, `p50 ${result.p50} ms with a server answering after 20 ms`);
    assert.ok(result.max >= result.p99 && result.p99 >= result.p50);
    // Every measured request took over 5 ms: each one's due time, on the epoch clock, inside the measured span.
    assert.equal(result.slowDueAt.length, 100);
    const { from, to } = result.measuredSpan;
    assert.ok(Math.abs(from - Date.now()) < 5000 && to > from, `span ${from} to ${to}`);
    assert.ok(result.slowDueAt.every((at, i) => at >= from && at <= to && (i === 0 || at >= result.slowDueAt[i - 1])));
  });

  it('gives each request its own caller IP when asked to', async () => {
    seen.length = 0;
    await pacedLoad(origin, { method: 'GET', path: '/', headers: {}, ipPerRequest: { firstOctet: 11 } }, { rate: 300, seconds: 1 });
    const ips = seen.map((entry) => entry.ip);
    assert.equal(new Set(ips).size, 300);
    assert.ok(ips.every((ip) => ip?.startsWith('11.')), String(ips[0]));
  });

  it('counts every request as an error when the server is gone, and ends', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const result = await pacedLoad(`http://127.0.0.1:${port}`, { method: 'GET', path: '/', headers: {} }, { rate: 200, seconds: 0.5, connections: 4 });
    assert.equal(result.total, 100);
    assert.equal(result.errors, 100);
    assert.equal(result.non2xx, 0);
  });
});
