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

export function loadRdapConfig(env: NodeJS.ProcessEnv = process.env): RdapConfig {
  const config: RdapConfig = { ...DEFAULT_RDAP_CONFIG };
  if (env.RDAP_BASE_URL) config.baseUrl = parseBase(env.RDAP_BASE_URL);
  if (env.RDAP_TIMEOUT_MS) {
    const ms = Number(env.RDAP_TIMEOUT_MS);
    if (!Number.isInteger(ms) || ms < 1 || ms > 60_000) throw new Error(`RDAP_TIMEOUT_MS must be an integer from 1 to 60000 (got ${JSON.stringify(env.RDAP_TIMEOUT_MS)})`);
    config.timeoutMs = ms;
  }
  return config;
}

function parseBase(value: string): string {
  const base = value.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`RDAP_BASE_URL must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`RDAP_BASE_URL must be an http(s) URL without credentials, query or fragment (got ${JSON.stringify(value)})`);
  }
  return base;
}
