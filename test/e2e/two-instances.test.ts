/**
 * Two service instances sharing one PostgreSQL (as behind a load balancer): the free quota,
 * stored results, idempotency keys, quotes and the payment nonces hold across them. Runs when
 * DATABASE_URL is set (CI sets it).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { startChain, type ChainWorld } from '../world/chain.ts';
import { dropSchema, startService, type TestService } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import { openStore } from '../../server/store/index.ts';
import type { Store } from '../../server/store/types.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';
import { createBatch } from '../../handlers/batch.ts';
import { chainFacilitator, payerClient } from '../support/paid-service.ts';

const databaseUrl = process.env.DATABASE_URL;
const base = minimalResults.get('techStack') as Record<string, unknown>;
let techStackRuns = 0;
const handlers: HandlerRegistry = {
  techStack: async (input) => {
    techStackRuns++;
    return { ...base, domain: input.domain, status: 'ok', technology_count: 1 };
  },
};
handlers.batch = createBatch(() => handlers);

async function payFor(world: ChainWorld, challenge: Awaited<ReturnType<typeof call>>, amount: bigint) {
  const payer = await world.newPayer(amount);
  const payload = await payerClient(payer).createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
  return encodePaymentSignatureHeader(payload);
}

describe('two instances on one PostgreSQL', { skip: databaseUrl ? false : 'DATABASE_URL not set', timeout: 180_000 }, () => {
  const schema = `two_instances_${randomBytes(4).toString('hex')}`;
  let world: ChainWorld;
  let stores: Store[] = [];
  let services: TestService[] = [];

  before(async () => {
    world = await startChain();
    stores = [await openStore({ databaseUrl, pgSchema: schema }), await openStore({ databaseUrl, pgSchema: schema })];
    services = await Promise.all(
      stores.map((store) =>
        startService({
          store,
          handlers,
          facilitator: chainFacilitator(world),
          config: { payTo: world.payTo, trustedProxies: ['127.0.0.1'] },
        }),
      ),
    );
  });
  after(async () => {
    for (const service of services) await service.close();
    for (const store of stores) await store.close();
    await dropSchema(databaseUrl, schema);
    await world?.stop();
  });

  it('answers 50 concurrent free calls from one IP, spread over both, with exactly 5 ok results', async () => {
    const who = { 'X-Forwarded-For': '192.0.2.10' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(services[i % 2].url, '/v1/tech-stack', { body: { domain: `spread${i}.com` }, headers: who })),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 5);
    assert.equal(answers.filter((a) => a.status === 402).length, 45);
  });

  it('settles exactly once when 20 concurrent requests with the same payment hit both instances', async () => {
    const who = { 'X-Forwarded-For': '192.0.2.10' };
    const payer = await world.newPayer(1_000_000n);
    const challenge = await call(services[0].url, '/v1/tech-stack', { body: { domain: 'shared-race.com' }, headers: who });
    const payload = await payerClient(payer).createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
    const headers = { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload), ...who };
    const before = await world.balanceOf(world.payTo);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(services[i % 2].url, '/v1/tech-stack', { body: { domain: 'shared-race.com' }, headers })),
    );
    assert.ok(
      answers.every((a) => a.status === 200 || a.body.code === 'request_already_started'),
      JSON.stringify(answers.map((a) => a.body.code ?? a.status)),
    );
    assert.equal(answers.filter((a) => a.headers.get('x-usage-charged-micro-usd') === '5000').length, 1);
    assert.equal(await world.balanceOf(world.payTo), before + 5000n);
    const settled = (await stores[1].ledger.list({ from: 0, to: Date.now() + 1000 })).filter((e) => e.kind === 'settlement');
    assert.equal(settled.length, 1);
    const replay = await call(services[1].url, '/v1/tech-stack', { body: { domain: 'shared-race.com' }, headers });
    assert.equal(replay.status, 200, 'the other instance replays the stored answer');
    assert.equal(replay.headers.get('x-usage-charged-micro-usd'), '0');
  });

  it('shares idempotency keys between instances', async () => {
    const who = { 'X-Forwarded-For': '192.0.2.77', 'Idempotency-Key': 'cross-instance-key-1' };
    const first = await call(services[0].url, '/v1/tech-stack', { body: { domain: 'keyed.com' }, headers: who });
    const conflict = await call(services[1].url, '/v1/tech-stack', { body: { domain: 'other.com' }, headers: who });
    assert.equal(first.status, 200);
    assert.equal(conflict.body.code, 'idempotency_conflict');
  });

  it('answers a repeated input from the other instance from storage: no second run, no second free call', async () => {
    const who = { 'X-Forwarded-For': '192.0.2.90' };
    const runs = techStackRuns;
    const first = await call(services[0].url, '/v1/tech-stack', { body: { domain: 'stored-once.com' }, headers: who });
    const again = await call(services[1].url, '/v1/tech-stack', { body: { domain: 'stored-once.com' }, headers: who });
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(techStackRuns, runs + 1, 'the handler ran once');
    assert.equal(first.headers.get('x-usage-free-remaining'), '4');
    assert.equal(again.headers.get('x-usage-free-remaining'), '4', 'the stored answer used no free call');
  });

  it('pays on one instance for a quote made on the other: step 2 delivers the stored rows, settled once', async () => {
    const who = { 'X-Forwarded-For': '192.0.2.91' };
    const step1 = await call(services[0].url, '/v1/batch', { body: { tool: 'tech-stack', domains: ['quoted-a.com', 'quoted-b.com'] }, headers: who });
    assert.equal(step1.status, 200);
    assert.equal(step1.body.status, 'quote');
    const runs = techStackRuns;
    const challenge = await call(services[1].url, '/v1/batch', { body: { quote_id: step1.body.quote_id }, headers: who });
    assert.equal(challenge.status, 402, 'the other instance knows the quote and asks for its price');
    const before = await world.balanceOf(world.payTo);
    const paid = await call(services[1].url, '/v1/batch', {
      body: { quote_id: step1.body.quote_id },
      headers: { ...who, 'PAYMENT-SIGNATURE': await payFor(world, challenge, 1_000_000n) },
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.deepEqual(paid.body.results.map((row: { domain: string }) => row.domain).sort(), ['quoted-a.com', 'quoted-b.com']);
    assert.equal(techStackRuns, runs, 'step 2 ran nothing');
    assert.equal(await world.balanceOf(world.payTo), before + BigInt(step1.body.price_micro_usd));
  });
});
