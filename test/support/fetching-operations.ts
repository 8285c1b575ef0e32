/**
 * Every operation and skill that fetches, with its request for a domain (and headers, if any) and
 * the benign domain of the offline world it is measured on beside the hostile families
 * (test/e2e/hostile-family.test.ts, bench:hostile). The bulk scans' step 1 does their upstream work
 * (step 2 fetches nothing); a list of companies is two of the benign world's, or two spellings of a
 * hostile family's domain, which the service keeps apart.
 */
import { FAMILY_DOMAINS } from '../world/fixtures/hostile-family.ts';
import { MARKDOWN_DOMAINS, markdownUrl } from '../world/fixtures/markdown-sites.ts';
import { TRUST_DOMAINS } from '../world/fixtures/trust-sites.ts';
import { STORE_DOMAINS, PRODUCT_URLS } from '../world/fixtures/store-sites.ts';
import { CONTACT_DOMAINS } from '../world/fixtures/contact-sites.ts';
import { MERCHANT_DOMAINS, merchantUrl } from '../world/fixtures/merchant-sites.ts';

export interface FetchingOperation {
  path: string;
  body: (domain: string) => Record<string, unknown>;
  headers?: Record<string, string>;
  /** The benign world's domain for this operation. */
  benign: string;
}

const WALLET = `0x${'ab'.repeat(20)}`;

const companies = (domain: string) => (domain === TRUST_DOMAINS.established ? [TRUST_DOMAINS.established, TRUST_DOMAINS.steady] : [domain, `www.${domain}`]);

export const FETCHING_OPERATIONS: FetchingOperation[] = [
  {
    path: '/v1/clean-markdown',
    body: (domain) => ({ url: domain === MARKDOWN_DOMAINS.article ? markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes') : `https://${domain}/` }),
    benign: MARKDOWN_DOMAINS.article,
  },
  { path: '/v1/extract-contacts', body: (domain) => ({ domain }), benign: CONTACT_DOMAINS.full },
  { path: '/v1/tech-stack', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/ats-jobs', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/company-intent', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/search-ads', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/company-profile', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/company-footprint', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/hot-buyers', body: (domain) => ({ domains: companies(domain), min_intent_score: 0 }), benign: TRUST_DOMAINS.established },
  { path: '/v1/batch', body: (domain) => ({ tool: 'company-profile', domains: companies(domain) }), benign: TRUST_DOMAINS.established },
  {
    path: '/v1/private-query',
    body: (domain) => ({ tool: 'due_diligence', target: domain }),
    headers: { 'X-Private-Query-Tier': 'bundle' },
    benign: TRUST_DOMAINS.established,
  },
  { path: '/v1/verify-merchant', body: (domain) => ({ target_url: merchantUrl(domain) }), benign: MERCHANT_DOMAINS.honest },
  { path: '/v1/skills/pre_purchase_merchant_trust_check', body: (domain) => ({ domain, merchant_wallet_or_id: WALLET }), benign: TRUST_DOMAINS.established },
  { path: '/v1/skills/checkout_active_promo_code_finder', body: (domain) => ({ domain }), benign: STORE_DOMAINS.promo },
  {
    path: '/v1/skills/universal_product_url_to_json',
    body: (domain) => ({ product_url: domain === STORE_DOMAINS.full ? Object.values(PRODUCT_URLS)[0] : `https://${domain}/products/one` }),
    benign: STORE_DOMAINS.full,
  },
  { path: '/v1/skills/b2b_vendor_stability_evaluator', body: (domain) => ({ vendor_domain: domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/skills/store_readiness_auditor', body: (domain) => ({ domain }), benign: STORE_DOMAINS.full },
  { path: '/v1/skills/conversion_leak_lead_finder', body: (domain) => ({ domain }), benign: STORE_DOMAINS.lead },
  {
    path: '/v1/skills/agentic_shelf_schema_comparator',
    body: (domain) => ({
      domain,
      competitor_domains: [
        domain === STORE_DOMAINS.full ? STORE_DOMAINS.microdata : domain === FAMILY_DOMAINS.syntax ? FAMILY_DOMAINS.prefixes : FAMILY_DOMAINS.syntax,
      ],
    }),
    benign: STORE_DOMAINS.full,
  },
  { path: '/v1/skills/verified_merchant_json_badge', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
  { path: '/v1/skills/verify_domain_legitimacy_and_security', body: (domain) => ({ domain }), benign: TRUST_DOMAINS.established },
];
