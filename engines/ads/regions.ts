/**
 * The 16 regions of the search-ads filter and the registry's geo ids for them (2000 + the
 * ISO 3166-1 numeric code).
 */
export const REGION_GEO_IDS = {
  US: 2840,
  GB: 2826,
  CA: 2124,
  AU: 2036,
  DE: 2276,
  FR: 2250,
  ES: 2724,
  IT: 2380,
  NL: 2528,
  IL: 2376,
  IN: 2356,
  BR: 2076,
  MX: 2484,
  JP: 2392,
  SG: 2702,
  AE: 2784,
} as const;

export type Region = keyof typeof REGION_GEO_IDS;

export const REGIONS = Object.keys(REGION_GEO_IDS) as Region[];

/** The viewer geo sent when no region filter is: the registry answers `{}` without one. */
export const DEFAULT_VIEWER_GEO = REGION_GEO_IDS.US;

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && Object.hasOwn(REGION_GEO_IDS, value);
}
