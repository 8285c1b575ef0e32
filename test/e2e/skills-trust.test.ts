/**
 * The four trust skills over HTTP against the offline world (websites, the six job boards, the
 * ads registry, RDAP): pre_purchase_merchant_trust_check, verified_merchant_json_badge (its
 * signature checked with viem), b2b_vendor_stability_evaluator (its trend across calls days
 * apart) and verify_domain_legitimacy_and_security, each for ok, no_data and unreachable. Every
 * answer is validated against the spec by `call`; only ok is charged (one free call used).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { installJobBoards, type JobBoardsWorld } from '../world/fixtures/job-boards.ts';
import { installAdsRegistry } from '../world/fixtures/ads-registry.ts';
import { installRdap, RDAP_RECORDS, type RdapWorld } from '../world/fixtures/rdap.ts';
import { installMerchantSites, MERCHANT_DOMAINS, WALLETS } from '../world/fixtures/merchant-sites.ts';
import { installTechSites, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { BOARD_KEYS, installTrustSites, TRUST_DOMAINS } from '../world/fixtures/trust-sites.ts';
import { SIGNING_KEY_META } from '../../server/signing-key.ts';
import { verifyBadge } from '../../engines/trust/statement.ts';
import { startService } from '../support/service.ts';
import { assertValid, call } from '../support/contract.ts';
import { closeHttpCalls, httpCall } from '../support/http-call.ts';
import { WORLD_NOW } from '../world/clock.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const DAY = 86_400_000;
/** One hour after the world's now (test/world/clock.ts), which every fixture date is relative to. */
const T0 = WORLD_NOW + 3_600_000;
/** A fixture domain's age in days, from its registration date in the RDAP fixture. */
const ageAt = (domain: string, at = T0) => Math.floor((at - Date.parse((RDAP_RECORDS[domain] as { registered: string }).registered)) / DAY);

const caller = callers('198.51.100.');
const CHARGED = '4';
const FREE = '5';

