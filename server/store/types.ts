/**
 * The one store interface. Two backends implement it: SQLite (better-sqlite3, the default)
 * and PostgreSQL (pg, when DATABASE_URL is set). Every method is async so both fit, and
 * every method that decides something (consume a free call, claim a nonce, begin a request)
 * is atomic across processes sharing the same database.
 *
 * Times are passed in by the caller (epoch milliseconds) so tests can drive a clock.
 * JSON values are stored as text and returned parsed, byte-for-byte as they were given.
 */
import type { CacheRepo, Json, SnapshotsRepo } from '../../handlers/types.ts';

/** Declared with what handlers are given (handlers/types.ts): the repositories handlers use, and the values they keep. */
export type { CacheRepo, Json, SnapshotsRepo };

/** A stored HTTP-level answer, replayed for idempotent repeats. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Json;
}

export type BeginResult = { state: 'started' } | { state: 'running'; startedAt: number } | { state: 'done'; response: StoredResponse } | { state: 'conflict' };

export interface RequestsRepo {
  /**
   * Start a request under (scope, key) with the fingerprint of its input.
   * - no row, or a row that is still running but older than staleAfterMs: a row is (re)written, 'started'.
   * - a row with another fingerprint: 'conflict' (whatever its state).
   * - a running row with the same fingerprint: 'running'.
   * - a finished row with the same fingerprint: 'done' with the stored response.
   */
  begin(input: { scope: string; key: string; fingerprint: string; now: number; staleAfterMs: number; expiresAt: number }): Promise<BeginResult>;
  /**
   * Keep a running row fresh while its call runs (a lease like the free call's): a row is stale
   * staleAfterMs after it was started or last renewed. false when it is no longer running.
   */
  renew(input: { scope: string; key: string; now: number }): Promise<boolean>;
  /** Store the final answer; later begin() calls with the same fingerprint get 'done'. */
  finish(input: { scope: string; key: string; response: StoredResponse; now: number }): Promise<void>;
  /** Forget a started request (nothing to replay, e.g. a free non-ok answer or a retryable failure). */
  abandon(input: { scope: string; key: string }): Promise<void>;
  /** Delete rows whose expiresAt is before now (at most `limit`); returns how many. */
  purgeExpired(now: number, limit?: number): Promise<number>;
}

/** One counter: a caller's (subject's) uses of a bucket (free calls, step-1 scans) in a window (a UTC day). */
export interface CounterRef {
  bucket: string;
  subject: string;
  window: string;
}

/** One lease on a counter: a use held by a running call, by the id that call chose. */
export interface LeaseRef extends CounterRef {
  lease: string;
}

/**
 * How much a lease holds and its use adds: 1 for a free call or a scan, an amount in micro-USD for
 * a reservation against a cap (the counter then counts micro-USD). Default 1.
 */
export interface Weighted {
  amount?: number;
}

/** Leases not renewed for longer than staleAfterMs belong to calls whose process died: they count for nothing. */
export interface Freshness {
  now: number;
  staleAfterMs: number;
}

export interface CountersRepo {
  /**
   * Atomically take a lease when the committed uses plus the fresh leases are fewer than `limit`
   * (stale leases of this counter are deleted on the way). Returns whether it was taken and the
   * counts after the attempt.
   */
  lease(input: LeaseRef & Freshness & Weighted & { limit: number }): Promise<{ leased: boolean; used: number; held: number }>;
  /** Keep a lease fresh while its call runs; false when it is gone (released, committed or reclaimed). */
  renew(input: LeaseRef & { now: number }): Promise<boolean>;
  /** Give a lease back (its call ended without a use). */
  release(input: LeaseRef): Promise<void>;
  /**
   * Turn a lease into a use, atomically. A lease that is gone (its call outlived the stale window)
   * still commits while the uses plus the fresh leases leave room under `limit`; otherwise nothing
   * changes and committed is false.
   */
  commit(input: LeaseRef & Freshness & Weighted & { limit: number }): Promise<{ committed: boolean; used: number }>;
  /**
   * Creates a counter with `used` already counted, unless it exists (a cap's counter starts from
   * what the ledger says was delivered today before the caps counted it).
   */
  seed(input: CounterRef & { used: number }): Promise<void>;
  /** Committed uses and what fresh leases hold (their amounts added up) of a counter. */
  get(input: CounterRef & Freshness): Promise<{ used: number; held: number }>;
  /** Delete stale leases of every counter (at most `limit`); returns how many. */
  reclaimStale(input: Freshness & { limit?: number }): Promise<number>;
  /** Delete the counts and leases of windows that sort before `window` (windows are UTC days, YYYY-MM-DD; at most `limit` of each); returns how many. */
  purgeWindowsBefore(window: string, limit?: number): Promise<number>;
}

/**
 * A free use, all or nothing: the lease becomes a use (as CountersRepo.commit), the ledger entry is
 * written and the request rows get their answer, in one transaction. A process killed at any point
 * leaves either all of it or none of it (then the lease goes stale and returns to the caller).
 */
export interface FreeUseCommit {
  lease: LeaseRef & Freshness & { limit: number };
  /** Other leases committed in the same transaction (the call's reservation against the daily cost cap). */
  alongside?: (LeaseRef & Freshness & Weighted & { limit: number })[];
  ledger: Omit<LedgerEntry, 'id'>;
  finish: { rows: { scope: string; key: string }[]; response: StoredResponse; now: number };
}

