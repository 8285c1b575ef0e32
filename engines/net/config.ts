import { Resolver } from 'node:dns';
import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import pkg from '../../package.json' with { type: 'json' };

/**
 * How the service reaches the web, from the environment only: nothing in a request can change
 * it. NET_ALLOW_CIDRS, NET_PORT_MAP and NET_CA_FILE exist for the offline test world (a loopback
 * DNS server and web servers on high ports with their own CA) and stay unset in production.
 */
export interface NetConfig {
  /** Resolvers as `ip` or `ip:port` (`[v6]:port`); empty = the system's (/etc/resolv.conf). */
  dnsServers: string[];
  /** Cap on one DNS lookup. */
  dnsTimeoutMs: number;
  /** Non-public ranges that may still be connected to (test world only). */
  allowCidrs: string[];
  /** URL port → socket port, e.g. {80: 41080} (test world only); the URL and Host header keep 80. */
  portMap: Record<number, number>;
  /** Path of an extra PEM trust anchor added to Node's default CAs (test world only). */
  caFile: string | null;
  /** Its content, read once at load. */
  caPem: string | null;
  userAgent: string;
  /** Requests in flight to one host name at a time (the rest wait their turn, within their deadline). */
  perHostConcurrency: number;
  /** Fetches one caller may have on the wire at once (the service's net threads serve callers fairly). */
  perCallerConcurrency: number;
  /** Threads that receive sites' bytes in the service (its net threads). */
  threads: number;
  /** Cap on how long a host that answered 429 (or 503 with Retry-After) is left alone. */
  backoffMaxMs: number;
  /** How long DNS answers without a TTL are kept (MX, TXT, DMARC, CNAME); 0: no DNS cache. */
  dnsCacheTtlMs: number;
  /** Floor of how long any positive DNS answer is kept (A/AAAA TTLs below it are raised to it). */
  dnsCacheMinTtlMs: number;
  /** How long a fetched tag-manager container is kept; 0: not kept. */
  containerCacheTtlMs: number;
  /** Cap on the containers kept in memory, in bytes. */
  containerCacheMaxBytes: number;
}

const VERSION = pkg.version.split('.').slice(0, 2).join('.');

/** The fetcher's User-Agent; with PUBLIC_BASE_URL it names the service's llms.txt, where the bot is described. */
export function defaultUserAgent(publicBaseUrl?: string): string {
  const base = publicBaseUrl?.replace(/\/+$/, '');
  return base ? `CompanyIntelBot/${VERSION} (+${base}/llms.txt)` : `CompanyIntelBot/${VERSION}`;
}

/** No DNS answer is kept longer than this, whatever its TTL. */
export const DNS_CACHE_MAX_TTL_MS = 3_600_000;

export function loadNetConfig(env: NodeJS.ProcessEnv = process.env): NetConfig {
  const caFile = env.NET_CA_FILE || null;
  return {
    dnsServers: parseDnsServers(env.NET_DNS_SERVERS),
    dnsTimeoutMs: parseTimeout(env.NET_DNS_TIMEOUT_MS),
    allowCidrs: parseCidrs(env.NET_ALLOW_CIDRS),
    portMap: parsePortMap(env.NET_PORT_MAP),
    caFile,
    caPem: caFile ? readCa(caFile) : null,
    userAgent: env.NET_USER_AGENT || defaultUserAgent(env.PUBLIC_BASE_URL),
    perHostConcurrency: integer(env, 'NET_PER_HOST_CONCURRENCY', 4, 1, 64),
    perCallerConcurrency: integer(env, 'NET_PER_CALLER_CONCURRENCY', 4, 1, 64),
    threads: integer(env, 'NET_THREADS', 2, 1, 16),
    backoffMaxMs: integer(env, 'NET_BACKOFF_MAX_MS', 60_000, 0, 3_600_000),
    dnsCacheTtlMs: integer(env, 'NET_DNS_CACHE_TTL_MS', 300_000, 0, DNS_CACHE_MAX_TTL_MS),
    dnsCacheMinTtlMs: integer(env, 'NET_DNS_CACHE_MIN_TTL_MS', 30_000, 0, DNS_CACHE_MAX_TTL_MS),
    containerCacheTtlMs: integer(env, 'NET_CONTAINER_CACHE_TTL_MS', 3_600_000, 0, 86_400_000),
    containerCacheMaxBytes: integer(env, 'NET_CONTAINER_CACHE_MAX_BYTES', 8 * 1024 * 1024, 0, 1024 * 1024 * 1024),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }
  return number;
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

function parseDnsServers(value: string | undefined): string[] {
  const servers = list(value);
  try {
    // node:dns's own parser decides what it accepts (IP addresses, optional port).
    if (servers.length) new Resolver().setServers(servers);
  } catch (error) {
    throw new Error(`NET_DNS_SERVERS must be a comma list of ip or ip:port (got ${JSON.stringify(value)}): ${(error as Error).message}`);
  }
  return servers;
}

function parseTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return 2000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 60_000) throw new Error(`NET_DNS_TIMEOUT_MS must be an integer from 1 to 60000 (got ${JSON.stringify(value)})`);
  return ms;
}

function parseCidrs(value: string | undefined): string[] {
  return list(value).map((item) => {
    if (!ipaddr.isValidCIDR(item)) throw new Error(`NET_ALLOW_CIDRS must be a comma list of CIDRs such as 127.0.0.0/8 (got ${JSON.stringify(item)})`);
    return item;
  });
}

function parsePortMap(value: string | undefined): Record<number, number> {
  const map: Record<number, number> = {};
  for (const item of list(value)) {
    const match = /^(80|443):(\d{1,5})$/.exec(item);
    const to = match ? Number(match[2]) : 0;
    if (!match || to < 1 || to > 65_535) throw new Error(`NET_PORT_MAP must look like 80:41080,443:41443 (got ${JSON.stringify(item)})`);
    map[Number(match[1])] = to;
  }
  return map;
}

function readCa(path: string): string {
  const pem = readFileSync(path, 'utf8');
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`NET_CA_FILE ${path} holds no PEM certificate`);
  return pem;
}
