import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalOperation, errorCatalog, operations, validatorFor, type OperationInfo, type Schemas } from '../../server/contract.ts';
import { assertCompactValid } from './compact-schemas.ts';

/** The MCP names the specification gives the operations and the skills, written out (not read from the spec) so that a renamed tool fails the tests that list them. */
export const SPEC_TOOLS = [
  'ask_service_advisor',
  'detect_website_tech_stack',
  'get_company_open_jobs',
  'get_company_hiring_intent',
  'get_search_ads_by_domain',
  'get_company_profile',
  'company_footprint_check',
  'find_hot_buyers',
  'batch_lookup',
  'private_blind_lookup',
  'x402_merchant_trust_check',
  'extract_company_contacts',
  'url_to_clean_markdown',
];
export const SPEC_SKILLS = [
  'pre_purchase_merchant_trust_check',
  'checkout_active_promo_code_finder',
  'universal_product_url_to_json',
  'b2b_vendor_stability_evaluator',
  'store_readiness_auditor',
  'conversion_leak_lead_finder',
  'agentic_shelf_schema_comparator',
  'verified_merchant_json_badge',
  'verify_domain_legitimacy_and_security',
];

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

const documentSchemas: Record<string, keyof Schemas> = {
  getCatalog: 'Catalog',
  getErrors: 'ErrorCatalog',
  getX402Terms: 'X402Terms',
  getAgentCard: 'AgentCard',
  getHealth: 'Health',
};

export function operationAt(method: string, path: string): OperationInfo | undefined {
  return operations.find((op) => op.method === method && op.path === path);
}

/** Notes an error code a test produced; test/run.mjs checks that all of them, together, cover the catalog. */
export function recordCode(code: unknown) {
  if (process.env.TEST_CODES_DIR && typeof code === 'string') appendFileSync(join(process.env.TEST_CODES_DIR, `${process.pid}.txt`), `${code}\n`);
}

export function assertValid(schema: keyof Schemas, value: unknown, context = '') {
  const validate = validatorFor(schema);
  assert.ok(validate(value), `${context} does not match ${schema}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
  if (schema === 'Problem') recordCode((value as { code?: unknown }).code);
}

/**
 * Checks an answer against the spec: problems against Problem (code in the catalog), results against
 * their schema. An operation's answer is also checked against the compact schemas agents read (the
 * catalog's, the agent card's and, with the MCP client's validator, the tool list's).
 */
export function assertMatchesSpec(method: string, path: string, result: CallResult) {
  const type = result.headers.get('content-type') ?? '';
  const op = operationAt(method, path);
  const tool = op && (op.kind === 'operation' || op.kind === 'alias') ? canonicalOperation(op) : null;
  if (type.startsWith('application/problem+json')) {
    if (tool) assertCompactValid(tool, result.body, { problem: true, context: `${method} ${path} problem` });
    assertValid('Problem', result.body, `${method} ${path} problem`);
    const entry = errorCatalog.errors.find((error) => error.code === result.body.code);
    assert.ok(entry, `code ${result.body.code} is not in the catalog`);
    assert.equal(result.status, entry.status, `${result.body.code} must be answered with ${entry.status}`);
    assert.equal(result.body.status, result.status);
    return;
  }
  if (!op || result.status !== 200) return;
  const schema = documentSchemas[op.operationId] ?? op.resultSchema;
  if (schema) assertValid(schema, result.body, `${method} ${path}`);
  if (tool) assertCompactValid(tool, result.body, { context: `${method} ${path}` });
}

/** One HTTP call; the answer is checked against the spec before it is returned. */
export async function call(
  base: string,
  path: string,
  {
    method = 'POST',
    body,
    raw,
    headers = {},
    signal,
  }: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<CallResult> {
  const init: RequestInit = { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, signal };
  if (raw !== undefined) init.body = raw;
  else if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(base + path, init);
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('json') && text ? JSON.parse(text) : text;
  const result = { status: response.status, headers: response.headers, body: parsed, text };
  assertMatchesSpec(method, path, result);
  return result;
}
