/**
 * The live price against comparable prices. "Comparable" = the list price of one pay-per-call
 * API result paid in USDC, as this service's own x402 terms list them (given by the caller of
 * the engine, so the reference follows the catalog). Amounts are compared in micro-USD, which is
 * USDC's atomic unit; terms in another asset cannot be compared.
 */
import type { PaymentRequirement } from './terms.ts';

/** USDC contracts by CAIP-2 network (6 decimals everywhere). */
export const USDC_BY_NETWORK: Readonly<Record<string, string>> = {
  'eip155:8453': '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  'eip155:84532': '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  'eip155:1': '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  'eip155:10': '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  'eip155:42161': '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  'eip155:137': '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
};

/** The price multiple over the comparable median above which terms are "far above comparable". */
export const FAR_ABOVE_MULTIPLE = 10;
/** The x402 client SDK's default cap per payment, and this service's own maximum per call. */
export const MAX_REASONABLE_MICRO_USD = 1_000_000;

export interface PriceCheck {
  /** The cheapest requirement in USDC, in micro-USD; null when none is in a known USDC contract. */
  priceMicroUsd: number | null;
  comparableMedianMicroUsd: number;
  flags: string[];
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

export function isUsdc(requirement: Pick<PaymentRequirement, 'network' | 'asset'>): boolean {
  const usdc = USDC_BY_NETWORK[requirement.network];
  return !!usdc && usdc.toLowerCase() === String(requirement.asset).toLowerCase();
}

export function checkPrice(accepts: PaymentRequirement[], comparableMicroUsd: number[], { advertisedMicroUsd = null as number | null } = {}): PriceCheck {
  const comparableMedianMicroUsd = median(comparableMicroUsd);
  const inUsdc = accepts
    .filter(isUsdc)
    .map((accept) => Number(accept.amount))
    .filter(Number.isFinite);
  if (!inUsdc.length) return { priceMicroUsd: null, comparableMedianMicroUsd, flags: accepts.length ? ['price_unknown_asset'] : [] };
  const price = Math.min(...inUsdc);
  const flags: string[] = [];
  if (price > FAR_ABOVE_MULTIPLE * comparableMedianMicroUsd) flags.push('price_far_above_comparable');
  if (price > MAX_REASONABLE_MICRO_USD) flags.push('price_above_1_usd');
  if (advertisedMicroUsd !== null && price > advertisedMicroUsd) flags.push('price_above_advertised');
  return { priceMicroUsd: price, comparableMedianMicroUsd, flags };
}
