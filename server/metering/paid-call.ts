/**
 * A call that carries a payment and has to be paid, in explicit steps:
 * verify (the payload against our terms, then who signed it: a VerifiedPayer) -> the payer's
 * stored answer of this input today, if any -> reserve against the caps -> claim (the
 * authorization's nonce, then a step-2 quote) -> run (the facilitator's check of the funds
 * first; not ok: answered free, never settled) -> settle -> record (ledger, nonce, quote, rows).
 * Nothing scoped to a payer is reached before `verify` made one.
 */
import type { SettleResponse } from '@x402/core/types';
import { ServiceError } from '../problem.ts';
import type { Json, StoredResponse } from '../store/types.ts';
import { VerifiedPayer } from '../payments/payer.ts';
import { checkPayload, decodePayment, requirementsFor, type PaymentPayload, type PaymentRequirements } from '../payments/x402.ts';
import { answerExisting, paymentError, quoteConsumed, replay, withReceipt } from './answers.ts';
import type { CapHold } from './caps.ts';
import type { MeterDeps, Payments } from './deps.ts';
import { endsNotOk, isOk } from './not-ok.ts';
import type { Rows } from './request-rows.ts';
import type { ExecutionExtras, MeteredCall, MeterOutcome, Run } from './types.ts';

/** A payment whose signer is proven, with what it was checked against. */
interface VerifiedPayment {
  payer: VerifiedPayer;
  payload: PaymentPayload;
  requirements: PaymentRequirements;
}

/** One paid attempt once its payment is verified. */
interface PaidAttempt {
  call: MeteredCall;
  run: Run;
  extras: ExecutionExtras;
  price: number;
  rows: Rows;
  payment: VerifiedPayment;
  /** The nonce's key: network, asset, payer and nonce. */
  nonceId: string;
  /** The nonce is tied to the input, not to a key or a day: the same payment repeated for the same input (after a crash, even past midnight) finds its own claim. */
  requestRef: string;
}

/** What the claim step holds: the nonce (new, or this input's own from an earlier attempt) and the quote. */
interface Claimed {
  /** The nonce was claimed by this attempt (not an earlier attempt's claim found again). */
  fresh: boolean;
  /** An earlier attempt's ok answer, kept with the nonce while its settlement is pending. */
  pending: StoredResponse | null;
  giveQuoteBack(): Promise<void>;
}

