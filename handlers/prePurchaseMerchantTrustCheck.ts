import { runTrustCheck, type TrustCheckRequest, type TrustCheckResult } from './merchant-trust.ts';
import type { Handler, HandlerRegistry } from './types.ts';

/** POST /v1/skills/pre_purchase_merchant_trust_check (MCP pre_purchase_merchant_trust_check). */
export function createPrePurchaseMerchantTrustCheck(registry: () => HandlerRegistry): Handler<TrustCheckRequest, TrustCheckResult> {
  return async function prePurchaseMerchantTrustCheck(input, context) {
    return (await runTrustCheck(registry, input, context)).result;
  };
}
