import type { ProfileResult } from '../engines/profile/compose.ts';
import type { components } from '../generated/types.ts';
import { operations } from '../server/contract.ts';
import { mapBounded, rowRunner } from './bulk.ts';
import type { Handler, HandlerRegistry } from './types.ts';

type QuoteResult = components['schemas']['QuoteResult'];
type Input = { domains?: string[]; min_intent_score?: number; quote_id?: string };

/** The list price per hot company, from the spec (x-price-micro-usd of hot-buyers). */
export const HOT_PRICE_MICRO_USD = operations.find((op) => op.operationId === 'hotBuyers')!.priceMicroUsd;
/** At most this many hot companies in one paid call: a paid call stays at or below $1. */
export const HOT_PER_CALL = Math.floor(1_000_000 / HOT_PRICE_MICRO_USD);
// 25 domains (the most one scan takes) in two waves: the hiring check mostly waits on the board API
const SCAN_CONCURRENCY = 13;
const PROFILE_CONCURRENCY = 4;

/**
 * POST /v1/hot-buyers (MCP find_hot_buyers). Step 1: the hiring check for every domain, cold ones
 * free with their score, a quote for the hottest 4 (the rest in more_hot). Step 2, paid: a full
 * company profile for each quoted domain.
 */
export function createHotBuyers(registry: () => HandlerRegistry): Handler<Input, QuoteResult> {
  return async function hotBuyers(input, context) {
    if (context.quote) {
      const { domains } = context.quote.payload as { domains: string[] };
      const profile = registry().companyProfile!;
      const results = await mapBounded(domains, PROFILE_CONCURRENCY, async (domain) => {
        const result = (await profile({ domain }, { ...context, operationId: 'companyProfile', quote: null })) as ProfileResult;
        return { domain, status: result.status, price_micro_usd: HOT_PRICE_MICRO_USD, result };
      });
      return { status: 'ok', results, next: 'Done. Send a new step 1 for the domains listed in more_hot, if any.' };
    }

    const domains = input.domains!;
    const threshold = input.min_intent_score ?? 70;
    const rows = await mapBounded(domains, SCAN_CONCURRENCY, rowRunner(registry, 'companyIntent', context));
    const scored = rows.map((row) => ({ row, score: row.ok && row.status === 'ok' ? (row.result.intent_score as number) : null }));
    const hot = scored.filter((entry) => entry.score !== null && entry.score >= threshold).sort((a, b) => b.score! - a.score!);
    const quoted = new Set(hot.slice(0, HOT_PER_CALL).map((entry) => entry.row.domain));
    const statuses = scored.map(({ row, score }) => ({
      domain: row.domain,
      status: row.status,
      billable: quoted.has(row.domain),
      intent_score: score,
      error_code: row.ok ? null : row.errorCode,
    }));
    const cold = scored
      .filter((entry) => entry.score !== null && entry.score < threshold)
      .map(({ row, score }) => ({ domain: row.domain, intent_score: score!, hiring_status: (row.result?.hiring_status as 'hypergrowth' | 'active_hiring' | 'steady' | null | undefined) ?? null }));
    const moreHot = hot.slice(HOT_PER_CALL).map(({ row, score }) => ({ domain: row.domain, intent_score: score! }));

    if (quoted.size === 0) {
      return { status: 'nothing_billable', statuses, cold, next: `No domain scored ${threshold} or more; nothing is billable and nothing was charged. Lower min_intent_score or try other domains.` };
    }
    context.offerQuote({ priceMicroUsd: HOT_PRICE_MICRO_USD * quoted.size, billableCount: quoted.size, payload: { domains: [...quoted], min_intent_score: threshold } });
    return {
      status: 'quote',
      statuses,
      cold,
      ...(moreHot.length ? { more_hot: moreHot } : {}),
      next: `Send {"quote_id": "<quote_id>"} alone to the same endpoint with a PAYMENT-SIGNATURE for exactly price_micro_usd before expires_at: each of the ${quoted.size} hot companies gets a full company profile.${moreHot.length ? ` ${moreHot.length} more hot domains are in more_hot: send them in a new step 1.` : ''}`,
    };
  };
}
