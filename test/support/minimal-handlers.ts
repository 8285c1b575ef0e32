import { openapiDocument, operations } from '../../server/contract.ts';
import { minimalValue } from './minimal-result.ts';
import type { Handler, HandlerRegistry } from '../../handlers/types.ts';

/** The minimal contract-valid result of every canonical operation, by operationId. */
export const minimalResults: ReadonlyMap<string, unknown> = new Map(
  operations
    .filter((op) => op.kind === 'operation' && op.resultSchema)
    .map((op) => [op.operationId, minimalValue(openapiDocument.components.schemas[op.resultSchema!])]),
);

type QuoteOffer = { priceMicroUsd: number; billableCount: number; payload: {} };

/** What step 2 of a batch delivers: the rows its step 1 stored with the quote, at the quoted price. */
export function deliveredQuote(quote: { priceMicroUsd: number; payload: unknown }, next: string) {
  const rows = (quote.payload as { rows: unknown[] }).rows;
  return { status: 'ok', results: rows, billable_count: rows.length, price_micro_usd: quote.priceMicroUsd, price_usd: quote.priceMicroUsd / 1e6, next };
}

/**
 * A handler for every canonical operation that returns its minimal result (a fresh copy each
 * call). Step 1 of a two-step operation whose minimal result is a quote also offers the quote
 * (at the operation's list price), as a real step 1 must.
 */
export const minimalHandlers: HandlerRegistry = Object.fromEntries(
  [...minimalResults].map(([id, value]): [string, Handler] => {
    const op = operations.find((candidate) => candidate.operationId === id)!;
    return [
      id,
      async (_input, context) => {
        const result = structuredClone(value) as { status?: unknown };
        const offerQuote = (context as { offerQuote?: (offer: QuoteOffer) => void; quote?: unknown }).offerQuote;
        if (op.twoStep && result?.status === 'quote' && !(context as { quote?: unknown }).quote && offerQuote) {
          offerQuote({ priceMicroUsd: Math.max(1, op.priceMicroUsd), billableCount: 1, payload: {} });
        }
        return result;
      },
    ];
  }),
);
