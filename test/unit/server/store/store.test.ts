/**
 * One behavioural suite for the Store interface, run against every backend:
 * SQLite on a temp directory always, PostgreSQL (fresh random schemas) when DATABASE_URL is set.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openStore, type Json, type LedgerEntry, type OpenStoreOptions, type StoredResponse, type Store } from '../../../../server/store/index.ts';
import { migrations, quoteIdent } from '../../../../server/store/migrations.ts';

/** A backend under test: any number of stores can be opened on each named database. */
interface Backend {
  /** Options for the named database of this run; the same name always means the same database. */
  options(database: string): OpenStoreOptions;
  /** Versions recorded in that database's schema_migrations, as stored (duplicates would show). */
  appliedVersions(database: string): Promise<number[]>;
  cleanup(): Promise<void>;
}

const MAIN = 'main';
const ALL_VERSIONS = migrations.map((m) => m.version).sort((a, b) => a - b);
const WORKER = fileURLToPath(new URL('./consume-worker.ts', import.meta.url));
const run = promisify(execFile);

const unique = (prefix: string) => `${prefix}-${randomUUID()}`;
const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
/** The ledger entry of caller's free tech-stack call r1 at `at`. */
const freeUseEntry = (at: number) => ({
  at,
  kind: 'free_use' as const,
  operation: 'tech-stack',
  caller: 'caller',
  amountMicroUsd: 5000,
  payer: null,
  nonce: null,
  txHash: null,
  network: null,
  requestId: 'r1',
});

/** JSON that tends to break naive storage: unicode, escapes, big/small numbers, nesting, key order. */
const TRICKY_JSON: Json = {
  zeta: 1,
  alpha: [0.1, 1e-7, -1.5e300, 2 ** 53 - 1, -(2 ** 31), true, false, null, '', 'x'],
  text: 'quote " backslash \\ newline \n tab \t nul \u0000 emoji 🧪 accents ÉÅ 中文',
  nested: { deeper: { deepest: [[], {}, [{ a: 'b' }]] } },
  '': 'empty key',
};

