/**
 * Pages of a long list, end to end over HTTP and MCP on the offline world (a 130-job Lever board)
 * and the local chain: the default page, every page once and in order, later pages and narrowed
 * calls of an input read today answered free from its one stored answer (free use, settlement and
 * receipts as for any replay), and a limit or offset out of range refused as invalid_input.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { installJobBoards, JOB_DOMAINS, type JobBoardsWorld } from '../world/fixtures/job-boards.ts';
import { startChain, type ChainWorld } from '../world/chain.ts';
import { assertValid, call } from '../support/contract.ts';
import { operationById } from '../../server/contract.ts';
import { chainFacilitator, payerClient } from '../support/paid-service.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const BOARD = JOB_DOMAINS.leverEu;
const BOARD_KEY = 'lever-eu:fjordpay';
const BOARD_JOBS = 130;
const PRICE = operationById('atsJobs')!.priceMicroUsd;
/** The default limit the spec writes (Limit.default). */
const DEFAULT_LIMIT = 25;

const newCaller = callers('198.51.100.');

describe('pages of a long list: one stored answer, charged once', { timeout: 180_000 }, () => {
  let boards: JobBoardsWorld;
  let chain: ChainWorld;
  const setup = worldService({
    install: (world) => (boards = installJobBoards(world)),
    service: async () => {
      chain = await startChain();
      return { facilitator: chainFacilitator(chain), config: { payTo: chain.payTo } };
    },
  });
  after(() => chain?.stop());

  const jobs = (body: Record<string, unknown>, headers: Record<string, string>) =>
    call(setup.url, '/v1/ats-jobs', { body: { domain: BOARD, ...body }, headers });
  const ledger = () => setup.service.store.ledger.list({ from: 0, to: Date.now() + 60_000 });
  const chargesOf = async (caller: Record<string, string>) =>
    (await ledger()).filter((entry) => entry.caller === caller['X-Forwarded-For'] && (entry.kind === 'free_use' || entry.kind === 'settlement'));

  /** Every page from offset 0 by next_offset, each checked against the first page's figures. */
  async function readAllPages(who: Record<string, string>, limit?: number) {
    const pages: any[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const answer = await jobs({ ...(limit ? { limit } : {}), ...(offset ? { offset } : {}) }, who);
      assert.equal(answer.status, 200, answer.text);
      pages.push(answer);
      offset = answer.body.page.next_offset;
      assert.ok(pages.length <= BOARD_JOBS, 'the pages end');
    }
    return pages;
  }

  it('sends the default number of jobs with the total and the next offset; every page gives every job once, in order; later pages are free', async () => {
    const who = newCaller();
    const first = await jobs({}, who);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'ok');
    assert.equal(first.body.jobs.length, DEFAULT_LIMIT);
    assert.deepEqual(first.body.page, { total: BOARD_JOBS, offset: 0, limit: DEFAULT_LIMIT, next_offset: DEFAULT_LIMIT });
    assert.equal(first.body.total_active_jobs, BOARD_JOBS, 'figures are over the whole board');
    assert.equal(first.body.jobs_returned, BOARD_JOBS);
    assert.equal(first.headers.get('x-usage-free-remaining'), '4', 'the first page is the charged call');
    assert.equal(first.headers.get('x-idempotent-replay'), null);
    assert.ok(Buffer.byteLength(first.text) < 30_000, `${Buffer.byteLength(first.text)} bytes for the first page`);

    const pages = [first, ...(await readAllPages(who)).slice(1)];
    assert.equal(pages.length, Math.ceil(BOARD_JOBS / DEFAULT_LIMIT));
    const listed = pages.flatMap((page) => page.body.jobs);
    const ids = listed.map((job: any) => job.job_id);
    assert.equal(ids.length, BOARD_JOBS);
    assert.equal(new Set(ids).size, BOARD_JOBS, 'each job once');
    assert.deepEqual(new Set(ids), new Set(boards.jobs(BOARD_KEY).map((job) => boards.jobId(BOARD_KEY, job))), 'every job of the board');
    const dated = listed.map((job: any) => Date.parse(job.posted_at ?? '') || -Infinity);
    assert.ok(
      dated.every((at: number, index: number) => index === 0 || at <= dated[index - 1]),
      'newest first across the pages',
    );
    for (const [index, page] of pages.entries()) {
      assert.equal(page.body.page.offset, index * DEFAULT_LIMIT);
      assert.equal(page.body.page.total, BOARD_JOBS);
      assert.equal(page.body.page.next_offset, index === pages.length - 1 ? null : (index + 1) * DEFAULT_LIMIT);
      if (index === 0) continue;
      assert.equal(page.headers.get('x-idempotent-replay'), 'true', `page ${index} is the stored answer`);
      assert.equal(page.headers.get('x-usage-charged-micro-usd'), '0');
      assert.equal(page.headers.get('x-usage-free-remaining'), '4', `page ${index} uses no free call`);
    }

    // Narrowed and in other page sizes, the same stored answer: the same jobs in the same order.
    const narrowed = await jobs({ limit: 5, offset: 3 }, who);
    assert.deepEqual(
      narrowed.body.jobs.map((job: any) => job.job_id),
      ids.slice(3, 8),
    );
    assert.deepEqual(narrowed.body.page, { total: BOARD_JOBS, offset: 3, limit: 5, next_offset: 8 });
    assert.equal(narrowed.headers.get('x-idempotent-replay'), 'true');
    const wide = await readAllPages(who, 100);
    assert.deepEqual(
      wide.map((page) => page.body.jobs.length),
      [100, 30],
    );
    assert.deepEqual(
      wide.flatMap((page) => page.body.jobs.map((job: any) => job.job_id)),
      ids,
    );
    const past = await jobs({ offset: 500 }, who);
    assert.deepEqual([past.body.jobs, past.body.page], [[], { total: BOARD_JOBS, offset: 500, limit: DEFAULT_LIMIT, next_offset: null }]);
    assert.deepEqual(
      (await chargesOf(who)).map((entry) => entry.kind),
      ['free_use'],
      'one free use for every page and narrowing',
    );
  });

  it('pages the same over MCP, a page read by HTTP then by MCP charged once', async () => {
    const who = newCaller();
    await withMcp(setup.url, who, async (client) => {
      const first = await client.callTool({ name: 'get_company_open_jobs', arguments: { domain: BOARD } });
      assert.equal(first.isError, undefined);
      const result = first.structuredContent as any;
      assertValid('AtsJobsResult', result);
      assert.equal(result.jobs.length, DEFAULT_LIMIT);
      assert.deepEqual(result.page, { total: BOARD_JOBS, offset: 0, limit: DEFAULT_LIMIT, next_offset: DEFAULT_LIMIT });
      const ids: string[] = [...result.jobs.map((job: any) => job.job_id)];
      let offset: number | null = result.page.next_offset;
      while (offset !== null) {
        const page = (await client.callTool({ name: 'get_company_open_jobs', arguments: { domain: BOARD.toUpperCase(), offset, limit: 40 } }))
          .structuredContent as any;
        assertValid('AtsJobsResult', page);
        ids.push(...page.jobs.map((job: any) => job.job_id));
        offset = page.page.next_offset;
      }
      assert.equal(ids.length, BOARD_JOBS);
      assert.equal(new Set(ids).size, BOARD_JOBS, 'each job once');
      const overHttp = await jobs({ offset: 25, limit: 40 }, who);
      assert.deepEqual(
        overHttp.body.jobs.map((job: any) => job.job_id),
        ids.slice(25, 65),
        'HTTP reads the answer MCP stored',
      );
      assert.equal(overHttp.headers.get('x-usage-free-remaining'), '4');
      assert.deepEqual(
        (await chargesOf(who)).map((entry) => entry.kind),
        ['free_use'],
      );
    });
  });

  it('settles a paid input once: a later page, with or without a new payment, replays it with the original receipt', async () => {
    const who = newCaller();
    for (const domain of [
      JOB_DOMAINS.greenhouseEmbed,
      JOB_DOMAINS.ashbyEmbed,
      JOB_DOMAINS.workablePath,
      JOB_DOMAINS.smartRecruiters,
      JOB_DOMAINS.recruiteeCustom,
    ]) {
      const free = await call(setup.url, '/v1/ats-jobs', { body: { domain }, headers: who });
      assert.equal(free.body.status, 'ok', `${domain} uses a free call`);
    }
    const challenge = await jobs({ limit: 10 }, who);
    assert.equal(challenge.status, 402);
    const terms: PaymentRequired = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    const payer = await chain.newPayer(1_000_000n);
    const before = await chain.balanceOf(chain.payTo);
    const pay = async () => encodePaymentSignatureHeader(await payerClient(payer).createPaymentPayload(terms));
    const paid = await jobs({ limit: 10 }, { ...who, 'PAYMENT-SIGNATURE': await pay() });
    assert.equal(paid.status, 200, paid.text);
    assert.deepEqual(paid.body.page, { total: BOARD_JOBS, offset: 0, limit: 10, next_offset: 10 });
    assert.equal(paid.headers.get('x-usage-charged-micro-usd'), String(PRICE));
    const receipt = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    assert.equal(receipt.success, true);
    assert.equal(await chain.balanceOf(chain.payTo), before + BigInt(PRICE));

    const second = await jobs({ limit: 10, offset: 10 }, who);
    assert.equal(second.status, 200, 'a later page needs no payment');
    assert.equal(second.headers.get('x-idempotent-replay'), 'true');
    assert.equal(second.headers.get('x-usage-charged-micro-usd'), '0');
    assert.equal(second.headers.get('x-payment-unused'), null, 'no payment was sent');
    const original = decodePaymentResponseHeader(second.headers.get('payment-response')!);
    assert.equal(original.transaction, receipt.transaction);
    assert.equal(original.extra?.original_settlement, true);
    assert.deepEqual(second.body.page, { total: BOARD_JOBS, offset: 10, limit: 10, next_offset: 20 });

    const paidAgain = await jobs({ offset: 120 }, { ...who, 'PAYMENT-SIGNATURE': await pay() });
    assert.equal(paidAgain.status, 200);
    assert.equal(paidAgain.headers.get('x-payment-unused'), 'replay', 'a new payment for a page of a bought input is not settled');
    assert.equal(paidAgain.headers.get('x-usage-charged-micro-usd'), '0');
    assert.equal(decodePaymentResponseHeader(paidAgain.headers.get('payment-response')!).extra?.original_settlement, true);
    assert.deepEqual(paidAgain.body.page, { total: BOARD_JOBS, offset: 120, limit: DEFAULT_LIMIT, next_offset: null });
    assert.equal(paidAgain.body.jobs.length, BOARD_JOBS - 120);

    assert.equal(await chain.balanceOf(chain.payTo), before + BigInt(PRICE), 'the chain moved the price once');
    assert.deepEqual(
      (await chargesOf(who)).map((entry) => entry.kind),
      ['free_use', 'free_use', 'free_use', 'free_use', 'free_use', 'settlement'],
    );
  });

  it('refuses a limit or offset out of range with invalid_input, free, over HTTP and MCP', async () => {
    const who = newCaller();
    const bad: Record<string, unknown>[] = [
      { limit: 0 },
      { limit: 101 },
      { limit: 2.5 },
      { limit: '10' },
      { offset: -1 },
      { offset: 1.5 },
      { offset: null },
      { offset: 10_001 },
    ];
    for (const fields of bad) {
      const answer = await jobs(fields, who);
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.equal(answer.body.code, 'invalid_input', JSON.stringify(fields));
      assert.match(answer.body.errors[0].pointer, /^\/(limit|offset)$/);
    }
    const rows = await call(setup.url, '/v1/batch', { body: { quote_id: 'q_none', limit: 51 }, headers: who });
    assert.equal(rows.status, 400, 'step 2 pages its rows at most 50 at a time');
    assert.equal(rows.body.code, 'invalid_input');
    await withMcp(setup.url, who, async (client) => {
      const refused = await client.callTool({ name: 'get_company_open_jobs', arguments: { domain: BOARD, limit: 0 } });
      assert.equal(refused.isError, true);
      assertValid('Problem', refused.structuredContent);
      assert.equal((refused.structuredContent as any).code, 'invalid_input');
    });
    assert.deepEqual(await chargesOf(who), []);
  });
});
