import type { Dns, DnsAnswer } from './dns.ts';

/**
 * A caching Dns over any Dns. Answers are kept for their TTL where the resolver gives one (A,
 * AAAA), else for `ttlMs` (MX, TXT, DMARC, CNAME: node returns no TTL for them), both clamped to
 * [minTtlMs, maxTtlMs]; nxdomain and nodata for `negativeTtlMs`; a timeout or an error never, so
 * the next lookup asks again. Identical lookups in flight share one question. At most
 * `maxEntries` answers are kept (the least recently used go first).
 *
 * Safe for the fetcher: it still checks every address it is handed and connects only to those,
 * so a kept answer can at worst be an address that stopped answering, never one not checked.
 */

export interface DnsCacheOptions {
  /** How long an answer without a TTL is kept; 0 keeps nothing (the cache is off). */
  ttlMs?: number;
  minTtlMs?: number;
  maxTtlMs?: number;
  /** How long nxdomain and nodata are kept. */
  negativeTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  answer: DnsAnswer<unknown>;
  expires: number;
}

type Kind = keyof Dns;

/** Each caller gets its own records array: one sorting or filtering in place changes no one else's. */
const copy = <T>(answer: DnsAnswer<T>): DnsAnswer<T> => (answer.ok ? { ...answer, records: [...answer.records] } : answer);

export function createDnsCache(
  dns: Dns,
  { ttlMs = 300_000, minTtlMs = 30_000, maxTtlMs = 3_600_000, negativeTtlMs = 60_000, maxEntries = 10_000, now = Date.now }: DnsCacheOptions = {},
): Dns {
  if (ttlMs <= 0) return dns;
  // Map order is recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<DnsAnswer<unknown>>>();

  function keepFor(answer: DnsAnswer<unknown>): number {
    if (!answer.ok) return answer.reason === 'nxdomain' || answer.reason === 'nodata' ? negativeTtlMs : 0;
    const ms = answer.ttl !== undefined ? answer.ttl * 1000 : ttlMs;
    return Math.min(maxTtlMs, Math.max(minTtlMs, ms));
  }

  function remember(key: string, answer: DnsAnswer<unknown>) {
    const ms = keepFor(answer);
    if (ms <= 0) return;
    entries.delete(key);
    entries.set(key, { answer, expires: now() + ms });
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  }

  function cached<T>(kind: Kind, name: string): Promise<DnsAnswer<T>> {
    const key = `${kind} ${name.toLowerCase().replace(/\.$/, '')}`;
    const entry = entries.get(key);
    if (entry) {
      entries.delete(key);
      if (entry.expires > now()) {
        entries.set(key, entry);
        return Promise.resolve(copy(entry.answer as DnsAnswer<T>));
      }
    }
    let inFlight = pending.get(key);
    if (!inFlight) {
      inFlight = (dns[kind](name) as Promise<DnsAnswer<unknown>>)
        .then((answer) => {
          remember(key, answer);
          return answer;
        })
        .finally(() => pending.delete(key));
      pending.set(key, inFlight);
    }
    return (inFlight as Promise<DnsAnswer<T>>).then(copy);
  }

  return {
    a: (name) => cached('a', name),
    aaaa: (name) => cached('aaaa', name),
    mx: (name) => cached('mx', name),
    txt: (name) => cached('txt', name),
    dmarc: (name) => cached('dmarc', name),
    cname: (name) => cached('cname', name),
  };
}