export function createPaidCall({ store, payments, reserveCaps, notOk, now, log, observe, settlementGate }: MeterDeps) {
  const refused = (call: MeteredCall, price: number, reason: string) => paymentError(payments!, 'invalid_payment', call, price, reason);
  const spentOnChain = () =>
    new ServiceError('payment_reused', { detail: 'This payment authorization was already used on chain. Nothing was charged by this call.' });

  /** The payload against our own terms, then its signer. An unverifiable payment is refused here, having read nothing. */
  async function verify(call: MeteredCall, price: number, { terms, facilitator }: Payments): Promise<VerifiedPayment> {
    const decoded = decodePayment(call.payment!);
    if (!decoded.ok) throw refused(call, price, decoded.reason);
    const requirements = requirementsFor(terms, price);
    const checked = await checkPayload(decoded.payload, requirements, terms, now(), call.operation);
    if (!checked.ok) throw refused(call, price, checked.reason);
    const verified = await VerifiedPayer.verify({
      payload: decoded.payload,
      authorization: checked.authorization,
      signature: checked.signature,
      requirements,
      terms,
      facilitator,
    });
    if (!verified.ok) throw verified.spentOnChain ? spentOnChain() : refused(call, price, verified.reason);
    return { payer: verified.payer, payload: decoded.payload, requirements };
  }

  /** The authorization's nonce, then the quote (step 2): one payment per nonce, one payment per quote. */
  async function claim(attempt: PaidAttempt): Promise<Claimed | { outcome: MeterOutcome }> {
    const { call, extras, rows, nonceId, requestRef, payment, price } = attempt;
    const at = now();
    const nonce = await store.nonces.claim({ nonce: nonceId, payer: payment.payer.address, requestRef, now: at.getTime() });
    let pending: StoredResponse | null = null;
    if (!nonce.claimed) {
      const existing = nonce.existing;
      if (existing.requestRef !== requestRef) {
        if (existing.state === 'settled')
          throw new ServiceError('payment_reused', {
            detail: 'This payment authorization was already used: it was settled for another request. Nothing was charged by this call.',
          });
        if (existing.state === 'claimed')
          throw new ServiceError('payment_reused', {
            detail:
              'This payment authorization is held by another request that is still running or being settled; it cannot pay for this one. Nothing was charged by this call.',
          });
        throw refused(
          call,
          price,
          'this authorization was sent with another request, which ended without a charge (it was not settled); an authorization pays only for the request it was first sent with, so sign a new one from these terms',
        );
      }
      if (existing.state === 'settled' && existing.response) {
        const stored = withReceipt(
          existing.response as unknown as StoredResponse,
          { success: true, transaction: existing.txHash ?? '', network: payments!.terms.network, payer: payment.payer.address } as SettleResponse,
        );
        await rows.finish(stored, { ok: true });
        return { outcome: replay(call, stored) };
      }
      pending = existing.response as unknown as StoredResponse | null;
    }

    // A quote is paid by one payment: claimed by this one before it is run or settled. A second
    // payment meanwhile is refused and never settled; the same payment repeated holds it still.
    const quoteClaim = extras.quote ? { id: extras.quote.id, claimant: nonceId } : null;
    if (quoteClaim) {
      const held = await store.quotes.claim({ ...quoteClaim, now: at.getTime() });
      if (!held.claimed) {
        if (nonce.claimed) await store.nonces.update({ nonce: nonceId, state: 'released', now: now().getTime() });
        if (held.paid) throw quoteConsumed();
        throw new ServiceError('quote_claimed', {
          detail: 'Another payment holds this quote and is being settled; yours was not used and nothing was charged. Repeat step 1 for a quote of your own.',
        });
      }
    }
    return { fresh: nonce.claimed, pending, giveQuoteBack: async () => void (quoteClaim && (await store.quotes.releaseClaim(quoteClaim))) };
  }

  /** The facilitator's check of the funds (a smart wallet's was part of verify), then the work; not ok: answered free, the nonce and quote given back. */
  async function runPaid(attempt: PaidAttempt, claimed: Claimed): Promise<StoredResponse | { outcome: MeterOutcome }> {
    const { call, run, extras, price, rows, payment, nonceId } = attempt;
    if (!payment.payer.facilitatorVerified) {
      const checked = await payments!.facilitator.verify(payment.payload, payment.requirements);
      if (!checked.isValid) {
        const reason = checked.invalidReason ?? 'verify_failed';
        await store.nonces.update({ nonce: nonceId, state: 'failed', now: now().getTime() });
        await claimed.giveQuoteBack();
        if (/nonce_already_used/.test(reason)) throw spentOnChain();
        throw refused(call, price, reason);
      }
    }
    let body: unknown;
    try {
      body = await run(extras);
    } catch (error) {
      await store.nonces.update({ nonce: nonceId, state: 'released', now: now().getTime() });
      await claimed.giveQuoteBack();
      if (endsNotOk(error)) await notOk.note(call, { failure: error });
      throw error;
    }
    if (!isOk(body)) {
      await store.nonces.update({ nonce: nonceId, state: 'released', now: now().getTime() });
      await claimed.giveQuoteBack();
      await notOk.note(call, { result: body });
      await rows.finish({ status: 200, headers: {}, body: body as Json }, { ok: false });
      return { outcome: { status: 200, body, headers: {}, kind: 'result' } };
    }
    const pending: StoredResponse = { status: 200, headers: {}, body: body as Json };
    await store.nonces.update({ nonce: nonceId, state: 'claimed', response: pending as unknown as Json, now: now().getTime() });
    return pending;
  }

  /** The transfer on chain; the ok answer stays with the nonce until it is recorded, so a repeat of the same payment delivers it once. */
  async function settle(attempt: PaidAttempt, claimed: Claimed, capHold: CapHold): Promise<SettleResponse> {
    const { call, price, payment, nonceId } = attempt;
    const { facilitator, terms } = payments!;
    const operationId = call.operation.operationId;
    if (!settlementGate.enter(call.settlementHold)) {
      // The instance is shutting down: settling now could leave a transfer without its answer.
      observe({ type: 'settlement', operation: operationId, outcome: 'deferred' });
      throw new ServiceError('engine_unavailable', {
        detail:
          'This instance is shutting down before your payment was settled. Repeat the same call with the same payment: the result is kept, delivered once and charged once.',
        headers: { 'Retry-After': '1' },
      });
    }
    let settlement: SettleResponse;
    try {
      settlement = await facilitator.settle(payment.payload, payment.requirements);
    } catch (error) {
      // Indeterminate (a timeout, a dropped connection): the transfer may have happened.
      log({ level: 'error', msg: 'settle threw', requestId: call.requestId, error: String(error) });
      settlement = { success: false, errorReason: 'settlement_pending', transaction: '', network: terms.network } as SettleResponse;
    } finally {
      settlementGate.leave(call.settlementHold);
    }
    if (settlement.success) return settlement;
    const reason = settlement.errorReason ?? 'settle_failed';
    if (reason === 'settlement_pending') {
      observe({ type: 'settlement', operation: operationId, outcome: 'pending' });
      // The transfer may have happened: the caps count it (a cap errs on the side of less).
      await capHold.commit();
      throw new ServiceError('request_already_started', {
        detail: 'The payment is being settled on chain. Repeat the same call with the same payment in a minute to receive the result; do not pay again.',
      });
    }
    if (!/nonce_already_used/.test(reason) || claimed.fresh) {
      observe({ type: 'settlement', operation: operationId, outcome: 'failed' });
      await store.nonces.update({ nonce: nonceId, state: 'failed', response: null, now: now().getTime() });
      await claimed.giveQuoteBack();
      await store.ledger.append({
        at: now().getTime(),
        kind: 'settlement_failed',
        operation: call.operation.offerId!,
        caller: call.ip,
        amountMicroUsd: 0,
        payer: payment.payer.address,
        nonce: payment.payer.nonce,
        txHash: settlement.transaction || null,
        network: terms.network,
        requestId: call.requestId,
      });
      throw paymentError(payments!, 'settlement_failed', call, price, reason);
    }
    // A retry after a crash: this request's own authorization was already transferred on chain.
    return { success: true, transaction: settlement.transaction || '', network: terms.network, payer: payment.payer.address } as SettleResponse;
  }

  /** The settlement in the ledger, the nonce and the quote marked, the answer stored under the call's rows. */
  async function record(attempt: PaidAttempt, pending: StoredResponse, settlement: SettleResponse, capHold: CapHold): Promise<MeterOutcome> {
    const { call, extras, price, rows, payment, nonceId } = attempt;
    const network = payments!.terms.network;
    const operationId = call.operation.operationId;
    const final = withReceipt(pending, settlement);
    await capHold.commit();
    await store.nonces.update({ nonce: nonceId, state: 'settled', txHash: settlement.transaction || null, now: now().getTime() });
    await store.ledger.append({
      at: now().getTime(),
      kind: 'settlement',
      operation: call.operation.offerId!,
      caller: call.ip,
      amountMicroUsd: price,
      payer: payment.payer.address,
      nonce: payment.payer.nonce,
      txHash: settlement.transaction || null,
      network,
      requestId: call.requestId,
    });
    if (extras.quote) await store.quotes.markPaid({ id: extras.quote.id, now: now().getTime(), txHash: settlement.transaction || null });
    await rows.finish(final, { ok: true });
    call.usage.chargedMicroUsd = price;
    call.usage.charge = 'settlement';
    observe({ type: 'settlement', operation: operationId, outcome: 'settled' });
    observe({ type: 'charge', operation: operationId, kind: 'settlement', amountMicroUsd: price });
    return { status: 200, body: final.body, headers: final.headers, kind: 'result', settlement };
  }

  return async function paidCall(call: MeteredCall, run: Run, extras: ExecutionExtras, price: number, rows: Rows, fp: string): Promise<MeterOutcome> {
    if (!payments)
      throw new ServiceError('network_not_enabled', { detail: 'This deployment has no payment configuration; paid calls are off. Nothing was charged.' });
    const payment = await verify(call, price, payments);
    // A payer that bought this input today gets that answer again, whatever authorization it sends now.
    const byPayer = await rows.begin({ payer: payment.payer }, now());
    if (byPayer.state !== 'started') return answerExisting(call, byPayer);
    if (extras.quote?.paidAt) throw quoteConsumed();
    const { terms } = payments;
    const nonceId = `${terms.network}:${terms.asset}:${payment.payer.address}:${payment.payer.nonce}`.toLowerCase();
    const attempt: PaidAttempt = { call, run, extras, price, rows, payment, nonceId, requestRef: `input:${fp}` };
    // Reserved against both caps before anything runs or settles; given back unless it settled.
    const capHold = await reserveCaps(price, { paid: true }, now());
    try {
      const claimed = await claim(attempt);
      if ('outcome' in claimed) return claimed.outcome;
      const ran = claimed.pending ?? (await runPaid(attempt, claimed));
      if ('outcome' in ran) return ran.outcome;
      const settlement = await settle(attempt, claimed, capHold);
      return await record(attempt, ran, settlement, capHold);
    } finally {
      await capHold.release();
    }
  };
}

export type PaidCall = ReturnType<typeof createPaidCall>;
