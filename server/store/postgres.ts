/**
 * PostgreSQL backend (pg Pool). Decisions are single statements (INSERT ... ON CONFLICT ...
 * WHERE ... RETURNING) so they hold across pools and processes; the sliding-window limiter,
 * which must count then insert, serialises per (bucket, subject) on a transaction advisory lock.
 */
import pg from 'pg';
import { migratePostgres, quoteIdent } from './migrations.ts';
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
  BeginResult,
  CacheRepo,
  CounterRef,
  CountersRepo,
  FreeUseCommit,
  Freshness,
  Json,
  LeaseRef,
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

export interface PostgresStoreOptions {
  url: string;
  /** Schema holding the tables; created if missing. */
  schema?: string;
  /** Pool size. */
  max?: number;
  /** Called when an idle pooled connection fails (the pool drops it and reconnects later). */
  onIdleError?: (error: Error) => void;
}

const INT8_OID = 20;

/** Per-pool type parsers: int8 (BIGINT, COUNT) as Number, leaving pg's global parsers alone. */
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => (oid === INT8_OID && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format)),
};

export async function openPostgresStore({
  url,
  schema = 'public',
  max = 10,
  onIdleError = (error) => console.error('postgres store: idle connection error', error),
}: PostgresStoreOptions): Promise<Store> {
  const pool = new pg.Pool({ ...connectionConfig(url, schema), max, types });
  pool.on('error', onIdleError);
  try {
    await migratePostgres(pool, { schema });
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed = false;
  return {
    kind: 'postgres',
    requests: pgRequests(pool),
    counters: pgCounters(pool),
    rate: pgRate(pool),
    nonces: pgNonces(pool),
    quotes: pgQuotes(pool),
    ledger: pgLedger(pool),
    snapshots: pgSnapshots(pool),
    cache: pgCache(pool),
    meta: pgMeta(pool),
    commitFreeUse: pgCommitFreeUse(pool),
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Every connection starts with search_path set to the schema. A connection string's own
 * `options` would override the config's, so when it has one ours is appended inside the URL.
 */
function connectionConfig(url: string, schema: string): pg.PoolConfig {
  const searchPath = `-c search_path=${escapeOptionValue(quoteIdent(schema))}`;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const urlOptions = parsed?.searchParams.get('options');
  if (!parsed || !urlOptions) {
    return { connectionString: url, options: [process.env.PGOPTIONS, searchPath].filter(Boolean).join(' ') };
  }
  parsed.searchParams.set('options', `${urlOptions} ${searchPath}`);
  return { connectionString: parsed.toString() };
}

/** The server splits startup options on whitespace; backslash escapes. */
function escapeOptionValue(value: string): string {
  return value.replace(/[\s\\]/g, '\\$&');
}

async function rows<T extends pg.QueryResultRow>(db: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

/** DELETE of at most `limit` rows matching `where` ($1 is its value; PostgreSQL has no DELETE ... LIMIT). */
async function boundedDelete(pool: pg.Pool, table: string, where: string, value: number | string, limit = Infinity): Promise<number> {
  const bound = Number.isFinite(limit) ? Math.max(0, Math.trunc(limit)) : null;
  const result = await pool.query(`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${where} LIMIT $2)`, [value, bound]);
  return result.rowCount ?? 0;
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    throw error;
  } finally {
    client.release(broken);
  }
}

const BEGIN_TAKE = `INSERT INTO requests (scope, req_key, fingerprint, state, started_at, finished_at, response, expires_at)
  VALUES ($1, $2, $3, 'running', $4, NULL, NULL, $6)
  ON CONFLICT (scope, req_key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, state = 'running',
    started_at = EXCLUDED.started_at, renewed_at = NULL, finished_at = NULL, response = NULL, expires_at = EXCLUDED.expires_at
  WHERE requests.expires_at < $4
     OR (requests.fingerprint = EXCLUDED.fingerprint AND requests.state = 'running'
         AND $4 - GREATEST(requests.started_at, COALESCE(requests.renewed_at, 0)) > $5)
  RETURNING 1`;

/** Retries only when the row changes between the upsert and the read (e.g. abandoned meanwhile). */
const BEGIN_ATTEMPTS = 5;

async function finishRequest(db: Queryable, { scope, key, response, now }: Parameters<RequestsRepo['finish']>[0]) {
  await db.query(`UPDATE requests SET state = 'done', response = $3, finished_at = $4 WHERE scope = $1 AND req_key = $2 AND state = 'running'`, [
    scope,
    key,
    toJsonText(response),
    now,
  ]);
}

function pgRequests(pool: pg.Pool): RequestsRepo {
  async function begin(input: Parameters<RequestsRepo['begin']>[0]): Promise<BeginResult> {
    const { scope, key, fingerprint, now, staleAfterMs, expiresAt } = input;
    for (let attempt = 0; attempt < BEGIN_ATTEMPTS; attempt++) {
      const taken = await rows(pool, BEGIN_TAKE, [scope, key, fingerprint, now, staleAfterMs, expiresAt]);
      if (taken.length === 1) return { state: 'started' };
      const [row] = await rows<RequestRow>(
        pool,
        'SELECT fingerprint, state, started_at, renewed_at, response, expires_at FROM requests WHERE scope = $1 AND req_key = $2',
        [scope, key],
      );
      const verdict = row ? classifyExisting(row, input) : 'take';
      if (verdict !== 'take') return verdict;
    }
    throw new Error(`requests.begin: row (${scope}, ${key}) kept changing; gave up after ${BEGIN_ATTEMPTS} attempts`);
  }

  return {
    begin,
    async renew({ scope, key, now }) {
      const result = await pool.query(`UPDATE requests SET renewed_at = $3 WHERE scope = $1 AND req_key = $2 AND state = 'running'`, [scope, key, now]);
      return result.rowCount === 1;
    },
    async finish(input) {
      await finishRequest(pool, input);
    },
    async abandon({ scope, key }) {
      await pool.query(`DELETE FROM requests WHERE scope = $1 AND req_key = $2 AND state = 'running'`, [scope, key]);
    },
    async purgeExpired(now, limit) {
      return boundedDelete(pool, 'requests', 'expires_at < $1', now, limit);
    },
  };
}

type Queryable = pg.Pool | pg.PoolClient;

/** Serialises the decisions on one counter across instances (two-int form: its own lock space, apart from the migration lock). */
async function lockCounter(client: pg.PoolClient, { bucket, subject, window }: CounterRef) {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [`counter:${bucket}`, `${subject}|${window}`]);
}

async function counterCounts(db: Queryable, { bucket, subject, window }: CounterRef, since: number): Promise<{ used: number; held: number }> {
  const [row] = await rows<{ used: number; held: number }>(
    db,
    `SELECT COALESCE((SELECT used FROM counters WHERE bucket = $1 AND subject = $2 AND win = $3), 0)::bigint AS used,
       (SELECT COALESCE(SUM(amount), 0) FROM counter_leases WHERE bucket = $1 AND subject = $2 AND win = $3 AND renewed_at >= $4)::bigint AS held`,
    [bucket, subject, window, since],
  );
  return row;
}

/** CountersRepo.commit inside the caller's transaction, after lockCounter. */
async function commitLease(client: pg.PoolClient, input: LeaseRef & Freshness & Weighted & { limit: number }): Promise<{ committed: boolean; used: number }> {
  const { bucket, subject, window, lease, limit, now, staleAfterMs, amount = 1 } = input;
  const deleted = await client.query('DELETE FROM counter_leases WHERE bucket = $1 AND subject = $2 AND win = $3 AND lease_id = $4', [
    bucket,
    subject,
    window,
    lease,
  ]);
  if (deleted.rowCount !== 1) {
    const { used, held } = await counterCounts(client, input, now - staleAfterMs);
    if (used + held + amount > limit) return { committed: false, used };
  }
  const [row] = await rows<{ used: number }>(
    client,
    `INSERT INTO counters (bucket, subject, win, used) VALUES ($1, $2, $3, $4)
     ON CONFLICT (bucket, subject, win) DO UPDATE SET used = counters.used + EXCLUDED.used RETURNING used`,
    [bucket, subject, window, amount],
  );
  return { committed: true, used: row.used };
}

function pgCounters(pool: pg.Pool): CountersRepo {
  return {
    lease(input) {
      const { bucket, subject, window, lease, limit, now, staleAfterMs, amount = 1 } = input;
      const since = now - staleAfterMs;
      return inTransaction(pool, async (client) => {
        await lockCounter(client, input);
        await client.query('DELETE FROM counter_leases WHERE bucket = $1 AND subject = $2 AND win = $3 AND renewed_at < $4', [bucket, subject, window, since]);
        const { used, held } = await counterCounts(client, input, since);
        if (used + held + amount > limit) return { leased: false, used, held };
        await client.query('INSERT INTO counter_leases (bucket, subject, win, lease_id, renewed_at, amount) VALUES ($1, $2, $3, $4, $5, $6)', [
          bucket,
          subject,
          window,
          lease,
          now,
          amount,
        ]);
        return { leased: true, used, held: held + amount };
      });
    },
    async renew({ bucket, subject, window, lease, now }) {
      const result = await pool.query('UPDATE counter_leases SET renewed_at = $5 WHERE bucket = $1 AND subject = $2 AND win = $3 AND lease_id = $4', [
        bucket,
        subject,
        window,
        lease,
        now,
      ]);
      return result.rowCount === 1;
    },
    async release({ bucket, subject, window, lease }) {
      await pool.query('DELETE FROM counter_leases WHERE bucket = $1 AND subject = $2 AND win = $3 AND lease_id = $4', [bucket, subject, window, lease]);
    },
    commit(input) {
      return inTransaction(pool, async (client) => {
        await lockCounter(client, input);
        return commitLease(client, input);
      });
    },
    async seed({ bucket, subject, window, used }) {
      await pool.query('INSERT INTO counters (bucket, subject, win, used) VALUES ($1, $2, $3, $4) ON CONFLICT (bucket, subject, win) DO NOTHING', [
        bucket,
        subject,
        window,
        used,
      ]);
    },
    async get(input) {
      return counterCounts(pool, input, input.now - input.staleAfterMs);
    },
    async reclaimStale({ now, staleAfterMs, limit }) {
      return boundedDelete(pool, 'counter_leases', 'renewed_at < $1', now - staleAfterMs, limit);
    },
    async purgeWindowsBefore(window, limit) {
      return (await boundedDelete(pool, 'counters', 'win < $1', window, limit)) + (await boundedDelete(pool, 'counter_leases', 'win < $1', window, limit));
    },
  };
}

/** Store.commitFreeUse: the lease's use, the ledger entry and the answers in one transaction. */
function pgCommitFreeUse(pool: pg.Pool) {
  return function commitFreeUse({ lease, alongside = [], ledger, finish }: FreeUseCommit): Promise<{ committed: boolean }> {
    return inTransaction(pool, async (client) => {
      await lockCounter(client, lease);
      if (!(await commitLease(client, lease)).committed) return { committed: false };
      for (const other of alongside) {
        await lockCounter(client, other);
        await commitLease(client, other);
      }
      await client.query(`INSERT INTO ledger (${LEDGER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, ledgerValues(ledger));
      for (const { scope, key } of finish.rows) await finishRequest(client, { scope, key, response: finish.response, now: finish.now });
      return { committed: true };
    });
  };
}

function pgRate(pool: pg.Pool): RateRepo {
  return {
    hit({ bucket, subject, now, windowMs, limit }) {
      const since = now - windowMs;
      return inTransaction(pool, async (client) => {
        // Two-int form: its own lock space, apart from the migration lock (single bigint key).
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [bucket, subject]);
        // Counted and recorded in one statement; its snapshot is taken after the lock, so it sees
        // every hit committed before. Events that left the window are skipped, not deleted here:
        // housekeeping purges them (server/store/housekeeping.ts).
        const [{ counted }] = await rows<{ counted: number }>(
          client,
          `WITH window_events AS (
             SELECT COUNT(*)::int AS counted FROM rate_events WHERE bucket = $1 AND subject = $2 AND at > $3 AND at <= $4
           ), recorded AS (
             INSERT INTO rate_events (bucket, subject, at) SELECT $1::text, $2::text, $4::bigint FROM window_events WHERE counted < $5::int
           )
           SELECT counted FROM window_events`,
          [bucket, subject, since, now, limit],
        );
        if (counted < limit) return { allowed: true, count: counted + 1, retryAfterMs: 0 };
        const [leaving] = await rows<{ at: number }>(
          client,
          'SELECT at FROM rate_events WHERE bucket = $1 AND subject = $2 AND at > $3 AND at <= $4 ORDER BY at LIMIT 1 OFFSET $5',
          [bucket, subject, since, now, rateOffset(counted, limit)],
        );
        return { allowed: false, count: counted, retryAfterMs: retryAfter(leaving?.at, { now, windowMs }) };
      });
    },
    async count({ bucket, subject, now, windowMs }) {
      const [row] = await rows<{ counted: number; first: number | null }>(
        pool,
        'SELECT COUNT(*)::int AS counted, MIN(at) AS first FROM rate_events WHERE bucket = $1 AND subject = $2 AND at > $3 AND at <= $4',
        [bucket, subject, now - windowMs, now],
      );
      return { count: row.counted, oldestLeavesInMs: row.first === null ? 0 : row.first + windowMs - now };
    },
    async purgeBefore(at, limit) {
      return boundedDelete(pool, 'rate_events', 'at <= $1', at, limit);
    },
  };
}

function pgNonces(pool: pg.Pool): NoncesRepo {
  async function get(nonce: string) {
    const [row] = await rows<NonceRow>(pool, 'SELECT * FROM nonces WHERE nonce = $1', [nonce]);
    return row ? toNonceRecord(row) : null;
  }

  return {
    async claim({ nonce, payer, requestRef, now }) {
      const inserted = await rows(
        pool,
        `INSERT INTO nonces (nonce, payer, request_ref, state, tx_hash, claimed_at, updated_at)
         VALUES ($1, $2, $3, 'claimed', NULL, $4, $4) ON CONFLICT (nonce) DO NOTHING RETURNING 1`,
        [nonce, payer, requestRef, now],
      );
      if (inserted.length === 1) return { claimed: true };
      const existing = await get(nonce);
      if (!existing) throw new Error(`nonces.claim: nonce ${nonce} conflicted but is gone`);
      return { claimed: false, existing };
    },
    async update({ nonce, state, txHash, response, now }) {
      const responseText = response === undefined || response === null ? null : JSON.stringify(response);
      await pool.query(
        `UPDATE nonces SET state = $2, updated_at = $3,
           tx_hash = CASE WHEN $4::boolean THEN $5 ELSE tx_hash END,
           response = CASE WHEN $6::boolean THEN $7 ELSE response END
         WHERE nonce = $1`,
        [nonce, state, now, txHash !== undefined, txHash ?? null, response !== undefined, responseText],
      );
    },
    get,
  };
}

function pgQuotes(pool: pg.Pool): QuotesRepo {
  return {
    async put(quote) {
      await pool.query(`INSERT INTO quotes (${QUOTE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, quoteValues(quote));
    },
    async get(id) {
      const [row] = await rows<QuoteRow>(pool, 'SELECT * FROM quotes WHERE id = $1', [id]);
      return row ? toQuoteRecord(row) : null;
    },
    async markPaid({ id, now, txHash }) {
      const result = await pool.query('UPDATE quotes SET paid_at = $2, tx_hash = $3 WHERE id = $1 AND paid_at IS NULL', [id, now, txHash]);
      return result.rowCount === 1;
    },
    async claim({ id, claimant, now }) {
      // One statement: a concurrent claim waits for this row and re-checks the condition on what it wrote.
      const taken = await pool.query(
        'UPDATE quotes SET claimed_by = $2, claimed_at = $3 WHERE id = $1 AND paid_at IS NULL AND (claimed_by IS NULL OR claimed_by = $2)',
        [id, claimant, now],
      );
      if (taken.rowCount === 1) return { claimed: true };
      const [row] = await rows<{ claimed_by: string | null; paid_at: number | null }>(pool, 'SELECT claimed_by, paid_at FROM quotes WHERE id = $1', [id]);
      return { claimed: false, by: row?.claimed_by ?? null, paid: row?.paid_at != null };
    },
    async releaseClaim({ id, claimant }) {
      await pool.query('UPDATE quotes SET claimed_by = NULL, claimed_at = NULL WHERE id = $1 AND claimed_by = $2', [id, claimant]);
    },
    async purgeExpired(before, limit) {
      return boundedDelete(pool, 'quotes', 'expires_at < $1', before, limit);
    },
  };
}

function pgLedger(pool: pg.Pool): LedgerRepo {
  return {
    async append(entry) {
      const [row] = await rows<{ id: number }>(
        pool,
        `INSERT INTO ledger (${LEDGER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        ledgerValues(entry),
      );
      return row.id;
    },
    async list({ from, to, limit }) {
      const sql = 'SELECT * FROM ledger WHERE at >= $1 AND at < $2 ORDER BY at, id';
      const found = limit === undefined ? await rows<LedgerRow>(pool, sql, [from, to]) : await rows<LedgerRow>(pool, `${sql} LIMIT $3`, [from, to, limit]);
      return found.map(toLedgerEntry);
    },
    async sum({ from, to, kinds }) {
      if (kinds.length === 0) return 0;
      const [row] = await rows<{ total: number }>(
        pool,
        // SUM(bigint) is numeric (parsed as string by pg): cast back to bigint.
        'SELECT CAST(COALESCE(SUM(amount_micro_usd), 0) AS BIGINT) AS total FROM ledger WHERE at >= $1 AND at < $2 AND kind = ANY($3::text[])',
        [from, to, kinds],
      );
      return row.total;
    },
  };
}

function pgSnapshots(pool: pg.Pool): SnapshotsRepo {
  return {
    async get({ kind, key }) {
      const [row] = await rows<{ value: string; at: number }>(pool, 'SELECT value, at FROM snapshots WHERE kind = $1 AND snap_key = $2', [kind, key]);
      return row ? { value: fromJsonText(row.value), at: row.at } : null;
    },
    async put({ kind, key, value, at }) {
      // An older observation never replaces a newer one (instances may write out of order).
      await pool.query(
        `INSERT INTO snapshots (kind, snap_key, value, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, snap_key) DO UPDATE SET value = EXCLUDED.value, at = EXCLUDED.at WHERE EXCLUDED.at >= snapshots.at`,
        [kind, key, toJsonText(value), at],
      );
    },
  };
}

function pgCache(pool: pg.Pool): CacheRepo {
  return {
    async get({ ns, key, now }) {
      const [row] = await rows<{ value: string; expires_at: number }>(
        pool,
        'SELECT value, expires_at FROM cache WHERE ns = $1 AND cache_key = $2 AND expires_at > $3',
        [ns, key, now],
      );
      return row ? { value: fromJsonText(row.value), expiresAt: row.expires_at } : null;
    },
    async set({ ns, key, value, expiresAt }) {
      await pool.query(
        `INSERT INTO cache (ns, cache_key, value, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (ns, cache_key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
        [ns, key, toJsonText(value), expiresAt],
      );
    },
    async purgeExpired(now, limit) {
      return boundedDelete(pool, 'cache', 'expires_at <= $1', now, limit);
    },
  };
}

function pgMeta(pool: pg.Pool): MetaRepo {
  async function read(key: string): Promise<Json | null> {
    const [row] = await rows<{ value: string }>(pool, 'SELECT value FROM service_meta WHERE meta_key = $1', [key]);
    return row ? fromJsonText(row.value) : null;
  }
  return {
    get: read,
    async claim({ key, value, now }) {
      // The first writer wins (atomic on the primary key); a later claim reads what is there.
      await pool.query('INSERT INTO service_meta (meta_key, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (meta_key) DO NOTHING', [
        key,
        toJsonText(value),
        now,
      ]);
      return (await read(key)) as Json;
    },
  };
}
