import type { ProfileResult } from '../engines/profile/compose.ts';
import type { components } from '../generated/types.ts';
import { operationById, service } from '../server/contract.ts';
import { ServiceError } from '../server/problem.ts';
import { mapBounded, rowRunner } from './bulk.ts';
import { partContext, partCounter, reportedPart, SILENT } from './progress.ts';
import type { OperationHandler, HandlerContext, HandlerRegistry, Json } from './types.ts';

type NotBillableHot = components['schemas']['NotBillableHotRow'];
type QuotedRow = { domain: string; status: 'ok'; price_micro_usd: number; result: ProfileResult };

/** The list price per hot company, from the spec (x-price-micro-usd of hot-buyers). */
export const HOT_PRICE_MICRO_USD = operationById('hotBuyers')!.priceMicroUsd;
/** At most this many hot companies in one paid call: a paid call stays within the spec's maxChargeMicroUsd ($1). */
export const HOT_PER_CALL = Math.floor(service.maxChargeMicroUsd / HOT_PRICE_MICRO_USD);
/** Step 1 checks the profiles of at most this many hot companies; hotter ones first, the rest go to more_hot unchecked. */
export const HOT_PROFILES_CHECKED = 2 * HOT_PER_CALL;
// 25 domains (the most one scan takes) in two waves: the hiring check mostly waits on the board API
const SCAN_CONCURRENCY = 13;

/**
 * POST /v1/hot-buyers (MCP find_hot_buyers). Step 1: the hiring check for every domain (cold ones
 * free with their score), then the full company profile of the hottest, until 4 have an ok profile:
 * exactly those are quoted, with their profiles kept in the quote. A hot company whose profile is
 * not ok is listed free with its reason (hot_not_billable). Step 2, paid: the kept profiles.
 */
export function createHotBuyers(registry: () => HandlerRegistry): OperationHandler<'hotBuyers'> {
  async function profileOf(domain: string, context: HandlerContext): Promise<{ domain: string; profile: ProfileResult | null; errorCode: string | null }> {
    const profile = registry().companyProfile;
    if (!profile) throw new ServiceError('engine_unavailable', { detail: 'companyProfile is not available on this deployment. Nothing was charged.' });
    try {
      return {
        domain,
        profile: (await profile({ domain }, partContext(context, { operationId: 'companyProfile', progress: SILENT }))) as ProfileResult,
        errorCode: null,
      };
    } catch (error) {
      return { domain, profile: null, errorCode: error instanceof ServiceError ? error.code : 'engine_failed' };
    }
  }

  return async function hotBuyers(input, context) {
    if (context.quote) {
      const { rows } = context.quote.payload as { rows: QuotedRow[] };
      return { status: 'ok', results: rows, next: 'Done: the profiles quoted at step 1. Send a new step 1 for the domains listed in more_hot, if any.' };
    }

    const domains = input.domains!;
    const threshold = input.min_intent_score;
    // Hiring checks, then profiles, counted as they finish; how many profiles are checked depends on both, so no total.
    const finished = partCounter(context.progress, null);
    const rows = await mapBounded(
      domains,
      SCAN_CONCURRENCY,
      rowRunner(registry, 'companyIntent', context, (row) => finished(`hiring intent ${row}`)),
    );
    const scored = rows.map((row) => ({ row, score: row.ok && row.status === 'ok' ? (row.result.intent_score as number) : null }));
    const hot = scored.filter((entry) => entry.score !== null && entry.score >= threshold).sort((a, b) => b.score! - a.score!);
    const scoreOf = new Map(hot.map((entry) => [entry.row.domain, entry.score!]));

    // Hottest first, only as many profiles at a time as quoted places are left.
    const quoted: QuotedRow[] = [];
    const notBillable: NotBillableHot[] = [];
    let checked = 0;
    while (quoted.length < HOT_PER_CALL && checked < Math.min(hot.length, HOT_PROFILES_CHECKED)) {
      const wave = hot.slice(checked, Math.min(checked + HOT_PER_CALL - quoted.length, HOT_PROFILES_CHECKED)).map((entry) => entry.row.domain);
      checked += wave.length;
      const profiles = await mapBounded(wave, wave.length, (domain) =>
        reportedPart(profileOf(domain, context), finished, (checked) => `profile ${domain}: ${checked.profile?.status ?? 'error'}`),
      );
      for (const { domain, profile, errorCode } of profiles) {
        if (profile?.status === 'ok') {
          quoted.push({ domain, status: 'ok', price_micro_usd: HOT_PRICE_MICRO_USD, result: profile });
          continue;
        }
        notBillable.push({
          domain,
          intent_score: scoreOf.get(domain)!,
          profile_status: profile ? profile.status : 'error',
          reason: profile ? (profile.note ?? 'Fewer than two of tech stack, hiring intent and search ads have data.') : `The profile failed (${errorCode}).`,
          error_code: errorCode,
          profile,
        });
      }
    }
    const quotedDomains = new Set(quoted.map((row) => row.domain));
    const statuses = scored.map(({ row, score }) => ({
      domain: row.domain,
      status: row.status,
      billable: quotedDomains.has(row.domain),
      intent_score: score,
      error_code: row.ok ? null : row.errorCode,
    }));
    const cold = scored
      .filter((entry) => entry.score !== null && entry.score < threshold)
      .map(({ row, score }) => ({
        domain: row.domain,
        intent_score: score!,
        hiring_status: (row.result?.hiring_status as 'hypergrowth' | 'active_hiring' | 'steady' | null | undefined) ?? null,
      }));
    const moreHot = hot.slice(checked).map(({ row, score }) => ({ domain: row.domain, intent_score: score! }));
    const lists = { cold, ...(notBillable.length ? { hot_not_billable: notBillable } : {}), ...(moreHot.length ? { more_hot: moreHot } : {}) };
    const moreHotNext = moreHot.length ? ` ${moreHot.length} more hot domains, not checked yet, are in more_hot: send them in a new step 1.` : '';

    if (quoted.length === 0) {
      const next = hot.length
        ? `No hot company has a full profile (at least two of tech stack, hiring intent and search ads with data); each is listed free in hot_not_billable with its reason. Nothing is billable and nothing was charged.${moreHotNext}`
        : `No domain scored ${threshold} or more; nothing is billable and nothing was charged. Lower min_intent_score or try other domains.`;
      return { status: 'nothing_billable', statuses, ...lists, next };
    }
    context.offerQuote({
      priceMicroUsd: HOT_PRICE_MICRO_USD * quoted.length,
      billableCount: quoted.length,
      payload: { min_intent_score: threshold, rows: quoted } as unknown as Json,
    });
    const notBillableNext = notBillable.length
      ? ` ${notBillable.length} hot ${notBillable.length === 1 ? 'company has' : 'companies have'} no full profile and ${notBillable.length === 1 ? 'is' : 'are'} listed free in hot_not_billable.`
      : '';
    return {
      status: 'quote',
      statuses,
      ...lists,
      next: `Send {"quote_id": "<quote_id>"} alone to the same endpoint with a PAYMENT-SIGNATURE for exactly price_micro_usd before expires_at: the full company profiles of the ${quoted.length} hot ${quoted.length === 1 ? 'company' : 'companies'} in the quote, collected now, are delivered.${notBillableNext}${moreHotNext}`,
    };
  };
}
