/**
 * verify-merchant end to end against the offline world: x402 merchants honest and not, and
 * three tarpits that must still be answered within the 4-second promise; every result
 * validates; only ok is charged; the same over MCP.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installMerchantSites, MERCHANT_DOMAINS, merchantUrl } from '../world/fixtures/merchant-sites.ts';
import { assertValid, call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('203.0.113.');
/**
 * The operation promises an answer within 4 s (spec: "Scan time within 4 seconds"). This bound is
 * that contract promise plus 0.5 s for the test's own HTTP round trip on a shared 2-core machine;
 * it is not a benchmark.
 */
const PROMISE_BOUND_MS = 4_500;

describe('verify-merchant against the offline world', { timeout: 120_000 }, () => {
  const setup = worldService({ install: installMerchantSites });

  const scan = (domain: string) => call(setup.url, '/v1/verify-merchant', { body: { target_url: merchantUrl(domain) }, headers: caller() });

  it('finds an honest merchant safe to pay, and charges the scan', async () => {
    const { status, body, headers } = await scan(MERCHANT_DOMAINS.honest);
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.domain, MERCHANT_DOMAINS.honest);
    assert.equal(body.valid_x402_config, true);
    assert.equal(body.prompt_injection_risk, 'LOW');
    assert.equal(body.trust_score, 100);
    assert.equal(body.safe_to_pay, true);
    assert.deepEqual(body.matched_flags, ['discovery_found']);
    assert.ok(body.latency_ms >= 0);
    assert.match(body.recommendation, /0x7a3B9c2D4e5F60718293a4B5c6D7e8F901234567/);
    assert.equal(headers.get('x-usage-free-remaining'), '4');
    const probes = setup.world.sites.requests
      .filter((request) => request.host === MERCHANT_DOMAINS.honest)
      .map((request) => request.url)
      .sort();
    assert.deepEqual(probes, ['/', '/.well-known/x402.json', '/api/report']);
  });

  const unsafe: [string, string, string[], 'MEDIUM' | 'CRITICAL' | 'LOW'][] = [
    [
      'a payTo on the page and in the discovery document that differs from the live terms',
      MERCHANT_DOMAINS.swappedWallet,
      ['visible:payto_mismatch', 'discovery_payto_mismatch'],
      'CRITICAL',
    ],
    [
      'instructions to agents on the page and in the terms',
      MERCHANT_DOMAINS.agentBait,
      ['visible:override', 'visible:urgency_override', 'terms:agent_addressed', 'terms:urgency_override'],
      'CRITICAL',
    ],
    [
      'instructions in CSS-hidden, off-screen and comment text',
      MERCHANT_DOMAINS.hiddenInk,
      ['hidden_css:override', 'hidden_css:pay_instruction', 'hidden_css:payto_mismatch', 'hidden:role_reset', 'comment:override'],
      'CRITICAL',
    ],
    ['invisible Unicode tag characters', MERCHANT_DOMAINS.invisible, ['visible:invisible_unicode'], 'MEDIUM'],
    ['a price far above comparable and above 1 USD', MERCHANT_DOMAINS.overpriced, ['price_far_above_comparable', 'price_above_1_usd'], 'LOW'],
  ];
  for (const [name, domain, flags, risk] of unsafe) {
    it(`does not call safe ${name}`, async () => {
      const { body, headers } = await scan(domain);
      assert.equal(body.status, 'ok');
      assert.equal(body.valid_x402_config, true);
      assert.equal(body.prompt_injection_risk, risk);
      for (const flag of flags) assert.ok(body.matched_flags.includes(flag), `${flag} in ${JSON.stringify(body.matched_flags)}`);
      assert.equal(body.safe_to_pay, false);
      assert.ok(body.trust_score < 100);
      assert.match(body.recommendation, /^Do not pay/);
      assert.equal(headers.get('x-usage-free-remaining'), '4', 'a completed scan is charged');
    });
  }

  it('reports a site without x402 terms as not valid', async () => {
    const { body } = await scan(MERCHANT_DOMAINS.noX402);
    assert.equal(body.status, 'ok');
    assert.equal(body.valid_x402_config, false);
    assert.deepEqual(body.matched_flags, ['no_402:200', 'no_discovery_document']);
    assert.equal(body.trust_score, 65);
    assert.equal(body.safe_to_pay, false);
  });

  const tarpits: [string, string, string][] = [
    ['accepts the connection and never answers', MERCHANT_DOMAINS.silent, 'unreachable'],
    ['drips one byte a second', MERCHANT_DOMAINS.drip, 'unreachable'],
    ['sends an endless body', MERCHANT_DOMAINS.endless, 'ok'],
  ];
  for (const [name, domain, expected] of tarpits) {
    it(`answers a target that ${name} within the 4-second promise (${expected})`, async () => {
      const started = performance.now();
      const { status, body, headers } = await scan(domain);
      const elapsed = performance.now() - started;
      assert.equal(status, 200);
      assert.equal(body.status, expected);
      assert.equal(body.safe_to_pay, false);
      assert.ok(elapsed < PROMISE_BOUND_MS, `answered after ${Math.round(elapsed)} ms; the operation promises 4 s`);
      assert.equal(headers.get('x-usage-free-remaining'), expected === 'ok' ? '4' : '5', 'only ok is charged');
      if (expected === 'ok') assert.ok(body.matched_flags.includes('probe_body_truncated'));
      else assert.deepEqual(body.matched_flags, ['unreachable:timeout']);
    });
  }

  it('answers unreachable, free, when the port is closed', async () => {
    const { body, headers } = await scan(MERCHANT_DOMAINS.unreachable);
    assert.equal(body.status, 'unreachable');
    assert.deepEqual(body.matched_flags, ['unreachable:connect']);
    assert.equal(headers.get('x-usage-free-remaining'), '5');
  });

  it('refuses private addresses and non-web ports (unsafe_or_invalid_target), free', async () => {
    for (const target_url of [
      merchantUrl(MERCHANT_DOMAINS.privateAddress),
      `https://${MERCHANT_DOMAINS.honest}:8443/api/report`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const { status, body } = await call(setup.url, '/v1/verify-merchant', { body: { target_url }, headers: caller() });
      assert.equal(status, 400, target_url);
      assert.equal(body.code, 'unsafe_or_invalid_target');
    }
  });

  it('answers the same over MCP', async () => {
    await withMcp(setup.url, caller(), async (client) => {
      const result = await client.callTool({ name: 'x402_merchant_trust_check', arguments: { target_url: merchantUrl(MERCHANT_DOMAINS.hiddenInk) } });
      assertValid('MerchantScanResult', result.structuredContent);
      assert.equal((result.structuredContent as any).prompt_injection_risk, 'CRITICAL');
    });
  });
});
