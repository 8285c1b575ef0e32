/**
 * The typed contract (generated/contract.ts): the one declaration of what the service knows of each
 * operation (OperationInfo, IdentityField), the spec's identity kinds and operation ids as types,
 * what each handler is given and answers, the x-service facts, and the request defaults and list
 * ceilings the code reads. The data of each operation stays in operations.json; this module types it.
 */
import type { JsonObject } from './spec.ts';
import type { OperationInfo } from '../generated/contract.ts';

const literal = (value: unknown) => JSON.stringify(value, null, 2);
const union = (values: string[]) => (values.length ? values.map((value) => JSON.stringify(value)).join(' | ') : 'never');
const keyOf = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The declarations every generated contract starts with: written once, here. */
const DECLARATIONS = `
type Schemas = components['schemas'];
export type SchemaName = keyof Schemas;

/** One field of a request schema marked x-identity: what counts as the same value of it (server/pipeline/identity.ts). */
export interface IdentityField {
  /** Path into the body ('*' = each array item). */
  path: string[];
  kind: IdentityKind;
  /** x-identity-by: the kind chosen by a sibling field's value (private-query's target by its tool); \`kind\` otherwise. */
  by?: { field: string; kinds: Record<string, IdentityKind> };
}

export interface OperationExample {
  summary: string;
  body: Record<string, unknown>;
}

/** The service's own view of one spec operation: what the pipeline needs to route, meter and dispatch it. */
export interface OperationInfo {
  operationId: OperationId;
  kind: 'operation' | 'alias' | 'document' | 'mcp';
  method: 'GET' | 'POST';
  path: string;
  /** Catalog offer id (the specification's operation name) for operations and aliases. */
  offerId: string | null;
  aliasOf: OperationId | null;
  deprecated: boolean;
  /** When a deprecated alias was deprecated (x-deprecated-at, an ISO 8601 instant): its Deprecation header. */
  deprecatedAt: string | null;
  summary: string;
  description: string;
  priceMicroUsd: number;
  /** The call's total deadline (x-deadline-seconds), for operations that reach the web; null for the others. */
  deadlineMs: number | null;
  bundlePriceMicroUsd: number | null;
  pricing: string | null;
  twoStep: boolean;
  commerceSkill: boolean;
  mcpTool: string | null;
  skillId: string | null;
  skillName: string | null;
  tags: string[];
  examples: OperationExample[];
  requestSchema: SchemaName | null;
  resultSchema: SchemaName | null;
  headerParams: string[];
  /** The input fields marked x-identity, with their kinds. */
  identity: IdentityField[];
  /** The result's list sent in pages by the request's limit and offset (server/pipeline/page.ts); null: none. */
  pagedList: string | null;
}

/**
 * A request as its handler gets it (server/pipeline/validate.ts): validated and canonical, its
 * top-level defaults filled, its display fields (limit, offset) taken out.
 */
export type HandlerInput<Request, Defaulted extends PropertyKey, Display extends PropertyKey> = Request extends unknown
  ? Omit<Request, Defaulted | Display> & { [Field in Exclude<Defaulted, Display> & keyof Request]-?: Exclude<Request[Field], undefined> }
  : never;

export type InputOf<Id extends HandledOperationId> = OperationTypes[Id]['input'];
export type OutputOf<Id extends HandledOperationId> = OperationTypes[Id]['output'];
`;

/** The top-level defaults of a request schema, as the validate stage fills them. */
function defaultsOf(schema: JsonObject): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries<any>(schema?.properties ?? {})
      .filter(([, property]) => property?.default !== undefined)
      .map(([name, property]) => [name, property.default]),
  );
}

/** The maxItems of each top-level array of a result schema. */
function listCeilingsOf(schema: JsonObject): Record<string, number> {
  return Object.fromEntries(
    Object.entries<any>(schema?.properties ?? {})
      .filter(([, property]) => typeof property?.maxItems === 'number')
      .map(([name, property]) => [name, property.maxItems]),
  );
}

/** requestSchemas: the dereferenced request schemas (request-schemas.json), the ones the validators compile. */
export function buildContract(doc: JsonObject, operations: OperationInfo[], requestSchemas: JsonObject): string {
  const kinds = Object.keys(doc['x-identity-kinds']);
  const handled = operations.filter((op) => op.kind === 'operation');
  const requestDefaults = Object.fromEntries(
    Object.keys(requestSchemas)
      .sort()
      .map((name) => [name, defaultsOf(requestSchemas[name])])
      .filter(([, defaults]) => Object.keys(defaults as object).length),
  );
  const resultSchemas = [...new Set(handled.map((op) => op.resultSchema).filter((name): name is NonNullable<typeof name> => !!name))].sort();
  const listCeilings = Object.fromEntries(
    resultSchemas.map((name) => [name, listCeilingsOf(doc.components.schemas[name])]).filter(([, ceilings]) => Object.keys(ceilings as object).length),
  );
  const operationTypes = handled.map((op) => {
    const defaulted = Object.keys(requestDefaults[op.requestSchema ?? ''] ?? {});
    const display = op.identity.filter((field) => field.kind === 'display').map((field) => field.path[0]);
    const schema = `Schemas[${JSON.stringify(op.requestSchema)}]`;
    const input = !op.requestSchema
      ? 'Record<string, never>'
      : defaulted.length || display.length
        ? `HandlerInput<${schema}, ${union(defaulted)}, ${union(display)}>`
        : schema;
    const output = op.resultSchema ? `Schemas[${JSON.stringify(op.resultSchema)}]` : 'unknown';
    return `  ${keyOf(op.operationId)}: { input: ${input}; output: ${output} };`;
  });
  return [
    '// Generated by codegen/contract.ts from spec/openapi.yaml. Do not edit.',
    "import type { components } from './types.ts';",
    '',
    '/** The kinds the spec lists in x-identity-kinds; each has one canonicalizer (server/pipeline/identity.ts). */',
    `export type IdentityKind = ${union(kinds)};`,
    `export const identityKinds: readonly IdentityKind[] = ${JSON.stringify(kinds)};`,
    '',
    '/** Every operationId of the spec. */',
    `export type OperationId = ${union(operations.map((op) => op.operationId))};`,
    "/** The operations a handler serves (an alias is served by its target's). */",
    `export type HandledOperationId = ${union(handled.map((op) => op.operationId))};`,
    '/** The two-step operations (x-two-step): step 1 offers a quote, step 2 pays it. */',
    `export type TwoStepOperationId = ${union(handled.filter((op) => op.twoStep).map((op) => op.operationId))};`,
    '/** The operations with a bundle tier beside the single one (x-price-bundle-micro-usd). */',
    `export type TieredOperationId = ${union(handled.filter((op) => op.bundlePriceMicroUsd !== null).map((op) => op.operationId))};`,
    DECLARATIONS,
    '/** What each handler is given and what it answers (its result, before the pipeline cuts a page of it). */',
    'export interface OperationTypes {',
    ...operationTypes,
    '}',
    '',
    "/** The spec's x-service: the facts of the whole service (network, asset, free calls, limits, lifetimes). */",
    `export const service = ${literal(doc['x-service'])} as const;`,
    'export type Service = typeof service;',
    '',
    '/** The top-level defaults of each request schema (filled before the handler runs), by schema. */',
    `export const requestDefaults = ${literal(requestDefaults)} as const;`,
    '',
    "/** The maxItems of each result's top-level lists, by result schema. */",
    `export const listCeilings = ${literal(listCeilings)} as const;`,
    '',
  ].join('\n');
}
