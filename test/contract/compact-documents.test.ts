import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../support/contract.ts';
import { documents, openapiDocument, operations } from '../../server/contract.ts';
import { MEASURE_BASE_URL, SERVED_LIMIT_BYTES, TOOL_LIST_LIMIT_BYTES, servedBody, servedBytes } from '../../codegen/document-size.ts';
import Ajv2020 from 'ajv/dist/2020.js';
import { assertValid } from '../support/contract.ts';
import { startedService } from '../support/lifecycle.ts';

/**
 * What the seed (the binding service contract) lists for each operation's result: its price, its
 * status values (null: not listed), the fields always present and the other fields. Nested: fields
 * of inner objects ('a[]' for the items of array a), checked where the full structure is written
 * (the catalog and the agent card; the MCP tool list names inner structures by title).
 */
interface SeedResult {
  price: number;
  statuses: string[] | null;
  required: string[];
  fields: string[];
  enums?: Record<string, string[]>;
  nested?: Record<string, string[]>;
}
const NEXT_STEP = ['tool', 'mcp_tool', 'url', 'body', 'price_usd', 'why'];
const JOBS = ['ok', 'no_open_jobs', 'unreachable', 'not_found'];
const PROFILE: Omit<SeedResult, 'price'> = {
  statuses: ['ok', 'insufficient_data'],
  required: ['domain', 'status', 'sections_status', 'checked_at'],
  fields: ['footprint', 'sections_with_data', 'signals', 'tech_stack', 'hiring_intent', 'search_ads', 'note'],
  nested: { footprint: ['website_ad_or_analytics_tags', 'job_board_with_open_roles', 'search_ads'] },
};
const QUOTE: Omit<SeedResult, 'price'> = {
  statuses: ['quote', 'nothing_billable', 'ok'],
  required: ['status'],
  fields: ['quote_id', 'expires_at', 'billable_count', 'price_micro_usd', 'price_usd', 'cold', 'statuses', 'results', 'next', 'more_hot'],
};
const SKILL = { statuses: ['ok', 'no_data', 'unreachable'], required: ['domain', 'status'] };
const TRUST = ['safe_to_buy', 'trust_score', 'risk_level', 'signals', 'recommendation', 'latency_ms', 'error_reason', 'limitations'];
const TRUST_NESTED = {
  signals: ['domain_age_days', 'has_active_employees', 'open_jobs_count', 'legitimate_tech_stack', 'active_ad_campaigns', 'onchain_reputation_score'],
};
const PRODUCT = [
  'url',
  'title',
  'brand',
  'price',
  'currency',
  'in_stock',
  'variants',
  'aggregate_rating',
  'review_count',
  'shipping_summary',
  'return_policy',
  'agentic_checkout_supported',
  'checkout_hints',
  'structured_fields',
  'extraction_source',
  'limitations',
];
const SEED: Record<string, SeedResult> = {
  advisor: {
    price: 0,
    statuses: null,
    required: [
      'recommended_tool',
      'why',
      'alternatives',
      'efficiency_analysis',
      'cost_estimate_usd',
      'free_quota',
      'recommended_execution_sequence',
      'cached_hint',
      'guarantees',
    ],
    fields: ['tools'],
    nested: {
      efficiency_analysis: ['company_profile', 'separately', 'comparison', 'note'],
      free_quota: ['remaining', 'limit', 'resets_at', 'message', 'note'],
      'recommended_execution_sequence[]': ['tool', 'mcp_tool', 'url', 'body', 'next_tool_call_payload', 'required_input', 'phase', 'note'],
    },
  },
  'tech-stack': {
    price: 5000,
    statuses: ['ok', 'no_signals', 'blocked', 'unreachable', 'not_found'],
    required: [
      'domain',
      'status',
      'final_url',
      'title',
      'cms',
      'ecommerce',
      'email_provider',
      'dmarc_policy',
      'note',
      'technology_count',
      'checked_at',
      'added',
      'removed',
      'is_first_run',
      'has_pixel_a',
      'has_ads_tag',
      'has_analytics_tag_a',
      'has_tag_manager',
      'has_pixel_b',
      'has_pixel_c',
      'ad_pixels',
      'analytics',
      'marketing_tools',
      'hosting_cdn',
      'frameworks',
      'payments',
      'spf_senders',
      'verified_services',
    ],
    fields: ['next_steps'],
    nested: { 'next_steps[]': NEXT_STEP },
  },
  'ats-jobs': {
    price: 10000,
    statuses: JOBS,
    required: ['domain', 'status', 'jobs', 'checked_at'],
    fields: [
      'ats_type',
      'board_slug',
      'confidence',
      'board_match',
      'total_active_jobs',
      'remote_jobs',
      'jobs_with_salary',
      'jobs_by_department',
      'top_locations',
      'top_technologies',
      'diff',
      'jobs_returned',
      'jobs_truncated',
      'note',
      'next_poll_after',
      'next_steps',
    ],
  },
  'company-intent': {
    price: 10000,
    statuses: JOBS,
    required: ['domain', 'status', 'checked_at'],
    fields: [
      'ats_type',
      'confidence',
      'intent_score',
      'hiring_status',
      'total_open_roles',
      'remote_roles',
      'roles_posted_last_30_days',
      'roles_with_known_post_date',
      'function_breakdown',
      'department_breakdown',
      'top_locations',
      'top_demanded_technologies',
      'buying_signals',
      'notable_open_roles',
      'jobs_truncated',
      'note',
      'next_steps',
    ],
    enums: { hiring_status: ['hypergrowth', 'active_hiring', 'steady'] },
    nested: { buying_signals: ['cloud_infra', 'data_ai', 'databases', 'observability', 'sales_tools'] },
  },
  'search-ads': {
    price: 10000,
    statuses: ['ok', 'no_ads'],
    required: ['domain', 'status', 'checked_at'],
    fields: [
      'region',
      'advertisers',
      'total_ads_estimate',
      'ads_returned',
      'ads_shown_last_30_days_in_sample',
      'formats_in_sample',
      'earliest_first_shown_in_sample',
      'latest_last_shown_in_sample',
      'ads',
      'note',
      'next_steps',
    ],
    nested: {
      'advertisers[]': ['advertiser_id', 'name', 'ads_in_sample'],
      total_ads_estimate: ['low', 'high'],
      'ads[]': ['creative_id', 'advertiser_id', 'advertiser_name', 'format', 'first_shown', 'last_shown', 'preview_url', 'transparency_url'],
    },
  },
  'company-profile': { price: 30000, ...PROFILE },
  'company-footprint': { price: 30000, ...PROFILE },
  'hot-buyers': { price: 250000, ...QUOTE },
  batch: { price: 10000, ...QUOTE },
  'private-query': { price: 20000, statuses: null, required: ['domain', 'status'], fields: ['privacy_guarantee', 'result'] },
  'verify-merchant': {
    price: 2000,
    statuses: null,
    required: ['domain', 'status'],
    fields: ['safe_to_pay', 'trust_score', 'latency_ms', 'valid_x402_config', 'prompt_injection_risk', 'matched_flags', 'recommendation'],
    enums: { prompt_injection_risk: ['LOW', 'MEDIUM', 'CRITICAL'] },
  },
  'extract-contacts': {
    price: 10000,
    statuses: null,
    required: ['domain', 'status'],
    fields: ['emails', 'social_links', 'email_deliverable', 'mx', 'spf', 'dmarc', 'inferred_email_pattern'],
  },
  'clean-markdown': {
    price: 2000,
    statuses: null,
    required: ['domain', 'status'],
    fields: ['title', 'meta_description', 'markdown', 'token_count_estimate', 'truncated'],
  },
  pre_purchase_merchant_trust_check: {
    price: 5000,
    ...SKILL,
    fields: TRUST,
    enums: { risk_level: ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] },
    nested: TRUST_NESTED,
  },
  checkout_active_promo_code_finder: {
    price: 10000,
    ...SKILL,
    fields: ['promos_found', 'active_codes', 'best_offer_summary', 'sources_checked', 'limitations'],
    nested: { 'active_codes[]': ['code', 'discount_description', 'source', 'promo_landing_url', 'confidence', 'checkout_verified'] },
  },
  universal_product_url_to_json: {
    price: 2000,
    ...SKILL,
    fields: PRODUCT,
    nested: {
      agentic_checkout_supported: ['protocol_a', 'wallet_a', 'wallet_b', 'wallet_c'],
      checkout_hints: ['wallet_a', 'wallet_b', 'wallet_c'],
      structured_fields: ['product_json_ld', 'offers', 'price', 'availability', 'shippingDetails', 'hasMerchantReturnPolicy', 'aggregateRating'],
    },
  },
  b2b_vendor_stability_evaluator: {
    price: 100000,
    statuses: SKILL.statuses,
    required: ['status'],
    fields: [
      'vendor_domain',
      'vendor_health_score',
      'stability_status',
      'hiring_velocity',
      'engineering_and_support_headcount_trend',
      'tech_stack_summary',
      'seo_visibility_trend',
      'verified_contacts_available',
      'limitations',
    ],
    enums: { stability_status: ['GROWING', 'STABLE', 'CONTRACTING', 'HIGH_RISK', 'UNKNOWN'] },
  },
  store_readiness_auditor: {
    price: 10000,
    ...SKILL,
    fields: ['readiness_score', 'fixes', 'discovery', 'sample_product_url', 'product', 'bot_access', 'payment_hints', 'limitations'],
    nested: { 'fixes[]': ['priority', 'check', 'action'], payment_hints: ['wallet_a', 'wallet_b', 'wallet_c'] },
  },
  conversion_leak_lead_finder: {
    price: 50000,
    ...SKILL,
    fields: ['candidate', 'readiness', 'public_contacts', 'active_ad_spend_verified', 'seo_traffic_verified', 'decision_maker_verified', 'limitations'],
  },
  agentic_shelf_schema_comparator: {
    price: 20000,
    ...SKILL,
    fields: ['stores', 'comparison', 'limitations'],
    nested: { 'comparison[]': ['domain', 'readiness_score', 'structured_fields'] },
  },
  verified_merchant_json_badge: { price: 5000, ...SKILL, fields: [...TRUST, 'signed_statement', 'organization', 'verification_key'], nested: TRUST_NESTED },
  verify_domain_legitimacy_and_security: {
    price: 30000,
    ...SKILL,
    fields: [...PROFILE.fields, 'sections_status', 'checked_at', 'limitations'],
    nested: PROFILE.nested,
  },
};