export interface RateRepo {
  /**
   * Sliding-window limiter: counts events of (bucket, subject) in (now - windowMs, now].
   * When fewer than `limit`, records this event and allows it. Otherwise refuses and says
   * how many ms until the oldest counted event leaves the window. Events that left the window
   * stay until purgeBefore deletes them (housekeeping); the count skips them.
   */
  hit(input: {
    bucket: string;
    subject: string;
    now: number;
    windowMs: number;
    limit: number;
  }): Promise<{ allowed: boolean; count: number; retryAfterMs: number }>;
  /** Events of (bucket, subject) in (now - windowMs, now], and when the oldest of them leaves the window (0 when none). */
  count(input: { bucket: string; subject: string; now: number; windowMs: number }): Promise<{ count: number; oldestLeavesInMs: number }>;
  /** Delete events at or before `at`, of any bucket and subject (at most `limit`); returns how many. */
  purgeBefore(at: number, limit?: number): Promise<number>;
}

export type NonceState = 'claimed' | 'settled' | 'released' | 'failed';

export interface NonceRecord {
  nonce: string;
  payer: string;
  requestRef: string;
  state: NonceState;
  txHash: string | null;
  /** The answer kept while settlement is pending, so a retry after a crash delivers it without paying again. */
  response: Json | null;
  claimedAt: number;
  updatedAt: number;
}

export interface NoncesRepo {
  /** Claim a payment authorization nonce for one request; a nonce is claimed once ever. */
  claim(input: { nonce: string; payer: string; requestRef: string; now: number }): Promise<{ claimed: true } | { claimed: false; existing: NonceRecord }>;
  /** Sets the state; txHash and response are changed only when given (null clears). */
  update(input: { nonce: string; state: NonceState; txHash?: string | null; response?: Json | null; now: number }): Promise<void>;
  get(nonce: string): Promise<NonceRecord | null>;
}

export interface QuoteRecord {
  id: string;
  operation: string;
  caller: string;
  priceMicroUsd: number;
  billableCount: number;
  /** The quote body and the stored rows, as the operation wants them back in step 2. */
  payload: Json;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
  txHash: string | null;
  /** The payment (its nonce id) that holds the quote while it is being paid; null when none does. */
  claimedBy: string | null;
}

export interface QuotesRepo {
  put(quote: Omit<QuoteRecord, 'paidAt' | 'txHash' | 'claimedBy'>): Promise<void>;
  /**
   * Claim an unpaid quote for one payment before it is settled, atomically: taken when no payment
   * holds it, when this one already does, or when the holder was released (releaseClaim). Another
   * payment's claim is never taken over, so a quote is settled at most once. Refused with the
   * holder when another payment holds it, or with paid when it was paid.
   */
  claim(input: { id: string; claimant: string; now: number }): Promise<{ claimed: true } | { claimed: false; by: string | null; paid: boolean }>;
  /** Give a claim back (the payment was refused, failed or its result was not ok); only the claimant's own. */
  releaseClaim(input: { id: string; claimant: string }): Promise<void>;
  get(id: string): Promise<QuoteRecord | null>;
  /** Mark paid once; returns false when it was already paid. */
  markPaid(input: { id: string; now: number; txHash: string | null }): Promise<boolean>;
  /** Deletes quotes that expired before `before` (at most `limit`); returns how many. */
  purgeExpired(before: number, limit?: number): Promise<number>;
}

export type LedgerKind = 'free_use' | 'charge' | 'settlement' | 'settlement_failed' | 'refund_free_use';

export interface LedgerEntry {
  id?: number;
  at: number;
  kind: LedgerKind;
  operation: string;
  caller: string;
  amountMicroUsd: number;
  payer: string | null;
  nonce: string | null;
  txHash: string | null;
  network: string | null;
  requestId: string | null;
}

export interface LedgerRepo {
  append(entry: Omit<LedgerEntry, 'id'>): Promise<number>;
  /** Entries with from <= at < to, oldest first. */
  list(input: { from: number; to: number; limit?: number }): Promise<LedgerEntry[]>;
  /** Sum of amountMicroUsd for the given kinds with from <= at < to. */
  sum(input: { from: number; to: number; kinds: LedgerKind[] }): Promise<number>;
}

/**
 * Small service-wide values every instance must share, written once and never replaced (e.g. the
 * service's generated signing key: instances on one database must sign with the same key).
 */
export interface MetaRepo {
  get(key: string): Promise<Json | null>;
  /**
   * Stores `value` under `key` unless a value is already there, atomically across instances, and
   * returns the value that is stored: this one, or the first writer's.
   */
  claim(input: { key: string; value: Json; now: number }): Promise<Json>;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly requests: RequestsRepo;
  readonly counters: CountersRepo;
  readonly rate: RateRepo;
  readonly nonces: NoncesRepo;
  readonly quotes: QuotesRepo;
  readonly ledger: LedgerRepo;
  readonly snapshots: SnapshotsRepo;
  readonly cache: CacheRepo;
  readonly meta: MetaRepo;
  /** See FreeUseCommit; false (nothing written) when the lease could not be committed. */
  commitFreeUse(input: FreeUseCommit): Promise<{ committed: boolean }>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string;
  /** SQLite file path (default ./data/service.sqlite); ':memory:' allowed. */
  sqlitePath?: string;
  /** PostgreSQL schema to use (created if missing); default 'public'. Tests use a fresh one. */
  pgSchema?: string;
}
