import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  removeChrome,
  removeClutter,
  removeRecommendations,
  removeRepeatedBlocks,
  removeReviews,
  removeScreenReaderText,
  removeScriptMessages,
  removeSignupForms,
  removeSurroundings,
} from '../../../../engines/markdown/declutter.ts';
import { htmlToMarkdown } from '../../../../engines/markdown/convert.ts';
import { parsePage } from '../../../../engines/markdown/page.ts';

const page = (body: string) => parsePage(`<html><head></head><body>${body}</body></html>`, 'https://acme.io/');
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
const prose = (words: number, word = 'reply') => Array.from({ length: words }, (_, i) => `${word}${i}`).join(' ');

describe('removing what is never content', () => {
  it('unwraps a long <noscript>: the page served to clients without JavaScript (forum engines)', () => {
    const document = page(
      `<div id="app"></div><noscript><p>Please enable JavaScript.</p></noscript><noscript><div id="main-outlet"><h1>Thread</h1><p>${prose(120)}</p></div></noscript>`,
    );
    removeClutter(document);
    assert.match(text(document.body), /^Thread ?reply0 .* reply119$/);
    assert.ok(!text(document.body).includes('enable JavaScript'));
  });
  it("puts React's streamed Suspense content in place of its placeholder template", () => {
    const document = page('<main><h1>Kettle</h1><template id="B:0"></template><p>Footnote</p></main><div hidden id="S:0"><p>Streamed specs</p></div>');
    removeClutter(document);
    assert.equal(text(document.querySelector('main')!), 'KettleStreamed specsFootnote');
    assert.equal(document.querySelectorAll('[id="S:0"], template').length, 0);
  });
  it('shows hidden tab panels: the same example in another language is content one click away', () => {
    const document = page(
      '<div role="tablist"><button>Go</button><button>Rust</button></div><div role="tabpanel" id="go"><pre>fmt.Println(1)</pre></div><div role="tabpanel" id="rust" hidden aria-hidden="true" style="display:none"><pre>println!("1");</pre></div>',
    );
    removeClutter(document);
    assert.match(text(document.body), /fmt\.Println\(1\) ?println!\("1"\);/);
  });
  it("shows hidden panels a tab framework names by class (Bootstrap's tab-pane): a product's specifications tab", () => {
    const document = page(
      '<main><h1>Graphics card</h1><div class="tab-content"><div class="tab-pane active"><p>Overview of the card.</p></div><div class="tab-pane" style="display:none"><table><tr><th>Boost Clock</th><td>2580 MHz</td></tr></table></div><div class="tab__content" hidden><p>Warranty: 3 years.</p></div></div><div class="menu" style="display:none"><p>Mobile menu</p></div></main>',
    );
    removeClutter(document);
    assert.match(text(document.body), /Boost Clock ?2580 MHz/);
    assert.match(text(document.body), /Warranty: 3 years/);
    assert.ok(!text(document.body).includes('Mobile menu'), 'other hidden blocks stay hidden');
  });
  it("shows collapsed accordion panels (a region, or what a collapsed toggle controls): a product's details and shipping sections", () => {
    const document = page(
      '<main><h1>Keyboard</h1><button aria-expanded="false" aria-controls="specs">Specifications</button><div id="specs" aria-hidden="true" style="display:none"><p>Weight: 1.2 kg</p></div><button aria-expanded="true" aria-controls="ship">Shipping</button><div id="ship-panel" role="region" aria-hidden="true"><p>Ships within 48 hours.</p></div><div id="promo" aria-hidden="true"><p>Decorative copy</p></div></main>',
    );
    removeClutter(document);
    assert.match(text(document.body), /Weight: 1\.2 kg/);
    assert.match(text(document.body), /Ships within 48 hours/);
    assert.ok(!text(document.body).includes('Decorative copy'), 'hidden blocks no toggle controls stay hidden');
  });
  it("shows a dialog or side sheet inside main that holds the page's text and asks nothing (a product's description sheet)", () => {
    const html = `<html><head></head><body><header><a href="/">Shop</a></header><main><h1>Arrival T-Shirt</h1><p>$22</p>
      <div class="accordion"><button><h5>Description</h5></button><div class="sheet" role="dialog" aria-modal="false" aria-hidden="true"><aside class="sheet__aside"><div class="sheet__header"><h5>Description</h5></div><div class="sheet__content"><p>A lightweight training tee with sweat-wicking fabric.</p><ul><li>Crew neck</li><li>100% polyester</li></ul></div></aside></div></div>
      <div class="modal" role="dialog" aria-modal="true" aria-hidden="true"><h5>Stock alerts</h5><p>Tell me when my size is back.</p><input type="email" name="email"></div>
      <p>Free delivery over $75.</p></main><div class="drawer" role="dialog" aria-modal="true" aria-hidden="true"><h5>Your cart</h5><p>Your cart is empty.</p></div></body></html>`;
    const { markdown } = htmlToMarkdown(html, 'https://shop.test/arrival-tee');
    assert.match(markdown, /sweat-wicking fabric/);
    assert.match(markdown, /100% polyester/);
    assert.ok(!markdown.includes('Tell me when my size'), 'a dialog that asks something stays hidden');
    assert.ok(!markdown.includes('Your cart is empty'), "a site's overlay outside main stays hidden");
  });
  it("drops a template's dump of stored fields (a program's field names), keeps a specification and a parameter's documentation", () => {
    const document = page(
      '<main><h1>Staple Tee</h1><dl><dt>Weight:</dt><dd>5.3 oz</dd><dt>short_description:</dt><dd>Regular Fit</dd><dt>retail_price_tier1:</dt><dd>$20.00_1-9 items</dd><dt>cat_thumb_Bone</dt><dd>https://cdn.shop.test/images/5001_BONE.jpg</dd></dl><dl><dt>primary_key</dt><dd>If true, this field is the primary key of the model.</dd></dl></main>',
    );
    removeClutter(document);
    assert.equal(text(document.querySelector('main')!), 'Staple TeeWeight:5.3 ozprimary_keyIf true, this field is the primary key of the model.');
  });
  it("shows a carousel's slides hidden while another is shown, not the clones of its loop", () => {
    const document = page(
      '<main><h1>Service</h1><div class="slick-track"><div class="slick-slide slick-cloned" aria-hidden="true"><p>Quote three</p></div><div class="slick-slide slick-active"><p>Quote one</p></div><div class="slick-slide" aria-hidden="true"><p>Quote two</p></div><div class="swiper-slide" aria-hidden="true"><p>Quote four</p></div></div></main>',
    );
    removeClutter(document);
    assert.equal(text(document.querySelector('main')!), 'ServiceQuote oneQuote twoQuote four');
  });
  it('shows collapsed panels an accordion framework names by class (accordion__content, collapsible-body)', () => {
    const document = page(
      '<main><h1>Cybersecurity</h1><div class="c-accordion__item"><h3>Assess</h3><div class="c-accordion__panel" style="display: none;"><p>We review your controls.</p></div></div><div class="collapsible-body" hidden><p>Answers to questions.</p></div><div class="accordion-icon" aria-hidden="true"><p>Chevron label</p></div></main>',
    );
    removeClutter(document);
    assert.match(text(document.body), /We review your controls/);
    assert.match(text(document.body), /Answers to questions/);
    assert.ok(!text(document.body).includes('Chevron label'), 'other hidden parts of an accordion stay hidden');
  });
  it('keeps a section about cookies that holds code (a framework guide), drops a cookie banner', () => {
    const document = page(
      '<section id="cookies"><h2>Cookies</h2><p>Read them with:</p><pre>request.cookies.get("name")</pre></section><div id="cookie-banner"><p>We use cookies.</p></div>',
    );
    removeClutter(document);
    assert.match(text(document.body), /request\.cookies\.get/);
    assert.ok(!text(document.body).includes('We use cookies'));
  });
  it('drops what a script shows until content arrives ("Loading...", "Please wait"), keeps text that only mentions loading', () => {
    const document = page(
      '<main><h1>Mug</h1><div class="recs"><span>Loading</span></div><p>Loading…</p><ul><li>Loading recommendations...</li></ul><div>Please wait.</div><p>Loading dock at the back of the store.</p></main>',
    );
    removeClutter(document);
    assert.equal(text(document.body), 'MugLoading dock at the back of the store.');
    assert.equal(document.querySelectorAll('.recs, ul').length, 0, 'the outermost placeholder block goes');
  });
  it('drops the messages a script shows when a request fails, and the text of carousel and show-more controls', () => {
    const document = page(
      '<main><h1>Mug</h1><div class="err"><h3>Sorry, there was a problem.</h3></div><p>Opps! Something went wrong. Please try again later.</p><span>Please try again</span><div><a href="#">Previous</a> <a href="#">Next</a></div><a href="#">Show more + Show less –</a><p>Something went wrong with the glaze on the first batch, so we fired it again.</p><p>Next day delivery.</p><pre><code><span>next</span></code></pre><div>Error rating book. Refresh and try again.</div><h4>There was a problem filtering reviews. Please reload the page.</h4><p>If the kiln trips, let it cool and try again.</p></main>',
    );
    removeScriptMessages(document.body);
    assert.equal(
      text(document.body),
      'MugSomething went wrong with the glaze on the first batch, so we fired it again.Next day delivery.nextIf the kiln trips, let it cool and try again.',
      'a word of code stays',
    );
  });
  it('keeps an inline-hidden block that holds the page (shown by a script on load), drops small hidden extras', () => {
    const document = page(`<div style="display:none"><h1>Kettle One</h1><p>${prose(120, 'spec')}</p></div><div style="display: none"><p>Mobile menu</p></div>`);
    removeClutter(document);
    assert.match(text(document.body), /^Kettle One ?spec0 .* spec119$/);
    assert.ok(!text(document.body).includes('Mobile menu'));
  });
});

