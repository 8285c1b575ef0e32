/**
 * The two main-content corpora the repository carries in test/corpora/ (their licenses and
 * attribution in test/corpora/README.md; EXTRACTION_CORPORA names another folder of the same
 * layout) and each one's published scoring method, reproduced exactly:
 * - article-extraction (scrapinghub/article-extraction-benchmark evaluate.py): `\w+` tokens, case
 *   kept, 4-token shingles as a multiset; per page tp/fp/fn normalised by their sum; precision and
 *   recall are means over pages, F1 = 2PR/(P+R) of those means.
 * - wcxb-dev (WCXB evaluate.py): lower-cased `\w+` words as a multiset; per page P, R and F1; the
 *   score is the mean of per-page F1 (overall and per page type). Pages without a main_content field
 *   are skipped (the corpora README: 612 scorable pages); an empty one scores 1 only for an empty output.
 * Python's `\w` with re.UNICODE is letters, digits (every numeric category) and `_`: the same set
 * as [\p{L}\p{N}_] here.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const CORPORA_DIR = process.env.EXTRACTION_CORPORA ?? new URL('../corpora/', import.meta.url).pathname;

export interface CorpusPage {
  id: string;
  url: string;
  html: string;
  truth: string;
  /** WCXB page type (article, service, product, collection, listing, forum, documentation). */
  type: string;
}

export function corporaAvailable(): boolean {
  return existsSync(join(CORPORA_DIR, 'article-extraction', 'ground-truth.json')) && existsSync(join(CORPORA_DIR, 'wcxb-dev', 'ground-truth'));
}

const gunzipText = (path: string) => gunzipSync(readFileSync(path)).toString('utf8');

export function loadArticleExtraction(): CorpusPage[] {
  const dir = join(CORPORA_DIR, 'article-extraction');
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody: string; url: string }>;
  return Object.keys(truth)
    .sort()
    .map((id) => ({ id, url: truth[id].url, html: gunzipText(join(dir, 'html', `${id}.html.gz`)), truth: truth[id].articleBody ?? '', type: 'article' }));
}

export function loadWcxbDev(): CorpusPage[] {
  const dir = join(CORPORA_DIR, 'wcxb-dev');
  return readdirSync(join(dir, 'ground-truth'))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const id = file.slice(0, -'.json'.length);
      const data = JSON.parse(readFileSync(join(dir, 'ground-truth', file), 'utf8'));
      // Only a page without the main_content field is unscorable; an empty main_content is scored
      // as evaluate.py does (1 for an empty prediction, else 0).
      if (typeof data.ground_truth?.main_content !== 'string') return [];
      const truth: string = data.ground_truth.main_content;
      const primary = data._internal?.page_type?.primary ?? 'article';
      return [{ id, url: data.url, html: gunzipText(join(dir, 'html', `${id}.html.gz`)), truth, type: primary === 'category' ? 'collection' : primary }];
    });
}

const WORD = /[\p{L}\p{N}_]+/gu;
const words = (text: string) => text.match(WORD) ?? [];

function counts<T>(items: T[]): Map<T, number> {
  const map = new Map<T, number>();
  for (const item of items) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
}

// ------------------------------------------------------------ article-extraction (shingles)

function shingles(text: string, n = 4): string[] {
  const tokens = words(text);
  const result: string[] = [];
  for (let i = 0; i < Math.max(1, tokens.length - n + 1); i++) {
    const shingle = tokens.slice(i, i + n);
    if (shingle.length) result.push(shingle.join('\u0001'));
  }
  return result;
}

export type TpFpFn = [number, number, number];

export function shingleMatch(truth: string, predicted: string): TpFpFn {
  const t = counts(shingles(truth));
  const p = counts(shingles(predicted));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...t.keys(), ...p.keys()])) {
    const tc = t.get(key) ?? 0;
    const pc = p.get(key) ?? 0;
    tp += Math.min(tc, pc);
    fp += Math.max(0, pc - tc);
    fn += Math.max(0, tc - pc);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? [tp / sum, fp / sum, fn / sum] : [tp, fp, fn];
}

const precisionOf = ([tp, fp, fn]: TpFpFn) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp));
const recallOf = ([tp, fp, fn]: TpFpFn) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export function articleExtractionScore(pages: TpFpFn[]): { f1: number; precision: number; recall: number } {
  const precision = mean(pages.filter(([tp, fp]) => tp + fp > 0).map(precisionOf));
  const recall = mean(pages.filter(([tp, , fn]) => tp + fn > 0).map(recallOf));
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

// ------------------------------------------------------------------- wcxb (word bag F1)

export function wordF1(predicted: string, reference: string): { precision: number; recall: number; f1: number } {
  const pred = words(predicted.toLowerCase());
  const ref = words(reference.toLowerCase());
  if (!ref.length) return pred.length ? { precision: 0, recall: 0, f1: 0 } : { precision: 1, recall: 1, f1: 1 };
  if (!pred.length) return { precision: 0, recall: 0, f1: 0 };
  const refCounts = counts(ref);
  let overlap = 0;
  for (const [word, count] of counts(pred)) overlap += Math.min(count, refCounts.get(word) ?? 0);
  const precision = overlap / pred.length;
  const recall = overlap / ref.length;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

/**
 * The wcxb-dev pages rules may be tuned on, and the pages that only measure them: a page is
 * held out when the first byte of the SHA-256 of its file name (`NNNN.html.gz`) is odd, about
 * half of each type. Rules for a page type are written looking only at its dev pages' failures;
 * the held-out figures say whether they generalise.
 */
export type WcxbSplit = 'dev' | 'held-out';

export function wcxbSplit(page: { id: string }): WcxbSplit {
  return createHash('sha256').update(`${page.id}.html.gz`).digest()[0] % 2 ? 'held-out' : 'dev';
}

export const WCXB_TYPES = ['article', 'service', 'product', 'collection', 'listing', 'forum', 'documentation'];

export function wcxbScore(pages: { type: string; f1: number }[]): { f1: number; pages: number; byType: Record<string, { f1: number; pages: number }> } {
  const byType: Record<string, { f1: number; pages: number }> = {};
  for (const type of WCXB_TYPES) {
    const ofType = pages.filter((page) => page.type === type);
    if (ofType.length) byType[type] = { f1: mean(ofType.map((page) => page.f1)), pages: ofType.length };
  }
  return { f1: mean(pages.map((page) => page.f1)), pages: pages.length, byType };
}
