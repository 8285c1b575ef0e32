/**
 * tech-stack end to end against the offline world: real HTTP(S) to fixture sites, real DNS, a
 * real tag-manager container, every status, charging only ok, and changes between runs.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installTechSites, redesignAcme, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { assertValid, call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('203.0.113.');
/** One of the names matches the pattern (the message says which names there were, or why it is there). */
const assertNamed = (names: string[], pattern: RegExp, message = JSON.stringify(names)) =>
  assert.ok(
    names.some((name) => pattern.test(name)),
    message,
  );

describe('tech-stack against the offline world', { timeout: 120_000 }, () => {
  const setup = worldService({ install: installTechSites });

  it('reads the home page, one tag-manager container and DNS into an ok result, and charges it', async () => {
    const who = caller();
    const { status, body, headers } = await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.ok }, headers: who });
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.equal(body.final_url, 'https://acme-analytics.com/');
    assert.equal(body.title, 'Acme Analytics — Revenue intelligence for B2B teams');
    assert.equal(body.cms, 'WordPress');
    assert.equal(body.dmarc_policy, 'reject');
    assert.match(body.email_provider, /google/i);
    for (const flag of ['has_pixel_a', 'has_ads_tag', 'has_analytics_tag_a', 'has_tag_manager', 'has_pixel_b', 'has_pixel_c'])
      assert.equal(body[flag], true, flag);
    assertNamed(body.payments, /stripe/i);
    assertNamed(body.marketing_tools, /hubspot/i);
    assertNamed(body.hosting_cdn, /cloudflare/i);
    assertNamed(body.spf_senders, /sendgrid/i);
    assertNamed(body.analytics, /clarity/i, 'a tag found only inside the container');
    assert.ok(body.verified_services.length >= 2, JSON.stringify(body.verified_services));
    assert.ok(body.technology_count >= 12, String(body.technology_count));
    assert.equal(body.is_first_run, true);
    assert.equal(body.added, null);
    assert.equal(body.removed, null);
    // every listed technology once, with categories, evidence an agent can find in what was read, and history
    const listed = new Set(
      ['ad_pixels', 'analytics', 'marketing_tools', 'hosting_cdn', 'frameworks', 'payments', 'spf_senders', 'verified_services']
        .flatMap((key) => body[key])
        .concat([body.cms, body.email_provider].filter(Boolean)),
    );
    assert.deepEqual(new Set(body.technologies.map((t: any) => t.name)), listed);
    for (const finding of body.technologies) {
      assert.ok(finding.evidence.length >= 1 && finding.categories.length >= 1, finding.name);
      assert.equal(finding.first_seen, body.checked_at, 'first run: first seen now');
      assert.equal(finding.last_seen, body.checked_at);
    }
    const wordpress = body.technologies.find((t: any) => t.name === 'WordPress');
    assert.equal(wordpress.version, '6.6.2', 'from <meta name="generator">');
    assert.ok(
      wordpress.evidence.some((e: any) => e.kind === 'meta' && /WordPress 6\.6\.2/.test(e.snippet)),
      JSON.stringify(wordpress.evidence),
    );
    assert.equal(body.technologies.find((t: any) => t.name === 'Contact Form 7')?.version, '5.9', 'the plugin asset ?ver=');
    assert.deepEqual(
      body.next_steps.map((step: any) => step.tool),
      ['ats-jobs', 'company-intent', 'search-ads', 'company-profile'],
    );
    assert.deepEqual(body.next_steps[0].body, { domain: TECH_DOMAINS.ok });
    assert.equal(headers.get('x-usage-free-remaining'), '4');
    const containers = setup.world.sites.requests.filter((request) => request.host === 'www.googletagmanager.com');
    assert.equal(containers.length, 1);
    assert.match(containers[0].url, /gtm\.js\?id=GTM-ACME123/);
    assert.equal(containers[0].scheme, 'https');
  });

  const free: [string, string, string][] = [
    ['no_signals for a page with no technology', TECH_DOMAINS.noSignals, 'no_signals'],
    ['blocked for a challenge page', TECH_DOMAINS.blocked, 'blocked'],
    ['unreachable when nothing answers', TECH_DOMAINS.unreachable, 'unreachable'],
    ['not_found for a name that does not exist', TECH_DOMAINS.notFound, 'not_found'],
  ];
  for (const [name, domain, expected] of free) {
    it(`answers ${name}, free`, async () => {
      const { status, body, headers } = await call(setup.url, '/v1/tech-stack', { body: { domain }, headers: caller() });
      assert.equal(status, 200);
      assert.equal(body.status, expected);
      assert.equal(body.technology_count, 0);
      assert.equal(body.has_pixel_a, expected === 'no_signals' ? false : null, 'flags are false when the page was read, null when it was not');
      assert.equal(body.next_steps, undefined);
      assert.equal(headers.get('x-usage-free-remaining'), '5', 'not charged');
    });
  }

  it('refuses a domain that resolves to a private address (unsafe_or_invalid_target), free', async () => {
    const { status, body } = await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.privateAddress }, headers: caller() });
    assert.equal(status, 400);
    assert.equal(body.code, 'unsafe_or_invalid_target');
  });

  it('reports what was added and removed since the previous run, and when each technology was first seen', async () => {
    const earlier = (await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.ok }, headers: caller() })).body;
    const firstSeen = new Map(earlier.technologies.map((t: any) => [t.name, t.first_seen]));
    redesignAcme(setup.world);
    const { body } = await call(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.ok }, headers: caller() });
    assert.equal(body.is_first_run, false);
    assert.equal(body.has_pixel_c, false);
    assertNamed(body.removed, /tiktok/i);
    assertNamed(body.added, /intercom/i);
    for (const finding of body.technologies) {
      assert.equal(finding.last_seen, body.checked_at);
      if (body.added.includes(finding.name)) assert.equal(finding.first_seen, body.checked_at, `${finding.name} is new`);
      else assert.equal(finding.first_seen, firstSeen.get(finding.name), `${finding.name} was seen before`);
      assert.ok(finding.first_seen <= earlier.checked_at || body.added.includes(finding.name));
    }
  });

  it('answers the same over MCP', async () => {
    await withMcp(setup.url, caller(), async (client) => {
      const result = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: TECH_DOMAINS.noSignals } });
      assertValid('TechStackResult', result.structuredContent);
      assert.equal((result.structuredContent as any).status, 'no_signals');
    });
  });
});
