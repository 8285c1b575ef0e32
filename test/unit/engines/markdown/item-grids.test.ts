import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { itemGrids, removeItemGrids } from '../../../../engines/markdown/item-grids.ts';
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
