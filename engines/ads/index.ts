export { searchAds, type SearchAdsDeps, type SearchAdsOptions } from './search.ts';
export { AdsRegistryFailure, isAdsRegistryFailure, type AdsFailureReason } from './failure.ts';
export { loadAdsConfig, DEFAULT_ADS_CONFIG, type AdsConfig } from './config.ts';
export { CookieJar } from './cookies.ts';
export { createLookupCaches, type LookupCaches } from './lookups.ts';
export { REGIONS, REGION_GEO_IDS, isRegion, type Region } from './regions.ts';
export type { SearchAdsResult, TotalAdsEstimate } from './summary.ts';
export type { AdItem } from './mapping.ts';
export type { AdFormat, AdsFilters } from './rpc.ts';
