import { ServiceError } from '../problem.ts';
import type { Json } from '../store/types.ts';
import { answerExisting, noQuote } from './answers.ts';
import type { MeterDeps } from './deps.ts';
import { pricedFingerprint } from './fingerprint.ts';
import type { MeteredCall, MeterOutcome, Run } from './types.ts';

/** The advisor's rolling window: advisorPerHour calls per IP within it. */
export const ADVISOR_WINDOW_MS = 3_600_000;

/** Free operations (the advisor): rate limited per IP, never a free call; an Idempotency-Key replays its answer. */
export function createFreeOperation({ store, ownRows, now }: MeterDeps, { advisorPerHour = 60 }: { advisorPerHour?: number } = {}) {
  return async function freeOperation(call: MeteredCall, run: Run): Promise<MeterOutcome> {
    const at = now();
    const hit = await store.rate.hit({ bucket: 'advisor', subject: call.ip, now: at.getTime(), windowMs: ADVISOR_WINDOW_MS, limit: advisorPerHour });
    if (!hit.allowed) {
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      throw new ServiceError('advisor_rate_limit', {
        detail: `${advisorPerHour} advisor calls per rolling hour are used; retry in ${seconds} s.`,
        headers: { 'Retry-After': String(seconds) },
        extra: { retry_after_seconds: seconds },
      });
    }
    if (!call.idempotencyKey) return { status: 200, body: await run({ quote: null, offerQuote: noQuote }), headers: {}, kind: 'result' };
    const rows = ownRows(pricedFingerprint(call), [{ key: `key:${call.idempotencyKey}`, keepsNotOk: true }]);
    const begun = await rows.begin({ ip: call.ip }, at);
    if (begun.state !== 'started') return answerExisting(call, begun);
    try {
      const body = await run({ quote: null, offerQuote: noQuote });
      await rows.finish({ status: 200, headers: {}, body: body as Json }, { ok: true });
      return { status: 200, body, headers: {}, kind: 'result' };
    } finally {
      await rows.abandon();
    }
  };
}
