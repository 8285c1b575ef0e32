/**
 * The generated contract, loaded once: operations, validators, error catalog and documents.
 * Everything here comes from generated/ (npm run gen), never from hand-kept copies.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { validators } from '../generated/validators.js';
import type { components } from '../generated/types.ts';
import type { OperationId, OperationInfo, SchemaName } from '../generated/contract.ts';

const require = createRequire(import.meta.url);

export type Schemas = components['schemas'];
export type ErrorCode = Schemas['ErrorCode'];
export type Problem = Schemas['Problem'];
export type {
  HandledOperationId,
  IdentityField,
  IdentityKind,
  InputOf,
  OperationId,
  OperationInfo,
  OperationTypes,
  OutputOf,
  SchemaName,
  Service,
  TieredOperationId,
  TwoStepOperationId,
} from '../generated/contract.ts';
export { listCeilings, requestDefaults, service } from '../generated/contract.ts';

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

export const documents = {
  catalog: require('../generated/catalog.json'),
  agentCard: require('../generated/agent-card.json'),
  mcpTools: require('../generated/mcp-tools.json') as any[],
  x402: require('../generated/x402.json'),
  /** Per paid operation (offer id), its x402 Bazaar discovery extension over HTTP and over MCP (codegen/discovery.ts). */
  discovery: require('../generated/bazaar.json') as Record<string, { http: Record<string, unknown>; mcp: Record<string, unknown> | null }>,
};

export function validatorFor(schema: SchemaName): ValidateFunction {
  return (validators as Record<string, ValidateFunction>)[schema];
}

const byId = new Map<string, OperationInfo>(operations.map((op) => [op.operationId, op]));
const byTool = new Map(operations.filter((op) => op.mcpTool).map((op) => [op.mcpTool!, op]));
const errorsByCode = new Map(errorCatalog.errors.map((entry) => [entry.code, entry]));

export const operationById = (id: OperationId | (string & {})) => byId.get(id);
export const operationByTool = (tool: string) => byTool.get(tool);
/** The operation whose handler serves this one (an alias's target, or itself). */
export const canonicalOperation = (op: OperationInfo) => (op.aliasOf ? byId.get(op.aliasOf)! : op);
export const errorEntry = (code: ErrorCode) => {
  const entry = errorsByCode.get(code);
  if (!entry) throw new Error(`unknown error code ${code}`);
  return entry;
};
