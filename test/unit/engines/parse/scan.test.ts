import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { anchors, blocks, comments, dropElements, stripTags } from '../../../../engines/parse/scan.ts';
import { careersLinks } from '../../../../engines/jobs/discover.ts';
import { doubleEscapedHtmlText, htmlText } from '../../../../engines/jobs/text.ts';
import { checkLlmsTxt, checkProductFeed, readSitemap } from '../../../../engines/store-readiness/discovery.ts';
import { parseRobots } from '../../../../engines/store-readiness/robots.ts';
import { findCodes } from '../../../../engines/promo/codes.ts';
import { piecesOf } from '../../../../engines/merchant/injection.ts';
import { openedFile } from '../opened-file.ts';

/** Markup as pages, boards and files write it: the scans must read it as the regular expressions they replace did. */
const ORDINARY = [
  '<p>Hello <b>world</b></p>',
  'a < b and c > d',
  '<div class="x">one</div><br/><img src="a.png" alt="pic">two',
  'text with a < that never closes',
  '<script>var a = "<b>";</script><p>kept</p><style>p{}</style>',
  '<SCRIPT type="module">x()</SCRIPT>after<scripts>not a script</scripts>',
  '<script>never closed <p>text</p>',
];

/** Builds the page at the given size: the measure of a scan is how its time grows with it. */
function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const file = (text: string) => openedFile(text);

describe('linear markup scans', () => {
  it('strip tags as /<[^>]*>/g does', () => {
    for (const html of ORDINARY) assert.equal(stripTags(html), html.replace(/<[^>]*>/g, ' '), html);
  });

  it('drop script and style elements as /<(script|style)\\b[\\s\\S]*?<\\/\\1>/gi does', () => {
    for (const html of ORDINARY) assert.equal(dropElements(html), html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' '), html);
    const escaped = 'a&lt;script&gt;x&lt;/script&gt;b&lt;style&gt;y';
    assert.equal(dropElements(escaped, { open: '&lt;', close: '&gt;' }), 'a b&lt;style&gt;y');
  });

  it('read each link with its href (quoted or not) and its inner markup up to maxText', () => {
    const html = `<a class="n" href="/careers">Careers</a> <a href='/x?a=1&amp;b=2'><span>Jobs</span></a> <a href=/plain>P</a> <a name="top">no href</a> <abbr href="/no">x</abbr> <a href="/long">${'x'.repeat(300)}</a>`;
    assert.deepEqual(
      [...anchors(html)].map(({ href, inner }) => [href, inner]),
      [
        ['/careers', 'Careers'],
        ['/x?a=1&amp;b=2', '<span>Jobs</span>'],
        ['/plain', 'P'],
        ['/long', ''],
      ],
    );
  });

  it('read blocks and comments, an unclosed one ending the search for its kind', () => {
    assert.deepEqual(blocks('<rss><item><title>A</title></item><entry>B</entry><item>open', ['item', 'entry']), [
      '<item><title>A</title></item>',
      '<entry>B</entry>',
    ]);
    assert.deepEqual(comments('a<!-- one -->b<!--two-->c<!-- open'), [' one ', 'two']);
  });

  it('take linear time on input built against them, in each reader of fetched text that used a regular expression for it', () => {
    // 320,000 characters each: the regular expressions these replace took from 2.6 s (llms.txt links)
    // to tens of seconds (careers links) on such input; a linear scan takes milliseconds.
    const size = 320_000;
    const repeat = (piece: string) => piece.repeat(Math.ceil(size / piece.length));
    const attacks: [string, () => unknown][] = [
      ['careers links, unclosed quotes', () => careersLinks(repeat('<a href="x '), 'https://a.example/', 'a.example')],
      ['careers links, one endless tag', () => careersLinks(`<a ${repeat(' href="x"')}`, 'https://a.example/', 'a.example')],
      ['job text, unclosed tags', () => htmlText(repeat('<'), { max: size })],
      ['job text, unclosed scripts', () => htmlText(repeat('<script>'), { max: size })],
      ['escaped job text', () => doubleEscapedHtmlText(repeat('&lt;script&gt;<'), { max: size })],
      ['sitemap, a <loc> and a run of space', () => readSitemap(file(`<urlset><loc>${' '.repeat(size)}x`))],
      ['feed, unclosed items', () => checkProductFeed(file(`<rss>${repeat('<item>')}`))],
      ['llms.txt, unclosed links', () => checkLlmsTxt(file(`# T\n${repeat('[a](/')}`))],
      ['llms.txt, open brackets', () => checkLlmsTxt(file(`# T\n${repeat('[')}`))],
      ['robots.txt, trailing space', () => parseRobots(`Disallow: x${' '.repeat(size)}y`)],
      ['promo text, a run of space', () => findCodes(`code${' '.repeat(size)}`, { now: new Date('2026-11-26T00:00:00Z') })],
      ['injection scan, unclosed comments', () => piecesOf(repeat('<!--'))],
    ];
    for (const [name, attack] of attacks) {
      const ms = timed(attack);
      assert.ok(ms < 1_500, `${name}: ${ms.toFixed(0)} ms`);
    }
  });
});

describe('style sheet rules of the injection scan', () => {
  it('reads the innermost rules as the regular expression did, and in linear time', async () => {
    const { cssRules } = await import('../../../../engines/merchant/injection.ts');
    const old = (css: string) => [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => [match[1], match[2]]);
    for (const css of ['.a{display:none}', '@media (max-width: 9px) { .b, .c { visibility: hidden } } .d{x:y}', 'a{}b{c:d', '}{ .x { y:z } }', 'p { } ']) {
      assert.deepEqual(cssRules(css), old(css), css);
    }
    assert.ok(timed(() => cssRules('a'.repeat(320_000))) < 1_500);
    assert.ok(timed(() => cssRules('{'.repeat(160_000) + '}'.repeat(160_000))) < 1_500);
  });
});
