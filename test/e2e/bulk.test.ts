/**
 * company-profile, company-footprint, hot-buyers and batch on the offline world: tech sites, six
 * job boards, the ads registry and the local chain. Step 2 of both bulk operations is paid with the
 * official x402 client; balances are read on chain.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { installTechSites, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { installJobBoards, JOB_DOMAINS } from '../world/fixtures/job-boards.ts';
import { installAdsRegistry, ADS_DOMAINS } from '../world/fixtures/ads-registry.ts';
import { assertValid, call } from '../support/contract.ts';
import { chainFacilitator, payerClient } from '../support/paid-service.ts';
import { callers, worldService } from '../support/lifecycle.ts';

const caller = callers('198.51.100.', 101);

describe('profile, footprint, hot-buyers and batch on the world', { timeout: 300_000 }, () => {
  // the wall clock (payers sign validBefore from it), moved forward by the quote-expiry test
  let offsetMs = 0;
  const setup = worldService({
    world: { chain: true },
    install: [installTechSites, installJobBoards, installAdsRegistry],
    service: (world) => ({ config: { payTo: world.chain!.payTo }, facilitator: chainFacilitator(world.chain!), now: () => new Date(Date.now() + offsetMs) }),
  });

  async function pay(path: string, body: unknown, who: Record<string, string>, expectedAmount: bigint) {
    const challenge = await call(setup.url, path, { body, headers: who });
    assert.equal(challenge.status, 402, JSON.stringify(challenge.body));
    const terms = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    assert.equal(BigInt(terms.accepts[0].amount), expectedAmount);
    const chain = setup.world.chain!;
    const payer = await chain.newPayer(2_000_000n);
    const payload = await payerClient(payer).createPaymentPayload(terms);
    const before = await chain.balanceOf(chain.payTo);
    const paid = await call(setup.url, path, { body, headers: { ...who, 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) } });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(decodePaymentResponseHeader(paid.headers.get('payment-response')!).success, true);
    assert.equal(await chain.balanceOf(chain.payTo), before + expectedAmount);
    return paid;
  }

  it('company-profile: two sections with data is ok and charged as one free call', async () => {
    const who = caller();
    const { status, body, headers } = await call(setup.url, '/v1/company-profile', { body: { domain: ADS_DOMAINS.jobsSite }, headers: who });
    assert.equal(status, 200);
    assertValid('ProfileResult', body);
    assert.equal(body.status, 'ok');
    assert.equal(body.sections_status.hiring_intent, 'ok');
    assert.equal(body.sections_status.search_ads, 'ok');
    assert.ok(body.sections_with_data.length >= 2);
    assert.equal(body.footprint.job_board_with_open_roles, 'found');
    assert.equal(body.footprint.search_ads, 'found');
    assert.ok(
      body.signals.some((signal: string) => /open role/.test(signal)),
      JSON.stringify(body.signals),
    );
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  it('company-footprint: one section with data is insufficient_data, free, and names the one tool', async () => {
    const who = caller();
    const { body, headers } = await call(setup.url, '/v1/company-footprint', { body: { domain: JOB_DOMAINS.notFound }, headers: who });
    assertValid('ProfileResult', body);
    assert.equal(body.status, 'insufficient_data');
    assert.ok(body.sections_with_data.length < 2);
    assert.equal(headers.get('x-usage-free-remaining'), '5');
    const techOnly = await call(setup.url, '/v1/company-footprint', { body: { domain: TECH_DOMAINS.ok }, headers: who });
    assertValid('ProfileResult', techOnly.body);
    if (techOnly.body.status === 'insufficient_data') assert.match(techOnly.body.note, /call (tech-stack|company-intent|search-ads) for/);
    else assert.ok(techOnly.body.sections_with_data.length >= 2);
  });

  const boards = [
    JOB_DOMAINS.greenhouseEmbed,
    JOB_DOMAINS.leverEu,
    JOB_DOMAINS.ashbyEmbed,
    JOB_DOMAINS.workablePath,
    JOB_DOMAINS.smartRecruiters,
    JOB_DOMAINS.recruiteeCustom,
    JOB_DOMAINS.notFound,
  ];

  it('hot-buyers: step 1 scores every domain free, quotes only hot companies whose profile is ok (the rest free with their reason); step 2 paid delivers exactly those ok profiles', async () => {
    const who = caller();
    const step1 = await call(setup.url, '/v1/hot-buyers', { body: { domains: boards, min_intent_score: 0 }, headers: who });
    assert.equal(step1.status, 200);
    assertValid('QuoteResult', step1.body);
    assert.equal(step1.body.status, 'quote');
    assert.equal(step1.body.statuses.length, boards.length);
    const scored = step1.body.statuses.filter((row: any) => row.intent_score !== null);
    assert.ok(scored.length >= 5, JSON.stringify(step1.body.statuses));
    const billable = step1.body.statuses.filter((row: any) => row.billable);
    const notBillable = step1.body.hot_not_billable ?? [];
    assert.ok(notBillable.length >= 1, 'the world has hot companies whose profile is insufficient (a board and nothing else)');
    for (const row of notBillable) {
      assert.equal(row.profile_status, 'insufficient_data');
      assert.equal(row.profile.status, 'insufficient_data');
      assert.ok(row.reason.length > 0);
      assert.ok(!billable.some((quoted: any) => quoted.domain === row.domain), `${row.domain} is not quoted`);
    }
    assert.ok(billable.length >= 1 && billable.length <= 4);
    assert.equal(step1.body.billable_count, billable.length);
    assert.equal(step1.body.price_micro_usd, billable.length * 250_000);
    const moreHot = step1.body.more_hot ?? [];
    assert.equal(billable.length + notBillable.length + moreHot.length, scored.length, 'every hot domain is quoted, listed free, or left for a new step 1');
    assert.equal(step1.headers.get('x-usage-charged-micro-usd'), '0');

    const paid = await pay('/v1/hot-buyers', { quote_id: step1.body.quote_id }, who, BigInt(billable.length * 250_000));
    assertValid('QuoteResult', paid.body);
    assert.equal(paid.body.status, 'ok');
    assert.equal(paid.headers.get('x-usage-charged-micro-usd'), String(billable.length * 250_000));
    assert.deepEqual(paid.body.results.map((row: any) => row.domain).sort(), billable.map((row: any) => row.domain).sort());
    for (const row of paid.body.results) {
      assertValid('ProfileResult', row.result);
      assert.equal(row.status, 'ok');
      assert.equal(row.result.status, 'ok', `${row.domain}: a charged row is an ok row`);
    }
    assert.doesNotMatch(JSON.stringify(paid.body), /[Nn]othing was charged/);
  });

  it('hot-buyers: nobody hot is nothing_billable with the cold scores, free', async () => {
    const who = caller();
    const { body } = await call(setup.url, '/v1/hot-buyers', {
      body: { domains: [JOB_DOMAINS.workablePath, JOB_DOMAINS.notFound], min_intent_score: 100 },
      headers: who,
    });
    assertValid('QuoteResult', body);
    assert.equal(body.status, 'nothing_billable');
    assert.equal(body.quote_id, undefined);
    assert.ok(body.cold.some((row: any) => row.domain === JOB_DOMAINS.workablePath && row.intent_score < 100));
  });

  it('batch: step 1 quotes only rows with data; step 2 returns the stored rows without upstream calls', async () => {
    const who = caller();
    const domains = [TECH_DOMAINS.ok, TECH_DOMAINS.noSignals, TECH_DOMAINS.unreachable, TECH_DOMAINS.notFound];
    const step1 = await call(setup.url, '/v1/batch', { body: { tool: 'tech-stack', domains }, headers: who });
    assertValid('QuoteResult', step1.body);
    assert.equal(step1.body.status, 'quote');
    assert.deepEqual(
      step1.body.statuses.map((row: any) => [row.domain, row.status, row.billable]),
      [
        [TECH_DOMAINS.ok, 'ok', true],
        [TECH_DOMAINS.noSignals, 'no_signals', false],
        [TECH_DOMAINS.unreachable, 'unreachable', false],
        [TECH_DOMAINS.notFound, 'not_found', false],
      ],
    );
    assert.equal(step1.body.price_micro_usd, 10_000);
    const upstreamBefore = setup.world.sites.requests.length;
    const paid = await pay('/v1/batch', { quote_id: step1.body.quote_id }, who, 10_000n);
    assert.equal(setup.world.sites.requests.length, upstreamBefore, 'step 2 made no upstream request');
    assert.equal(paid.body.results.length, 1);
    assertValid('TechStackResult', paid.body.results[0].result);
    assert.equal(paid.body.results[0].result.domain, TECH_DOMAINS.ok);
  });

  it('batch of company-profile rows is priced 30000 a row', async () => {
    const who = caller();
    const { body } = await call(setup.url, '/v1/batch', {
      body: { tool: 'company-profile', domains: [ADS_DOMAINS.jobsSite, JOB_DOMAINS.notFound] },
      headers: who,
    });
    assertValid('QuoteResult', body);
    assert.equal(body.status, 'quote');
    assert.equal(body.billable_count, 1);
    assert.equal(body.price_micro_usd, 30_000);
  });

  it('quote_required, quote_not_found, quote_expired (the clock moves 15 minutes) and scan_quota', async () => {
    const who = caller();
    const required = await call(setup.url, '/v1/batch', { body: {}, headers: who });
    assert.equal(required.body.code, 'quote_required');
    const unknown = await call(setup.url, '/v1/batch', { body: { quote_id: 'q_nope' }, headers: who });
    assert.equal(unknown.body.code, 'quote_not_found');
    const quote = await call(setup.url, '/v1/batch', { body: { tool: 'tech-stack', domains: [TECH_DOMAINS.ok] }, headers: who });
    assert.equal(quote.body.status, 'quote');
    await call(setup.url, '/v1/batch', { body: { tool: 'tech-stack', domains: [TECH_DOMAINS.noSignals] }, headers: who });
    await call(setup.url, '/v1/batch', { body: { tool: 'tech-stack', domains: [TECH_DOMAINS.notFound] }, headers: who });
    const fourth = await call(setup.url, '/v1/hot-buyers', { body: { domains: boards.slice(0, 2) }, headers: who });
    assert.equal(fourth.status, 429);
    assert.equal(fourth.body.code, 'scan_quota');
    // After the scans: 15 minutes later may be a new UTC day, whose free scans start again.
    offsetMs += 15 * 60_000 + 1000;
    const expired = await call(setup.url, '/v1/batch', { body: { quote_id: quote.body.quote_id }, headers: who });
    assert.equal(expired.body.code, 'quote_expired');
  });
});
