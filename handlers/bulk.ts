import { ServiceError } from '../server/problem.ts';
import { partContext, reportedPart, SILENT } from './progress.ts';
import type { HandlerContext, HandlerRegistry } from './types.ts';

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order. */
export async function mapBounded<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type RowOutcome =
  | { domain: string; ok: true; status: string; result: Record<string, unknown> & { status: string } }
  | { domain: string; ok: false; status: 'error'; errorCode: string; result: null };

/**
 * One domain through an operation's own handler. A failure of that domain (a ServiceError such as
 * engine_failed, or a crash) becomes its row's status, never the whole call's. Each finished row
 * is told to `finished` ("domain: status"), for the call's progress.
 */
export function rowRunner(registry: () => HandlerRegistry, operationId: string, context: HandlerContext, finished: (message: string) => void) {
  async function outcomeOf(domain: string): Promise<RowOutcome> {
    const handler = registry()[operationId];
    if (!handler) throw new ServiceError('engine_unavailable', { detail: `${operationId} is not available on this deployment. Nothing was charged.` });
    try {
      const result = await handler({ domain }, partContext(context, { operationId, progress: SILENT }));
      return { domain, ok: true, status: result.status, result };
    } catch (error) {
      return { domain, ok: false, status: 'error', errorCode: error instanceof ServiceError ? error.code : 'engine_failed', result: null };
    }
  }
  return (domain: string): Promise<RowOutcome> => reportedPart(outcomeOf(domain), finished, (row) => `${domain}: ${row.status}`);
}
