import { bytesOf, textOf } from '../../../../engines/parse/open.ts';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { createHostLimits, RateLimited, retryAfterMs } from '../../../../engines/net/host-limits.ts';
import { loadNetConfig } from '../../../../engines/net/index.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { failure } from './rejection.ts';
import { netInThread } from '../../../support/net.ts';
import { manualClock } from './manual-clock.ts';

const START = Date.UTC(2026, 4, 4, 12);

describe('retryAfterMs', () => {
  const at = Date.UTC(2026, 4, 4, 12, 0, 0);
  it('reads delay-seconds', () => {
    assert.equal(retryAfterMs('120', at), 120_000);
    assert.equal(retryAfterMs(' 0 ', at), 0);
  });
  it('reads an HTTP date, relative to now, never negative', () => {
    assert.equal(retryAfterMs('Mon, 04 May 2026 12:00:30 GMT', at), 30_000);
    assert.equal(retryAfterMs('Mon, 04 May 2026 11:00:00 GMT', at), 0);
  });
  it('gives null for nothing or nonsense', () => {
    for (const value of [undefined, '', 'soon', '1.5', '-3']) assert.equal(retryAfterMs(value, at), null, String(value));
  });
});

describe('createHostLimits', () => {
  it('grants at most perHost slots per host, in FIFO order, and other hosts freely', async () => {
    const limits = createHostLimits({ perHost: 2 });
    const order: number[] = [];
    const first = await limits.enter('a.com', { remainingMs: 10_000 });
    const second = await limits.enter('a.com', { remainingMs: 10_000 });
    const queued = [3, 4, 5].map((n) =>
      limits.enter('a.com', { remainingMs: 10_000 }).then((release) => {
        order.push(n);
        return release;
      }),
    );
    const other = await limits.enter('b.com', { remainingMs: 10_000 });
    other();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, [], 'a.com is full: nobody got in');
    first();
    first(); // a second call releases nothing more
    const third = await queued[0];
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, [3], 'one release lets exactly one in');
    second();
    third();
    (await queued[1])();
    (await queued[2])();
    assert.deepEqual(order, [3, 4, 5]);
  });

  it('lets a waiting request leave the queue when its signal aborts, without losing the slot', async () => {
    const limits = createHostLimits({ perHost: 1 });
    const held = await limits.enter('a.com', { remainingMs: 10_000 });
    const controller = new AbortController();
    const waiting = limits.enter('a.com', { remainingMs: 10_000, signal: controller.signal });
    const after = limits.enter('a.com', { remainingMs: 10_000 });
    controller.abort(new Error('deadline'));
    await assert.rejects(waiting, /deadline/);
    held();
    (await after)();
    (await limits.enter('a.com', { remainingMs: 10_000 }))();
  });

  it('backs off exponentially per consecutive 429 without Retry-After, capped, and resets on another answer', () => {
    const clock = manualClock(START);
    const limits = createHostLimits({ backoffMaxMs: 5_000, now: clock.now });
    const wait = () => limits.notBefore('a.com') - clock.now();
    const steps = [];
    for (let i = 0; i < 4; i++) {
      limits.record('a.com', 429);
      steps.push(wait());
      clock.advance(10_000);
    }
    assert.deepEqual(steps, [1_000, 2_000, 4_000, 5_000]);
    limits.record('a.com', 404);
    limits.record('a.com', 429);
    assert.equal(wait(), 1_000, 'a 404 is an answer: the count starts again');
    clock.advance(10_000);
    limits.record('a.com', 500);
    limits.record('a.com', 429);
    assert.equal(wait(), 2_000, 'a 500 resets nothing');
    assert.equal(limits.notBefore('b.com'), 0, 'other hosts are not touched');
  });

  it('takes Retry-After (seconds or date) on 429 and 503, capped; a 503 without it is no back-off', () => {
    const clock = manualClock(START);
    const limits = createHostLimits({ backoffMaxMs: 60_000, now: clock.now });
    limits.record('a.com', 429, '7');
    assert.equal(limits.notBefore('a.com') - clock.now(), 7_000);
    limits.record('b.com', 503, new Date(clock.now() + 20_000).toUTCString());
    assert.equal(limits.notBefore('b.com') - clock.now(), 20_000);
    limits.record('c.com', 429, '3600');
    assert.equal(limits.notBefore('c.com') - clock.now(), 60_000, 'capped');
    limits.record('d.com', 503);
    limits.record('d.com', 503, 'whenever');
    assert.equal(limits.notBefore('d.com'), 0);
    clock.advance(60_000);
    assert.equal(limits.notBefore('c.com'), 0, 'over once the time has passed');
  });

  it('refuses at once when the back-off ends after the deadline, and waits when it ends before', async () => {
    const clock = manualClock(START);
    const limits = createHostLimits({ now: clock.now });
    limits.record('a.com', 429, '30');
    const refused = await limits.enter('a.com', { remainingMs: 29_000 }).then(
      () => null,
      (error: unknown) => error,
    );
    assert.ok(refused instanceof RateLimited);
    assert.equal(refused.retryAfterMs, 30_000);
    limits.record('b.com', 429, '0');
    (await limits.enter('b.com', { remainingMs: 1 }))();
  });

  it('remembers at most maxHosts hosts, forgetting the least recently used idle one', async () => {
    const clock = manualClock(START);
    const limits = createHostLimits({ maxHosts: 3, now: clock.now });
    const busy = await limits.enter('busy.com', { remainingMs: 1000 });
    limits.record('old.com', 429, '60');
    limits.record('recent.com', 429, '60');
    limits.record('new.com', 429, '60');
    assert.equal(limits.size, 3);
    assert.equal(limits.notBefore('old.com'), 0, 'the oldest idle host was forgotten');
    assert.ok(limits.notBefore('recent.com') > 0 && limits.notBefore('new.com') > 0);
    busy();
  });
});

