import { ms, settings, url, type Env } from '../config/env.ts';

/**
 * Where RDAP (RFC 9082/9083) is asked for a domain's registration date, from the environment only
 * (like NET_* in engines/net/config.ts): nothing in a request can change it. The default is the
 * public bootstrap redirector rdap.org, which answers with a redirect to the registry's own RDAP
 * server (IANA bootstrap registry, RFC 9224); RDAP_BASE_URL exists for a registry or a mirror and
 * stays unset in production (the offline test world serves rdap.org through its own DNS).
 */
export interface RdapConfig {
  /** RDAP_BASE_URL: the base of `{base}/domain/{name}` (RFC 9082 §3.1.3), without a trailing slash. */
  baseUrl: string;
  /** RDAP_TIMEOUT_MS: cap on one lookup, redirects included (1 to 60000, default 5000). */
  timeoutMs: number;
}

export const DEFAULT_RDAP_CONFIG: RdapConfig = {
  baseUrl: 'https://rdap.org',
  timeoutMs: 5_000,
};

const RDAP_SETTINGS = settings({
  baseUrl: ['RDAP_BASE_URL', url({ default: DEFAULT_RDAP_CONFIG.baseUrl, meaning: 'RDAP base, {base}/domain/{name}' })],
  timeoutMs: ['RDAP_TIMEOUT_MS', ms({ default: DEFAULT_RDAP_CONFIG.timeoutMs, min: 1, max: 60_000, meaning: 'cap on one RDAP lookup, redirects included' })],
});

export const RDAP_VARIABLES = RDAP_SETTINGS.variables;

export function loadRdapConfig(env: Env = process.env): RdapConfig {
  return RDAP_SETTINGS.read(env);
}
