import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readCompanyFacts } from '../../../../engines/company/facts.ts';

const NOW = new Date('2026-11-26T00:00:00Z');
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('company facts of a home page', () => {
  it("takes every fact the site's own Organization JSON-LD states, with json_ld as the source", () => {
    const html = page(
      ld({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', url: 'https://acme.io/', publisher: { '@id': 'https://acme.io/#org' } },
          { '@type': 'Brand', name: 'Widget Pro' },
          {
            '@type': ['Organization', 'Corporation'],
            '@id': 'https://acme.io/#org',
            name: 'Acme',
            legalName: 'Acme Widgets GmbH',
            url: 'https://www.acme.io',
            description: 'Widgets  for factories.',
            logo: { '@type': 'ImageObject', url: '/img/logo.svg' },
            foundingDate: '2014-03-01',
            sameAs: ['https://www.linkedin.com/company/acme-widgets/', 'https://twitter.com/acme', 'https://example.com/not-a-profile'],
            address: { '@type': 'PostalAddress', streetAddress: 'Hafenstraße 1', addressLocality: 'Hamburg', postalCode: '20457', addressCountry: 'de' },
            telephone: '+49 40 123456',
            knowsAbout: ['Industrial automation', 'Widgets'],
            member: { '@type': 'Organization', name: 'Partner Co', url: 'https://partner.example' },
          },
        ],
      }) + '<meta name="description" content="Meta text">',
      '<a href="tel:+4940999">Call</a>',
    );
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

  it("falls back to Open Graph, meta tags and the page's own links, each named as the source", () => {
    const html = page(
      '<meta property="og:site_name" content="Quiet Harbor"><meta name="description" content="Berths by the season."><meta name="keywords" content="moorings, marina, boats">',
      '<a href="https://github.com/quiet-harbor">Code</a><a href="https://twitter.com/intent/tweet?text=x">Tweet</a><a href="tel:+44%2020%207946%200000">Call us</a>',
    );
    assert.deepEqual(readCompanyFacts(html, 'https://quiet-harbor.com/', { now: NOW }), {
      name: { value: 'Quiet Harbor', source: 'open_graph' },
      description: { value: 'Berths by the season.', source: 'meta' },
      social_profiles: { value: ['https://github.com/quiet-harbor'], source: 'page_link' },
      industry_keywords: { value: ['moorings', 'marina', 'boats'], source: 'meta' },
      phone: { value: '+44 20 7946 0000', source: 'page_link' },
    });
  });

  it('states nothing a page does not state: no og:image logo, no phone among several, no future founding year; from the title only its name part', () => {
    const html = page(
      '<title>Blank Canvas Studio — home</title><meta property="og:image" content="/hero.png">' + ld({ '@type': 'Organization', foundingDate: '2999' }),
      '<a href="tel:+1555000111">Sales</a><a href="tel:+1555000222">Support</a>',
    );
    assert.deepEqual(readCompanyFacts(html, 'https://blank-canvas-studio.com/', { now: NOW }), { name: { value: 'Blank Canvas Studio', source: 'title' } });
    const untitled = page('<title>Work Management Software For Connecting Work to Shared Goals</title>');
    assert.deepEqual(readCompanyFacts(untitled, 'https://monday-like.com/', { now: NOW }), {}, 'a title without a name part is no name');
  });

  it('never gives a whole SEO title or a tagline as the name', () => {
    const name = (head: string, url: string, body = '') => readCompanyFacts(page(head, body), url, { now: NOW }).name;
    assert.deepEqual(name('<title>Emergency Plumbing Services | Plano, TX | Lone Star Plumbing Co.</title>', 'https://lonestarplumbing.com/emergency/'), {
      value: 'Lone Star Plumbing Co.',
      source: 'title',
    });
    assert.deepEqual(
      name('<title>Cosmetic Dentistry in Scottsdale, AZ | Teeth Whitening | Smile Studio</title>', 'https://drsmith-dental.com/'),
      { value: 'Smile Studio', source: 'title' },
      'brands close titles',
    );
    assert.deepEqual(
      name(
        '<title>Netsmartz Generative AI Consulting Services for SaaS</title><meta property="og:site_name" content="AI-Powered Software Development Company USA">',
        'https://netsmartz.com/ai/',
      ),
      { value: 'Netsmartz', source: 'title' },
      'the words that spell the domain win',
    );
    assert.deepEqual(
      name(
        ld({
          '@type': 'LocalBusiness',
          name: 'Wooding Electric - Commercial Electrician & Residential Electric Services',
          url: 'https://www.woodingelectric.com/',
        }),
        'https://www.woodingelectric.com/san-jose/',
      ),
      { value: 'Wooding Electric', source: 'json_ld' },
    );
    assert.deepEqual(
      name('<title>Get Free Tax Help | United Way of King County</title>', 'https://www.uwkc.org/tax/'),
      { value: 'United Way of King County', source: 'title' },
      'initials spell the domain',
    );
    assert.deepEqual(
      name(
        '<META Property="OG:site_name" CONTENT="Kettle &amp; Crane"><title>Kettle &amp; Crane — Small-batch tea, roasted in Vermont</title>',
        'https://kettleandcrane.com/',
      ),
      { value: 'Kettle & Crane', source: 'open_graph' },
      'attribute names and values in any case',
    );
    assert.deepEqual(
      name('<title>Home</title>', 'https://brightlane.co.uk/', '<header><a href="/"><img src="/l.svg" alt="Brightlane logo"></a></header>'),
      { value: 'Brightlane', source: 'meta' },
      'a logo that spells the domain',
    );
  });

  it('takes no organisation that the page lists, reviews or credits as its own', () => {
    const html = page(
      ld({ '@type': 'Organization', name: 'JTnet', url: 'http://www.jtnetinc.com', email: 'nick@jtnetinc.com' }) +
        ld({
          '@type': 'Product',
          name: 'Desk',
          review: { '@type': 'Review', author: { '@type': 'Person', name: 'Chris Funk', worksFor: { '@type': 'Organization', name: 'Zippo' } } },
        }),
    );
    assert.equal(readCompanyFacts(html, 'https://www.tux-shop.com/', { now: NOW }).name, undefined);
  });

  it('reads microdata and RDFa addresses and phones, and one number written two ways is one phone', () => {
    const microdata = page(
      '',
      `<div itemscope itemtype="http://schema.org/Plumber"><span itemprop="name">Lone Star Plumbing</span>
      <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress"><span itemprop="streetAddress">2400 Dallas Pkwy</span> <span itemprop="addressLocality">Plano</span> <span itemprop="addressRegion">TX</span> <span itemprop="postalCode">75093</span></div>
      <span itemprop="telephone">(972) 555-0188</span></div>`,
    );
    assert.deepEqual(readCompanyFacts(microdata, 'https://lonestarplumbing.com/', { now: NOW }), {
      name: { value: 'Lone Star Plumbing', source: 'markup' },
      address: { value: { street: '2400 Dallas Pkwy', locality: 'Plano', region: 'TX', postal_code: '75093' }, source: 'markup' },
      phone: { value: '(972) 555-0188', source: 'markup' },
    });
    const rdfa = page(
      '',
      `<div vocab="https://schema.org/" typeof="Dentist"><span property="name">Desert Smile</span><div property="address" typeof="PostalAddress"><span property="streetAddress">7100 E Camelback Rd</span> <span property="addressLocality">Scottsdale</span></div></div>`,
    );
    assert.deepEqual(readCompanyFacts(rdfa, 'https://desertsmile.com/', { now: NOW }).address, {
      value: { street: '7100 E Camelback Rd', locality: 'Scottsdale' },
      source: 'markup',
    });
    const phones = page('', '<a href="tel:5035550142">503.555.0142</a> <a href="tel:+1-503-555-0142">+1 (503) 555-0142</a>');
    assert.deepEqual(readCompanyFacts(phones, 'https://bakery.com/', { now: NOW }).phone, { value: '5035550142', source: 'page_link' });
    const uk = page('', '<a href="tel:+441132345678">+44 113 234 5678</a> <a href="tel:0113 234 5678">0113 234 5678</a>');
    assert.deepEqual(
      readCompanyFacts(uk, 'https://northwind.co.uk/', { now: NOW }).phone,
      { value: '+441132345678', source: 'page_link' },
      'a national number takes the country of the domain',
    );
  });

  it("reads profiles on every major network from the page's links", () => {
    const html = page(
      '',
      [
        'https://www.facebook.com/bluebird',
        'https://instagram.com/bluebird',
        'https://www.youtube.com/@bluebird',
        'https://www.tiktok.com/@bluebird',
        'https://www.pinterest.com/bluebird/',
        'https://www.facebook.com/sharer/sharer.php?u=x',
      ]
        .map((href) => `<a href="${href}">x</a>`)
        .join(''),
    );
    assert.deepEqual(readCompanyFacts(html, 'https://bluebird.com/', { now: NOW }).social_profiles?.value, [
      'https://www.facebook.com/bluebird',
      'https://www.instagram.com/bluebird',
      'https://www.pinterest.com/bluebird',
      'https://www.tiktok.com/@bluebird',
      'https://www.youtube.com/@bluebird',
    ]);
  });

  it("prefers the organisation on the page's own site over one that comes first", () => {
    const html = page(
      ld({ '@type': 'Organization', name: 'Payments Partner', url: 'https://partner.example' }) +
        ld({ '@type': 'LocalBusiness', name: 'Corner Bakery', url: 'https://corner-bakery.com/' }),
    );
    assert.deepEqual(readCompanyFacts(html, 'https://www.corner-bakery.com/', { now: NOW }).name, { value: 'Corner Bakery', source: 'json_ld' });
  });
});

describe('company name on an article page', () => {
  const fixtures = new URL('../../../fixtures/contacts/', import.meta.url);
  const labels = JSON.parse(readFileSync(new URL('labels.json', fixtures), 'utf8')).pages as Record<
    string,
    { url: string; company_name: string[] | null; article_title?: string }
  >;
  const articles = Object.entries(labels).filter(([, label]) => label.article_title);

  it('has labelled article pages to read', () => assert.ok(articles.length >= 3));

  for (const [file, label] of articles) {
    it(`${file}: never the article's title or a part of it; the site's declared name when the page gives one`, () => {
      const name = readCompanyFacts(readFileSync(new URL(`pages/${file}`, fixtures), 'utf8'), label.url, { now: NOW }).name?.value ?? null;
      const title = label.article_title!.toLowerCase();
      assert.ok(!name || !title.includes(name.toLowerCase()), `${JSON.stringify(name)} is the article's title`);
      if (label.company_name) assert.ok(name && label.company_name.includes(name), `${JSON.stringify(name)}, want ${label.company_name.join(' / ')}`);
      else assert.equal(name, null);
    });
  }

  it('keeps a declared name that the post title repeats, and a title part that spells the domain', () => {
    const html = page(
      `<title>Our 2025 roadmap | Pathlight</title><meta property="og:type" content="article"><meta property="og:site_name" content="Pathlight">`,
      '<h1>Our 2025 roadmap</h1>',
    );
    assert.equal(readCompanyFacts(html, 'https://pathlight.dev/blog/roadmap', { now: NOW }).name?.value, 'Pathlight');
    const spelled = page(`<title>Pathlight: How we ship weekly</title><meta property="og:type" content="article">`, '<h1>How we ship weekly</h1>');
    assert.equal(readCompanyFacts(spelled, 'https://pathlight.dev/blog/weekly', { now: NOW }).name?.value, 'Pathlight');
  });
});

describe('the copyright line confirms the name', () => {
  it('on a line of its own, without its legal form', () => {
    const html = page(
      '<title>Ten Best Practices for Small Teams</title>',
      '<footer><p>Contact</p>\n\t\tCopyright © 2026 Cyberwell Security\n\t\t<p>Privacy Policy</p></footer>',
    );
    assert.equal(readCompanyFacts(html, 'https://www.cyberwell.io/blog/ten', { now: NOW }).name?.value, 'Cyberwell');
    const llc = page('<title>Best Books Ever</title>', '<footer>© 2026 Readwell LLC\n<a href="/terms">Terms</a></footer>');
    assert.equal(readCompanyFacts(llc, 'https://www.readwell.com/list/1', { now: NOW }).name?.value, 'Readwell');
  });
});

describe('the name confirmed by the site footer, a logo that says so, or a host as the brand', () => {
  it("reads the site footer's copyright, not an article's footer", () => {
    const html = page(
      '<title>Cheap Fixes Are the Best!</title><meta property="og:type" content="article">',
      '<article><h1>Cheap Fixes Are the Best!</h1><footer class="entry-footer">Tags: cars</footer></article><footer id="colophon">Copyright © Wheelhouse.com - All Rights Reserved</footer>',
    );
    assert.equal(readCompanyFacts(html, 'https://www.wheelhouse.com/2018/11/cheap-fixes', { now: NOW }).name?.value, 'Wheelhouse');
  });

  it('reads a logo whose alt text says it is one', () => {
    const html = page('<title>Guide to journal indexing: where and how</title>', '<nav><img src="/i/l.png" alt="Quillora Logo"></nav><h1>Guide</h1>');
    assert.equal(readCompanyFacts(html, 'https://blog.quilloraapp.com/post/guide', { now: NOW }).name?.value, 'Quillora');
  });

  it('reads a host that closes the title as the name without "www."', () => {
    const html = page('<title>Самые популярные блоги по версии Lumen.ru: список — www.lumen.ru</title>');
    assert.equal(readCompanyFacts(html, 'http://www.lumen.ru/articles/one', { now: NOW }).name?.value, 'lumen.ru');
  });
});

describe('names round 6: a docs title, an address as og:site_name, a host in the copyright, a sister domain, a commented JSON-LD', () => {
  it("takes the project of a documentation title, without its version and the word 'documentation'", () => {
    const html = page('<title>Advanced Usage — Quokka 2.33.0.dev1 documentation</title>');
    assert.equal(readCompanyFacts(html, 'https://quokka.readthedocs.io/en/latest/user/advanced/', { now: NOW }).name?.value, 'Quokka');
  });

  it('never gives a web address stated as og:site_name as the name', () => {
    const html = page('<title>Scientists spot water vapor on a distant moon</title><meta property="og:site_name" content="https://www.islandnewsnow.com">');
    assert.equal(readCompanyFacts(html, 'https://www.islandnewsnow.com/2019/11/19/moon/', { now: NOW }).name, undefined);
  });

  it('keeps a lower-case host in the copyright line whole, and a capitalised one as its stem', () => {
    const lower = page('<title>Диета Аткинса - потеря веса</title>', '<footer><p>© <a href="/">vse-pitanie.com</a>, 2008</p></footer>');
    assert.equal(readCompanyFacts(lower, 'http://vse-pitanie.com/dieta.html', { now: NOW }).name?.value, 'vse-pitanie.com');
    const capital = page('<title>Cheap Fixes Are the Best!</title>', '<footer>© 2020 Wheelhouse.com. All rights reserved</footer>');
    assert.equal(readCompanyFacts(capital, 'https://wheelhouse.com/a', { now: NOW }).name?.value, 'Wheelhouse');
  });

  it("reads an Organization whose url is the site's name under another suffix, and a JSON-LD block with script comments", () => {
    const block =
      '<script type="application/ld+json">{ "@context": "https://schema.org",\n "@type": "Organization", //"Person",\n "name": "Prefeitura Municipal de Pedra Alta", /* the city */\n "url": "https://www.pedraalta.sc.gov.br" }</script>';
    const html = page(`<title>Atendimento registra arrombamento em veículos</title>${block}`);
    assert.equal(readCompanyFacts(html, 'http://pedraalta.com.br/news/one', { now: NOW }).name?.value, 'Prefeitura Municipal de Pedra Alta');
    const elsewhere = block.replace('pedraalta.sc.gov.br', 'webagencia.com.br');
    assert.equal(
      readCompanyFacts(page(`<title>Atendimento registra arrombamento</title>${elsewhere}`), 'http://pedraalta.com.br/news/one', { now: NOW }).name,
      undefined,
    );
  });
});
