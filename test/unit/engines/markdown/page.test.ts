import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageBase, pageDescription, pageTitle, parsePage } from '../../../../engines/markdown/page.ts';
import { markdownToText } from '../../../../engines/markdown/plain-text.ts';
import { htmlToMarkdown } from '../../../../engines/markdown/convert.ts';
import { pageDeclarations } from '../../../../engines/markdown/main-content.ts';

describe('parsing a page', () => {
  it('points links at the final URL, resolving an existing relative <base>', () => {
    assert.equal(pageBase(parsePage('<html><head></head><body><p>x</p></body></html>', 'https://acme.io/a/b'), ''), 'https://acme.io/a/b');
    assert.equal(pageBase(parsePage('<html><head><base href="/docs/"></head><body></body></html>', 'https://acme.io/a/b'), ''), 'https://acme.io/docs/');
  });
  it('moves content that linkedom leaves outside <body> into it, in document order', () => {
    const document = parsePage(
      '<!doctype html><html><head><title>t</title><div>in head</div></head><p>before body</p><body><p>in body</p></body><p>after body</p></html>',
      'https://acme.io/',
    );
    assert.deepEqual(
      [...document.body.children].map((element) => element.textContent),
      ['in head', 'before body', 'in body', 'after body'],
    );
    assert.equal(document.head.querySelector('title')?.textContent, 't');
  });
  it('wraps a bare fragment in a document', () => {
    assert.equal(parsePage('<p>Just a fragment</p>', 'https://acme.io/').body.textContent, 'Just a fragment');
  });
  it('reads og:title before <title> before h1, and the description before og:description', () => {
    const page = (head: string, body = '') => parsePage(`<html><head>${head}</head><body>${body}</body></html>`, 'https://acme.io/');
    assert.equal(pageTitle(page('<title>T</title><meta property="og:title" content=" OG  title ">')), 'OG title');
    assert.equal(pageTitle(page('<title>T</title>')), 'T');
    assert.equal(pageTitle(page('', '<h1>Heading</h1>')), 'Heading');
    assert.equal(pageDescription(page('<meta property="og:description" content="og"><meta name="description" content="meta">')), 'meta');
    assert.equal(pageDescription(page('<meta property="og:description" content="og">')), 'og');
  });
});