describe('the safe fetcher behind the host limits (world sites)', () => {
  let world: World;
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const held: ServerResponse[] = [];
  const arrivals: { host: string; path: string; at: number }[] = [];
  const answers = new Map<string, { status: number; headers?: Record<string, string> }[]>();

  function countingSite(host: string) {
    world.sites.host(host, (req, res) => {
      const path = req.url ?? '/';
      arrivals.push({ host, path, at: Date.now() });
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      peak.set(host, Math.max(peak.get(host) ?? 0, inFlight.get(host)!));
      res.on('finish', () => inFlight.set(host, inFlight.get(host)! - 1));
      if (path.startsWith('/hold')) return void held.push(res);
      const scripted = answers.get(host)?.shift() ?? { status: 200 };
      res.writeHead(scripted.status, { 'content-type': 'text/plain', ...scripted.headers }).end(`${scripted.status} ${path}`);
    });
  }

  async function until(condition: () => boolean) {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.ok(condition(), 'condition never met');
  }

  function releaseHeld() {
    for (const res of held.splice(0)) res.writeHead(200).end('released');
  }

  const HOSTS = ['busy.com', 'quiet.com', 'queue.com', 'limited.com', 'brief.com', 'dated.com'];
  before(async () => {
    world = await startWorld({ zone: Object.fromEntries(HOSTS.map((host) => [host, { A: ['127.0.0.1'] }])) });
    for (const host of HOSTS) countingSite(host);
  });
  after(async () => {
    releaseHeld();
    await world.stop();
  });

  const netWith = (env: Record<string, string>) => netInThread(loadNetConfig({ ...world.netEnv, NET_BACKOFF_MAX_MS: '60000', ...env }));

  it('never has more than NET_PER_HOST_CONCURRENCY requests in flight to one host, and other hosts are not held up', async () => {
    const net = netWith({ NET_PER_HOST_CONCURRENCY: '2' });
    const pending = Array.from({ length: 6 }, (_, n) => net.fetch(`http://busy.com/hold?n=${n}`, { timeoutMs: 10_000 }));
    await until(() => held.length === 2);
    const quiet = await net.fetch('http://quiet.com/', { timeoutMs: 2_000 });
    assert.equal(quiet.status, 200, 'another host answers while busy.com is full');
    for (let released = 0; released < 6;) {
      await until(() => held.length > 0);
      assert.ok(held.length <= 2);
      released += held.length;
      releaseHeld();
    }
    const responses = await Promise.all(pending);
    assert.deepEqual(
      responses.map((response) => textOf(response.content)),
      Array(6).fill('released'),
    );
    assert.equal(peak.get('busy.com'), 2);
    assert.equal(arrivals.filter((arrival) => arrival.host === 'busy.com').length, 6);
  });

  it('lets queued requests in first come, first served', async () => {
    const net = netWith({ NET_PER_HOST_CONCURRENCY: '1' });
    const first = net.fetch('http://queue.com/hold?first', { timeoutMs: 10_000 });
    await until(() => held.length === 1);
    const rest = [1, 2, 3, 4].map((n) => net.fetch(`http://queue.com/n${n}`, { timeoutMs: 10_000 }));
    releaseHeld();
    await Promise.all([first, ...rest]);
    assert.deepEqual(
      arrivals.filter((arrival) => arrival.host === 'queue.com').map((arrival) => arrival.path),
      ['/hold?first', '/n1', '/n2', '/n3', '/n4'],
    );
  });

  it('counts the wait against the deadline: a request that waits too long fails as timeout and leaves the queue', async () => {
    const net = netWith({ NET_PER_HOST_CONCURRENCY: '1' });
    const first = net.fetch('http://queue.com/hold?long', { timeoutMs: 10_000 });
    await until(() => held.length === 1);
    const before = arrivals.length;
    const late = await failure(net.fetch('http://queue.com/late', { timeoutMs: 200 }));
    assert.equal(late.kind, 'timeout');
    const controller = new AbortController();
    const aborted = net.fetch('http://queue.com/aborted', { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    assert.equal((await failure(aborted)).kind, 'timeout');
    releaseHeld();
    await first;
    assert.equal(textOf((await net.fetch('http://queue.com/next', { timeoutMs: 2_000 })).content), '200 /next', 'the slot went on to the next request');
    assert.deepEqual(
      arrivals.slice(before).map((arrival) => arrival.path),
      ['/next'],
      'the requests that gave up were never sent',
    );
  });

  it('returns a 429 as it is, then refuses the host at once (rate_limited) while its Retry-After outlasts the deadline', async () => {
    const net = netWith({});
    answers.set('limited.com', [{ status: 429, headers: { 'retry-after': '30' } }]);
    const limited = await net.fetch('http://limited.com/');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['retry-after'], '30');
    const before = arrivals.length;
    const refused = await failure(net.fetch('http://limited.com/again', { timeoutMs: 2_000 }));
    assert.equal(refused.kind, 'rate_limited');
    assert.ok(refused.retryAfterMs! > 25_000 && refused.retryAfterMs! <= 30_000, String(refused.retryAfterMs));
    assert.equal(refused.url, 'http://limited.com/again');
    assert.equal(arrivals.length, before, 'nothing was sent');
    assert.equal((await net.fetch('http://quiet.com/')).status, 200, 'other hosts are not refused');
    assert.equal((await netWith({}).fetch('http://limited.com/', { timeoutMs: 2_000 })).status, 200, 'the back-off belongs to one createNet');
  });

  it('waits until the Retry-After time when it falls within the deadline, then sends', async () => {
    const net = netWith({});
    answers.set('brief.com', [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }]);
    assert.equal((await net.fetch('http://brief.com/')).status, 429);
    const limitedAt = arrivals.filter((arrival) => arrival.host === 'brief.com').at(-1)!.at;
    const response = await net.fetch('http://brief.com/later', { timeoutMs: 5_000 });
    assert.equal(response.status, 200);
    const sentAt = arrivals.filter((arrival) => arrival.host === 'brief.com').at(-1)!.at;
    assert.ok(sentAt - limitedAt >= 950, `sent ${sentAt - limitedAt} ms after the 429`);
  });

  it('reads Retry-After as an HTTP date on a 503, capped by NET_BACKOFF_MAX_MS', async () => {
    const net = netWith({ NET_BACKOFF_MAX_MS: '20000' });
    answers.set('dated.com', [{ status: 503, headers: { 'retry-after': new Date(Date.now() + 600_000).toUTCString() } }]);
    assert.equal((await net.fetch('http://dated.com/')).status, 503);
    const refused = await failure(net.fetch('http://dated.com/', { timeoutMs: 2_000 }));
    assert.equal(refused.kind, 'rate_limited');
    assert.ok(refused.retryAfterMs! > 15_000 && refused.retryAfterMs! <= 20_000, String(refused.retryAfterMs));
  });
});
