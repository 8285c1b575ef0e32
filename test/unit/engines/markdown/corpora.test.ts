/**
 * clean-markdown's accuracy on the two extraction corpora in test/corpora, each scored with its
 * own published method (test/support/extraction-corpora.ts), as floors. The output is scored as the
 * words of the Markdown (markdownToText: link and image URLs and syntax removed). bench/markdown.ts
 * prints the same figures beside a plain linkedom + Readability + Turndown pipeline.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { htmlToMarkdown } from '../../../../engines/markdown/convert.ts';
import { markdownToText } from '../../../../engines/markdown/plain-text.ts';
import { markdownTexts } from '../../../support/markdown-texts.ts';
import {
  articleExtractionScore,
  corporaAvailable,
  CORPORA_DIR,
  loadArticleExtraction,
  loadWcxbDev,
  shingleMatch,
  wcxbScore,
  wcxbSplit,
  wordF1,
} from '../../../support/extraction-corpora.ts';

/** #7's acceptance floor for article-extraction (Readability.js alone: 0.947). */
const ARTICLE_F1_FLOOR = 0.955;
/**
 * #7's acceptance floor for wcxb-dev (612 pages): 0.78 (Readability alone: 0.680, defuddle: 0.752;
 * the engine scores 0.832). Per page type, regression floors just under what the engine scores
 * (article 0.962, service 0.843, product 0.709, collection 0.726, listing 0.714, forum 0.844,
 * documentation 0.935). The rules for product, collection and listing pages were written looking
 * at their dev pages only (wcxbSplit); their held-out pages have floors of their own, just under
 * what they score (product 0.726, collection 0.732, listing 0.583: 0.599 before #37's fourth
 * round, see bench/README.md).
 */
const WCXB_F1_FLOOR = 0.78;
const WCXB_TYPE_FLOORS: Record<string, number> = {
  article: 0.955,
  service: 0.835,
  product: 0.7,
  collection: 0.715,
  listing: 0.705,
  forum: 0.835,
  documentation: 0.93,
};
const WCXB_HELD_OUT_FLOORS: Record<string, number> = { product: 0.72, collection: 0.725, listing: 0.575 };

const text = (html: string, url: string) => markdownToText(htmlToMarkdown(html, url).markdown);

describe('main-content accuracy on the extraction corpora', { timeout: 600_000 }, () => {
  it('finds the corpora in test/corpora', () => {
    assert.ok(corporaAvailable(), `the extraction corpora are expected at ${CORPORA_DIR}`);
  });

  it(`scores article-extraction (181 pages) at F1 >= ${ARTICLE_F1_FLOOR}`, async () => {
    const pages = loadArticleExtraction();
    assert.equal(pages.length, 181);
    const texts = await markdownTexts(pages);
    const score = articleExtractionScore(pages.map((page, index) => shingleMatch(page.truth, texts[index])));
    console.log(`article-extraction F1 ${score.f1.toFixed(4)} (P ${score.precision.toFixed(4)}, R ${score.recall.toFixed(4)})`);
    assert.ok(score.f1 >= ARTICLE_F1_FLOOR, `F1 ${score.f1.toFixed(4)}`);
  });

  it(`scores wcxb-dev (612 pages) at mean F1 >= ${WCXB_F1_FLOOR}, with a floor per page type`, async () => {
    const pages = loadWcxbDev();
    assert.equal(pages.length, 612);
    const texts = await markdownTexts(pages);
    // The workers' texts are the in-thread conversion's (a sample, to keep them one reader).
    for (const index of [0, 305, 611]) assert.equal(texts[index], text(pages[index].html, pages[index].url));
    const scored = pages.map((page, index) => ({ type: page.type, split: wcxbSplit(page), f1: wordF1(texts[index], page.truth).f1 }));
    const score = wcxbScore(scored);
    console.log(
      `wcxb-dev F1 ${score.f1.toFixed(4)}: ${Object.entries(score.byType)
        .map(([type, s]) => `${type} ${s.f1.toFixed(3)} (${s.pages})`)
        .join(', ')}`,
    );
    const bySplit = Object.fromEntries((['dev', 'held-out'] as const).map((split) => [split, wcxbScore(scored.filter((page) => page.split === split)).byType]));
    const overall = Object.fromEntries((['dev', 'held-out'] as const).map((split) => [split, wcxbScore(scored.filter((page) => page.split === split))]));
    console.log(
      `wcxb-dev by split: all dev ${overall.dev.f1.toFixed(4)} (${overall.dev.pages}), held-out ${overall['held-out'].f1.toFixed(4)} (${overall['held-out'].pages}); ${Object.keys(
        WCXB_HELD_OUT_FLOORS,
      )
        .map(
          (type) =>
            `${type} dev ${bySplit.dev[type].f1.toFixed(3)} (${bySplit.dev[type].pages}), held-out ${bySplit['held-out'][type].f1.toFixed(3)} (${bySplit['held-out'][type].pages})`,
        )
        .join('; ')}`,
    );
    assert.ok(score.f1 >= WCXB_F1_FLOOR, `F1 ${score.f1.toFixed(4)}`);
    for (const [type, floor] of Object.entries(WCXB_TYPE_FLOORS))
      assert.ok(score.byType[type].f1 >= floor, `${type} F1 ${score.byType[type].f1.toFixed(3)} < ${floor}`);
    for (const [type, floor] of Object.entries(WCXB_HELD_OUT_FLOORS))
      assert.ok(bySplit['held-out'][type].f1 >= floor, `${type} held-out F1 ${bySplit['held-out'][type].f1.toFixed(3)} < ${floor}`);
  });
});

describe('the corpus scorers reproduce the published methods', () => {
  it('article-extraction: 4-token shingles, case kept, F1 of mean precision and recall', () => {
    assert.deepEqual(shingleMatch('a b c d e', 'a b c d e'), [1, 0, 0]);
    const [tp, fp, fn] = shingleMatch('The cat sat on the mat', 'the cat sat on the mat');
    assert.ok(tp > 0 && fp > 0 && fn > 0, 'case is kept: "The" and "the" differ');
    const score = articleExtractionScore([
      [1, 0, 0],
      [0.5, 0.5, 0],
    ]);
    assert.equal(score.precision, 0.75);
    assert.equal(score.recall, 1);
  });
  it('wcxb: lower-cased word bags; an empty truth scores 1 only for an empty output', () => {
    assert.deepEqual(wordF1('Hello hello world', 'hello world'), { precision: 2 / 3, recall: 1, f1: 0.8 });
    assert.equal(wordF1('', '').f1, 1);
    assert.equal(wordF1('anything', '').f1, 0);
  });
});
