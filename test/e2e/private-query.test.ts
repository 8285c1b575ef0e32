/**
 * private-query end to end: the world's sites, the local chain, and a remote facilitator that keeps
 * every request it receives. The target must appear nowhere in the payment terms or in anything
 * the facilitator is sent; the bundle tier is required before any work; empty results settle nothing.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import type { Payer } from '../world/chain.ts';
import { startFacilitatorServer, type FacilitatorServer } from '../world/facilitator.ts';
import { installTechSites, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { assertValid, call } from '../support/contract.ts';
import { chainFacilitator, payerClient } from '../support/paid-service.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('203.0.113.', 201);
const SECRET = TECH_DOMAINS.ok;
/** Any trace of the target: the name, its first label, its URL forms. */
const TRACES = [SECRET, SECRET.split('.')[0], encodeURIComponent(`https://${SECRET}`)];

function assertNoTrace(text: string, where: string) {
  for (const trace of TRACES) assert.ok(!text.toLowerCase().includes(trace.toLowerCase()), `${where} names the target (${trace})`);
}

describe('private-query: the target stays out of payment metadata', { timeout: 240_000 }, () => {
  let facilitatorServer: FacilitatorServer;
  const setup = worldService({
    world: { chain: true },
    install: installTechSites,
    service: async (world) => {
      facilitatorServer = await startFacilitatorServer({ facilitator: chainFacilitator(world.chain!) });
      return { config: { payTo: world.chain!.payTo, facilitatorUrl: facilitatorServer.url } };
    },
  });
  after(() => facilitatorServer?.stop());

  async function useFreeCalls(who: Record<string, string>) {
    for (let i = 0; i < 5; i++) {
      // a repeated input is a replay and uses nothing (for tech_stack every URL on the domain is the
      // domain): five pages, each its own input of clean_markdown
      const free = await call(setup.url, '/v1/private-query', { body: { tool: 'clean_markdown', target: `https://${SECRET}/?visit=${i}` }, headers: who });
      assert.equal(free.body.status, 'ok');
    }
  }

  it('pays the single tier with the official client; terms and facilitator traffic carry no trace of the target', async () => {
    const who = caller();
    await useFreeCalls(who);
    const body = { tool: 'tech_stack', target: `https://${SECRET}/pricing` };
    const challenge = await call(setup.url, '/v1/private-query', { body, headers: who });
    assert.equal(challenge.status, 402);
    const header = challenge.headers.get('payment-required')!;
    assertNoTrace(Buffer.from(header, 'base64').toString('utf8'), 'PAYMENT-REQUIRED');
    assertNoTrace(JSON.stringify(challenge.body), 'the 402 body');
    const terms = decodePaymentRequiredHeader(header) as PaymentRequired;
    assert.equal(terms.accepts[0].amount, '20000');
    assert.match(terms.resource.url, /\/v1\/private-query$/);

    const chain = setup.world.chain!;
    const payer = await chain.newPayer(1_000_000n);
    const payload = await payerClient(payer).createPaymentPayload(terms);
    const before = await chain.balanceOf(chain.payTo);
    const seen = facilitatorServer.received.length;
    const paid = await call(setup.url, '/v1/private-query', { body, headers: { ...who, 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) } });
    assert.equal(paid.status, 200);
    assertValid('PrivateQueryResult', paid.body);
    assert.equal(paid.body.status, 'ok');
    assert.equal(paid.body.domain, SECRET);
    assert.equal(paid.body.tier, 'single');
    assert.equal(paid.body.result.status, 'ok');
    assertValid('TechStackResult', paid.body.result);
    assert.match(paid.body.privacy_guarantee, /facilitator/);
    assert.equal(decodePaymentResponseHeader(paid.headers.get('payment-response')!).success, true);
    assert.equal(await chain.balanceOf(chain.payTo), before + 20000n);

    const sent = facilitatorServer.received.slice(seen);
    assert.deepEqual(
      sent.map((request) => request.path),
      ['/verify', '/settle'],
    );
    for (const request of sent) {
      assertNoTrace(request.body, `facilitator ${request.path} body`);
      assertNoTrace(JSON.stringify(request.headers), `facilitator ${request.path} headers`);
    }
    // the check can fail: the payment itself travels in those requests
    assert.ok(sent[0].body.includes(payer.address.slice(2).toLowerCase()) || sent[0].body.includes(payer.address));
  });

  it('company_profile with the single tier is refused before any work or payment request', async () => {
    const who = caller();
    await useFreeCalls(who);
    const before = setup.world.sites.requests.length;
    const refused = await call(setup.url, '/v1/private-query', { body: { tool: 'company_profile', target: SECRET }, headers: who });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'invalid_input');
    assert.equal(refused.body.errors[0].pointer, '/tool');
    assert.equal(setup.world.sites.requests.length, before);
    const bundle = await call(setup.url, '/v1/private-query', {
      body: { tool: 'company_profile', target: SECRET },
      headers: { ...who, 'X-Private-Query-Tier': 'bundle' },
    });
    assert.equal(bundle.status, 402);
    assert.equal(decodePaymentRequiredHeader(bundle.headers.get('payment-required')!).accepts[0].amount, '40000');
  });

  it('an empty result (no signals) is answered for free and not settled, even with a payment attached', async () => {
    const who = caller();
    await useFreeCalls(who);
    const body = { tool: 'tech_stack', target: TECH_DOMAINS.noSignals };
    const terms = decodePaymentRequiredHeader((await call(setup.url, '/v1/private-query', { body, headers: who })).headers.get('payment-required')!);
    const chain = setup.world.chain!;
    const payer = await chain.newPayer(100_000n);
    const payload = await payerClient(payer).createPaymentPayload(terms);
    const seen = facilitatorServer.received.length;
    const answer = await call(setup.url, '/v1/private-query', { body, headers: { ...who, 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) } });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.status, 'no_data');
    assert.equal(answer.body.result.status, 'no_signals');
    assert.equal(answer.headers.get('payment-response'), null);
    assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0');
    assert.deepEqual(
      facilitatorServer.received.slice(seen).map((request) => request.path),
      ['/verify'],
    );
    assert.equal(await chain.balanceOf(payer.address), 100_000n);
  });

  it('an unreachable target is unreachable and free; a refused target is unsafe_or_invalid_target', async () => {
    const who = caller();
    const down = await call(setup.url, '/v1/private-query', { body: { tool: 'tech_stack', target: TECH_DOMAINS.unreachable }, headers: who });
    assert.equal(down.body.status, 'unreachable');
    assert.equal(down.headers.get('x-usage-free-remaining'), '5');
    const refused = await call(setup.url, '/v1/private-query', { body: { tool: 'clean_markdown', target: 'http://127.0.0.1:8080/admin' }, headers: who });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'unsafe_or_invalid_target');
  });

  it('over MCP the tier comes from _meta and the terms name only the tool', async () => {
    const who = caller();
    await useFreeCalls(who);
    await withMcp(setup.url, who, async (client) => {
      const challenge = await client.callTool({
        name: 'private_blind_lookup',
        arguments: { tool: 'due_diligence', target: SECRET },
        _meta: { 'service/private-tier': 'bundle' },
      });
      assert.equal(challenge.isError, true);
      const terms = challenge.structuredContent as unknown as PaymentRequired;
      assertValid('PaymentRequired', terms);
      assert.equal(terms.accepts[0].amount, '40000');
      assert.equal(terms.resource.url, 'mcp://tool/private_blind_lookup');
      assertNoTrace(JSON.stringify(terms), 'MCP payment terms');
      const single = await client.callTool({ name: 'private_blind_lookup', arguments: { tool: 'due_diligence', target: SECRET } });
      assert.equal((single.structuredContent as any).code, 'invalid_input');
    });
  });
});
