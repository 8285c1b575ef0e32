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
  /**
   * ADS_REGISTRY_AD_LOOKUPS / ADS_REGISTRY_ADVERTISER_LOOKUPS: ads whose regions, and advertisers
   * whose verified name and country, are looked up per call (one registry request each, answers
   * kept 6 h and 24 h). The registry blocks an address after about 20 calls in a window, so the
   * defaults keep a call at 10 requests at most (home visit, 4 search pages, 3 + 2 lookups).
   */
  adLookups: number;
  advertiserLookups: number;
}

export const DEFAULT_ADS_CONFIG: AdsConfig = {
  registryUrl: 'https://adstransparency.google.com',
  timeoutMs: 8_000,
  adLookups: 3,
  advertiserLookups: 2,
};

export function loadAdsConfig(env: NodeJS.ProcessEnv = process.env): AdsConfig {
  const config: AdsConfig = { ...DEFAULT_ADS_CONFIG };
  if (env.ADS_REGISTRY_URL) config.registryUrl = parseBase(env.ADS_REGISTRY_URL);
  if (env.ADS_REGISTRY_TIMEOUT_MS) {
    const ms = Number(env.ADS_REGISTRY_TIMEOUT_MS);
    if (!Number.isInteger(ms) || ms < 1 || ms > 60_000) throw new Error(`ADS_REGISTRY_TIMEOUT_MS must be an integer from 1 to 60000 (got ${JSON.stringify(env.ADS_REGISTRY_TIMEOUT_MS)})`);
    config.timeoutMs = ms;
  }
  config.adLookups = lookupCount('ADS_REGISTRY_AD_LOOKUPS', env.ADS_REGISTRY_AD_LOOKUPS, config.adLookups, 10);
  config.advertiserLookups = lookupCount('ADS_REGISTRY_ADVERTISER_LOOKUPS', env.ADS_REGISTRY_ADVERTISER_LOOKUPS, config.advertiserLookups, 5);
  return config;
}

function lookupCount(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > max) throw new Error(`${name} must be an integer from 0 to ${max} (got ${JSON.stringify(value)})`);
  return count;
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
