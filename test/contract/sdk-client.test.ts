/**
 * SDK-readiness: a client generated the npm-native way (openapi-typescript types from the spec,
 * openapi-fetch at runtime) talks to the real service with no hand-written types. The file must
 * type-check under `tsc --strict` (npm run typecheck), which is the "compiles" half of the proof.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import createClient from 'openapi-fetch';
import type { paths, components } from '../../generated/types.ts';
import { startService, type TestService } from '../support/service.ts';
import { assertValid } from '../support/contract.ts';
import type { Handler } from '../../handlers/types.ts';

type TechStackResult = components['schemas']['TechStackResult'];
type DomainRequest = components['schemas']['DomainRequest'];

/** A realistic, hand-built tech-stack answer: every required field, status ok. */
function techStackResult(domain: string, checkedAt: string): TechStackResult {
  const ad_pixels = ['Meta Pixel'];
  const analytics = ['Google Analytics 4'];
  const marketing_tools = ['HubSpot'];
  const hosting_cdn = ['Cloudflare'];
  const frameworks = ['Next.js', 'React'];
  const payments = ['Stripe'];
  return {
    domain,
    status: 'ok',
    final_url: `https://www.${domain}/`,
    title: 'Example Domain — Home',
    cms: null,
    ecommerce: 'Shopify',
    email_provider: 'Google Workspace',
    dmarc_policy: 'reject',
    note: null,
    technology_count: ad_pixels.length + analytics.length + marketing_tools.length + hosting_cdn.length + frameworks.length + payments.length + 1,
    checked_at: checkedAt,
    added: null,
    removed: null,
    is_first_run: true,
    has_pixel_a: true,
    has_ads_tag: false,
    has_analytics_tag_a: true,
    has_tag_manager: true,
    has_pixel_b: false,
    has_pixel_c: false,
    ad_pixels,
    analytics,
    marketing_tools,
    hosting_cdn,
    frameworks,
    payments,
    spf_senders: ['_spf.google.com', 'sendgrid.net'],
    verified_services: ['google-site-verification'],
    technologies: [
      {
        name: 'Stripe',
        categories: ['payment'],
        version: null,
        evidence: [{ kind: 'script', snippet: 'https://js.stripe.com/v3/' }],
        confidence: 0.9,
        first_seen: checkedAt,
        last_seen: checkedAt,
      },
      {
        name: 'Next.js',
        categories: ['javascript-framework'],
        version: '14.2.3',
        evidence: [{ kind: 'header', snippet: 'x-powered-by: Next.js' }],
        confidence: 0.9,
        first_seen: checkedAt,
        last_seen: checkedAt,
      },
    ],
  };
}

