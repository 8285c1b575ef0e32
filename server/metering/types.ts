/** What the meter's modules share: the call it meters, what it answers, and what it reports. */
import type { SettleResponse } from '@x402/core/types';
import type { OperationInfo } from '../contract.ts';
import type { QuoteRecord } from '../store/types.ts';
import type { QuoteOffer } from '../../handlers/types.ts';
import type { MergedEntry } from '../pipeline/identity.ts';

/** Declared with what handlers are given (handlers/types.ts): a handler's step 1 offers it. */
export type { QuoteOffer };

export interface ExecutionExtras {
  /** Step 2 of a two-step operation: the stored quote being paid. */
  quote: QuoteRecord | null;
  /** Step 1 of a two-step operation: the handler offers what step 2 will deliver and its price. */
  offerQuote: (offer: QuoteOffer) => void;
}

/** The work a metered call runs once the meter lets it. */
export type Run = (extras: ExecutionExtras) => Promise<unknown>;

export interface MeteredCall {
  operation: OperationInfo;
  input: Record<string, unknown>;
  tier: 'single' | 'bundle';
  idempotencyKey: string | null;
  ip: string;
  requestId: string;
  /** What the payment terms name; never the target of a private query. */
  resource: { url: string; description: string };
  payment: { header?: string; meta?: unknown } | null;
  /** Where the call came from: it decides how the 402's terms say to pay (a header, or MCP's _meta). */
  transport?: 'http' | 'mcp';
  /** Filled by the meter for the usage headers and the call's log line. */
  usage: { priceMicroUsd: number; chargedMicroUsd: number; charge?: 'free_use' | 'settlement' };
  /** The request's settlement hold (server/lifecycle.ts), when it runs inside one. */
  settlementHold?: { settling: boolean };
  /** List entries the validate stage merged into earlier ones (step 1 reports them: merged_entries). */
  merged?: MergedEntry[];
}

/** What the meter reports for metrics: each charge and each settlement attempt's outcome. */
export type MeterEvent =
  | { type: 'charge'; operation: string; kind: 'free_use' | 'settlement'; amountMicroUsd: number }
  | { type: 'settlement'; operation: string; outcome: 'settled' | 'failed' | 'pending' | 'deferred' };

/** Lets the instance's shutdown hold back new settlements (server/lifecycle.ts). */
export interface SettlementGate {
  /** false: do not start a settlement now (the instance is going away). `hold` is the request's, released when its answer has left. */
  enter(hold?: { settling: boolean }): boolean;
  leave(hold?: { settling: boolean }): void;
}

export interface MeterOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  kind: 'result' | 'payment_required' | 'replay';
  settlement?: SettleResponse;
  /** `body` as JSON text, when the meter already has it (a kept answer): HTTP sends it as is. */
  bodyJson?: string;
}
