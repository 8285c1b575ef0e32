import { collectProduct } from '../engines/product/index.ts';
import type { OperationHandler } from './types.ts';

/** POST /v1/skills/universal_product_url_to_json (MCP universal_product_url_to_json). */
export const universalProductUrlToJson: OperationHandler<'universalProductUrlToJson'> = async ({ product_url }, { services, signal }) =>
  collectProduct(product_url, { fetch: services.net.fetch, analyze: services.analyze, signal });
