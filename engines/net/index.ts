import type { NetConfig } from './config.ts';
import { createDns, type Dns } from './dns.ts';
import { createSafeFetch, type SafeFetch } from './fetch.ts';

export type { NetConfig } from './config.ts';
export { loadNetConfig } from './config.ts';
export type { Dns, DnsAnswer, DnsFailure, MxRecord } from './dns.ts';
export type { FetchRequest, FetchResponse, SafeFetch } from './fetch.ts';
export { FetchFailure, UnsafeTargetError, type FetchFailureKind, type UnsafeReason } from './errors.ts';

/** What an engine is handed: the safe fetcher and DNS, both built from the service's NetConfig. */
export interface Net {
  fetch: SafeFetch;
  dns: Dns;
}

export function createNet(config: NetConfig): Net {
  const dns = createDns({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs });
  const fetch = createSafeFetch({ dns, allowCidrs: config.allowCidrs, portMap: config.portMap, caPem: config.caPem, userAgent: config.userAgent });
  return { fetch, dns };
}
