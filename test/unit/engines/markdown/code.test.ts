/**
 * code.ts and the code rules of markdown.ts: code blocks and inline code survive, fenced, with
 * their lines, indentation and language, without the chrome highlighters add.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeLanguage, preformattedText } from '../../../../engines/markdown/code.ts';
import { createMarkdownConverter } from '../../../../engines/markdown/markdown.ts';
import { parsePage } from '../../../../engines/markdown/page.ts';

const BASE = 'https://docs.acme.io/guide';
const body = (html: string) => parsePage(`<html><head></head><body>${html}</body></html>`, BASE).body;
const md = (html: string) => createMarkdownConverter().convert(body(html), BASE);
const pre = (html: string) => body(html).querySelector('pre')!;

describe('code blocks', () => {
  it('keeps the line breaks written as <br> and as one element per line (highlighters), once each', () => {
    assert.equal(preformattedText(pre('<pre>a = 1<br>b = 2<br/>c = 3</pre>')), 'a = 1\nb = 2\nc = 3');
    assert.equal(
      preformattedText(pre('<pre><code><span class="line">fn main() {</span><span class="line">  go();</span><span class="line">}</span></code></pre>')),
      'fn main() {\n  go();\n}',
    );
    assert.equal(
      preformattedText(pre('<pre><code><span class="line">one</span>\n<span class="line"></span>\n<span class="line">three</span>\n</code></pre>')),
      'one\n\nthree',
      'a newline between line elements is not doubled; an empty line stays',
    );
    assert.equal(preformattedText(pre('<pre><div class="token-line">x</div><div class="token-line">y</div></pre>')), 'x\ny');
    assert.equal(
      preformattedText(pre('<pre><span class="highlight-code-line">f() {</span>  <span>go();</span>\n}</pre>')),
      'f() {\n  go();\n}',
      'spaces after a line element indent the next line',
    );
  });

  it('keeps indentation held in whitespace-only spans (Pygments), which blank-element emptying used to squeeze', () => {
    assert.equal(
      md(
        '<pre><span class="k">def</span><span class="w"> </span><span class="nf">f</span>():\n<span class="w">    </span><span class="k">return</span><span class="w"> </span>1</pre>',
      ),
      '```\ndef f():\n    return 1\n```',
    );
  });

  it('drops copy and "Try" buttons and line-number gutters, inside the block and beside it', () => {
    assert.equal(
      md('<div class="code-block"><button>Copy</button><pre><code class="language-sh">npm install acme</code></pre><a class="try-button">Try</a></div>'),
      '```sh\nnpm install acme\n```',
    );
    assert.equal(md('<pre><code>ls -la</code><span class="copy-button">Copy</span></pre>'), '```\nls -la\n```');
    assert.equal(md('<pre class="line-numbers"><code>a\nb</code><span class="line-numbers-rows"><span></span><span></span></span></pre>'), '```\na\nb\n```');
    assert.equal(
      md(
        '<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td><td class="code"><div class="highlight"><pre>x = 1\ny = 2</pre></div></td></tr></table>',
      ),
      '```\nx = 1\ny = 2\n```',
    );
    assert.equal(md('<pre>copy\nrun</pre>'), '```\ncopy\nrun\n```', 'the words of the code itself stay');
  });

  it('reads the language from the block, its <code>, or the wrapper a highlighter puts around it', () => {
    assert.equal(codeLanguage(pre('<pre><code class="language-python">x</code></pre>')), 'python');
    assert.equal(codeLanguage(pre('<pre class="lang-rb">x</pre>')), 'rb');
    assert.equal(codeLanguage(pre('<pre data-lang="go">x</pre>')), 'go');
    assert.equal(codeLanguage(pre('<pre class="brush: js notranslate">x</pre>')), 'js');
    assert.equal(codeLanguage(pre('<div class="highlight-python notranslate"><div class="highlight"><pre>x</pre></div></div>')), 'python');
    assert.equal(codeLanguage(pre('<div class="code-block language-hcl"><div class="body"><pre>x</pre></div></div>')), 'hcl');
    assert.equal(
      codeLanguage(pre('<div class="highlight-default notranslate"><div class="highlight"><pre>x</pre></div></div>')),
      '',
      'a default is no language',
    );
    assert.equal(
      codeLanguage(pre('<section class="language-fr"><p>Intro</p><pre>x</pre><pre>y</pre></section>')),
      '',
      'not from a section holding other blocks',
    );
  });

  it('drops the language label above the block (span.language-name "js")', () => {
    assert.equal(
      md(
        '<p>Intro</p><div class="code-example"><div class="example-header"><span class="language-name">js</span></div><pre class="brush: js notranslate"><code>fetch(url);</code></pre></div>',
      ),
      'Intro\n\n```js\nfetch(url);\n```',
    );
  });

  it('writes a block inside a data-table cell as inline code per line (a GFM cell holds no fence)', () => {
    assert.equal(
      md('<table><tr><th>Syntax:</th><td><pre>rewrite_log on | off;</pre></td></tr><tr><th>Default:</th><td><pre>rewrite_log off;</pre></td></tr></table>'),
      '| Syntax: | `rewrite_log on \\| off;` |\n| --- | --- |\n| Default: | `rewrite_log off;` |',
    );
  });

  it('fences a <code> of several lines standing alone outside <pre>', () => {
    assert.equal(md('<div><code>line one<br>line two</code></div>'), '```\nline one\nline two\n```');
  });
});

describe('inline code', () => {
  it('keeps inline code mid-sentence, and keyboard input and sample output, in backticks', () => {
    assert.equal(
      md('<p>Call <code>fetch()</code> then press <kbd>Ctrl</kbd>+<kbd>C</kbd>; it prints <samp>done</samp>.</p>'),
      'Call `fetch()` then press `Ctrl`+`C`; it prints `done`.',
    );
    assert.equal(
      md('<p>Use <code><span class="pre">a</span> <span class="pre">b</span></code> here.</p>'),
      'Use `a b` here.',
      'Sphinx spans inside inline code',
    );
    assert.equal(md('<p>A <code>`tick`</code> inside.</p>'), 'A `` `tick` `` inside.');
  });
});
