import type { ErrorCode } from '../contract.ts';
import { SERVER_DEFAULTS } from '../config.ts';
import { ServiceError } from '../problem.ts';
import type { Json, Store } from '../store/types.ts';
import { fingerprint } from './fingerprint.ts';
import type { MeteredCall } from './types.ts';

/** The window of notOkPerHour. */
export const NOT_OK_WINDOW_MS = 3_600_000;
/** How a problem is kept among remembered results (no result has this member). */
const REMEMBERED_PROBLEM = 'remembered_problem';

export const isOk = (result: unknown) => (result as { status?: unknown } | null)?.status === 'ok';
/**
 * A failure that ends a call not ok as a result that is not ok does: a deadline that passed
 * (504 deadline_exceeded) is deterministic (the same sites stall the same call again) and used the
 * service's work, so it is remembered and counted as one.
 */
export const endsNotOk = (error: unknown): error is ServiceError => error instanceof ServiceError && error.code === 'deadline_exceeded';

export interface NotOkOptions {
  store: Store;
  /** How long a result that is not ok answers the same operation and input, whoever asks (0: never). */
  memoryMs?: number;
  /** Calls per IP and rolling hour that may run and end not ok (null: no limit). */
  perHour?: number | null;
  now: () => Date;
}

/**
 * Calls that ran and ended not ok (a result that is not ok, or a deadline that passed: endsNotOk)
 * cost the caller nothing, so their work is bounded: the same operation and input gets the
 * remembered outcome for memoryMs, and an IP may have perHour calls a rolling hour that ran and
 * ended not ok.
 */
/** What a result that is not ok is remembered by: the whole input, settings included (another setting may well end ok). */
export const notOkKey = (call: Pick<MeteredCall, 'operation' | 'input' | 'tier'>) => fingerprint(call.operation.operationId, call.input, call.tier);

export function createNotOkMemory({ store, memoryMs = SERVER_DEFAULTS.NOT_OK_MEMORY_MS, perHour = SERVER_DEFAULTS.NOT_OK_PER_HOUR, now }: NotOkOptions) {
  return {
    /** The remembered result that is not ok for this key (notOkKey), or null; a remembered problem is thrown again, saying it is remembered. */
    async recent(key: string, at: Date): Promise<Json | null> {
      if (memoryMs <= 0) return null;
      const value = (await store.cache.get({ ns: 'not-ok', key, now: at.getTime() }))?.value ?? null;
      const problem = (value as { [REMEMBERED_PROBLEM]?: { code: ErrorCode; detail: string } } | null)?.[REMEMBERED_PROBLEM];
      if (problem)
        throw new ServiceError(problem.code, {
          detail: `Remembered outcome of an identical call in the last ${Math.round(memoryMs / 1000)} s, not run again: ${problem.detail}`,
        });
      return value;
    },
    async checkBudget(ip: string, at: Date) {
      if (perHour === null) return;
      const counted = await store.rate.count({ bucket: 'not-ok', subject: ip, now: at.getTime(), windowMs: NOT_OK_WINDOW_MS });
      if (counted.count < perHour) return;
      const seconds = Math.max(1, Math.ceil(counted.oldestLeavesInMs / 1000));
      throw new ServiceError('not_ok_rate_limit', {
        detail: `${counted.count} of your calls in the last hour ran and ended not ok (a result that was not ok, or deadline_exceeded; at most ${perHour}); retry in ${seconds} s. Nothing was charged.`,
        headers: { 'Retry-After': String(seconds) },
        extra: { retry_after_seconds: seconds },
      });
    },
    async note(call: MeteredCall, outcome: { result: unknown } | { failure: ServiceError }) {
      const at = now().getTime();
      const value = 'result' in outcome ? (outcome.result as Json) : { [REMEMBERED_PROBLEM]: { code: outcome.failure.code, detail: outcome.failure.detail } };
      if (memoryMs > 0) await store.cache.set({ ns: 'not-ok', key: notOkKey(call), value, expiresAt: at + memoryMs });
      if (perHour !== null) await store.rate.hit({ bucket: 'not-ok', subject: call.ip, now: at, windowMs: NOT_OK_WINDOW_MS, limit: 2 ** 31 - 1 });
    },
  };
}

export type NotOkMemory = ReturnType<typeof createNotOkMemory>;
