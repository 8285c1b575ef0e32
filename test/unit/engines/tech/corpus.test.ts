import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { detect } from '../../../../engines/tech/detect.ts';
import { CORPORA_DIR } from '../../../support/extraction-corpora.ts';
import { LABELLED_TECHNOLOGIES } from '../../../fixtures/tech/labelled-technologies.ts';

/**
 * The detector on the 181 real article pages of the article-extraction benchmark (test/corpora),
 * against labels made from the HTML by an independent procedure
 * (test/fixtures/tech/README.md). HTML only: no headers, cookies, DNS or containers offline.
 */

const CORPUS = join(CORPORA_DIR, 'article-extraction');
const LABELS = new URL('../../../fixtures/tech/article-extraction-labels.json', import.meta.url);
const TECHS = { gtm: 'Google Tag Manager', ga: 'Google Analytics', meta_pixel: 'Meta Pixel', google_ads: 'Google Ads', wordpress: 'WordPress' } as const;
type Key = keyof typeof TECHS;
const MIN = 0.95;

describe('article-extraction corpus', () => {
  it(`precision and recall >= ${MIN} for ${Object.values(TECHS).join(', ')}`, () => {
    const labels = JSON.parse(readFileSync(LABELS, 'utf8')) as Record<string, Record<Key, boolean>>;
    const truth = JSON.parse(readFileSync(join(CORPUS, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
    const files = readdirSync(join(CORPUS, 'html'))
      .filter((f) => f.endsWith('.html.gz'))
      .sort();
    assert.equal(files.length, 181);
    assert.equal(Object.keys(labels).length, files.length);

    const counts = Object.fromEntries(Object.keys(TECHS).map((k) => [k, { tp: 0, fp: 0, fn: 0, misses: [] as string[] }])) as Record<
      Key,
      { tp: number; fp: number; fn: number; misses: string[] }
    >;
    for (const file of files) {
      const id = file.slice(0, -'.html.gz'.length);
      const html = gunzipSync(readFileSync(join(CORPUS, 'html', file))).toString('utf8');
      const result = detect({ url: truth[id].url, html, headers: {}, cookies: [], containers: [], dns: { mx: [], txt: [], dmarc: null, cname: [] } });
      const found = new Set(result.technologies.map((t) => t.name));
      for (const key of Object.keys(TECHS) as Key[]) {
        const got = found.has(TECHS[key]);
        const want = labels[id][key];
        const c = counts[key];
        if (got && want) c.tp++;
        else if (got) {
          c.fp++;
          c.misses.push(`FP ${id.slice(0, 10)} ${truth[id].url}`);
        } else if (want) {
          c.fn++;
          c.misses.push(`FN ${id.slice(0, 10)} ${truth[id].url}`);
        }
      }
    }

    const rows = (Object.keys(TECHS) as Key[]).map((key) => {
      const { tp, fp, fn } = counts[key];
      return {
        technology: TECHS[key],
        labelled: tp + fn,
        detected: tp + fp,
        tp,
        fp,
        fn,
        precision: tp + fp ? tp / (tp + fp) : 1,
        recall: tp + fn ? tp / (tp + fn) : 1,
      };
    });
    console.log(`\n  ${'technology'.padEnd(20)} labelled detected   TP  FP  FN precision recall`);
    for (const r of rows)
      console.log(
        `  ${r.technology.padEnd(20)} ${String(r.labelled).padStart(8)} ${String(r.detected).padStart(8)} ${String(r.tp).padStart(4)} ${String(r.fp).padStart(3)} ${String(r.fn).padStart(3)} ${r.precision.toFixed(3).padStart(9)} ${r.recall.toFixed(3).padStart(6)}`,
      );
    for (const key of Object.keys(TECHS) as Key[]) for (const line of counts[key].misses) console.log(`    ${TECHS[key]}: ${line}`);

    for (const r of rows) {
      assert.ok(r.labelled >= 5, `${r.technology}: too few labelled pages to measure`);
      assert.ok(r.precision >= MIN, `${r.technology} precision ${r.precision.toFixed(3)}`);
      assert.ok(r.recall >= MIN, `${r.technology} recall ${r.recall.toFixed(3)}`);
    }
  });
});

/**
 * The wider labels of #33 (page-labels.json, label-pages.mjs): 35 technologies on the pages of
 * both corpora. Overall precision and recall >= 0.98, and no link to a vendor behind a finding.
 */
const CORPORA = CORPORA_DIR;
const PAGE_LABELS = new URL('../../../fixtures/tech/page-labels.json', import.meta.url);
const WIDER = LABELLED_TECHNOLOGIES;

describe('both corpora, 35 technologies', () => {
  it('precision and recall >= 0.98 overall', () => {
    const { technologies, pages } = JSON.parse(readFileSync(PAGE_LABELS, 'utf8')) as { technologies: string[]; pages: Record<string, string[]> };
    assert.deepEqual([...technologies].sort(), Object.keys(WIDER).sort());
    assert.equal(Object.keys(pages).length, 795);
    const article = JSON.parse(readFileSync(join(CORPORA, 'article-extraction/ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const [key, want] of Object.entries(pages)) {
      const [corpus, id] = key.split('/');
      const url =
        corpus === 'article'
          ? article[id].url
          : (JSON.parse(readFileSync(join(CORPORA, 'wcxb-dev/ground-truth', `${id}.json`), 'utf8')) as { url?: string }).url || 'https://example.invalid/';
      const html = gunzipSync(readFileSync(join(CORPORA, corpus === 'article' ? 'article-extraction/html' : 'wcxb-dev/html', `${id}.html.gz`))).toString(
        'utf8',
      );
      const found = new Set(
        detect({ url, html, headers: {}, cookies: [], containers: [], dns: { mx: [], txt: [], dmarc: null, cname: [] } }).findings.map((f) => f.name),
      );
      for (const [label, name] of Object.entries(WIDER)) {
        if (found.has(name) && want.includes(label)) tp++;
        else if (found.has(name)) fp++;
        else if (want.includes(label)) fn++;
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(`\n  35 technologies, 795 pages: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (TP ${tp}, FP ${fp}, FN ${fn})`);
    assert.ok(precision >= 0.98, precision.toFixed(3));
    assert.ok(recall >= 0.98, recall.toFixed(3));
  });
});
