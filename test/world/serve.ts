/**
 * The offline world (DNS, fixture web sites, tag-manager host; with `chain` also the local Base
 * chain and payments) and the service pointed at it, with commands to try. Run by `npm run world`
 * (cli.ts), which sets the world's clock before these fixtures load.
 */
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorld } from './index.ts';
import { WORLD_NOW } from './clock.ts';
import { TECH_DOMAINS } from './fixtures/tech-sites.ts';
import { installEveryFixture } from './fixtures/every.ts';
import { JOB_DOMAINS } from './fixtures/job-boards.ts';
import { ADS_DOMAINS } from './fixtures/ads-registry.ts';
import { CONTACT_DOMAINS } from './fixtures/contact-sites.ts';
import { MERCHANT_DOMAINS, merchantUrl } from './fixtures/merchant-sites.ts';
import { MARKDOWN_DOMAINS, markdownUrl } from './fixtures/markdown-sites.ts';
import { RENDER_DOMAINS } from './fixtures/render-sites.ts';
import { TRUST_DOMAINS } from './fixtures/trust-sites.ts';
import { PRODUCT_URLS, STORE_DOMAINS } from './fixtures/store-sites.ts';
import type { Payer } from './chain.ts';
import { defaultPayBase } from '../../client/pay.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openStore } from '../../server/store/index.ts';

/** Six domains whose tech-stack answer is ok (a call that is not ok uses no free call). */
const WALKTHROUGH_DOMAINS = [
  TECH_DOMAINS.ok,
  CONTACT_DOMAINS.full,
  TRUST_DOMAINS.established,
  TRUST_DOMAINS.newShop,
  JOB_DOMAINS.ashbyEmbed,
  JOB_DOMAINS.payOnDetail,
];

/** What `--chain` gives the printed payer: $10 of the test USDC (6 decimals). */
const PAYER_USDC_ATOMIC = 10_000_000n;

/**
 * The payment walk-through: five free calls of one caller (each on another domain, since a repeat
 * of the same input is a free replay), then a 402 paid by `npm run pay` with the funded payer.
 */
export function paymentsText(base: string, chain: { rpcUrl: string; payTo: string }, payer: Payer): string {
  const caller = '198.51.100.250';
  const curl = (body: string) =>
    `curl -s -o /dev/null -w '%{http_code}\\n' -X POST ${base}/v1/tech-stack -H 'content-type: application/json' -H 'x-forwarded-for: ${caller}' -d ${body}`;
  const paid = WALKTHROUGH_DOMAINS[5];
  return `Payments: the local chain (Base's chain id 8453, a test USDC at the real USDC address) is at ${chain.rpcUrl}; the service is paid to ${chain.payTo}.
A funded test payer ($${Number(PAYER_USDC_ATOMIC) / 1e6} of test USDC; no ETH needed, the facilitator pays the gas):
  address ${payer.address}
  key     ${payer.privateKey}
One caller's 5 free calls (200 each), its 6th call answered 402, then that call paid:
  for d in ${WALKTHROUGH_DOMAINS.slice(0, 5).join(' ')}; do ${curl(`"{\\"domain\\":\\"$d\\"}"`)}; done
  ${curl(`'{"domain":"${paid}"}'`)}    # 402: the terms are in PAYMENT-REQUIRED and the body
  PAYER_KEY=${payer.privateKey} npm run pay -- /v1/tech-stack '{"domain":"${paid}"}' --caller ${caller}${base === defaultPayBase() ? '' : ` --base ${base}`}    # 200, paid: the receipt and the result`;
}

export interface ServeWorldOptions {
  chain: boolean;
  port: number;
  /** The service's clock. */
  now: () => Date;
}

