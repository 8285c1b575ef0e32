/** The meter's answers that several of its modules give: replays, payment terms and refusals. */
import { decodePaymentResponseHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import { documents, type OperationInfo } from '../contract.ts';
import { ServiceError } from '../problem.ts';
import type { StoredResponse } from '../store/types.ts';
import { paymentRequired, requirementsFor, type PaymentRequired, type PaymentRequirements } from '../payments/x402.ts';
import type { Begun } from './request-rows.ts';
import type { MeteredCall, MeterOutcome } from './types.ts';
import type { Payments } from './deps.ts';

/** Where this call's payment goes: the PAYMENT-SIGNATURE header over HTTP, params._meta['x402/payment'] over MCP. */
export const paymentField = (call: Pick<MeteredCall, 'transport'>) => (call.transport === 'mcp' ? "params._meta['x402/payment']" : 'PAYMENT-SIGNATURE header');

/** Why a payment sent with a call was not settled for it (X-Payment-Unused; MCP: _meta['x402/payment-unused']). */
export type PaymentUnused = 'free_call' | 'replay';

export function priceOf(operation: OperationInfo, tier: 'single' | 'bundle') {
  return tier === 'bundle' && operation.bundlePriceMicroUsd ? operation.bundlePriceMicroUsd : operation.priceMicroUsd;
}

/** The answer of a paid call: the kept result with the x402 receipt of its settlement. */
export function withReceipt(pending: StoredResponse, settlement: SettleResponse): StoredResponse {
  return { ...pending, headers: { ...pending.headers, 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settlement) } };
}

/** A receipt sent again with a stored answer: marked as the settlement made when the answer was bought, not by this call. */
function asOriginalReceipt(header: string): string {
  const receipt = decodePaymentResponseHeader(header);
  return encodePaymentResponseHeader({ ...receipt, extra: { ...receipt.extra, original_settlement: true } });
}

/**
 * A stored answer sent again, charged nothing. A payment sent with it was not settled for it (the
 * answer says so); a receipt it carries is the original settlement's, and marked so.
 */
export function replay(call: Pick<MeteredCall, 'payment'>, response: StoredResponse, bodyJson?: string): MeterOutcome {
  const headers: Record<string, string> = { ...response.headers, 'X-Idempotent-Replay': 'true' };
  if (headers['PAYMENT-RESPONSE']) headers['PAYMENT-RESPONSE'] = asOriginalReceipt(headers['PAYMENT-RESPONSE']);
  if (call.payment) headers['X-Payment-Unused'] = 'replay' satisfies PaymentUnused;
  return { status: response.status, body: response.body, bodyJson: response.body == null ? undefined : bodyJson, headers, kind: 'replay' };
}

/** What a request row that was not new answers: its stored answer, or why the call cannot run. */
export function answerExisting(call: Pick<MeteredCall, 'payment'>, begun: Begun): MeterOutcome {
  if (begun.state === 'done') return replay(call, begun.response, begun.json);
  if (begun.state === 'conflict')
    throw new ServiceError('idempotency_conflict', { detail: 'This Idempotency-Key was used with another input (or another operation).' });
  throw new ServiceError('request_already_started', {
    detail: 'The same request is still running. Wait a minute and repeat it with the same input; do not pay again.',
  });
}

/** The Bazaar discovery extension a 402 carries, in the form of the transport the call came by. */
function discoveryOf(call: MeteredCall): Record<string, unknown> | undefined {
  const forms = call.operation.offerId ? documents.discovery[call.operation.offerId] : undefined;
  return (call.transport === 'mcp' ? forms?.mcp : forms?.http) ?? undefined;
}

function challenge(call: MeteredCall, requirements: PaymentRequirements, error: string): PaymentRequired {
  return paymentRequired({ url: call.resource.url, description: call.resource.description, requirements, error, discovery: discoveryOf(call) });
}

export function paymentRequiredOutcome(payments: Payments, call: MeteredCall, price: number, error: string): MeterOutcome {
  const terms = challenge(call, requirementsFor(payments.terms, price), error);
  return {
    status: 402,
    body: terms,
    headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(terms), 'Cache-Control': 'no-store' },
    kind: 'payment_required',
  };
}

/** A refused payment (invalid_payment) or a failed settlement: the problem carries the terms again, with the reason. */
export function paymentError(payments: Payments, code: 'invalid_payment' | 'settlement_failed', call: MeteredCall, price: number, reason: string) {
  const terms = challenge(call, requirementsFor(payments.terms, price), reason);
  return new ServiceError(code, {
    detail:
      code === 'invalid_payment'
        ? `The payment was refused: ${reason}. Nothing was charged.`
        : `Settlement failed (${reason}); nothing was delivered or charged.`,
    headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(terms), 'Cache-Control': 'no-store' },
    extra: { payment_required: terms },
  });
}

export function quoteConsumed() {
  return new ServiceError('quote_not_found', { detail: 'This quote was already paid; its answer is kept for its payer. Repeat step 1 for a new quote.' });
}

export function noQuote(): never {
  throw new ServiceError('invalid_engine_result', { detail: 'Only step 1 of a two-step operation can offer a quote.' });
}
