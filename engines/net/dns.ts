import { Resolver } from 'node:dns/promises';

/**
 * DNS lookups for the engines and the safe fetcher. Every answer says why it is empty, so a
 * domain that does not exist (nxdomain) is told apart from one without that record (nodata)
 * and from a resolver that did not answer (timeout).
 */

export type DnsFailure = 'nxdomain' | 'nodata' | 'timeout' | 'error';
/** `ttl`: seconds the answer may be kept (the smallest record TTL), where the resolver says (A and AAAA). */
export type DnsAnswer<T> = { ok: true; records: T[]; ttl?: number } | { ok: false; reason: DnsFailure };
export interface MxRecord {
  exchange: string;
  priority: number;
}

/** The answer's records; none when it failed, whatever the reason. */
export function recordsOf<T>(answer: DnsAnswer<T>): T[] {
  return answer.ok ? answer.records : [];
}

export interface Dns {
  a(name: string): Promise<DnsAnswer<string>>;
  aaaa(name: string): Promise<DnsAnswer<string>>;
  /** Sorted by priority; exchanges lower case without the trailing dot. */
  mx(name: string): Promise<DnsAnswer<MxRecord>>;
  /** One string per record, its character-strings joined. */
  txt(name: string): Promise<DnsAnswer<string>>;
  /** The TXT records of `_dmarc.<domain>` that start with v=DMARC1 (nodata if none does). */
  dmarc(domain: string): Promise<DnsAnswer<string>>;
  /** Lower case without the trailing dot. */
  cname(name: string): Promise<DnsAnswer<string>>;
}

export interface DnsOptions {
  /** `ip` or `ip:port`; empty = the system's resolvers. */
  servers?: readonly string[];
  timeoutMs?: number;
}

const FAILURES: Record<string, DnsFailure> = {
  ENOTFOUND: 'nxdomain',
  ENODATA: 'nodata',
  ETIMEOUT: 'timeout',
  ECONNREFUSED: 'timeout',
  ECANCELLED: 'timeout',
};

export function createDns({ servers = [], timeoutMs = 2000 }: DnsOptions = {}): Dns {
  // One try per server: the caller's deadline, not c-ares' retries with back-off, bounds a lookup.
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length) resolver.setServers([...servers]);

  function lookup<T>(query: () => Promise<T[]>): Promise<DnsAnswer<T>> {
    return new Promise((resolve) => {
      // c-ares gives each configured server its own timeout; this caps the whole lookup.
      const timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), timeoutMs);
      query()
        .then(
          (records) => resolve(records.length ? { ok: true, records } : { ok: false, reason: 'nodata' }),
          (error: NodeJS.ErrnoException) => resolve({ ok: false, reason: FAILURES[error.code ?? ''] ?? 'error' }),
        )
        .finally(() => clearTimeout(timer));
    });
  }

  /** Addresses with the TTL of the answer (the smallest one of its records). */
  async function addresses(query: () => Promise<{ address: string; ttl: number }[]>): Promise<DnsAnswer<string>> {
    const answer = await lookup(query);
    if (!answer.ok) return answer;
    return { ok: true, records: answer.records.map((record) => record.address), ttl: Math.min(...answer.records.map((record) => record.ttl)) };
  }

  const hostName = (name: string) => name.toLowerCase().replace(/\.$/, '');
  const query = (name: string) => name.replace(/\.$/, '');

  async function dmarc(domain: string): Promise<DnsAnswer<string>> {
    const answer = await lookup(() => resolver.resolveTxt(`_dmarc.${query(domain)}`).then((records) => records.map((chunks) => chunks.join(''))));
    if (!answer.ok) return answer;
    const policies = answer.records.filter((record) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(record.trimStart()));
    return policies.length ? { ok: true, records: policies } : { ok: false, reason: 'nodata' };
  }

  return {
    a: (name) => addresses(() => resolver.resolve4(query(name), { ttl: true })),
    aaaa: (name) => addresses(() => resolver.resolve6(query(name), { ttl: true })),
    mx: (name) =>
      lookup(() =>
        resolver
          .resolveMx(query(name))
          .then((records) =>
            records.map((record) => ({ exchange: hostName(record.exchange), priority: record.priority })).sort((x, y) => x.priority - y.priority),
          ),
      ),
    txt: (name) => lookup(() => resolver.resolveTxt(query(name)).then((records) => records.map((chunks) => chunks.join('')))),
    dmarc,
    cname: (name) => lookup(() => resolver.resolveCname(query(name)).then((records) => records.map(hostName))),
  };
}
