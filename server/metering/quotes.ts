/**
 * Two-step operations (hot-buyers, batch): step 1 uses a free scan and turns its result into a
 * stored quote; step 2 is priced at the quote and paid (server/metering/priced-call.ts).
 */
import { randomBytes } from 'node:crypto';
import { ServiceError } from '../problem.ts';
import type { Json, QuoteRecord } from '../store/types.ts';
import { isChargeable } from '../payments/x402.ts';
import { nextUtcMidnight } from './day.ts';
import type { MeterDeps } from './deps.ts';
import { pricedFingerprint } from './fingerprint.ts';
import type { MeteredCall, MeterOutcome, QuoteOffer, Run } from './types.ts';

/** The quote payload's key for the fingerprint of the step-1 input it answers (handlers read only their own keys). */
const STEP_ONE_INPUT = 'step_one_input';

/** Prices and runs step 2 (priced-call.ts): at the quote's price, identified by its step-1 input. */
type PricedCall = (call: MeteredCall, run: Run, price: number, quote: QuoteRecord | null, identity?: string) => Promise<MeterOutcome>;

/** Step 1's answer with this call's merged entries (a repeat may spell its list otherwise). */
function withMerged(body: Record<string, unknown>, call: MeteredCall): Record<string, unknown> {
  return call.merged?.length ? { ...body, merged_entries: call.merged } : body;
}

export function createQuotes({ store, quota, now }: MeterDeps, { quoteLifetimeMs = 15 * 60_000, priced }: { quoteLifetimeMs?: number; priced: PricedCall }) {
  const identity = (call: MeteredCall) => pricedFingerprint(call);
  /**
   * The step-1 answer this caller got today for the same canonical input, while its quote can still
   * be paid (live) or after it was paid (step 2 then replays the paid answer): sent again without a
   * new scan, so one input never makes two quotes to pay.
   */
  const liveQuotes = {
    key: (call: MeteredCall) => `${call.ip}|${identity(call)}`,
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

  async function stepOne(call: MeteredCall, run: Run): Promise<MeterOutcome> {
    const at = now();
    const live = await liveQuotes.find(call, at);
    if (live) return live;
    const scan = await quota.takeScan(call.ip, at);
    if (!scan.lease) {
      throw new ServiceError('scan_quota', {
        detail: `The ${quota.scansPerDay} free step-1 scans of today are used (or held by your step-1 scans still running).`,
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
    if (body?.status === 'quote' && (!quoted || !isChargeable(quoted.priceMicroUsd))) {
      await scan.lease.release();
      throw new ServiceError('invalid_engine_result', {
        detail: 'Step 1 produced a quote without a valid price (above 0, at most $1). Nothing was charged and the scan was given back.',
      });
    }
    await scan.lease.commit();
    if (body?.status !== 'quote' || !quoted)
      return { status: 200, body: body && typeof body === 'object' ? withMerged(body, call) : body, headers: {}, kind: 'result' };
    const id = `q_${randomBytes(18).toString('base64url')}`;
    const expiresAt = at.getTime() + quoteLifetimeMs;
    const payload = { ...(quoted.payload as Record<string, Json>), [STEP_ONE_INPUT]: identity(call) };
    await store.quotes.put({
      id,
      operation: call.operation.operationId,
      caller: call.ip,
      priceMicroUsd: quoted.priceMicroUsd,
      billableCount: quoted.billableCount,
      payload,
      createdAt: at.getTime(),
      expiresAt,
    });
    call.usage.priceMicroUsd = quoted.priceMicroUsd;
    const answer = {
      ...body,
      quote_id: id,
      expires_at: new Date(expiresAt).toISOString(),
      billable_count: quoted.billableCount,
      price_micro_usd: quoted.priceMicroUsd,
      price_usd: quoted.priceMicroUsd / 1_000_000,
    };
    await liveQuotes.keep(call, id, answer, at);
    return { status: 200, body: withMerged(answer, call), headers: {}, kind: 'result' };
  }

  async function stepTwo(call: MeteredCall, run: Run): Promise<MeterOutcome> {
    const quote = await store.quotes.get(String(call.input.quote_id));
    if (!quote || quote.operation !== call.operation.operationId) {
      throw new ServiceError('quote_not_found', {
        detail: `No quote ${JSON.stringify(call.input.quote_id)} exists for ${call.operation.offerId}. Repeat step 1.`,
      });
    }
    // A paid quote is past payment, not expired: its caller and payer get its answer again that day.
    if (!quote.paidAt && quote.expiresAt <= now().getTime())
      throw new ServiceError('quote_expired', {
        detail: `The quote expired at ${new Date(quote.expiresAt).toISOString()}. Nothing was charged; repeat step 1.`,
      });
    // Step 2 is identified by its step-1 input, not by the quote: two quotes of one canonical input
    // (two step 1s at once, or one after the first expired unpaid) are paid once a day.
    const stepOneInput = (quote.payload as Record<string, unknown> | null)?.[STEP_ONE_INPUT];
    return priced(call, run, quote.priceMicroUsd, quote, typeof stepOneInput === 'string' ? stepOneInput : undefined);
  }

  return { stepOne, stepTwo };
}
