/**
 * universal_product_url_to_json (spec: ProductJsonResult): one product page through the safe
 * fetcher, its product evidence (extract.ts) at the top level. ok when the page carries product
 * structured data (JSON-LD, microdata or Open Graph product tags); no_data when it was read
 * without any (only a title, or nothing, or not HTML); unreachable when it did not answer or
 * answered an HTTP error. The page is read in the parse pool (deps.analyze) within the parse
 * limits; a page that cannot be read within them is no_data, with a limitation saying so. Pure
 * over the injected fetch and analyze.
 */
import type { components } from '../../generated/types.ts';
import type { SafeFetch } from '../net/types.ts';
import { pageFailureKind } from '../net/types.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import { hasProductData, type ProductEvidence } from './extract.ts';

export type ProductJsonResult = components['schemas']['ProductJsonResult'];

export interface ProductDeps {
  fetch: SafeFetch;
  /** Reads the page off the main thread (the parse pool). */
  analyze: Analyze;
  signal?: AbortSignal;
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

export async function collectProduct(
  productUrl: string,
  { fetch, analyze, signal }: ProductDeps,
  { timeoutMs = 10_000, maxBytes = 3_000_000 }: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<ProductJsonResult> {
  const domain = hostOf(productUrl);
  let response;
  try {
    response = await fetch(productUrl, { signal, timeoutMs, maxBodyBytes: maxBytes, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' });
  } catch (error) {
    const kind = pageFailureKind(error);
    const reason = kind === 'dns_not_found' ? `${domain} does not exist in DNS (no address)` : `${productUrl} could not be reached (${kind})`;
    return {
      domain,
      status: 'unreachable',
      error_reason: reason,
      url: productUrl,
      limitations: ['The page could not be read, so no product fact is known. Nothing was charged.'],
    };
  }
  if (response.status >= 400) {
    return {
      domain,
      status: 'unreachable',
      error_reason: `${response.url} answered HTTP ${response.status}`,
      url: response.url,
      limitations: ['The page answered with an HTTP error, so no product fact is known. Nothing was charged.'],
    };
  }
  const contentType = response.headers['content-type'] ?? '';
  const html = contentType === '' || /html|xml/i.test(contentType);
  let evidence: ProductEvidence;
  try {
    evidence = await analyze('product', { page: html ? response.content : null, url: response.url }, { signal });
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    return {
      domain,
      status: 'no_data',
      error_reason: `${response.url} cannot be read within the parse limits (${error.message})`,
      url: response.url,
      limitations: ['The page could not be analysed within the parse limits (elements, nesting, time), so no product fact is known. Nothing was charged.'],
    };
  }
  const { limitations, ...facts } = evidence;
  if (!html) limitations.unshift(`The page is not HTML (${contentType.split(';')[0]}): no product data can be read from it.`);
  if (response.truncated) limitations.push(`The page is larger than ${maxBytes} bytes: only its beginning was read.`);
  return { domain, status: html && hasProductData(evidence) ? 'ok' : 'no_data', ...facts, limitations };
}
