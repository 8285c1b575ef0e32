/**
 * MCP progress on the offline world, with the official client: a tools/call that carries a
 * progressToken (the client's onprogress) gets notifications/progress as rows or sections finish,
 * then the same result, metered the same, as the call without one; a call without a token is
 * answered with plain JSON and gets none.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { installTechSites, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { installJobBoards, JOB_DOMAINS } from '../world/fixtures/job-boards.ts';
import { installAdsRegistry, ADS_DOMAINS } from '../world/fixtures/ads-registry.ts';
import { createFreeQuota } from '../../server/metering/quota.ts';
import { service as serviceFacts } from '../../server/contract.ts';
import { startService, type TestService } from '../support/service.ts';
import { assertValid } from '../support/contract.ts';
import { minimalHandlers } from '../support/minimal-handlers.ts';
import type { Handler } from '../../handlers/types.ts';
import { addresses, worldService } from '../support/lifecycle.ts';
import { connectMcp } from '../support/mcp.ts';

const nextCaller = addresses('198.51.100.', 31);
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

type Called = { result: Record<string, any>; steps: Progress[]; errors: Error[] };

describe('MCP progress of long calls (official client)', { timeout: 300_000 }, () => {
  const setup = worldService({ install: [installTechSites, installJobBoards, installAdsRegistry] });

  /** One tools/call from a caller of its own; with `progress`, its onprogress steps, in order. */
  async function callTool(caller: string, name: string, args: Record<string, unknown>, { progress }: { progress: boolean }): Promise<Called> {
    const errors: Error[] = [];
    const client = await connectMcp(setup.url, { 'X-Forwarded-For': caller }, { errors });
    const steps: Progress[] = [];
    try {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
        ...(progress ? { onprogress: (step: Progress) => steps.push(step) } : {}),
      });
      // A notification sent after the result would arrive now, as an error: the client forgot its token with the answer.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { result, steps, errors };
    } finally {
      await client.close();
    }
  }

  /** The same tools/call with a progress token and without, each from a caller of its own. */
  async function callBothWays(name: string, args: Record<string, unknown>) {
    const withProgress = nextCaller();
    const without = nextCaller();
    const streamed = await callTool(withProgress, name, args, { progress: true });
    const plain = await callTool(without, name, args, { progress: false });
    return { withProgress, without, streamed, plain };
  }

  /** What metering left for a caller: its free calls and step-1 scans of today. */
  async function usageOf(caller: string) {
    const quota = createFreeQuota({
      store: setup.service.store,
      limit: serviceFacts.freeCallsPerIdentityPerUtcDay,
      scansPerDay: serviceFacts.freeScansPerDay,
      readFreshMs: 0,
    });
    const now = new Date();
    return { freeCalls: (await quota.usage(caller, now)).remaining, scans: (await quota.scanUsage(caller, now)).remaining };
  }

  function assertMonotonic(steps: Progress[]) {
    steps.forEach((step, index) => assert.equal(step.progress, index + 1, `step ${index + 1} counts one more finished part: ${JSON.stringify(steps)}`));
  }

  /** A quote's answer without what differs between any two calls (its id, its expiry). */
  const quoteContent = ({ quote_id: _id, expires_at: _expires, ...rest }: Record<string, unknown>) => rest;

  it('batch_lookup: one step per finished row, of the row count, naming the row and its status; the same answer and metering as without a token', async () => {
    const domains = [
      TECH_DOMAINS.ok,
      TECH_DOMAINS.noSignals,
      TECH_DOMAINS.blocked,
      TECH_DOMAINS.unreachable,
      TECH_DOMAINS.notFound,
      JOB_DOMAINS.greenhouseEmbed,
    ];
    const { withProgress, without, streamed, plain } = await callBothWays('batch_lookup', { tool: 'tech-stack', domains });

    const body = streamed.result.structuredContent;
    assertValid('QuoteResult', body);
    assert.equal(body.status, 'quote');
    assert.deepEqual(streamed.errors, [], 'nothing after the result');
    assertMonotonic(streamed.steps);
    assert.equal(streamed.steps.length, domains.length, 'one step per row');
    for (const step of streamed.steps) assert.equal(step.total, domains.length);
    assert.deepEqual(
      streamed.steps.map((step) => step.message).sort(),
      body.statuses.map((row: any) => `${row.domain}: ${row.status}`).sort(),
      'each step names a finished row as the answer has it',
    );

    assert.deepEqual(plain.errors, []);
    assert.equal(plain.result.isError, streamed.result.isError);
    assertValid('QuoteResult', plain.result.structuredContent);
    assert.deepEqual(quoteContent(body), quoteContent(plain.result.structuredContent));
    assert.deepEqual(streamed.result._meta, plain.result._meta);
    assert.deepEqual(await usageOf(withProgress), await usageOf(without), 'metered alike: one scan, no free call');
    assert.deepEqual(await usageOf(withProgress), { freeCalls: serviceFacts.freeCallsPerIdentityPerUtcDay, scans: serviceFacts.freeScansPerDay - 1 });
  });

  it('find_hot_buyers: the hiring check of every domain, then each profile checked, counted as they finish (no total); the same answer and metering as without a token', async () => {
    const domains = [
      JOB_DOMAINS.greenhouseEmbed,
      JOB_DOMAINS.leverEu,
      JOB_DOMAINS.ashbyEmbed,
      JOB_DOMAINS.workablePath,
      JOB_DOMAINS.smartRecruiters,
      JOB_DOMAINS.recruiteeCustom,
      JOB_DOMAINS.notFound,
    ];
    const { withProgress, without, streamed, plain } = await callBothWays('find_hot_buyers', { domains, min_intent_score: 0 });

    const body = streamed.result.structuredContent;
    assertValid('QuoteResult', body);
    assert.equal(body.status, 'quote');
    assert.deepEqual(streamed.errors, [], 'nothing after the result');
    assertMonotonic(streamed.steps);
    for (const step of streamed.steps) assert.equal(step.total, undefined, 'how many profiles are checked is not known ahead');
    const scans = streamed.steps.slice(0, domains.length).map((step) => step.message);
    assert.deepEqual(scans.sort(), body.statuses.map((row: any) => `hiring intent ${row.domain}: ${row.status}`).sort(), 'first every hiring check');
    const checked = [
      ...body.statuses.filter((row: any) => row.billable).map((row: any) => `profile ${row.domain}: ok`),
      ...(body.hot_not_billable ?? []).map((row: any) => `profile ${row.domain}: ${row.profile_status}`),
    ];
    assert.ok(checked.length >= 2, JSON.stringify(body));
    assert.deepEqual(
      streamed.steps
        .slice(domains.length)
        .map((step) => step.message)
        .sort(),
      checked.sort(),
      'then each profile checked',
    );

    const other = plain.result.structuredContent;
    assertValid('QuoteResult', other);
    assert.equal(plain.result.isError, streamed.result.isError);
    for (const field of ['status', 'statuses', 'billable_count', 'price_micro_usd', 'cold', 'more_hot']) assert.deepEqual(other[field], body[field], field);
    assert.deepEqual(
      (other.hot_not_billable ?? []).map((row: any) => [row.domain, row.profile_status]),
      (body.hot_not_billable ?? []).map((row: any) => [row.domain, row.profile_status]),
    );
    assert.deepEqual(await usageOf(withProgress), await usageOf(without), 'metered alike');
  });

  it('get_company_profile: one step per finished section, of 3; a free call is used exactly as without a token', async () => {
    const { withProgress, without, streamed, plain } = await callBothWays('get_company_profile', { domain: ADS_DOMAINS.jobsSite });
    const body = streamed.result.structuredContent;
    assertValid('ProfileResult', body);
    assert.equal(body.status, 'ok');
    assertMonotonic(streamed.steps);
    assert.deepEqual(
      streamed.steps.map((step) => step.total),
      [3, 3, 3],
    );
    assert.deepEqual(
      streamed.steps.map((step) => step.message).sort(),
      Object.entries(body.sections_status)
        .map(([name, status]) => `${name}: ${status}`)
        .sort(),
    );
    assert.deepEqual(streamed.errors, [], 'nothing after the result');
    assert.equal(plain.result.structuredContent!.status, body.status);
    assert.deepEqual(plain.result.structuredContent!.sections_status, body.sections_status);
    assert.deepEqual(await usageOf(withProgress), await usageOf(without));
    assert.equal((await usageOf(withProgress)).freeCalls, serviceFacts.freeCallsPerIdentityPerUtcDay - 1);
  });

  it('on the wire: with a token the answer is an SSE stream of progress notifications, then the result last; without one, plain JSON', async () => {
    const domains = [TECH_DOMAINS.ok, TECH_DOMAINS.noSignals, TECH_DOMAINS.notFound];
    const rpc = (meta: Record<string, unknown> | undefined) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'batch_lookup', arguments: { tool: 'tech-stack', domains }, ...(meta ? { _meta: meta } : {}) },
      });

    const streamed = await fetch(`${setup.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'x-forwarded-for': nextCaller() },
      body: rpc({ progressToken: 'rows' }),
    });
    assert.equal(streamed.status, 200);
    assert.match(streamed.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(streamed.headers.get('x-usage-free-remaining'), String(serviceFacts.freeCallsPerIdentityPerUtcDay), 'the free calls as the call started');
    assert.equal(streamed.headers.get('x-usage-charged-micro-usd'), null, 'a stream states no charge in its headers');
    const messages = (await streamed.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    for (const message of messages) assertValid('JsonRpcMessage', message);
    const last = messages.at(-1);
    assert.equal(last.id, 7, 'the result comes last');
    assertValid('QuoteResult', last.result.structuredContent);
    const notifications = messages.slice(0, -1);
    assert.equal(notifications.length, domains.length);
    notifications.forEach((message, index) => {
      assert.equal(message.method, 'notifications/progress');
      assert.deepEqual(
        { token: message.params.progressToken, progress: message.params.progress, total: message.params.total },
        { token: 'rows', progress: index + 1, total: domains.length },
      );
    });

    const plain = await fetch(`${setup.url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, 'x-forwarded-for': nextCaller() }, body: rpc(undefined) });
    assert.match(plain.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(plain.headers.get('x-usage-charged-micro-usd'), '0');
    const answer = await plain.json();
    assertValid('JsonRpcMessage', answer);
    assert.equal(answer.id, 7);
    assert.deepEqual(quoteContent(answer.result.structuredContent), quoteContent(last.result.structuredContent));
  });
});

describe('MCP progress says only what moved forward', () => {
  let service: TestService;
  before(async () => {
    // A handler that repeats a step and goes back (the pipeline's guard; test/unit/server/pipeline/progress.test.ts has the rest).
    const techStack: Handler = async (input, context) => {
      for (const done of [1, 1, 3, 2]) context.progress({ done, total: 4, message: `part ${done}` });
      return minimalHandlers.techStack!(input, context);
    };
    service = await startService({ handlers: { ...minimalHandlers, techStack } });
  });
  after(async () => {
    await service?.close();
  });

  it('forwards only steps that count more than the last one', async () => {
    const errors: Error[] = [];
    const client = await connectMcp(service.url, {}, { errors });
    try {
      const steps: Progress[] = [];
      const result = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'example.com' } }, undefined, {
        onprogress: (step) => steps.push(step),
      });
      assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
      assert.deepEqual(steps, [
        { progress: 1, total: 4, message: 'part 1' },
        { progress: 3, total: 4, message: 'part 3' },
      ]);
      assert.deepEqual(errors, []);
    } finally {
      await client.close();
    }
  });
});
