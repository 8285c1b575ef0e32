import { ServiceError } from '../problem.ts';
import type { Json, StoredResponse } from '../store/types.ts';
import { paymentField, paymentRequiredOutcome, type PaymentUnused } from './answers.ts';
import type { CapHold } from './caps.ts';
import type { MeterDeps } from './deps.ts';
import { endsNotOk, isOk } from './not-ok.ts';
import type { Lease } from './quota.ts';
import type { Rows } from './request-rows.ts';
import type { ExecutionExtras, MeteredCall, MeterOutcome, Run } from './types.ts';

/**
 * A call paid by one of its caller's free calls, leased before it runs: reserved against the
 * daily cost cap, run, then the use, its ledger entry and the answers in one transaction when
 * the result is ok; the lease and the reservation are given back otherwise.
 */
export function createFreeCall({ quota, payments, reserveCaps, notOk, now, observe }: MeterDeps) {
  return async function freeCall(call: MeteredCall, run: Run, extras: ExecutionExtras, price: number, rows: Rows, lease: Lease): Promise<MeterOutcome> {
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
    const ledger = {
      at: at.getTime(),
      kind: 'free_use' as const,
      operation: call.operation.offerId!,
      caller: call.ip,
      amountMicroUsd: price,
      payer: null,
      nonce: null,
      txHash: null,
      network: null,
      requestId: call.requestId,
    };
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
      if (!payments)
        throw new ServiceError('network_not_enabled', {
          detail: `The ${quota.limit} free calls of today were used by your other calls while this one ran, and this deployment takes no payments. Nothing was charged.`,
        });
      return paymentRequiredOutcome(
        payments,
        call,
        price,
        `${paymentField(call)} is required: the ${quota.limit} free calls of today were used by your other calls while this one ran`,
      );
    }
    rows.finishedElsewhere(response);
    call.usage.charge = 'free_use';
    observe({ type: 'charge', operation: call.operation.operationId, kind: 'free_use', amountMicroUsd: price });
    // A payment sent with it was not looked at, let alone settled: the answer says so.
    return { status: 200, body, headers: call.payment ? { 'X-Payment-Unused': 'free_call' satisfies PaymentUnused } : {}, kind: 'result' };
  };
}

export type FreeCall = ReturnType<typeof createFreeCall>;
