import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, SPEC_SKILLS, SPEC_TOOLS } from '../support/contract.ts';
import { errorCatalog, operations, openapiDocument } from '../../server/contract.ts';
import { startedService } from '../support/lifecycle.ts';

const SPEC_PRICES: Record<string, number> = {
  advisor: 0,
  'tech-stack': 5000,
  'ats-jobs': 10000,
  'company-intent': 10000,
  'search-ads': 10000,
  'company-profile': 30000,
  'company-footprint': 30000,
  'hot-buyers': 250000,
  batch: 10000,
  'private-query': 20000,
  'verify-merchant': 2000,
  'extract-contacts': 10000,
  'clean-markdown': 2000,
  pre_purchase_merchant_trust_check: 5000,
  checkout_active_promo_code_finder: 10000,
  universal_product_url_to_json: 2000,
  b2b_vendor_stability_evaluator: 100000,
  store_readiness_auditor: 10000,
  conversion_leak_lead_finder: 50000,
  agentic_shelf_schema_comparator: 20000,
  verified_merchant_json_badge: 5000,
  verify_domain_legitimacy_and_security: 30000,
};

describe('documents', () => {
  const setup = startedService({ config: { publicBaseUrl: 'https://api.example.test' } });

  it('serves the catalog with exactly the specified top-level keys and one offer per operation and skill', async () => {
    const { status, body } = await call(setup.url, '/v1/catalog', { method: 'GET' });
    assert.equal(status, 200);
    assert.deepEqual(
      Object.keys(body).sort(),
      [
        'name',
        'version',
        'status',
        'network',
        'asset',
        'freeCallsPerIdentityPerUtcDay',
        'freeCallsSharedAcrossTools',
        'priceMicroUsd',
        'description',
        'upstream',
        'apifyRequired',
        'mcp',
        'errors',
        'offers',
        'url',
        'schemaRefs',
        '$defs',
      ].sort(),
    );
    assert.equal(body.version, '0.5.0');
    assert.equal(body.status, 'mainnet');
    assert.equal(body.network, 'eip155:8453');
    assert.equal(body.freeCallsPerIdentityPerUtcDay, 5);
    assert.equal(body.priceMicroUsd, 10000);
    assert.equal(body.apifyRequired, false);
    assert.equal(body.mcp, 'https://api.example.test/mcp');
    assert.equal(body.errors, 'https://api.example.test/errors');
    assert.deepEqual(body.offers.map((offer: any) => offer.mcpTool).sort(), [...SPEC_TOOLS, ...SPEC_SKILLS].sort());
    for (const offer of body.offers) {
      assert.equal(offer.priceMicroUsd, SPEC_PRICES[offer.id], `price of ${offer.id}`);
      assert.ok(offer.priceMicroUsd <= 1_000_000);
      assert.equal(offer.url, `https://api.example.test${offer.path}`);
      assert.equal(offer.inputSchema.type, 'object');
      assert.equal(offer.inputSchema.additionalProperties === false || offer.inputSchema.unevaluatedProperties === false, true, `${offer.id} input is closed`);
      assert.ok(!JSON.stringify(offer).includes('{base_url}'));
      assert.ok(!JSON.stringify(offer.inputSchema).includes('"x-'), 'extensions are stripped from public schemas');
    }
  });

  it('serves the error catalog: all 34 codes with hint, retryable and status', async () => {
    const { body } = await call(setup.url, '/errors', { method: 'GET' });
    assert.equal(body.format, 'RFC 9457 application/problem+json');
    assert.equal(body.errors.length, 34);
    assert.deepEqual(
      body.errors.map((error: any) => error.code),
      errorCatalog.errors.map((error) => error.code),
    );
    const byCode = Object.fromEntries(body.errors.map((error: any) => [error.code, error]));
    for (const code of ['advisor_rate_limit', 'not_ok_rate_limit']) assert.equal(byCode[code].status, 429);
    for (const code of ['payment_reused', 'idempotency_conflict', 'request_already_started']) assert.equal(byCode[code].status, 409);
    for (const code of ['invalid_input', 'invalid_json', 'invalid_domain', 'invalid_host']) assert.equal(byCode[code].status, 400);
    for (const code of ['engine_unavailable', 'network_not_enabled']) assert.equal(byCode[code].status, 503);
    assert.equal(byCode.request_already_started.retryable, true);
    assert.equal(byCode.invalid_payment.retryable, false);
  });

  it('serves the agent card with the advisor first, every skill and the payment block', async () => {
    const { body } = await call(setup.url, '/.well-known/agent-card.json', { method: 'GET' });
    assert.equal(body.version, '0.5.0');
    assert.equal(body.skills[0].id, '00_ask_service_advisor');
    assert.equal(body.skills.length, 22);
    for (const skill of SPEC_SKILLS)
      assert.ok(
        body.skills.some((s: any) => s.id === skill),
        skill,
      );
    assert.deepEqual(body.payment, {
      protocol: 'x402',
      version: 2,
      network: 'eip155:8453',
      asset: 'USDC',
      priceUsdPerSuccessfulResult: 0.01,
      freeCallsPerDay: 5,
    });
    assert.equal(body.capabilities.streaming, false);
    assert.deepEqual(body.defaultInputModes, ['application/json']);
    assert.equal(body.interfaces.mcp, 'https://api.example.test/mcp');
    for (const skill of body.skills) assert.ok(skill.examples.length > 0 && skill.tags.length > 0, skill.id);
  });

  it('serves the x402 terms: disabled without payment configuration', async () => {
    const { body } = await call(setup.url, '/.well-known/x402.json', { method: 'GET' });
    assert.equal(body.enabled, false);
    assert.equal(body.payTo, null);
    assert.equal(body.assetAddress, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
    assert.ok(body.resources.every((resource: any) => resource.amount === String(resource.priceMicroUsd) && resource.priceMicroUsd > 0));
    assert.ok(!body.resources.some((resource: any) => resource.operation === 'advisor'));
  });

  it('serves the OpenAPI 3.1.0 description, llms.txt and health', async () => {
    const spec = await call(setup.url, '/openapi.json', { method: 'GET' });
    assert.equal(spec.body.openapi, '3.1.0');
    assert.equal(spec.body.info.version, '0.5.0');
    assert.deepEqual(Object.keys(spec.body.paths).sort(), Object.keys(openapiDocument.paths).sort());
    const llms = await call(setup.url, '/llms.txt', { method: 'GET' });
    assert.match(llms.headers.get('content-type')!, /^text\/plain/);
    for (const op of operations.filter((o) => o.kind === 'operation')) assert.ok(llms.text.includes(`POST https://api.example.test${op.path}`), op.path);
    const health = await call(setup.url, '/healthz', { method: 'GET' });
    assert.deepEqual(health.body, { status: 'ok', version: '0.5.0' });
  });

  it('answers POST on a document with method_not_allowed and an unknown path with not_found', async () => {
    const post = await call(setup.url, '/v1/catalog', { body: {} });
    assert.equal(post.body.code, 'method_not_allowed');
    assert.match(post.headers.get('allow')!, /GET/);
    const missing = await call(setup.url, '/v1/nothing-here', { method: 'GET' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'not_found');
    assert.equal(missing.body.type, 'https://api.example.test/errors#not_found');
  });

  it('lets browser agents read the usage and payment headers (CORS)', async () => {
    const response = await fetch(`${setup.url}/v1/tech-stack`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, payment-signature, idempotency-key',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-headers')!, /PAYMENT-SIGNATURE/);
    const get = await fetch(`${setup.url}/v1/catalog`, { headers: { Origin: 'https://agent.example' } });
    const exposed = get.headers.get('access-control-expose-headers')!;
    for (const header of ['X-Usage-Free-Remaining', 'PAYMENT-REQUIRED', 'PAYMENT-RESPONSE']) assert.ok(exposed.includes(header), header);
  });
});
