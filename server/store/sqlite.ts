/**
 * SQLite backend (better-sqlite3). Every decision runs in a synchronous IMMEDIATE transaction:
 * the write lock is taken up front, so other processes on the same file wait (busy_timeout)
 * instead of deciding on stale reads. Methods are async only to fit the Store interface.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrateSqlite } from './migrations.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import {
  classifyExisting,
  LEDGER_COLUMNS,
  ledgerValues,
  QUOTE_COLUMNS,
  quoteValues,
  rateOffset,
  retryAfter,
  toJsonText,
  fromJsonText,
  toLedgerEntry,
  toNonceRecord,
  toQuoteRecord,
  type LedgerRow,
  type NonceRow,
  type QuoteRow,
  type RequestRow,
} from './rows.ts';
import type {
  CacheRepo,
  CounterRef,
  CountersRepo,
  FreeUseCommit,
  Freshness,
  Json,
  LeaseRef,
  LedgerEntry,
  LedgerRepo,
  MetaRepo,
  NoncesRepo,
  QuotesRepo,
  RateRepo,
  RequestsRepo,
  SnapshotsRepo,
  Store,
  Weighted,
} from './types.ts';

type Db = Database.Database;

/** DELETE of at most `limit` rows matching `where` (SQLite has no DELETE ... LIMIT by default); -1 is no limit. */
function boundedDelete(db: Db, table: string, where: string) {
  const statement = db.prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ?)`);
  return (value: number | string, limit = Infinity) => statement.run(value, Number.isFinite(limit) ? Math.max(0, Math.trunc(limit)) : -1).changes;
}

export interface SqliteStoreOptions {
  path?: string;
  busyTimeoutMs?: number;
  /**
   * Who checkpoints the write-ahead log: a worker thread (server/store/sqlite-checkpointer.ts), or
   * SQLite itself inside the commit that crosses 1,000 pages, on the event loop ('inline'; what
   * bench:store compares against).
   */
  walCheckpoints?: 'worker' | 'inline';
}

export async function openSqliteStore({
  path = './data/service.sqlite',
  busyTimeoutMs = 5000,
  walCheckpoints = 'worker',
}: SqliteStoreOptions = {}): Promise<Store> {
  const db = openDatabase(path, busyTimeoutMs);
  try {
    migrateSqlite(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const rate = sqliteRate(db);
  const requests = sqliteRequests(db);
  const counters = sqliteCounters(db);
  const ledger = sqliteLedger(db);
  const commitFreeUse = db.transaction(({ lease, alongside = [], ledger: entry, finish }: FreeUseCommit) => {
    const committed = counters.commitInside(lease);
    if (!committed.committed) return { committed: false };
    for (const other of alongside) counters.commitInside(other);
    ledger.insertInside(entry);
    for (const row of finish.rows) requests.finishInside({ ...row, response: finish.response, now: finish.now });
    return { committed: true };
  });
  const checkpointer = isInMemory(path) || walCheckpoints === 'inline' ? null : startCheckpointer(db, { path, busyTimeoutMs });
  return {
    kind: 'sqlite',
    requests: requests.repo,
    counters: counters.repo,
    rate: { hit: rate.hit, count: rate.count, purgeBefore: rate.purgeBefore },
    nonces: sqliteNonces(db),
    quotes: sqliteQuotes(db),
    ledger: ledger.repo,
    snapshots: sqliteSnapshots(db),
    cache: sqliteCache(db),
    meta: sqliteMeta(db),
    async commitFreeUse(input) {
      return commitFreeUse.immediate(input);
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (!db.open) return;
      await checkpointer?.stop();
      // After the wait: hits asked for meanwhile are recorded too.
      rate.flush();
      db.close();
    },
  };
}

const isInMemory = (path: string) => path === ':memory:' || path === '';

function openDatabase(path: string, busyTimeoutMs: number): Db {
  const inMemory = isInMemory(path);
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // busy_timeout first: switching to WAL itself needs a lock another process may hold.
  db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  if (!inMemory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

function sqliteRequests(db: Db) {
  const select = db.prepare('SELECT fingerprint, state, started_at, renewed_at, response, expires_at FROM requests WHERE scope = ? AND req_key = ?');
  const write = db.prepare(`INSERT INTO requests (scope, req_key, fingerprint, state, started_at, finished_at, response, expires_at)
    VALUES (?, ?, ?, 'running', ?, NULL, NULL, ?)
    ON CONFLICT (scope, req_key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'running',
      started_at = excluded.started_at, renewed_at = NULL, finished_at = NULL, response = NULL, expires_at = excluded.expires_at`);
  const renew = db.prepare(`UPDATE requests SET renewed_at = ? WHERE scope = ? AND req_key = ? AND state = 'running'`);
  const finish = db.prepare(`UPDATE requests SET state = 'done', response = ?, finished_at = ?
    WHERE scope = ? AND req_key = ? AND state = 'running'`);
  const abandon = db.prepare(`DELETE FROM requests WHERE scope = ? AND req_key = ? AND state = 'running'`);
  const purge = boundedDelete(db, 'requests', 'expires_at < ?');

  const begin = db.transaction((input: Parameters<RequestsRepo['begin']>[0]) => {
    const row = select.get(input.scope, input.key) as RequestRow | undefined;
    const verdict = row ? classifyExisting(row, input) : 'take';
    if (verdict !== 'take') return verdict;
    write.run(input.scope, input.key, input.fingerprint, input.now, input.expiresAt);
    return { state: 'started' as const };
  });
  function finishInside({ scope, key, response, now }: Parameters<RequestsRepo['finish']>[0]) {
    finish.run(toJsonText(response), now, scope, key);
  }

  const repo: RequestsRepo = {
    async begin(input) {
      return begin.immediate(input);
    },
    async renew({ scope, key, now }) {
      return renew.run(now, scope, key).changes === 1;
    },
    async finish(input) {
      finishInside(input);
    },
    async abandon({ scope, key }) {
      abandon.run(scope, key);
    },
    async purgeExpired(now, limit) {
      return purge(now, limit);
    },
  };
  return { repo, finishInside };
}

function sqliteCounters(db: Db) {
  const usedOf = db.prepare('SELECT used FROM counters WHERE bucket = ? AND subject = ? AND win = ?').pluck();
  const heldOf = db.prepare('SELECT COALESCE(SUM(amount), 0) FROM counter_leases WHERE bucket = ? AND subject = ? AND win = ? AND renewed_at >= ?').pluck();
  const dropStaleOf = db.prepare('DELETE FROM counter_leases WHERE bucket = ? AND subject = ? AND win = ? AND renewed_at < ?');
  const insertLease = db.prepare('INSERT INTO counter_leases (bucket, subject, win, lease_id, renewed_at, amount) VALUES (?, ?, ?, ?, ?, ?)');
  const deleteLease = db.prepare('DELETE FROM counter_leases WHERE bucket = ? AND subject = ? AND win = ? AND lease_id = ?');
  const renewLease = db.prepare('UPDATE counter_leases SET renewed_at = ? WHERE bucket = ? AND subject = ? AND win = ? AND lease_id = ?');
  const addUse = db
    .prepare(
      'INSERT INTO counters (bucket, subject, win, used) VALUES (?, ?, ?, ?) ON CONFLICT (bucket, subject, win) DO UPDATE SET used = counters.used + excluded.used RETURNING used',
    )
    .pluck();
  const seed = db.prepare('INSERT INTO counters (bucket, subject, win, used) VALUES (?, ?, ?, ?) ON CONFLICT (bucket, subject, win) DO NOTHING');
  const purgeCounts = boundedDelete(db, 'counters', 'win < ?');
  const purgeLeases = boundedDelete(db, 'counter_leases', 'win < ?');
  const reclaim = boundedDelete(db, 'counter_leases', 'renewed_at < ?');

  const freshSince = ({ now, staleAfterMs }: Freshness) => now - staleAfterMs;
  function counts({ bucket, subject, window }: CounterRef, since: number) {
    return { used: (usedOf.get(bucket, subject, window) as number | undefined) ?? 0, held: heldOf.get(bucket, subject, window, since) as number };
  }

  const lease = db.transaction((input: LeaseRef & Freshness & Weighted & { limit: number }) => {
    const { bucket, subject, window, lease: id, limit, now, amount = 1 } = input;
    const since = freshSince(input);
    dropStaleOf.run(bucket, subject, window, since);
    const { used, held } = counts(input, since);
    if (used + held + amount > limit) return { leased: false, used, held };
    insertLease.run(bucket, subject, window, id, now, amount);
    return { leased: true, used, held: held + amount };
  });
  /** Runs inside a transaction (commit alone, or commitFreeUse). */
  function commitInside(input: LeaseRef & Freshness & Weighted & { limit: number }) {
    const { bucket, subject, window, lease: id, limit, amount = 1 } = input;
    const had = deleteLease.run(bucket, subject, window, id).changes === 1;
    if (!had) {
      const { used, held } = counts(input, freshSince(input));
      if (used + held + amount > limit) return { committed: false, used };
    }
    return { committed: true, used: addUse.get(bucket, subject, window, amount) as number };
  }
  const commit = db.transaction(commitInside);

  const repo: CountersRepo = {
    async lease(input) {
      return lease.immediate(input);
    },
    async renew({ bucket, subject, window, lease: id, now }) {
      return renewLease.run(now, bucket, subject, window, id).changes === 1;
    },
    async release({ bucket, subject, window, lease: id }) {
      deleteLease.run(bucket, subject, window, id);
    },
    async commit(input) {
      return commit.immediate(input);
    },
    async seed({ bucket, subject, window, used }) {
      seed.run(bucket, subject, window, used);
    },
    async get(input) {
      return counts(input, freshSince(input));
    },
    async reclaimStale({ limit, ...freshness }) {
      return reclaim(freshSince(freshness), limit);
    },
    async purgeWindowsBefore(window, limit) {
      return purgeCounts(window, limit) + purgeLeases(window, limit);
    },
  };
  return { repo, commitInside };
}

/**
 * Group commit: hits asked for in one turn of the event loop run in one IMMEDIATE transaction, so
 * they share one WAL commit (most of a hit's cost) instead of one each. Each is still decided in
 * the order asked, and none is answered before the commit that records it.
 */
function sqliteRate(db: Db): RateRepo & { flush(): void } {
  const count = db.prepare('SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND subject = ? AND at > ? AND at <= ?').pluck();
  const record = db.prepare('INSERT INTO rate_events (bucket, subject, at) VALUES (?, ?, ?)');
  const nth = db.prepare('SELECT at FROM rate_events WHERE bucket = ? AND subject = ? AND at > ? AND at <= ? ORDER BY at LIMIT 1 OFFSET ?').pluck();

  type HitInput = Parameters<RateRepo['hit']>[0];
  type HitResult = Awaited<ReturnType<RateRepo['hit']>>;
  function hitOne({ bucket, subject, now, windowMs, limit }: HitInput): HitResult {
    const since = now - windowMs;
    // Events that left the window are not deleted here: the count skips them, and housekeeping
    // purges them (server/store/housekeeping.ts).
    const counted = count.get(bucket, subject, since, now) as number;
    if (counted < limit) {
      record.run(bucket, subject, now);
      return { allowed: true, count: counted + 1, retryAfterMs: 0 };
    }
    const leaving = nth.get(bucket, subject, since, now, rateOffset(counted, limit)) as number | undefined;
    return { allowed: false, count: counted, retryAfterMs: retryAfter(leaving, { now, windowMs }) };
  }
  const hitAll = db.transaction((inputs: HitInput[]) => inputs.map(hitOne));
  const oldest = db.prepare('SELECT MIN(at) FROM rate_events WHERE bucket = ? AND subject = ? AND at > ? AND at <= ?').pluck();
  const purge = boundedDelete(db, 'rate_events', 'at <= ?');

  let pending: { input: HitInput; resolve: (result: HitResult) => void; reject: (error: unknown) => void }[] = [];
  function flush() {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    let results: HitResult[];
    try {
      results = hitAll.immediate(batch.map((hit) => hit.input));
    } catch (error) {
      for (const hit of batch) hit.reject(error);
      return;
    }
    batch.forEach((hit, i) => hit.resolve(results[i]));
  }

  return {
    hit(input) {
      return new Promise<HitResult>((resolve, reject) => {
        if (pending.push({ input, resolve, reject }) === 1) setImmediate(flush);
      });
    },
    async count({ bucket, subject, now, windowMs }) {
      const since = now - windowMs;
      const counted = count.get(bucket, subject, since, now) as number;
      const first = counted ? (oldest.get(bucket, subject, since, now) as number) : null;
      return { count: counted, oldestLeavesInMs: first === null ? 0 : first + windowMs - now };
    },
    async purgeBefore(at, limit) {
      return purge(at, limit);
    },
    flush,
  };
}

function sqliteNonces(db: Db): NoncesRepo {
  const insert = db.prepare(`INSERT INTO nonces (nonce, payer, request_ref, state, tx_hash, claimed_at, updated_at)
    VALUES (?, ?, ?, 'claimed', NULL, ?, ?) ON CONFLICT (nonce) DO NOTHING`);
  const select = db.prepare('SELECT * FROM nonces WHERE nonce = ?');
  const setState = db.prepare(`UPDATE nonces SET state = ?, updated_at = ?,
    tx_hash = CASE WHEN ? THEN ? ELSE tx_hash END, response = CASE WHEN ? THEN ? ELSE response END WHERE nonce = ?`);

  const claim = db.transaction(({ nonce, payer, requestRef, now }: Parameters<NoncesRepo['claim']>[0]) => {
    if (insert.run(nonce, payer, requestRef, now, now).changes === 1) return { claimed: true as const };
    return { claimed: false as const, existing: toNonceRecord(select.get(nonce) as NonceRow) };
  });

  return {
    async claim(input) {
      return claim.immediate(input);
    },
    async update({ nonce, state, txHash, response, now }) {
      const responseText = response === undefined || response === null ? null : JSON.stringify(response);
      setState.run(state, now, txHash === undefined ? 0 : 1, txHash ?? null, response === undefined ? 0 : 1, responseText, nonce);
    },
    async get(nonce) {
      const row = select.get(nonce) as NonceRow | undefined;
      return row ? toNonceRecord(row) : null;
    },
  };
}

function sqliteQuotes(db: Db): QuotesRepo {
  const insert = db.prepare(`INSERT INTO quotes (${QUOTE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const select = db.prepare('SELECT * FROM quotes WHERE id = ?');
  const markPaid = db.prepare('UPDATE quotes SET paid_at = ?, tx_hash = ? WHERE id = ? AND paid_at IS NULL');
  const takeClaim = db.prepare('UPDATE quotes SET claimed_by = ?, claimed_at = ? WHERE id = ? AND paid_at IS NULL AND (claimed_by IS NULL OR claimed_by = ?)');
  const holder = db.prepare('SELECT claimed_by, paid_at FROM quotes WHERE id = ?');
  const releaseClaim = db.prepare('UPDATE quotes SET claimed_by = NULL, claimed_at = NULL WHERE id = ? AND claimed_by = ?');
  const claim = db.transaction(({ id, claimant, now }: Parameters<QuotesRepo['claim']>[0]) => {
    if (takeClaim.run(claimant, now, id, claimant).changes === 1) return { claimed: true as const };
    const row = holder.get(id) as { claimed_by: string | null; paid_at: number | null } | undefined;
    return { claimed: false as const, by: row?.claimed_by ?? null, paid: row?.paid_at != null };
  });
  const purge = boundedDelete(db, 'quotes', 'expires_at < ?');
  return {
    async put(quote) {
      insert.run(...quoteValues(quote));
    },
    async get(id) {
      const row = select.get(id) as QuoteRow | undefined;
      return row ? toQuoteRecord(row) : null;
    },
    async markPaid({ id, now, txHash }) {
      return markPaid.run(now, txHash, id).changes === 1;
    },
    async claim(input) {
      return claim.immediate(input);
    },
    async releaseClaim({ id, claimant }) {
      releaseClaim.run(id, claimant);
    },
    async purgeExpired(before, limit) {
      return purge(before, limit);
    },
  };
}

function sqliteLedger(db: Db) {
  const insert = db.prepare(`INSERT INTO ledger (${LEDGER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const listAll = db.prepare('SELECT * FROM ledger WHERE at >= ? AND at < ? ORDER BY at, id');
  const listSome = db.prepare('SELECT * FROM ledger WHERE at >= ? AND at < ? ORDER BY at, id LIMIT ?');
  const insertInside = (entry: Omit<LedgerEntry, 'id'>) => Number(insert.run(...ledgerValues(entry)).lastInsertRowid);
  const repo: LedgerRepo = {
    async append(entry) {
      return insertInside(entry);
    },
    async list({ from, to, limit }) {
      const rows = (limit === undefined ? listAll.all(from, to) : listSome.all(from, to, limit)) as LedgerRow[];
      return rows.map(toLedgerEntry);
    },
    async sum({ from, to, kinds }) {
      if (kinds.length === 0) return 0;
      const placeholders = kinds.map(() => '?').join(', ');
      const sql = `SELECT COALESCE(SUM(amount_micro_usd), 0) FROM ledger WHERE at >= ? AND at < ? AND kind IN (${placeholders})`;
      return db
        .prepare(sql)
        .pluck()
        .get(from, to, ...kinds) as number;
    },
  };
  return { repo, insertInside };
}

function sqliteSnapshots(db: Db): SnapshotsRepo {
  const select = db.prepare('SELECT value, at FROM snapshots WHERE kind = ? AND snap_key = ?');
  // An older observation never replaces a newer one (instances may write out of order).
  const upsert = db.prepare(`INSERT INTO snapshots (kind, snap_key, value, at) VALUES (?, ?, ?, ?)
    ON CONFLICT (kind, snap_key) DO UPDATE SET value = excluded.value, at = excluded.at WHERE excluded.at >= snapshots.at`);
  return {
    async get({ kind, key }) {
      const row = select.get(kind, key) as { value: string; at: number } | undefined;
      return row ? { value: fromJsonText(row.value), at: row.at } : null;
    },
    async put({ kind, key, value, at }) {
      upsert.run(kind, key, toJsonText(value), at);
    },
  };
}

function sqliteCache(db: Db): CacheRepo {
  const select = db.prepare('SELECT value, expires_at FROM cache WHERE ns = ? AND cache_key = ? AND expires_at > ?');
  const upsert = db.prepare(`INSERT INTO cache (ns, cache_key, value, expires_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (ns, cache_key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`);
  const purge = boundedDelete(db, 'cache', 'expires_at <= ?');
  return {
    async get({ ns, key, now }) {
      const row = select.get(ns, key, now) as { value: string; expires_at: number } | undefined;
      return row ? { value: fromJsonText(row.value), expiresAt: row.expires_at } : null;
    },
    async set({ ns, key, value, expiresAt }) {
      upsert.run(ns, key, toJsonText(value), expiresAt);
    },
    async purgeExpired(now, limit) {
      return purge(now, limit);
    },
  };
}

function sqliteMeta(db: Db): MetaRepo {
  const select = db.prepare('SELECT value FROM service_meta WHERE meta_key = ?');
  // The first writer wins; a later claim reads what is there.
  const insert = db.prepare('INSERT INTO service_meta (meta_key, value, created_at) VALUES (?, ?, ?) ON CONFLICT (meta_key) DO NOTHING');
  const read = (key: string): Json | null => {
    const row = select.get(key) as { value: string } | undefined;
    return row ? fromJsonText(row.value) : null;
  };
  return {
    async get(key) {
      return read(key);
    },
    async claim({ key, value, now }) {
      insert.run(key, toJsonText(value), now);
      return read(key) as Json;
    },
  };
}
