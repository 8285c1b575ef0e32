/**
 * The meter/pay/settle stages, one path for HTTP and MCP: a short dispatcher over the modules
 * beside it, which share one MeterDeps.
 * - free-operation.ts: the advisor, rate limited, never a free call;
 * - priced-call.ts: a stored answer of the same input today replayed, a remembered result that is
 *   not ok, then free-call.ts (one of the caller's free calls, leased) or paid-call.ts
 *   (verify -> claim -> run -> settle -> record) or a 402 with the terms;
 * - quotes.ts: two-step operations, step 1 a stored quote, step 2 priced at it;
 * - request-rows.ts, finished-answers.ts, not-ok.ts, caps.ts: what they name.
 * Every row, lease and reservation a running call holds is renewed while it runs.
 */
import type { Store } from '../store/types.ts';
import { SERVER_DEFAULTS } from '../config.ts';
import type { Facilitator } from '../payments/facilitator.ts';
import type { PaymentTerms } from '../payments/x402.ts';
import { priceOf } from './answers.ts';
import { createCaps, type Caps } from './caps.ts';
import type { MeterDeps } from './deps.ts';
import { createFinishedAnswers } from './finished-answers.ts';
import { createFreeCall } from './free-call.ts';
import { createFreeOperation } from './free-operation.ts';
import { createNotOkMemory } from './not-ok.ts';
import { createPaidCall } from './paid-call.ts';
import { createPricedCall } from './priced-call.ts';
import type { FreeQuota } from './quota.ts';
import { createQuotes } from './quotes.ts';
import { createRequestRows } from './request-rows.ts';
import type { MeteredCall, MeterEvent, MeterOutcome, Run, SettlementGate } from './types.ts';

export type { Caps } from './caps.ts';
export type { ExecutionExtras, MeteredCall, MeterEvent, MeterOutcome, QuoteOffer, SettlementGate } from './types.ts';
export { paymentField } from './answers.ts';
export { ADVISOR_WINDOW_MS } from './free-operation.ts';
export { NOT_OK_WINDOW_MS } from './not-ok.ts';

export interface MeterOptions {
  store: Store;
  quota: FreeQuota;
  facilitator: Facilitator | null;
  terms: PaymentTerms | null;
  caps?: Caps;
  advisorPerHour?: number;
  quoteLifetimeMs?: number;
  /** A request still running after this long is taken over by a repeat (its process died). */
  staleAfterMs?: number;
  /** How long a result that is not ok answers the same operation and input, whoever asks (0: never). */
  notOkMemoryMs?: number;
  /** Calls per IP and rolling hour that may run and end not ok (null: no limit). */
  notOkPerHour?: number | null;
  /** Memory for recently finished answers replayed without a store round trip (default 16 MiB). */
  finishedMaxBytes?: number;
  now?: () => Date;
  log?: (entry: Record<string, unknown>) => void;
  observe?: (event: MeterEvent) => void;
  settlementGate?: SettlementGate;
}

const OPEN_GATE: SettlementGate = { enter: () => true, leave: () => {} };

export function createMeter({
  store,
  quota,
  facilitator,
  terms,
  caps = { dailyCostMicroUsd: null, settlementMicroUsd: null },
  advisorPerHour = 60,
  quoteLifetimeMs = 15 * 60_000,
  staleAfterMs = SERVER_DEFAULTS.REQUEST_STALE_AFTER_MS,
  notOkMemoryMs = SERVER_DEFAULTS.NOT_OK_MEMORY_MS,
  notOkPerHour = SERVER_DEFAULTS.NOT_OK_PER_HOUR,
  finishedMaxBytes = 16 * 1024 * 1024,
  now = () => new Date(),
  log = () => {},
  observe = () => {},
  settlementGate = OPEN_GATE,
}: MeterOptions) {
  const deps: MeterDeps = {
    store,
    quota,
    payments: facilitator && terms ? { facilitator, terms } : null,
    reserveCaps: createCaps({ quota, caps }),
    ownRows: createRequestRows({ store, finished: createFinishedAnswers({ maxBytes: finishedMaxBytes }), staleAfterMs, now }),
    notOk: createNotOkMemory({ store, memoryMs: notOkMemoryMs, perHour: notOkPerHour, now }),
    now,
    log,
    observe,
    settlementGate,
  };
  const freeOperation = createFreeOperation(deps, { advisorPerHour });
  const priced = createPricedCall(deps, { freeCall: createFreeCall(deps), paidCall: createPaidCall(deps) });
  const quotes = createQuotes(deps, { quoteLifetimeMs, priced });

  return async function meter(call: MeteredCall, run: Run): Promise<MeterOutcome> {
    const operation = call.operation;
    if (operation.priceMicroUsd === 0) return freeOperation(call, run);
    if (operation.twoStep) return call.input.quote_id === undefined ? quotes.stepOne(call, run) : quotes.stepTwo(call, run);
    return priced(call, run, priceOf(operation, call.tier), null);
  };
}

export type Meter = ReturnType<typeof createMeter>;
