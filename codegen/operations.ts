import { deref, resolvePointer, schemaRefName, type JsonObject } from './spec.ts';
import { identityFields, identityKinds } from './identity.ts';
import type { IdentityField, OperationInfo, SchemaName } from '../generated/contract.ts';

export type { OperationInfo };

/**
 * The list a result sends in pages: its schema's x-paged-list, an array property beside a page
 * property, and only for a request whose display fields are exactly limit and offset (and back).
 */
function pagedListOf(doc: JsonObject, operationId: string, resultSchema: string | null, identity: IdentityField[]): string | null {
  const display = identity
    .filter((field) => field.kind === 'display')
    .map((field) => field.path.join('/'))
    .sort();
  const result = resultSchema ? doc.components.schemas[resultSchema] : null;
  const list: string | undefined = result?.['x-paged-list'];
  if (!display.length && !list) return null;
  if (display.join(',') !== 'limit,offset')
    throw new Error(`${operationId}: a paged result needs exactly the display fields limit and offset in its request (has ${display.join(', ') || 'none'})`);
  if (!list) throw new Error(`${operationId}: its request takes limit and offset, so ${resultSchema} needs x-paged-list`);
  if (result.properties?.[list]?.type !== 'array' || !result.properties?.page)
    throw new Error(`${resultSchema}: x-paged-list ${list} must name an array property, beside a page property`);
  return list;
}

function requestSchemaName(doc: JsonObject, requestBody: any): SchemaName | null {
  if (!requestBody) return null;
  const body = requestBody.$ref ? resolvePointer(doc, requestBody.$ref) : requestBody;
  return schemaRefName(body.content?.['application/json']?.schema?.$ref) as SchemaName | null;
}

function resultSchemaName(doc: JsonObject, responses: any): SchemaName | null {
  const ok = responses?.['200'];
  if (!ok) return null;
  const response = ok.$ref ? resolvePointer(doc, ok.$ref) : ok;
  return schemaRefName(response.content?.['application/json']?.schema?.$ref) as SchemaName | null;
}

/** x-deprecated-at: an ISO 8601 instant (the Deprecation header states it, RFC 9745). */
function deprecatedAtOf(op: any): string | null {
  const at = op['x-deprecated-at'];
  if (at === undefined) return null;
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at)))
    throw new Error(`${op.operationId}: x-deprecated-at ${JSON.stringify(at)} is not an ISO 8601 instant`);
  return at;
}

function headerParamNames(doc: JsonObject, parameters: any[] = []): string[] {
  return parameters
    .map((param) => (param.$ref ? resolvePointer(doc, param.$ref) : param))
    .filter((param) => param.in === 'header')
    .map((param) => param.name);
}

export function buildOperations(doc: JsonObject): OperationInfo[] {
  const kinds = identityKinds(doc);
  const operations: OperationInfo[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post'] as const) {
      const op = item[method];
      if (!op) continue;
      const requestSchema = requestSchemaName(doc, op.requestBody);
      const dereferenced = requestSchema ? deref(doc, doc.components.schemas[requestSchema]) : null;
      const identity = dereferenced ? identityFields(dereferenced, kinds, requestSchema!) : [];
      const resultSchema = resultSchemaName(doc, op.responses);
      const kind: OperationInfo['kind'] = op['x-alias-of'] ? 'alias' : op['x-offer-id'] ? 'operation' : path === '/mcp' ? 'mcp' : 'document';
      operations.push({
        operationId: op.operationId,
        kind,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        offerId: op['x-offer-id'] ?? null,
        aliasOf: op['x-alias-of'] ?? null,
        deprecated: op.deprecated === true,
        deprecatedAt: deprecatedAtOf(op),
        summary: op.summary ?? '',
        description: (op.description ?? op.summary ?? '').trim(),
        priceMicroUsd: op['x-price-micro-usd'] ?? 0,
        deadlineMs: typeof op['x-deadline-seconds'] === 'number' ? op['x-deadline-seconds'] * 1000 : null,
        bundlePriceMicroUsd: op['x-price-bundle-micro-usd'] ?? null,
        pricing: op['x-pricing'] ?? null,
        twoStep: op['x-two-step'] === true,
        commerceSkill: op['x-commerce-skill'] === true,
        mcpTool: op['x-mcp-tool'] ?? null,
        skillId: op['x-skill-id'] ?? op['x-mcp-tool'] ?? null,
        skillName: op['x-skill-name'] ?? null,
        tags: op['x-tags'] ?? [],
        examples: op['x-examples'] ?? [],
        requestSchema,
        resultSchema,
        headerParams: headerParamNames(doc, op.parameters),
        identity,
        pagedList: pagedListOf(doc, op.operationId, resultSchema, identity),
      });
    }
  }
  // An alias behaves exactly like its target: it inherits the target's metadata but keeps its own id and path.
  const byId = new Map<string, OperationInfo>(operations.map((op) => [op.operationId, op]));
  return operations.map((op) => {
    if (op.kind !== 'alias') return op;
    const target = byId.get(op.aliasOf!);
    if (!target) throw new Error(`${op.operationId}: x-alias-of ${op.aliasOf} is not an operation`);
    if (op.deprecatedAt === null) throw new Error(`${op.operationId}: an alias is deprecated, so it needs x-deprecated-at`);
    return {
      ...target,
      operationId: op.operationId,
      kind: 'alias',
      path: op.path,
      aliasOf: target.operationId,
      deprecated: true,
      deprecatedAt: op.deprecatedAt,
      summary: op.summary,
      mcpTool: null,
      skillId: null,
    };
  });
}
