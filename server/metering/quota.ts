import type { Store } from '../store/types.ts';
import { nextUtcMidnight, secondsUntil, utcDay } from './day.ts';

export interface FreeQuotaOptions {
  store: Store;
  limit: number;
  scansPerDay: number;
}

export interface UsageState {
  remaining: number;
  limit: number;
  resetsAt: Date;
}

/** The free successful calls (bucket free) and free step-1 scans (bucket scan) of each IP per UTC day. */
export function createFreeQuota({ store, limit, scansPerDay }: FreeQuotaOptions) {
  const key = (bucket: string, ip: string, now: Date) => ({ bucket, subject: ip, window: utcDay(now) });
  return {
    limit,
    async usage(ip: string, now: Date): Promise<UsageState> {
      const used = await store.counters.get(key('free', ip, now));
      return { remaining: Math.max(0, limit - used), limit, resetsAt: nextUtcMidnight(now) };
    },
    /** Free step-1 scans left today (read only; the advisor reports them). */
    async scanUsage(ip: string, now: Date): Promise<{ remaining: number; limit: number }> {
      const used = await store.counters.get(key('scan', ip, now));
      return { remaining: Math.max(0, scansPerDay - used), limit: scansPerDay };
    },
    /** Takes one free call before the work runs; given back when the result is not ok. */
    async reserve(ip: string, now: Date): Promise<boolean> {
      return (await store.counters.consume({ ...key('free', ip, now), limit })).consumed;
    },
    async release(ip: string, now: Date): Promise<void> {
      await store.counters.release(key('free', ip, now));
    },
    async reserveScan(ip: string, now: Date): Promise<{ ok: boolean; retryAfterSeconds: number }> {
      const { consumed } = await store.counters.consume({ ...key('scan', ip, now), limit: scansPerDay });
      return { ok: consumed, retryAfterSeconds: secondsUntil(nextUtcMidnight(now), now) };
    },
    async releaseScan(ip: string, now: Date): Promise<void> {
      await store.counters.release(key('scan', ip, now));
    },
  };
}

export type FreeQuota = ReturnType<typeof createFreeQuota>;

let resetsAtText = { at: 0, text: '' };

export function usageHeaders(usage: UsageState, priceMicroUsd: number, chargedMicroUsd: number): Record<string, string> {
  if (resetsAtText.at !== usage.resetsAt.getTime()) resetsAtText = { at: usage.resetsAt.getTime(), text: usage.resetsAt.toISOString().replace('.000Z', 'Z') };
  return {
    'X-Usage-Free-Remaining': String(usage.remaining),
    'X-Usage-Free-Limit': String(usage.limit),
    'X-Usage-Free-Resets-At': resetsAtText.text,
    'X-Usage-Price-Micro-Usd': String(priceMicroUsd),
    'X-Usage-Charged-Micro-Usd': String(chargedMicroUsd),
  };
}
