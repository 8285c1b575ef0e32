import { runTrustCheck } from './merchantTrust.ts';
import type { OperationHandler, HandlerRegistry } from './types.ts';

/** POST /v1/skills/pre_purchase_merchant_trust_check (MCP pre_purchase_merchant_trust_check). */
export function createPrePurchaseMerchantTrustCheck(registry: () => HandlerRegistry): OperationHandler<'prePurchaseMerchantTrustCheck'> {
  return async function prePurchaseMerchantTrustCheck(input, context) {
    return (await runTrustCheck(registry, input, context)).result;
  };
}
