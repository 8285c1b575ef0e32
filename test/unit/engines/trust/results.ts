/** Complete engine results for the trust and vendor unit tests (every required field, overridable). */
import type { components } from '../../../../generated/types.ts';

type TechStackResult = components['schemas']['TechStackResult'];

export function techResult(overrides: Partial<TechStackResult> = {}): TechStackResult {
  return {
    domain: 'shop.example',
    status: 'ok',
    final_url: 'https://shop.example/',
    title: 'Shop',
    cms: null,
    ecommerce: null,
    email_provider: null,
    dmarc_policy: null,
    note: null,
    technology_count: 0,
    checked_at: '2026-05-04T12:00:00.000Z',
    added: null,
    removed: null,
    is_first_run: true,
    has_pixel_a: false,
    has_ads_tag: false,
    has_analytics_tag_a: false,
    has_tag_manager: false,
    has_pixel_b: false,
    has_pixel_c: false,
    ad_pixels: [],
    analytics: [],
    marketing_tools: [],
    hosting_cdn: [],
    frameworks: [],
    payments: [],
    spf_senders: [],
    verified_services: [],
    technologies: [],
    ...overrides,
  };
}

type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type ContactsResult = components['schemas']['ContactsResult'];

/** A company-intent result of a read board (ok), with the figures given. */
export function intentResult(overrides: Partial<CompanyIntentResult> = {}): CompanyIntentResult {
  return {
    domain: 'vendor.example',
    status: 'ok',
    ats_type: 'greenhouse',
    confidence: 'high',
    intent_score: 50,
    hiring_status: 'active_hiring',
    total_open_roles: 10,
    remote_roles: 2,
    roles_posted_last_30_days: 3,
    roles_with_known_post_date: 10,
    function_breakdown: { engineering: 4, sales: 3, customer_success: 1, other: 2 },
    department_breakdown: {},
    top_locations: {},
    top_demanded_technologies: {},
    buying_signals: {},
    notable_open_roles: [],
    jobs_truncated: false,
    checked_at: '2026-05-04T12:00:00.000Z',
    note: null,
    ...overrides,
  };
}

export function contactsResult(overrides: Partial<ContactsResult> = {}): ContactsResult {
  return {
    domain: 'vendor.example',
    status: 'ok',
    emails: ['hello@vendor.example'],
    social_links: [],
    email_deliverable: true,
    mx: ['mx.vendor.example'],
    spf: [],
    dmarc: [],
    inferred_email_pattern: null,
    pages_read: ['https://vendor.example/'],
    note: null,
    ...overrides,
  };
}