describe('trust skills on the offline world', { timeout: 300_000 }, () => {
  let jobs: JobBoardsWorld;
  let rdap: RdapWorld;
  const setup = worldService({
    install: (world) => {
      jobs = installJobBoards(world);
      installAdsRegistry(world);
      rdap = installRdap(world);
      installMerchantSites(world);
      installTechSites(world);
      installTrustSites(world, jobs);
      world.dns.setRecords('back-office-shop.com', { A: ['10.1.2.3'] });
    },
    service: { now: () => new Date(T0) },
  });

  const skill = (id: string, body: unknown, base = setup.url) => call(base, `/v1/skills/${id}`, { body, headers: caller() });
  const trust = (body: Record<string, unknown>) => skill('pre_purchase_merchant_trust_check', body);

  describe('pre_purchase_merchant_trust_check', () => {
    it('ok: an established shop is LOW risk and safe, every signal read, and the check is charged', async () => {
      const before = rdap.requests.length;
      const { status, body, headers } = await trust({ domain: TRUST_DOMAINS.established, transaction_amount_usd: 49.99 });
      assert.equal(status, 200);
      assertValid('TrustCheckResult', body);
      assert.equal(body.status, 'ok');
      assert.deepEqual(body.signals, {
        domain_age_days: ageAt(TRUST_DOMAINS.established),
        has_active_employees: true,
        open_jobs_count: 6,
        legitimate_tech_stack: true,
        active_ad_campaigns: true,
        onchain_reputation_score: null,
      });
      assert.deepEqual([body.trust_score, body.risk_level, body.safe_to_buy], [100, 'LOW', true]);
      assert.match(body.recommendation, /^Proceed with a purchase of \$49\.99: trust score 100 meets the 60 required/);
      assert.ok(Number.isInteger(body.latency_ms) && body.latency_ms >= 0);
      assert.ok(body.limitations.some((text: string) => /onchain_reputation_score is null/.test(text)));
      assert.equal(headers.get('x-usage-free-remaining'), CHARGED);
      // RDAP was asked through the bootstrap redirect, once per check
      assert.deepEqual(
        rdap.requests.slice(before).map((request) => request.host),
        ['rdap.org', 'rdap.verisign.com'],
      );
    });

    it('ok: the amount decides safe_to_buy for the same evidence', async () => {
      const small = await trust({ domain: TECH_DOMAINS.ok, transaction_amount_usd: 5_000 });
      assert.equal(small.body.status, 'ok');
      assert.deepEqual(small.body.signals, {
        domain_age_days: ageAt(TECH_DOMAINS.ok),
        has_active_employees: null,
        open_jobs_count: null,
        legitimate_tech_stack: true,
        active_ad_campaigns: true,
        onchain_reputation_score: null,
      });
      assert.deepEqual([small.body.trust_score, small.body.risk_level, small.body.safe_to_buy], [80, 'LOW', true]);
      const large = await trust({ domain: TECH_DOMAINS.ok, transaction_amount_usd: 20_000 });
      assert.deepEqual([large.body.trust_score, large.body.safe_to_buy], [80, false]);
      assert.match(large.body.recommendation, /below the 90 required for a purchase of \$20,000\. The evidence is enough for purchases up to \$10,000/);
      assert.equal(large.headers.get('x-usage-free-remaining'), CHARGED, 'a completed assessment is charged, whatever it says');
    });

    it('ok: a shop registered 5 days ago is HIGH risk and never safe', async () => {
      const { body, headers } = await trust({ domain: TRUST_DOMAINS.newShop, transaction_amount_usd: 20 });
      assert.equal(body.status, 'ok');
      assert.equal(body.signals.domain_age_days, 5);
      assert.equal(body.signals.legitimate_tech_stack, true);
      assert.equal(body.signals.active_ad_campaigns, false);
      assert.deepEqual([body.trust_score, body.risk_level, body.safe_to_buy], [30, 'HIGH', false]);
      assert.match(body.recommendation, /^Do not buy: fresh-deals-outlet\.com was registered 5 days ago/);
      assert.equal(headers.get('x-usage-free-remaining'), CHARGED);
    });

    it('ok: a wallet that is not the payTo the merchant publishes is CRITICAL; the published one is named as evidence', async () => {
      const swapped = await trust({ domain: MERCHANT_DOMAINS.honest, merchant_wallet_or_id: WALLETS.attacker });
      assert.equal(swapped.body.status, 'ok');
      assert.deepEqual([swapped.body.risk_level, swapped.body.safe_to_buy], ['CRITICAL', false]);
      assert.match(
        swapped.body.recommendation,
        new RegExp(`^Do not pay: ${WALLETS.attacker} is not a payTo address ${MERCHANT_DOMAINS.honest} publishes .*${WALLETS.honest}`),
      );
      const honest = await trust({ domain: MERCHANT_DOMAINS.honest, merchant_wallet_or_id: WALLETS.honest.toLowerCase() });
      assert.notEqual(honest.body.risk_level, 'CRITICAL');
      assert.equal(honest.body.trust_score, swapped.body.trust_score + 40);
      assert.match(honest.body.recommendation, /the wallet matches the payTo/);
      const paymentId = await trust({ domain: MERCHANT_DOMAINS.honest, merchant_wallet_or_id: 'acct_1PqR2sT3uV' });
      assert.equal(paymentId.body.trust_score, honest.body.trust_score);
      assert.ok(paymentId.body.limitations.some((text: string) => /not an EVM address/.test(text)));
      const unpublished = await trust({ domain: TRUST_DOMAINS.established, merchant_wallet_or_id: WALLETS.attacker });
      assert.equal(unpublished.body.risk_level, 'LOW', 'nothing published to compare with: no penalty');
      assert.ok(unpublished.body.limitations.some((text: string) => /publishes no payTo address/.test(text)));
    });

    it('no_data: a bot wall, no registration, no board and an unreadable ads registry: no signal, free', async () => {
      const { status, body, headers } = await trust({ domain: TRUST_DOMAINS.walled });
      assert.equal(status, 200);
      assert.equal(body.status, 'no_data');
      assert.ok(
        Object.values(body.signals).every((value) => value === null),
        JSON.stringify(body.signals),
      );
      assert.equal(body.safe_to_buy, false);
      assert.equal(body.trust_score, undefined);
      assert.equal(body.risk_level, undefined);
      assert.ok(body.limitations.some((text: string) => /advertising-transparency registry could not be read/.test(text)));
      assert.equal(headers.get('x-usage-free-remaining'), FREE);
    });

    it('unreachable: a closed port and a name that does not exist, free, with error_reason', async () => {
      const closed = await trust({ domain: TRUST_DOMAINS.gone });
      assert.equal(closed.body.status, 'unreachable');
      assert.match(closed.body.error_reason, /^gone-dark-store\.com could not be reached: .*connect/);
      assert.equal(closed.body.safe_to_buy, false);
      assert.match(closed.body.recommendation, /^Do not buy: /);
      assert.equal(closed.headers.get('x-usage-free-remaining'), FREE);
      const missing = await trust({ domain: TRUST_DOMAINS.missing });
      assert.equal(missing.body.status, 'unreachable');
      assert.match(missing.body.error_reason, /^never-registered-shop\.com does not exist: .*dns_not_found/);
      assert.equal(missing.headers.get('x-usage-free-remaining'), FREE);
    });

    it('refuses a domain that resolves to a private address (unsafe_or_invalid_target), free', async () => {
      const { status, body, headers } = await trust({ domain: 'back-office-shop.com' });
      assert.equal(status, 400);
      assert.equal(body.code, 'unsafe_or_invalid_target');
      assert.equal(headers.get('x-usage-free-remaining'), FREE);
    });

    it('answers the same over MCP', async () => {
      await withMcp(setup.url, caller(), async (client) => {
        const result = await client.callTool({ name: 'pre_purchase_merchant_trust_check', arguments: { domain: TRUST_DOMAINS.newShop } });
        assert.notEqual(result.isError, true);
        assertValid('TrustCheckResult', result.structuredContent);
        assert.deepEqual([(result.structuredContent as any).status, (result.structuredContent as any).risk_level], ['ok', 'HIGH']);
      });
    });
  });

  describe('verified_merchant_json_badge', () => {
    it('ok: a statement signed with the service key, which verifies with viem; a tampered one does not', async () => {
      const { body, headers } = await skill('verified_merchant_json_badge', { domain: TRUST_DOMAINS.established });
      assertValid('BadgeResult', body);
      assert.equal(body.status, 'ok');
      assert.deepEqual([body.trust_score, body.risk_level], [100, 'LOW']);
      assert.deepEqual(body.organization, { domain: TRUST_DOMAINS.established, name: 'Brightpath Learning', url: `https://${TRUST_DOMAINS.established}/` });
      assert.equal(body.verification_key.type, 'eip191-personal-sign');
      assert.match(body.verification_key.how_to_verify, /verifyMessage/);
      assert.match(body.verification_key.how_to_verify, /issued_at <= now < expires_at/);
      const statement = JSON.parse(body.signed_statement);
      assert.deepEqual(
        {
          type: statement.type,
          domain: statement.domain,
          trust_score: statement.trust_score,
          risk_level: statement.risk_level,
          issued_at: statement.issued_at,
          expires_at: statement.expires_at,
          signer: statement.signer,
          signals: statement.signals,
        },
        {
          type: 'merchant-trust-assessment/v2',
          domain: TRUST_DOMAINS.established,
          trust_score: 100,
          risk_level: 'LOW',
          issued_at: new Date(T0).toISOString(),
          expires_at: new Date(T0 + DAY).toISOString(),
          signer: body.verification_key.address,
          signals: body.signals,
        },
      );
      assert.deepEqual([body.issued_at, body.expires_at], [statement.issued_at, statement.expires_at], 'the result repeats the signed window');
      assert.ok(
        body.limitations.some((line: string) => /holds for 24 hours, until expires_at/.test(line)),
        JSON.stringify(body.limitations),
      );
      assert.match(statement.statement, /does not verify ownership of the domain, its employees or that a purchase is safe/);
      const { address } = body.verification_key;
      assert.equal(await verifyMessage({ address, message: body.signed_statement, signature: body.signature }), true);
      const tampered = body.signed_statement.replace('"trust_score":100', '"trust_score":10');
      assert.notEqual(tampered, body.signed_statement);
      assert.equal(await verifyMessage({ address, message: tampered, signature: body.signature }), false);
      assert.equal(
        await verifyMessage({ address: privateKeyToAccount(generatePrivateKey()).address, message: body.signed_statement, signature: body.signature }),
        false,
      );
      assert.equal(headers.get('x-usage-free-remaining'), CHARGED);
    });

    it('holds for 24 hours: verifyBadge accepts it until expires_at, then refuses it as expired (no replay forever), and before issued_at as not yet valid', async () => {
      const { body } = await skill('verified_merchant_json_badge', { domain: TRUST_DOMAINS.established });
      const badge = { statement: body.signed_statement, signature: body.signature, address: body.verification_key.address };
      assert.equal((await verifyBadge({ ...badge, now: new Date(T0) })).valid, true);
      assert.equal((await verifyBadge({ ...badge, now: new Date(T0 + DAY - 1000) })).valid, true);
      assert.deepEqual(await verifyBadge({ ...badge, now: new Date(T0 + DAY + 120_000) }), { valid: false, reason: 'expired' });
      assert.deepEqual(await verifyBadge({ ...badge, now: new Date(T0 + 7 * DAY) }), { valid: false, reason: 'expired' });
      assert.deepEqual(await verifyBadge({ ...badge, now: new Date(T0 - 3_600_000) }), { valid: false, reason: 'not_yet_valid' });
    });

    it('signs with one key kept in the store: the same address later and from a second instance on the same store', async () => {
      const first = await skill('verified_merchant_json_badge', { domain: TRUST_DOMAINS.newShop });
      const stored = await setup.service.store.meta.get(SIGNING_KEY_META);
      assert.match(String(stored), /^0x[0-9a-f]{64}$/);
      assert.equal(privateKeyToAccount(stored as `0x${string}`).address, first.body.verification_key.address);
      const second = await startService({
        config: { net: setup.world.netConfig, trustedProxies: ['127.0.0.1'] },
        now: () => new Date(T0),
        store: setup.service.store,
      });
      try {
        const again = await skill('verified_merchant_json_badge', { domain: TRUST_DOMAINS.newShop }, second.url);
        assert.equal(again.body.verification_key.address, first.body.verification_key.address);
        assert.equal(
          await verifyMessage({ address: first.body.verification_key.address, message: again.body.signed_statement, signature: again.body.signature }),
          true,
        );
      } finally {
        await second.close();
      }
    });

    it('names no issuer a caller chose: null without PUBLIC_BASE_URL, the configured one with it, whatever the Host', async () => {
      const sent = { host: 'trusted-issuer.example', 'x-forwarded-for': '198.51.100.250' };
      const unset = await httpCall(setup.url, '/v1/skills/verified_merchant_json_badge', { body: { domain: TRUST_DOMAINS.established }, headers: sent });
      assert.equal(unset.body.status, 'ok');
      assert.equal(JSON.parse(unset.body.signed_statement).issuer, null);
      assert.ok(!unset.text.includes('trusted-issuer.example'));
      const configured = await startService({
        config: { net: setup.world.netConfig, trustedProxies: ['127.0.0.1'], publicBaseUrl: 'https://intel.example.com' },
        now: () => new Date(T0),
        store: setup.service.store,
      });
      try {
        const { body, text } = await httpCall(configured.url, '/v1/skills/verified_merchant_json_badge', {
          body: { domain: TRUST_DOMAINS.newShop },
          headers: sent,
        });
        assert.equal(body.status, 'ok');
        assert.equal(JSON.parse(body.signed_statement).issuer, 'https://intel.example.com');
        assert.ok(!text.includes('trusted-issuer.example'));
        assert.equal(await verifyMessage({ address: body.verification_key.address, message: body.signed_statement, signature: body.signature }), true);
      } finally {
        closeHttpCalls();
        await configured.close();
      }
    });

    it('signs with SERVICE_SIGNING_KEY when it is set', async () => {
      const key = generatePrivateKey();
      const configured = await startService({
        config: { net: setup.world.netConfig, trustedProxies: ['127.0.0.1'], signingKey: key },
        now: () => new Date(T0),
      });
      try {
        const { body } = await skill('verified_merchant_json_badge', { domain: TRUST_DOMAINS.established }, configured.url);
        assert.equal(body.verification_key.address, privateKeyToAccount(key).address);
        assert.equal(await verifyMessage({ address: body.verification_key.address, message: body.signed_statement, signature: body.signature }), true);
        assert.equal(await configured.store.meta.get(SIGNING_KEY_META), null, 'a configured key is never written to the store');
      } finally {
        await configured.close();
      }
    });

    it('no_data and unreachable: nothing signed, free', async () => {
      for (const [domain, expected] of [
        [TRUST_DOMAINS.walled, 'no_data'],
        [TRUST_DOMAINS.gone, 'unreachable'],
      ] as const) {
        const { body, headers } = await skill('verified_merchant_json_badge', { domain });
        assertValid('BadgeResult', body);
        assert.equal(body.status, expected);
        assert.equal(body.signed_statement, undefined);
        assert.equal(body.signature, undefined);
        assert.equal(body.verification_key, undefined);
        assert.deepEqual(body.organization, { domain, name: null, url: expected === 'no_data' ? `https://${domain}/` : null });
        assert.equal(headers.get('x-usage-free-remaining'), FREE, domain);
      }
    });
  });

  describe('b2b_vendor_stability_evaluator', () => {
    const vendor = (vendor_domain: string, base?: string) => skill('b2b_vendor_stability_evaluator', { vendor_domain }, base);

    it('ok: six fresh roles are not hypergrowth (small-sample rule) and open roles alone are no trend: STABLE, trend unknown, with the health formula and contacts', async () => {
      const { body, headers } = await vendor(TRUST_DOMAINS.established);
      assertValid('VendorStabilityResult', body);
      assert.equal(body.status, 'ok');
      assert.equal(body.vendor_domain, TRUST_DOMAINS.established);
      const score = body.hiring_velocity.intent_score;
      assert.deepEqual(body.hiring_velocity, { open_roles: 6, roles_posted_last_30_days: 5, intent_score: score, hiring_status: 'active_hiring' });
      assert.ok(score < 75, `six roles scored ${score}: under the small-sample rule they cannot reach hypergrowth`);
      assert.equal(body.stability_status, 'STABLE');
      assert.equal(body.engineering_and_support_headcount_trend, 'unknown', 'open engineering roles but no earlier reading');
      assert.deepEqual(body.trend_evidence.compared_with, null);
      assert.deepEqual([body.trend_evidence.open_roles, body.trend_evidence.engineering_support_roles], ['unknown', 'unknown']);
      const technologies = body.trend_evidence.technologies;
      assert.ok(
        technologies.first_run ? technologies.added === null : Array.isArray(technologies.added) && Array.isArray(technologies.removed),
        'the tech-stack comparison with its stored run',
      );
      assert.ok(body.limitations.some((text: string) => /No earlier reading of this board is stored/.test(text)));
      assert.ok(body.tech_stack_summary.includes('E-commerce: Shopify'), JSON.stringify(body.tech_stack_summary));
      assert.ok(body.tech_stack_summary.includes('Payments: Stripe'));
      assert.equal(body.verified_contacts_available, true);
      assert.equal(body.seo_visibility_trend, 'unknown');
      // 0.4 × intent + 15 (STABLE) + 10 (engineering) + 15 (3+ technologies) + 10 (contacts)
      assert.equal(body.vendor_health_score, Math.round(0.4 * score + 15 + 10 + 15 + 10));
      assert.ok(body.limitations.some((text: string) => /seo_visibility_trend is "unknown"/.test(text)));
      assert.equal(headers.get('x-usage-free-remaining'), CHARGED);
    });

    it('ok: a small steady board is STABLE', async () => {
      const { body } = await vendor(TRUST_DOMAINS.steady);
      assert.equal(body.status, 'ok');
      assert.equal(body.stability_status, 'STABLE');
      assert.equal(body.hiring_velocity.open_roles, 3);
      assert.equal(body.verified_contacts_available, false, 'pages read, no address published');
      // Its home page links to its Greenhouse board: the one technology it shows.
      assert.deepEqual(body.tech_stack_summary, ['Marketing: Greenhouse Job Board']);
    });

    it('sees a shrinking board across calls days apart: CONTRACTING, then HIGH_RISK, with the health capped', async () => {
      let clock = T0;
      const later = await startService({ config: { net: setup.world.netConfig, trustedProxies: ['127.0.0.1'] }, now: () => new Date(clock) });
      try {
        const first = await vendor(TRUST_DOMAINS.ebbing, later.url);
        assert.deepEqual([first.body.status, first.body.stability_status, first.body.hiring_velocity.open_roles], ['ok', 'STABLE', 8]);
        assert.ok(first.body.limitations.some((text: string) => /No earlier reading/.test(text)));

        jobs.closeJobs(BOARD_KEYS.ebbing, 2);
        clock = T0 + 8 * DAY;
        const second = await vendor(TRUST_DOMAINS.ebbing, later.url);
        assert.deepEqual([second.body.status, second.body.stability_status, second.body.hiring_velocity.open_roles], ['ok', 'CONTRACTING', 6]);
        assertValid('VendorStabilityResult', second.body);
        assert.equal(second.body.trend_evidence.compared_with.date, new Date(T0).toISOString(), 'the reading company-intent stored on the first call');
        assert.equal(second.body.trend_evidence.compared_with.open_roles, 8);
        assert.equal(second.body.trend_evidence.open_roles, 'falling', '8 -> 6');
        const named = { rising: 'more_open_roles', flat: 'same_open_roles', falling: 'fewer_open_roles' } as Record<string, string>;
        assert.equal(
          second.body.engineering_and_support_headcount_trend,
          named[second.body.trend_evidence.engineering_support_roles],
          'from the stored reading, not unknown',
        );
        assert.equal(first.body.engineering_and_support_headcount_trend, 'unknown');
        assert.ok(second.body.vendor_health_score <= 60);
        assert.ok(!second.body.limitations.some((text: string) => /No earlier reading/.test(text)));
        assert.equal(second.headers.get('x-usage-free-remaining'), CHARGED);

        jobs.closeJobs(BOARD_KEYS.ebbing, 3);
        clock = T0 + 16 * DAY;
        const third = await vendor(TRUST_DOMAINS.ebbing, later.url);
        assert.deepEqual([third.body.stability_status, third.body.hiring_velocity.open_roles], ['HIGH_RISK', 3]);
        assert.ok(third.body.vendor_health_score <= 30);
      } finally {
        await later.close();
      }
    });

    it('reads ads over time from the search-ads readings stored on earlier days, and never queries the registry itself', async () => {
      let clock = T0;
      const later = await startService({ config: { net: setup.world.netConfig, trustedProxies: ['127.0.0.1'] }, now: () => new Date(clock) });
      const ads = () => call(later.url, '/v1/search-ads', { body: { domain: TRUST_DOMAINS.established }, headers: caller() });
      try {
        const before = await vendor(TRUST_DOMAINS.established, later.url);
        assert.equal(before.body.trend_evidence.search_ads, null);
        assert.ok(before.body.limitations.some((text: string) => /no search-ads reading of this domain is stored/.test(text)));

        const first = await ads();
        assert.equal(first.body.status, 'ok');
        const filtered = await call(later.url, '/v1/search-ads', { body: { domain: TRUST_DOMAINS.established, format: 'image' }, headers: caller() });
        assert.equal(filtered.status, 200);
        const once = await vendor(TRUST_DOMAINS.established, later.url);
        assert.deepEqual(
          once.body.trend_evidence.search_ads,
          { latest: { date: new Date(T0).toISOString(), ads_in_sample: first.body.ads_returned }, compared_with: null, direction: 'unknown' },
          'the filtered call is not a reading',
        );

        clock = T0 + 8 * DAY;
        const second = await ads();
        const twice = await vendor(TRUST_DOMAINS.established, later.url);
        assertValid('VendorStabilityResult', twice.body);
        assert.deepEqual(twice.body.trend_evidence.search_ads, {
          latest: { date: new Date(T0 + 8 * DAY).toISOString(), ads_in_sample: second.body.ads_returned },
          compared_with: { date: new Date(T0).toISOString(), ads_in_sample: first.body.ads_returned },
          direction: 'flat',
        });
      } finally {
        await later.close();
      }
    });

    it('no_data: a site without a job board: UNKNOWN, no score, the rest given, free', async () => {
      const { body, headers } = await vendor(TRUST_DOMAINS.brochure);
      assert.equal(body.status, 'no_data');
      assert.deepEqual([body.stability_status, body.vendor_health_score, body.engineering_and_support_headcount_trend], ['UNKNOWN', null, 'unknown']);
      assert.deepEqual(body.hiring_velocity, { open_roles: null, roles_posted_last_30_days: null, intent_score: null, hiring_status: null });
      assert.equal(body.verified_contacts_available, false);
      assert.ok(body.limitations.some((text: string) => /No job board of paper-lantern-studio\.com was found/.test(text)));
      assert.equal(headers.get('x-usage-free-remaining'), FREE);
    });

    it('unreachable: neither the website nor a board, free', async () => {
      const { body, headers } = await vendor(TRUST_DOMAINS.gone);
      assert.equal(body.status, 'unreachable');
      assert.match(body.error_reason, /could not be reached/);
      assert.equal(body.verified_contacts_available, null);
      assert.equal(headers.get('x-usage-free-remaining'), FREE);
    });
  });

  describe('verify_domain_legitimacy_and_security', () => {
    const legitimacy = (domain: string) => skill('verify_domain_legitimacy_and_security', { domain });

    it('ok: the company-footprint result itself, with the skill fields, charged', async () => {
      const { body, headers } = await legitimacy(TRUST_DOMAINS.established);
      assertValid('LegitimacyResult', body);
      assert.equal(body.status, 'ok');
      const footprint = await call(setup.url, '/v1/company-footprint', { body: { domain: TRUST_DOMAINS.established }, headers: caller() });
      assert.equal(footprint.body.status, 'ok');
      for (const field of ['sections_status', 'footprint', 'sections_with_data', 'signals']) assert.deepEqual(body[field], footprint.body[field], field);
      assert.deepEqual(body.footprint, { website_ad_or_analytics_tags: 'found', job_board_with_open_roles: 'found', search_ads: 'found' });
      assert.equal(body.tech_stack.ecommerce, 'Shopify');
      assert.equal(body.next_steps, undefined);
      assert.ok(body.limitations.some((text: string) => /No security scan/.test(text)));
      assert.equal(headers.get('x-usage-free-remaining'), CHARGED);
    });

    it('no_data: a brochure site with no section of data, free', async () => {
      const { body, headers } = await legitimacy(TRUST_DOMAINS.brochure);
      assert.equal(body.status, 'no_data');
      assert.deepEqual(body.sections_with_data, []);
      assert.equal(body.error_reason, undefined);
      assert.equal(headers.get('x-usage-free-remaining'), FREE);
    });

    it('unreachable: the website did not answer, free, with error_reason', async () => {
      const { body, headers } = await legitimacy(TRUST_DOMAINS.gone);
      assert.equal(body.status, 'unreachable');
      assert.equal(body.footprint.website_ad_or_analytics_tags, 'unknown');
      assert.match(body.error_reason, /^gone-dark-store\.com could not be reached/);
      assert.equal(headers.get('x-usage-free-remaining'), FREE);
    });
  });
});
