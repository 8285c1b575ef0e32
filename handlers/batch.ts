import type { components } from '../generated/types.ts';
import { operations } from '../server/contract.ts';
import { mapBounded, rowRunner } from './bulk.ts';
import { partCounter } from './progress.ts';
import type { OperationHandler, HandlerRegistry, Json } from './types.ts';

type QuoteResult = components['schemas']['QuoteResult'];
type BatchTool = components['schemas']['BatchTool'];
type StoredRow = { domain: string; status: string; price_micro_usd: number; result: Record<string, unknown> };

const OPERATION_OF: Record<BatchTool, string> = {
  'tech-stack': 'techStack',
  'ats-jobs': 'atsJobs',
  'company-intent': 'companyIntent',
  'search-ads': 'searchAds',
  'company-profile': 'companyProfile',
};
const priceOf = (operationId: string) => operations.find((op) => op.operationId === operationId)!.priceMicroUsd;
/** A row costs the batch price, or the tool's own list price when higher (company-profile: 30000), from the spec. */
export const ROW_PRICE_MICRO_USD = Object.fromEntries(
  Object.entries(OPERATION_OF).map(([tool, operationId]) => [tool, Math.max(priceOf('batch'), priceOf(operationId))]),
) as Record<BatchTool, number>;
const CONCURRENCY = 6;

/**
 * POST /v1/batch (MCP batch_lookup). Step 1 runs the tool for every domain and stores the rows with
 * data in the quote; step 2, paid, returns those stored rows: no new upstream work.
 */
export function createBatch(registry: () => HandlerRegistry): OperationHandler<'batch'> {
  return async function batch(input, context) {
    if (context.quote) {
      const { rows } = context.quote.payload as { rows: StoredRow[] };
      return { status: 'ok', results: rows as QuoteResult['results'], next: 'Done: every row with data is in results.' };
    }
    const tool = input.tool!;
    const domains = input.domains!;
    const outcomes = await mapBounded(domains, CONCURRENCY, rowRunner(registry, OPERATION_OF[tool], context, partCounter(context.progress, domains.length)));
    const price = ROW_PRICE_MICRO_USD[tool];
    const billable: StoredRow[] = outcomes
      .filter((row) => row.ok && row.status === 'ok')
      .map((row) => ({ domain: row.domain, status: row.status, price_micro_usd: price, result: row.result! }));
    const statuses = outcomes.map((row) => ({
      domain: row.domain,
      status: row.status,
      billable: row.ok && row.status === 'ok',
      error_code: row.ok ? null : row.errorCode,
    }));
    if (billable.length === 0) {
      return { status: 'nothing_billable', statuses, next: 'No domain has data for this tool; nothing is billable and nothing was charged.' };
    }
    context.offerQuote({ priceMicroUsd: price * billable.length, billableCount: billable.length, payload: { tool, rows: billable } as unknown as Json });
    return {
      status: 'quote',
      statuses,
      next: `Send {"quote_id": "<quote_id>"} alone to the same endpoint with a PAYMENT-SIGNATURE for exactly price_micro_usd before expires_at: the ${billable.length} rows with data, already collected, are returned.`,
    };
  };
}
