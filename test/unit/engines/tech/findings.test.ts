import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detect, exampleInput, type DetectInput, type TechnologyFinding } from '../../../../engines/tech/detect.ts';
import { SNIPPET_MAX, confidenceOf, snippetOf } from '../../../../engines/tech/evidence.ts';
import { isVersion } from '../../../../engines/tech/version.ts';
import { TECH_CATEGORY_SLUGS } from '../../../../engines/tech/taxonomy.ts';
import { TECHNOLOGIES, TECHNOLOGY_BY_NAME } from '../../../../engines/tech/technologies.ts';
import { techHistory } from '../../../../engines/tech-stack/collect.ts';

const findings = (example: Parameters<typeof exampleInput>[0]) => detect(exampleInput(example)).findings;
const finding = (example: Parameters<typeof exampleInput>[0], name: string): TechnologyFinding => {
  const found = findings(example).find((f) => f.name === name);
  assert.ok(found, `${name} in ${JSON.stringify(findings(example).map((f) => f.name))}`);
  return found;
};

describe('versions, only where the page states them', () => {
  it('meta generator', () => {
    assert.equal(finding({ html: '<meta name="generator" content="WordPress 6.4.2">' }, 'WordPress').version, '6.4.2');
    assert.equal(finding({ html: '<meta name="generator" content="Drupal 10 (https://www.drupal.org)">' }, 'Drupal').version, '10');
  });

  it('versioned script and stylesheet URLs', () => {
    assert.equal(finding({ html: '<script src="https://cdn.example.org/js/jquery-3.7.1.min.js"></script>' }, 'jQuery').version, '3.7.1');
    assert.equal(finding({ html: '<script src="https://cdnjs.cloudflare.com/ajax/libs/jquery/3.6.0/jquery.min.js"></script>' }, 'jQuery').version, '3.6.0');
    assert.equal(
      finding({ html: '<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/js/bootstrap.bundle.min.js"></script>' }, 'Bootstrap').version,
      '5.3.2',
    );
    assert.equal(finding({ html: '<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>' }, 'jQuery').version, '3.7.1');
    assert.equal(finding({ html: '<link rel="stylesheet" href="/wp-includes/css/dist/block-library/style.min.css?ver=6.4.2">' }, 'WordPress').version, '6.4.2');
    assert.equal(
      finding({ html: '<link rel="stylesheet" href="/wp-content/plugins/woocommerce/assets/css/woocommerce.css?ver=8.1.0">' }, 'WooCommerce').version,
      '8.1.0',
    );
  });

  it('server and x-powered-by headers', () => {
    assert.equal(finding({ headers: { server: 'nginx/1.18.0 (Ubuntu)' } }, 'Nginx').version, '1.18.0');
    assert.equal(finding({ headers: { 'X-Powered-By': 'PHP/8.2.7' } }, 'PHP').version, '8.2.7');
    assert.equal(finding({ headers: { server: 'Apache/2.4.57 (Debian)' } }, 'Apache HTTP Server').version, '2.4.57');
  });

  it('banners and attributes in inline code and markup', () => {
    assert.equal(
      finding(
        { html: '<script>/*! jQuery v3.5.1 | (c) JS Foundation and other contributors */ jQuery(function(){});</script><script src="/js/jquery.js"></script>' },
        'jQuery',
      ).version,
      '3.5.1',
    );
    assert.equal(finding({ html: '<app-root ng-version="16.2.12"></app-root>' }, 'Angular').version, '16.2.12');
  });

  it('is never invented: a bare cache-buster, another product’s ?ver, or no number at all', () => {
    assert.equal(finding({ html: '<script src="/wp-content/plugins/woocommerce/assets/js/cart.js?ver=1699999999"></script>' }, 'WooCommerce').version, null);
    // jQuery's ?ver is jQuery's, not WordPress's
    assert.equal(finding({ html: '<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>' }, 'WordPress').version, null);
    assert.equal(finding({ headers: { server: 'nginx' } }, 'Nginx').version, null);
    assert.equal(finding({ html: '<script src="https://code.jquery.com/jquery.min.js"></script>' }, 'jQuery').version, null);
    assert.ok(!isVersion('1699999999') && !isVersion('12') && isVersion('12', 'meta') && isVersion('2.0.0-beta.3'));
  });
});

