/**
 * Pages of a result's long list. The display fields of a request (x-identity display: limit and
 * offset) are no part of its input: the validate stage takes them out before anything fingerprints,
 * meters or runs the input, so every page of one input is one call's answer, run, charged and
 * stored whole once. Each answer, fresh or a replay of the stored one, is cut here as it is sent:
 * the items of its paged list (the result schema's x-paged-list) from offset, at most limit of them,
 * and `page` saying which.
 */
import type { IdentityField } from '../contract.ts';
import type { MeterOutcome } from '../metering/types.ts';

/** The display fields of one request, defaults filled (limit, offset). */
export type Display = Record<string, unknown>;

/** Takes the display fields out of a canonical input, in place, and returns them. */
export function takeDisplayFields(fields: IdentityField[], input: Record<string, unknown>): Display {
  const display: Display = {};
  for (const field of fields) {
    if (field.kind !== 'display') continue;
    const [name] = field.path;
    display[name] = input[name];
    delete input[name];
  }
  return display;
}

export interface Page {
  total: number;
  offset: number;
  limit: number;
  next_offset: number | null;
}

/** The answer as this request sees it: the page of `list` its display fields ask for. */
export function pagedOutcome(outcome: MeterOutcome, list: string | null, display: Display): MeterOutcome {
  if (list === null || outcome.kind === 'payment_required') return outcome;
  const body = outcome.body as Record<string, unknown> | null;
  const items = body?.[list];
  if (!Array.isArray(items)) return outcome;
  const offset = Number(display.offset ?? 0);
  const limit = Number(display.limit);
  const end = Math.min(items.length, offset + limit);
  const page: Page = { total: items.length, offset, limit, next_offset: end < items.length ? end : null };
  return { ...outcome, body: { ...body, [list]: items.slice(offset, end), page }, bodyJson: undefined };
}