describe('SDK readiness: openapi-fetch with the openapi-typescript paths', () => {
  let service: TestService;
  const seen: DomainRequest[] = [];
  const techStack: Handler<DomainRequest, TechStackResult> = async (input, context) => {
    seen.push(input);
    return techStackResult(input.domain, context.now().toISOString());
  };

  before(async () => {
    service = await startService({ handlers: { techStack } });
  });
  after(() => service.close());

  it('the hand-built TechStackResult is contract-valid (the handler cannot pass vacuously)', () => {
    assertValid('TechStackResult', techStackResult('example.com', '2026-01-01T00:00:00Z'), 'hand-built result');
  });

  it('GET /v1/catalog through the typed client', async () => {
    const client = createClient<paths>({ baseUrl: service.url });
    const { data, error, response } = await client.GET('/v1/catalog');
    assert.equal(response.status, 200);
    assert.equal(error, undefined);
    assert.ok(data, 'catalog data');
    // Typed: version is the literal '0.5.0' and offers an Offer[] in the generated types.
    const version: '0.5.0' = data.version;
    assert.equal(version, '0.5.0');
    // @ts-expect-error data is typed (not any): version is the literal '0.5.0', so '0.4.0' does not fit.
    const wrongVersion: '0.4.0' = data.version;
    assert.notEqual(wrongVersion, '0.4.0');
    assert.equal(data.network, 'eip155:8453');
    const offers: components['schemas']['Offer'][] = data.offers;
    assert.ok(offers.length > 0);
    const techOffer = offers.find((offer) => offer.path === '/v1/tech-stack');
    assert.ok(techOffer, 'the catalog offers /v1/tech-stack');
    assert.equal(techOffer.method, 'POST');
    assert.equal(techOffer.mcpTool, 'detect_website_tech_stack');
    assert.equal(techOffer.priceMicroUsd, 5000);
    assert.equal(techOffer.url, `${service.url}/v1/tech-stack`);
    assertValid('Catalog', data, 'catalog');
  });

  it('POST /v1/tech-stack through the typed client returns typed result fields', async () => {
    const client = createClient<paths>({ baseUrl: service.url });
    const { data, error, response } = await client.POST('/v1/tech-stack', { body: { domain: 'Example.COM.' } });
    assert.equal(response.status, 200, JSON.stringify(error));
    assert.equal(error, undefined);
    assert.ok(data, 'tech-stack data');
    assertValid('TechStackResult', data, 'tech-stack answer');
    // The handler saw the normalized domain, so the answer names it.
    assert.deepEqual(seen.at(-1), { domain: 'example.com' });
    const status: components['schemas']['TechStackStatus'] = data.status;
    assert.equal(status, 'ok');
    // @ts-expect-error data is typed (not any): technology_count is a number.
    const countAsText: string = data.technology_count;
    assert.equal(typeof countAsText, 'number');
    assert.equal(data.domain, 'example.com');
    assert.equal(data.final_url, 'https://www.example.com/');
    assert.equal(data.dmarc_policy, 'reject');
    assert.equal(data.is_first_run, true);
    assert.equal(data.added, null);
    const frameworks: string[] = data.frameworks;
    assert.deepEqual(frameworks, ['Next.js', 'React']);
    assert.deepEqual(data.payments, ['Stripe']);
    assert.equal(data.technology_count, 8);
    assert.ok(!Number.isNaN(Date.parse(data.checked_at)));
  });

  it('the typed client refuses, at compile time, a body the spec does not allow', async () => {
    const client = createClient<paths>({ baseUrl: service.url });
    // @ts-expect-error DomainRequest requires domain; the service agrees at run time.
    const { error, response } = await client.POST('/v1/tech-stack', { body: { domian: 'example.com' } });
    assert.equal(response.status, 400);
    assert.ok(error && 'code' in error);
    assert.equal(error.code, 'invalid_input');
  });

  it('POST /v1/tech-stack with a bad domain gives the typed problem: invalid_domain, 400', async () => {
    const client = createClient<paths>({ baseUrl: service.url });
    const handledBefore = seen.length;
    const { data, error, response } = await client.POST('/v1/tech-stack', { body: { domain: 'not a domain' } });
    assert.equal(data, undefined);
    assert.equal(response.status, 400);
    assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
    // Typed: error is the union of the operation's error bodies (Problem, or the 402's
    // PaymentRequired); 'code' in error narrows it to the spec's Problem, whose code is an ErrorCode.
    assert.ok(error && 'code' in error, 'a problem, not a payment challenge');
    const code: components['schemas']['ErrorCode'] = error.code;
    assert.equal(code, 'invalid_domain');
    // @ts-expect-error error is typed (not any): only catalog codes fit ErrorCode.
    const unknownCode: typeof error.code = 'no_such_code';
    assert.ok(unknownCode);
    assert.equal(error.status, 400);
    assert.equal(error.retryable, false);
    assert.ok(error.errors?.some((violation) => violation.pointer === '/domain'));
    assertValid('Problem', error, 'tech-stack problem');
    assert.equal(seen.length, handledBefore, 'the handler never ran');
  });
});
