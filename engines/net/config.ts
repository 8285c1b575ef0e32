import { Resolver } from 'node:dns';
import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import pkg from '../../package.json' with { type: 'json' };
import { ConfigError, custom, int, list, ms, readVariables, text, url, type Env, type VariableTable } from '../config/env.ts';

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

/** The service's public origin: the User-Agent names its llms.txt (server/config.ts reads it too). */
export const PUBLIC_BASE_URL = url({ default: null, meaning: 'absolute base URL of the service (documents, problem types, the User-Agent)' });

export const NET_VARIABLES = {
  PUBLIC_BASE_URL,
  NET_DNS_SERVERS: custom<string[]>({
    kind: 'list',
    default: [],
    accepts: 'a comma-separated list of resolvers, ip or ip:port',
    meaning: 'DNS resolvers of the engines (empty: the system resolvers)',
    parse(text, refused) {
      const servers = text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      try {
        // node:dns's own parser decides what it accepts (IP addresses, optional port).
        if (servers.length) new Resolver().setServers(servers);
      } catch (error) {
        refused((error as Error).message);
      }
      return servers;
    },
  }),
  NET_DNS_TIMEOUT_MS: ms({ default: 2_000, min: 1, max: 60_000, meaning: 'deadline of one DNS question' }),
  NET_ALLOW_CIDRS: list({
    default: [],
    accepts: 'CIDRs such as 127.0.0.0/8',
    meaning: 'non-public ranges that may be connected to (offline world only)',
    item: (item, refused) => (ipaddr.isValidCIDR(item) ? item : refused()),
  }),
  NET_PORT_MAP: custom<Record<number, number>>({
    kind: 'list',
    default: {},
    accepts: 'a comma-separated list like 80:41080,443:41443',
    meaning: 'socket ports behind URL ports 80 and 443 (offline world only)',
    parse(text, refused) {
      const map: Record<number, number> = {};
      for (const item of text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)) {
        const match = /^(80|443):(\d{1,5})$/.exec(item);
        const to = match ? Number(match[2]) : 0;
        if (!match || to < 1 || to > 65_535) refused(`${JSON.stringify(item)} is not one`);
        map[Number(match![1])] = to;
      }
      return map;
    },
  }),
  NET_CA_FILE: text({ default: null, accepts: 'a file path', meaning: 'an extra PEM trust anchor (offline world only)' }),
  NET_USER_AGENT: text({ default: null, meaning: 'the User-Agent of every fetch (unset: CompanyIntelBot naming PUBLIC_BASE_URL/llms.txt)' }),
  NET_PER_HOST_CONCURRENCY: int({ default: 4, min: 1, max: 64, meaning: 'requests in flight to one host name at a time' }),
  NET_PER_CALLER_CONCURRENCY: int({ default: 4, min: 1, max: 64, meaning: 'fetches one caller may have on the net threads at once' }),
  NET_THREADS: int({ default: 2, min: 1, max: 16, meaning: "threads that receive sites' bytes" }),
  NET_BACKOFF_MAX_MS: ms({ default: 60_000, min: 0, max: 3_600_000, meaning: 'cap on how long a host that answered 429 is left alone' }),
  NET_DNS_CACHE_TTL_MS: ms({ default: 300_000, min: 0, max: DNS_CACHE_MAX_TTL_MS, meaning: 'how long DNS answers without a TTL are kept (0: no DNS cache)' }),
  NET_DNS_CACHE_MIN_TTL_MS: ms({ default: 30_000, min: 0, max: DNS_CACHE_MAX_TTL_MS, meaning: 'shortest time a positive DNS answer is kept' }),
  NET_CONTAINER_CACHE_TTL_MS: ms({ default: 3_600_000, min: 0, max: 86_400_000, meaning: 'how long a fetched tag-manager container is kept (0: not kept)' }),
  NET_CONTAINER_CACHE_MAX_BYTES: int({ default: 8 * 1024 * 1024, min: 0, max: 1024 * 1024 * 1024, meaning: 'memory for kept containers, in bytes' }),
} satisfies VariableTable;

export function loadNetConfig(env: Env = process.env): NetConfig {
  const values = readVariables(NET_VARIABLES, env);
  const caFile = values.NET_CA_FILE;
  return {
    dnsServers: values.NET_DNS_SERVERS,
    dnsTimeoutMs: values.NET_DNS_TIMEOUT_MS,
    allowCidrs: values.NET_ALLOW_CIDRS,
    portMap: values.NET_PORT_MAP,
    caFile,
    caPem: caFile ? readCa(caFile) : null,
    userAgent: values.NET_USER_AGENT ?? defaultUserAgent(values.PUBLIC_BASE_URL ?? undefined),
    perHostConcurrency: values.NET_PER_HOST_CONCURRENCY,
    perCallerConcurrency: values.NET_PER_CALLER_CONCURRENCY,
    threads: values.NET_THREADS,
    backoffMaxMs: values.NET_BACKOFF_MAX_MS,
    dnsCacheTtlMs: values.NET_DNS_CACHE_TTL_MS,
    dnsCacheMinTtlMs: values.NET_DNS_CACHE_MIN_TTL_MS,
    containerCacheTtlMs: values.NET_CONTAINER_CACHE_TTL_MS,
    containerCacheMaxBytes: values.NET_CONTAINER_CACHE_MAX_BYTES,
  };
}

function readCa(path: string): string {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`NET_CA_FILE ${path} cannot be read: ${(error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`NET_CA_FILE ${path} holds no PEM certificate`);
  return pem;
}