export async function serveWorld({ chain: withChain, port, now }: ServeWorldOptions) {
  const world = await startWorld({ chain: withChain });
  installEveryFixture(world);

  const store = await openStore({ sqlitePath: join(mkdtempSync(join(tmpdir(), 'world-service-')), 'service.sqlite') });
  // Every printed example comes from a caller address of its own (X-Forwarded-For, believed from
  // loopback), so that each fits in its own 5 free calls and all of them can be tried unpaid.
  const config = {
    ...loadConfig({ TRUSTED_PROXIES: '127.0.0.1', ...process.env, ...world.netEnv }),
    ...(world.chain ? { payTo: world.chain.payTo, facilitatorPrivateKey: world.chain.facilitatorPrivateKey, rpcUrl: world.chain.rpcUrl } : {}),
  };
  const app = await createApp({ config, store, now, log: (entry) => entry.level === 'error' && console.error(JSON.stringify(entry)) });
  const server = createServer(app.callback()).listen(port, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;

  // A payer funded on the local chain, so that a 402 can be paid from outside this process.
  const payer = world.chain ? await world.chain.newPayer(PAYER_USDC_ATOMIC) : null;

  let caller = 0;
  const post = (path: string, body: unknown) =>
    `curl -s -X POST ${base}${path} -H 'content-type: application/json' -H 'x-forwarded-for: 198.51.100.${++caller}' -d '${JSON.stringify(body)}'`;
  console.log(`The offline world is up; the service listens on ${base} (embedded store in a temp folder).
The world's now is ${new Date(WORLD_NOW).toISOString()}: every fixture date (registrations, job postings, ads, promotions) is an age before it.

Try (each example from a caller address of its own, so none runs out of free calls):
  ${post('/v1/advisor', { agent_goal: 'which ad pixels and analytics does this company use?', sample_domain: TECH_DOMAINS.ok })}    # free: the operation, its price, a ready request
  ${post('/v1/tech-stack', { domain: TECH_DOMAINS.ok })}
  ${post('/v1/tech-stack', { domain: TECH_DOMAINS.blocked })}        # blocked, free
  ${post('/v1/tech-stack', { domain: TECH_DOMAINS.notFound })}    # not_found, free
  ${post('/v1/ats-jobs', { domain: JOB_DOMAINS.leverEu })}    # Lever EU board linked from the home page
  ${post('/v1/company-intent', { domain: JOB_DOMAINS.big })}    # 1,000-job Greenhouse board
  ${post('/v1/search-ads', { domain: ADS_DOMAINS.paged })}    # 40 ads over 3 registry pages
  ${post('/v1/search-ads', { domain: ADS_DOMAINS.regions, region: 'JP' })}    # region filter, echoed
  ${post('/v1/search-ads', { domain: ADS_DOMAINS.rateLimited })}    # registry 429: 502 engine_failed, free
  ${post('/v1/company-profile', { domain: ADS_DOMAINS.jobsSite })}    # hiring and ads sections: ok
  ${post('/v1/company-footprint', { domain: ADS_DOMAINS.jobsSite })}    # tags, job board, ads: facts only
  ${post('/v1/hot-buyers', { domains: [JOB_DOMAINS.leverEu, JOB_DOMAINS.greenhouseEmbed, JOB_DOMAINS.notFound], min_intent_score: 20 })}    # step 1: a quote
  ${post('/v1/batch', { tool: 'tech-stack', domains: [TECH_DOMAINS.ok, TECH_DOMAINS.noSignals] })}    # step 1: one billable row
  ${post('/v1/private-query', { tool: 'tech_stack', target: TECH_DOMAINS.ok })}    # the target stays out of payment terms
  ${post('/v1/extract-contacts', { domain: CONTACT_DOMAINS.full })}    # every obfuscation, every trap
  ${post('/v1/extract-contacts', { domain: CONTACT_DOMAINS.nothing })}    # only traps, no MX: no_data, free
  ${post('/v1/verify-merchant', { target_url: merchantUrl(MERCHANT_DOMAINS.honest) })}    # valid x402 v2 terms, safe_to_pay
  ${post('/v1/verify-merchant', { target_url: merchantUrl(MERCHANT_DOMAINS.hiddenInk) })}    # hidden instructions: CRITICAL
  ${post('/v1/verify-merchant', { target_url: merchantUrl(MERCHANT_DOMAINS.drip) })}    # tarpit: unreachable within 4 s, free
  ${post('/v1/clean-markdown', { url: markdownUrl(MARKDOWN_DOMAINS.pricing, '/pricing') })}    # header-less pricing table as GFM
  ${post('/v1/clean-markdown', { url: markdownUrl(MARKDOWN_DOMAINS.article, '/cranes'), max_chars: 400 })}    # cut at a block boundary
  ${post('/v1/clean-markdown', { url: markdownUrl(MARKDOWN_DOMAINS.pdf, '/whitepaper.pdf') })}    # a three-page PDF: headings, lists, a link
  ${post('/v1/clean-markdown', { url: markdownUrl(MARKDOWN_DOMAINS.pdf, '/minutes.pdf') })}    # a password-protected PDF: unsupported_content, free
  ${post('/v1/clean-markdown', { url: `https://${RENDER_DOMAINS.docs}/` })}    # written by its script from its own API: rendered in the sandboxed browser
  ${post('/v1/clean-markdown', { url: `https://${RENDER_DOMAINS.loop}/` })}    # a script that never ends: stopped at the render budget, free
  ${post('/v1/skills/pre_purchase_merchant_trust_check', { domain: TRUST_DOMAINS.newShop, transaction_amount_usd: 49.99 })}    # a young shop (RDAP), no board, no ads: HIGH risk
  ${post('/v1/skills/verified_merchant_json_badge', { domain: TRUST_DOMAINS.established })}    # signed statement valid 24 h, verify with viem
  ${post('/v1/skills/b2b_vendor_stability_evaluator', { vendor_domain: TRUST_DOMAINS.established })}    # hiring velocity, tech, contacts
  ${post('/v1/skills/verify_domain_legitimacy_and_security', { domain: TRUST_DOMAINS.established })}    # the footprint facts as a skill
  ${post('/v1/skills/universal_product_url_to_json', { product_url: PRODUCT_URLS.full })}    # ProductGroup JSON-LD: variants, shipping, returns, wallets
  ${post('/v1/skills/store_readiness_auditor', { domain: STORE_DOMAINS.blocked })}    # robots.txt keeps GPTBot out: prioritized fixes
  ${post('/v1/skills/agentic_shelf_schema_comparator', { domain: STORE_DOMAINS.microdata, competitor_domains: [STORE_DOMAINS.full, STORE_DOMAINS.openGraph] })}    # ranked by readiness_score
  ${post('/v1/skills/checkout_active_promo_code_finder', { domain: STORE_DOMAINS.promo, product_category: 'preserves' })}    # codes from metadata and /deals, expired ones left out
  ${post('/v1/skills/conversion_leak_lead_finder', { domain: STORE_DOMAINS.lead })}    # readiness gaps, a published address, recent ads: a lead
  curl -s ${base}/v1/catalog | head -c 400
  curl -s ${base}/llms.txt | head -30

World domains: ${Object.values(TECH_DOMAINS).join(', ')}.
Job board domains: ${Object.values(JOB_DOMAINS).join(', ')}.
Ads registry domains: ${Object.values(ADS_DOMAINS).join(', ')}.
Contact domains: ${Object.values(CONTACT_DOMAINS).join(', ')}.
Markdown pages: ${markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes')}, ${markdownUrl(MARKDOWN_DOMAINS.product, '/products/kettle-one')}, ${markdownUrl(MARKDOWN_DOMAINS.banner)}.
Merchant URLs: https://<domain>/api/report for ${Object.values(MERCHANT_DOMAINS).join(', ')}.
Trust-skill domains (RDAP dates in test/world/fixtures/rdap.ts): ${Object.values(TRUST_DOMAINS).join(', ')}.
Store domains (commerce skills): ${Object.values(STORE_DOMAINS).join(', ')}.
${payer ? paymentsText(base, world.chain!, payer) : 'Payments are off (a 6th ok call of a caller answers 503 network_not_enabled): start with -- --chain to also run the local chain and take x402 payments.'}
Ctrl-C stops everything.`);

  async function stop() {
    server.close();
    await store.close();
    await world.stop();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