function storeSuite(name: string, open: () => Promise<Backend>, { skip }: { skip?: string } = {}) {
  if (skip) {
    describe(name, { skip }, () => {});
    return;
  }

  describe(name, () => {
    let backend: Backend;
    let store: Store;
    /** A second instance (own connection/pool) on the same database, for cross-instance checks. */
    let other: Store;
    const opened: Store[] = [];

    async function openOn(database = MAIN): Promise<Store> {
      const s = await openStore(backend.options(database));
      opened.push(s);
      return s;
    }

    before(async () => {
      backend = await open();
      store = await openOn();
      other = await openOn();
    });

    after(async () => {
      await Promise.all(opened.map((s) => s.close()));
      await backend?.cleanup();
    });

    describe('opening and migrations', () => {
      it('records every migration exactly once although the database was opened twice', async () => {
        assert.deepEqual(
          (await backend.appliedVersions(MAIN)).sort((a, b) => a - b),
          ALL_VERSIONS,
        );
      });

      it('reopening keeps data written by an earlier instance', async () => {
        const key = unique('reopen');
        await store.snapshots.put({ kind: 'reopen', key, value: { kept: true }, at: 1 });
        const third = await openOn();
        assert.deepEqual(await third.snapshots.get({ kind: 'reopen', key }), { value: { kept: true }, at: 1 });
      });

      it('several instances opening a fresh database at once all migrate it once', async () => {
        const database = unique('fresh').slice(0, 20);
        const stores = await times(4, () => openOn(database));
        await Promise.all(stores.map((s) => s.ping()));
        assert.deepEqual(
          (await backend.appliedVersions(database)).sort((a, b) => a - b),
          ALL_VERSIONS,
        );
      });

      it('ping resolves while open and rejects after close; close twice is harmless', async () => {
        const s = await openOn(MAIN);
        await s.ping();
        await s.close();
        await assert.rejects(s.ping());
        await s.close();
      });
    });

    describe('requests', () => {
      const response: StoredResponse = { status: 201, headers: { 'content-type': 'application/json', 'x-trace': 'a"b' }, body: TRICKY_JSON };
      const base = (key: string, over: Partial<{ fingerprint: string; now: number; staleAfterMs: number; expiresAt: number }> = {}) => ({
        scope: 'op',
        key,
        fingerprint: 'fp-1',
        now: 1_000_000,
        staleAfterMs: 30_000,
        expiresAt: 9_000_000,
        ...over,
      });

      it('starts a new key, then reports the same input as running with its start time', async () => {
        const key = unique('k');
        assert.deepEqual(await store.requests.begin(base(key)), { state: 'started' });
        assert.deepEqual(await other.requests.begin(base(key, { now: 1_000_500 })), { state: 'running', startedAt: 1_000_000 });
      });

      it('keys are scoped: the same key in another scope is independent', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        assert.deepEqual(await store.requests.begin({ ...base(key, { fingerprint: 'other' }), scope: 'another-op' }), { state: 'started' });
      });

      it('a different fingerprint conflicts while running and after finishing', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        assert.deepEqual(await store.requests.begin(base(key, { fingerprint: 'fp-2' })), { state: 'conflict' });
        await store.requests.finish({ scope: 'op', key, response, now: 1_000_100 });
        assert.deepEqual(await store.requests.begin(base(key, { fingerprint: 'fp-2' })), { state: 'conflict' });
      });

      it('finish makes later begins with the same fingerprint replay the exact stored response', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        await store.requests.finish({ scope: 'op', key, response, now: 1_000_100 });
        const result = await other.requests.begin(base(key, { now: 2_000_000 }));
        assert.deepEqual(result, { state: 'done', response });
        assert.ok(result.state === 'done');
        assert.equal(JSON.stringify(result.response), JSON.stringify(response), 'key order and values preserved');
      });

      it('a finished request never goes stale (replayed long after staleAfterMs)', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        await store.requests.finish({ scope: 'op', key, response, now: 1_000_100 });
        assert.deepEqual(await store.requests.begin(base(key, { now: 5_000_000 })), { state: 'done', response });
      });

      it('a running row older than staleAfterMs is taken over by the same input; not at exactly staleAfterMs', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        assert.deepEqual(await store.requests.begin(base(key, { now: 1_030_000 })), { state: 'running', startedAt: 1_000_000 });
        assert.deepEqual(await other.requests.begin(base(key, { now: 1_030_001 })), { state: 'started' });
        assert.deepEqual(await store.requests.begin(base(key, { now: 1_030_002 })), { state: 'running', startedAt: 1_030_001 });
      });

      it('renew keeps a running row fresh: stale only staleAfterMs after its last renewal; a finished row is not renewed', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        assert.equal(await other.requests.renew({ scope: 'op', key, now: 1_020_000 }), true);
        assert.deepEqual(
          await store.requests.begin(base(key, { now: 1_045_000 })),
          { state: 'running', startedAt: 1_000_000 },
          'started 45 s ago, renewed 25 s ago',
        );
        assert.deepEqual(
          await store.requests.begin(base(key, { now: 1_050_000 })),
          { state: 'running', startedAt: 1_000_000 },
          'not at exactly staleAfterMs after the renewal',
        );
        assert.deepEqual(await other.requests.begin(base(key, { now: 1_050_001 })), { state: 'started' }, 'taken over once the renewals stopped');
        assert.deepEqual(
          await store.requests.begin(base(key, { now: 1_050_002 + 30_000 - 1 })),
          { state: 'running', startedAt: 1_050_001 },
          'the takeover starts without the old renewal',
        );
        await store.requests.finish({ scope: 'op', key, response, now: 1_060_000 });
        assert.equal(await store.requests.renew({ scope: 'op', key, now: 1_070_000 }), false);
        assert.equal(await store.requests.renew({ scope: 'op', key: unique('k'), now: 1_070_000 }), false);
      });

      it('a stale row with another fingerprint is still a conflict', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        assert.deepEqual(await store.requests.begin(base(key, { fingerprint: 'fp-2', now: 2_000_000 })), { state: 'conflict' });
      });

      it('a finish after a takeover is stored once: the first finish wins', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        await store.requests.begin(base(key, { now: 1_040_000 }));
        await store.requests.finish({ scope: 'op', key, response, now: 1_040_100 });
        await other.requests.finish({ scope: 'op', key, response: { status: 500, headers: {}, body: null }, now: 1_040_200 });
        assert.deepEqual(await store.requests.begin(base(key, { now: 1_050_000 })), { state: 'done', response });
      });

      it('abandon forgets a running request so any input can start again', async () => {
        const key = unique('k');
        await store.requests.begin(base(key));
        await other.requests.abandon({ scope: 'op', key });
        assert.deepEqual(await store.requests.begin(base(key, { fingerprint: 'fp-2', now: 1_000_001 })), { state: 'started' });
      });

      it('abandon does not delete a finished answer, and finish after abandon stores nothing', async () => {
        const done = unique('k');
        await store.requests.begin(base(done));
        await store.requests.finish({ scope: 'op', key: done, response, now: 1_000_100 });
        await store.requests.abandon({ scope: 'op', key: done });
        assert.deepEqual(await store.requests.begin(base(done)), { state: 'done', response });

        const dropped = unique('k');
        await store.requests.begin(base(dropped));
        await store.requests.abandon({ scope: 'op', key: dropped });
        await store.requests.finish({ scope: 'op', key: dropped, response, now: 1_000_100 });
        assert.deepEqual(await store.requests.begin(base(dropped)), { state: 'started' });
      });

      it('an expired row counts as absent before it is purged', async () => {
        const key = unique('k');
        await store.requests.begin(base(key, { expiresAt: 1_000_010 }));
        await store.requests.finish({ scope: 'op', key, response, now: 1_000_005 });
        assert.deepEqual(await store.requests.begin(base(key, { now: 1_000_010 })), { state: 'done', response }, 'not expired at expiresAt');
        assert.deepEqual(await store.requests.begin(base(key, { fingerprint: 'fp-2', now: 1_000_011 })), { state: 'started' });
      });

      it('purgeExpired deletes rows whose expiresAt is before now and returns how many', async () => {
        const s = await openOn(unique('purge-req').slice(0, 20));
        const expiries = [100, 200, 300, 400];
        for (const [i, expiresAt] of expiries.entries()) await s.requests.begin(base(`p${i}`, { now: 50, expiresAt }));
        await s.requests.finish({ scope: 'op', key: 'p0', response, now: 60 });
        assert.equal(await s.requests.purgeExpired(300), 2);
        assert.equal(await s.requests.purgeExpired(300), 0);
        assert.deepEqual(await s.requests.begin(base('p0', { fingerprint: 'new', now: 60 })), { state: 'started' }, 'purged finished row is gone');
        assert.deepEqual(await s.requests.begin(base('p2', { now: 60 })), { state: 'running', startedAt: 50 }, 'row expiring at now survives');
      });

      it('purgeExpired deletes at most `limit` rows per call', async () => {
        const s = await openOn(unique('purge-lim').slice(0, 20));
        for (let i = 0; i < 5; i++) await s.requests.begin(base(`l${i}`, { now: 50, expiresAt: 100 }));
        assert.deepEqual(
          [
            await s.requests.purgeExpired(200, 2),
            await s.requests.purgeExpired(200, 2),
            await s.requests.purgeExpired(200, 2),
            await s.requests.purgeExpired(200, 2),
          ],
          [2, 2, 1, 0],
        );
      });
    });

    describe('counters: uses held as leases', () => {
      const STALE = 60_000;
      const T = 10_000_000;
      const at = (subject: string, window = '2024-06') => ({ bucket: 'free', subject, window });
      const lease = (s: Store, c: ReturnType<typeof at>, id: string, now = T, limit = 3) =>
        s.counters.lease({ ...c, lease: id, limit, now, staleAfterMs: STALE });
      const commit = (s: Store, c: ReturnType<typeof at>, id: string, now = T, limit = 3) =>
        s.counters.commit({ ...c, lease: id, limit, now, staleAfterMs: STALE });
      const get = (s: Store, c: ReturnType<typeof at>, now = T) => s.counters.get({ ...c, now, staleAfterMs: STALE });

      it('leases up to the limit counting uses and fresh leases, then refuses with the counts unchanged', async () => {
        const c = at(unique('s'));
        const results = [];
        for (let i = 0; i < 4; i++) results.push(await lease(store, c, `l${i}`));
        assert.deepEqual(results, [
          { leased: true, used: 0, held: 1 },
          { leased: true, used: 0, held: 2 },
          { leased: true, used: 0, held: 3 },
          { leased: false, used: 0, held: 3 },
        ]);
        assert.deepEqual(await commit(other, c, 'l0'), { committed: true, used: 1 });
        assert.deepEqual(await get(store, c), { used: 1, held: 2 });
        assert.deepEqual(await lease(store, c, 'l4'), { leased: false, used: 1, held: 2 }, 'a commit frees nothing');
      });

      it('release gives the use back; a released lease commits only while there is room', async () => {
        const c = at(unique('s'));
        await lease(store, c, 'a', T, 2);
        await lease(store, c, 'b', T, 2);
        await other.counters.release({ ...c, lease: 'a' });
        assert.deepEqual(await get(store, c), { used: 0, held: 1 });
        assert.deepEqual(await lease(store, c, 'c', T, 2), { leased: true, used: 0, held: 2 });
        assert.deepEqual(await commit(store, c, 'a', T, 2), { committed: false, used: 0 }, 'gone, and b and c hold the room');
        await store.counters.release({ ...c, lease: 'c' });
        assert.deepEqual(await commit(store, c, 'a', T, 2), { committed: true, used: 1 }, 'gone, but there is room');
        assert.deepEqual(await commit(store, c, 'b', T, 2), { committed: true, used: 2 });
        assert.deepEqual(await get(store, c), { used: 2, held: 0 });
      });

      it('a lease not renewed for longer than staleAfterMs counts for nothing and is replaced; renew keeps it', async () => {
        const c = at(unique('s'));
        await lease(store, c, 'dead', T, 2);
        await lease(store, c, 'alive', T, 2);
        assert.equal(await other.counters.renew({ ...c, lease: 'alive', now: T + STALE }), true);
        assert.deepEqual(await get(store, c, T + STALE), { used: 0, held: 2 }, 'at exactly staleAfterMs a lease is still fresh');
        assert.deepEqual(await get(store, c, T + STALE + 1), { used: 0, held: 1 });
        assert.deepEqual(await lease(store, c, 'new', T + STALE + 1, 2), { leased: true, used: 0, held: 2 });
        assert.equal(await store.counters.renew({ ...c, lease: 'dead', now: T + STALE + 2 }), false, 'the stale lease was deleted on the way');
        assert.equal(await store.counters.renew({ ...c, lease: 'unknown', now: T }), false);
      });

      it('reclaimStale deletes stale leases of every counter, at most `limit` per call', async () => {
        const s = await openOn(unique('reclaim').slice(0, 20));
        for (const [subject, id, time] of [
          ['a', '1', T],
          ['a', '2', T],
          ['b', '3', T],
          ['b', '4', T + 10_000],
        ] as const)
          await lease(s, at(subject), id, time, 5);
        assert.equal(await s.counters.reclaimStale({ now: T + STALE + 1, staleAfterMs: STALE, limit: 2 }), 2);
        assert.equal(await s.counters.reclaimStale({ now: T + STALE + 1, staleAfterMs: STALE }), 1);
        assert.equal(await s.counters.reclaimStale({ now: T + STALE + 1, staleAfterMs: STALE }), 0);
        assert.deepEqual(await get(s, at('b'), T + 10_000), { used: 0, held: 1 });
      });

      it('limit 0 leases nothing and creates nothing; an unknown counter is 0 and 0', async () => {
        const c = at(unique('s'));
        assert.deepEqual(await get(store, c), { used: 0, held: 0 });
        assert.deepEqual(await lease(store, c, 'x', T, 0), { leased: false, used: 0, held: 0 });
        assert.deepEqual(await get(store, c), { used: 0, held: 0 });
      });

      it('windows, subjects and buckets are independent', async () => {
        const subject = unique('s');
        await lease(store, at(subject, '2024-06'), 'a', T, 1);
        assert.equal((await lease(store, at(subject, '2024-06'), 'b', T, 1)).leased, false);
        assert.equal((await lease(store, at(subject, '2024-07'), 'a', T, 1)).leased, true);
        assert.equal((await lease(store, at(unique('s'), '2024-06'), 'a', T, 1)).leased, true);
        assert.equal(
          (await store.counters.lease({ bucket: 'scan', subject, window: '2024-06', lease: 'a', limit: 1, now: T, staleAfterMs: STALE })).leased,
          true,
        );
        assert.deepEqual(await get(store, at(subject, '2024-06')), { used: 0, held: 1 });
      });

      it('a weighted lease holds its amount: leased while uses + held + amount fit the limit; its commit adds the amount', async () => {
        const c = { bucket: 'cap:test', subject: '*', window: unique('w') };
        const weighted = (s: Store, id: string, amount: number, limit = 12_000) =>
          s.counters.lease({ ...c, lease: id, amount, limit, now: T, staleAfterMs: STALE });
        assert.deepEqual(await weighted(store, 'a', 5_000), { leased: true, used: 0, held: 5_000 });
        assert.deepEqual(await weighted(other, 'b', 5_000), { leased: true, used: 0, held: 10_000 });
        assert.deepEqual(await weighted(store, 'c', 5_000), { leased: false, used: 0, held: 10_000 });
        assert.deepEqual(await weighted(store, 'd', 2_000), { leased: true, used: 0, held: 12_000 }, 'exactly the cap fits');
        assert.deepEqual(await other.counters.commit({ ...c, lease: 'a', amount: 5_000, limit: 12_000, now: T, staleAfterMs: STALE }), {
          committed: true,
          used: 5_000,
        });
        await store.counters.release({ ...c, lease: 'b' });
        assert.deepEqual(await get(store, c), { used: 5_000, held: 2_000 });
        assert.deepEqual(await weighted(store, 'e', 5_001), { leased: false, used: 5_000, held: 2_000 });
        assert.deepEqual(await weighted(store, 'f', 5_000), { leased: true, used: 5_000, held: 7_000 });
        const big = { bucket: 'cap:test', subject: '*', window: unique('w') };
        assert.deepEqual(await store.counters.lease({ ...big, lease: 'x', amount: 3_000_000_000, limit: 10_000_000_000, now: T, staleAfterMs: STALE }), {
          leased: true,
          used: 0,
          held: 3_000_000_000,
        });
        assert.deepEqual(
          await other.counters.commit({ ...big, lease: 'x', amount: 3_000_000_000, limit: 10_000_000_000, now: T, staleAfterMs: STALE }),
          { committed: true, used: 3_000_000_000 },
          'amounts past 32 bits',
        );
      });

      it('seed creates a counter with a count, and never changes one that exists', async () => {
        const c = { bucket: 'cap:test', subject: '*', window: unique('w') };
        await store.counters.seed({ ...c, used: 7_000 });
        assert.deepEqual(await get(other, c), { used: 7_000, held: 0 });
        await other.counters.seed({ ...c, used: 1 });
        assert.deepEqual(await get(store, c), { used: 7_000, held: 0 });
        assert.deepEqual(await store.counters.lease({ ...c, lease: 'a', amount: 5_001, limit: 12_000, now: T, staleAfterMs: STALE }), {
          leased: false,
          used: 7_000,
          held: 0,
        });
      });

      it('16 concurrent weighted leases of 5000 across two instances under a cap of 12000 take exactly 2', async () => {
        const c = { bucket: 'cap:test', subject: '*', window: unique('w') };
        const results = await times(16, (i) =>
          (i % 2 ? store : other).counters.lease({ ...c, lease: `w${i}`, amount: 5_000, limit: 12_000, now: T, staleAfterMs: STALE }),
        );
        assert.equal(results.filter((r) => r.leased).length, 2);
      });

      it('commitFreeUse commits the leases taken along in the same transaction, or none of them', async () => {
        const s = await openOn(unique('along').slice(0, 20));
        const c = at('caller');
        const cap = { bucket: 'cap:daily-cost', subject: '*', window: '2024-06' };
        const entry = freeUseEntry(T);
        await lease(s, c, 'l', T, 1);
        await s.counters.lease({ ...cap, lease: 'r', amount: 5_000, limit: 12_000, now: T, staleAfterMs: STALE });
        const along = [{ ...cap, lease: 'r', amount: 5_000, limit: Number.MAX_SAFE_INTEGER, now: T, staleAfterMs: STALE }];
        const input = {
          lease: { ...c, lease: 'l', limit: 1, now: T, staleAfterMs: STALE },
          alongside: along,
          ledger: entry,
          finish: { rows: [], response: { status: 200, headers: {}, body: null }, now: T },
        };
        assert.deepEqual(await s.commitFreeUse(input), { committed: true });
        assert.deepEqual(await get(s, cap), { used: 5_000, held: 0 });
        await s.counters.lease({ ...cap, lease: 'r2', amount: 5_000, limit: 12_000, now: T, staleAfterMs: STALE });
        assert.deepEqual(
          await s.commitFreeUse({ ...input, alongside: [{ ...along[0], lease: 'r2' }] }),
          { committed: false },
          'the free call is used: nothing is committed',
        );
        assert.deepEqual(await get(s, cap), { used: 5_000, held: 5_000 });
      });

      it('20 concurrent leases across two instances with limit 5 take exactly 5', async () => {
        const c = at(unique('s'));
        const results = await times(20, (i) => lease(i % 2 ? store : other, c, `c${i}`, T, 5));
        assert.equal(results.filter((r) => r.leased).length, 5);
      });

      it('commitFreeUse writes the use, the ledger entry and the answers together, or nothing', async () => {
        const s = await openOn(unique('freeuse').slice(0, 20));
        const c = at('caller');
        const entry = freeUseEntry(T);
        const response: StoredResponse = { status: 200, headers: {}, body: { status: 'ok' } };
        const rows = [
          { scope: 'ip:caller', key: 'auto:x' },
          { scope: 'ip:caller', key: 'key:y' },
        ];
        for (const row of rows) await s.requests.begin({ ...row, fingerprint: 'fp', now: T, staleAfterMs: STALE, expiresAt: T + 86_400_000 });
        await lease(s, c, 'l', T, 1);
        const input = { lease: { ...c, lease: 'l', limit: 1, now: T, staleAfterMs: STALE }, ledger: entry, finish: { rows, response, now: T } };
        assert.deepEqual(await s.commitFreeUse(input), { committed: true });
        assert.deepEqual(await get(s, c), { used: 1, held: 0 });
        assert.deepEqual(
          (await s.ledger.list({ from: T, to: T + 1 })).map((e) => [e.kind, e.requestId]),
          [['free_use', 'r1']],
        );
        for (const row of rows)
          assert.deepEqual(await s.requests.begin({ ...row, fingerprint: 'fp', now: T, staleAfterMs: STALE, expiresAt: T + 1 }), { state: 'done', response });

        const again = { ...input, ledger: { ...entry, requestId: 'r2' }, finish: { ...input.finish, rows: [{ scope: 'ip:caller', key: 'auto:z' }] } };
        await s.requests.begin({ scope: 'ip:caller', key: 'auto:z', fingerprint: 'fp', now: T, staleAfterMs: STALE, expiresAt: T + 86_400_000 });
        assert.deepEqual(await s.commitFreeUse(again), { committed: false }, 'the lease is gone and the limit is reached');
        assert.deepEqual(await get(s, c), { used: 1, held: 0 });
        assert.equal((await s.ledger.list({ from: T, to: T + 1 })).length, 1, 'no ledger entry');
        assert.equal(
          (await s.requests.begin({ scope: 'ip:caller', key: 'auto:z', fingerprint: 'fp', now: T, staleAfterMs: STALE, expiresAt: T + 1 })).state,
          'running',
          'no answer',
        );
      });
    });

    describe('counters housekeeping', () => {
      const T = 10_000_000;
      it('purgeWindowsBefore deletes the counts and leases of earlier days only, at most `limit` of each per call', async () => {
        const s = await openOn(unique('purge-cnt').slice(0, 20));
        for (const [subject, window] of [
          ['a', '2026-11-22'],
          ['b', '2026-11-22'],
          ['a', '2026-11-23'],
          ['a', '2026-11-24'],
          ['b', '2026-11-25'],
        ]) {
          await s.counters.lease({ bucket: 'free', subject, window, lease: 'l', limit: 5, now: T, staleAfterMs: 1000 });
          await s.counters.commit({ bucket: 'free', subject, window, lease: 'l', limit: 5, now: T, staleAfterMs: 1000 });
        }
        await s.counters.lease({ bucket: 'free', subject: 'a', window: '2026-11-23', lease: 'held', limit: 5, now: T, staleAfterMs: 1000 });
        assert.equal(await s.counters.purgeWindowsBefore('2026-11-24', 2), 3, 'two counts and the lease');
        assert.equal(await s.counters.purgeWindowsBefore('2026-11-24'), 1);
        assert.equal(await s.counters.purgeWindowsBefore('2026-11-24'), 0);
        const left = await Promise.all(
          [
            ['a', '2026-11-22'],
            ['a', '2026-11-23'],
            ['a', '2026-11-24'],
            ['b', '2026-11-25'],
          ].map(
            async ([subject, window]) =>
              (await s.counters.get({ bucket: 'free', subject, window, now: T, staleAfterMs: 1000 })).used +
              (await s.counters.get({ bucket: 'free', subject, window, now: T, staleAfterMs: 1000 })).held,
          ),
        );
        assert.deepEqual(left, [0, 0, 1, 1]);
      });
    });

    describe('rate housekeeping', () => {
      it('purgeBefore deletes events at or before the moment, of every bucket and subject; later hits count only what is left', async () => {
        const s = await openOn(unique('purge-rate').slice(0, 20));
        const hit = (bucket: string, subject: string, now: number) => s.rate.hit({ bucket, subject, now, windowMs: 100_000, limit: 10 });
        for (const [bucket, subject, now] of [
          ['advisor', 'x', 1_000],
          ['advisor', 'y', 2_000],
          ['mcp', 'x', 3_000],
          ['advisor', 'x', 4_000],
        ] as const)
          await hit(bucket, subject, now);
        assert.equal(await s.rate.purgeBefore(3_000, 2), 2);
        assert.equal(await s.rate.purgeBefore(3_000), 1);
        assert.equal(await s.rate.purgeBefore(3_000), 0);
        assert.equal((await hit('advisor', 'x', 5_000)).count, 2, 'the event at 4000 is kept');
        assert.equal((await hit('advisor', 'y', 5_000)).count, 1);
      });
    });

    describe('rate', () => {
      const T = 10_000_000;
      const hit = (s: Store, subject: string, now: number, over: Partial<{ bucket: string; limit: number; windowMs: number }> = {}) =>
        s.rate.hit({ bucket: 'api', subject, now, windowMs: 1000, limit: 3, ...over });

      it('allows `limit` events in the window, then refuses with the time until the oldest leaves', async () => {
        const subject = unique('ip');
        assert.deepEqual(await hit(store, subject, T), { allowed: true, count: 1, retryAfterMs: 0 });
        assert.deepEqual(await hit(other, subject, T + 100), { allowed: true, count: 2, retryAfterMs: 0 });
        assert.deepEqual(await hit(store, subject, T + 200), { allowed: true, count: 3, retryAfterMs: 0 });
        assert.deepEqual(await hit(other, subject, T + 300), { allowed: false, count: 3, retryAfterMs: 700 });
        assert.deepEqual(await hit(store, subject, T + 999), { allowed: false, count: 3, retryAfterMs: 1 });
      });

      it('allows again once the oldest event leaves the window (now - windowMs is outside)', async () => {
        const subject = unique('ip');
        for (const dt of [0, 100, 200]) await hit(store, subject, T + dt);
        assert.equal((await hit(store, subject, T + 500)).allowed, false, 'refusals are not recorded');
        assert.deepEqual(await hit(store, subject, T + 1000), { allowed: true, count: 3, retryAfterMs: 0 });
        assert.deepEqual(await hit(store, subject, T + 1050), { allowed: false, count: 3, retryAfterMs: 50 });
        assert.deepEqual(await hit(store, subject, T + 5000), { allowed: true, count: 1, retryAfterMs: 0 });
      });

      it('with several events at the same instant, retryAfterMs still points at the oldest', async () => {
        const subject = unique('ip');
        await hit(store, subject, T, { limit: 2 });
        await hit(store, subject, T, { limit: 2 });
        assert.deepEqual(await hit(store, subject, T + 400, { limit: 2 }), { allowed: false, count: 2, retryAfterMs: 600 });
      });

      it('a lowered limit waits until enough events leave, not just the oldest', async () => {
        const subject = unique('ip');
        for (const dt of [0, 100, 200]) await hit(store, subject, T + dt);
        assert.deepEqual(await hit(store, subject, T + 300, { limit: 2 }), { allowed: false, count: 3, retryAfterMs: 800 });
      });

      it('count reads the events in the window without recording one, and when the oldest leaves', async () => {
        const subject = unique('ip');
        assert.deepEqual(await store.rate.count({ bucket: 'api', subject, now: T, windowMs: 1000 }), { count: 0, oldestLeavesInMs: 0 });
        for (const dt of [0, 100, 200]) await hit(store, subject, T + dt);
        assert.deepEqual(await other.rate.count({ bucket: 'api', subject, now: T + 300, windowMs: 1000 }), { count: 3, oldestLeavesInMs: 700 });
        assert.deepEqual(
          await store.rate.count({ bucket: 'api', subject, now: T + 1000, windowMs: 1000 }),
          { count: 2, oldestLeavesInMs: 100 },
          'the event at T left',
        );
        assert.deepEqual(
          await store.rate.count({ bucket: 'api', subject, now: T + 300, windowMs: 1000 }),
          { count: 3, oldestLeavesInMs: 700 },
          'counting recorded nothing',
        );
      });

      it('subjects and buckets are counted separately', async () => {
        const subject = unique('ip');
        for (const dt of [0, 1, 2]) await hit(store, subject, T + dt);
        assert.equal((await hit(store, subject, T + 3)).allowed, false);
        assert.equal((await hit(store, unique('ip'), T + 3)).allowed, true);
        assert.equal((await hit(store, subject, T + 3, { bucket: 'mcp' })).allowed, true);
      });
    });

    describe('nonces', () => {
      const NOW = 1_700_000_000_000;

      it('claims a new nonce once and records it', async () => {
        const nonce = unique('0x');
        assert.deepEqual(await store.nonces.claim({ nonce, payer: '0xpayer', requestRef: 'req-1', now: NOW }), { claimed: true });
        assert.deepEqual(await other.nonces.get(nonce), {
          nonce,
          payer: '0xpayer',
          requestRef: 'req-1',
          state: 'claimed',
          txHash: null,
          response: null,
          claimedAt: NOW,
          updatedAt: NOW,
        });
      });

      it('a second claim is refused and returns the existing record unchanged', async () => {
        const nonce = unique('0x');
        await store.nonces.claim({ nonce, payer: '0xfirst', requestRef: 'req-1', now: NOW });
        const again = await other.nonces.claim({ nonce, payer: '0xsecond', requestRef: 'req-2', now: NOW + 5 });
        assert.equal(again.claimed, false);
        assert.ok(!again.claimed);
        assert.equal(again.existing.payer, '0xfirst');
        assert.equal(again.existing.requestRef, 'req-1');
        assert.equal(again.existing.claimedAt, NOW);
        assert.equal((await store.nonces.get(nonce))?.payer, '0xfirst');
      });

      it('update sets state and txHash; omitted txHash keeps it, null clears it', async () => {
        const nonce = unique('0x');
        await store.nonces.claim({ nonce, payer: 'p', requestRef: 'r', now: NOW });
        await store.nonces.update({ nonce, state: 'settled', txHash: '0xtx', now: NOW + 10 });
        assert.deepEqual(await store.nonces.get(nonce), {
          nonce,
          payer: 'p',
          requestRef: 'r',
          state: 'settled',
          txHash: '0xtx',
          response: null,
          claimedAt: NOW,
          updatedAt: NOW + 10,
        });
        await store.nonces.update({ nonce, state: 'failed', now: NOW + 20 });
        assert.deepEqual(await store.nonces.get(nonce), {
          nonce,
          payer: 'p',
          requestRef: 'r',
          state: 'failed',
          txHash: '0xtx',
          response: null,
          claimedAt: NOW,
          updatedAt: NOW + 20,
        });
        await store.nonces.update({ nonce, state: 'released', txHash: null, now: NOW + 30 });
        assert.deepEqual(await store.nonces.get(nonce), {
          nonce,
          payer: 'p',
          requestRef: 'r',
          state: 'released',
          txHash: null,
          response: null,
          claimedAt: NOW,
          updatedAt: NOW + 30,
        });
      });

      it('update keeps a pending response exactly until it is replaced or cleared', async () => {
        const nonce = unique('0x');
        const response = { status: 200, headers: { 'X-A': '1' }, body: { domain: 'é.example', list: [1, 2.5, null], nested: { z: 1, a: 2 } } };
        await store.nonces.claim({ nonce, payer: 'p', requestRef: 'r', now: NOW });
        await store.nonces.update({ nonce, state: 'claimed', response, now: NOW + 1 });
        await store.nonces.update({ nonce, state: 'settled', txHash: '0xabc', now: NOW + 2 });
        const settled = await other.nonces.get(nonce);
        assert.equal(JSON.stringify(settled?.response), JSON.stringify(response), 'byte-for-byte, key order kept');
        assert.equal(settled?.txHash, '0xabc');
        await store.nonces.update({ nonce, state: 'settled', response: null, now: NOW + 3 });
        assert.equal((await store.nonces.get(nonce))?.response, null);
      });

      it('a nonce is claimed once ever: even released, a new claim returns the existing record', async () => {
        const nonce = unique('0x');
        await store.nonces.claim({ nonce, payer: 'p', requestRef: 'r', now: NOW });
        await store.nonces.update({ nonce, state: 'released', now: NOW + 1 });
        const again = await store.nonces.claim({ nonce, payer: 'p', requestRef: 'r2', now: NOW + 2 });
        assert.ok(!again.claimed);
        assert.equal(again.existing.state, 'released');
      });

      it('get of an unknown nonce is null', async () => {
        assert.equal(await store.nonces.get(unique('0x')), null);
      });
    });

    describe('quotes', () => {
      const quote = (id: string) => ({
        id,
        operation: 'company.techstack',
        caller: '0xcaller',
        priceMicroUsd: 12_500,
        billableCount: 3,
        payload: TRICKY_JSON,
        createdAt: 1_000,
        expiresAt: 61_000,
      });

      it('put then get returns the quote, unpaid, with its payload exactly', async () => {
        const id = unique('q');
        await store.quotes.put(quote(id));
        const got = await other.quotes.get(id);
        assert.deepEqual(got, { ...quote(id), paidAt: null, txHash: null, claimedBy: null });
        assert.equal(JSON.stringify(got?.payload), JSON.stringify(TRICKY_JSON));
        assert.equal(await store.quotes.get(unique('q')), null);
      });

      it('markPaid succeeds once; later calls return false and change nothing', async () => {
        const id = unique('q');
        await store.quotes.put(quote(id));
        assert.equal(await store.quotes.markPaid({ id, now: 2_000, txHash: '0xpaid' }), true);
        assert.equal(await other.quotes.markPaid({ id, now: 3_000, txHash: '0xagain' }), false);
        assert.deepEqual(await store.quotes.get(id), { ...quote(id), paidAt: 2_000, txHash: '0xpaid', claimedBy: null });
      });

      it('markPaid with a null txHash still marks paid once', async () => {
        const id = unique('q');
        await store.quotes.put(quote(id));
        assert.equal(await store.quotes.markPaid({ id, now: 2_000, txHash: null }), true);
        assert.equal(await store.quotes.markPaid({ id, now: 3_000, txHash: '0xlater' }), false);
        assert.deepEqual(await store.quotes.get(id), { ...quote(id), paidAt: 2_000, txHash: null, claimedBy: null });
      });

      it('markPaid of an unknown quote is false', async () => {
        assert.equal(await store.quotes.markPaid({ id: unique('q'), now: 1, txHash: null }), false);
      });

      it('purgeExpired deletes quotes that expired before the moment, paid or not, at most `limit` per call', async () => {
        const s = await openOn(unique('purge-quo').slice(0, 20));
        const ids = ['a', 'b', 'c', 'd'].map((name) => unique(`q-${name}`));
        for (const [index, id] of ids.entries()) await s.quotes.put({ ...quote(id), expiresAt: 10_000 * (index + 1) });
        await s.quotes.markPaid({ id: ids[0], now: 5_000, txHash: '0xpaid' });
        assert.equal(await s.quotes.purgeExpired(30_000, 1), 1);
        assert.equal(await s.quotes.purgeExpired(30_000), 1, 'the quote expiring at 30000 is not before it');
        assert.equal(await s.quotes.purgeExpired(30_000), 0);
        assert.deepEqual(await Promise.all(ids.map(async (id) => (await s.quotes.get(id)) !== null)), [false, false, true, true]);
      });

      it('claim: one payment holds a quote; another is refused with the holder until the claim is given back; the same payment claims again', async () => {
        const id = unique('q');
        await store.quotes.put(quote(id));
        assert.deepEqual(await store.quotes.claim({ id, claimant: 'nonce-a', now: 2_000 }), { claimed: true });
        assert.deepEqual(await other.quotes.claim({ id, claimant: 'nonce-b', now: 2_001 }), { claimed: false, by: 'nonce-a', paid: false });
        assert.deepEqual(await other.quotes.claim({ id, claimant: 'nonce-a', now: 2_002 }), { claimed: true }, 'the same payment repeated');
        await other.quotes.releaseClaim({ id, claimant: 'nonce-b' });
        assert.equal((await store.quotes.get(id))?.claimedBy, 'nonce-a', 'only the claimant gives a claim back');
        await other.quotes.releaseClaim({ id, claimant: 'nonce-a' });
        assert.deepEqual(await other.quotes.claim({ id, claimant: 'nonce-b', now: 2_003 }), { claimed: true });
        await store.quotes.markPaid({ id, now: 2_004, txHash: '0xpaid' });
        await store.quotes.releaseClaim({ id, claimant: 'nonce-b' });
        assert.deepEqual(
          await store.quotes.claim({ id, claimant: 'nonce-c', now: 2_005 }),
          { claimed: false, by: null, paid: true },
          'a paid quote is claimed by no one',
        );
        assert.deepEqual(await store.quotes.claim({ id: unique('q'), claimant: 'nonce-c', now: 2_005 }), { claimed: false, by: null, paid: false });
      });

      it('12 concurrent claims of one quote across two instances: exactly one holds it', async () => {
        const id = unique('q');
        await store.quotes.put(quote(id));
        const results = await times(12, (i) => (i % 2 ? store : other).quotes.claim({ id, claimant: `nonce-${i}`, now: 2_000 }));
        const winners = results.flatMap((result, i) => (result.claimed ? [`nonce-${i}`] : []));
        assert.equal(winners.length, 1);
        for (const result of results) if (!result.claimed) assert.equal(result.by, winners[0]);
      });

      it('putting an existing id is rejected and cannot reset a paid quote', async () => {
        const id = unique('q');
        await store.quotes.put(quote(id));
        await store.quotes.markPaid({ id, now: 2_000, txHash: '0xpaid' });
        await assert.rejects(other.quotes.put({ ...quote(id), priceMicroUsd: 1 }));
        assert.deepEqual(await store.quotes.get(id), { ...quote(id), paidAt: 2_000, txHash: '0xpaid', claimedBy: null });
      });
    });

    describe('ledger', () => {
      const entry = (at: number, over: Partial<Omit<LedgerEntry, 'id'>> = {}): Omit<LedgerEntry, 'id'> => ({
        at,
        kind: 'charge',
        operation: 'company.profile',
        caller: '0xcaller',
        amountMicroUsd: 1000,
        payer: null,
        nonce: null,
        txHash: null,
        network: null,
        requestId: null,
        ...over,
      });
      /** Each test uses its own stretch of time, so tests sharing the table do not see each other. */
      let epoch = 5_000_000_000_000;
      const nextRange = () => (epoch += 1_000_000);

      it('append returns increasing ids; list gives from <= at < to, oldest first, with every field', async () => {
        const t = nextRange();
        const full = entry(t + 20, {
          kind: 'settlement',
          payer: '0xpayer',
          nonce: '0xnonce',
          txHash: '0xtx',
          network: 'eip155:8453',
          requestId: 'req-1',
          amountMicroUsd: 9_007_199_254_740_991,
        });
        const ids = [
          await store.ledger.append(entry(t + 30)),
          await other.ledger.append(full),
          await store.ledger.append(entry(t)),
          await store.ledger.append(entry(t + 20, { operation: 'same-instant' })),
          await store.ledger.append(entry(t + 100)),
          await store.ledger.append(entry(t - 1)),
        ];
        for (const id of ids) assert.equal(typeof id, 'number');
        assert.ok(
          ids.every((id, i) => i === 0 || id > ids[i - 1]),
          `ids increase: ${ids}`,
        );

        const listed = await store.ledger.list({ from: t, to: t + 100 });
        assert.deepEqual(listed, [
          { ...entry(t), id: ids[2] },
          { ...full, id: ids[1] },
          { ...entry(t + 20, { operation: 'same-instant' }), id: ids[3] },
          { ...entry(t + 30), id: ids[0] },
        ]);
      });

      it('list honours limit, keeping the oldest', async () => {
        const t = nextRange();
        for (const dt of [3, 1, 2, 0]) await store.ledger.append(entry(t + dt));
        assert.deepEqual(
          (await store.ledger.list({ from: t, to: t + 10, limit: 2 })).map((e) => e.at),
          [t, t + 1],
        );
        assert.deepEqual(await store.ledger.list({ from: t + 10, to: t + 20 }), []);
      });

      it('sum adds amounts of the given kinds within from <= at < to', async () => {
        const t = nextRange();
        await store.ledger.append(entry(t, { kind: 'charge', amountMicroUsd: 5_000_000_000_000 }));
        await store.ledger.append(entry(t + 1, { kind: 'settlement', amountMicroUsd: 300 }));
        await store.ledger.append(entry(t + 2, { kind: 'free_use', amountMicroUsd: 7 }));
        await store.ledger.append(entry(t + 3, { kind: 'charge', amountMicroUsd: 40 }));
        await store.ledger.append(entry(t + 10, { kind: 'charge', amountMicroUsd: 1 }));
        await store.ledger.append(entry(t - 1, { kind: 'charge', amountMicroUsd: 2 }));

        const total = await other.ledger.sum({ from: t, to: t + 10, kinds: ['charge'] });
        assert.equal(typeof total, 'number');
        assert.equal(total, 5_000_000_000_040);
        assert.equal(await store.ledger.sum({ from: t, to: t + 10, kinds: ['charge', 'settlement'] }), 5_000_000_000_340);
        assert.equal(await store.ledger.sum({ from: t + 1, to: t + 3, kinds: ['charge', 'settlement', 'free_use'] }), 307);
        assert.equal(await store.ledger.sum({ from: t, to: t + 11, kinds: ['refund_free_use'] }), 0);
        assert.equal(await store.ledger.sum({ from: t, to: t + 11, kinds: [] }), 0);
      });
    });

    describe('snapshots', () => {
      it('get is null until put; put replaces with a newer value', async () => {
        const key = unique('example.com');
        assert.equal(await store.snapshots.get({ kind: 'techstack', key }), null);
        await store.snapshots.put({ kind: 'techstack', key, value: TRICKY_JSON, at: 100 });
        const got = await other.snapshots.get({ kind: 'techstack', key });
        assert.deepEqual(got, { value: TRICKY_JSON, at: 100 });
        assert.equal(JSON.stringify(got?.value), JSON.stringify(TRICKY_JSON));
        await other.snapshots.put({ kind: 'techstack', key, value: ['v2'], at: 200 });
        assert.deepEqual(await store.snapshots.get({ kind: 'techstack', key }), { value: ['v2'], at: 200 });
      });

      it('an older observation does not replace a newer one; an equal time does', async () => {
        const key = unique('example.com');
        await store.snapshots.put({ kind: 'techstack', key, value: 'new', at: 200 });
        await store.snapshots.put({ kind: 'techstack', key, value: 'old', at: 100 });
        assert.deepEqual(await store.snapshots.get({ kind: 'techstack', key }), { value: 'new', at: 200 });
        await store.snapshots.put({ kind: 'techstack', key, value: 'same-time', at: 200 });
        assert.deepEqual(await store.snapshots.get({ kind: 'techstack', key }), { value: 'same-time', at: 200 });
      });

      it('kinds and keys are independent; scalar JSON values round-trip', async () => {
        const key = unique('k');
        await store.snapshots.put({ kind: 'a', key, value: null, at: 1 });
        await store.snapshots.put({ kind: 'b', key, value: 0, at: 1 });
        await store.snapshots.put({ kind: 'a', key: `${key}-2`, value: false, at: 1 });
        assert.deepEqual(await store.snapshots.get({ kind: 'a', key }), { value: null, at: 1 });
        assert.deepEqual(await store.snapshots.get({ kind: 'b', key }), { value: 0, at: 1 });
        assert.deepEqual(await store.snapshots.get({ kind: 'a', key: `${key}-2` }), { value: false, at: 1 });
      });
    });

    describe('cache', () => {
      it('returns the value until expiresAt, then null', async () => {
        const key = unique('dns');
        await store.cache.set({ ns: 'dns', key, value: TRICKY_JSON, expiresAt: 1_000 });
        assert.deepEqual(await other.cache.get({ ns: 'dns', key, now: 999 }), { value: TRICKY_JSON, expiresAt: 1_000 });
        assert.equal(await store.cache.get({ ns: 'dns', key, now: 1_000 }), null);
        assert.equal(await store.cache.get({ ns: 'dns', key, now: 5_000 }), null);
        assert.equal(await store.cache.get({ ns: 'other-ns', key, now: 0 }), null);
      });

      it('set overwrites value and expiry, also reviving an expired entry', async () => {
        const key = unique('board');
        await store.cache.set({ ns: 'jobs', key, value: 'v1', expiresAt: 1_000 });
        await other.cache.set({ ns: 'jobs', key, value: { v: 2 }, expiresAt: 3_000 });
        assert.deepEqual(await store.cache.get({ ns: 'jobs', key, now: 2_000 }), { value: { v: 2 }, expiresAt: 3_000 });
      });

      it('purgeExpired deletes expired entries, returns how many, keeps live ones', async () => {
        const s = await openOn(unique('purge-cache').slice(0, 20));
        await s.cache.set({ ns: 'n', key: 'a', value: 1, expiresAt: 100 });
        await s.cache.set({ ns: 'n', key: 'b', value: 2, expiresAt: 200 });
        await s.cache.set({ ns: 'n', key: 'c', value: 3, expiresAt: 300 });
        assert.equal(await s.cache.purgeExpired(200), 2);
        assert.equal(await s.cache.purgeExpired(200), 0);
        assert.deepEqual(await s.cache.get({ ns: 'n', key: 'c', now: 200 }), { value: 3, expiresAt: 300 });
        await s.cache.set({ ns: 'n', key: 'a', value: 'back', expiresAt: 1_000 });
        assert.deepEqual(await s.cache.get({ ns: 'n', key: 'a', now: 0 }), { value: 'back', expiresAt: 1_000 });
        for (const key of ['d', 'e', 'f']) await s.cache.set({ ns: 'n', key, value: key, expiresAt: 400 });
        assert.deepEqual(
          [await s.cache.purgeExpired(500, 2), await s.cache.purgeExpired(500, 2), await s.cache.purgeExpired(500, 2)],
          [2, 2, 0],
          'at most `limit` per call (c at 300 and d-f at 400)',
        );
      });
    });

    describe('meta', () => {
      it('get is null until claimed; the first claim stores its value, later claims get it back', async () => {
        const key = unique('signing-key');
        assert.equal(await store.meta.get(key), null);
        assert.deepEqual(await store.meta.claim({ key, value: TRICKY_JSON, now: 1 }), TRICKY_JSON);
        assert.deepEqual(await other.meta.claim({ key, value: 'second', now: 2 }), TRICKY_JSON);
        assert.deepEqual(await other.meta.get(key), TRICKY_JSON);
        assert.equal(await store.meta.get(unique('other-key')), null);
      });

      it('20 concurrent claims from two instances all get the same, single stored value', async () => {
        const key = unique('race');
        const results = await times(20, (i) => (i % 2 === 0 ? store : other).meta.claim({ key, value: `value-${i}`, now: i }));
        assert.equal(new Set(results).size, 1, JSON.stringify(results));
        assert.match(String(results[0]), /^value-\d+$/);
        assert.equal(await store.meta.get(key), results[0]);
      });
    });

    describe('concurrency across two instances', () => {
      /** Alternate calls between the two instances (two pools / two connections). */
      const either = (i: number) => (i % 2 === 0 ? store : other);

      it('50 concurrent leases and commits with limit 5 take exactly 5, and 5 uses are left', async () => {
        const c = { bucket: 'free', subject: unique('s'), window: 'w' };
        const fresh = { now: 1_000, staleAfterMs: 60_000 };
        const results = await times(50, async (i) => {
          const lease = { ...c, ...fresh, lease: `l${i}`, limit: 5 };
          const taken = await either(i).counters.lease(lease);
          return taken.leased ? (await either(i + 1).counters.commit(lease)).committed : false;
        });
        assert.equal(results.filter(Boolean).length, 5);
        assert.deepEqual(await store.counters.get({ ...c, ...fresh }), { used: 5, held: 0 });
      });

      it('20 concurrent claims of one nonce: exactly one is claimed, the rest see its record', async () => {
        const nonce = unique('0x');
        const results = await times(20, (i) => either(i).nonces.claim({ nonce, payer: `payer-${i}`, requestRef: `req-${i}`, now: 1 }));
        const winners = results.flatMap((r, i) => (r.claimed ? [i] : []));
        assert.equal(winners.length, 1);
        for (const r of results) if (!r.claimed) assert.equal(r.existing.payer, `payer-${winners[0]}`);
      });

      it('20 concurrent begins of one key: exactly one started, the rest running', async () => {
        const key = unique('k');
        const input = { scope: 'op', key, fingerprint: 'fp', now: 1_000, staleAfterMs: 30_000, expiresAt: 1_000_000 };
        const results = await times(20, (i) => either(i).requests.begin(input));
        assert.equal(results.filter((r) => r.state === 'started').length, 1);
        assert.equal(results.filter((r) => r.state === 'running').length, 19);
      });

      it('20 concurrent takeovers of one stale request: exactly one started', async () => {
        const key = unique('k');
        const input = { scope: 'op', key, fingerprint: 'fp', now: 1_000, staleAfterMs: 30_000, expiresAt: 1_000_000 };
        await store.requests.begin(input);
        const results = await times(20, (i) => either(i).requests.begin({ ...input, now: 100_000 }));
        assert.equal(results.filter((r) => r.state === 'started').length, 1);
        assert.ok(results.every((r) => r.state === 'started' || (r.state === 'running' && r.startedAt === 100_000)));
      });

      it('20 concurrent rate hits with limit 5 allow exactly 5', async () => {
        const subject = unique('ip');
        const results = await times(20, (i) => either(i).rate.hit({ bucket: 'api', subject, now: 50_000, windowMs: 1_000, limit: 5 }));
        assert.equal(results.filter((r) => r.allowed).length, 5);
        assert.deepEqual(
          results
            .filter((r) => r.allowed)
            .map((r) => r.count)
            .sort(),
          [1, 2, 3, 4, 5],
        );
        assert.ok(results.every((r) => r.allowed || r.retryAfterMs === 1_000));
      });

      it('20 concurrent markPaid of one quote: exactly one true', async () => {
        const id = unique('q');
        await store.quotes.put({ id, operation: 'op', caller: 'c', priceMicroUsd: 1, billableCount: 1, payload: null, createdAt: 0, expiresAt: 10 });
        const results = await times(20, (i) => either(i).quotes.markPaid({ id, now: 5, txHash: `0x${i}` }));
        assert.equal(results.filter(Boolean).length, 1);
      });

      it('4 processes opening a fresh database at once migrate it and share one counter', async () => {
        const database = unique('procs').slice(0, 20);
        const input = { options: backend.options(database), bucket: 'free', subject: 's', window: 'w', limit: 30, attempts: 25 };
        const outputs = await times(4, () => run(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(input)], { timeout: 60_000 }));
        const consumed = outputs.map(({ stdout }) => (JSON.parse(stdout) as { consumed: number }).consumed);
        assert.equal(
          consumed.reduce((a, b) => a + b, 0),
          30,
          `per process: ${consumed}`,
        );
        const s = await openOn(database);
        assert.deepEqual(await s.counters.get({ bucket: 'free', subject: 's', window: 'w', now: 0, staleAfterMs: 60_000 }), { used: 0, held: 30 });
        assert.deepEqual(
          (await backend.appliedVersions(database)).sort((a, b) => a - b),
          ALL_VERSIONS,
        );
      });
    });
  });
}