describe('sign-up boxes', () => {
  it('removes a short form that asks for an email address and the small box that introduces it, once the content is chosen', () => {
    const document = page(
      `<main><h1>Kettle One</h1><p>${prose(40, 'spec')}</p><div class="box"><h3>Join our list</h3><p>Offers and new arrivals.</p><form><input type="email" name="email"><button>Sign up</button><small>Unsubscribe any time.</small></form></div></main>`,
    );
    removeClutter(document);
    removeSignupForms(document.body);
    assert.match(text(document.body), /^Kettle One ?spec0 .* spec39$/);
    assert.equal(document.querySelectorAll('.box, form').length, 0);
  });
  it('keeps a hero whose heading stands beside its form, forms without an email field, and long forms', () => {
    const document = page(
      `<main><section class="hero"><h2>The complete solution</h2><p>Start today.</p><form><input type="email"></form></section><form id="search"><input name="q"><p>Search the shop</p></form><form id="order"><input type="email"><p>${prose(120, 'term')}</p></form></main>`,
    );
    removeClutter(document);
    removeSignupForms(document.body);
    assert.match(text(document.body), /^The complete solution ?Start today\. ?Search the shop ?term0 .* term119$/);
    assert.equal(document.querySelectorAll('.hero').length, 1);
  });
});

