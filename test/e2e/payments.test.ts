/**
 * Paying with the official x402 client against a local chain (chain id 8453, an EIP-3009 token at
 * the real USDC address), through the service's in-process facilitator. Balances are read on chain.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { randomBytes } from 'node:crypto';
import { TRANSFER_WITH_AUTHORIZATION } from '../../server/payments/x402.ts';
import type { Hex } from 'viem';
import { startChain, type ChainWorld, type Payer } from '../world/chain.ts';
import { startService, type StartServiceOptions, type TestService } from '../support/service.ts';
import { assertValid, call } from '../support/contract.ts';
import { deliveredQuote, minimalResults } from '../support/minimal-handlers.ts';
import { type Facilitator } from '../../server/payments/facilitator.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';
import { createLifecycle } from '../../server/lifecycle.ts';
import { chainFacilitator, payerClient, payingPoster } from '../support/paid-service.ts';
import { withMcp } from '../support/mcp.ts';
import { callers } from '../support/lifecycle.ts';

const PRICE = 5000n;
const base = minimalResults.get('techStack') as Record<string, unknown>;
const newCaller = callers('198.51.100.');

/** Handlers for the paid tests; a domain starting with "none" has no signals (not ok). */
function handlers(hooks: { beforeResult?: (domain: string) => Promise<void> } = {}): HandlerRegistry {
  return {
    techStack: async (input) => {
      await hooks.beforeResult?.(input.domain);
      return {
        ...base,
        domain: input.domain,
        status: input.domain.startsWith('none') ? 'no_signals' : 'ok',
        technology_count: input.domain.startsWith('none') ? 0 : 2,
      };
    },
  };
}

/** A batch that quotes 10,000 µUSD a domain in step 1 and delivers the quoted rows in step 2 (after `onStepTwo`). */
function quotingBatch(onStepTwo: () => void = () => {}): HandlerRegistry['batch'] {
  return async (input, context) => {
    if (context.quote) {
      onStepTwo();
      return deliveredQuote(context.quote, 'Done.');
    }
    const rows = input.domains.map((domain: string) => ({ domain, status: 'ok', price_micro_usd: 10000, result: { ...base, domain, status: 'ok' } }));
    context.offerQuote({ priceMicroUsd: rows.length * 10000, billableCount: rows.length, payload: { rows } });
    return { status: 'quote', statuses: input.domains.map((domain: string) => ({ domain, status: 'ok', billable: true })), next: 'Pay step 2.' };
  };
}

async function useFreeCalls(url: string, who: Record<string, string>) {
  for (let i = 0; i < 5; i++)
    assert.equal(
      (await call(url, '/v1/tech-stack', { body: { domain: `free${i}-${who['X-Forwarded-For']}.com`.replace(/[^a-z0-9.-]/g, '') }, headers: who })).status,
      200,
    );
}

/** The caller's headers with the payment it signed. */
const withPayment = (payload: PaymentPayload, who: Record<string, string>) => ({ 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload), ...who });

/** Asks for the terms (a 402) and signs them with the payer's key, as the official client does. */
async function signFor(
  url: string,
  body: unknown,
  who: Record<string, string>,
  payer: Payer,
  mutate: (terms: PaymentRequired) => void = () => {},
): Promise<PaymentPayload> {
  const challenge = await call(url, '/v1/tech-stack', { body, headers: who });
  assert.equal(challenge.status, 402);
  const terms = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
  mutate(terms);
  return payerClient(payer).createPaymentPayload(terms);
}

