import { findPromos } from '../engines/promo/collect.ts';
import type { OperationHandler } from './types.ts';

/** POST /v1/skills/checkout_active_promo_code_finder (MCP checkout_active_promo_code_finder): ok, and charged, only with at least one code. */
export const checkoutActivePromoCodeFinder: OperationHandler<'checkoutActivePromoCodeFinder'> = async (
  { domain, product_category },
  { services, now, signal },
) => findPromos(domain, { fetch: services.net.fetch, analyze: services.analyze, now, signal }, { productCategory: product_category });