describe('screen-reader text', () => {
  it('removes text drawn off screen for screen readers only, and keeps a long block under such a class', () => {
    const document = page(
      `<main><h1>Mug</h1><label>Size <span class="sr-only">Variant sold out or unavailable</span></label><a href="/x">Care <span class="visually-hidden">(opens in a new window)</span></a><span class="screen-reader-text">Price: </span>$20<div class="visually-hidden">${prose(60, 'spec')}</div></main>`,
    );
    removeScreenReaderText(document.body);
    assert.match(text(document.body), /^MugSize ?Care ?\$20 ?spec0 .* spec59$/);
  });
});

describe('filler text and skip links', () => {
  it("removes a theme's lorem ipsum paragraphs, and nothing that merely quotes it", () => {
    const document = page(
      `<main><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p><p>Our kettle boils fast.</p><p>Typesetters call the filler “Lorem ipsum dolor sit amet”.</p></main>`,
    );
    removeClutter(document);
    assert.equal(text(document.body), 'Our kettle boils fast.Typesetters call the filler “Lorem ipsum dolor sit amet”.');
  });
  it('removes skip links in any of the common languages, and keeps links within the page that say something else', () => {
    const document = page(
      '<a href="#main">Skip to content</a><a href="#list">Skip to product list</a><a href="#c">Zum Inhalt springen</a><a href="#c">Aller au contenu</a><main id="main"><p>Our kettle boils fast.</p><a href="#specs">Specifications</a></main>',
    );
    removeChrome(document.body);
    assert.equal(text(document.body), 'Our kettle boils fast.Specifications');
  });
});

