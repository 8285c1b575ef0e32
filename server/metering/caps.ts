import { ServiceError } from '../problem.ts';
import { nextUtcMidnight, secondsUntil } from './day.ts';
import type { FreeQuota, Lease } from './quota.ts';

export interface Caps {
  /** DAILY_COST_CAP_MICRO_USD: the list-price value of ok results delivered (free and paid) per UTC day. */
  dailyCostMicroUsd: number | null;
  /** SETTLEMENT_CAP_MICRO_USD: micro-USD settled per UTC day. */
  settlementMicroUsd: number | null;
}

/** One call's reservations against the caps: committed when delivered, given back otherwise. */
export interface CapHold {
  /** The leases a free use commits in its own transaction (Lease.commitFreeUse). */
  readonly leases: Lease[];
  /** Each reservation becomes a use (a settlement was made). */
  commit(): Promise<void>;
  /** Gives back what was not committed; harmless when everything was. */
  release(): Promise<void>;
}

/** Reserves a call's price against every cap it falls under (paid: the settlement cap too). */
export type ReserveCaps = (price: number, kind: { paid: boolean }, at: Date) => Promise<CapHold>;

/**
 * The caps are reservations, not a sum read before the work: a call reserves its price against
 * each cap it falls under, atomically in the store, before it runs (a paid call: before it runs and
 * settles), so concurrent calls on any number of instances never pass a cap together. A call whose
 * reservation does not fit answers daily_cost_cap or settlement_cap_reached and nothing runs.
 */
export function createCaps({ quota, caps }: { quota: FreeQuota; caps: Caps }): ReserveCaps {
  return async function reserve(price: number, { paid }: { paid: boolean }, at: Date): Promise<CapHold> {
    const leases: Lease[] = [];
    const hold: CapHold = {
      leases,
      async commit() {
        for (const lease of leases) await lease.commit();
      },
      async release() {
        for (const lease of leases) await lease.release();
      },
    };
    const wanted = [
      { bucket: 'cap:daily-cost' as const, cap: caps.dailyCostMicroUsd, code: 'daily_cost_cap' as const },
      { bucket: 'cap:settled' as const, cap: paid ? caps.settlementMicroUsd : null, code: 'settlement_cap_reached' as const },
    ];
    for (const { bucket, cap, code } of wanted) {
      if (cap === null) continue;
      const lease = await quota.reserve(bucket, price, cap, at);
      if (lease) {
        leases.push(lease);
        continue;
      }
      await hold.release();
      const retry = secondsUntil(nextUtcMidnight(at), at);
      throw new ServiceError(code, { headers: { 'Retry-After': String(retry) }, extra: { retry_after_seconds: retry } });
    }
    return hold;
  };
}
