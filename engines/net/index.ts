import { DNS_CACHE_MAX_TTL_MS, type NetConfig } from './config.ts';
import { createDns, type Dns } from './dns.ts';
import { createDnsCache } from './dns-cache.ts';
import { createSafeFetch, type SafeFetch, type UpstreamEvent } from './fetch.ts';
import { createHostLimits } from './host-limits.ts';
import { createTextCache, type TextCache } from './text-cache.ts';
import type { SocketTransportOptions, Transport } from './transport.ts';

export type { NetConfig } from './config.ts';
export { loadNetConfig } from './config.ts';
export type { Dns, DnsAnswer, DnsFailure, MxRecord } from './dns.ts';
export type { FetchRequest, FetchResponse, SafeFetch, UpstreamEvent } from './fetch.ts';
export type { TextCache } from './text-cache.ts';
export type { Transport } from './transport.ts';
export { Fetched } from './fetched.ts';
export { FetchFailure, UnsafeTargetError, type FetchFailureKind, type UnsafeReason } from './errors.ts';

/**
 * What an engine is handed: the safe fetcher and DNS, both built from the service's NetConfig,
 * and the tag-manager container cache. One per service instance: the per-host limits, the DNS
 * cache and the container cache live in it.
 */
export interface Net {
  fetch: SafeFetch;
  dns: Dns;
  /** Fetched tag-manager container texts by URL (engines/tech-stack). */
  containers: TextCache;
}

export interface NetOptions {
  /** Called once per fetch hop attempted (metrics); not for targets refused as unsafe before connecting. */
  onUpstream?: (event: UpstreamEvent) => void;
  /** Wall clock of the caches and of the back-off (Retry-After dates). */
  now?: () => number;
  /**
   * The fetcher's wire (engines/net/transport.ts): the service's runs on its net thread
   * (server/net-thread/), so that no byte a site sends is handled on the thread that answers
   * callers; engine tests and benchmarks give one in their own thread (test/support/net.ts).
   */
  transport: Transport;
}

/** How the transport reaches sites under this config (the test world's ports and CA), how many fetches one caller may have on it at once, and on how many threads. */
export function transportOptionsOf(config: NetConfig): SocketTransportOptions & { perCallerConcurrency: number; threads: number } {
  return { portMap: config.portMap, caPem: config.caPem, perCallerConcurrency: config.perCallerConcurrency, threads: config.threads };
}

/** Negative DNS answers (nxdomain, nodata) are kept this long at most. */
const DNS_NEGATIVE_TTL_MS = 60_000;

export function createNet(config: NetConfig, { transport, onUpstream = () => {}, now = Date.now }: NetOptions): Net {
  const dns = createDnsCache(createDns({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs }), {
    ttlMs: config.dnsCacheTtlMs,
    minTtlMs: config.dnsCacheMinTtlMs,
    maxTtlMs: DNS_CACHE_MAX_TTL_MS,
    negativeTtlMs: Math.min(DNS_NEGATIVE_TTL_MS, config.dnsCacheTtlMs),
    now,
  });
  const hosts = createHostLimits({ perHost: config.perHostConcurrency, backoffMaxMs: config.backoffMaxMs, now });
  const fetch = createSafeFetch({ dns, allowCidrs: config.allowCidrs, userAgent: config.userAgent, hosts, onUpstream, transport });
  const containers = createTextCache({ ttlMs: config.containerCacheTtlMs, maxBytes: config.containerCacheMaxBytes, now });
  return { fetch, dns, containers };
}
