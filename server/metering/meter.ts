/**
 * The meter/pay/settle stages, one path for HTTP and MCP.
 *
 * Free operations (the advisor) are rate limited and never use the free calls. Priced
 * operations: a stored answer of the same input today (or of the same Idempotency-Key) is
 * replayed without charge; otherwise one of the caller's 5 free calls is reserved before the
 * work and given back when the result is not ok (a payment sent meanwhile is not used); without
 * a free call the answer is a 402 with x402 terms, and a paid repeat goes: check the payload
 * against our own terms -> reserve against the caps -> claim the authorization nonce -> (step 2:
 * claim the quote) -> facilitator verify -> run -> (not ok: answer free, never settle) -> keep the
 * answer with the nonce -> settle -> answer with the receipt. Two-step operations (hot-buyers,
 * batch) turn step 1 into a stored quote and price step 2 at the quote. Every row, lease and
 * reservation a running call holds is renewed while it runs.
 */
import { randomBytes } from 'node:crypto';
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { ErrorCode, OperationInfo } from '../contract.ts';
import { ServiceError } from '../problem.ts';
import type { BeginResult, Json, QuoteRecord, Store, StoredResponse } from '../store/types.ts';
import type { Facilitator } from '../payments/facilitator.ts';
import { checkPayload, decodePayment, paymentRequired, requirementsFor, type PaymentPayload, type PaymentRequired, type PaymentRequirements, type PaymentTerms } from '../payments/x402.ts';
import { nextUtcMidnight, utcDay } from './day.ts';
import { fingerprint } from './fingerprint.ts';
import type { FreeQuota, Lease } from './quota.ts';
import { createCaps, type CapHold, type Caps } from './caps.ts';
import type { MergedEntry } from '../pipeline/identity.ts';

export interface QuoteOffer {
  priceMicroUsd: number;
  billableCount: number;
  payload: Json;
}

export interface ExecutionExtras {
  /** Step 2 of a two-step operation: the stored quote being paid. */
  quote: QuoteRecord | null;
  /** Step 1 of a two-step operation: the handler offers what step 2 will deliver and its price. */
  offerQuote: (offer: QuoteOffer) => void;
}

/** Where this call's payment goes: the PAYMENT-SIGNATURE header over HTTP, params._meta['x402/payment'] over MCP. */
export const paymentField = (call: Pick<MeteredCall, 'transport'>) => (call.transport === 'mcp' ? "params._meta['x402/payment']" : 'PAYMENT-SIGNATURE header');

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

export type { Caps } from './caps.ts';

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

/** The advisor's rolling window: advisorPerHour calls per IP within it. */
export const ADVISOR_WINDOW_MS = 3_600_000;
/** The window of notOkPerHour. */
export const NOT_OK_WINDOW_MS = 3_600_000;

const OPEN_GATE: SettlementGate = { enter: () => true, leave: () => {} };

const DAY_MS = 86_400_000;
/** When a kept answer of a call made at `at` expires (a day and a minute: a same-day repeat always finds it). */
function expiresAt(at: Date): number {
  return at.getTime() + DAY_MS + 60_000;
}
/** A request row's key; see ownership(). */
type RowKey = { key: string; keepsNotOk: boolean };
/** The request rows one call owns (see ownership()). */
interface Rows {
  begin(scope: string, at: Date): Promise<BeginResult & { json?: string }>;
  finish(response: StoredResponse, outcome: { ok: boolean }): Promise<void>;
  pending(): { scope: string; key: string }[];
  finishedElsewhere(response: StoredResponse): void;
  abandon(): Promise<void>;
}
/** The quote payload's key for the fingerprint of the step-1 input it answers (handlers read only their own keys). */
const STEP_ONE_INPUT = 'step_one_input';
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const isOk = (result: unknown) => (result as { status?: unknown } | null)?.status === 'ok';
/**
 * A failure that ends a call not ok as a result that is not ok does: a deadline that passed
 * (504 deadline_exceeded) is deterministic (the same sites stall the same call again) and used the
 * service's work, so it is remembered and counted as one (notOk).
 */
const endsNotOk = (error: unknown): error is ServiceError => error instanceof ServiceError && error.code === 'deadline_exceeded';
/** How notOk keeps a problem among remembered results (no result has this member). */
const REMEMBERED_PROBLEM = 'remembered_problem';