describe('x402 payments on a local chain', { timeout: 180_000 }, () => {
  let world: ChainWorld;
  let service: TestService;
  let facilitator: Facilitator;
  let drain: ((domain: string) => Promise<void>) | undefined;

  before(async () => {
    world = await startChain();
    facilitator = chainFacilitator(world);
    service = await startService({
      handlers: handlers({ beforeResult: async (domain) => drain?.(domain) }),
      facilitator,
      config: { payTo: world.payTo, trustedProxies: ['127.0.0.1'] },
    });
  });
  after(async () => {
    await service?.close();
    await world?.stop();
  });

  it('pays over HTTP with the official client: balances move by exactly the price and the receipt decodes', async () => {
    const who = newCaller();
    await useFreeCalls(service.url, who);
    const payer = await world.newPayer(1_000_000n);
    const before = { payer: await world.balanceOf(payer.address), payTo: await world.balanceOf(world.payTo) };
    const paidPost = payingPoster(payer);
    const response = await paidPost(`${service.url}/v1/tech-stack`, { domain: 'paid.com' }, who);
    assert.equal(response.status, 200);
    const body = await response.json();
    assertValid('TechStackResult', body);
    assert.equal(body.status, 'ok');
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    assert.equal(receipt.success, true);
    assert.match(receipt.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(receipt.network, 'eip155:8453');
    assert.equal(response.headers.get('x-usage-charged-micro-usd'), '5000');
    assert.equal(await world.balanceOf(payer.address), before.payer - PRICE);
    assert.equal(await world.balanceOf(world.payTo), before.payTo + PRICE);
    const settlement = (await service.store.ledger.list({ from: 0, to: Date.now() + 1000 })).find((entry) => entry.txHash === receipt.transaction);
    assert.equal(settlement?.kind, 'settlement');
    assert.equal(settlement?.amountMicroUsd, 5000);
    assert.equal(settlement?.payer, payer.address.toLowerCase());
  });

  it('refuses a replayed authorization for another input and replays the stored answer for the same input', async () => {
    const who = newCaller();
    await useFreeCalls(service.url, who);
    const payer = await world.newPayer(1_000_000n);
    const payload = await signFor(service.url, { domain: 'replay.com' }, who, payer);
    const header = withPayment(payload, who);
    const first = await call(service.url, '/v1/tech-stack', { body: { domain: 'replay.com' }, headers: header });
    assert.equal(first.status, 200);
    const balance = await world.balanceOf(payer.address);
    const other = await call(service.url, '/v1/tech-stack', { body: { domain: 'another.com' }, headers: header });
    assert.equal(other.status, 409);
    assert.equal(other.body.code, 'payment_reused');
    const same = await call(service.url, '/v1/tech-stack', { body: { domain: 'replay.com' }, headers: header });
    assert.equal(same.status, 200);
    assert.deepEqual(same.body, first.body);
    assert.equal(same.headers.get('x-usage-charged-micro-usd'), '0');
    assert.equal(await world.balanceOf(payer.address), balance, 'charged once');
  });

  describe('refuses bad payments without settling', () => {
    const cases: [string, (terms: PaymentRequired) => void, (payload: PaymentPayload) => void, RegExp][] = [
      [
        'a tampered amount',
        () => {},
        (p) => {
          (p as any).accepted.amount = '1';
          (p.payload as any).authorization.value = '1';
        },
        /amount/,
      ],
      [
        'a tampered value under a valid-looking payload',
        () => {},
        (p) => {
          (p.payload as any).authorization.value = '4000';
        },
        /value/,
      ],
      [
        'a wrong payTo',
        (t) => {
          t.accepts[0].payTo = '0x2222222222222222222222222222222222222222';
        },
        () => {},
        /payTo/,
      ],
      [
        'a wrong network',
        () => {},
        (p) => {
          (p as any).accepted.network = 'eip155:1';
        },
        /network/,
      ],
      [
        'an expired validBefore',
        () => {},
        (p) => {
          (p.payload as any).authorization.validBefore = String(Math.floor(Date.now() / 1000) - 60);
        },
        /expired/,
      ],
      [
        'a forged signature',
        () => {},
        (p) => {
          (p.payload as any).authorization.nonce = `0x${'ab'.repeat(32)}`;
        },
        /signature/,
      ],
    ];
    for (const [name, mutateTerms, mutatePayload, reason] of cases) {
      it(name, async () => {
        const who = newCaller();
        await useFreeCalls(service.url, who);
        const payer = await world.newPayer(1_000_000n);
        const payload = await signFor(service.url, { domain: 'bad.com' }, who, payer, mutateTerms);
        mutatePayload(payload);
        const balance = await world.balanceOf(payer.address);
        const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'bad.com' }, headers: withPayment(payload, who) });
        assert.equal(answer.status, 402);
        assert.equal(answer.body.code, 'invalid_payment');
        assert.match(answer.body.detail, reason);
        const fresh = decodePaymentRequiredHeader(answer.headers.get('payment-required')!);
        assert.match(fresh.error!, reason);
        assert.equal(await world.balanceOf(payer.address), balance);
        assert.equal(await world.authorizationUsed(payer.address, (payload.payload as any).authorization.nonce as Hex), false);
      });
    }

    it('an unfunded payer (the facilitator refuses it)', async () => {
      const who = newCaller();
      await useFreeCalls(service.url, who);
      const payer = await world.newPayer(0n);
      const payload = await signFor(service.url, { domain: 'poor.com' }, who, payer);
      const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'poor.com' }, headers: withPayment(payload, who) });
      assert.equal(answer.status, 402);
      assert.equal(answer.body.code, 'invalid_payment');
      assert.match(answer.body.detail, /insufficient/);
      assert.equal((await world.balanceOf(world.payTo)) >= 0n, true);
    });

    it('bad base64 and an x402 v1 header', async () => {
      const who = newCaller();
      await useFreeCalls(service.url, who);
      const garbage = await call(service.url, '/v1/tech-stack', { body: { domain: 'b64.com' }, headers: { 'PAYMENT-SIGNATURE': '%%%not-base64%%%', ...who } });
      assert.equal(garbage.status, 402);
      assert.equal(garbage.body.code, 'invalid_payment');
      const v1 = await call(service.url, '/v1/tech-stack', {
        body: { domain: 'b64.com' },
        headers: { 'X-PAYMENT': Buffer.from(JSON.stringify({ x402Version: 1, scheme: 'exact', network: 'base', payload: {} })).toString('base64'), ...who },
      });
      assert.equal(v1.body.code, 'invalid_payment');
      assert.match(v1.body.detail, /x402Version must be 2/);
    });
  });

  it('settles exactly once when 20 concurrent requests carry the same payment', async () => {
    const who = newCaller();
    await useFreeCalls(service.url, who);
    const payer = await world.newPayer(1_000_000n);
    const payload = await signFor(service.url, { domain: 'race.com' }, who, payer);
    const headers = withPayment(payload, who);
    const before = await world.balanceOf(world.payTo);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(service.url, '/v1/tech-stack', { body: { domain: 'race.com' }, headers })));
    const statuses = answers.map((a) => a.status);
    assert.ok(statuses.filter((s) => s === 200).length >= 1, JSON.stringify(statuses));
    assert.ok(
      answers.every((a) => a.status === 200 || a.body.code === 'request_already_started'),
      JSON.stringify(answers.map((a) => a.body.code ?? a.status)),
    );
    assert.equal(answers.filter((a) => a.headers.get('x-usage-charged-micro-usd') === '5000').length, 1);
    assert.equal(await world.balanceOf(world.payTo), before + PRICE);
    const settlements = (await service.store.ledger.list({ from: 0, to: Date.now() + 1000 })).filter(
      (e) => e.kind === 'settlement' && e.payer === payer.address.toLowerCase(),
    );
    assert.equal(settlements.length, 1);
  });

  it('answers a result that is not ok for free and never settles the valid payment', async () => {
    const who = newCaller();
    await useFreeCalls(service.url, who);
    const payer = await world.newPayer(1_000_000n);
    const payload = await signFor(service.url, { domain: 'none-here.com' }, who, payer);
    const balance = await world.balanceOf(payer.address);
    const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-here.com' }, headers: withPayment(payload, who) });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.status, 'no_signals');
    assert.equal(answer.headers.get('payment-response'), null);
    assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0');
    assert.equal(await world.balanceOf(payer.address), balance);
    assert.equal(await world.authorizationUsed(payer.address, (payload.payload as any).authorization.nonce as Hex), false);
  });

  it('pays over MCP with _meta and returns the receipt in result._meta', async () => {
    const who = newCaller();
    await useFreeCalls(service.url, who);
    const payer = await world.newPayer(1_000_000n);
    await withMcp(service.url, who, async (client) => {
      const challenge = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'mcp-paid.com' } });
      assert.equal(challenge.isError, true);
      const terms = challenge.structuredContent as unknown as PaymentRequired;
      assertValid('PaymentRequired', terms);
      assert.equal(terms.resource.url, 'mcp://tool/detect_website_tech_stack');
      // Over MCP the payment goes in _meta, and the terms say so (no header exists there).
      assert.match(terms.error!, /^params\._meta\['x402\/payment'\] is required: the 5 free calls of today are used$/);
      const payload = await payerClient(payer).createPaymentPayload(terms);
      const before = await world.balanceOf(world.payTo);
      const paid = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'mcp-paid.com' }, _meta: { 'x402/payment': payload } });
      assert.equal(paid.isError, undefined);
      assertValid('TechStackResult', paid.structuredContent);
      const receipt = (paid._meta as any)['x402/payment-response'];
      assert.equal(receipt.success, true);
      assert.match(receipt.transaction, /^0x[0-9a-f]{64}$/);
      assert.equal(await world.balanceOf(world.payTo), before + PRICE);
      const replayed = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'other-mcp.com' }, _meta: { 'x402/payment': payload } });
      assert.equal((replayed.structuredContent as any).code, 'payment_reused');
    });
  });

  it('answers settlement_failed and delivers nothing when the funds are gone at settlement', async () => {
    const who = newCaller();
    await useFreeCalls(service.url, who);
    const payer = await world.newPayer(PRICE);
    const payload = await signFor(service.url, { domain: 'drained.com' }, who, payer);
    // While the work runs, the payer spends the funds elsewhere: verify passed, settle must fail.
    drain = async (domain) => {
      if (domain !== 'drained.com') return;
      await world.transfer(payer, world.payTo, PRICE);
    };
    try {
      const before = await world.balanceOf(world.payTo);
      const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'drained.com' }, headers: withPayment(payload, who) });
      assert.equal(answer.status, 402);
      assert.equal(answer.body.code, 'settlement_failed');
      assert.equal(answer.body.retryable, true);
      assert.equal(answer.body.domain, undefined, 'nothing of the result is delivered');
      assert.equal(await world.balanceOf(world.payTo), before + PRICE, 'only the payer’s own transfer arrived');
      const failed = (await service.store.ledger.list({ from: 0, to: Date.now() + 1000 })).filter(
        (e) => e.kind === 'settlement_failed' && e.payer === payer.address.toLowerCase(),
      );
      assert.equal(failed.length, 1);
    } finally {
      drain = undefined;
    }
  });

  describe('a payer is who the signature proves', () => {
    /** The victim's payment, re-signed as an attacker can: claiming the victim, without its key. */
    async function forged(honest: PaymentPayload, victim: Payer, signature: 'otherKey' | number): Promise<PaymentPayload> {
      const payload = structuredClone(honest) as any;
      const authorization = { ...payload.payload.authorization, from: victim.address };
      payload.payload.authorization = authorization;
      if (signature === 'otherKey') {
        payload.payload.signature = await privateKeyToAccount(generatePrivateKey()).signTypedData({
          domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: payload.accepted.asset },
          types: TRANSFER_WITH_AUTHORIZATION,
          primaryType: 'TransferWithAuthorization',
          message: {
            ...authorization,
            value: BigInt(authorization.value),
            validAfter: BigInt(authorization.validAfter),
            validBefore: BigInt(authorization.validBefore),
          },
        });
      } else {
        payload.payload.signature = `0x${randomBytes(signature).toString('hex')}`;
      }
      return payload;
    }

    it('a victim pays, an attacker forges it over HTTP and MCP: no paid answer reaches the attacker, nothing settles, the victim still replays', async () => {
      const victimCaller = newCaller();
      await useFreeCalls(service.url, victimCaller);
      const victim = await world.newPayer(1_000_000n);
      const paidPost = payingPoster(victim);
      const bought = await paidPost(`${service.url}/v1/tech-stack`, { domain: 'victim-bought.com' }, victimCaller);
      assert.equal(bought.status, 200);
      const boughtBody = await bought.json();
      const receipt = decodePaymentResponseHeader(bought.headers.get('payment-response')!);
      assert.equal(receipt.payer?.toLowerCase(), victim.address.toLowerCase());

      const attackerCaller = newCaller();
      await useFreeCalls(service.url, attackerCaller);
      const attacker = await world.newPayer(0n);
      const before = { payTo: await world.balanceOf(world.payTo), ledger: (await service.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).length };
      await withMcp(service.url, attackerCaller, async (mcp) => {
        const httpHonest = await signFor(service.url, { domain: 'victim-bought.com' }, attackerCaller, attacker);
        const mcpTerms = (await mcp.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'victim-bought.com' } }))
          .structuredContent as unknown as PaymentRequired;
        const mcpHonest = await payerClient(attacker).createPaymentPayload(mcpTerms);
        const kinds = ['otherKey', 65, 66, 97, 200] as const;
        const attempt = async (kind: (typeof kinds)[number], transport: 'http' | 'mcp') => {
          if (transport === 'mcp') {
            const result = await mcp.callTool({
              name: 'detect_website_tech_stack',
              arguments: { domain: 'victim-bought.com' },
              _meta: { 'x402/payment': await forged(mcpHonest, victim, kind) },
            });
            return { kind, transport, paid: result.isError !== true, code: (result.structuredContent as any)?.code, text: JSON.stringify(result) };
          }
          const answer = await call(service.url, '/v1/tech-stack', {
            body: { domain: 'victim-bought.com' },
            headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(await forged(httpHonest, victim, kind)), ...attackerCaller },
          });
          return { kind, transport, paid: answer.status === 200, code: answer.body.code, text: answer.text };
        };
        const every = kinds.flatMap((kind) => (['http', 'mcp'] as const).map((transport) => [kind, transport] as const));
        // All at once (one caller, one input: those meeting a running one answer request_already_started), then one at a time.
        const together = await Promise.all(every.map(([kind, transport]) => attempt(kind, transport)));
        const oneByOne = [];
        for (const [kind, transport] of every) oneByOne.push(await attempt(kind, transport));
        const detail = JSON.stringify([...together, ...oneByOne].map(({ kind, transport, code }) => [kind, transport, code]));
        assert.equal([...together, ...oneByOne].filter((answer) => answer.paid).length, 0, `paid answers reaching the attacker: ${detail}`);
        for (const answer of together) assert.ok(['invalid_payment', 'request_already_started'].includes(answer.code), detail);
        for (const answer of oneByOne) assert.equal(answer.code, 'invalid_payment', detail);
        for (const answer of [...together, ...oneByOne])
          assert.ok(!answer.text.includes(receipt.transaction), `the victim's receipt never reaches the attacker: ${detail}`);
      });
      assert.equal(await world.balanceOf(world.payTo), before.payTo, 'nothing settles');
      assert.equal((await service.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).length, before.ledger, 'nothing is recorded');

      // The victim's repeat, with a new authorization of its own: the answer it bought, not paid again, and said so.
      const again = await paidPost(`${service.url}/v1/tech-stack`, { domain: 'victim-bought.com' }, victimCaller);
      assert.equal(again.status, 200);
      assert.deepEqual(await again.json(), boughtBody);
      assert.equal(again.headers.get('x-idempotent-replay'), 'true');
      assert.equal(await world.balanceOf(world.payTo), before.payTo);
    });

    it("the victim's wallet from another caller with a new authorization: the answer it bought, its new authorization unused, the receipt marked as the original settlement (HTTP and MCP)", async () => {
      const first = newCaller();
      await useFreeCalls(service.url, first);
      const victim = await world.newPayer(1_000_000n);
      const bought = await call(service.url, '/v1/tech-stack', {
        body: { domain: 'bought-once.com' },
        headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(await signFor(service.url, { domain: 'bought-once.com' }, first, victim)), ...first },
      });
      assert.equal(bought.status, 200);
      const original = decodePaymentResponseHeader(bought.headers.get('payment-response')!);
      assert.equal(original.extra?.original_settlement, undefined);
      const elsewhere = newCaller();
      await useFreeCalls(service.url, elsewhere);
      const fresh = await signFor(service.url, { domain: 'bought-once.com' }, elsewhere, victim);
      const before = await world.balanceOf(world.payTo);
      const again = await call(service.url, '/v1/tech-stack', {
        body: { domain: 'bought-once.com' },
        headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(fresh), ...elsewhere },
      });
      assert.equal(again.status, 200);
      assert.deepEqual(again.body, bought.body);
      assert.equal(again.headers.get('x-payment-unused'), 'replay');
      assert.equal(again.headers.get('x-usage-charged-micro-usd'), '0');
      const receipt = decodePaymentResponseHeader(again.headers.get('payment-response')!);
      assert.equal(receipt.transaction, original.transaction);
      assert.equal(receipt.extra?.original_settlement, true);
      assert.equal(await world.balanceOf(world.payTo), before);
      assert.equal(await world.authorizationUsed(victim.address, (fresh.payload as any).authorization.nonce as Hex), false);
      // Over MCP: the same, in _meta.
      const mcp = new Client({ name: 'victim-elsewhere', version: '1.0.0' });
      const third = newCaller();
      await useFreeCalls(service.url, third);
      await mcp.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: third } }));
      try {
        const terms = (await mcp.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'bought-once.com' } }))
          .structuredContent as unknown as PaymentRequired;
        const result = await mcp.callTool({
          name: 'detect_website_tech_stack',
          arguments: { domain: 'bought-once.com' },
          _meta: { 'x402/payment': await payerClient(victim).createPaymentPayload(terms) },
        });
        assert.equal(result.isError, undefined);
        assert.equal((result._meta as any)['x402/payment-unused'], 'replay');
        assert.equal((result._meta as any)['x402/payment-response'].transaction, original.transaction);
        assert.equal((result._meta as any)['x402/payment-response'].extra.original_settlement, true);
      } finally {
        await mcp.close();
      }
      assert.equal(await world.balanceOf(world.payTo), before);
    });

    it('says "already used" only of a settled authorization: one whose call ended not ok is refused as sent with another request, unsettled', async () => {
      const who = newCaller();
      await useFreeCalls(service.url, who);
      const payer = await world.newPayer(1_000_000n);
      const payload = await signFor(service.url, { domain: 'none-signals.com' }, who, payer);
      const header = withPayment(payload, who);
      const notOk = await call(service.url, '/v1/tech-stack', { body: { domain: 'none-signals.com' }, headers: header });
      assert.equal(notOk.status, 200);
      assert.equal(notOk.body.status, 'no_signals');
      const elsewhere = await call(service.url, '/v1/tech-stack', { body: { domain: 'after-not-ok.com' }, headers: header });
      assert.equal(elsewhere.status, 402);
      assert.equal(elsewhere.body.code, 'invalid_payment');
      assert.match(elsewhere.body.detail, /ended without a charge \(it was not settled\)/);
      assert.doesNotMatch(elsewhere.body.detail, /already used/);
      assert.equal(await world.authorizationUsed(payer.address, (payload.payload as any).authorization.nonce as Hex), false);
    });
  });
});

