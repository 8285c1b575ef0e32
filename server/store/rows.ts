/**
 * Row shapes of the shared schema and their mapping to the records of types.ts.
 * Both backends read the same columns, so the mapping and the small decisions live here once.
 */
import type { BeginResult, Json, LedgerEntry, LedgerKind, NonceRecord, NonceState, QuoteRecord, StoredResponse } from './types.ts';

export interface RequestRow {
  fingerprint: string;
  state: 'running' | 'done';
  started_at: number;
  renewed_at: number | null;
  response: string | null;
  expires_at: number;
}

export interface NonceRow {
  nonce: string;
  payer: string;
  request_ref: string;
  state: string;
  tx_hash: string | null;
  response: string | null;
  claimed_at: number;
  updated_at: number;
}

export interface QuoteRow {
  id: string;
  operation: string;
  caller: string;
  price_micro_usd: number;
  billable_count: number;
  payload: string;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  tx_hash: string | null;
  claimed_by: string | null;
  claimed_at: number | null;
}

export interface LedgerRow {
  id: number;
  at: number;
  kind: string;
  operation: string;
  caller: string;
  amount_micro_usd: number;
  payer: string | null;
  nonce: string | null;
  tx_hash: string | null;
  network: string | null;
  request_id: string | null;
}

export function toJsonText(value: Json | StoredResponse): string {
  return JSON.stringify(value);
}

export function fromJsonText(text: string): Json {
  return JSON.parse(text) as Json;
}

/** An expired row counts as absent even before purgeExpired() removes it. */
export function isExpired(row: Pick<RequestRow, 'expires_at'>, now: number): boolean {
  return row.expires_at < now;
}

/** A running row not started nor renewed within staleAfterMs belongs to a call whose process died. */
export function isStale(row: Pick<RequestRow, 'state' | 'started_at' | 'renewed_at'>, now: number, staleAfterMs: number): boolean {
  return row.state === 'running' && now - Math.max(row.started_at, row.renewed_at ?? 0) > staleAfterMs;
}

/**
 * What begin() answers for an existing, unexpired row, or 'take' when the caller may (re)write it.
 * A different fingerprint is a conflict whatever the row's state, stale or not: only the same
 * input may take over a stale run, so a late finish() from the original worker stores an answer
 * to the same input.
 */
export function classifyExisting(row: RequestRow, input: { fingerprint: string; now: number; staleAfterMs: number }): BeginResult | 'take' {
  if (isExpired(row, input.now)) return 'take';
  if (row.fingerprint !== input.fingerprint) return { state: 'conflict' };
  if (row.state === 'done' && row.response !== null) return { state: 'done', response: fromJsonText(row.response) as unknown as StoredResponse };
  if (isStale(row, input.now, input.staleAfterMs)) return 'take';
  return { state: 'running', startedAt: row.started_at };
}

export function toNonceRecord(row: NonceRow): NonceRecord {
  return {
    nonce: row.nonce,
    payer: row.payer,
    requestRef: row.request_ref,
    state: row.state as NonceState,
    txHash: row.tx_hash,
    response: row.response === null ? null : JSON.parse(row.response),
    claimedAt: row.claimed_at,
    updatedAt: row.updated_at,
  };
}

export function toQuoteRecord(row: QuoteRow): QuoteRecord {
  return {
    id: row.id,
    operation: row.operation,
    caller: row.caller,
    priceMicroUsd: row.price_micro_usd,
    billableCount: row.billable_count,
    payload: fromJsonText(row.payload),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    txHash: row.tx_hash,
    claimedBy: row.claimed_by,
  };
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind as LedgerKind,
    operation: row.operation,
    caller: row.caller,
    amountMicroUsd: row.amount_micro_usd,
    payer: row.payer,
    nonce: row.nonce,
    txHash: row.tx_hash,
    network: row.network,
    requestId: row.request_id,
  };
}

/** Positional values for an INSERT into ledger, in LEDGER_COLUMNS order. */
export const LEDGER_COLUMNS = 'at, kind, operation, caller, amount_micro_usd, payer, nonce, tx_hash, network, request_id';

export function ledgerValues(entry: Omit<LedgerEntry, 'id'>): unknown[] {
  return [entry.at, entry.kind, entry.operation, entry.caller, entry.amountMicroUsd, entry.payer, entry.nonce, entry.txHash, entry.network, entry.requestId];
}

export const QUOTE_COLUMNS = 'id, operation, caller, price_micro_usd, billable_count, payload, created_at, expires_at';

export function quoteValues(quote: Omit<QuoteRecord, 'paidAt' | 'txHash' | 'claimedBy'>): unknown[] {
  return [quote.id, quote.operation, quote.caller, quote.priceMicroUsd, quote.billableCount, toJsonText(quote.payload), quote.createdAt, quote.expiresAt];
}

/**
 * How long until enough counted events leave the window for one more to fit: the event at
 * position (count - limit) among the counted ones, oldest first, is the one that must leave.
 */
export function rateOffset(count: number, limit: number): number {
  return Math.max(0, count - Math.max(limit, 0));
}

export function retryAfter(eventAt: number | undefined, { now, windowMs }: { now: number; windowMs: number }): number {
  if (eventAt === undefined) return windowMs;
  return Math.max(1, eventAt + windowMs - now);
}
