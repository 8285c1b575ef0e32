import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { removeChrome, removeClutter, removeSurroundings } from '../../../../engines/markdown/declutter.ts';
import { parsePage } from '../../../../engines/markdown/page.ts';

const page = (body: string) => parsePage(`<html><head></head><body>${body}</body></html>`, 'https://acme.io/');
const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
const prose = (words: number, word = 'reply') => Array.from({ length: words }, (_, i) => `${word}${i}`).join(' ');

describe('removing what is never content', () => {
  it('unwraps a long <noscript>: the page served to clients without JavaScript (forum engines)', () => {
    const document = page(`<div id="app"></div><noscript><p>Please enable JavaScript.</p></noscript><noscript><div id="main-outlet"><h1>Thread</h1><p>${prose(120)}</p></div></noscript>`);
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
  it('keeps an inline-hidden block that holds the page (shown by a script on load), drops small hidden extras', () => {
    const document = page(`<div style="display:none"><h1>Kettle One</h1><p>${prose(120, 'spec')}</p></div><div style="display: none"><p>Mobile menu</p></div>`);
    removeClutter(document);
    assert.match(text(document.body), /^Kettle One ?spec0 .* spec119$/);
    assert.ok(!text(document.body).includes('Mobile menu'));
  });
});


describe('removing the page chrome and what surrounds the content', () => {
  it('removes small chrome-named blocks, but not one that holds most of the page (a menu page, a search-results wrapper)', () => {
    const document = page(`<div class="breadcrumbs"><a href="/">Home</a> / Dishes</div><div class="menu"><h1>Our menu</h1><p>${prose(120, 'dish')}</p></div>`);
    removeChrome(document.body);
    assert.match(text(document.body), /^Our menu ?dish0 .* dish119$/);
    const results = page(`<div class="search-overlay"><p>Search the shop</p></div><div class="search-results"><h1>Kettles</h1><p>${prose(120, 'kettle')}</p></div>`);
    removeSurroundings(results.body);
    assert.match(text(results.body), /^Kettles ?kettle0 .* kettle119$/);
  });
});
