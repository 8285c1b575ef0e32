import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanUrl, createMarkdownConverter } from '../../../../engines/markdown/markdown.ts';
import { parsePage } from '../../../../engines/markdown/page.ts';

const BASE = 'https://acme.io/docs/page';
function md(html: string): string {
  const document = parsePage(`<html><head></head><body>${html}</body></html>`, BASE);
  return createMarkdownConverter().convert(document.body, BASE);
}

describe('HTML to GitHub-flavoured Markdown', () => {
  it('turns a table without a header row into a GFM table whose first row is the header', () => {
    assert.equal(md('<table><tr><td>A</td><td>B</td></tr><tr><td>1</td><td>2</td></tr></table>'), '| A | B |\n| --- | --- |\n| 1 | 2 |');
  });
  it('keeps thead tables, pads short rows and escapes pipes and newlines in cells', () => {
    assert.equal(
      md(
        '<table><thead><tr><th>Plan</th><th>Note</th></tr></thead><tbody><tr><td>Team</td><td>10 | more<br>seats</td></tr><tr><td>Solo</td></tr></tbody></table>',
      ),
      '| Plan | Note |\n| --- | --- |\n| Team | 10 \\| more seats |\n| Solo | |',
    );
  });
  it('reads layout tables (one column, or nesting) as ordinary blocks', () => {
    assert.equal(md('<table><tr><td><p>Only one column</p></td></tr><tr><td>Second block</td></tr></table>'), 'Only one column\n\nSecond block');
  });
  it('fences code verbatim with its language and a fence longer than any backtick run inside', () => {
    assert.equal(md('<pre><code class="language-js">const a = 1;\n\nconst b = `x`;</code></pre>'), '```js\nconst a = 1;\n\nconst b = `x`;\n```');
    assert.equal(md('<pre>a ```` b</pre>'), '`````\na ```` b\n`````');
  });
  it('writes lists with one space after the marker, numbered from the start attribute, nested lists indented', () => {
    assert.equal(md('<ul><li>One</li><li>Two<ul><li>Inner</li></ul></li></ul>'), '- One\n- Two\n  - Inner');
    assert.equal(md('<ol start="3"><li>Three</li><li>Four</li></ol>'), '3. Three\n4. Four');
  });
  it('uses * for emphasis so it never glues onto words, ** for strong, ~~ for deletions', () => {
    assert.equal(md('<p>snake<em>case</em> and <strong>bold</strong> and <del>old</del></p>'), 'snake*case* and **bold** and ~~old~~');
  });
  it('makes links and images absolute, takes lazy image sources and drops pixels and javascript: links', () => {
    assert.equal(md('<p><a href="../pricing?utm_source=x&amp;plan=team">Plans</a></p>'), '[Plans](https://acme.io/pricing?plan=team)');
    assert.equal(md('<p><a href="javascript:void(0)">Open</a></p>'), 'Open');
    assert.equal(md('<img data-src="/img/a.png" alt="A [logo]">'), '![A \\[logo\\]](https://acme.io/img/a.png)');
    assert.equal(md('<img srcset="/s.png 1x, /l.png 2x" alt="S">'), '![S](https://acme.io/l.png)', 'the largest candidate');
    assert.equal(md('<p>x<img src="/t.gif" width="1" height="1"></p>'), 'x');
  });
  it('resolves lazy images to their real URL, never a placeholder or data: URI', () => {
    assert.equal(md('<img src="/img/placeholder.gif" data-src="/img/real.jpg" alt="A">'), '![A](https://acme.io/img/real.jpg)');
    assert.equal(md('<img src="data:image/gif;base64,R0lGOD" data-lazy-src="/img/real.jpg" alt="A">'), '![A](https://acme.io/img/real.jpg)');
    assert.equal(md('<img src="data:image/svg+xml,%3Csvg%3E" data-srcset="/a-400.jpg 400w, /a-800.jpg 800w" alt="A">'), '![A](https://acme.io/a-800.jpg)');
    assert.equal(md('<img src="/spacer.gif" srcset="data:image/gif;base64,R0 1x, /hi.jpg 2x" alt="A">'), '![A](https://acme.io/hi.jpg)');
    assert.equal(
      md('<picture><source data-srcset="/p-1200.webp 1200w, /p-600.webp 600w"><img src="data:image/png;base64,iVBOR" alt="P"></picture>'),
      '![P](https://acme.io/p-1200.webp)',
    );
    assert.equal(
      md('<img src="/photos/team.jpg" data-src="data:image/gif;base64,R0" alt="T">'),
      '![T](https://acme.io/photos/team.jpg)',
      'a data: lazy attribute is no real URL',
    );
    assert.equal(md('<img src="data:image/gif;base64,R0lGOD" alt="none">'), '', 'nothing real: no image');
    assert.equal(
      md('<img src="/wp-content/plugins/cache/images/blank.gif" data-wpfc-original-src="/uploads/logo.png" alt="L">'),
      '![L](https://acme.io/uploads/logo.png)',
      "any lazy loader's data-…-src",
    );
    assert.equal(md('<img src="/api/pixel?key=1" width="0" height="0">'), '', 'a zero-size tracking pixel');
  });
  it('collapses blank lines outside code blocks and trims trailing spaces', () => {
    assert.equal(md('<p>a  </p><div></div><div></div><p>b</p>'), 'a\n\nb');
  });
});

describe('cleaning a URL', () => {
  it('keeps mailto and tel, drops data: and unparsable values, removes click ids', () => {
    assert.equal(cleanUrl('mailto:hi@acme.io', BASE), 'mailto:hi@acme.io');
    assert.equal(cleanUrl('tel:+3110', BASE), 'tel:+3110');
    assert.equal(cleanUrl('data:text/html,x', BASE), null);
    assert.equal(cleanUrl('http://[bad', BASE), null);
    assert.equal(cleanUrl('/a?gclid=1&fbclid=2&q=3', BASE), 'https://acme.io/a?q=3');
  });
});
