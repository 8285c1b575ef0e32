/**
 * The advisor's view of the GENERATED catalog: offer ids, prices, MCP tool names, paths, tags,
 * summaries, examples and the request limits the advisor plans with. Nothing here is a second
 * hand-kept price list: every price and limit is read from the generated operations, request
 * schemas and service facts (server/contract.ts over generated/), which the advisor's caller hands
 * in (handlers/advisor.ts), or derived from them as written.
 */

/** What the advisor reads of one generated operation (server/contract.ts OperationInfo). */
export interface ContractOperation {
  operationId: string;
  kind: string;
  path: string;
  offerId: string | null;
  mcpTool: string | null;
  priceMicroUsd: number;
  bundlePriceMicroUsd: number | null;
  pricing: string | null;
  twoStep: boolean;
  commerceSkill: boolean;
  summary: string;
  tags: string[];
  examples: { summary: string; body: Record<string, unknown> }[];
  requestSchema: string | null;
}

/** The generated contract as the advisor reads it: operations, request schemas by name, and the spec's x-service facts. */
export interface AdvisorContract {
  operations: readonly ContractOperation[];
  requestSchemas: Record<string, any>;
  service: Record<string, any>;
}

export interface Offer {
  id: string;
  operationId: string;
  mcpTool: string;
  path: string;
  priceMicroUsd: number;
  bundlePriceMicroUsd: number | null;
  pricing: string;
  twoStep: boolean;
  commerceSkill: boolean;
  summary: string;
  tags: string[];
  examples: { summary: string; body: Record<string, unknown> }[];
  /** Required top-level fields of the request (step 1 for two-step operations). */
  required: string[];
}

export interface CatalogLimits {
  freeCallsPerDay: number;
  freeScansPerDay: number;
  maxChargeMicroUsd: number;
  quoteLifetimeSeconds: number;
  batch: { maxDomains: number; maxDomainsByTool: Record<string, number>; tools: string[] };
  hotBuyers: { minDomains: number; maxDomains: number; hotPerPaidCall: number; defaultMinIntentScore: number };
  searchAdsRegions: string[];
  privateTools: string[];
}

export interface AdvisorCatalog {
  offers: Offer[];
  offer(id: string): Offer;
  limits: CatalogLimits;
  /** Price of one batch row with data for a tool: the batch price, or the tool's own price when higher (company-profile rows). */
  batchRowPriceMicroUsd(tool: string): number;
  /** The service's own guarantees (x-service guarantees), stated in every answer. */
  guarantees: string[];
}

function requiredOf(op: ContractOperation, requestSchemas: AdvisorContract['requestSchemas']): string[] {
  const schema = op.requestSchema ? requestSchemas[op.requestSchema] : null;
  if (!schema) return [];
  if (op.twoStep) return op.operationId === 'batch' ? ['tool', 'domains'] : ['domains'];
  return [...(schema.required ?? [])];
}

/** maxItems of `domains` in an if/then of the batch schema, by the tool const it applies to. */
function batchToolCaps(schema: any): Record<string, number> {
  const caps: Record<string, number> = {};
  for (const part of schema.allOf ?? []) {
    const tool = part?.if?.properties?.tool?.const;
    const max = part?.then?.properties?.domains?.maxItems;
    if (typeof tool === 'string' && typeof max === 'number') caps[tool] = max;
  }
  return caps;
}

export function loadAdvisorCatalog({ operations, requestSchemas, service }: AdvisorContract): AdvisorCatalog {
  const offers: Offer[] = operations
    .filter((op) => op.kind === 'operation' && op.offerId && op.mcpTool)
    .map((op) => ({
      id: op.offerId!,
      operationId: op.operationId,
      mcpTool: op.mcpTool!,
      path: op.path,
      priceMicroUsd: op.priceMicroUsd,
      bundlePriceMicroUsd: op.bundlePriceMicroUsd,
      pricing: op.pricing ?? '',
      twoStep: op.twoStep,
      commerceSkill: op.commerceSkill,
      summary: op.summary,
      tags: op.tags,
      examples: op.examples,
      required: requiredOf(op, requestSchemas),
    }));
  const byId = new Map(offers.map((offer) => [offer.id, offer]));
  const batchSchema = requestSchemas.BatchRequest;
  const hotSchema = requestSchemas.HotBuyersRequest;
  const maxCharge = service.maxChargeMicroUsd as number;
  const hot = byId.get('hot-buyers')!;
  const batch = byId.get('batch')!;
  const limits: CatalogLimits = {
    freeCallsPerDay: service.freeCallsPerIdentityPerUtcDay,
    freeScansPerDay: service.freeScansPerDay,
    maxChargeMicroUsd: maxCharge,
    quoteLifetimeSeconds: service.quoteLifetimeSeconds,
    batch: { maxDomains: batchSchema.properties.domains.maxItems, maxDomainsByTool: batchToolCaps(batchSchema), tools: batchSchema.properties.tool.enum },
    hotBuyers: {
      minDomains: hotSchema.properties.domains.minItems,
      maxDomains: hotSchema.properties.domains.maxItems,
      // No call costs more than the maximum charge: 4 hot companies at 250000 each.
      hotPerPaidCall: Math.floor(maxCharge / hot.priceMicroUsd),
      defaultMinIntentScore: hotSchema.properties.min_intent_score.default,
    },
    searchAdsRegions: requestSchemas.SearchAdsRequest.properties.region.enum,
    privateTools: requestSchemas.PrivateQueryRequest.properties.tool.enum,
  };
  return {
    offers,
    limits,
    offer(id) {
      const offer = byId.get(id);
      if (!offer) throw new Error(`the catalog has no offer ${id}`);
      return offer;
    },
    batchRowPriceMicroUsd: (tool) => Math.max(batch.priceMicroUsd, byId.get(tool)?.priceMicroUsd ?? 0),
    guarantees: [...(service.guarantees as string[])],
  };
}

export const usd = (microUsd: number) => Math.round(microUsd) / 1_000_000;
