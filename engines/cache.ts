/**
 * A small key-value cache with expiry, as the engines that keep answers between calls are given
 * it (the handlers adapt the store's CacheRepo, one namespace per engine).
 */
export interface ExpiringCache {
  /** The value kept under `key`, or null when there is none or it expired. */
  get(key: string): Promise<unknown | null>;
  /** Keeps `value` under `key` until `expiresAt` (epoch milliseconds). */
  set(key: string, value: unknown, expiresAt: number): Promise<void>;
}
