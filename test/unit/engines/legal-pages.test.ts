/**
 * Legal pages built to be costly (test/support/costly-pages.ts) cost each reader work bounded by
 * what they hold: counted work where the limits set it (nodes of the tree, Readability's passes,
 * the depth Turndown walks), and CPU that grows at most linearly with the page, as a ratio within
 * one run (never an absolute time: the machine is shared).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readability } from '@mozilla/readability';
import { parseBounded } from '../../../engines/parse/dom.ts';
import { htmlToMarkdown } from '../../../engines/markdown/convert.ts';
import { readabilityArticle } from '../../../engines/markdown/main-content.ts';
import { parsePage } from '../../../engines/markdown/page.ts';
import { MARKDOWN_MAX_DEPTH, READABILITY_MAX_ELEMENT_PASSES, READABILITY_MAX_ELEMENTS } from '../../../engines/parse/limits.ts';
import type { TaskName } from '../../../engines/parse/tasks.ts';
import { costlyPage, LEGAL_PAGE_READERS, readerCpuMs, type CostlyPageName } from '../../support/costly-pages.ts';

/** Nodes of each type under the root, walked without recursion. */
function nodeTypes(root: Node): Map<number, number> {
  const counts = new Map<number, number>();
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    counts.set(node.nodeType, (counts.get(node.nodeType) ?? 0) + 1);
    for (let child = node.firstChild; child; child = child.nextSibling) stack.push(child);
  }
  return counts;
}

/** Calls of Readability's parse and of its retries (each one a pass over the whole page) while `run` runs. */
function readabilityCalls(run: () => void): { parses: number; retries: number } {
  const prototype = Readability.prototype as unknown as { parse: () => unknown; _removeFlag: (flag: number) => void };
  const { parse, _removeFlag: removeFlag } = prototype;
  const calls = { parses: 0, retries: 0 };
  prototype.parse = function (this: unknown) {
    calls.parses += 1;
    return parse.call(this);
  };
  prototype._removeFlag = function (this: unknown, flag: number) {
    calls.retries += 1;
    return removeFlag.call(this, flag);
  };
  try {
    run();
  } finally {
    prototype.parse = parse;
    prototype._removeFlag = removeFlag;
  }
  return calls;
}

describe('costly legal pages: counted work', () => {
  it('the tree of a page of 60,000 comments holds none, and a page of 80,000 entities one text node per run of text', () => {
    const comments = nodeTypes(parseBounded(costlyPage('comments')).documentElement);
    assert.equal(comments.get(8) ?? 0, 0);
    assert.ok((comments.get(3) ?? 0) <= 5, `${comments.get(3)} text nodes`);
    const document = parseBounded(costlyPage('entities'));
    const texts = nodeTypes(document.documentElement).get(3) ?? 0;
    assert.ok(texts <= 5, `${texts} text nodes`);
    assert.match(document.body.textContent ?? '', /^&A\u00e9<\u00a9\u00a0&A\u00e9/);
    // Text around a comment reads as one, as a browser shows it.
    assert.equal(parseBounded('<p>a<!-- x -->b&amp;c</p>').querySelector('p')!.firstChild!.textContent, 'ab&c');
  });

  it(`Readability runs once on a page of images under ${READABILITY_MAX_ELEMENTS.toLocaleString('en-US')} elements, and not at all above`, () => {
    const under = costlyPage('images', 200_000);
    assert.deepEqual(
      readabilityCalls(() => htmlToMarkdown(under, 'https://legal-pages.example/')),
      { parses: 1, retries: 0 },
    );
    const over = costlyPage('images');
    assert.deepEqual(
      readabilityCalls(() => htmlToMarkdown(over, 'https://legal-pages.example/')),
      { parses: 0, retries: 0 },
    );
    // A small page still gets every retry Readability wants (it finds no article on a page of 50 words).
    const small = costlyPage('images', 5_000);
    assert.deepEqual(
      readabilityCalls(() => htmlToMarkdown(small, 'https://legal-pages.example/')),
      { parses: 1, retries: 3 },
    );
  });

  it('a Readability stopped by its pass budget answers the longest text of its passes, as after its last pass', () => {
    // Too short for an article: Readability would retry three times with laxer rules.
    const html = `<html><body><div>${'<p>Short words here, and a few more. </p>'.repeat(8)}</div></body></html>`;
    let article: Element | null = null;
    let full: Element | null = null;
    // Stopped where its first retry would start; given four passes, it retries three times.
    assert.deepEqual(
      readabilityCalls(() => (article = readabilityArticle(parsePage(html, 'https://a.example/'), { charThreshold: 500, maxPasses: 1 }))),
      { parses: 1, retries: 0 },
    );
    assert.deepEqual(
      readabilityCalls(() => (full = readabilityArticle(parsePage(html, 'https://a.example/'), { charThreshold: 500, maxPasses: 4 }))),
      { parses: 1, retries: 3 },
    );
    assert.match((article as Element | null)?.textContent ?? '', /Short words here/);
    assert.equal((full as Element | null)?.textContent?.replace(/\s+/g, ' ').trim(), (article as Element | null)?.textContent?.replace(/\s+/g, ' ').trim());
    assert.ok(READABILITY_MAX_ELEMENT_PASSES >= READABILITY_MAX_ELEMENTS);
  });

  it(`clean-markdown reads a page nested 500 deep at depth ${MARKDOWN_MAX_DEPTH}, with a note`, () => {
    const page = htmlToMarkdown(costlyPage('nesting500', 60_000), 'https://legal-pages.example/');
    assert.match(page.markdown, /deep text here/);
    assert.match(page.limitNotes.join(' '), new RegExp(`below level ${MARKDOWN_MAX_DEPTH} were read as if placed at that level`));
  });
});

/** For each reader, the pages it spent the most on before its limits (bench:legal-pages). */
const LINEAR: [TaskName, CostlyPageName[]][] = LEGAL_PAGE_READERS.map((reader) => [
  reader,
  reader === 'markdown' ? ['attributes', 'links', 'nesting500'] : ['nesting500', 'links', 'entities', 'selectOptions'],
]);

describe('costly legal pages: every reader is linear', () => {
  for (const [reader, pages] of LINEAR) {
    it(`${reader}: twice the page costs at most 2.5x the CPU`, async () => {
      // The least of three runs of each size, after one run to warm the code up; 20 ms absorbs the
      // noise of figures that small, and a pair is measured again (up to three times) before it
      // fails, since a neighbour on a shared machine can slow any one run.
      const least = async (html: string) => {
        let ms = Infinity;
        for (let run = 0; run < 3; run++) ms = Math.min(ms, await readerCpuMs(reader, html));
        return ms;
      };
      for (const name of pages) {
        const small = costlyPage(name, 100_000);
        const large = costlyPage(name, 200_000);
        await readerCpuMs(reader, small);
        let figures = '';
        let linear = false;
        for (let pair = 0; pair < 3 && !linear; pair++) {
          const [one, two] = [await least(small), await least(large)];
          linear = two <= 2.5 * one + 20;
          figures += ` ${Math.round(one)} ms at 100 KB, ${Math.round(two)} ms at 200 KB;`;
        }
        assert.ok(linear, `${reader} on ${name}:${figures}`);
      }
    });
  }
});
