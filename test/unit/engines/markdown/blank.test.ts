import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { emptyBlankSubtrees } from '../../../../engines/markdown/blank.ts';

const body = (html: string) => (parseHTML(`<html><body>${html}</body></html>`) as unknown as { document: Document }).document.body;
const turndown = new TurndownService();
const markdown = (root: Element) => turndown.turndown(root as unknown as HTMLElement);

describe('emptyBlankSubtrees', () => {
  it('leaves what Turndown writes unchanged', () => {
    const pages = [
      'foo<div><div><span> </span></div></div>bar',
      '<p>a<span><i></i></span>b</p><div></div><div> </div><div></div><p>c</p>',
      '<div><div><img src="https://x.test/a.png" alt="kept"></div></div><div><a href="/x"></a></div>',
      '<ul><li><span></span></li><li>one</li></ul><table><tr><td></td><td>x</td></tr></table>',
      'one<span> <b> </b> </span>two',
    ];
    for (const html of pages) {
      const root = body(html);
      const before = markdown(body(html));
      emptyBlankSubtrees(root);
      assert.equal(markdown(root), before, html);
    }
  });

  it('keeps one of a run of blank blocks and empties the outermost blank element', () => {
    const root = body('<p>a</p><div><div><span></span></div></div>\n<div></div><div></div><p>b</p>');
    emptyBlankSubtrees(root);
    assert.equal(root.innerHTML, '<p>a</p><div></div>\n<p>b</p>');
  });

  it('makes a chain of thousands of nested empty elements cheap for Turndown', () => {
    const root = body(`${'<div>'.repeat(3_000)}${'</div>'.repeat(3_000)}<p>text</p>`);
    const started = performance.now();
    emptyBlankSubtrees(root);
    assert.equal(markdown(root), 'text');
    assert.ok(performance.now() - started < 1_000, `took ${Math.round(performance.now() - started)} ms`);
  });
});
