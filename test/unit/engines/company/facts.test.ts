import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readCompanyFacts } from '../../../../engines/company/facts.ts';

const NOW = new Date('2026-11-26T00:00:00Z');
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('company facts of a home page', () => {
  it('takes every fact the site\'s own Organization JSON-LD states, with json_ld as the source', () => {
    const html = page(ld({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', url: 'https://acme.io/', publisher: { '@id': 'https://acme.io/#org' } },
        { '@type': 'Brand', name: 'Widget Pro' },
        {
          '@type': ['Organization', 'Corporation'], '@id': 'https://acme.io/#org', name: 'Acme', legalName: 'Acme Widgets GmbH', url: 'https://www.acme.io',
          description: 'Widgets  for factories.', logo: { '@type': 'ImageObject', url: '/img/logo.svg' }, foundingDate: '2014-03-01',
          sameAs: ['https://www.linkedin.com/company/acme-widgets/', 'https://twitter.com/acme', 'https://example.com/not-a-profile'],
          address: { '@type': 'PostalAddress', streetAddress: 'Hafenstraße 1', addressLocality: 'Hamburg', postalCode: '20457', addressCountry: 'de' },
          telephone: '+49 40 123456', knowsAbout: ['Industrial automation', 'Widgets'],
          member: { '@type': 'Organization', name: 'Partner Co', url: 'https://partner.example' },
        },
      ],
    }) + '<meta name="description" content="Meta text">', '<a href="tel:+4940999">Call</a>');
    assert.deepEqual(readCompanyFacts(html, 'https://acme.io/', { now: NOW }), {
      name: { value: 'Acme', source: 'json_ld' },
      legal_name: { value: 'Acme Widgets GmbH', source: 'json_ld' },
      description: { value: 'Widgets for factories.', source: 'json_ld' },
      logo_url: { value: 'https://acme.io/img/logo.svg', source: 'json_ld' },
      social_profiles: { value: ['https://www.linkedin.com/company/acme-widgets', 'https://x.com/acme'], source: 'json_ld' },
      address: { value: { street: 'Hafenstraße 1', locality: 'Hamburg', postal_code: '20457', country: 'DE' }, source: 'json_ld' },
      founding_year: { value: 2014, source: 'json_ld' },
      industry_keywords: { value: ['Industrial automation', 'Widgets'], source: 'json_ld' },
      phone: { value: '+49 40 123456', source: 'json_ld' },
    });
  });

  it('falls back to Open Graph, meta tags and the page\'s own links, each named as the source', () => {
    const html = page('<meta property="og:site_name" content="Quiet Harbor"><meta name="description" content="Berths by the season."><meta name="keywords" content="moorings, marina, boats">',
      '<a href="https://github.com/quiet-harbor">Code</a><a href="https://twitter.com/intent/tweet?text=x">Tweet</a><a href="tel:+44%2020%207946%200000">Call us</a>');
    assert.deepEqual(readCompanyFacts(html, 'https://quiet-harbor.com/', { now: NOW }), {
      name: { value: 'Quiet Harbor', source: 'open_graph' },
      description: { value: 'Berths by the season.', source: 'meta' },
      social_profiles: { value: ['https://github.com/quiet-harbor'], source: 'page_link' },
      industry_keywords: { value: ['moorings', 'marina', 'boats'], source: 'meta' },
      phone: { value: '+44 20 7946 0000', source: 'page_link' },
    });
  });

  it('states nothing a page does not state: no title-derived name, no og:image logo, no phone among several, no future founding year', () => {
    const html = page('<title>Blank Canvas Studio — home</title><meta property="og:image" content="/hero.png">' + ld({ '@type': 'Organization', foundingDate: '2999' }), '<a href="tel:+1555000111">Sales</a><a href="tel:+1555000222">Support</a>');
    assert.deepEqual(readCompanyFacts(html, 'https://blank-canvas-studio.com/', { now: NOW }), {});
  });

  it('prefers the organisation on the page\'s own site over one that comes first', () => {
    const html = page(ld({ '@type': 'Organization', name: 'Payments Partner', url: 'https://partner.example' }) + ld({ '@type': 'LocalBusiness', name: 'Corner Bakery', url: 'https://corner-bakery.com/' }));
    assert.deepEqual(readCompanyFacts(html, 'https://www.corner-bakery.com/', { now: NOW }).name, { value: 'Corner Bakery', source: 'json_ld' });
  });
});
