/**
 * Where the advertising-transparency registry lives, from the environment only (like NET_* in
 * engines/net/config.ts): nothing in a request can change it. The default is the registry's
 * public host; ADS_REGISTRY_URL exists for a mirror and stays unset in production (the offline
 * test world serves the real host name through its own DNS).
 */
export interface AdsConfig {
  /** ADS_REGISTRY_URL: origin of the creative-search RPC, `{base}/anji/_/rpc/SearchService/SearchCreatives`. */
  registryUrl: string;
  /** ADS_REGISTRY_TIMEOUT_MS: cap on one registry request (1 to 60000, default 8000). */
  timeoutMs: number;
}

export const DEFAULT_ADS_CONFIG: AdsConfig = {
  registryUrl: 'https://adstransparency.google.com',
  timeoutMs: 8_000,
};

export function loadAdsConfig(env: NodeJS.ProcessEnv = process.env): AdsConfig {
  const config: AdsConfig = { ...DEFAULT_ADS_CONFIG };
  if (env.ADS_REGISTRY_URL) config.registryUrl = parseBase(env.ADS_REGISTRY_URL);
  if (env.ADS_REGISTRY_TIMEOUT_MS) {
    const ms = Number(env.ADS_REGISTRY_TIMEOUT_MS);
    if (!Number.isInteger(ms) || ms < 1 || ms > 60_000) throw new Error(`ADS_REGISTRY_TIMEOUT_MS must be an integer from 1 to 60000 (got ${JSON.stringify(env.ADS_REGISTRY_TIMEOUT_MS)})`);
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
    throw new Error(`ADS_REGISTRY_URL must be an http(s) URL (got ${JSON.stringify(value)})`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`ADS_REGISTRY_URL must be an http(s) URL without credentials, query or fragment (got ${JSON.stringify(value)})`);
  }
  return base;
}
