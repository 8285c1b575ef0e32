/**
 * The PDF layout (engines/markdown/pdf-layout.ts) on runs of text placed by hand, as pdf.js hands
 * them over: lines, paragraphs, headings, lists, links, running heads, pages.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pdfToMarkdown, type PdfPageText, type PdfRun } from '../../../../engines/markdown/pdf-layout.ts';

/** A run of `str` at (x, y), size 11 unless told, its width half an em a character. */
const run = (str: string, x: number, y: number, size = 11): PdfRun => ({ str, x, y, size, width: str.length * size * 0.5 });
const page = (runs: PdfRun[], links: PdfPageText['links'] = []): PdfPageText => ({ runs, links });

describe('PDF layout', () => {
  it('joins runs of one baseline into a line, with a space only where the gap is one', () => {
    const { markdown } = pdfToMarkdown([page([run('Rev', 72, 700), run('enue', 72 + 3 * 5.5, 700), run('grew', 72 + 7 * 5.5 + 3, 700)])]);
    assert.equal(markdown, 'Revenue grew');
  });
  it('joins lines at the usual spacing into a paragraph and starts another after a larger gap', () => {
    const { markdown } = pdfToMarkdown([
      page([run('First line of', 72, 700), run('the first paragraph.', 72, 686), run('Second paragraph here.', 72, 660), run('And its end.', 72, 646)]),
    ]);
    assert.equal(markdown, 'First line of the first paragraph.\n\nSecond paragraph here. And its end.');
  });
  it('makes headings of lines larger than the body, levels by size, a wrapped heading one heading', () => {
    const { markdown, firstHeading } = pdfToMarkdown([
      page([
        run('The Big', 72, 740, 24),
        run('Title', 72, 712, 24),
        run('Body text one.', 72, 680),
        run('Section', 72, 650, 16),
        run('Body text two, which is the longest line.', 72, 620),
      ]),
    ]);
    assert.equal(markdown, '# The Big Title\n\nBody text one.\n\n## Section\n\nBody text two, which is the longest line.');
    assert.equal(firstHeading, 'The Big Title');
  });
  it('reads bullet and numbered lists, a wrapped item joined to its item', () => {
    const { markdown } = pdfToMarkdown([
      page([
        run('Intro paragraph of the list.', 72, 700),
        run('•', 78, 680),
        run('First item that wraps', 94, 680),
        run('onto a second line', 94, 666),
        run('•', 78, 652),
        run('Second item', 94, 652),
        run('1.', 78, 630),
        run('Step one', 94, 630),
        run('2.', 78, 616),
        run('Step two', 94, 616),
      ]),
    ]);
    assert.equal(markdown, 'Intro paragraph of the list.\n\n- First item that wraps onto a second line\n- Second item\n\n1. Step one\n2. Step two');
  });
  it('does not take a dash or a number that a wrapped paragraph line starts with for a list', () => {
    const { markdown } = pdfToMarkdown([page([run('The price rose from ten to', 72, 700), run('12. Then it fell - a little.', 72, 686)])]);
    assert.equal(markdown, 'The price rose from ten to 12. Then it fell - a little.');
  });
  it('puts a link annotation over the words it covers, by width, without tracking parameters', () => {
    const text = 'Read the full results online.';
    const start = 72 + 'Read the '.length * 5.5;
    const { markdown } = pdfToMarkdown([
      page([run(text, 72, 700)], [{ rect: [start, 697, start + 'full results'.length * 5.5, 710], url: 'https://example.com/r?utm_source=pdf&id=2' }]),
    ]);
    assert.equal(markdown, 'Read the [full results](https://example.com/r?id=2) online.');
  });
  it('prefers the text pdf.js names under a link, and drops links that are not http(s) or mailto', () => {
    const { markdown } = pdfToMarkdown([
      page(
        [run('Write to us or run it.', 72, 700)],
        [
          { rect: [72, 697, 140, 710], url: 'mailto:team@example.com', text: 'Write to us' },
          { rect: [150, 697, 200, 710], url: 'javascript:alert(1)', text: 'run it' },
        ],
      ),
    ]);
    assert.equal(markdown, '[Write to us](mailto:team@example.com) or run it.');
  });
  it('drops a running foot repeated on most pages, and joins a paragraph that goes on on the next page', () => {
    const foot = (number: number) => run(`Report — page ${number}`, 72, 40, 8);
    const pages = [
      page([run('Page one opens.', 72, 700), foot(1)]),
      page([run('Page two opens.', 72, 700), run('This sentence goes on', 72, 674), foot(2)]),
      page([run('onto the third page.', 72, 700), run('Its own paragraph.', 72, 674), foot(3)]),
    ];
    assert.equal(pdfToMarkdown(pages).markdown, 'Page one opens.\n\nPage two opens.\n\nThis sentence goes on onto the third page.\n\nIts own paragraph.');
  });
  it('escapes text that looks like Markdown', () => {
    assert.equal(
      pdfToMarkdown([page([run('# not a heading with *stars* and [brackets]', 72, 700)])]).markdown,
      '\\# not a heading with \\*stars\\* and \\[brackets\\]',
    );
  });
});
