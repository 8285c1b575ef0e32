/**
 * The advisor end to end over HTTP and MCP on the offline world: its result validates, free_quota
 * and the free scans reflect what this caller used (real tech-stack and batch calls first), the
 * advisor itself never uses a free call, and cached_hint reports today's stored statuses of
 * sample_domain without calling any engine. (The 61st advisor call in an hour answering 429
 * advisor_rate_limit with Retry-After is covered by test/contract/metering.test.ts.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installTechSites, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { assertValid, call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('198.51.100.');

describe('advisor over HTTP and MCP', { timeout: 120_000 }, () => {
  const setup = worldService({ install: installTechSites });

  it("reports this caller's free calls and today's statuses, and never uses a free call itself", async () => {
    const who = caller();
    const fresh = await call(setup.url, '/v1/advisor', {
      body: { agent_goal: 'what technologies does this site use?', sample_domain: TECH_DOMAINS.ok },
      headers: who,
    });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.recommended_tool, 'tech-stack');
    assert.equal(fresh.body.free_quota.remaining, 5);
    assert.equal(fresh.body.free_quota.limit, 5);
    assert.equal(fresh.headers.get('x-usage-free-remaining'), '5');
    assert.equal(fresh.headers.get('x-usage-charged-micro-usd'), '0');
    assert.deepEqual(fresh.body.cached_hint.statuses, [], 'nothing run on this domain today yet');
    const step = fresh.body.recommended_execution_sequence[0];
    assert.deepEqual(step.next_tool_call_payload, { domain: TECH_DOMAINS.ok });
    assert.equal(step.url, `${setup.url}/v1/tech-stack`);

    // Run the recommended call as given: ok, one free call used.
    const ran = await call(setup.url, '/v1/tech-stack', { body: step.next_tool_call_payload, headers: who });
    assert.equal(ran.body.status, 'ok');
    assert.equal(ran.headers.get('x-usage-free-remaining'), '4');
    // A no_signals result is free and uses nothing.
    const empty = await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.noSignals }, headers: who });
    assert.equal(empty.body.status, 'no_signals');

    const requestsBefore = setup.world.sites.requests.length;
    for (let i = 0; i < 3; i++) {
      const again = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'tech stack please', sample_domain: TECH_DOMAINS.ok }, headers: who });
      assert.equal(again.status, 200);
      assert.equal(again.body.free_quota.remaining, 4, 'the ok tech-stack call used one; advisor calls use none');
      assert.equal(again.headers.get('x-usage-free-remaining'), '4');
      assert.equal(again.body.cached_hint.domain, TECH_DOMAINS.ok);
      assert.deepEqual(
        again.body.cached_hint.statuses.map((entry: any) => [entry.tool, entry.status]),
        [['tech-stack', 'ok']],
      );
      assert.equal(again.body.cost_estimate_usd.after_free_quota_max_usd, 0, 'the call fits in the free calls left');
    }
    const other = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'detect website tech', sample_domain: TECH_DOMAINS.noSignals }, headers: who });
    assert.deepEqual(
      other.body.cached_hint.statuses.map((entry: any) => [entry.tool, entry.status]),
      [['tech-stack', 'no_signals']],
    );
    assert.equal(setup.world.sites.requests.length, requestsBefore, 'the advisor made no engine call');

    const next = await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.noSignals }, headers: who });
    assert.equal(next.headers.get('x-usage-free-remaining'), '4', 'the advisor calls in between used no free call');
  });

  it('counts the free batch scans this caller used', async () => {
    const who = caller();
    const quote = await call(setup.url, '/v1/batch', { body: { tool: 'tech-stack', domains: [TECH_DOMAINS.ok, TECH_DOMAINS.noSignals] }, headers: who });
    assert.equal(quote.body.status, 'quote');
    const advice = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'tech stacks of a csv of domains', domain_count: 80 }, headers: who });
    assert.equal(advice.body.recommended_tool, 'batch');
    assert.equal(advice.body.cost_estimate_usd.scan_limits.free_scans_remaining, 2);
    assert.match(advice.body.free_quota.note, /2 of 3 left today/);
    assert.equal(advice.body.recommended_execution_sequence[0].next_tool_call_payload, null, 'the 80 domains are not known');
    assert.deepEqual(advice.body.recommended_execution_sequence[0].required_input, ['domains']);
  });

  it('answers an unclear goal with recommended_tool null, and refuses bad input with 400', async () => {
    const who = caller();
    const unclear = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'hello there' }, headers: who });
    assert.equal(unclear.status, 200);
    assert.equal(unclear.body.recommended_tool, null);
    assert.equal(unclear.body.cost_estimate_usd, null);
    const empty = await call(setup.url, '/v1/advisor', { body: { agent_goal: '' }, headers: who });
    assert.equal(empty.status, 400);
    const extra = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'tech stack', domain: 'acme.com' }, headers: who });
    assert.equal(extra.status, 400);
    const badDomain = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'tech stack', sample_domain: 'http://acme.com/x' }, headers: who });
    assert.equal(badDomain.status, 400);
    assert.equal(badDomain.body.code, 'invalid_domain');
    const alias = await call(setup.url, '/ask-advisor', { body: { agent_goal: 'open jobs at acme.com' }, headers: who });
    assert.equal(alias.status, 200);
    assert.equal(alias.body.recommended_tool, 'ats-jobs');
  });

  it("routes the issue's goals by what they ask about, and answers null for data the service does not have", async () => {
    const who = caller();
    const ask = async (body: Record<string, unknown>) => {
      const answer = await call(setup.url, '/v1/advisor', { body, headers: who });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0');
      return answer.body;
    };
    const snowflake = await ask({ agent_goal: 'which companies are buying Snowflake? I have 15 prospect domains' });
    assert.equal(snowflake.recommended_tool, 'batch', 'a technology bought by 15 prospects: tech-stack over them, more than the free calls');
    assert.equal(snowflake.recommended_execution_sequence[0].body.tool, 'tech-stack');
    assert.equal(snowflake.recommended_execution_sequence[0].next_tool_call_payload, null, 'the 15 domains were not given');
    assert.deepEqual(snowflake.recommended_execution_sequence[1].required_input, ['quote_id']);

    const footprint = await ask({ agent_goal: 'does this company have a real footprint: website tags, job board, ads?' });
    assert.equal(footprint.recommended_tool, 'company-footprint');
    assert.deepEqual(footprint.recommended_execution_sequence[0].required_input, ['domain'], 'no domain given, none invented');

    const figma = await ask({ agent_goal: 'Is figma.com using HubSpot or Marketo?' });
    assert.equal(figma.recommended_tool, 'tech-stack');
    assert.deepEqual(figma.recommended_execution_sequence[0].next_tool_call_payload, { domain: 'figma.com' });

    const revenue = await ask({ agent_goal: "what's the annual revenue and headcount of stripe.com?" });
    assert.equal(revenue.recommended_tool, null);
    assert.equal(revenue.cost_estimate_usd, null);
    assert.deepEqual(revenue.recommended_execution_sequence, []);
    assert.deepEqual(
      revenue.not_available.map((item: any) => item.data),
      ['revenue and financials', 'headcount'],
    );
    assert.match(revenue.why, /does not have/);
    assert.match(revenue.why, /company-intent/, 'and says what is available');
    assert.equal(revenue.free_quota.remaining, 5);
  });

  it('answers the MCP tool ask_service_advisor with the same result, free', async () => {
    const who = caller();
    const used = await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.ok }, headers: who });
    assert.equal(used.headers.get('x-usage-free-remaining'), '4');
    await withMcp(setup.url, who, async (client) => {
      for (let i = 0; i < 2; i++) {
        const result: any = await client.callTool({
          name: 'ask_service_advisor',
          arguments: { agent_goal: 'which of these companies are hot buyers?', sample_domain: TECH_DOMAINS.ok, budget_usd: 0.5 },
        });
        assert.notEqual(result.isError, true);
        assertValid('AdvisorResult', result.structuredContent, 'MCP ask_service_advisor');
        assert.equal(result.structuredContent.recommended_tool, 'hot-buyers');
        assert.equal(result.structuredContent.free_quota.remaining, 4);
        assert.equal(result.structuredContent.recommended_execution_sequence[0].mcp_tool, 'find_hot_buyers');
        assert.equal(result.structuredContent.recommended_execution_sequence[1].next_tool_call_payload, null);
      }
    });
    const after = await call(setup.url, '/v1/advisor', { body: { agent_goal: 'contacts of acme.com' }, headers: who });
    assert.equal(after.body.free_quota.remaining, 4);
  });
});
