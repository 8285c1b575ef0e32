import type { JsonObject } from './spec.ts';
import type { OperationInfo } from './operations.ts';
import { deref } from './spec.ts';
import { compactSchemas, leadParagraph, plainSchema, shortNote, topLevelSchema } from './compact.ts';

export interface DocumentOptions {
  base: string;
  mcp: { serverName: string; protocolVersion: string };
  agentCard: { provider: { organization: string; url: string }; mcpBinding: string; httpBinding: string };
}

const toolOperations = (operations: OperationInfo[]) => operations.filter((op) => op.kind === 'operation');

const schemaRef = (name: string | null) => (name ? { $ref: `#/components/schemas/${name}` } : { type: 'object' });

/** How a document with a top-level $defs tells its reader to resolve refs. */
const schemaNote = (base: string) =>
  `JSON Schema 2020-12. A "$ref": "#/$defs/<Name>" points into this document's $defs (load the whole document as the base to resolve it). <Name> is the spec's schema name; ${base}/openapi.json#/components/schemas/<Name> has its full descriptions, abridged here.`;

/**
 * Every offer's request and result schema, sharing one $defs: input:<offer id> and output:<offer id>.
 * An input is always written out in its offer (it is small, and what a caller reads first).
 */
function offerSchemas(doc: JsonObject, operations: OperationInfo[]) {
  const roots: Record<string, JsonObject> = {};
  for (const op of toolOperations(operations)) {
    roots[`input:${op.offerId}`] = op.requestSchema ? doc.components.schemas[op.requestSchema] : { type: 'object' };
    roots[`output:${op.offerId}`] = schemaRef(op.resultSchema);
  }
  return compactSchemas(doc, roots, { abridge: shortNote });
}

const usd = (micro: number) =>
  `$${(micro / 1_000_000)
    .toFixed(micro % 1000 === 0 ? 3 : 6)
    .replace(/0+$/, '')
    .replace(/\.$/, '')}`;

function priceLine(op: OperationInfo): string {
  if (op.priceMicroUsd === 0) return 'Free; never uses the free calls.';
  const tier = op.bundlePriceMicroUsd ? ` (${usd(op.bundlePriceMicroUsd)} bundle tier)` : '';
  return `Price ${usd(op.priceMicroUsd)}${tier}, ${op.pricing}. Only ok is charged; 5 free ok calls per IP per UTC day.`;
}

export function buildErrorCatalog(doc: JsonObject) {
  return {
    format: 'RFC 9457 application/problem+json',
    errors: (doc['x-error-catalog'] as any[]).map(({ code, hint, retryable, status, title }) => ({ code, hint, retryable, status, title })),
  };
}

export function buildCatalog(doc: JsonObject, operations: OperationInfo[], { base }: DocumentOptions) {
  const service = doc['x-service'];
  const schemas = offerSchemas(doc, operations);
  return {
    name: service.name,
    version: doc.info.version,
    status: service.status,
    network: service.network,
    asset: service.asset,
    freeCallsPerIdentityPerUtcDay: service.freeCallsPerIdentityPerUtcDay,
    freeCallsSharedAcrossTools: service.freeCallsSharedAcrossTools,
    priceMicroUsd: service.defaultPriceMicroUsd,
    description: doc.info.summary,
    upstream: service.upstream,
    apifyRequired: false,
    mcp: `${base}/mcp`,
    errors: `${base}/errors`,
    schemaRefs: schemaNote(base),
    offers: toolOperations(operations).map((op) => ({
      id: op.offerId,
      method: op.method,
      path: op.path,
      mcpTool: op.mcpTool,
      priceMicroUsd: op.priceMicroUsd,
      pricing: op.pricing,
      description: `${op.summary}. ${leadParagraph(op.description, `${base}/openapi.json, ${op.method.toUpperCase()} ${op.path}`)}`,
      request: op.examples[0]?.body ?? {},
      inputSchema: schemas.roots[`input:${op.offerId}`],
      outputSchema: schemas.roots[`output:${op.offerId}`],
      url: `${base}${op.path}`,
      tags: op.tags,
      ...(operations.some((alias) => alias.aliasOf === op.operationId)
        ? { deprecatedAliases: operations.filter((alias) => alias.aliasOf === op.operationId).map((alias) => alias.path) }
        : {}),
    })),
    url: `${base}/v1/catalog`,
    $defs: schemas.$defs,
  };
}

