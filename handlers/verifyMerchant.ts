import { scanMerchant } from '../engines/merchant/scan.ts';
import { documents } from '../server/contract.ts';
import type { OperationHandler } from './types.ts';

/** "Comparable prices" (spec, MerchantScanResult): this service's own per-result list prices. */
export const COMPARABLE_MICRO_USD: number[] = (documents.x402.resources as { priceMicroUsd: number; pricing: string }[])
  .filter((resource) => /^per ok result/.test(resource.pricing))
  .map((resource) => resource.priceMicroUsd);

/** POST /v1/verify-merchant (MCP x402_merchant_trust_check). */
export const verifyMerchant: OperationHandler<'verifyMerchant'> = async ({ target_url }, { services, signal }) =>
  scanMerchant(target_url, { fetch: services.net.fetch, analyze: services.analyze, comparableMicroUsd: COMPARABLE_MICRO_USD, signal });