/** Follows a local "$ref" (a JSON pointer into root). */
function deref(schema: any, root: any): any {
  while (schema?.$ref) {
    assert.ok(schema.$ref.startsWith('#/'), `a local ref: ${schema.$ref}`);
    schema = schema.$ref
      .slice(2)
      .split('/')
      .reduce((node: any, key: string) => node?.[key], root);
    assert.ok(schema, 'the ref resolves');
  }
  return schema;
}

/** The properties and required names of an object schema: through refs, allOf and nullable oneOf/anyOf. */
function shape(schema: any, root: any): { properties: Record<string, any>; required: Set<string> } {
  const node = deref(schema, root);
  const properties: Record<string, any> = { ...(node.properties ?? {}) };
  const required = new Set<string>(node.required ?? []);
  for (const part of node.allOf ?? []) {
    const inner = shape(part, root);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  for (const alternative of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    const inner = deref(alternative, root);
    if (inner.properties || inner.allOf) Object.assign(properties, shape(inner, root).properties);
  }
  return { properties, required };
}

/** Checks the seed's fields, statuses and enums in a result schema. */
function assertSeedResult(where: string, id: string, schema: any, root: any, { nested }: { nested: boolean }) {
  const seed = SEED[id];
  const { properties, required } = shape(schema, root);
  for (const name of seed.required) assert.ok(required.has(name), `${where} ${id}: ${name} is required`);
  for (const name of [...seed.required, ...seed.fields]) assert.ok(name in properties, `${where} ${id}: field ${name}`);
  const enums = { ...(seed.statuses ? { status: seed.statuses } : {}), ...seed.enums };
  for (const [name, values] of Object.entries(enums)) {
    const field = deref(properties[name], root);
    const listed = field.enum ?? (field.const !== undefined ? [field.const] : undefined);
    assert.deepEqual([...(listed ?? [])].filter((value) => value !== null).sort(), [...values].sort(), `${where} ${id}: values of ${name}`);
  }
  if (!nested) return;
  for (const [path, names] of Object.entries(seed.nested ?? {})) {
    const field = path.endsWith('[]') ? deref(properties[path.slice(0, -2)], root).items : properties[path];
    const inner = shape(field, root).properties;
    for (const name of names) assert.ok(name in inner, `${where} ${id}: ${path}.${name}`);
  }
}

/** Every "$ref" under node, with the pointer where it sits. */
function refsIn(node: any, at = ''): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, index) => refsIn(item, `${at}/${index}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' ? [[at, value as string] as [string, string]] : refsIn(value, `${at}/${key}`)));
}

const tools = operations.filter((op) => op.kind === 'operation');

describe('compact documents: the catalog, the agent card and the MCP tool list', () => {
  const base = 'https://api.example.test';
  const setup = startedService({ config: { publicBaseUrl: base } });

  it(`are each at most ${SERVED_LIMIT_BYTES} bytes as served, the size npm run gen prints`, async () => {
    const catalog = await call(setup.url, '/v1/catalog', { method: 'GET' });
    const card = await call(setup.url, '/.well-known/agent-card.json', { method: 'GET' });
    const list = await fetch(`${setup.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const listed = await list.text();
    assert.deepEqual(JSON.parse(listed), JSON.parse(servedBody('mcpTools', documents.mcpTools, base)));
    const served = { catalog: catalog.text, agentCard: card.text, mcpTools: listed };
    for (const [name, text] of Object.entries(served) as [keyof typeof served, string][]) {
      assert.equal(Buffer.byteLength(text), servedBytes(name, documents[name], base), `${name}: served as measured`);
      assert.ok(Buffer.byteLength(text) <= SERVED_LIMIT_BYTES, `${name}: ${Buffer.byteLength(text)} bytes`);
      assert.ok(servedBytes(name, documents[name], MEASURE_BASE_URL) <= SERVED_LIMIT_BYTES, `${name} with the longer base URL of the figures`);
    }
  });

  it('say in the catalog and the agent card how to resolve their refs, and every ref resolves into the top-level $defs', async () => {
    for (const path of ['/v1/catalog', '/.well-known/agent-card.json']) {
      const { body } = await call(setup.url, path, { method: 'GET' });
      assert.match(body.schemaRefs, /#\/\$defs\/<Name>/);
      assert.ok(body.schemaRefs.includes(`${base}/openapi.json#/components/schemas/<Name>`), 'names where the full descriptions are');
      const refs = refsIn(body);
      assert.ok(refs.length > 0);
      for (const [at, ref] of refs) {
        assert.match(ref, /^#\/\$defs\/[A-Za-z0-9_]+/, `${path} ${at}`);
        assert.ok(deref({ $ref: ref }, body), `${path} ${at}: ${ref}`);
        assert.ok(openapiDocument.components.schemas[ref.split('/')[2]], `${ref} keeps the spec's schema name`);
      }
      // Written once: each shared definition is used more than once (or pointed into).
      for (const name of Object.keys(body.$defs)) {
        const uses = refs.filter(([, ref]) => ref === `#/$defs/${name}`).length;
        const into = refs.some(([, ref]) => ref.startsWith(`#/$defs/${name}/`));
        assert.ok(uses > 1 || into, `$defs/${name} is shared`);
      }
      assert.ok(!JSON.stringify(body).includes('"x-'), 'no spec extensions');
    }
  });

  it('give every MCP tool self-contained schemas: refs only into its own $defs, titles naming spec schemas', () => {
    /** The titles the spec gives inner schemas (the client SDKs' model names). */
    const SPEC_TITLES = new Set<string>();
    (function collect(node: any) {
      if (node === null || typeof node !== 'object') return;
      if (typeof node.title === 'string' && !Array.isArray(node)) SPEC_TITLES.add(node.title);
      Object.values(node).forEach(collect);
    })(openapiDocument.components.schemas);
    for (const tool of documents.mcpTools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        assert.equal(schema.type, 'object', tool.name);
        for (const [at, ref] of refsIn(schema)) {
          assert.match(ref, /^#\/\$defs\//, `${tool.name} ${at}`);
          assert.ok(deref({ $ref: ref }, schema), `${tool.name} ${at}: ${ref}`);
        }
      }
      const titles: string[] = [];
      (function collect(node: any) {
        if (Array.isArray(node)) return node.forEach(collect);
        if (node === null || typeof node !== 'object') return;
        if (typeof node.title === 'string') titles.push(node.title);
        Object.entries(node).forEach(([key, value]) => key !== 'properties' && collect(value));
        if (node.properties) Object.values(node.properties).forEach(collect);
      })(tool.outputSchema);
      for (const title of titles)
        assert.ok(
          openapiDocument.components.schemas[title] || SPEC_TITLES.has(title),
          `${tool.name}: title ${title} is a spec schema or a title the spec gives a schema`,
        );
    }
  });

  it('keep every price, status, field and enum the seed lists, machine-readable, in all three', () => {
    assert.deepEqual(Object.keys(SEED).sort(), tools.map((op) => op.offerId!).sort(), 'the seed table covers every operation');
    const { catalog, agentCard, mcpTools } = documents;
    for (const op of tools) {
      const id = op.offerId!;
      const offer = catalog.offers.find((candidate: any) => candidate.id === id);
      const skill = agentCard.skills.find((candidate: any) => candidate.mcpTool === op.mcpTool);
      const tool = mcpTools.find((candidate) => candidate.name === op.mcpTool);
      assert.equal(offer.priceMicroUsd, SEED[id].price, `catalog price of ${id}`);
      assert.equal(skill.priceMicroUsd, SEED[id].price, `agent card price of ${id}`);
      assert.equal(tool._meta['service/price-micro-usd'], SEED[id].price, `tool list price of ${id}`);
      assertSeedResult('catalog', id, offer.outputSchema, catalog, { nested: true });
      assertSeedResult('agent card', id, skill.outputSchema, agentCard, { nested: true });
      assert.ok(deref(tool.outputSchema.anyOf[0], tool.outputSchema), `${tool.name}: the result is the first answer`);
      assertSeedResult('tool list', id, tool.outputSchema.anyOf[0], tool.outputSchema, { nested: false });
      // The input: every field of the spec's request schema, closed, in all three.
      const request = shape({ $ref: `#/components/schemas/${op.requestSchema}` }, openapiDocument);
      for (const [where, schema, root] of [
        ['catalog', offer.inputSchema, catalog],
        ['agent card', skill.inputSchema, agentCard],
        ['tool list', tool.inputSchema, tool.inputSchema],
      ] as const) {
        const input = shape(schema, root);
        assert.deepEqual(Object.keys(input.properties).sort(), Object.keys(request.properties).sort(), `${where} ${id}: input fields`);
        assert.deepEqual([...input.required].sort(), [...request.required].sort(), `${where} ${id}: required input`);
      }
    }
  });

  it(`list MCP tools in at most ${TOOL_LIST_LIMIT_BYTES} bytes, with plain input schemas: a described field each, no composition`, async () => {
    assert.ok(
      servedBytes('mcpTools', documents.mcpTools, MEASURE_BASE_URL) <= TOOL_LIST_LIMIT_BYTES,
      `tools/list ${servedBytes('mcpTools', documents.mcpTools, MEASURE_BASE_URL)} bytes`,
    );
    const PLAIN = new Set([
      'type',
      'properties',
      'required',
      'items',
      'enum',
      'anyOf',
      'description',
      'default',
      'examples',
      'additionalProperties',
      'minimum',
      'maximum',
      'minLength',
      'maxLength',
      'minItems',
      'maxItems',
      'pattern',
      'format',
    ]);
    for (const tool of documents.mcpTools) {
      const input = tool.inputSchema;
      assert.equal(input.type, 'object', tool.name);
      (function walk(node: any, at: string) {
        for (const [key, value] of Object.entries<any>(node)) {
          assert.ok(PLAIN.has(key), `${tool.name} ${at}: ${key} is not plain JSON Schema`);
          if (key === 'properties') for (const [name, member] of Object.entries<any>(value)) walk(member, `${at}/${name}`);
          else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) walk(value, `${at}/${key}`);
          else if (key === 'anyOf') value.forEach((member: any, index: number) => walk(member, `${at}/anyOf/${index}`));
        }
      })(input, '');
      for (const [name, property] of Object.entries<any>(input.properties))
        assert.ok(property.description?.length > 10, `${tool.name}.${name} has a description`);
    }
  });

  it('say in the input description what a plain schema cannot, and the server still refuses it with its code', async () => {
    const domains = Array.from({ length: 34 }, (_, index) => `d${index}.example`);
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['get_company_open_jobs', { domain: 'example.com', diff_only: true }, 'diff_only_needs_known_job_ids', /diff_only true needs known_job_ids/],
      ['batch_lookup', { tool: 'company-profile', domains }, 'invalid_input', /at most 33 for company-profile/],
      ['batch_lookup', { tool: 'tech-stack', domains: ['a.example'], quote_id: 'q_1' }, 'invalid_input', /step 2 sends quote_id alone/],
      ['find_hot_buyers', { min_intent_score: 50 }, 'quote_required', /step 2 sends quote_id/],
    ];
    for (const [name, args, code, said] of cases) {
      const tool = documents.mcpTools.find((candidate) => candidate.name === name)!;
      assert.match(tool.inputSchema.description, said, `${name}: the description says the rule`);
      const plain = new (Ajv2020 as any).default({ strict: false }).compile(tool.inputSchema);
      assert.ok(plain(args), `${name}: the plain schema admits ${JSON.stringify(args).slice(0, 80)}`);
      const answer = await fetch(`${setup.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
      });
      const { result } = await answer.json();
      assert.equal(result.isError, true, name);
      assertValid('Problem', result.structuredContent);
      assert.equal(result.structuredContent.code, code, `${name} ${JSON.stringify(args).slice(0, 80)}`);
    }
  });

  it('admit the error answers in every tool output schema: x402 PaymentRequired and the problem', () => {
    for (const tool of documents.mcpTools) {
      const answers = tool.outputSchema.anyOf.slice(1).map((answer: any) => [answer.title, answer.required]);
      assert.deepEqual(answers, [
        ['PaymentRequired', openapiDocument.components.schemas.PaymentRequired.required],
        ['Problem', openapiDocument.components.schemas.Problem.required],
      ]);
    }
  });
});
