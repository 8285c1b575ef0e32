import {
  choice,
  ConfigError,
  custom,
  defaultsOf,
  int,
  json,
  list,
  ms,
  settings,
  text,
  url,
  type Env,
  type Variable,
  type VariableTable,
} from '../engines/config/env.ts';
import { loadNetConfig, NET_VARIABLES, PUBLIC_BASE_URL, type NetConfig } from '../engines/net/config.ts';
import { JOBS_VARIABLES, loadJobsConfig, type JobsConfig } from '../engines/jobs/config.ts';
import { ADS_VARIABLES, loadAdsConfig, type AdsConfig } from '../engines/ads/config.ts';
import { loadRdapConfig, RDAP_VARIABLES, type RdapConfig } from '../engines/rdap/config.ts';
import { parseSigningKey } from './signing-key.ts';
import { parseAddress } from './pipeline/caller.ts';
import { DEFAULT_UNPAID_PACING } from './fair-share/unpaid-pacing.ts';
import { loadParsePoolConfig, PARSE_POOL_VARIABLES, type ParsePoolConfig } from './parse-pool/config.ts';
import { loadRenderConfig, RENDER_VARIABLES, type RenderConfig } from './render/config.ts';

/** The service's settings, read from the environment variables of CONFIG_VARIABLES. */
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

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
const MAX_MICRO_USD = 1_000_000_000_000_000;

/** Extra headers for a remote facilitator: an object of header names to text values. */
function headerObject(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.values(value).every((item) => typeof item === 'string') ? (value as Record<string, string>) : null;
}

/** A 32-byte hex private key, checked by secp256k1 (its own message names the variable, never the value). */
const privateKey = (name: string, meaning: string): Variable<`0x${string}` | null> =>
  custom({
    kind: 'text',
    default: null,
    accepts: 'a 32-byte hex private key',
    meaning,
    secret: true,
    parse(value) {
      try {
        return parseSigningKey(value, name);
      } catch (error) {
        throw new ConfigError((error as Error).message);
      }
    },
  });

