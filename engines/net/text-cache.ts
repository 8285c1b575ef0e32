import type { Fetched } from './fetched.ts';

/**
 * A small in-memory cache of fetched content by key (the tag-manager containers the tech-stack
 * engine reads: the same public gtm.js is asked for by every site that embeds it), kept sealed
 * (engines/net/fetched.ts). An entry is kept for `ttlMs`; what `load` gives as null (a 404, a
 * failed status) or a failure is not kept. Identical loads in flight share one fetch (and its
 * outcome). The entries kept total at most `maxBytes`; the least recently used go first.
 */

export interface TextCacheOptions {
  /** 0 keeps nothing (loads in flight are still shared). */
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface TextCache {
  /** The kept content for `key`, else `load`'s (kept unless null). */
  get(key: string, load: () => Promise<Fetched | null>): Promise<Fetched | null>;
  /** Texts kept and their total size. */
  readonly size: number;
  readonly bytes: number;
}

interface Entry {
  text: Fetched;
  bytes: number;
  expires: number;
}

export function createTextCache({ ttlMs = 3_600_000, maxBytes = 8 * 1024 * 1024, now = Date.now }: TextCacheOptions = {}): TextCache {
  // Map order is recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Fetched | null>>();
  let total = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  }

  function keep(key: string, text: Fetched) {
    const bytes = text.size;
    if (ttlMs <= 0 || bytes > maxBytes) return;
    drop(key);
    for (const oldest of entries.keys()) {
      if (total + bytes <= maxBytes) break;
      drop(oldest);
    }
    entries.set(key, { text, bytes, expires: now() + ttlMs });
    total += bytes;
  }

  function get(key: string, load: () => Promise<Fetched | null>): Promise<Fetched | null> {
    const entry = entries.get(key);
    if (entry) {
      drop(key);
      if (entry.expires > now()) {
        entries.set(key, entry);
        total += entry.bytes;
        return Promise.resolve(entry.text);
      }
    }
    let inFlight = pending.get(key);
    if (!inFlight) {
      inFlight = (async () => load())()
        .then((text) => {
          if (text !== null) keep(key, text);
          return text;
        })
        .finally(() => pending.delete(key));
      pending.set(key, inFlight);
    }
    return inFlight;
  }

  return {
    get,
    get size() {
      return entries.size;
    },
    get bytes() {
      return total;
    },
  };
}