describe('removing the page chrome and what surrounds the content', () => {
  it('removes small chrome-named blocks, but not one that holds most of the page (a menu page, a search-results wrapper)', () => {
    const document = page(`<div class="breadcrumbs"><a href="/">Home</a> / Dishes</div><div class="menu"><h1>Our menu</h1><p>${prose(120, 'dish')}</p></div>`);
    removeChrome(document.body);
    assert.match(text(document.body), /^Our menu ?dish0 .* dish119$/);
    const results = page(
      `<div class="search-overlay"><p>Search the shop</p></div><div class="search-results"><h1>Kettles</h1><p>${prose(120, 'kettle')}</p></div>`,
    );
    removeSurroundings(results.body);
    assert.match(text(results.body), /^Kettles ?kettle0 .* kettle119$/);
  });
  it("keeps a thread's posts without what frames each one: author cards, votes, signatures", () => {
    const post = (n: number) =>
      `<div class="post"><div class="votecell"><div class="js-vote-count">${n}</div></div><div class="post-text"><p>Answer ${n}: restart the service, then clear the cache.</p></div><div class="user-info"><a href="/u/${n}">user${n}</a><span class="reputation-score">1,992</span> 2 gold badges</div><div class="signature">Sent from my phone</div></div>`;
    const thread = page(`<div class="thread">${post(1)}${post(2)}</div>`);
    removeSurroundings(thread.body);
    assert.match(text(thread.body), /^Answer 1: restart the service, then clear the cache\. ?Answer 2: restart the service, then clear the cache\.$/);
    const quoted = page('<div class="signature"><p>A signature block long enough to be a post of its own.</p></div>');
    removeSurroundings(quoted.body);
    assert.ok(text(quoted.body).includes('A signature block'), 'a block with paragraphs is a post, whatever its name');
  });
  it('removes the comment thread under a list or a story however long, keeps a thread that is the page and a block that only ends its name so', () => {
    const comment = (n: number) => `<div class="comment"><a href="/u/${n}">reader${n}</a><p>Comment ${n}: ${prose(30, 'word')}</p></div>`;
    const list = page(
      `<h1>Best books</h1><ol>${prose(40, 'book')
        .split(' ')
        .map((book) => `<li>${book}, a novel by a writer of note</li>`)
        .join(
          '',
        )}</ol><div id="comment_list">${Array.from({ length: 3 }, (_, i) => comment(i)).join('')}</div><div class="testimonials-comments"><p>Quote: a great course.</p></div>`,
    );
    removeSurroundings(list.body);
    assert.match(text(list.body), /book39/);
    assert.ok(!text(list.body).includes('Comment 2'), text(list.body));
    assert.match(text(list.body), /a great course/, 'another block whose name ends in comments');
    const thread = page(`<h1>Question</h1><p>How do I reset it?</p><div class="comments">${Array.from({ length: 8 }, (_, i) => comment(i)).join('')}</div>`);
    removeSurroundings(thread.body);
    assert.match(text(thread.body), /Comment 7/, "a forum's thread is most of its page");
  });
  it("removes a listing's filters and sort controls, keeps its items", () => {
    const items = Array.from({ length: 6 }, (_, i) => `<li><a href="/p/${i}">Kettle ${i}</a> $${20 + i}</li>`).join('');
    const listing = page(
      `<h1>Kettles</h1><div class="facets"><h2>Colour</h2><label>Black (12)</label><label>Steel (8)</label></div><div class="sort-by">Sort: Price</div><ul class="products">${items}</ul>`,
    );
    removeSurroundings(listing.body);
    assert.match(text(listing.body), /^Kettles ?Kettle 0 \$20.*Kettle 5 \$25$/);
  });
});

