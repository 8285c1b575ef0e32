import { collectProduct, type ProductJsonResult } from '../engines/product/index.ts';
import type { Handler } from './types.ts';

/** POST /v1/skills/universal_product_url_to_json (MCP universal_product_url_to_json). */
export const universalProductUrlToJson: Handler<{ product_url: string }, ProductJsonResult> = async ({ product_url }, { services, signal }) =>
  collectProduct(product_url, { fetch: services.net.fetch, analyze: services.analyze, signal });
