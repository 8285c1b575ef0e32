import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openSqliteStore } from '../../../../server/store/sqlite.ts';
import { randomUUID } from 'node:crypto';
import { createFreeQuota, type FreeQuota } from '../../../../server/metering/quota.ts';
import { utcDay } from '../../../../server/metering/day.ts';
import type { Store } from '../../../../server/store/types.ts';

/** The store with its counter reads counted. */
function countingReads(store: Store) {
  const reads = { count: 0 };
  const counters = { ...store.counters, get: (input: Parameters<Store['counters']['get']>[0]) => (reads.count++, store.counters.get(input)) };
  return { store: { ...store, counters } as Store, reads };
}

describe('free quota: usage reads kept for a moment', () => {
  let store: Store;
  const now = new Date('2026-11-24T12:00:00Z');
  before(async () => {
    store = await openSqliteStore({ path: ':memory:' });
  });
  after(() => store.close());
  /** A use recorded in the store directly, as another instance (or an earlier request) made it. */
  async function seedUse(ip: string, day = now, bucket = 'free') {
    const lease = { bucket, subject: ip, window: utcDay(day), lease: randomUUID(), limit: 100, now: day.getTime(), staleAfterMs: 120_000 };
    await store.counters.lease(lease);
    await store.counters.commit(lease);
  }
  /** A free call taken and used, as an ok result does. */
  async function use(quota: FreeQuota, ip: string, at = now): Promise<boolean> {
    const taken = await quota.take(ip, at);
    return taken.lease ? taken.lease.commit() : false;
  }

  it('reads the store once within the fresh window and shows its own uses at once', async () => {
    const clock = { ms: 0 };
    const { store: counted, reads } = countingReads(store);
    const quota = createFreeQuota({ store: counted, limit: 5, scansPerDay: 3, clockMs: () => clock.ms });
    await seedUse('198.51.100.1');
    assert.equal((await quota.usage('198.51.100.1', now)).remaining, 4);
    assert.equal((await quota.usage('198.51.100.1', now)).remaining, 4);
    assert.equal(reads.count, 1);
    const taken = await quota.take('198.51.100.1', now);
    assert.ok(taken.lease);
    assert.equal((await quota.usage('198.51.100.1', now)).remaining, 3, 'its own lease shows without a read');
    assert.equal(reads.count, 1);
    await taken.lease.release();
    assert.equal((await quota.usage('198.51.100.1', now)).remaining, 4, 'a given-back use reads the store again');
    assert.equal(reads.count, 2);
  });

  it('keeps no count of a caller with no use today: a stream of new callers adds nothing to memory', async () => {
    const { store: counted, reads } = countingReads(store);
    const quota = createFreeQuota({ store: counted, limit: 5, scansPerDay: 3, clockMs: () => 0 });
    for (let n = 0; n < 100; n++) {
      assert.equal((await quota.usage(`203.0.113.${n}`, now)).remaining, 5);
      assert.equal((await quota.scanUsage(`203.0.113.${n}`, now)).remaining, 3);
    }
    assert.equal(quota.cachedCounts(), 0);
    assert.equal(reads.count, 200);
    await quota.usage('203.0.113.7', now);
    assert.equal(reads.count, 200, 'a zero count answers again within the same turn of the event loop');
    await new Promise((resolve) => setImmediate(resolve));
    await quota.usage('203.0.113.7', now);
    assert.equal(reads.count, 201, 'and goes to the store in a later turn');
    assert.equal(await use(quota, '203.0.113.7'), true);
    assert.equal(quota.cachedCounts(), 1, 'its first use is kept');
    assert.equal((await quota.usage('203.0.113.7', now)).remaining, 4);
    assert.equal(reads.count, 201);
    assert.equal((await quota.usage('203.0.113.8', now)).remaining, 5);
    await seedUse('203.0.113.8');
    await use(quota, '203.0.113.8');
    assert.equal((await quota.usage('203.0.113.8', now)).remaining, 3, "this instance's use in the same turn replaces its zero count");
  });

  it("shows another instance's uses once its window has passed, and decides in the store", async () => {
    const clock = { ms: 0 };
    const here = createFreeQuota({ store, limit: 5, scansPerDay: 3, readFreshMs: 1000, clockMs: () => clock.ms });
    const there = createFreeQuota({ store, limit: 5, scansPerDay: 3, readFreshMs: 1000, clockMs: () => clock.ms });
    const ip = '198.51.100.2';
    assert.equal(await use(here, ip), true);
    assert.equal((await here.usage(ip, now)).remaining, 4);
    for (let i = 0; i < 4; i++) assert.equal(await use(there, ip), true);
    assert.equal((await here.usage(ip, now)).remaining, 4, 'within the window: the count it knew');
    assert.equal(await use(here, ip), false, "the decision is the store's: no sixth free call");
    assert.equal((await here.usage(ip, now)).remaining, 0, 'a refused use brings the count up to date');
    clock.ms = 999;
    assert.equal((await there.usage(ip, now)).remaining, 0);
    const third = createFreeQuota({ store, limit: 5, scansPerDay: 3, readFreshMs: 1000, clockMs: () => clock.ms });
    assert.equal((await third.usage(ip, now)).remaining, 0);
  });

  it('reads again after the window, keeps days and buckets apart, and reads every time at 0 ms', async () => {
    const clock = { ms: 0 };
    const { store: counted, reads } = countingReads(store);
    const quota = createFreeQuota({ store: counted, limit: 5, scansPerDay: 3, readFreshMs: 1000, clockMs: () => clock.ms });
    const ip = '198.51.100.3';
    await seedUse(ip);
    await seedUse(ip, now, 'scan');
    await seedUse(ip, new Date('2026-11-25T00:00:01Z'));
    await quota.usage(ip, now);
    await quota.scanUsage(ip, now);
    await quota.usage(ip, new Date('2026-11-25T00:00:01Z'));
    assert.equal(reads.count, 3, 'free, scan and the next day are three counts');
    clock.ms = 1000;
    await quota.usage(ip, now);
    assert.equal(reads.count, 4);
    const uncached = countingReads(store);
    const everyTime = createFreeQuota({ store: uncached.store, limit: 5, scansPerDay: 3, readFreshMs: 0 });
    await everyTime.usage(ip, now);
    await everyTime.usage(ip, now);
    assert.equal(uncached.reads.count, 2);
  });

  it('keeps its own use when a slower read of the count comes back after it', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const slowReads = {
      ...store,
      counters: {
        ...store.counters,
        get: async (input: Parameters<Store['counters']['get']>[0]) => {
          const value = await store.counters.get(input);
          await gate;
          return value;
        },
      },
    } as Store;
    const quota = createFreeQuota({ store: slowReads, limit: 5, scansPerDay: 3, clockMs: () => 0 });
    const ip = '198.51.100.4';
    const reading = quota.usage(ip, now);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(await use(quota, ip), true);
    openGate();
    assert.equal((await reading).remaining, 4, 'the read began before the use, but the count kept is the later one');
    assert.equal((await quota.usage(ip, now)).remaining, 4);
  });

  it('keeps at most maxCachedCounts counts, the oldest leaving first', async () => {
    const { store: counted, reads } = countingReads(store);
    const quota = createFreeQuota({ store: counted, limit: 5, scansPerDay: 3, maxCachedCounts: 2, clockMs: () => 0 });
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await seedUse(ip);
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await quota.usage(ip, now);
    await quota.usage('192.0.2.3', now);
    await quota.usage('192.0.2.2', now);
    assert.equal(reads.count, 3);
    await quota.usage('192.0.2.1', now);
    assert.equal(reads.count, 4, 'the first count left when the third came');
  });

  it('lets stale counts go as new ones come, so a stream of new callers keeps only the last window', async () => {
    const clock = { ms: 0 };
    const quota = createFreeQuota({ store, limit: 5, scansPerDay: 3, readFreshMs: 1000, clockMs: () => clock.ms });
    for (const ip of ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14', '192.0.2.15']) await seedUse(ip);
    for (const ip of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) await quota.usage(ip, now);
    clock.ms = 600;
    await quota.usage('192.0.2.14', now);
    assert.equal(quota.cachedCounts(), 4, 'all still fresh');
    clock.ms = 1_300;
    await quota.usage('192.0.2.15', now);
    assert.equal(quota.cachedCounts(), 2, 'the three read at 0 ms left; the one of 600 ms stays');
  });

  it('ages a count from the last time it was set, not the first', async () => {
    const clock = { ms: 0 };
    const { store: counted, reads } = countingReads(store);
    const quota = createFreeQuota({ store: counted, limit: 5, scansPerDay: 3, readFreshMs: 1000, clockMs: () => clock.ms });
    for (const ip of ['192.0.2.21', '192.0.2.22', '192.0.2.23', '192.0.2.24']) await seedUse(ip);
    await quota.usage('192.0.2.21', now);
    await quota.usage('192.0.2.22', now);
    clock.ms = 500;
    for (let n = 0; n < 3; n++) await use(quota, '192.0.2.21');
    clock.ms = 1_200;
    await quota.usage('192.0.2.23', now);
    assert.equal(quota.cachedCounts(), 2, 'the count of .22 (set at 0 ms) left; .21, set again at 500 ms, stays');
    const before = reads.count;
    assert.equal((await quota.usage('192.0.2.21', now)).remaining, 1);
    assert.equal(reads.count, before, '.21 answered from memory');
    clock.ms = 5_000;
    await quota.usage('192.0.2.24', now);
    assert.equal(quota.cachedCounts(), 1, 'everything older than a second left');
  });
});