export function buildAgentCard(doc: JsonObject, operations: OperationInfo[], { base, mcp, agentCard }: DocumentOptions) {
  const service = doc['x-service'];
  const schemas = offerSchemas(doc, operations);
  const skills = toolOperations(operations)
    .slice()
    .sort((a, b) => (a.skillId === '00_ask_service_advisor' ? -1 : b.skillId === '00_ask_service_advisor' ? 1 : 0))
    .map((op) => ({
      id: op.skillId,
      name: op.skillName ?? op.summary,
      description: `${op.summary}. ${priceLine(op)}`,
      tags: op.tags,
      examples: op.examples.map((example) => `${example.summary} ${JSON.stringify(example.body)}`),
      inputModes: ['application/json'],
      outputModes: ['application/json'],
      inputSchema: schemas.roots[`input:${op.offerId}`],
      outputSchema: schemas.roots[`output:${op.offerId}`],
      priceMicroUsd: op.priceMicroUsd,
      mcpTool: op.mcpTool,
      url: `${base}${op.path}`,
    }));
  return {
    name: service.displayName,
    description: doc.info.summary,
    version: doc.info.version,
    provider: { organization: agentCard.provider.organization, url: agentCard.provider.url.replace('{base_url}', base) },
    documentationUrl: `${base}/llms.txt`,
    supportedInterfaces: [
      { url: `${base}/mcp`, protocolBinding: agentCard.mcpBinding, protocolVersion: mcp.protocolVersion },
      { url: `${base}/openapi.json`, protocolBinding: agentCard.httpBinding, protocolVersion: doc.openapi },
    ],
    interfaces: { http: `${base}/openapi.json`, mcp: `${base}/mcp` },
    capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills,
    payment: {
      protocol: 'x402',
      version: 2,
      network: service.network,
      asset: service.asset,
      priceUsdPerSuccessfulResult: service.defaultPriceMicroUsd / 1_000_000,
      freeCallsPerDay: service.freeCallsPerIdentityPerUtcDay,
    },
    schemaRefs: schemaNote(base),
    $defs: schemas.$defs,
  };
}

/**
 * Component schemas an MCP tool's schemas name by title instead of expanding: every structure with
 * fields of its own and every long enum, other than the tool's request, result and the two error
 * answers. A tool's schemas must stand alone, so expanding them would repeat them in every tool.
 */
function namedInTools(doc: JsonObject, keep: (string | null)[]) {
  return function byTitle(name: string) {
    if (keep.includes(name)) return false;
    const text = JSON.stringify(doc.components.schemas[name]);
    return text.includes('"properties"') || (doc.components.schemas[name].enum?.length ?? 0) > 12;
  };
}

/**
 * The two error answers as an MCP outputSchema admits them: by title, with their required members
 * (which keep a result that misses its own fields from passing as one). Their full schemas, the
 * same for every tool, are in /openapi.json and the error codes in /errors.
 */
function errorAnswer(doc: JsonObject, name: 'PaymentRequired' | 'Problem'): JsonObject {
  return { title: name, required: doc.components.schemas[name].required };
}

/** A member of an anyOf under `type: object`: its own `type: object` says nothing more. */
function underObject({ type, ...member }: JsonObject): JsonObject {
  return type === 'object' ? member : { type, ...member };
}

/** A property's examples that its description already quotes say nothing more (Domain: "e.g. example.com"). */
function withoutQuotedExamples(properties: Record<string, JsonObject>) {
  for (const property of Object.values(properties)) {
    const { examples, description } = property;
    if (Array.isArray(examples) && typeof description === 'string' && examples.every((example) => typeof example === 'string' && description.includes(example)))
      delete property.examples;
  }
}

/**
 * An operation's input as plain JSON Schema (compact.ts plainSchema), every field described. What a
 * plain schema cannot say (a field required with another, a shorter list for one tool ...) the
 * request schema's description says, and the server enforces with the full schema.
 */
export function plainInput(doc: JsonObject, op: OperationInfo): JsonObject {
  if (!op.requestSchema) return { type: 'object', properties: {} };
  const full = doc.components.schemas[op.requestSchema];
  const { schema, dropped } = plainSchema(deref(doc, full));
  const undescribed = Object.entries<JsonObject>(schema.properties ?? {})
    .filter(([, property]) => !property.description)
    .map(([name]) => name);
  if (undescribed.length) throw new Error(`${op.requestSchema}: every input field needs a description (${undescribed.join(', ')})`);
  withoutQuotedExamples(schema.properties ?? {});
  if (dropped.length) {
    if (typeof full.description !== 'string')
      throw new Error(`${op.requestSchema}: the plain input drops ${dropped.join(', ')}; its description must say those rules`);
    schema.description = full.description.replace(/\s+/g, ' ').trim();
  } else delete schema.description;
  return schema;
}

/**
 * An operation's result as a tool list or a 402 carries it (compact.ts topLevelSchema): its fields
 * with their types; inner structures by type and spec title. The full schema is in /openapi.json.
 */
export function topLevelResult(doc: JsonObject, op: OperationInfo): JsonObject {
  const output = compactSchemas(doc, { output: schemaRef(op.resultSchema) }, { abridge: () => '', byTitle: namedInTools(doc, [op.resultSchema]) });
  return topLevelSchema(output.roots.output, output.$defs);
}

