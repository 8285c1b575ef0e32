import { collectProduct, UnsafeProductTarget, type ProductJsonResult } from '../engines/product/index.ts';
import { ServiceError } from '../server/problem.ts';
import type { Handler } from './types.ts';

/** POST /v1/skills/universal_product_url_to_json (MCP universal_product_url_to_json). */
export const universalProductUrlToJson: Handler<{ product_url: string }, ProductJsonResult> = async ({ product_url }, { services, signal }) => {
  try {
    return await collectProduct(product_url, { fetch: services.net.fetch, analyze: services.analyze, signal });
  } catch (error) {
    if (error instanceof UnsafeProductTarget) throw new ServiceError('unsafe_or_invalid_target', { detail: `${product_url.slice(0, 200)} leads to an address the service does not reach (${error.reason}). Nothing was charged.` });
    throw error;
  }
};