describe('payments: caps, crash recovery and quotes', { timeout: 180_000 }, () => {
  let world: ChainWorld;
  before(async () => {
    world = await startChain();
  });
  after(async () => {
    await world?.stop();
  });
  /** The service with this file's handlers, paid through the chain's facilitator to its payTo; `options` are laid over that. */
  const paidService = ({ config, ...options }: StartServiceOptions = {}) =>
    startService({
      handlers: handlers(),
      facilitator: chainFacilitator(world),
      ...options,
      config: { payTo: world.payTo, trustedProxies: ['127.0.0.1'], ...config },
    });

  it('pauses paid calls at the settlement cap while free calls go on', async () => {
    const service = await paidService({ config: { settlementCapMicroUsd: 5000 } });
    try {
      const who = newCaller();
      await useFreeCalls(service.url, who);
      const payer = await world.newPayer(1_000_000n);
      const paidPost = payingPoster(payer);
      const first = await paidPost(`${service.url}/v1/tech-stack`, { domain: 'cap-one.com' }, who);
      assert.equal(first.status, 200);
      const payload = await signFor(service.url, { domain: 'cap-two.com' }, who, payer);
      const second = await call(service.url, '/v1/tech-stack', { body: { domain: 'cap-two.com' }, headers: withPayment(payload, who) });
      assert.equal(second.status, 503);
      assert.equal(second.body.code, 'settlement_cap_reached');
      assert.equal(await world.authorizationUsed(payer.address, (payload.payload as any).authorization.nonce as Hex), false);
      const free = await call(service.url, '/v1/tech-stack', { body: { domain: 'still-free.com' }, headers: newCaller() });
      assert.equal(free.status, 200);
    } finally {
      await service.close();
    }
  });

  it('loses nothing when the answer is lost after settlement: the repeat gets the result without paying again', async () => {
    const real = chainFacilitator(world);
    let settleCalls = 0;
    // The first settlement goes through on chain, then the connection to the facilitator "drops".
    const flaky: Facilitator = {
      kind: 'in-process',
      verify: (p, r) => real.verify(p, r),
      settle: async (p, r) => {
        settleCalls += 1;
        const result = await real.settle(p, r);
        if (settleCalls === 1) throw new Error('socket hang up after broadcast');
        return result;
      },
    };
    const service = await paidService({ facilitator: flaky });
    try {
      const who = newCaller();
      await useFreeCalls(service.url, who);
      const payer = await world.newPayer(1_000_000n);
      const payload = await signFor(service.url, { domain: 'crash.com' }, who, payer);
      const headers = withPayment(payload, who);
      const before = await world.balanceOf(payer.address);
      const lost = await call(service.url, '/v1/tech-stack', { body: { domain: 'crash.com' }, headers });
      assert.equal(lost.status, 409);
      assert.equal(lost.body.code, 'request_already_started');
      assert.equal(await world.balanceOf(payer.address), before - PRICE, 'the transfer happened');
      const retry = await call(service.url, '/v1/tech-stack', { body: { domain: 'crash.com' }, headers });
      assert.equal(retry.status, 200);
      assert.equal(retry.body.domain, 'crash.com');
      assert.ok(retry.headers.get('payment-response'));
      assert.equal(await world.balanceOf(payer.address), before - PRICE, 'charged once');
      const again = await call(service.url, '/v1/tech-stack', { body: { domain: 'crash.com' }, headers });
      assert.deepEqual(again.body, retry.body);
      assert.equal(
        (await service.store.ledger.list({ from: 0, to: Date.now() + 1000 })).filter((e) => e.kind === 'settlement' && e.payer === payer.address.toLowerCase())
          .length,
        1,
      );
    } finally {
      await service.close();
    }
  });

  it('settles nothing once a shutting-down instance is past its grace period: the same payment on another instance settles once', async () => {
    const facilitator = chainFacilitator(world);
    const lifecycle = createLifecycle({ graceMs: 0, settleWindowMs: 1_000 });
    let release = () => {};
    let reached = () => {};
    const handlerReached = new Promise<void>((resolve) => (reached = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const stopping = await paidService({
      handlers: handlers({
        beforeResult: async (domain) => {
          if (domain !== 'draining.com') return;
          reached();
          await held;
        },
      }),
      facilitator,
      lifecycle,
    });
    const other = await paidService({ facilitator, store: stopping.store });
    try {
      const who = newCaller();
      await useFreeCalls(stopping.url, who);
      const payer = await world.newPayer(1_000_000n);
      const payload = await signFor(stopping.url, { domain: 'draining.com' }, who, payer);
      const headers = withPayment(payload, who);
      const before = await world.balanceOf(payer.address);
      const pending = call(stopping.url, '/v1/tech-stack', { body: { domain: 'draining.com' }, headers });
      await handlerReached;
      const drained = lifecycle.drain();
      // The grace period (0 ms) ends on the next timer tick; only then does the handler finish.
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      const refused = await pending;
      assert.equal(refused.status, 503, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'engine_unavailable');
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.deepEqual(
        { ...(await drained), elapsedMs: 0 },
        { abandoned: 1, unsettled: 0, elapsedMs: 0 },
        'the call was still running when the grace period ended',
      );
      assert.equal(await world.balanceOf(payer.address), before, 'nothing was settled');
      assert.equal(await world.authorizationUsed(payer.address, (payload.payload as any).authorization.nonce as Hex), false);

      const delivered = await call(other.url, '/v1/tech-stack', { body: { domain: 'draining.com' }, headers });
      assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
      assert.equal(delivered.body.domain, 'draining.com');
      assert.ok(delivered.headers.get('payment-response'));
      assert.equal(await world.balanceOf(payer.address), before - PRICE, 'charged once');
      const metrics = await (await fetch(`${other.url}/metrics`)).text();
      assert.match(metrics, /settlements_total\{operation="techStack",outcome="settled"\} 1/);
      assert.match(metrics, /charges_total\{operation="techStack",kind="settlement"\} 1/);
      assert.match(metrics, /charged_micro_usd_total\{operation="techStack",kind="settlement"\} 5000/);
      const readiness = await fetch(`${stopping.url}/readyz`);
      assert.equal(readiness.status, 503);
      const notReady = await readiness.json();
      assertValid('Readiness', notReady);
      assert.deepEqual(notReady, {
        status: 'not_ready',
        version: (await (await fetch(`${other.url}/healthz`)).json()).version,
        store: 'sqlite',
        reason: 'shutting_down',
      });
    } finally {
      await other.close();
      await stopping.close();
    }
  });

  it('reserves against the settlement cap: 16 concurrent paid calls of 5000 under a cap of 12000 settle exactly 2, the others are never settled', async () => {
    const service = await paidService({ config: { settlementCapMicroUsd: 12_000 } });
    try {
      const who = newCaller();
      await useFreeCalls(service.url, who);
      const payers = await Promise.all(Array.from({ length: 16 }, () => world.newPayer(1_000_000n)));
      const signed = await Promise.all(payers.map((payer, i) => signFor(service.url, { domain: `cap-burst-${i}.com` }, who, payer)));
      const before = await world.balanceOf(world.payTo);
      const answers = await Promise.all(
        signed.map((payload, i) => call(service.url, '/v1/tech-stack', { body: { domain: `cap-burst-${i}.com` }, headers: withPayment(payload, who) })),
      );
      assert.equal(answers.filter((answer) => answer.status === 200).length, 2, JSON.stringify(answers.map((answer) => answer.body.code ?? answer.status)));
      for (const answer of answers.filter((answer) => answer.status !== 200)) assert.equal(answer.body.code, 'settlement_cap_reached');
      assert.equal(await world.balanceOf(world.payTo), before + 10_000n);
      const settled = (await service.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).filter((entry) => entry.kind === 'settlement');
      assert.equal(
        settled.reduce((sum, entry) => sum + entry.amountMicroUsd, 0),
        10_000,
      );
    } finally {
      await service.close();
    }
  });

  it('does not settle a payment sent while a free call remains: the free call is used and the answer says so', async () => {
    const service = await paidService();
    try {
      const who = newCaller();
      const payer = await world.newPayer(1_000_000n);
      // Terms asked by a caller without free calls, signed, then sent by one who has them all.
      const spent = newCaller();
      await useFreeCalls(service.url, spent);
      const payload = await signFor(service.url, { domain: 'free-first.com' }, spent, payer);
      const before = await world.balanceOf(world.payTo);
      const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'free-first.com' }, headers: withPayment(payload, who) });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.status, 'ok');
      assert.equal(answer.headers.get('x-payment-unused'), 'free_call');
      assert.equal(answer.headers.get('payment-response'), null);
      assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0');
      assert.equal(answer.headers.get('x-usage-free-remaining'), '4');
      assert.equal(await world.balanceOf(world.payTo), before);
      assert.equal(await world.authorizationUsed(payer.address, (payload.payload as any).authorization.nonce as Hex), false);
      const ledger = (await service.store.ledger.list({ from: 0, to: Number.MAX_SAFE_INTEGER })).filter((entry) => entry.caller === who['X-Forwarded-For']);
      assert.deepEqual(
        ledger.map((entry) => entry.kind),
        ['free_use'],
      );
      // Over MCP the result says the same in _meta.
      await withMcp(service.url, newCaller(), async (client) => {
        const other = await signFor(service.url, { domain: 'free-first-mcp.com' }, spent, payer);
        const result = await client.callTool({
          name: 'detect_website_tech_stack',
          arguments: { domain: 'free-first-mcp.com' },
          _meta: { 'x402/payment': other },
        });
        assert.equal(result.isError, undefined);
        // The key is the one the payment terms document names.
        const terms = (await call(service.url, '/.well-known/x402.json', { method: 'GET' })).body;
        assert.equal(terms.mcp.paymentUnusedMetaKey, 'x402/payment-unused');
        assert.equal((result._meta as any)?.[terms.mcp.paymentUnusedMetaKey], 'free_call');
        assert.equal((result._meta as any)?.[terms.mcp.responseMetaKey], undefined);
      });
      assert.equal(await world.balanceOf(world.payTo), before);
    } finally {
      await service.close();
    }
  });

  it('claims a quote once: three payers on three IPs paying one quote at once make one settlement; the others answer quote_claimed and are never charged', async () => {
    const real = chainFacilitator(world);
    let refused = 0;
    let settles = 0;
    // Settlement waits until the two other payers were answered: all three are in flight together.
    const slow: Facilitator = {
      kind: 'in-process',
      verify: (p, r) => real.verify(p, r),
      async settle(p, r) {
        settles += 1;
        for (let wait = 0; refused < 2 && wait < 400; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
        return real.settle(p, r);
      },
    };
    const batch = quotingBatch();
    const service = await paidService({ handlers: { ...handlers(), batch }, facilitator: slow });
    try {
      const quote = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['claim-one.com', 'claim-two.com'] }, headers: newCaller() });
      assert.equal(quote.body.price_micro_usd, 20000);
      const callers = [newCaller(), newCaller(), newCaller()];
      const payers = await Promise.all(callers.map(() => world.newPayer(1_000_000n)));
      const signed = await Promise.all(
        callers.map(async (who, i) => {
          const challenge = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
          assert.equal(challenge.status, 402);
          return payerClient(payers[i]).createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
        }),
      );
      const before = await world.balanceOf(world.payTo);
      const answers = await Promise.all(
        callers.map(async (who, i) => {
          const answer = await call(service.url, '/v1/batch', {
            body: { quote_id: quote.body.quote_id },
            headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(signed[i]), ...who },
          });
          if (answer.status !== 200) refused += 1;
          return answer;
        }),
      );
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409, 409], JSON.stringify(answers.map((answer) => answer.body)));
      for (const answer of answers.filter((answer) => answer.status === 409)) {
        assert.equal(answer.body.code, 'quote_claimed');
        assert.equal(answer.body.retryable, false);
      }
      assert.equal(settles, 1);
      assert.equal(await world.balanceOf(world.payTo), before + 20000n);
      for (const [i, answer] of answers.entries()) {
        if (answer.status === 200) continue;
        assert.equal(await world.authorizationUsed(payers[i].address, (signed[i].payload as any).authorization.nonce as Hex), false);
      }
      const late = await call(service.url, '/v1/batch', {
        body: { quote_id: quote.body.quote_id },
        headers: {
          'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(signed[answers.findIndex((answer) => answer.status === 409)]),
          ...callers[answers.findIndex((answer) => answer.status === 409)],
        },
      });
      assert.equal(late.body.code, 'quote_not_found', 'once paid, the quote is consumed');
      assert.equal(settles, 1);
    } finally {
      await service.close();
    }
  });

  it('runs a complete two-step paid batch: step 2 paid with the official client at exactly the quote', async () => {
    let stepTwoRuns = 0;
    const batch = quotingBatch(() => (stepTwoRuns += 1));
    const service = await paidService({ handlers: { ...handlers(), batch } });
    try {
      const who = newCaller();
      const quote = await call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['one.com', 'two.com', 'three.com'] }, headers: who });
      assert.equal(quote.body.price_micro_usd, 30000);
      const payer = await world.newPayer(1_000_000n);
      const before = await world.balanceOf(world.payTo);
      const paidPost = payingPoster(payer);
      const paid = await paidPost(`${service.url}/v1/batch`, { quote_id: quote.body.quote_id }, who);
      assert.equal(paid.status, 200);
      const body = await paid.json();
      assertValid('QuoteResult', body);
      assert.equal(body.status, 'ok');
      assert.deepEqual(
        body.results.map((row: any) => row.domain),
        ['one.com', 'two.com', 'three.com'],
      );
      assert.equal(await world.balanceOf(world.payTo), before + 30000n);
      assert.ok((await service.store.quotes.get(quote.body.quote_id))?.paidAt);
      const someoneElse = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: newCaller() });
      assert.equal(someoneElse.body.code, 'quote_not_found', 'a paid quote is consumed');
      const samePayer = await call(service.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
      assert.deepEqual(samePayer.body, body);
      assert.equal(stepTwoRuns, 1);
    } finally {
      await service.close();
    }
  });
});
