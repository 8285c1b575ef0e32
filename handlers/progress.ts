/**
 * How a call that runs in parts says how far it is: it counts its parts as they finish and reports
 * each (context.progress). Only a finished part is counted, so what is reported has happened.
 */
import type { CallContext, HandlerContext, Progress, QuoteOffer } from './types.ts';

/** What a handler run as a part of another call reports: nothing (the outer call counts the part). */
export const SILENT: Progress = () => {};

function noQuoteInAPart(_offer: QuoteOffer): never {
  throw new Error('a handler run as a part of another call offers no quote');
}

/**
 * The context of another operation's handler run as a part of this call: this call's, with the
 * part's operationId (and signal, progress), no quote to pay or offer, and the single tier.
 */
export function partContext(
  context: HandlerContext,
  part: Pick<HandlerContext, 'operationId'> & Partial<Pick<HandlerContext, 'signal' | 'progress'>>,
): CallContext {
  return { ...context, quote: null, offerQuote: noQuoteInAPart, tier: 'single', ...part };
}

/** Counts finished parts of `total` (null when not known) and reports each one to `progress`. */
export function partCounter(progress: Progress, total: number | null): (message: string) => void {
  let done = 0;
  return (message) => progress({ done: ++done, total, message });
}

/** A composer's onSection (engines/profile/compose.ts): each finished section of `total`, as "name: status". */
export function sectionProgress(progress: Progress, total: number): (name: string, status: string) => void {
  const finished = partCounter(progress, total);
  return (name, status) => finished(`${name}: ${status}`);
}

/** `part`, told to `finished` as `message(value)` once it has ended with a value (a part that throws is not finished). */
export async function reportedPart<T>(part: Promise<T>, finished: (message: string) => void, message: (value: T) => string): Promise<T> {
  const value = await part;
  finished(message(value));
  return value;
}
