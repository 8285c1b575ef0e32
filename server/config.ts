import { loadNetConfig, type NetConfig } from '../engines/net/index.ts';
import { loadJobsConfig, type JobsConfig } from '../engines/jobs/index.ts';
import { loadAdsConfig, type AdsConfig } from '../engines/ads/index.ts';
import { loadRdapConfig, type RdapConfig } from '../engines/rdap/index.ts';
import { parseSigningKey } from './signing-key.ts';
import { loadParsePoolConfig, type ParsePoolConfig } from './parse-pool/config.ts';
import { DEFAULT_RENDER, type RenderConfig } from './render/config.ts';

/** Every environment variable the service reads, with its default. The table in docs/configuration.md mirrors this. */
export interface Config {
  port: number;
  host: string;
  /** Absolute base URL used in documents and problem types; default: the request's own origin. */
  publicBaseUrl: string | null;
  databaseUrl: string | null;
  sqlitePath: string;
  /** Trust X-Forwarded-For / X-Forwarded-Proto from these proxy addresses (comma-separated; empty = none). */
  trustedProxies: string[];
  /** CALLER_IPV6_PREFIX (default 64): IPv6 callers are grouped by this many leading bits (server/pipeline/caller.ts). */
  callerIpv6PrefixLength: number;
  /** LOG_LEVEL: JSON lines on stdout at this level and above (default info). */
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  payTo: string | null;
  facilitatorUrl: string | null;
  facilitatorPrivateKey: string | null;
  /** Extra headers for a remote facilitator (JSON object), e.g. an API key. */
  facilitatorAuthHeaders: Record<string, string> | null;
  rpcUrl: string | null;
  /** List-price value of ok results (free and paid) per UTC day above which data calls answer daily_cost_cap. */
  dailyCostCapMicroUsd: number | null;
  /** Settled micro-USD per UTC day above which paid calls answer settlement_cap_reached. */
  settlementCapMicroUsd: number | null;
  /** Slow-client limits of the HTTP server (server/http.ts). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** A call still marked running after this long (its instance died) is taken over by a repeat. */
  requestStaleAfterMs: number;
  /** FREE_CALL_HELD_WAIT_MS: how long a call waits when its caller's free calls left are all held by the caller's own running calls (server/metering/quota.ts). */
  freeCallHeldWaitMs: number;
  /** NOT_OK_MEMORY_MS: how long a result that is not ok answers the same operation and input (0: never). */
  notOkMemoryMs: number;
  /** OPERATION_DEADLINE_CAP_MS: every operation's total deadline is at most this (null: the spec's x-deadline-seconds alone). */
  operationDeadlineCapMs: number | null;
  /** NOT_OK_PER_HOUR: calls per IP and rolling hour that may run and end not ok (0: no limit). */
  notOkPerHour: number | null;
  /** On SIGTERM: how long running calls may finish (SHUTDOWN_GRACE_MS), then how long settlements under way are waited for (SHUTDOWN_SETTLE_WINDOW_MS). */
  shutdown: { graceMs: number; settleWindowMs: number };
  /** How often the store's expired rows are deleted (HOUSEKEEPING_INTERVAL_MS; 0: never; server/store/housekeeping.ts). */
  housekeepingIntervalMs: number;
  /**
   * Calls being served at once, fairly by caller (server/fair-share/): CALLS_PER_CALLER per caller
   * (more wait in that caller's own line), CALLS_IN_FLIGHT all callers, CALLS_MAX_WAITING waiting.
   * Past UNPAID_ANSWERS_PER_MINUTE answers without a result to one caller, each next one waits UNPAID_ANSWER_DELAY_MS.
   */
  calls: { perCaller: number; inFlight: number; maxWaiting: number; unpaidPacing: { freeAnswers: number; delayMs: number } };
  /** The parse pool's threads, task deadline and queue (PARSE_* variables; server/parse-pool/config.ts). */
  parse: ParsePoolConfig;
  /** The sandboxed browser that renders script-built pages (CHROMIUM_PATH, RENDER_* variables; server/render/). */
  render: RenderConfig;
  /** How engines reach the web (NET_* variables; engines/net/config.ts). */
  net: NetConfig;
  /** Job-board API bases and poll interval (JOBS_* variables; engines/jobs/config.ts). */
  jobs: JobsConfig;
  /** The advertising-transparency registry (ADS_REGISTRY_* variables; engines/ads/config.ts). */
  ads: AdsConfig;
  /** Where domain registration dates are read (RDAP_* variables; engines/rdap/config.ts). */
  rdap: RdapConfig;
  /** SERVICE_SIGNING_KEY: the hex private key the badge is signed with; unset: one generated once and kept in the store. */
  signingKey: `0x${string}` | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: env.SQLITE_PATH ?? './data/service.sqlite',
    trustedProxies: list(env.TRUSTED_PROXIES),
    callerIpv6PrefixLength: prefixLength('CALLER_IPV6_PREFIX', env.CALLER_IPV6_PREFIX, 64),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    payTo: env.PAY_TO_ADDRESS || null,
    facilitatorUrl: env.FACILITATOR_URL || null,
    facilitatorPrivateKey: env.FACILITATOR_PRIVATE_KEY || null,
    facilitatorAuthHeaders: env.FACILITATOR_AUTH_HEADERS ? JSON.parse(env.FACILITATOR_AUTH_HEADERS) : null,
    rpcUrl: env.RPC_URL || null,
    dailyCostCapMicroUsd: env.DAILY_COST_CAP_MICRO_USD ? Number(env.DAILY_COST_CAP_MICRO_USD) : null,
    settlementCapMicroUsd: env.SETTLEMENT_CAP_MICRO_USD ? Number(env.SETTLEMENT_CAP_MICRO_USD) : null,
    http: {
      headersTimeoutMs: Number(env.HTTP_HEADERS_TIMEOUT_MS ?? 10_000),
      requestTimeoutMs: Number(env.HTTP_REQUEST_TIMEOUT_MS ?? 30_000),
      keepAliveTimeoutMs: Number(env.HTTP_KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
    },
    requestStaleAfterMs: env.REQUEST_STALE_AFTER_MS ? Number(env.REQUEST_STALE_AFTER_MS) : 120_000,
    freeCallHeldWaitMs: milliseconds('FREE_CALL_HELD_WAIT_MS', env.FREE_CALL_HELD_WAIT_MS, 30_000),
    notOkMemoryMs: milliseconds('NOT_OK_MEMORY_MS', env.NOT_OK_MEMORY_MS, 60_000),
    operationDeadlineCapMs: milliseconds('OPERATION_DEADLINE_CAP_MS', env.OPERATION_DEADLINE_CAP_MS, 0) || null,
    notOkPerHour: perHour('NOT_OK_PER_HOUR', env.NOT_OK_PER_HOUR, 200),
    shutdown: {
      graceMs: milliseconds('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 25_000),
      settleWindowMs: milliseconds('SHUTDOWN_SETTLE_WINDOW_MS', env.SHUTDOWN_SETTLE_WINDOW_MS, 30_000),
    },
    housekeepingIntervalMs: milliseconds('HOUSEKEEPING_INTERVAL_MS', env.HOUSEKEEPING_INTERVAL_MS, 600_000),
    calls: {
      perCaller: count('CALLS_PER_CALLER', env.CALLS_PER_CALLER, 8, 1, 1_000),
      inFlight: count('CALLS_IN_FLIGHT', env.CALLS_IN_FLIGHT, 512, 1, 100_000),
      maxWaiting: count('CALLS_MAX_WAITING', env.CALLS_MAX_WAITING, 1_024, 0, 100_000),
      // UNPAID_ANSWERS_PER_MINUTE answers without a result a minute, then each next one after UNPAID_ANSWER_DELAY_MS.
      unpaidPacing: {
        freeAnswers: count('UNPAID_ANSWERS_PER_MINUTE', env.UNPAID_ANSWERS_PER_MINUTE, 60, 1, 1_000_000),
        delayMs: count('UNPAID_ANSWER_DELAY_MS', env.UNPAID_ANSWER_DELAY_MS, 1_000, 0, 60_000),
      },
    },
    parse: loadParsePoolConfig(env),
    render: {
      chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
      browsers: count('RENDER_BROWSERS', env.RENDER_BROWSERS, DEFAULT_RENDER.browsers, 0, 64),
      perCaller: count('RENDER_PER_CALLER', env.RENDER_PER_CALLER, DEFAULT_RENDER.perCaller, 1, 64),
      maxWaiting: count('RENDER_MAX_WAITING', env.RENDER_MAX_WAITING, DEFAULT_RENDER.maxWaiting, 0, 10_000),
      timeoutMs: count('RENDER_TIMEOUT_MS', env.RENDER_TIMEOUT_MS, DEFAULT_RENDER.timeoutMs, 500, 600_000),
      quietMs: count('RENDER_QUIET_MS', env.RENDER_QUIET_MS, DEFAULT_RENDER.quietMs, 0, 60_000),
      maxRequests: count('RENDER_MAX_REQUESTS', env.RENDER_MAX_REQUESTS, DEFAULT_RENDER.maxRequests, 1, 10_000),
      maxBytes: count('RENDER_MAX_BYTES', env.RENDER_MAX_BYTES, DEFAULT_RENDER.maxBytes, 1, 1_000_000_000),
      cpuMs: count('RENDER_CPU_MS', env.RENDER_CPU_MS, DEFAULT_RENDER.cpuMs, 100, 600_000),
      memoryMb: count('RENDER_MEMORY_MB', env.RENDER_MEMORY_MB, DEFAULT_RENDER.memoryMb, 64, 65_536),
      heapMb: count('RENDER_HEAP_MB', env.RENDER_HEAP_MB, DEFAULT_RENDER.heapMb, 16, 16_384),
      user: env.RENDER_USER || DEFAULT_RENDER.user,
    },
    net: loadNetConfig(env),
    jobs: loadJobsConfig(env),
    ads: loadAdsConfig(env),
    rdap: loadRdapConfig(env),
    signingKey: env.SERVICE_SIGNING_KEY ? parseSigningKey(env.SERVICE_SIGNING_KEY, 'SERVICE_SIGNING_KEY') : null,
  };
}

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;

function parseLogLevel(value: string | undefined): Config['logLevel'] {
  if (!value) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(value)})`);
  return value as Config['logLevel'];
}

/** A count per rolling hour; 0 turns the limit off (null). */
function perHour(name: string, value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000) throw new Error(`${name} must be an integer from 0 (no limit) to 1000000 (got ${JSON.stringify(value)})`);
  return count === 0 ? null : count;
}

function prefixLength(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const bits = Number(value.replace(/^\//, ''));
  if (!Number.isInteger(bits) || bits < 1 || bits > 128) throw new Error(`${name} must be an IPv6 prefix length from 1 to 128 (got ${JSON.stringify(value)})`);
  return bits;
}

function count(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`);
  return number;
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) throw new Error(`${name} must be an integer number of milliseconds from 0 to 600000 (got ${JSON.stringify(value)})`);
  return ms;
}