async function sqliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
  // Nested, not-yet-existing directories: opening must create them.
  const path = (database: string) => join(dir, database, 'nested', 'store.sqlite');
  return {
    options: (database) => ({ sqlitePath: path(database) }),
    async appliedVersions(database) {
      const db = new Database(path(database), { readonly: true });
      try {
        return db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
      } finally {
        db.close();
      }
    },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(url: string): () => Promise<Backend> {
  return async () => {
    const prefix = `store_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const schema = (database: string) => `${prefix}_${database.replaceAll('-', '_')}`.toLowerCase();
    const used = new Set<string>();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    return {
      options(database) {
        used.add(schema(database));
        return { databaseUrl: url, pgSchema: schema(database) };
      },
      async appliedVersions(database) {
        const result = await admin.query<{ version: number }>(`SELECT version FROM ${quoteIdent(schema(database))}.schema_migrations`);
        return result.rows.map((r) => r.version);
      },
      async cleanup() {
        try {
          for (const name of used) await admin.query(`DROP SCHEMA IF EXISTS ${quoteIdent(name)} CASCADE`);
        } finally {
          await admin.end();
        }
      },
    };
  };
}

storeSuite('SQLite store', sqliteBackend);

const DATABASE_URL = process.env.DATABASE_URL;
storeSuite('PostgreSQL store', postgresBackend(DATABASE_URL ?? ''), DATABASE_URL ? {} : { skip: 'DATABASE_URL not set' });

describe('openStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'open-store-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('opens SQLite when no postgres URL is given, creating missing parent directories', async () => {
    const sqlitePath = join(dir, 'a', 'b', 'service.sqlite');
    const store = await openStore({ sqlitePath, databaseUrl: 'file:ignored' });
    try {
      assert.equal(store.kind, 'sqlite');
      assert.ok(existsSync(sqlitePath));
    } finally {
      await store.close();
    }
  });

  it('supports an in-memory SQLite database', async () => {
    const store = await openStore({ sqlitePath: ':memory:' });
    try {
      assert.deepEqual(await store.counters.lease({ bucket: 'b', subject: 's', window: 'w', lease: 'l', limit: 1, now: 0, staleAfterMs: 1 }), {
        leased: true,
        used: 0,
        held: 1,
      });
    } finally {
      await store.close();
    }
  });

  it('opens PostgreSQL for postgres:// and postgresql:// URLs', { skip: DATABASE_URL ? false : 'DATABASE_URL not set' }, async () => {
    const schema = `store_test_open_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const url = DATABASE_URL ?? '';
    const variants = [url.replace(/^postgresql:/, 'postgres:'), url.replace(/^postgres:/, 'postgresql:')];
    try {
      for (const databaseUrl of variants) {
        const store = await openStore({ databaseUrl, pgSchema: schema });
        try {
          assert.equal(store.kind, 'postgres');
          await store.ping();
        } finally {
          await store.close();
        }
      }
    } finally {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await admin.end();
    }
  });
});