/** The settings server/ reads itself; CONFIG_VARIABLES adds those of the engines, the parse pool and the renderer. */
const SERVER_SETTINGS = settings({
  port: ['PORT', int({ default: 3000, min: 0, max: 65_535, meaning: 'HTTP port' })],
  host: ['HOST', text({ default: '0.0.0.0', accepts: 'a listen address', meaning: 'listen address' })],
  publicBaseUrl: ['PUBLIC_BASE_URL', PUBLIC_BASE_URL],
  databaseUrl: [
    'DATABASE_URL',
    text({ default: null, pattern: /^postgres(ql)?:\/\//i, accepts: 'a postgres:// URL', meaning: 'PostgreSQL instead of SQLite', secret: true }),
  ],
  sqlitePath: ['SQLITE_PATH', text({ default: './data/service.sqlite', accepts: 'a file path', meaning: "the embedded store's file" })],
  trustedProxies: [
    'TRUSTED_PROXIES',
    list({
      default: [],
      accepts: 'IP addresses',
      meaning: 'proxies whose X-Forwarded-For and X-Forwarded-Proto are believed',
      item: (item, refused) => (parseAddress(item) ? item : refused()),
    }),
  ],
  callerIpv6PrefixLength: [
    'CALLER_IPV6_PREFIX',
    custom({
      kind: 'int',
      default: 64,
      range: [1, 128],
      accepts: 'an IPv6 prefix length from 1 to 128',
      meaning: 'IPv6 callers are one caller per this many leading bits',
      parse(value, refused) {
        const bits = /^\/?(\d{1,3})$/.exec(value.trim());
        return bits && Number(bits[1]) >= 1 && Number(bits[1]) <= 128 ? Number(bits[1]) : refused();
      },
    }),
  ],
  logLevel: ['LOG_LEVEL', choice({ default: 'info', choices: LOG_LEVELS, meaning: 'JSON log lines on stdout at this level and above' })],
  payTo: [
    'PAY_TO_ADDRESS',
    text({ default: null, pattern: /^0x[0-9a-fA-F]{40}$/, accepts: 'an address, 0x and 40 hex digits', meaning: 'the wallet receiving USDC' }),
  ],
  facilitatorUrl: ['FACILITATOR_URL', url({ default: null, meaning: 'a remote x402 facilitator' })],
  facilitatorAuthHeaders: [
    'FACILITATOR_AUTH_HEADERS',
    json({
      default: null,
      accepts: 'an object of header names to text values',
      check: headerObject,
      meaning: 'headers sent to the remote facilitator',
      secret: true,
    }),
  ],
  facilitatorPrivateKey: ['FACILITATOR_PRIVATE_KEY', privateKey('FACILITATOR_PRIVATE_KEY', "the in-process facilitator's gas-paying key")],
  rpcUrl: ['RPC_URL', url({ default: null, anyParts: true, meaning: 'JSON-RPC of the in-process facilitator', secret: true })],
  dailyCostCapMicroUsd: [
    'DAILY_COST_CAP_MICRO_USD',
    int({ default: null, min: 0, max: MAX_MICRO_USD, meaning: 'list-price value of ok results per UTC day (unset: no cap)' }),
  ],
  settlementCapMicroUsd: [
    'SETTLEMENT_CAP_MICRO_USD',
    int({ default: null, min: 0, max: MAX_MICRO_USD, meaning: 'micro-USD settled per UTC day (unset: no cap)' }),
  ],
  http: {
    headersTimeoutMs: ['HTTP_HEADERS_TIMEOUT_MS', ms({ default: 10_000, min: 1, max: 600_000, meaning: 'a client must send its headers within this' })],
    requestTimeoutMs: ['HTTP_REQUEST_TIMEOUT_MS', ms({ default: 30_000, min: 1, max: 600_000, meaning: 'a client must send its whole request within this' })],
    keepAliveTimeoutMs: ['HTTP_KEEP_ALIVE_TIMEOUT_MS', ms({ default: 5_000, min: 0, max: 600_000, meaning: 'idle keep-alive connections close after this' })],
  },
  requestStaleAfterMs: [
    'REQUEST_STALE_AFTER_MS',
    ms({ default: 120_000, min: 100, max: 3_600_000, meaning: 'a running call not renewed for this long is taken over by a repeat' }),
  ],
  freeCallHeldWaitMs: [
    'FREE_CALL_HELD_WAIT_MS',
    ms({ default: 30_000, min: 0, max: 600_000, meaning: "how long a call waits for free calls held by its caller's own running calls" }),
  ],
  notOkMemoryMs: [
    'NOT_OK_MEMORY_MS',
    ms({ default: 60_000, min: 0, max: 600_000, meaning: 'how long a result that is not ok answers the same call (0: never)' }),
  ],
  operationDeadlineCapMs: [
    'OPERATION_DEADLINE_CAP_MS',
    ms({ default: null, min: 0, max: 600_000, meaning: "every operation's total deadline at most (unset or 0: the spec's)" }),
    (cap: number | null) => cap || null,
  ],
  notOkPerHour: [
    'NOT_OK_PER_HOUR',
    int({ default: 200, min: 0, max: 1_000_000, meaning: 'calls per IP and rolling hour that may end not ok (0: no limit)' }),
    (limit: number) => limit || null,
  ],
  shutdown: {
    graceMs: ['SHUTDOWN_GRACE_MS', ms({ default: 25_000, min: 0, max: 600_000, meaning: 'on SIGTERM, how long running calls may finish' })],
    settleWindowMs: ['SHUTDOWN_SETTLE_WINDOW_MS', ms({ default: 30_000, min: 0, max: 600_000, meaning: 'then how long settlements under way are waited for' })],
  },
  housekeepingIntervalMs: [
    'HOUSEKEEPING_INTERVAL_MS',
    ms({ default: 600_000, min: 0, max: 600_000, meaning: "how often the store's expired rows are deleted (0: never)" }),
  ],
  calls: {
    perCaller: ['CALLS_PER_CALLER', int({ default: 8, min: 1, max: 1_000, meaning: 'calls of one caller served at once' })],
    inFlight: ['CALLS_IN_FLIGHT', int({ default: 512, min: 1, max: 100_000, meaning: 'calls served at once, all callers' })],
    maxWaiting: ['CALLS_MAX_WAITING', int({ default: 1_024, min: 0, max: 100_000, meaning: 'calls that may wait, all callers' })],
    unpaidPacing: {
      freeAnswers: [
        'UNPAID_ANSWERS_PER_MINUTE',
        int({
          default: DEFAULT_UNPAID_PACING.freeAnswers,
          min: 1,
          max: 1_000_000,
          meaning: 'answers without a result a minute to one caller before each next one waits',
        }),
      ],
      delayMs: [
        'UNPAID_ANSWER_DELAY_MS',
        ms({ default: DEFAULT_UNPAID_PACING.delayMs, min: 0, max: 60_000, meaning: 'how long each next answer without a result waits' }),
      ],
    },
  },
  signingKey: [
    'SERVICE_SIGNING_KEY',
    privateKey('SERVICE_SIGNING_KEY', 'the key the verified-merchant badge is signed with (unset: generated once, kept in the store)'),
  ],
});

/** The variables server/ reads itself, by name. */
export const SERVER_VARIABLES = SERVER_SETTINGS.variables;

/** What the modules of server/ fall back on when given no setting: the defaults of SERVER_VARIABLES. */
export const SERVER_DEFAULTS = defaultsOf(SERVER_VARIABLES);

/** Every environment variable the service reads: docs/configuration.md lists exactly these (test/unit/server/config-docs.test.ts). */
export const CONFIG_VARIABLES: VariableTable = {
  ...SERVER_VARIABLES,
  ...PARSE_POOL_VARIABLES,
  ...RENDER_VARIABLES,
  ...NET_VARIABLES,
  ...JOBS_VARIABLES,
  ...ADS_VARIABLES,
  ...RDAP_VARIABLES,
};

/**
 * loadConfig for a process that starts (npm start, migrate, the ledger report): a setting it cannot
 * use ends it at once with that one line on stderr, before anything is opened.
 */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`configuration: ${error.message}\n`);
    process.exit(1);
  }
}

export function loadConfig(env: Env = process.env): Config {
  return {
    ...SERVER_SETTINGS.read(env),
    parse: loadParsePoolConfig(env),
    render: loadRenderConfig(env),
    net: loadNetConfig(env),
    jobs: loadJobsConfig(env),
    ads: loadAdsConfig(env),
    rdap: loadRdapConfig(env),
  };
}
