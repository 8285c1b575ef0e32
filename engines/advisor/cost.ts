/**
 * List-price estimates and request splitting for a plan, from the catalog's prices and limits.
 *
 * Nothing is charged without data (a non-ok result, a batch row without data, zero hot companies),
 * so list_price_min_usd is 0 and list_price_max_usd assumes every call or row has data (every
 * domain hot for hot-buyers). Free calls apply to single calls only, never to the paid step of a
 * quote; after_free_quota_max_usd takes the caller's remaining free calls off the dearest single
 * calls. Step 1 of batch and hot-buyers uses one of the free scans per day.
 */
import { usd, type AdvisorCatalog } from './catalog.ts';

/** One kind of call in a plan. */
export type Line =
  | { kind: 'single'; offer: string; calls: number; priceMicroUsd: number; optional?: boolean }
  | { kind: 'batch'; tool: string; domains: number }
  | { kind: 'hot'; domains: number };

export interface Splitting {
  tool: string;
  max_domains_per_call: number;
  calls: number;
  note: string;
}
export interface ScanLimits {
  free_scans_per_day: number;
  free_scans_remaining: number | null;
  scans_needed: number;
  scans_needed_max: number;
  days_needed: number;
  note: string;
}

export interface Cost {
  calls: number;
  minMicro: number;
  maxMicro: number;
  payableMaxMicro: number;
  freeCallsApplicable: number;
  unit: string;
  splitting: Splitting | null;
  scans: ScanLimits | null;
  assumptions: string[];
}

export function batchCap(catalog: AdvisorCatalog, tool: string) {
  return catalog.limits.batch.maxDomainsByTool[tool] ?? catalog.limits.batch.maxDomains;
}

/** Chunks of at most `size`, as their sizes. */
const chunks = (total: number, size: number) => Array.from({ length: Math.ceil(total / size) }, (_, index) => Math.min(size, total - index * size));

export function costOf(lines: Line[], catalog: AdvisorCatalog, free: { remaining: number; scansRemaining: number | null }): Cost {
  const { limits } = catalog;
  let calls = 0;
  let maxMicro = 0;
  const singles: number[] = [];
  const assumptions: string[] = [];
  const units: string[] = [];
  let splitting: Splitting | null = null;
  let scansNeeded = 0;
  let scansNeededMax = 0;
  for (const line of lines) {
    if (line.kind === 'single') {
      const offer = catalog.offer(line.offer);
      calls += line.calls;
      maxMicro += line.calls * line.priceMicroUsd;
      for (let i = 0; i < line.calls; i++) singles.push(line.priceMicroUsd);
      units.push(`${offer.id}: $${usd(line.priceMicroUsd)} ${offer.pricing}`);
      if (line.optional) assumptions.push(`Includes the optional follow-up ${offer.id} (${line.calls} × $${usd(line.priceMicroUsd)}) in the maximum.`);
    } else if (line.kind === 'batch') {
      const cap = batchCap(catalog, line.tool);
      const parts = chunks(line.domains, cap);
      const row = catalog.batchRowPriceMicroUsd(line.tool);
      calls += parts.length * 2;
      maxMicro += line.domains * row;
      scansNeeded += parts.length;
      scansNeededMax += parts.length;
      units.push(`batch ${line.tool} rows: $${usd(row)} per row with data`);
      splitting = {
        tool: 'batch',
        max_domains_per_call: cap,
        calls: parts.length,
        note: `${line.domains} domains in ${parts.length} batch quote${parts.length > 1 ? 's' : ''} of at most ${cap} (${line.tool}), each followed by one paid call; ${cap} × $${usd(row)} stays within the $${usd(limits.maxChargeMicroUsd)} per-call maximum.`,
      };
    } else {
      const hot = catalog.offer('hot-buyers');
      const { maxDomains, hotPerPaidCall } = limits.hotBuyers;
      const parts = chunks(line.domains, maxDomains);
      const paidMax = parts.reduce((sum, size) => sum + Math.ceil(size / hotPerPaidCall), 0);
      calls += parts.length + paidMax + (paidMax - parts.length);
      maxMicro += line.domains * hot.priceMicroUsd;
      scansNeeded += parts.length;
      scansNeededMax += Math.max(parts.length, paidMax);
      units.push(`hot-buyers: $${usd(hot.priceMicroUsd)} per hot company`);
      assumptions.push(
        `Cold domains come back free with their intent_score; only hot ones (intent_score >= min_intent_score) are charged, at most ${hotPerPaidCall} per paid call (${hotPerPaidCall} × $${usd(hot.priceMicroUsd)} = $${usd(hotPerPaidCall * hot.priceMicroUsd)}); further hot domains come back in more_hot and need another scan.`,
      );
      splitting = {
        tool: 'hot-buyers',
        max_domains_per_call: maxDomains,
        calls: parts.length,
        note: `${line.domains} domains in ${parts.length} scan${parts.length > 1 ? 's' : ''} of ${limits.hotBuyers.minDomains} to ${maxDomains} domains; up to ${paidMax} paid call${paidMax > 1 ? 's' : ''} if every domain is hot.`,
      };
    }
  }
  singles.sort((a, b) => b - a);
  const freeCallsApplicable = Math.min(free.remaining, singles.length);
  const covered = singles.slice(0, freeCallsApplicable).reduce((sum, price) => sum + price, 0);
  let scans: ScanLimits | null = null;
  if (scansNeeded > 0) {
    const perDay = limits.freeScansPerDay;
    const today = free.scansRemaining ?? perDay;
    const daysNeeded = scansNeededMax <= today ? 1 : 1 + Math.ceil((scansNeededMax - today) / perDay);
    scans = {
      free_scans_per_day: perDay,
      free_scans_remaining: free.scansRemaining,
      scans_needed: scansNeeded,
      scans_needed_max: scansNeededMax,
      days_needed: daysNeeded,
      note:
        daysNeeded > 1
          ? `Step 1 needs ${scansNeededMax > scansNeeded ? `${scansNeeded} to ${scansNeededMax}` : scansNeeded} scans and ${perDay} are free per day per IP (${today} left today): the job spreads over ${daysNeeded} UTC days; a further step 1 today answers scan_quota.`
          : `Step 1 needs ${scansNeededMax > scansNeeded ? `${scansNeeded} to ${scansNeededMax}` : scansNeeded} of the ${perDay} free scans per day (${today} left today).`,
    };
  }
  assumptions.unshift(
    'Nothing is charged without data: a result that is not ok, a batch row without data or a scan with zero hot companies is free, so the minimum is $0.',
  );
  if (singles.length)
    assumptions.push(
      `Free calls cover single calls only (never the paid step of a quote): ${freeCallsApplicable} of ${singles.length} single call${singles.length > 1 ? 's' : ''} fit in the ${free.remaining} free call${free.remaining === 1 ? '' : 's'} left today.`,
    );
  return { calls, minMicro: 0, maxMicro, payableMaxMicro: maxMicro - covered, freeCallsApplicable, unit: units.join('; '), splitting, scans, assumptions };
}
