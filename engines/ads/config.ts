import { int, ms, settings, url, type Env } from '../config/env.ts';

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

const ADS_SETTINGS = settings({
  registryUrl: ['ADS_REGISTRY_URL', url({ default: DEFAULT_ADS_CONFIG.registryUrl, meaning: 'the advertising-transparency registry (a mirror)' })],
  timeoutMs: ['ADS_REGISTRY_TIMEOUT_MS', ms({ default: DEFAULT_ADS_CONFIG.timeoutMs, min: 1, max: 60_000, meaning: 'cap on one registry request' })],
  adLookups: ['ADS_REGISTRY_AD_LOOKUPS', int({ default: DEFAULT_ADS_CONFIG.adLookups, min: 0, max: 10, meaning: 'ads whose regions are looked up per call' })],
  advertiserLookups: [
    'ADS_REGISTRY_ADVERTISER_LOOKUPS',
    int({ default: DEFAULT_ADS_CONFIG.advertiserLookups, min: 0, max: 5, meaning: 'advertisers whose verified name and country are looked up per call' }),
  ],
});

export const ADS_VARIABLES = ADS_SETTINGS.variables;

export function loadAdsConfig(env: Env = process.env): AdsConfig {
  return ADS_SETTINGS.read(env);
}
