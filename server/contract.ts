/**
 * The generated contract, loaded once: operations, validators, error catalog and documents.
 * Everything here comes from generated/ (npm run gen), never from hand-kept copies.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { validators } from '../generated/validators.js';
import type { components } from '../generated/types.ts';

const require = createRequire(import.meta.url);

export type Schemas = components['schemas'];
export type ErrorCode = Schemas['ErrorCode'];
export type Problem = Schemas['Problem'];

export interface OperationInfo {
  operationId: string;
  kind: 'operation' | 'alias' | 'document' | 'mcp';
  method: 'GET' | 'POST';
  path: string;
  offerId: string | null;
  aliasOf: string | null;
  deprecated: boolean;
  summary: string;
  description: string;
  priceMicroUsd: number;
  /** The call's total deadline (x-deadline-seconds); null for operations that reach no site. */
  deadlineMs: number | null;
  bundlePriceMicroUsd: number | null;
  pricing: string | null;
  twoStep: boolean;
  commerceSkill: boolean;
  mcpTool: string | null;
  skillId: string | null;
  skillName: string | null;
  tags: string[];
  examples: { summary: string; body: Record<string, unknown> }[];
  requestSchema: keyof Schemas | null;
  resultSchema: keyof Schemas | null;
  headerParams: string[];
  /** The priced input fields and what counts as the same value of each (x-identity; server/pipeline/identity.ts). */
  identity: IdentityField[];
  /** The result's list sent in pages by the request's limit and offset (server/pipeline/page.ts); null: none. */
  pagedList: string | null;
}

/** The kinds of x-identity-kinds in the spec; each has one canonicalizer (server/pipeline/identity.ts). */
export type IdentityKind = 'domain' | 'url' | 'host' | 'domain-list' | 'domain-set' | 'text-set' | 'text' | 'exact' | 'display' | 'setting';

export interface IdentityField {
  /** Path into the body ('*' = each array item). */
  path: string[];
  kind: IdentityKind;
  /** x-identity-by: the kind chosen by a sibling field's value (private-query's target by its tool); `kind` otherwise. */
  by?: { field: string; kinds: Record<string, IdentityKind> };
}

export interface ErrorEntry {
  code: ErrorCode;
  status: number;
  title: string;
  hint: string;
  retryable: boolean;
}

export const operations: OperationInfo[] = require('../generated/operations.json');
export const requestSchemas: Record<string, any> = require('../generated/request-schemas.json');
export const errorCatalog: { format: string; errors: ErrorEntry[] } = require('../generated/errors.json');
export const openapiDocument: Record<string, any> = require('../generated/openapi.json');
export const service: Record<string, any> = openapiDocument['x-service'];

export const documents = {
  catalog: require('../generated/catalog.json'),
  agentCard: require('../generated/agent-card.json'),
  mcpTools: require('../generated/mcp-tools.json') as any[],
  x402: require('../generated/x402.json'),
  /** Per paid operation (offer id), its x402 Bazaar discovery extension over HTTP and over MCP (codegen/discovery.ts). */
  discovery: require('../generated/bazaar.json') as Record<string, { http: Record<string, unknown>; mcp: Record<string, unknown> | null }>,
};

export function validatorFor(schema: keyof Schemas): ValidateFunction {
  return (validators as Record<string, ValidateFunction>)[schema];
}

const byId = new Map(operations.map((op) => [op.operationId, op]));
const byTool = new Map(operations.filter((op) => op.mcpTool).map((op) => [op.mcpTool!, op]));
const errorsByCode = new Map(errorCatalog.errors.map((entry) => [entry.code, entry]));

export const operationById = (id: string) => byId.get(id);
export const operationByTool = (tool: string) => byTool.get(tool);
/** The operation whose handler serves this one (an alias's target, or itself). */
export const canonicalOperation = (op: OperationInfo) => (op.aliasOf ? byId.get(op.aliasOf)! : op);
export const errorEntry = (code: ErrorCode) => {
  const entry = errorsByCode.get(code);
  if (!entry) throw new Error(`unknown error code ${code}`);
  return entry;
};