export function buildMcpTools(doc: JsonObject, operations: OperationInfo[]) {
  const refused = [errorAnswer(doc, 'PaymentRequired'), errorAnswer(doc, 'Problem')];
  return toolOperations(operations).map((op) => ({
    name: op.mcpTool,
    title: op.skillName ?? op.summary,
    description: `${op.summary}. ${leadParagraph(op.description, `the service's /openapi.json, ${op.method.toUpperCase()} ${op.path}`)} ${priceLine(op)}`,
    inputSchema: plainInput(doc, op),
    // The SDK client checks structuredContent against outputSchema even on isError results, so the
    // schema also admits the x402 PaymentRequired terms and the problem object of a refused call.
    outputSchema: { type: 'object', anyOf: [underObject(topLevelResult(doc, op)), ...refused] },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: op.priceMicroUsd > 0 },
    _meta: { 'service/operation': op.offerId, 'service/price-micro-usd': op.priceMicroUsd },
  }));
}

export function buildX402Terms(doc: JsonObject, operations: OperationInfo[], { base }: DocumentOptions) {
  const service = doc['x-service'];
  return {
    x402Version: 2,
    scheme: 'exact',
    network: service.network,
    asset: service.asset,
    assetAddress: service.assetAddress,
    assetDecimals: service.assetDecimals,
    eip712Domain: service.eip712Domain,
    payTo: null,
    enabled: false,
    maxTimeoutSeconds: service.paymentTimeoutSeconds,
    maxAmountPerCallMicroUsd: service.maxChargeMicroUsd,
    freeCallsPerIdentityPerUtcDay: service.freeCallsPerIdentityPerUtcDay,
    headers: { required: 'PAYMENT-REQUIRED', signature: 'PAYMENT-SIGNATURE', response: 'PAYMENT-RESPONSE', paymentUnused: 'X-Payment-Unused' },
    paymentUnusedReasons: ['free_call', 'replay'],
    payer:
      "The wallet whose signature the payment carries, proven before anything of that wallet's is read: a 65-byte signature by recovering its signer, a longer one (ERC-1271, ERC-6492) by the facilitator's verify. A payment that does not prove authorization.from is 402 invalid_payment, free. A payer that bought the same input today gets that answer again, its new authorization unsettled (X-Payment-Unused: replay).",
    mcp: { paymentMetaKey: 'x402/payment', responseMetaKey: 'x402/payment-response', paymentUnusedMetaKey: 'x402/payment-unused' },
    discovery: {
      extensions: ['bazaar'],
      how: "Every 402 (the PAYMENT-REQUIRED header, and an MCP tool's payment-required result) carries extensions.bazaar, the x402 Bazaar discovery extension: the input with an example, an output example and their schemas. A client that pays echoes it in its payment; a facilitator that catalogs (the x402 Bazaar) lists the operation when it verifies or settles that payment.",
    },
    resources: toolOperations(operations)
      .filter((op) => op.priceMicroUsd > 0)
      .map((op) => ({
        url: `${base}${op.path}`,
        method: op.method,
        operation: op.offerId,
        mcpTool: op.mcpTool,
        priceMicroUsd: op.priceMicroUsd,
        amount: String(op.priceMicroUsd),
        pricing: op.pricing,
      })),
  };
}

export function buildLlmsTxt(doc: JsonObject, operations: OperationInfo[], { base }: DocumentOptions): string {
  const service = doc['x-service'];
  const lines = [
    `# ${service.displayName}`,
    '',
    `> ${doc.info.summary}`,
    '',
    `Version ${doc.info.version}. No account and no API key. Each source IP gets ${service.freeCallsPerIdentityPerUtcDay} free successful calls per UTC day, shared by all data tools over HTTP and MCP. After that each successful result is paid in USDC over x402 version 2 (scheme exact, EIP-3009, network ${service.network}): a 402 answer carries the terms in the PAYMENT-REQUIRED header; repeat the call with PAYMENT-SIGNATURE. A result whose status is not ok is free. No call costs more than $1.`,
    '',
    '## Documents',
    `- Catalog: ${base}/v1/catalog`,
    `- OpenAPI 3.1: ${base}/openapi.json`,
    `- Errors: ${base}/errors`,
    `- Payment terms: ${base}/.well-known/x402.json`,
    `- Agent card: ${base}/.well-known/agent-card.json`,
    `- MCP (streamable HTTP, stateless): ${base}/mcp`,
    '',
    '## Operations',
    'All operations are POST with Content-Type: application/json. Unknown body fields are rejected.',
    '',
  ];
  for (const op of toolOperations(operations)) {
    lines.push(`### ${op.offerId} (MCP tool ${op.mcpTool})`);
    lines.push(`POST ${base}${op.path}`);
    lines.push(`${op.summary}. ${op.description}`);
    lines.push(priceLine(op));
    for (const example of op.examples) lines.push(`Example: ${JSON.stringify(example.body)}`);
    lines.push('');
  }
  lines.push('## Errors', 'Errors are RFC 9457 application/problem+json bodies with code and hint.', '');
  for (const error of doc['x-error-catalog']) lines.push(`- ${error.code} (${error.status}${error.retryable ? ', retryable' : ''}): ${error.hint}`);
  lines.push('', '## Guarantees', ...service.guarantees.map((g: string) => `- ${g}`), '');
  // The spec's info.x-service-rules: the detail the /docs introduction links to.
  const rules = doc.info['x-service-rules'];
  if (typeof rules === 'string') lines.push('## Service rules', '', rules.trim(), '');
  return lines.join('\n');
}