export function createMeter({
  store,
  quota,
  facilitator,
  terms,
  caps = { dailyCostMicroUsd: null, settlementMicroUsd: null },
  advisorPerHour = 60,
  quoteLifetimeMs = 15 * 60_000,
  staleAfterMs = 120_000,
  notOkMemoryMs = 60_000,
  notOkPerHour = 200,
  finishedMaxBytes = 16 * 1024 * 1024,
  now = () => new Date(),
  log = () => {},
  observe = () => {},
  settlementGate = OPEN_GATE,
}: MeterOptions) {
  const payments = facilitator && terms ? { facilitator, terms } : null;
  const reserveCaps = createCaps({ quota, caps });

  /**
   * Finished answers are immutable until they expire, so each instance keeps recent ones in
   * memory: a replay then costs no store round trip. Running or absent rows always go to the
   * store, which decides across instances.
   */
  const finished = new Map<string, { fingerprint: string; response: StoredResponse; expiresAt: number; bytes: number; json: string }>();
  // Bounded by size, not count: results run from a few hundred bytes to 512 KiB (a soak run
  // showed 10,000 kept answers growing the process by hundreds of MB).
  let finishedBytes = 0;
  /** Keeps a finished answer; returns its body as JSON text. */
  const remember = (id: string, entry: { fingerprint: string; response: StoredResponse; expiresAt: number }): string => {
    const json = JSON.stringify(entry.response.body ?? null);
    if (json.length + 256 > finishedMaxBytes / 16) return json;
    // Held twice: as the object (MCP answers) and as its JSON text (HTTP replays send it as is).
    const bytes = 2 * json.length + 256;
    const previous = finished.get(id);
    if (previous) {
      finishedBytes -= previous.bytes;
      finished.delete(id);
    }
    while (finishedBytes + bytes > finishedMaxBytes && finished.size) {
      const [oldest, kept] = finished.entries().next().value!;
      finished.delete(oldest);
      finishedBytes -= kept.bytes;
    }
    finished.set(id, { ...entry, bytes, json });
    finishedBytes += bytes;
    return json;
  };

  /**
   * Request rows this call owns, under every key that names it: finished with the answer, or
   * abandoned. A row keeps an answer that is not ok only when `keepsNotOk` (an explicit
   * Idempotency-Key replays exactly what it got; the day's input identity forgets a free failure,
   * so it can be tried again).
   */
  function ownership(fp: string, keys: RowKey[]): Rows {
    const owned: (RowKey & { scope: string })[] = [];
    /**
     * A running row is a lease too: renewed while the call runs, so a repeat never takes over a call
     * that is still running (only one whose instance died, staleAfterMs after its last renewal).
     */
    let renewal: ReturnType<typeof setInterval> | null = null;
    function keepFresh() {
      if (renewal) return;
      renewal = setInterval(function renewRows() {
        const at = now().getTime();
        for (const row of owned) store.requests.renew({ scope: row.scope, key: row.key, now: at }).catch(() => undefined);
      }, Math.max(1, Math.floor(staleAfterMs / 3)));
      renewal.unref();
    }
    function stopWhenNoneOwned() {
      if (owned.length || !renewal) return;
      clearInterval(renewal);
      renewal = null;
    }
    const keep = (scope: string, key: string, response: StoredResponse, at: Date) =>
      remember(`${scope}|${key}`, { fingerprint: fp, response, expiresAt: expiresAt(at) - staleAfterMs });

    async function beginOne(scope: string, key: string, at: Date) {
      const known = finished.get(`${scope}|${key}`);
      if (known && known.expiresAt > at.getTime()) {
        return known.fingerprint === fp ? { state: 'done' as const, response: known.response, json: known.json } : { state: 'conflict' as const };
      }
      const begun = await store.requests.begin({ scope, key, fingerprint: fp, now: at.getTime(), staleAfterMs, expiresAt: expiresAt(at) });
      if (begun.state === 'done') return { ...begun, json: keep(scope, key, begun.response, at) };
      return begun;
    }

    async function finishRows(rows: (RowKey & { scope: string })[], response: StoredResponse, ok: boolean) {
      const at = now();
      for (const row of rows) {
        owned.splice(owned.indexOf(row), 1);
        if (ok || row.keepsNotOk) {
          await store.requests.finish({ scope: row.scope, key: row.key, response, now: at.getTime() });
          keep(row.scope, row.key, response, at);
        } else {
          await store.requests.abandon({ scope: row.scope, key: row.key });
        }
      }
      stopWhenNoneOwned();
    }

    return {
      /** Begins every key under `scope`; the first that is not new decides (a stored answer is then kept under the new keys too). */
      async begin(scope: string, at: Date) {
        const begunHere: (RowKey & { scope: string })[] = [];
        for (const row of keys) {
          const begun = await beginOne(scope, row.key, at);
          if (begun.state === 'started') {
            const mine = { ...row, scope };
            owned.push(mine);
            begunHere.push(mine);
            keepFresh();
            continue;
          }
          if (begun.state === 'done') await finishRows(begunHere, begun.response, true);
          return begun;
        }
        return { state: 'started' as const };
      },
      async finish(response: StoredResponse, { ok }: { ok: boolean }) {
        await finishRows([...owned], response, ok);
      },
      /** The rows a free use finishes in its own transaction (Store.commitFreeUse). */
      pending: () => owned.map(({ scope, key }) => ({ scope, key })),
      /** After Store.commitFreeUse finished them: kept in memory, no longer owned. */
      finishedElsewhere(response: StoredResponse) {
        const at = now();
        for (const row of owned.splice(0)) keep(row.scope, row.key, response, at);
        stopWhenNoneOwned();
      },
      async abandon() {
        try {
          for (const row of owned.splice(0)) await store.requests.abandon({ scope: row.scope, key: row.key });
        } finally {
          stopWhenNoneOwned();
        }
      },
    };
  }

  /**
   * Calls that ran and ended not ok (a result that is not ok, or a deadline that passed: endsNotOk)
   * cost the caller nothing, so their work is bounded: the same operation and input gets the
   * remembered outcome for notOkMemoryMs, and an IP may have notOkPerHour calls a rolling hour
   * that ran and ended not ok.
   */
  const notOk = {
    /** The remembered result that is not ok, or null; a remembered problem is thrown again, saying it is remembered. */
    async recent(fp: string, at: Date): Promise<Json | null> {
      if (notOkMemoryMs <= 0) return null;
      const value = (await store.cache.get({ ns: 'not-ok', key: fp, now: at.getTime() }))?.value ?? null;
      const problem = (value as { [REMEMBERED_PROBLEM]?: { code: ErrorCode; detail: string } } | null)?.[REMEMBERED_PROBLEM];
      if (problem) throw new ServiceError(problem.code, { detail: `Remembered outcome of an identical call in the last ${Math.round(notOkMemoryMs / 1000)} s, not run again: ${problem.detail}` });
      return value;
    },
    async checkBudget(ip: string, at: Date) {
      if (notOkPerHour === null) return;
      const counted = await store.rate.count({ bucket: 'not-ok', subject: ip, now: at.getTime(), windowMs: NOT_OK_WINDOW_MS });
      if (counted.count < notOkPerHour) return;
      const seconds = Math.max(1, Math.ceil(counted.oldestLeavesInMs / 1000));
      throw new ServiceError('not_ok_rate_limit', {
        detail: `${counted.count} of your calls in the last hour ran and ended not ok (a result that was not ok, or deadline_exceeded; at most ${notOkPerHour}); retry in ${seconds} s. Nothing was charged.`,
        headers: { 'Retry-After': String(seconds) },
        extra: { retry_after_seconds: seconds },
      });
    },
    async note(call: MeteredCall, outcome: { result: unknown } | { failure: ServiceError }) {
      const at = now().getTime();
      const value = 'result' in outcome ? (outcome.result as Json) : { [REMEMBERED_PROBLEM]: { code: outcome.failure.code, detail: outcome.failure.detail } };
      if (notOkMemoryMs > 0) await store.cache.set({ ns: 'not-ok', key: fingerprint(call.operation.operationId, call.input, call.tier), value, expiresAt: at + notOkMemoryMs });
      if (notOkPerHour !== null) await store.rate.hit({ bucket: 'not-ok', subject: call.ip, now: at, windowMs: NOT_OK_WINDOW_MS, limit: 2 ** 31 - 1 });
    },
  };

  function priceOf(operation: OperationInfo, tier: 'single' | 'bundle') {
    return tier === 'bundle' && operation.bundlePriceMicroUsd ? operation.bundlePriceMicroUsd : operation.priceMicroUsd;
  }

  function challenge(call: MeteredCall, requirements: PaymentRequirements, error: string): PaymentRequired {
    return paymentRequired({ url: call.resource.url, description: call.resource.description, requirements, error });
  }

  function paymentError(code: 'invalid_payment' | 'settlement_failed', call: MeteredCall, price: number, reason: string) {
    const terms = challenge(call, requirementsFor(payments!.terms, price), reason);
    return new ServiceError(code, {
      detail: code === 'invalid_payment' ? `The payment was refused: ${reason}. Nothing was charged.` : `Settlement failed (${reason}); nothing was delivered or charged.`,
      headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(terms), 'Cache-Control': 'no-store' },
      extra: { payment_required: terms },
    });
  }

  const replay = (response: StoredResponse, bodyJson?: string): MeterOutcome => ({ status: response.status, body: response.body, bodyJson: response.body == null ? undefined : bodyJson, headers: { ...response.headers, 'X-Idempotent-Replay': 'true' }, kind: 'replay' });

  async function freeOperation(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>): Promise<MeterOutcome> {
    const at = now();
    const hit = await store.rate.hit({ bucket: 'advisor', subject: call.ip, now: at.getTime(), windowMs: ADVISOR_WINDOW_MS, limit: advisorPerHour });
    if (!hit.allowed) {
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      throw new ServiceError('advisor_rate_limit', { detail: `${advisorPerHour} advisor calls per rolling hour are used; retry in ${seconds} s.`, headers: { 'Retry-After': String(seconds) }, extra: { retry_after_seconds: seconds } });
    }
    if (!call.idempotencyKey) return { status: 200, body: await run({ quote: null, offerQuote: noQuote }), headers: {}, kind: 'result' };
    const rows = ownership(fingerprint(call.operation.operationId, call.input, call.tier), [{ key: `key:${call.idempotencyKey}`, keepsNotOk: true }]);
    const begun = await rows.begin(`ip:${call.ip}`, at);
    if (begun.state !== 'started') return answerExisting(begun);
    try {
      const body = await run({ quote: null, offerQuote: noQuote });
      await rows.finish({ status: 200, headers: {}, body: body as Json }, { ok: true });
      return { status: 200, body, headers: {}, kind: 'result' };
    } finally {
      await rows.abandon();
    }
  }

  function answerExisting(begun: Awaited<ReturnType<Store['requests']['begin']>> & { json?: string }): MeterOutcome {
    if (begun.state === 'done') return replay(begun.response, begun.json);
    if (begun.state === 'conflict') throw new ServiceError('idempotency_conflict', { detail: 'This Idempotency-Key was used with another input (or another operation).' });
    throw new ServiceError('request_already_started', { detail: 'The same request is still running. Wait a minute and repeat it with the same input; do not pay again.' });
  }

  /** Step 1's answer with this call's merged entries (a repeat may spell its list otherwise). */
  function withMerged(body: Record<string, unknown>, call: MeteredCall): Record<string, unknown> {
    return call.merged?.length ? { ...body, merged_entries: call.merged } : body;
  }

  /**
   * The step-1 answer this caller got today for the same canonical input, while its quote can still
   * be paid (live) or after it was paid (step 2 then replays the paid answer): sent again without a
   * new scan, so one input never makes two quotes to pay.
   */
  const liveQuotes = {
    identity: (call: MeteredCall) => fingerprint(call.operation.operationId, call.input, call.tier),
    key: (call: MeteredCall) => `${call.ip}|${liveQuotes.identity(call)}`,
    async find(call: MeteredCall, at: Date): Promise<MeterOutcome | null> {
      const kept = await store.cache.get({ ns: 'step-1', key: liveQuotes.key(call), now: at.getTime() });
      const { quoteId, body } = (kept?.value ?? {}) as { quoteId?: string; body?: Record<string, unknown> };
      if (!quoteId || !body) return null;
      const quote = await store.quotes.get(quoteId);
      if (!quote || (!quote.paidAt && quote.expiresAt <= at.getTime())) return null;
      call.usage.priceMicroUsd = quote.priceMicroUsd;
      return { status: 200, body: withMerged(body, call), headers: { 'X-Idempotent-Replay': 'true' }, kind: 'replay' };
    },
    async keep(call: MeteredCall, quoteId: string, body: Record<string, unknown>, at: Date) {
      await store.cache.set({ ns: 'step-1', key: liveQuotes.key(call), value: { quoteId, body } as unknown as Json, expiresAt: nextUtcMidnight(at).getTime() });
    },
  };

  async function stepOne(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>): Promise<MeterOutcome> {
    const at = now();
    const live = await liveQuotes.find(call, at);
    if (live) return live;
    const scan = await quota.takeScan(call.ip, at);
    if (!scan.lease) {
      throw new ServiceError('scan_quota', {
        detail: 'The 3 free step-1 scans of today are used (or held by your step-1 scans still running).',
        headers: { 'Retry-After': String(scan.retryAfterSeconds) },
        extra: { retry_after_seconds: scan.retryAfterSeconds },
      });
    }
    let offer: QuoteOffer | null = null;
    let body: any;
    try {
      body = await run({ quote: null, offerQuote: (offered) => (offer = offered) });
    } catch (error) {
      await scan.lease.release();
      throw error;
    }
    const quoted = offer as QuoteOffer | null;
    if (body?.status === 'quote' && (!quoted || quoted.priceMicroUsd <= 0 || quoted.priceMicroUsd > 1_000_000)) {
      await scan.lease.release();
      throw new ServiceError('invalid_engine_result', { detail: 'Step 1 produced a quote without a valid price (above 0, at most $1). Nothing was charged and the scan was given back.' });
    }
    await scan.lease.commit();
    if (body?.status !== 'quote' || !quoted) return { status: 200, body: body && typeof body === 'object' ? withMerged(body, call) : body, headers: {}, kind: 'result' };
    const id = `q_${randomBytes(18).toString('base64url')}`;
    const expiresAt = at.getTime() + quoteLifetimeMs;
    const payload = { ...(quoted.payload as Record<string, Json>), [STEP_ONE_INPUT]: liveQuotes.identity(call) };
    await store.quotes.put({ id, operation: call.operation.operationId, caller: call.ip, priceMicroUsd: quoted.priceMicroUsd, billableCount: quoted.billableCount, payload, createdAt: at.getTime(), expiresAt });
    call.usage.priceMicroUsd = quoted.priceMicroUsd;
    const answer = { ...body, quote_id: id, expires_at: new Date(expiresAt).toISOString(), billable_count: quoted.billableCount, price_micro_usd: quoted.priceMicroUsd, price_usd: quoted.priceMicroUsd / 1_000_000 };
    await liveQuotes.keep(call, id, answer, at);
    return { status: 200, body: withMerged(answer, call), headers: {}, kind: 'result' };
  }

  async function stepTwo(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>): Promise<MeterOutcome> {
    const quote = await store.quotes.get(String(call.input.quote_id));
    if (!quote || quote.operation !== call.operation.operationId) {
      throw new ServiceError('quote_not_found', { detail: `No quote ${JSON.stringify(call.input.quote_id)} exists for ${call.operation.offerId}. Repeat step 1.` });
    }
    // A paid quote is past payment, not expired: its caller and payer get its answer again that day.
    if (!quote.paidAt && quote.expiresAt <= now().getTime()) throw new ServiceError('quote_expired', { detail: `The quote expired at ${new Date(quote.expiresAt).toISOString()}. Nothing was charged; repeat step 1.` });
    // Step 2 is identified by its step-1 input, not by the quote: two quotes of one canonical input
    // (two step 1s at once, or one after the first expired unpaid) are paid once a day.
    const stepOneInput = (quote.payload as Record<string, unknown> | null)?.[STEP_ONE_INPUT];
    return priced(call, run, quote.priceMicroUsd, quote, typeof stepOneInput === 'string' ? stepOneInput : undefined);
  }

  async function priced(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>, price: number, quote: QuoteRecord | null, identity?: string): Promise<MeterOutcome> {
    const at = now();
    call.usage.priceMicroUsd = price;
    const fp = identity ?? fingerprint(call.operation.operationId, call.input, call.tier);
    // One input of one caller on one UTC day is one row, whatever key was sent: at most one charge.
    // An explicit key is a second name for the same call (its conflicts and replays are its own).
    const inputKey = `auto:${utcDay(at)}:${fp}`;
    const keys: RowKey[] = call.idempotencyKey === null ? [{ key: inputKey, keepsNotOk: false }] : [{ key: `key:${call.idempotencyKey}`, keepsNotOk: true }, { key: inputKey, keepsNotOk: false }];
    const rows = ownership(fp, keys);
    const extras: ExecutionExtras = { quote, offerQuote: noQuote };

    const byIp = await rows.begin(`ip:${call.ip}`, at);
    if (byIp.state !== 'started') {
      // A key row begun before the input's own row answered: this call runs nothing, so it holds nothing.
      await rows.abandon();
      return answerExisting(byIp);
    }
    try {
      if (!quote) {
        const remembered = await notOk.recent(fp, at);
        if (remembered !== null) {
          await rows.finish({ status: 200, headers: {}, body: remembered }, { ok: false });
          return { status: 200, body: remembered, headers: {}, kind: 'result' };
        }
        await notOk.checkBudget(call.ip, at);
      }
      if (quote?.paidAt && !call.payment) throw quoteConsumed();
      if (!quote) {
        // A free call comes first: a payment sent while the caller still has one is not settled (the
        // answer says so). It does not wait for the caller's own running calls: it can pay instead.
        const taken = await quota.take(call.ip, at, { wait: !call.payment });
        if (taken.lease) return await freeCall(call, run, extras, price, rows, taken.lease);
        if (call.payment) return await paidWith(call, run, extras, price, rows, fp);
        const reason =
          taken.used >= quota.limit
            ? `the ${quota.limit} free calls of today are used`
            : `of the ${quota.limit} free calls of today, ${taken.used} are used and ${taken.held} are held by your calls still running after ${Math.round(taken.waitedMs / 1000)} s`;
        if (!payments) throw new ServiceError('network_not_enabled', { detail: `${capitalize(reason)}, and this deployment takes no payments. Nothing was charged.` });
        return paymentRequiredOutcome(call, price, `${paymentField(call)} is required: ${reason}`);
      }
      if (!call.payment) {
        if (!payments) throw new ServiceError('network_not_enabled', { detail: `Step 2 of ${call.operation.offerId} is always paid, and this deployment takes no payments. Nothing was charged.` });
        return paymentRequiredOutcome(call, price, `${paymentField(call)} is required: step 2 is always paid`);
      }
      return await paidWith(call, run, extras, price, rows, fp);
    } finally {
      await rows.abandon();
    }
  }

  /** A call that carries a payment and has to be paid: the payment is checked, then paidCall. */
  async function paidWith(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>, extras: ExecutionExtras, price: number, rows: Rows, fp: string): Promise<MeterOutcome> {
    const at = now();
    if (!payments) throw new ServiceError('network_not_enabled', { detail: 'This deployment has no payment configuration; paid calls are off. Nothing was charged.' });
    const decoded = decodePayment(call.payment!);
    if (!decoded.ok) throw paymentError('invalid_payment', call, price, decoded.reason);
    const requirements = requirementsFor(payments.terms, price);
    const checked = await checkPayload(decoded.payload, requirements, payments.terms, at);
    if (!checked.ok) throw paymentError('invalid_payment', call, price, checked.reason);
    const payer = checked.authorization.from.toLowerCase();
    const byPayer = await rows.begin(`payer:${payer}`, at);
    if (byPayer.state !== 'started') return answerExisting(byPayer);
    if (extras.quote?.paidAt) throw quoteConsumed();
    // The nonce is tied to the input, not to a key or a day: the same payment repeated for the same
    // input (after a crash, even past midnight) finds its own claim.
    return await paidCall({ call, run, extras, price, rows, payload: decoded.payload, requirements, payer, nonce: `${checked.authorization.nonce}`.toLowerCase(), requestRef: `input:${fp}` });
  }

  function paymentRequiredOutcome(call: MeteredCall, price: number, error: string): MeterOutcome {
    const terms = challenge(call, requirementsFor(payments!.terms, price), error);
    return { status: 402, body: terms, headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(terms), 'Cache-Control': 'no-store' }, kind: 'payment_required' };
  }

  async function freeCall(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>, extras: ExecutionExtras, price: number, rows: Rows, lease: Lease): Promise<MeterOutcome> {
    const at = now();
    let body: unknown;
    let capHold: CapHold | null = null;
    try {
      capHold = await reserveCaps(price, { paid: false }, at);
      body = await run(extras);
    } catch (error) {
      await capHold?.release();
      await lease.release();
      if (endsNotOk(error)) await notOk.note(call, { failure: error });
      throw error;
    }
    const response: StoredResponse = { status: 200, headers: {}, body: body as Json };
    if (!isOk(body)) {
      await capHold.release();
      await lease.release();
      await notOk.note(call, { result: body });
      await rows.finish(response, { ok: false });
      return { status: 200, body, headers: {}, kind: 'result' };
    }
    const ledger = { at: at.getTime(), kind: 'free_use' as const, operation: call.operation.offerId!, caller: call.ip, amountMicroUsd: price, payer: null, nonce: null, txHash: null, network: null, requestId: call.requestId };
    // The use, its ledger entry, the answers and the daily cost reservation's use: one transaction.
    let committed: boolean;
    try {
      committed = await lease.commitFreeUse({ ledger, finish: { rows: rows.pending(), response, now: now().getTime() } }, capHold.leases);
    } catch (error) {
      await capHold.release();
      throw error;
    }
    if (!committed) {
      await capHold.release();
      // The lease went stale while the call ran (its instance stalled past REQUEST_STALE_AFTER_MS) and
      // the caller's other calls took every free call meanwhile: this result cannot be given free.
      if (!payments) throw new ServiceError('network_not_enabled', { detail: `The ${quota.limit} free calls of today were used by your other calls while this one ran, and this deployment takes no payments. Nothing was charged.` });
      return paymentRequiredOutcome(call, price, `${paymentField(call)} is required: the ${quota.limit} free calls of today were used by your other calls while this one ran`);
    }
    rows.finishedElsewhere(response);
    call.usage.charge = 'free_use';
    observe({ type: 'charge', operation: call.operation.operationId, kind: 'free_use', amountMicroUsd: price });
    // A payment sent with it was not looked at, let alone settled: the answer says so.
    return { status: 200, body, headers: call.payment ? { 'X-Payment-Unused': 'free_call' } : {}, kind: 'result' };
  }

  /** A paid attempt once its payment is checked: what paidCall needs to run, settle and record it. */
  interface PaidAttempt {
    call: MeteredCall;
    run: (extras: ExecutionExtras) => Promise<unknown>;
    extras: ExecutionExtras;
    price: number;
    rows: Rows;
    payload: PaymentPayload;
    requirements: PaymentRequirements;
    payer: string;
    nonce: string;
    requestRef: string;
  }

  async function paidCall(attempt: PaidAttempt): Promise<MeterOutcome> {
    // Reserved against both caps before anything runs or settles; given back unless it settled.
    const capHold = await reserveCaps(attempt.price, { paid: true }, now());
    try {
      return await paidCallHeld(attempt, capHold);
    } finally {
      await capHold.release();
    }
  }

  async function paidCallHeld({ call, run, extras, price, rows, payload, requirements, payer, nonce, requestRef }: PaidAttempt, capHold: CapHold): Promise<MeterOutcome> {
    const { facilitator: remote, terms } = payments!;
    const nonceId = `${terms.network}:${terms.asset}:${payer}:${nonce}`.toLowerCase();
    const at = now();
    const claim = await store.nonces.claim({ nonce: nonceId, payer, requestRef, now: at.getTime() });
    let pending: StoredResponse | null = null;
    if (!claim.claimed) {
      const existing = claim.existing;
      if (existing.requestRef !== requestRef) throw new ServiceError('payment_reused', { detail: 'This payment authorization was already used for another request.' });
      if (existing.state === 'settled' && existing.response) {
        const stored = withReceipt(existing.response as unknown as StoredResponse, { success: true, transaction: existing.txHash ?? '', network: terms.network, payer } as SettleResponse);
        await rows.finish(stored, { ok: true });
        return replay(stored);
      }
      pending = existing.response as unknown as StoredResponse | null;
    }

    // A quote is paid by one payment: claimed by this one before it is verified, run or settled. A
    // second payment meanwhile is refused and never settled; the same payment repeated holds it still.
    const quoteClaim = extras.quote ? { id: extras.quote.id, claimant: nonceId } : null;
    if (quoteClaim) {
      const held = await store.quotes.claim({ ...quoteClaim, now: at.getTime() });
      if (!held.claimed) {
        if (claim.claimed) await store.nonces.update({ nonce: nonceId, state: 'released', now: now().getTime() });
        if (held.paid) throw quoteConsumed();
        throw new ServiceError('quote_claimed', { detail: 'Another payment holds this quote and is being settled; yours was not used and nothing was charged. Repeat step 1 for a quote of your own.' });
      }
    }
    const giveQuoteBack = async () => {
      if (quoteClaim) await store.quotes.releaseClaim(quoteClaim);
    };

    if (!pending) {
      const verified = await remote.verify(payload, requirements);
      if (!verified.isValid) {
        const reason = verified.invalidReason ?? 'verify_failed';
        await store.nonces.update({ nonce: nonceId, state: 'failed', now: now().getTime() });
        await giveQuoteBack();
        if (/nonce_already_used/.test(reason)) throw new ServiceError('payment_reused', { detail: 'This payment authorization was already used on chain.' });
        throw paymentError('invalid_payment', call, price, reason);
      }
      let body: unknown;
      try {
        body = await run(extras);
      } catch (error) {
        await store.nonces.update({ nonce: nonceId, state: 'released', now: now().getTime() });
        await giveQuoteBack();
        if (endsNotOk(error)) await notOk.note(call, { failure: error });
        throw error;
      }
      if (!isOk(body)) {
        await store.nonces.update({ nonce: nonceId, state: 'released', now: now().getTime() });
        await giveQuoteBack();
        await notOk.note(call, { result: body });
        await rows.finish({ status: 200, headers: {}, body: body as Json }, { ok: false });
        return { status: 200, body, headers: {}, kind: 'result' };
      }
      pending = { status: 200, headers: {}, body: body as Json };
      await store.nonces.update({ nonce: nonceId, state: 'claimed', response: pending as unknown as Json, now: now().getTime() });
    }

    const operationId = call.operation.operationId;
    if (!settlementGate.enter(call.settlementHold)) {
      // The instance is shutting down: settling now could leave a transfer without its answer.
      // The answer stays with the nonce; the same payment repeated on any instance settles it once.
      observe({ type: 'settlement', operation: operationId, outcome: 'deferred' });
      throw new ServiceError('engine_unavailable', {
        detail: 'This instance is shutting down before your payment was settled. Repeat the same call with the same payment: the result is kept, delivered once and charged once.',
        headers: { 'Retry-After': '1' },
      });
    }
    let settlement: SettleResponse;
    try {
      settlement = await remote.settle(payload, requirements);
    } catch (error) {
      // Indeterminate (a timeout, a dropped connection): the transfer may have happened. The answer
      // stays with the nonce, and a repeat with the same payment settles again or finds it done.
      log({ level: 'error', msg: 'settle threw', requestId: call.requestId, error: String(error) });
      settlement = { success: false, errorReason: 'settlement_pending', transaction: '', network: terms.network } as SettleResponse;
    } finally {
      settlementGate.leave(call.settlementHold);
    }
    if (!settlement.success) {
      const reason = settlement.errorReason ?? 'settle_failed';
      if (reason === 'settlement_pending') {
        observe({ type: 'settlement', operation: operationId, outcome: 'pending' });
        // The transfer may have happened: the caps count it (a cap errs on the side of less).
        await capHold.commit();
        throw new ServiceError('request_already_started', { detail: 'The payment is being settled on chain. Repeat the same call with the same payment in a minute to receive the result; do not pay again.' });
      }
      if (!/nonce_already_used/.test(reason) || claim.claimed) {
        observe({ type: 'settlement', operation: operationId, outcome: 'failed' });
        await store.nonces.update({ nonce: nonceId, state: 'failed', response: null, now: now().getTime() });
        await giveQuoteBack();
        await store.ledger.append({ at: now().getTime(), kind: 'settlement_failed', operation: call.operation.offerId!, caller: call.ip, amountMicroUsd: 0, payer, nonce, txHash: settlement.transaction || null, network: terms.network, requestId: call.requestId });
        throw paymentError('settlement_failed', call, price, reason);
      }
      // A retry after a crash: this request's own authorization was already transferred on chain.
      settlement = { success: true, transaction: settlement.transaction || '', network: terms.network, payer } as SettleResponse;
    }
    const final = withReceipt(pending, settlement);
    await capHold.commit();
    await store.nonces.update({ nonce: nonceId, state: 'settled', txHash: settlement.transaction || null, now: now().getTime() });
    await store.ledger.append({ at: now().getTime(), kind: 'settlement', operation: call.operation.offerId!, caller: call.ip, amountMicroUsd: price, payer, nonce, txHash: settlement.transaction || null, network: terms.network, requestId: call.requestId });
    if (extras.quote) await store.quotes.markPaid({ id: extras.quote.id, now: now().getTime(), txHash: settlement.transaction || null });
    await rows.finish(final, { ok: true });
    call.usage.chargedMicroUsd = price;
    call.usage.charge = 'settlement';
    observe({ type: 'settlement', operation: operationId, outcome: 'settled' });
    observe({ type: 'charge', operation: operationId, kind: 'settlement', amountMicroUsd: price });
    return { status: 200, body: final.body, headers: final.headers, kind: 'result', settlement };
  }

  return async function meter(call: MeteredCall, run: (extras: ExecutionExtras) => Promise<unknown>): Promise<MeterOutcome> {
    const operation = call.operation;
    if (operation.priceMicroUsd === 0) return freeOperation(call, run);
    if (operation.twoStep) return call.input.quote_id === undefined ? stepOne(call, run) : stepTwo(call, run);
    return priced(call, run, priceOf(operation, call.tier), null);
  };
}

/** The answer of a paid call: the kept result with the x402 receipt of its settlement. */
function withReceipt(pending: StoredResponse, settlement: SettleResponse): StoredResponse {
  return { ...pending, headers: { ...pending.headers, 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settlement) } };
}

function quoteConsumed() {
  return new ServiceError('quote_not_found', { detail: 'This quote was already paid; its answer is kept for its payer. Repeat step 1 for a new quote.' });
}

function noQuote() {
  throw new ServiceError('invalid_engine_result', { detail: 'Only step 1 of a two-step operation can offer a quote.' });
}

export type Meter = ReturnType<typeof createMeter>;