describe('SQLite rate hits share one transaction per turn of the event loop (group commit)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rate-batch-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const hit = (store: Store, subject: string, now: number) => store.rate.hit({ bucket: 'advisor', subject, now, windowMs: 1_000, limit: 3 });

  it('hits asked for at once are decided in the order asked', async () => {
    const store = await openStore({ sqlitePath: join(dir, 'order.sqlite') });
    try {
      const results = await Promise.all([0, 1, 2, 3, 4].map((i) => hit(store, 'a', 10_000 + i)));
      assert.deepEqual(
        results.map((r) => [r.allowed, r.count]),
        [
          [true, 1],
          [true, 2],
          [true, 3],
          [false, 3],
          [false, 3],
        ],
      );
      assert.deepEqual(results[3], { allowed: false, count: 3, retryAfterMs: 997 });
    } finally {
      await store.close();
    }
  });

  it('close() first records the hits already asked for, and answers them', async () => {
    const sqlitePath = join(dir, 'close.sqlite');
    const store = await openStore({ sqlitePath });
    const asked = [hit(store, 'b', 10_000), hit(store, 'b', 10_001)];
    await store.close();
    assert.deepEqual(
      (await Promise.all(asked)).map((r) => r.count),
      [1, 2],
    );
    const reopened = await openStore({ sqlitePath });
    try {
      assert.deepEqual(await hit(reopened, 'b', 10_002), { allowed: true, count: 3, retryAfterMs: 0 });
    } finally {
      await reopened.close();
    }
  });
});
