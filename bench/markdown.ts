/**
 * npm run bench:markdown
 * clean-markdown's page -> Markdown conversion (no network) over both extraction corpora in
 * test/corpora, scored with each corpus's published method (test/support/extraction-corpora.ts),
 * beside a plain pipeline run in the same process on the same pages: linkedom, Readability,
 * Turndown with its defaults and the gfm plugin. Both outputs are scored as the words of their
 * Markdown (link URLs, image URLs and syntax removed by the same markdownToText).
 * Targets (#7): F1 above the baseline on both corpora; median time <= 1.5x the baseline's.
 * Code blocks (#33): on the wcxb documentation pages, the <pre> blocks of the ground-truth main
 * content kept intact (bench/support/code-blocks.ts), and the inline code kept in backticks.
 * BENCH_ONLY=article|wcxb runs one corpus, BENCH_ONLY=code only the code figure; BENCH_LIMIT=N takes
 * the first N pages of each.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { performance } from 'node:perf_hooks';
import TurndownService from 'turndown';
// @ts-expect-error the plugin ships no types
import { gfm } from 'turndown-plugin-gfm';
import { htmlToMarkdown } from '../engines/markdown/convert.ts';
import { markdownToText } from '../engines/markdown/plain-text.ts';
import {
  articleExtractionScore,
  loadArticleExtraction,
  loadWcxbDev,
  shingleMatch,
  wcxbScore,
  wordF1,
  type CorpusPage,
} from '../test/support/extraction-corpora.ts';
import { codeBlockSurvival, inlineCodeSurvival } from './support/code-blocks.ts';

const ONLY = process.env.BENCH_ONLY;
const LIMIT = Number(process.env.BENCH_LIMIT ?? Infinity);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

const baselineTurndown = new TurndownService();
baselineTurndown.use(gfm);

/** The plain pipeline: what anyone would write first. */
function baseline(html: string): string {
  const { document } = parseHTML(html);
  const article = new Readability(document as any).parse();
  return article?.content ? baselineTurndown.turndown(article.content) : '';
}

const service = (html: string, url: string) => htmlToMarkdown(html, url).markdown;

interface Run {
  texts: string[];
  times: number[];
}

function run(pages: CorpusPage[], convert: (html: string, url: string) => string): Run {
  const texts: string[] = [];
  const times: number[] = [];
  for (const page of pages) {
    const start = performance.now();
    let markdown = '';
    try {
      markdown = convert(page.html, page.url);
    } catch {
      markdown = '';
    }
    times.push(performance.now() - start);
    texts.push(markdownToText(markdown));
  }
  return { texts, times };
}

/** Alternating runs, so that GC and JIT weigh on both pipelines alike. */
function both(pages: CorpusPage[]): { ours: Run; plain: Run } {
  run(pages.slice(0, 10), service);
  run(pages.slice(0, 10), baseline);
  const ours: Run = { texts: [], times: [] };
  const plain: Run = { texts: [], times: [] };
  const chunk = 20;
  for (let i = 0; i < pages.length; i += chunk) {
    const slice = pages.slice(i, i + chunk);
    const a = run(slice, service);
    const b = run(slice, baseline);
    ours.texts.push(...a.texts);
    ours.times.push(...a.times);
    plain.texts.push(...b.texts);
    plain.times.push(...b.times);
  }
  return { ours, plain };
}

const f3 = (value: number) => value.toFixed(3);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdicts: boolean[] = [];

function timing(label: string, ours: Run, plain: Run): void {
  const ratio = median(ours.times) / median(plain.times);
  console.log(
    `    time ${label}: service median ${ms(median(ours.times))} (p95 ${ms(p95(ours.times))}), baseline median ${ms(median(plain.times))} (p95 ${ms(p95(plain.times))}), ratio ${ratio.toFixed(2)} (target <= 1.5)`,
  );
  verdicts.push(ratio <= 1.5);
}

if (ONLY !== 'wcxb' && ONLY !== 'code') {
  const pages = loadArticleExtraction().slice(0, LIMIT);
  const { ours, plain } = both(pages);
  const score = (texts: string[]) => articleExtractionScore(pages.map((page, i) => shingleMatch(page.truth, texts[i])));
  const a = score(ours.texts);
  const b = score(plain.texts);
  console.log(`article-extraction (${pages.length} pages; shingle F1 of mean P and R; floor 0.955)`);
  console.log(`    service  F1 ${f3(a.f1)} (P ${f3(a.precision)}, R ${f3(a.recall)})`);
  console.log(`    baseline F1 ${f3(b.f1)} (P ${f3(b.precision)}, R ${f3(b.recall)})   delta ${(a.f1 - b.f1 >= 0 ? '+' : '') + f3(a.f1 - b.f1)}`);
  verdicts.push(a.f1 > b.f1, a.f1 >= 0.955);
  timing('article-extraction', ours, plain);
}

if (ONLY !== 'article' && ONLY !== 'code') {
  const pages = loadWcxbDev().slice(0, LIMIT);
  const { ours, plain } = both(pages);
  const score = (texts: string[]) => wcxbScore(pages.map((page, i) => ({ type: page.type, f1: wordF1(texts[i], page.truth).f1 })));
  const a = score(ours.texts);
  const b = score(plain.texts);
  console.log(`wcxb-dev (${a.pages} scorable pages; mean per-page word F1; floor 0.78)`);
  console.log(
    `    service  F1 ${f3(a.f1)}   ${Object.entries(a.byType)
      .map(([type, s]) => `${type} ${f3(s.f1)} (${s.pages})`)
      .join(', ')}`,
  );
  console.log(
    `    baseline F1 ${f3(b.f1)}   ${Object.entries(b.byType)
      .map(([type, s]) => `${type} ${f3(s.f1)}`)
      .join(', ')}   delta ${(a.f1 - b.f1 >= 0 ? '+' : '') + f3(a.f1 - b.f1)}`,
  );
  verdicts.push(a.f1 > b.f1, a.f1 >= 0.78);
  timing('wcxb-dev', ours, plain);
}

if (ONLY !== 'article') {
  const pages = loadWcxbDev()
    .filter((page) => page.type === 'documentation')
    .slice(0, LIMIT);
  const tally = (convert: (html: string, url: string) => string) => {
    const total = { blocks: 0, intact: 0, inline: 0, inlineKept: 0, pages: 0 };
    for (const page of pages) {
      const markdown = convert(page.html, page.url);
      const blocks = codeBlockSurvival(page.html, page.url, page.truth, markdown);
      const inline = inlineCodeSurvival(page.html, page.url, page.truth, markdown);
      total.blocks += blocks.blocks;
      total.intact += blocks.intact;
      total.inline += inline.blocks;
      total.inlineKept += inline.intact;
      if (blocks.blocks) total.pages++;
    }
    return total;
  };
  const share = (kept: number, all: number) => `${kept}/${all} = ${((100 * kept) / Math.max(1, all)).toFixed(1)}%`;
  const a = tally(service);
  const b = tally(baseline);
  console.log(`code on the wcxb documentation pages (${pages.length} pages, ${a.pages} with code blocks in their main content)`);
  console.log(`    service  code blocks intact ${share(a.intact, a.blocks)}; inline code kept ${share(a.inlineKept, a.inline)}`);
  console.log(`    baseline code blocks intact ${share(b.intact, b.blocks)}; inline code kept ${share(b.inlineKept, b.inline)}`);
}

console.log(verdicts.every(Boolean) ? 'targets met' : 'TARGET MISSED (see the lines above)');