describe('free quota: leases', () => {
  let store: Store;
  const day = new Date('2026-11-24T12:00:00Z');
  before(async () => {
    store = await openSqliteStore({ path: ':memory:' });
  });
  after(() => store.close());

  it('a lease whose instance died returns to its caller once stale, without a repeat; a running one is renewed and stays', async () => {
    const clock = { at: day.getTime() };
    const wall = () => new Date(clock.at);
    const quota = createFreeQuota({ store, limit: 2, scansPerDay: 3, staleAfterMs: 90, readFreshMs: 0, now: wall });
    const ip = '198.51.100.40';
    // What an instance killed in the middle of a free call leaves: its lease, renewed no more.
    await store.counters.lease({ bucket: 'free', subject: ip, window: utcDay(day), lease: 'killed', limit: 2, now: clock.at, staleAfterMs: 90 });
    const running = await quota.take(ip, wall());
    assert.ok(running.lease);
    assert.equal((await quota.usage(ip, wall())).remaining, 0);
    clock.at += 60;
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal((await quota.usage(ip, wall())).remaining, 0, 'both leases are still fresh');
    clock.at += 60;
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal((await quota.usage(ip, wall())).remaining, 1, 'the killed lease is stale and counts for nothing; the running one was renewed');
    assert.equal(await quota.reclaimStale(wall()), 1);
    assert.equal(await running.lease.commit(), true);
    assert.equal((await quota.usage(ip, wall())).remaining, 1);
  });

  it('a call finding every free call left held by its own running calls waits for one to be given back', async () => {
    const quota = createFreeQuota({ store, limit: 2, scansPerDay: 3, heldWaitMs: 5_000, heldPollMs: 1_000, readFreshMs: 0 });
    const ip = '198.51.100.41';
    const first = await quota.take(ip, day);
    const second = await quota.take(ip, day);
    assert.ok(first.lease && second.lease);
    const started = performance.now();
    const waiting = quota.take(ip, day);
    setTimeout(() => void second.lease!.release(), 50);
    const third = await waiting;
    assert.ok(third.lease, 'the given-back call is taken');
    assert.ok(performance.now() - started < 900, 'woken by the release on this instance, not by the poll');
    await first.lease.commit();
    await third.lease.commit();
    const fourth = await quota.take(ip, day);
    assert.ok(!fourth.lease);
    assert.deepEqual([fourth.used, fourth.held], [2, 0], 'all used: no wait');
  });

  it('when the held calls become uses, the waiting call learns the free calls are used; it stops waiting after heldWaitMs', async () => {
    const quota = createFreeQuota({ store, limit: 1, scansPerDay: 3, heldWaitMs: 300, heldPollMs: 50, readFreshMs: 0 });
    const other = createFreeQuota({ store, limit: 1, scansPerDay: 3, heldWaitMs: 300, heldPollMs: 50, readFreshMs: 0 });
    const ip = '198.51.100.42';
    const held = await other.take(ip, day);
    assert.ok(held.lease);
    const timedOut = await quota.take(ip, day);
    assert.ok(!timedOut.lease);
    assert.equal(timedOut.held, 1);
    assert.ok(timedOut.waitedMs >= 300);
    const waiting = quota.take(ip, day);
    setTimeout(() => void held.lease!.commit(), 60);
    const after = await waiting;
    assert.ok(!after.lease);
    assert.deepEqual([after.lease, after.used, after.held], [null, 1, 0], "another instance's use is seen by the poll");
    assert.ok(after.waitedMs < 300);
  });
});