describe('evidence', () => {
  it('names the kind of signal and shows what matched, cut to 120 characters', () => {
    const long = 'x'.repeat(400);
    const input: DetectInput = exampleInput({
      html: `<meta name="generator" content="WordPress 6.4.2"><p>${long}</p><script src="https://js.stripe.com/v3/?${long}"></script><script>${long} fbq('init', '123'); ${long}</script>`,
      headers: { server: 'cloudflare' },
      cookies: ['_ga', '_ga_ABC123'],
      url: 'https://shop.myshopify.com/',
      dns: { mx: ['aspmx.l.google.com'], txt: ['v=spf1 include:sendgrid.net ~all'] },
    });
    const byName = new Map(detect(input).findings.map((f) => [f.name, f]));
    const kinds = (name: string) => byName.get(name)!.evidence.map((e) => e.kind);
    assert.deepEqual(kinds('WordPress'), ['meta']);
    assert.deepEqual(kinds('Stripe'), ['script']);
    assert.deepEqual(kinds('Meta Pixel'), ['script']);
    assert.deepEqual(kinds('Cloudflare'), ['header']);
    assert.deepEqual(kinds('Google Analytics'), ['cookie', 'cookie']);
    assert.deepEqual(kinds('Shopify'), ['url']);
    assert.deepEqual(kinds('Google Workspace'), ['dns']);
    assert.deepEqual(kinds('SendGrid'), ['dns']);
    for (const item of byName.values()) {
      for (const evidence of item.evidence) {
        assert.ok(evidence.snippet.length > 0 && evidence.snippet.length <= SNIPPET_MAX, `${item.name}: ${evidence.snippet.length}`);
      }
    }
    assert.ok(byName.get('Meta Pixel')!.evidence[0].snippet.includes("fbq('init'"), byName.get('Meta Pixel')!.evidence[0].snippet);
    assert.ok(byName.get('Stripe')!.evidence[0].snippet.startsWith('https://js.stripe.com/v3/'));
    assert.equal(byName.get('WordPress')!.evidence[0].snippet, 'generator=WordPress 6.4.2');
  });

  it('a technology only implied says by what', () => {
    const wordpress = finding({ html: '<link rel="stylesheet" href="/wp-content/plugins/woocommerce/assets/css/woocommerce.css">' }, 'WordPress');
    assert.ok(
      wordpress.evidence.some((e) => e.kind === 'implied' && e.snippet === 'implied by WooCommerce'),
      JSON.stringify(wordpress.evidence),
    );
  });

  it('snippets keep the whole tag when it fits, else the match', () => {
    const html = `<p>lead text</p><script src="https://js.stripe.com/v3/"></script><p>tail</p>`;
    const start = html.indexOf('js.stripe.com');
    assert.equal(snippetOf(html, start, start + 13, 40), '<script src="https://js.stripe.com/v3/">');
    const long = `<div data-x="${'y'.repeat(300)}" data-wf-page="abc">`;
    const at = long.indexOf('data-wf-page');
    assert.ok(snippetOf(long, at, at + 12, 40).includes('data-wf-page'));
  });
});

describe('confidence', () => {
  const strong = TECHNOLOGY_BY_NAME.get('Stripe')!.signals.find((s) => s.strength === 'strong')!;
  const weak = TECHNOLOGY_BY_NAME.get('Google Analytics')!.signals.filter((s) => s.strength === 'weak');
  it('grows with the evidence and stays below 1', () => {
    assert.equal(confidenceOf([strong]), 0.9);
    assert.equal(confidenceOf([weak[0], weak[1]]), 0.64);
    assert.equal(confidenceOf([strong, weak[0]]), 0.94);
    assert.equal(confidenceOf([strong, strong, strong]), 0.99);
    assert.equal(confidenceOf([], [0.9]), 0.81);
  });
  it('is what detect reports', () => {
    assert.equal(finding({ cookies: ['_ga', '_ga_ABC123'] }, 'Google Analytics').confidence, 0.64);
  });
});

describe('taxonomy', () => {
  it('every technology has one or more slugs of the taxonomy', () => {
    for (const tech of TECHNOLOGIES) {
      assert.ok(tech.categories.length >= 1, tech.name);
      for (const slug of tech.categories) assert.ok(TECH_CATEGORY_SLUGS.includes(slug), `${tech.name}: ${slug}`);
    }
  });
  it('findings carry the technology’s slugs', () => {
    assert.deepEqual(finding({ headers: { server: 'nginx' } }, 'Nginx').categories, ['web-server']);
  });
});

describe('first and last seen (techHistory)', () => {
  const t0 = '2026-01-01T00:00:00.000Z';
  const t1 = '2026-02-01T00:00:00.000Z';
  const t2 = '2026-03-01T00:00:00.000Z';
  it('a first run sees everything now', () => {
    const { first, seen } = techHistory(null, ['A', 'B'], t0);
    assert.deepEqual(
      [...first],
      [
        ['A', t0],
        ['B', t0],
      ],
    );
    assert.deepEqual(seen, { A: { first: t0, last: t0 }, B: { first: t0, last: t0 } });
  });
  it('keeps the first date across runs, and remembers what was removed', () => {
    const run1 = techHistory(null, ['A', 'B'], t0);
    const run2 = techHistory({ technologies: ['A', 'B'], at: t0, seen: run1.seen }, ['A', 'C'], t1);
    assert.deepEqual(
      [...run2.first],
      [
        ['A', t0],
        ['C', t1],
      ],
    );
    assert.deepEqual(run2.seen.B, { first: t0, last: t0 });
    const run3 = techHistory({ technologies: ['A', 'C'], at: t1, seen: run2.seen }, ['A', 'B'], t2);
    assert.deepEqual(
      [...run3.first],
      [
        ['A', t0],
        ['B', t0],
      ],
      'B came back: first seen in the first run',
    );
  });
  it('reads a snapshot kept before the history existed', () => {
    const { first } = techHistory({ technologies: ['A'], at: t0 }, ['A', 'B'], t1);
    assert.deepEqual(
      [...first],
      [
        ['A', t0],
        ['B', t1],
      ],
    );
  });
});