describe('removing recommendations', () => {
  const tiles = (names: string[]) => names.map((name) => `<li><a href="/p/${name}"><h3>${name}</h3></a><span>$19.99</span></li>`).join('');
  const product = `<h1>Kettle One</h1><p>$49.99</p><h3>Product description</h3><p>A stovetop kettle in brushed steel that boils a litre in four minutes and whistles when it is ready, with a handle that stays cool.</p>`;
  it('removes the block a recommendation heading starts, and the siblings it heads', () => {
    const wrapped = page(
      `<main>${product}<section class="carousel"><h2>Customers also bought</h2><ul>${tiles(['Mug', 'Filter'])}</ul></section><div><h2>You may also like</h2></div><ul>${tiles(['Tray'])}</ul><h2>Shipping</h2><p>Ships in two days.</p></main>`,
    );
    removeRecommendations(wrapped.body);
    assert.equal(text(wrapped.body).replace(/ /g, ''), text(page(`<main>${product}<h2>Shipping</h2><p>Ships in two days.</p></main>`).body).replace(/ /g, ''));
  });
  it("keeps the page's own content: a block that holds prose or a table, or that the heading does not start", () => {
    const described = page(`<div class="productpage">${product}<h2>Recently viewed</h2><ul>${tiles(['Kettle One'])}</ul></div>`);
    removeRecommendations(described.body);
    assert.match(text(described.body), /brushed steel/);
    assert.ok(!/Recently viewed/.test(text(described.body)));
    const spec = page('<h3>Related products</h3><p>List the products bought together.</p><table><tr><td>related_product_id</td><td>String</td></tr></table>');
    removeRecommendations(spec.body);
    assert.match(text(spec.body), /related_product_id/);
  });
  it('reads the headings shops write in other languages', () => {
    for (const heading of [
      'Vous aimerez aussi',
      'Ils vont bien ensemble',
      'Das könnte dir auch gefallen',
      'Kunden kauften auch',
      'También te puede gustar',
      'Prodotti correlati',
      'Você também pode gostar',
      'Vergelijkbare producten',
    ]) {
      const document = page(`<main>${product}<section><h2>${heading}</h2><ul>${tiles(['Mug', 'Filter'])}</ul></section></main>`);
      removeRecommendations(document.body);
      assert.ok(!text(document.body).includes('Mug'), heading);
      assert.match(text(document.body), /brushed steel/);
    }
    const about = page(`<main><h2>Produits similaires à la concurrence</h2><p>${prose(40)}</p></main>`);
    removeRecommendations(about.body);
    assert.match(text(about.body), /reply39/);
  });
});

describe("a product's reviews", () => {
  const description = `<h1>Kettle One</h1><p>A stovetop kettle in brushed steel that boils a litre in four minutes.</p>`;
  it("removes the review widgets, schema.org reviews and a marketplace seller's feedback and ratings, and keeps the description", () => {
    const document = page(
      `<main>${description}<div id="reviews"><h2>Customer reviews</h2><p>Great kettle, fast shipping!</p></div><div class="yotpo yotpo-main-widget"><p>Five stars</p></div><div itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="author">Ann</span><p>Whistles loudly.</p></div><div class="x-feedback-detail-list"><p>Feedback left by buyer: fast shipping.</p></div><div class="seller-rating">4.9</div></main>`,
    );
    removeReviews(document.body);
    assert.equal(text(document.body), 'Kettle OneA stovetop kettle in brushed steel that boils a litre in four minutes.');
  });
  it('keeps a block of reviews that is most of the page: then the reviews are the page', () => {
    const document = page(`<main><h1>Kettle One reviews</h1><div class="product-reviews"><p>${prose(200, 'review')}</p></div></main>`);
    removeReviews(document.body);
    assert.match(text(document.body), /review199/);
  });
});

