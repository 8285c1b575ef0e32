import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../../server/store/index.ts';
import { createHousekeeping } from '../../../../server/store/housekeeping.ts';
import type { Store } from '../../../../server/store/types.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('store housekeeping', () => {
  const dir = mkdtempSync(join(tmpdir(), 'housekeeping-test-'));
  let store: Store;
  before(async () => {
    store = await openStore({ sqlitePath: join(dir, 'service.sqlite') });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes what nothing reads again, in chunks, and keeps the rest', async () => {
    const now = NOW.getTime();
    const request = (key: string, expiresAt: number) =>
      store.requests.begin({ scope: 'op', key, fingerprint: 'fp', now: now - DAY, staleAfterMs: 60_000, expiresAt });
    for (let i = 0; i < 5; i++) await request(`old-${i}`, now - 1);
    await request('live', now + HOUR);
    await store.cache.set({ ns: 'jobs', key: 'old', value: 1, expiresAt: now - 1 });
    await store.cache.set({ ns: 'jobs', key: 'live', value: 2, expiresAt: now + 1 });
    for (const [subject, at] of [
      ['a', now - 2 * HOUR],
      ['b', now - HOUR],
      ['c', now - HOUR + 1],
    ] as const) {
      await store.rate.hit({ bucket: 'advisor', subject, now: at, windowMs: HOUR, limit: 60 });
    }
    const counter = (window: string, lease = 'l') => ({ bucket: 'free', subject: 'ip', window, lease, limit: 5, now, staleAfterMs: 60_000 });
    for (const window of ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']) {
      await store.counters.lease(counter(window));
      await store.counters.commit(counter(window));
    }
    await store.counters.lease(counter('2026-11-25', 'dead'));
    await store.counters.lease({ ...counter('2026-11-25', 'crashed'), now: now - 60_001 });
    await store.counters.lease({ ...counter('2026-11-25', 'alive'), now: now - 60_000 });
    const quote = (id: string, expiresAt: number) =>
      store.quotes.put({
        id,
        operation: 'hot-buyers',
        caller: 'ip',
        priceMicroUsd: 1_000,
        billableCount: 1,
        payload: {},
        createdAt: expiresAt - 900_000,
        expiresAt,
      });
    await quote('q-old', now - 3 * DAY);
    await quote('q-old-paid', now - 2 * DAY - 1);
    await store.quotes.markPaid({ id: 'q-old-paid', now: now - 3 * DAY, txHash: null });
    await quote('q-expired-today', now - HOUR);
    await quote('q-live', now + HOUR);

    const housekeeping = createHousekeeping({ store, now: () => NOW, chunk: 2, intervalMs: 0, staleAfterMs: 60_000 });
    assert.deepEqual(await housekeeping.runOnce(), { requests: 5, cache: 1, rateEvents: 2, counters: 2, leases: 1, quotes: 2 });
    assert.deepEqual(await housekeeping.runOnce(), { requests: 0, cache: 0, rateEvents: 0, counters: 0, leases: 0, quotes: 0 });

    assert.equal((await request('live', now + HOUR)).state, 'running', 'the live stored request is still there');
    assert.deepEqual(await store.cache.get({ ns: 'jobs', key: 'live', now }), { value: 2, expiresAt: now + 1 });
    assert.equal((await store.rate.hit({ bucket: 'advisor', subject: 'c', now, windowMs: HOUR, limit: 60 })).count, 2, 'an event inside the hour is kept');
    const counts = await Promise.all(
      ['2026-11-23', '2026-11-24', '2026-11-25'].map((window) => store.counters.get({ bucket: 'free', subject: 'ip', window, now, staleAfterMs: 60_000 })),
    );
    assert.deepEqual(
      counts,
      [
        { used: 0, held: 0 },
        { used: 1, held: 0 },
        { used: 1, held: 2 },
      ],
      'yesterday and today are kept, and the fresh leases',
    );
    const quotes = await Promise.all(['q-old', 'q-old-paid', 'q-expired-today', 'q-live'].map(async (id) => (await store.quotes.get(id)) !== null));
    assert.deepEqual(quotes, [false, false, true, true], 'quotes go two days after they expired, paid or not');
  });

  it('runs on its timer and logs what it deleted; stop() ends it', async () => {
    const entries: Record<string, unknown>[] = [];
    await store.cache.set({ ns: 'timer', key: 'old', value: 1, expiresAt: NOW.getTime() - 1 });
    const housekeeping = createHousekeeping({ store, now: () => NOW, intervalMs: 20, log: (entry) => void entries.push(entry) });
    housekeeping.start();
    for (let i = 0; i < 100 && !entries.length; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await housekeeping.stop();
    assert.equal(entries[0]?.msg, 'housekeeping');
    assert.equal(entries[0]?.cache, 1);
    const seen = entries.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(entries.length, seen, 'no pass after stop()');
  });

  it('a failing pass is logged as a warning and the next one runs', async () => {
    const entries: Record<string, unknown>[] = [];
    let calls = 0;
    const flaky: Store = {
      ...store,
      cache: {
        ...store.cache,
        purgeExpired: async (now, limit) => {
          if (++calls === 1) throw new Error('database is locked');
          return store.cache.purgeExpired(now, limit);
        },
      },
    };
    const housekeeping = createHousekeeping({ store: flaky, now: () => NOW, intervalMs: 20, log: (entry) => void entries.push(entry) });
    housekeeping.start();
    for (let i = 0; i < 100 && entries.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await housekeeping.stop();
    assert.deepEqual(
      entries.slice(0, 2).map((entry) => [entry.level, entry.msg]),
      [
        ['warn', 'housekeeping failed'],
        ['info', 'housekeeping'],
      ],
    );
  });
});
