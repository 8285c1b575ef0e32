import { ServiceError } from '../problem.ts';
import type { QuoteRecord } from '../store/types.ts';
import { answerExisting, noQuote, paymentField, paymentRequiredOutcome, quoteConsumed } from './answers.ts';
import { utcDay } from './day.ts';
import type { MeterDeps } from './deps.ts';
import { pricedFingerprint } from './fingerprint.ts';
import { notOkKey } from './not-ok.ts';
import type { FreeCall } from './free-call.ts';
import type { PaidCall } from './paid-call.ts';
import type { RowKey } from './request-rows.ts';
import type { ExecutionExtras, MeteredCall, MeterOutcome, Run } from './types.ts';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A priced call: the caller's stored answer of the same input today (or of the same
 * Idempotency-Key) is replayed without charge; otherwise a result that is not ok remembered for
 * this input answers again; otherwise one of the caller's free calls pays (freeCall), or a
 * payment does (paidCall), or the answer is a 402 with the terms. Step 2 of a two-step operation
 * comes here with its quote and is always paid.
 */
export function createPricedCall({ quota, payments, ownRows, notOk, now }: MeterDeps, { freeCall, paidCall }: { freeCall: FreeCall; paidCall: PaidCall }) {
  return async function priced(call: MeteredCall, run: Run, price: number, quote: QuoteRecord | null, identity?: string): Promise<MeterOutcome> {
    const at = now();
    call.usage.priceMicroUsd = price;
    const fp = identity ?? pricedFingerprint(call);
    // One input of one caller on one UTC day is one row, whatever key was sent: at most one charge.
    // An explicit key is a second name for the same call (its conflicts and replays are its own).
    const inputKey = `auto:${utcDay(at)}:${fp}`;
    const keys: RowKey[] =
      call.idempotencyKey === null
        ? [{ key: inputKey, keepsNotOk: false }]
        : [
            { key: `key:${call.idempotencyKey}`, keepsNotOk: true },
            { key: inputKey, keepsNotOk: false },
          ];
    const rows = ownRows(fp, keys);
    const extras: ExecutionExtras = { quote, offerQuote: noQuote };

    const byIp = await rows.begin({ ip: call.ip }, at);
    if (byIp.state !== 'started') {
      // A key row begun before the input's own row answered: this call runs nothing, so it holds nothing.
      await rows.abandon();
      return answerExisting(call, byIp);
    }
    try {
      if (!quote) {
        const remembered = await notOk.recent(notOkKey(call), at);
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
        if (call.payment) return await paidCall(call, run, extras, price, rows, fp);
        const reason =
          taken.used >= quota.limit
            ? `the ${quota.limit} free calls of today are used`
            : `of the ${quota.limit} free calls of today, ${taken.used} are used and ${taken.held} are held by your calls still running after ${Math.round(taken.waitedMs / 1000)} s`;
        if (!payments)
          throw new ServiceError('network_not_enabled', { detail: `${capitalize(reason)}, and this deployment takes no payments. Nothing was charged.` });
        return paymentRequiredOutcome(payments, call, price, `${paymentField(call)} is required: ${reason}`);
      }
      if (!call.payment) {
        if (!payments)
          throw new ServiceError('network_not_enabled', {
            detail: `Step 2 of ${call.operation.offerId} is always paid, and this deployment takes no payments. Nothing was charged.`,
          });
        return paymentRequiredOutcome(payments, call, price, `${paymentField(call)} is required: step 2 is always paid`);
      }
      return await paidCall(call, run, extras, price, rows, fp);
    } finally {
      await rows.abandon();
    }
  };
}

export type PricedCall = ReturnType<typeof createPricedCall>;