describe('repeated sections', () => {
  const section = (name: string) =>
    `<h2>Designed for everyday</h2><p>${name}: we rethink what looks good and make it last, for those who choose once and carry it for good.</p>`;
  it('keeps one copy of a section the page ships once per layout (mobile, desktop)', () => {
    const document = page(
      `<main><h1>Wallet</h1><div class="desktop">${section('Ridge')}</div><div class="mobile">${section('Ridge')}</div><div class="tablet"><div>${section('Ridge')}</div></div><div class="mobile">${section('Other')}</div></main>`,
    );
    removeRepeatedBlocks(document.querySelector('main')!);
    assert.equal(text(document.body).match(/Ridge:/g)?.length, 1);
    assert.equal(document.querySelector('.desktop h2')?.textContent, 'Designed for everyday', 'the first copy stays');
    assert.match(text(document.body), /Other:/);
  });
  it('compares a copy longer than maxText through its sections', () => {
    const copy = `<div class="layout"><section>${section('Ridge')}</section><div>${section('Wallet')}</div></div>`;
    const document = page(`<main>${copy}${copy}</main>`);
    removeRepeatedBlocks(document.querySelector('main')!, { maxText: 200 });
    assert.equal(text(document.body).match(/Ridge:/g)?.length, 1);
    assert.equal(text(document.body).match(/Wallet:/g)?.length, 1);
  });
  it('keeps one copy of a guide shipped again for another layout under other headings (a desktop block and its mobile accordion)', () => {
    const paragraphs = ['Carry-on luggage holds your essentials within reach', 'Most airlines allow a bag of about 22 by 14 by 9 inches'].map(
      (line) => `<p>${line}, whatever the trip, so that you can walk off the plane and on to where you are going.</p>`,
    );
    const desktop = `<div class="d-none d-md-block"><h3>Unpacking carry-on luggage</h3><h4>What is it?</h4>${paragraphs[0]}<h4>How big?</h4>${paragraphs[1]}</div>`;
    const mobile = `<div class="d-md-none"><div class="card"><div class="card-header">What is it?</div><div class="card-body">${paragraphs[0]}</div></div><div class="card"><div class="card-header">How big?</div><div class="card-body">${paragraphs[1]}</div></div></div>`;
    const document = page(`<main><h1>Carry-on luggage</h1>${desktop}${mobile}</main>`);
    removeRepeatedBlocks(document.querySelector('main')!);
    assert.equal(text(document.body).match(/Carry-on luggage holds/g)?.length, 1);
    assert.ok(document.querySelector('.d-md-block h3'), 'the first copy stays, headings and all');
    assert.equal(document.querySelector('.d-md-none'), null);
  });
  it('keeps a section that repeats two paragraphs but says more of its own', () => {
    const paragraphs = ['Carry-on luggage holds your essentials within reach', 'Most airlines allow a bag of about 22 by 14 by 9 inches']
      .map((line) => `<p>${line}, whatever the trip, so that you can walk off the plane and on to where you are going.</p>`)
      .join('');
    const document = page(`<main><div>${paragraphs}</div><div><h2>${prose(40, 'own')}</h2>${paragraphs}</div></main>`);
    removeRepeatedBlocks(document.querySelector('main')!);
    assert.equal(text(document.body).match(/Carry-on luggage holds/g)?.length, 2);
  });
  it("keeps what a page repeats on purpose: a paragraph, a list, a plan's features, a list item's parts, a quote, a code block, a short part of an item", () => {
    const step = '<p>On the View menu, click Zoom, then Zoom Extents All, and press Enter to close the selection.</p>';
    const features = '<ul><li>Professionally written by experts</li><li>Keyword optimized to pass screening software</li></ul>';
    const parameter = (name: string) =>
      `<li><code>${name}</code><div><p>Text that appears on the statement.</p><p>It overrides the account default.</p></div></li>`;
    const quote = '<div><p>Both are decent entry level bikes.</p><p>I have one of each for my kids, and they ride daily.</p></div>';
    const code = '<div><p>Install it:</p><pre>npm install acme --save-dev --registry https://registry.example.com</pre></div>';
    const price = '<div class="price"><span>Rental $30.00</span><div>With package $25.00</div><div>Free returns</div></div>';
    const body = `<main>${step}${step}<div class="plan">${features}</div><div class="plan">${features}</div><ul>${parameter('descriptor')}${parameter('suffix')}</ul><div class="post">${quote}</div><blockquote>${quote}</blockquote>${code}${code}${price}${price}</main>`;
    const document = page(body);
    const before = text(document.body);
    removeRepeatedBlocks(document.querySelector('main')!);
    assert.equal(text(document.body), before);
  });
});
