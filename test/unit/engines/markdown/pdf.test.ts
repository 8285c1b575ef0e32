/**
 * The PDF reader (engines/markdown/pdf.ts) on real PDF files written from known text
 * (test/world/fixtures/pdf-files.ts): the Markdown, the words recovered, the caps and their
 * notes, and what a password-protected, a damaged and a text-less PDF answer.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPdf, PDF_LIMITS } from '../../../../engines/markdown/pdf.ts';
import { DAMAGED_PDF, ENCRYPTED_PDF, IMAGE_ONLY_PDF, REPORT_PDF, REPORT_TEXT, REPORT_WORDS } from '../../../world/fixtures/markdown-sites.ts';
import { layoutPdf } from '../../../world/fixtures/pdf-files.ts';

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** F1 of the words of `got` against those of `want`, as multisets. */
function wordF1(got: string, want: string): number {
  const counts = new Map<string, number>();
  for (const word of words(want)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let hits = 0;
  for (const word of words(got)) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      hits++;
      counts.set(word, left - 1);
    }
  }
  const precision = hits / Math.max(1, words(got).length);
  const recall = hits / Math.max(1, words(want).length);
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

describe('reading a PDF', { timeout: 60_000 }, () => {
  it('gives the report as Markdown: headings by size, lists, the link, no running foot', async () => {
    const read = await readPdf(REPORT_PDF);
    assert.ok(read.readable);
    assert.equal(read.title, REPORT_TEXT.title);
    assert.equal(read.metaDescription, 'The year 2025 at Paperstack');
    assert.equal(read.pages, 3);
    assert.equal(read.pagesRead, 3);
    assert.deepEqual(read.limitNotes, []);
    assert.equal(
      read.markdown,
      [
        `# ${REPORT_TEXT.title}`,
        REPORT_TEXT.intro,
        '## Highlights',
        REPORT_TEXT.highlights.map((item) => `- ${item}`).join('\n'),
        REPORT_TEXT.growth,
        '## Getting started',
        REPORT_TEXT.steps.map((item, index) => `${index + 1}. ${item}`).join('\n'),
        'Read the [full results](https://paperstack-docs.com/results) on our website.',
        '## Outlook',
        REPORT_TEXT.outlook,
      ].join('\n\n'),
    );
  });
  it('recovers the known words (F1 at least 0.98)', async () => {
    const read = await readPdf(REPORT_PDF);
    assert.ok(read.readable);
    const f1 = wordF1(read.markdown.replace(/\]\([^)]*\)/g, ']'), REPORT_WORDS);
    assert.ok(f1 >= 0.98, `F1 ${f1}`);
  });
  it('answers a password-protected PDF as such, though the file is a real one', async () => {
    assert.deepEqual(await readPdf(ENCRYPTED_PDF), { readable: false, reason: 'password', detail: 'the PDF is encrypted with a password' });
    // The fixture is what it says: with its password pdf.js reads it.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: new Uint8Array(ENCRYPTED_PDF), password: 'open sesame', isEvalSupported: false }).promise;
    const text = await (await document.getPage(1)).getTextContent();
    assert.ok(text.items.some((item) => 'str' in item && item.str.includes('Confidential')));
    await document.destroy();
  });
  it('answers a damaged PDF as damaged', async () => {
    const read = await readPdf(DAMAGED_PDF);
    assert.equal(read.readable, false);
    assert.equal(!read.readable && read.reason, 'damaged');
    assert.equal(!read.readable && read.detail, 'the PDF is damaged (Invalid PDF structure)');
  });
  it('finds no content in a PDF without a text layer', async () => {
    const read = await readPdf(IMAGE_ONLY_PDF);
    assert.ok(read.readable);
    assert.equal(read.hasContent, false);
    assert.equal(read.markdown, '');
  });
  it('reads the first pages only, and says so', async () => {
    const read = await readPdf(REPORT_PDF, { limits: { ...PDF_LIMITS, maxPages: 2 } });
    assert.ok(read.readable);
    assert.equal(read.pagesRead, 2);
    assert.ok(!read.markdown.includes('Outlook'));
    assert.deepEqual(read.limitNotes, ['The PDF has 3 pages: only the first 2 were read.']);
  });
  it('stops at the text-run cap, and says so', async () => {
    const read = await readPdf(REPORT_PDF, { limits: { ...PDF_LIMITS, maxTextRuns: 4 } });
    assert.ok(read.readable);
    assert.equal(read.pagesRead, 1);
    assert.ok(read.markdown.startsWith(`# ${REPORT_TEXT.title}`));
    assert.ok(!read.markdown.includes('Growth came'));
    assert.deepEqual(read.limitNotes, ['The PDF has more than 4 runs of text: only the first 4 were read (through page 1).']);
  });
  it('stops reading once the Markdown is longer than the answer can carry', async () => {
    const vocabulary = 'revenue office archive customer market product forecast team growth region client folder account outlook language spring'.split(' ');
    // Each chapter its own words (a text repeated on every page would read as a running head).
    const prose = (index: number) => Array.from({ length: 90 }, (_, n) => vocabulary[(n * (index + 3) + index) % vocabulary.length]).join(' ');
    const chapters = Array.from({ length: 30 }, (_, index) => [
      { heading: `Chapter ${index + 1}`, size: 16 },
      { paragraph: `${prose(index)}.` },
      { pageBreak: true as const },
    ]).flat();
    const bytes = layoutPdf(chapters);
    const whole = await readPdf(bytes);
    const cut = await readPdf(bytes, { maxChars: 2_000 });
    assert.ok(whole.readable && cut.readable);
    assert.equal(whole.stoppedAtLength, false);
    assert.equal(whole.pagesRead, whole.pages);
    assert.equal(cut.stoppedAtLength, true);
    assert.ok(cut.pagesRead < 10, `${cut.pagesRead} pages read`);
    assert.ok(cut.markdown.length > 2_000);
    assert.ok(whole.markdown.startsWith(cut.markdown.slice(0, 2_000)));
  });
});