describe('choosing the main content', () => {
  const chrome = '<header class="site-header"><nav><a href="/">Home</a><a href="/shop">Shop</a></nav></header><footer>© Footer Corp</footer>';
  it('reads an article with Readability', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `<p>Paragraph ${i} of the story, long enough to count as prose for the article scorer, with commas, clauses, and detail.</p>`,
    ).join('');
    const page = htmlToMarkdown(
      `<html><head><title>Story</title></head><body>${chrome}<article><h1>Story</h1>${paragraphs}</article></body></html>`,
      'https://acme.io/story',
    );
    assert.equal(page.source, 'readability');
    assert.match(page.markdown, /Paragraph 5 of the story/);
    assert.ok(!page.markdown.includes('Footer Corp'));
  });
  it("keeps a product's name (its h1) that Readability takes for the title, on a page that declares a product", () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `<p>Detail ${i} of the kettle, long enough to count as prose for the article scorer, with commas, clauses, and care.</p>`,
    ).join('');
    const html = (ogType: string) =>
      `<html><head><title>Kettle One</title><meta property="og:type" content="${ogType}"></head><body>${chrome}<div class="product"><h1>Kettle One</h1>${paragraphs}</div></body></html>`;
    const product = htmlToMarkdown(html('product'), 'https://acme.io/kettle-one');
    assert.equal(product.source, 'readability');
    assert.match(product.markdown, /^# Kettle One\n/);
    assert.match(product.markdown, /Detail 5 of the kettle/);
    const article = htmlToMarkdown(html('article'), 'https://acme.io/kettle-one');
    assert.ok(!article.markdown.includes('Kettle One'), "an article's headline is its title, not its text");
  });
  it('reads og:type article as a declaration only when the JSON-LD does not say the page is an item page, a category or search results', () => {
    const page = (ogType: string, ...graph: object[]) =>
      parsePage(
        `<html><head><meta property="og:type" content="${ogType}"><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head><body><p>x</p></body></html>`,
        'https://acme.io/',
      );
    assert.deepEqual(pageDeclarations(page('article', { '@type': 'WebPage' })), { article: true, product: false, item: false });
    assert.deepEqual(pageDeclarations(page('article', { '@type': 'ItemPage' }, { '@type': 'Product', name: 'Kettle' })), {
      article: false,
      product: true,
      item: true,
    });
    const microdata = parsePage(
      '<html><body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1></div></body></html>',
      'https://acme.io/',
    );
    assert.deepEqual(pageDeclarations(microdata), { article: false, product: true, item: true });
    assert.deepEqual(pageDeclarations(page('article', { '@type': ['WebPage', 'CollectionPage'] })), { article: false, product: true, item: false });
    assert.deepEqual(
      pageDeclarations(page('article', { '@type': 'SearchResultsPage' }, { '@type': 'BlogPosting', headline: 'Kettles compared' })),
      { article: true, product: false, item: false },
      'an article the JSON-LD states is an article',
    );
    assert.deepEqual(
      pageDeclarations(page('website', { '@type': 'WebPage', mainEntity: { '@type': 'ItemPage' } })),
      { article: false, product: false, item: false },
      'a nested node says nothing of the page',
    );
    assert.deepEqual(pageDeclarations(page('product')), { article: false, product: true, item: true });
    assert.deepEqual(
      pageDeclarations(page('website', { '@type': 'Product', name: 'Kettle' }, { '@type': 'ItemList', itemListElement: [] })),
      { article: false, product: true, item: false },
      'products listed on a category page: a product, not one item',
    );
    assert.deepEqual(
      pageDeclarations(page('website', { '@type': 'Product', name: 'Kettle One' }, { '@type': 'Product', name: 'Kettle Two' })),
      { article: false, product: true, item: false },
      'several products stated at the top: a list of them',
    );
    assert.deepEqual(
      pageDeclarations(
        page('website', {
          '@type': 'ProductGroup',
          name: 'Kettle',
          hasVariant: [
            { '@type': 'Product', sku: 'K1' },
            { '@type': 'Product', sku: 'K2' },
          ],
        }),
      ),
      { article: false, product: true, item: true },
      "a product's variants are still one item",
    );
  });
  it("takes the whole page of a shop's item page that an SEO plugin marks og:type article", () => {
    const gallery = Array.from({ length: 8 }, (_, i) => `<li><a href="/p/${i}">Colour ${i}</a></li>`).join('');
    const details = `<p>Four ounces, steel, double walled.</p><ul>${Array.from({ length: 8 }, (_, i) => `<li>Feature ${i}: keeps coffee hot for six hours, dishwasher safe</li>`).join('')}</ul>`;
    const story = Array.from(
      { length: 3 },
      (_, i) => `<p>Part ${i} of the story of the cup, long enough to count as prose for the article scorer, with commas, clauses, and detail.</p>`,
    ).join('');
    const html = (graph: string) =>
      `<html><head><meta property="og:type" content="article"><script type="application/ld+json">{"@graph":[{"@type":"${graph}"}]}</script></head><body>${chrome}<div class="product"><h1>Travel Cup</h1><div class="summary"><p>$25</p>${details}<ul class="swatches">${gallery}</ul></div><div class="story">${story}</div></div></body></html>`;
    const item = htmlToMarkdown(html('ItemPage'), 'https://acme.io/cup');
    assert.equal(item.source, 'page');
    assert.match(item.markdown, /Travel Cup[^]*Four ounces[^]*Feature 7[^]*Part 2 of the story/, item.markdown);
    assert.equal(htmlToMarkdown(html('BlogPosting'), 'https://acme.io/cup').source, 'readability', 'a declared article is read as one');
  });
  it('keeps every section of a home page, without its chrome', () => {
    const story =
      '<section><h2>Our story</h2><p>We started moving freight in 1998 with two trucks and a borrowed warehouse, and we have grown, slowly, into a network that reaches forty ports, six rail hubs, and a thousand customers.</p><p>Every shipment is tracked, insured, and handled by people who answer the phone, and that, more than anything else, is why customers stay with us.</p></section>';
    const cards = ['Ocean freight', 'Rail freight', 'Customs', 'Warehousing', 'Insurance', 'Tracking']
      .map((name) => `<div class="card"><h3>${name}</h3><p>${name} handled end to end by one team, priced per container and quoted within a day.</p></div>`)
      .join('');
    const page = htmlToMarkdown(
      `<html><body>${chrome}<section><h1>Freight on time</h1><p>40 ports.</p></section>${story}<section class="services">${cards}</section><section><h2>Contact</h2><p>Call +31 10 555 0100.</p></section></body></html>`,
      'https://acme.io/',
    );
    for (const kept of ['Freight on time', '## Our story', '### Customs', 'Call +31 10 555 0100.']) assert.ok(page.markdown.includes(kept), page.markdown);
    assert.ok(!page.markdown.includes('Shop') && !page.markdown.includes('Footer Corp'));
  });
  it('drops recommendations and overlays on the whole-page path (a detached copy of the page)', () => {
    const page = htmlToMarkdown(
      `<html><body>${chrome}<main><h1>Kettle One</h1><p>€89. A steel kettle.</p><ul><li>1.7 litre</li><li>Dial</li></ul><div class="related-products"><h2>You may also like</h2><p>Kettle Two</p></div><div class="cart-drawer">Your cart is empty</div></main></body></html>`,
      'https://acme.io/',
      { minProseShare: 1.01 },
    );
    assert.equal(page.source, 'page');
    assert.match(page.markdown, /€89/);
    assert.ok(!page.markdown.includes('Kettle Two') && !page.markdown.includes('Your cart'), page.markdown);
  });
  it("puts back a code block Readability's cleaning dropped between paragraphs it kept", () => {
    const paragraphs = (from: number) =>
      Array.from(
        { length: 4 },
        (_, i) => `<p>Paragraph ${from + i} of the guide, long enough to count as prose for the article scorer, with commas, clauses, and detail.</p>`,
      ).join('');
    const page = htmlToMarkdown(
      `<html><body>${chrome}<article><h1>Install</h1>${paragraphs(0)}<div class="social-snippet"><pre><code class="language-sh">npm install acme</code></pre></div>${paragraphs(4)}</article></body></html>`,
      'https://acme.io/guide',
    );
    assert.equal(page.source, 'readability');
    assert.match(page.markdown, /Paragraph 3 of the guide[^]*```sh\nnpm install acme\n```[^]*Paragraph 4 of the guide/, page.markdown);
    assert.ok(!page.markdown.includes('data-md-order'));
  });
  it('has no content when only syntax and images remain', () => {
    assert.equal(htmlToMarkdown('<html><body><img src="/a.png"><div id="root"></div></body></html>', 'https://acme.io/').hasContent, false);
  });
});

describe('the words of the Markdown', () => {
  it('keeps link text, drops URLs, images, fences, table rules, list numbers and escapes', () => {
    assert.equal(
      markdownToText('[Plans](https://a.io/p "t") ![x](https://a.io/i.png)\n```js\ncode\n```\n| a |\n| --- |\n1. one\n2019\\. year'),
      'Plans \n\ncode\n\n| a |\n\none\n2019. year',
    );
  });
});
