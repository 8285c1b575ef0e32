/**
 * Identity by construction, paid with the official x402 client on the local chain: one input in
 * any spelling is one charge. hot-buyers with one company in four spellings is one row quoted and
 * paid once (250000); clean-markdown with one URL in seven spellings (HTTP and MCP) is one call.
 * Balances are read on chain.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { payingPoster, startPaidService, type PaidService } from '../support/paid-service.ts';
import { assertValid, call } from '../support/contract.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import { createHotBuyers } from '../../handlers/hotBuyers.ts';
import { createPrivateQuery } from '../../handlers/privateQuery.ts';
import { createBatch } from '../../handlers/batch.ts';
import { startService } from '../support/service.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';
import { withMcp } from '../support/mcp.ts';
import { callers } from '../support/lifecycle.ts';

const NORTHWIND = ['northwind-robotics.com', 'NORTHWIND-ROBOTICS.com', 'northwind-robotics.com.', 'northwind-robotics.com'];
const HARBOR = [
  'https://harbor-logistics.com/',
  'https://harbor-logistics.com',
  'https://HARBOR-LOGISTICS.com/',
  'https://harbor-logistics.com:443/',
  'https://harbor-logistics.com/#top',
  'https://harbor-logistics.com/?',
  'https://Harbor-Logistics.com',
];
const newCaller = callers('198.51.100.');

describe('one input in any spelling is charged once (official x402 client, local chain)', { timeout: 180_000 }, () => {
  let paid: PaidService;
  /** How often each engine ran, by its input. */
  const runs = new Map<string, number>();
  const ran = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);

  before(async () => {
    const registry: HandlerRegistry = {
      companyIntent: async (input) => {
        ran(`intent ${input.domain}`);
        return { ...(minimalResults.get('companyIntent') as object), domain: input.domain, status: 'ok', intent_score: 90 };
      },
      companyProfile: async (input) => {
        ran(`profile ${input.domain}`);
        return { ...(minimalResults.get('companyProfile') as object), domain: input.domain, status: 'ok' };
      },
      cleanMarkdown: async (input) => {
        ran(`markdown ${input.url}`);
        return { ...(minimalResults.get('cleanMarkdown') as object), domain: new URL(input.url).hostname, status: 'ok' };
      },
      techStack: async (input) => {
        ran(`tech ${input.domain}`);
        // Slow enough that two step 1s sent together both run before either keeps its quote.
        if (input.domain.startsWith('race-')) await new Promise((resolve) => setTimeout(resolve, 200));
        return { ...(minimalResults.get('techStack') as object), domain: input.domain, status: 'ok' };
      },
    };
    registry.hotBuyers = createHotBuyers(() => registry);
    registry.batch = createBatch(() => registry);
    registry.privateQuery = createPrivateQuery(() => registry);
    paid = await startPaidService({ handlers: registry, config: { trustedProxies: ['127.0.0.1'] } });
  });
  after(() => paid?.close());

  it('hot-buyers: one company in four spellings is one row, quoted at 250000 and paid once; step 1 again returns the same quote', async () => {
    const { service, world } = paid;
    const who = newCaller();
    const step1 = await call(service.url, '/v1/hot-buyers', { body: { domains: NORTHWIND, min_intent_score: 0 }, headers: who });
    assert.equal(step1.status, 200, JSON.stringify(step1.body));
    assertValid('QuoteResult', step1.body);
    assert.equal(step1.body.status, 'quote');
    assert.equal(step1.body.billable_count, 1);
    assert.equal(step1.body.price_micro_usd, 250000);
    assert.deepEqual(
      step1.body.statuses.map((row: any) => row.domain),
      ['northwind-robotics.com'],
    );
    assert.deepEqual(step1.body.merged_entries, [
      { pointer: '/domains/1', value: 'NORTHWIND-ROBOTICS.com', same_as: '/domains/0', canonical: 'northwind-robotics.com' },
      { pointer: '/domains/2', value: 'northwind-robotics.com.', same_as: '/domains/0', canonical: 'northwind-robotics.com' },
      { pointer: '/domains/3', value: 'northwind-robotics.com', same_as: '/domains/0', canonical: 'northwind-robotics.com' },
    ]);
    assert.equal(runs.get('intent northwind-robotics.com'), 1, 'the company is checked once');

    // The same canonical step 1, spelled otherwise: the live quote again, no new scan, no free scan used.
    const again = await call(service.url, '/v1/hot-buyers', {
      body: { domains: ['Northwind-Robotics.COM.', 'northwind-robotics.com'], min_intent_score: 0 },
      headers: who,
    });
    assert.equal(again.status, 200);
    assertValid('QuoteResult', again.body);
    assert.equal(again.body.quote_id, step1.body.quote_id);
    assert.equal(again.headers.get('x-idempotent-replay'), 'true');
    assert.deepEqual(again.body.merged_entries, [
      { pointer: '/domains/1', value: 'northwind-robotics.com', same_as: '/domains/0', canonical: 'northwind-robotics.com' },
    ]);
    assert.equal(runs.get('intent northwind-robotics.com'), 1, 'no new scan');
    await withMcp(service.url, who, async (client) => {
      const overMcp = await client.callTool({
        name: 'find_hot_buyers',
        arguments: { domains: ['NORTHWIND-robotics.com', 'northwind-robotics.com.'], min_intent_score: 0 },
      });
      assert.equal((overMcp.structuredContent as any).quote_id, step1.body.quote_id, 'MCP takes the same path');
    });

    const payer = await world.newPayer(2_000_000n);
    const before = { payer: await world.balanceOf(payer.address), payTo: await world.balanceOf(world.payTo) };
    const paidPost = payingPoster(payer);
    const step2 = await paidPost(`${service.url}/v1/hot-buyers`, { quote_id: step1.body.quote_id }, who);
    assert.equal(step2.status, 200);
    const delivered = await step2.json();
    assertValid('QuoteResult', delivered);
    assert.equal(delivered.status, 'ok');
    assert.deepEqual(
      delivered.results.map((row: any) => row.domain),
      ['northwind-robotics.com'],
      'one profile, not four',
    );

    // After payment, step 1 of the same company and step 2 again deliver the paid answer: nothing moves.
    const third = await call(service.url, '/v1/hot-buyers', { body: { domains: NORTHWIND.slice().reverse(), min_intent_score: 0 }, headers: who });
    assert.equal(third.body.quote_id, step1.body.quote_id);
    const replay = await paidPost(`${service.url}/v1/hot-buyers`, { quote_id: third.body.quote_id }, who);
    assert.equal(replay.status, 200);
    assert.deepEqual(await replay.json(), delivered);
    assert.equal(await world.balanceOf(payer.address), before.payer - 250000n, '$0.25 for one company, once');
    assert.equal(await world.balanceOf(world.payTo), before.payTo + 250000n);
    const settlements = (await service.store.ledger.list({ from: 0, to: Date.now() + 1000 })).filter(
      (entry) => entry.kind === 'settlement' && entry.operation === 'hot-buyers',
    );
    assert.deepEqual(
      settlements.map((entry) => entry.amountMicroUsd),
      [250000],
    );

    // Three step 1s of one input used one of the 3 free scans: two other inputs still scan, a third does not.
    for (const other of [
      ['a-one.com', 'a-two.com'],
      ['b-one.com', 'b-two.com'],
    ])
      assert.equal((await call(service.url, '/v1/hot-buyers', { body: { domains: other }, headers: who })).status, 200);
    const fourth = await call(service.url, '/v1/hot-buyers', { body: { domains: ['c-one.com', 'c-two.com'] }, headers: who });
    assert.equal(fourth.body.code, 'scan_quota');
  });

  it('clean-markdown: one URL in seven spellings over HTTP and MCP is one call, paid once', async () => {
    const { service, world } = paid;
    const who = newCaller();
    for (let i = 0; i < 5; i++)
      assert.equal((await call(service.url, '/v1/tech-stack', { body: { domain: `free${i}.example-shop.com` }, headers: who })).status, 200);
    const payer = await world.newPayer(1_000_000n);
    const before = await world.balanceOf(world.payTo);
    const paidPost = payingPoster(payer);
    const bodies: unknown[] = [];
    for (const url of HARBOR) {
      const response = await paidPost(`${service.url}/v1/clean-markdown`, { url }, who);
      assert.equal(response.status, 200, url);
      bodies.push(await response.json());
    }
    await withMcp(service.url, who, async (client) => {
      for (const url of ['HTTPS://HARBOR-LOGISTICS.COM:443', 'https://harbor-logistics.com./#x']) {
        const answer = await client.callTool({ name: 'url_to_clean_markdown', arguments: { url } });
        assert.equal(answer.isError, undefined, JSON.stringify(answer.structuredContent));
        bodies.push(answer.structuredContent);
      }
    });
    for (const body of bodies) assert.deepEqual(body, bodies[0]);
    assert.equal(runs.get('markdown https://harbor-logistics.com/'), 1, 'the page was converted once');
    assert.equal([...runs.keys()].filter((key) => key.startsWith('markdown ')).length, 1, 'every spelling reached the handler as the canonical URL');
    assert.equal(await world.balanceOf(world.payTo), before + 2000n, 'one call of 2000, settled once');
  });

  it('two quotes of one canonical input (two step 1s at once) are paid once: the second payment gets the first answer', async () => {
    const { service, world } = paid;
    const who = newCaller();
    const body = (domains: string[]) => ({ body: { tool: 'tech-stack', domains }, headers: who });
    const [one, two] = await Promise.all([
      call(service.url, '/v1/batch', body(['race-a.com', 'race-b.com'])),
      call(service.url, '/v1/batch', body(['RACE-A.com.', 'race-b.com'])),
    ]);
    assert.equal(one.body.billable_count, 2);
    assert.equal(two.body.billable_count, 2);
    assert.notEqual(one.body.quote_id, two.body.quote_id, 'both step 1s scanned: two quotes');
    const payer = await world.newPayer(1_000_000n);
    const before = await world.balanceOf(world.payTo);
    const paidPost = payingPoster(payer);
    const pay = (quote_id: string) => paidPost(`${service.url}/v1/batch`, { quote_id }, who);
    const first = await pay(one.body.quote_id);
    assert.equal(first.status, 200);
    const second = await pay(two.body.quote_id);
    assert.equal(second.status, 200);
    assert.deepEqual(await second.json(), await first.json());
    assert.equal(await world.balanceOf(world.payTo), before + 20000n, 'one settlement for one input, whichever quote was paid');
  });

  it('private-query: one domain target in three spellings is one input; bundle is refused for a single-tier tool, free', async () => {
    const { service } = paid;
    const who = newCaller();
    const refused = await call(service.url, '/v1/private-query', {
      body: { tool: 'tech_stack', target: 'acme-analytics.com' },
      headers: { ...who, 'X-Private-Query-Tier': 'bundle' },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'invalid_input');
    assert.equal(refused.headers.get('x-usage-free-remaining'), '5', 'nothing used');
    const answers = [];
    for (const target of ['acme-analytics.com', 'ACME-Analytics.com', 'https://acme-analytics.com/']) {
      answers.push(await call(service.url, '/v1/private-query', { body: { tool: 'tech_stack', target }, headers: who }));
    }
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
    );
    assert.deepEqual(
      answers.map((answer) => answer.headers.get('x-idempotent-replay')),
      [null, 'true', 'true'],
    );
    assert.equal(answers[2].headers.get('x-usage-free-remaining'), '4', 'one free call for three spellings');
  });

  it('a repeated step 1 returns the live quote only while it can be paid: once it expired unpaid, step 1 scans again', async () => {
    // Today at noon UTC: the 15 minutes the clock moves never cross into a new day (whose free scans would start again).
    let clock = new Date().setUTCHours(12, 0, 0, 0);
    let scans = 0;
    const registry: HandlerRegistry = {
      techStack: async (input) => {
        scans += 1;
        return { ...(minimalResults.get('techStack') as object), domain: input.domain, status: input.domain.startsWith('none') ? 'no_signals' : 'ok' };
      },
    };
    registry.batch = createBatch(() => registry);
    const service = await startService({ handlers: registry, now: () => new Date(clock), config: { trustedProxies: ['127.0.0.1'] } });
    try {
      const who = newCaller();
      const step1 = (domains: string[]) => call(service.url, '/v1/batch', { body: { tool: 'tech-stack', domains }, headers: who });
      const first = await step1(['shop-one.com', 'SHOP-ONE.com.']);
      assert.equal(first.body.billable_count, 1);
      const again = await step1(['Shop-One.com']);
      assert.equal(again.body.quote_id, first.body.quote_id);
      assert.equal(again.body.merged_entries, undefined, 'this call merged nothing');
      assert.equal(scans, 1);
      clock += 15 * 60_000 + 1_000;
      const later = await step1(['shop-one.com']);
      assert.equal(later.status, 200);
      assert.notEqual(later.body.quote_id, first.body.quote_id, 'the expired quote is not offered again');
      assert.equal(scans, 2);
      // Nothing billable makes no quote: the same step 1 is a new scan (and the third, last free one).
      await step1(['none-a.com']);
      assert.equal((await step1(['none-a.com'])).body.code, 'scan_quota');
    } finally {
      await service.close();
    }
  });
});
