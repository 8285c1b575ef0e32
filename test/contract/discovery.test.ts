import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader, encodePaymentRequiredHeader } from '@x402/core/http';
import { extractDiscoveryInfo, validateDiscoveryExtension, validateDiscoveryExtensionSpec, type DiscoveryExtension } from '@x402/extensions/bazaar';
import { startService, type TestService } from '../support/service.ts';
import { assertValid, call } from '../support/contract.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import { documents, operations, validatorFor } from '../../server/contract.ts';
import { PAYMENT_REQUIRED_HEADER_BUDGET_BYTES } from '../../codegen/discovery.ts';
import type { Facilitator } from '../../server/payments/facilitator.ts';
import { callers } from '../support/lifecycle.ts';

const PAY_TO = '0x1111111111111111111111111111111111111111';
const unreachableFacilitator: Facilitator = {
  kind: 'remote',
  verify: async () => assert.fail('no payment is verified here'),
  settle: async () => assert.fail('no payment is settled here'),
};
const paid = operations.filter((op) => op.kind === 'operation' && op.priceMicroUsd > 0);
const newCaller = callers('198.51.100.');

/** Both of the package's own checks: the info against the extension's schema, and the protocol's rules. */
function assertDiscovery(extension: unknown, where: string) {
  const checked = validateDiscoveryExtension(extension as DiscoveryExtension);
  assert.ok(checked.valid, `${where}: ${checked.errors?.join('; ')}`);
  const spec = validateDiscoveryExtensionSpec(extension as Record<string, unknown>);
  assert.ok(spec.valid, `${where}: ${spec.errors?.join('; ')}`);
}

/** What a paying client sends back: the official client copies the 402's extensions into its payload. */
const echoed = (terms: any) => ({ x402Version: 2, resource: terms.resource, accepted: terms.accepts[0], payload: {}, extensions: terms.extensions }) as any;

describe('x402 Bazaar discovery in every 402', () => {
  let service: TestService;
  before(async () => {
    const techStack = async (input: any) => ({ ...(minimalResults.get('techStack') as object), domain: input.domain, status: 'ok', technology_count: 1 });
    service = await startService({ handlers: { techStack }, facilitator: unreachableFacilitator, config: { payTo: PAY_TO, trustedProxies: ['127.0.0.1'] } });
  });
  after(() => service.close());

  it('is generated for every paid operation, HTTP and MCP forms valid by @x402/extensions, the example a valid request', () => {
    assert.deepEqual(Object.keys(documents.discovery).sort(), paid.map((op) => op.offerId!).sort());
    for (const op of paid) {
      const { http, mcp } = documents.discovery[op.offerId!] as any;
      assertDiscovery(http, `${op.offerId} http`);
      assert.equal(http.info.input.method, op.method);
      assert.equal(http.info.input.bodyType, 'json');
      assert.ok(validatorFor(op.requestSchema!)(http.info.input.body), `${op.offerId}: the body example is a valid request`);
      assert.ok(http.info.output.example && typeof http.info.output.example === 'object', `${op.offerId}: an output example`);
      assertDiscovery(mcp, `${op.offerId} mcp`);
      assert.equal(mcp.info.input.toolName, op.mcpTool);
      assert.deepEqual(
        Object.keys(mcp.info.input.inputSchema.properties),
        Object.keys(documents.mcpTools.find((tool) => tool.name === op.mcpTool)!.inputSchema.properties),
        `${op.offerId}: the tool's input`,
      );
      // The HTTP form travels in a header: the largest 402 of each operation stays within the budget.
      const terms = {
        x402Version: 2,
        error: 'x'.repeat(200),
        resource: { url: `https://company-intelligence.example.com${op.path}`, description: op.offerId!, mimeType: 'application/json' },
        accepts: [
          {
            scheme: 'exact',
            network: 'eip155:8453',
            amount: '1000000',
            asset: `0x${'a'.repeat(40)}`,
            payTo: PAY_TO,
            maxTimeoutSeconds: 300,
            extra: { name: 'USD Coin', version: '2' },
          },
        ],
        extensions: { bazaar: http },
      };
      const bytes = Buffer.byteLength(encodePaymentRequiredHeader(terms as any));
      assert.ok(bytes <= PAYMENT_REQUIRED_HEADER_BUDGET_BYTES, `${op.offerId}: PAYMENT-REQUIRED ${bytes} bytes`);
    }
  });

  it('rides on the HTTP 402 (header and body), and a facilitator reads the operation from the echoed payment', async () => {
    const who = newCaller();
    for (let i = 0; i < 5; i++) assert.equal((await call(service.url, '/v1/tech-stack', { body: { domain: `b${i}.com` }, headers: who })).status, 200);
    const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'b6.com' }, headers: who });
    assert.equal(answer.status, 402);
    assertValid('PaymentRequired', answer.body);
    const terms = decodePaymentRequiredHeader(answer.headers.get('payment-required')!);
    assert.deepEqual(terms, answer.body);
    assert.deepEqual(terms.extensions?.bazaar, documents.discovery['tech-stack'].http);
    assertDiscovery(terms.extensions!.bazaar, 'served');
    const found = extractDiscoveryInfo(echoed(terms), terms.accepts[0]) as any;
    assert.equal(found.resourceUrl, `${service.url}/v1/tech-stack`);
    assert.equal(found.method, 'POST');
    assert.deepEqual(found.discoveryInfo.input.body, { domain: 'example.com' });
  });

  it('rides on the MCP payment-required result in its MCP form', async () => {
    const who = newCaller();
    const rpc = async (id: number, domain: string) => {
      const answer = await fetch(`${service.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...who },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'detect_website_tech_stack', arguments: { domain } } }),
      });
      return (await answer.json()).result;
    };
    for (let i = 0; i < 5; i++) assert.notEqual((await rpc(i, `m${i}.com`)).isError, true);
    const refused = await rpc(9, 'm9.com');
    assert.equal(refused.isError, true);
    assertValid('PaymentRequired', refused.structuredContent);
    const bazaar = refused.structuredContent.extensions.bazaar;
    assert.deepEqual(bazaar, documents.discovery['tech-stack'].mcp);
    assertDiscovery(bazaar, 'served over MCP');
    const found = extractDiscoveryInfo(echoed(refused.structuredContent), refused.structuredContent.accepts[0]) as any;
    // The resource is mcp://tool/<name>, the x402 MCP convention; a cataloguer keys MCP entries by toolName.
    assert.equal(found.toolName, 'detect_website_tech_stack');
    assert.equal(found.discoveryInfo.input.type, 'mcp');
    assert.deepEqual(found.discoveryInfo.input.example, { domain: 'example.com' });
  });

  it('is announced in /.well-known/x402.json', async () => {
    const terms = await call(service.url, '/.well-known/x402.json', { method: 'GET' });
    assert.deepEqual(terms.body.discovery.extensions, ['bazaar']);
    assert.match(terms.body.discovery.how, /extensions\.bazaar/);
  });
});
