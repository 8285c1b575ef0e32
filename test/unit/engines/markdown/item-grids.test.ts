import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { itemGrids, removeItemGrids, repeatedItems } from '../../../../engines/markdown/item-grids.ts';
import { htmlToMarkdown } from '../../../../engines/markdown/convert.ts';
import { parsePage } from '../../../../engines/markdown/page.ts';

const page = (body: string) => parsePage(`<html><head></head><body>${body}</body></html>`, 'https://acme.io/');
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
const card = (i: number, price = `$${10 + i}.99`) => `<li><a href="/p/${i}"><img src="/i/${i}.jpg">Mug ${i}</a><span>${price}</span></li>`;
const grid = (count: number, make = card) => `<ul class="tiles">${Array.from({ length: count }, (_, i) => make(i)).join('')}</ul>`;
const guide = (paragraphs: number) =>
  Array.from({ length: paragraphs }, (_, i) => `<p>Paragraph ${i} of the guide to choosing a mug: size, glaze, handle and how it keeps coffee warm.</p>`).join(
    '',
  );

describe('grids of priced item cards', () => {
  it('finds a container of six priced cards or more, in any currency, or of linked cards with a heading each', () => {
    assert.equal(itemGrids(page(grid(6)).body).length, 1);
    assert.equal(itemGrids(page(grid(6, (i) => card(i, `${i},99 €`))).body).length, 1);
    assert.equal(itemGrids(page(grid(6, (i) => `<li><a href="/p/${i}"><h3>Mug ${i}</h3></a><span>New</span></li>`)).body).length, 1);
  });
  it('leaves fewer cards, cards without a link, and long blocks that mention a price', () => {
    assert.equal(itemGrids(page(grid(5)).body).length, 0, 'a few offers are no grid');
    assert.equal(itemGrids(page(grid(8, (i) => `<li>Mug ${i} $${i}.00</li>`)).body).length, 0, 'a price list without links (a menu, bulk rates)');
    const plans = grid(
      8,
      (i) => `<li><a href="/plan/${i}">Plan ${i}</a> $${i}/month. ${'Everything in the plan before, and more seats, storage and support. '.repeat(8)}</li>`,
    );
    assert.equal(itemGrids(page(plans).body).length, 0, 'plans that say what they hold are no tiles');
  });
  it('removes the grids on a page that says enough of its own beside them, keeps them when they are the page', () => {
    const category = page(`<main><h1>Mugs</h1>${guide(20)}${grid(8)}</main>`);
    removeItemGrids(category.body);
    assert.ok(!text(category.body).includes('Mug 3'));
    assert.match(text(category.body), /Paragraph 19 of the guide/);
    const aisle = page(`<main><h1>Mugs</h1>${guide(20)}${grid(300)}</main>`);
    removeItemGrids(aisle.body);
    assert.match(text(aisle.body), /Mug 299/, 'a guide shorter than half the grid is a line above the items');
    const shelf = page(`<main><h1>Mugs</h1><p>Our mugs.</p>${grid(8)}</main>`);
    removeItemGrids(shelf.body);
    assert.match(text(shelf.body), /Mug 3\$13\.99/);
  });
  it("drops other items beside one item's page, however short its description", () => {
    const ld = (node: object) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;
    const html = (node: object) =>
      `<html><head>${ld(node)}</head><body><main><h1>Kettle One</h1><p>A steel kettle that boils a litre in three minutes.</p><p>$49.00</p><h2>More from the shop</h2>${grid(8)}</main></body></html>`;
    const item = htmlToMarkdown(html({ '@type': 'Product', name: 'Kettle One' }), 'https://acme.io/kettle-one').markdown;
    assert.match(item, /boils a litre/);
    assert.ok(!item.includes('Mug 3'), item);
    const listing = htmlToMarkdown(html({ '@type': 'CollectionPage', name: 'Kettles' }), 'https://acme.io/kettles').markdown;
    assert.match(listing, /Mug 3/, 'a category that says little of its own keeps its items');
  });
});

describe('lists of repeated items', () => {
  const story = (i: number) => `<li class="teaser"><a href="/news/${i}">Story ${i}</a><p>What happened on day ${i}.</p></li>`;
  it('finds four linked siblings or more of one tag and class, the outermost only', () => {
    const items = repeatedItems(page(`<ul>${Array.from({ length: 4 }, (_, i) => story(i)).join('')}</ul>`).body);
    assert.deepEqual(
      items.map((item) => text(item)),
      ['Story 0What happened on day 0.', 'Story 1What happened on day 1.', 'Story 2What happened on day 2.', 'Story 3What happened on day 3.'],
    );
    assert.equal(repeatedItems(page(`<ul>${Array.from({ length: 3 }, (_, i) => story(i)).join('')}</ul>`).body).length, 0, 'three are no list');
    const mixed = Array.from({ length: 4 }, (_, i) => (i % 2 ? story(i) : story(i).replace('class="teaser"', 'class="promo"'))).join('');
    assert.equal(repeatedItems(page(`<ul>${mixed}</ul>`).body).length, 0, 'two of one class and two of another');
    const unlinked = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i}.</p>`).join('');
    assert.equal(repeatedItems(page(`<div>${unlinked}</div>`).body).length, 0, 'paragraphs that link nowhere');
    const long = Array.from({ length: 6 }, (_, i) => `<section><a href="/s/${i}">Part ${i}</a><p>${'Long prose. '.repeat(100)}</p></section>`).join('');
    assert.equal(repeatedItems(page(`<div>${long}</div>`).body).length, 0, 'sections longer than an item');
  });

  // A story's title and summary in a block after its date: Readability's cleaning drops the block (a little linky, no class weight).
  const teaser = (i: number) =>
    `<li class="teaser"><div class="tease"><div class="pic"><a href="/news/${i}"><img src="/i/${i}.jpg" alt="Story ${i}"></a></div><div class="head-line"><div class="since">${i + 2} days ago</div><a href="/news/${i}">Council votes on the new river bridge, story number ${i}</a><p>The city council met on Monday to decide the bridge's route and budget.</p></div></div></li>`;
  const topic = (intro: string) =>
    `<html><head><title>Bridges</title><meta property="og:type" content="article"></head><body><header><a href="/">News</a></header><main><div class="panel"><div class="title">BRIDGES</div><p>${intro}</p><ul class="teasers">${Array.from({ length: 12 }, (_, i) => teaser(i)).join('')}</ul></div></main><footer>Footer</footer></body></html>`;
  const line = 'The river bridge has been the talk of the town for a decade, and every week brings news of its route, its cost and its people. ';
  it("puts back the titles and summaries Readability cut from a list's items", () => {
    const { markdown, source } = htmlToMarkdown(topic(line.repeat(4)), 'https://news.test/topic/bridges');
    assert.equal(source, 'readability');
    assert.match(markdown, /\[Council votes on the new river bridge, story number 11\]\(https:\/\/news\.test\/news\/11\)/);
    assert.match(markdown, /13 days ago/);
    assert.equal(markdown.match(/decide the bridge's route/g)?.length, 12, markdown);
  });
  it("leaves items beside an article's own text as Readability left them", () => {
    const { markdown, source } = htmlToMarkdown(topic(line.repeat(30)), 'https://news.test/topic/bridges');
    assert.equal(source, 'readability');
    assert.ok(!markdown.includes('story number 11'), markdown);
  });
});
