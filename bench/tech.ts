/**
 * npm run bench:tech
 * Technology detection time per page (extraction + every rule, no network) over the 181 real pages
 * of the article-extraction corpus in test/corpora, median and p95, beside a naive detector run in the
 * same process on the same pages: the same extraction, then one RegExp.test per signal (no
 * combining, no automaton). Also checks that both report the same technologies.
 * Target (tech detector): <= 5 ms median per page. With 457 technologies (before #25) the
 * median was 0.99 ms on this machine (2026-11-27, the same command).
 *
 * Precision and recall: against the independent labels of test/fixtures/tech: the first five
 * (Google Tag Manager, Google Analytics, the Meta pixel, Google Ads, WordPress) on the 181 article
 * pages, as before #33; then every labelled technology of page-labels.json (35, made by
 * label-pages.mjs) on both corpora (795 pages), overall and per technology; then the findings of the
 * technologies no label covers (BENCH_UNLABELLED=1: each with up to three pages and their evidence).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { detect, type DetectInput } from '../engines/tech/detect.ts';
import { extractPage } from '../engines/tech/extract.ts';
import { flexibleSource } from '../engines/tech/matchers.ts';
import { SIGNALS, TECHNOLOGIES, type Signal } from '../engines/tech/technologies.ts';
import { CORPORA_DIR } from '../test/support/extraction-corpora.ts';
import { LABELLED_TECHNOLOGIES } from '../test/fixtures/tech/labelled-technologies.ts';

const LABELS = new URL('../test/fixtures/tech/article-extraction-labels.json', import.meta.url);
const PAGE_LABELS = process.env.TECH_LABELS ?? new URL('../test/fixtures/tech/page-labels.json', import.meta.url).pathname;
const CORPORA = CORPORA_DIR;
const WIDER = LABELLED_TECHNOLOGIES;
const LABELLED = { gtm: 'Google Tag Manager', ga: 'Google Analytics', meta_pixel: 'Meta Pixel', google_ads: 'Google Ads', wordpress: 'WordPress' } as const;
const CORPUS = process.env.TECH_CORPUS ?? join(CORPORA_DIR, 'article-extraction');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

const ids: string[] = [];

function loadPages(): DetectInput[] {
  const truth = JSON.parse(readFileSync(join(CORPUS, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  return readdirSync(join(CORPUS, 'html'))
    .filter((file) => file.endsWith('.html.gz'))
    .sort()
    .map((file) => {
      const id = file.slice(0, -'.html.gz'.length);
      const html = gunzipSync(readFileSync(join(CORPUS, 'html', file))).toString('utf8');
      ids.push(id);
      return {
        url: truth[id]?.url ?? 'https://example.com/',
        html,
        headers: {},
        cookies: [],
        containers: [],
        dns: { mx: [], txt: [], dmarc: null, cname: [] },
      };
    });
}

// ------------------------------------------------------------------ the naive baseline

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/'/g, `['"]`);

/** One case-insensitive regex per page-text signal, with the same host anchoring as the table's. */
const NAIVE = SIGNALS.filter((s) => ['script', 'style', 'inline', 'html', 'comment'].includes(s.kind)).map((signal) => ({
  signal,
  re: signal.re
    ? new RegExp(flexibleSource(signal.re.source), signal.exact ? '' : 'i')
    : new RegExp(`${/^[a-z0-9]/.test(signal.pattern) ? '(?<![\\w-])' : ''}${escape(signal.pattern)}`, 'i'),
}));

function naiveDetect(input: DetectInput): Set<string> {
  const page = extractPage(input.html);
  const join = (ranges: [number, number][]) =>
    ranges
      .map(([a, b]) => page.html.slice(a, b))
      .join('\n')
      .replaceAll('\\/', '/');
  const texts: Record<string, string> = {
    html: join(page.markup),
    inline: join(page.inline),
    comment: join(page.comments),
    script: page.scriptUrls.join('\n'),
    style: page.styleUrls.join('\n'),
  };
  const fired: Signal[] = [];
  for (const { signal, re } of NAIVE) if (re.test(texts[signal.kind])) fired.push(signal);
  for (const meta of page.metas)
    for (const signal of SIGNALS) if (signal.kind === 'meta' && signal.name === meta.name && meta.content.includes(signal.pattern)) fired.push(signal);
  const score = new Map<number, { strong: number; weak: number }>();
  for (const signal of new Set(fired)) {
    const s = score.get(signal.tech) ?? { strong: 0, weak: 0 };
    s[signal.strength]++;
    score.set(signal.tech, s);
  }
  const names = new Set<string>();
  const add = (tech: number) => {
    if (names.has(TECHNOLOGIES[tech].name)) return;
    names.add(TECHNOLOGIES[tech].name);
    for (const implied of TECHNOLOGIES[tech].implies) add(TECHNOLOGIES.findIndex((t) => t.name === implied));
  };
  for (const [tech, s] of score) if (s.strong >= 1 || s.weak >= 2) add(tech);
  return names;
}

// ------------------------------------------------------------------ run

function time(pages: DetectInput[], run: (input: DetectInput) => unknown): number[] {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const start = performance.now();
      run(page);
      times.push(performance.now() - start);
    }
  }
  return times;
}

const pages = loadPages();
const bytes = pages.map((p) => p.html.length).sort((a, b) => a - b);
console.log(
  `tech detection over ${pages.length} pages (median ${(bytes[bytes.length >> 1] / 1024).toFixed(0)} KB, max ${(bytes[bytes.length - 1] / 1024).toFixed(0)} KB), ${TECHNOLOGIES.length} technologies, ${SIGNALS.length} signals, ${ROUNDS} rounds`,
);
// warm-up: JIT and the compiled table
time(pages.slice(0, 30), detect);
time(pages.slice(0, 30), naiveDetect);

const fast = time(pages, detect);
const naive = time(pages, naiveDetect);
let agree = 0;
const differences: string[] = [];
for (const page of pages) {
  const a = new Set(detect(page).technologies.map((t) => t.name));
  const b = naiveDetect(page);
  const only = [...a].filter((n) => !b.has(n)).concat([...b].filter((n) => !a.has(n)).map((n) => `naive:${n}`));
  if (only.length === 0) agree++;
  else differences.push(`${page.url}: ${only.join(', ')}`);
}
console.log(`    detector (automaton per kind): median ${fmt(median(fast))}, p95 ${fmt(p95(fast))} per page`);
console.log(`    naive (one RegExp.test per signal): median ${fmt(median(naive))}, p95 ${fmt(p95(naive))} per page (baseline)`);
console.log(`    ratio ${(median(fast) / median(naive)).toFixed(3)} (median detector / median naive); same technologies on ${agree} of ${pages.length} pages`);
for (const line of differences.slice(0, 5)) console.log(`      differs: ${line}`);

// precision and recall against the labels (only where the corpus is the labelled one)
if (!process.env.TECH_CORPUS) {
  const labels = JSON.parse(readFileSync(LABELS, 'utf8')) as Record<string, Record<keyof typeof LABELLED, boolean>>;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  pages.forEach((page, index) => {
    const found = new Set(detect(page).technologies.map((t) => t.name));
    for (const [key, name] of Object.entries(LABELLED) as [keyof typeof LABELLED, string][]) {
      const want = labels[ids[index]]?.[key] ?? false;
      if (found.has(name) && want) tp++;
      else if (found.has(name)) fp++;
      else if (want) fn++;
    }
  });
  console.log(
    `    labelled (${Object.values(LABELLED).join(', ')}): precision ${(tp / (tp + fp)).toFixed(3)}, recall ${(tp / (tp + fn)).toFixed(3)} (TP ${tp}, FP ${fp}, FN ${fn})`,
  );
}
if (!process.env.TECH_CORPUS) widerLabels();

/** Every technology of page-labels.json on both corpora: micro precision and recall, then per technology. */
function widerLabels() {
  const { pages: labelled } = JSON.parse(readFileSync(PAGE_LABELS, 'utf8')) as { pages: Record<string, string[]> };
  const wcxbUrl = (id: string) =>
    (JSON.parse(readFileSync(join(CORPORA, 'wcxb-dev/ground-truth', `${id}.json`), 'utf8')) as { url?: string }).url || 'https://example.invalid/';
  const articleTruth = JSON.parse(readFileSync(join(CORPORA, 'article-extraction/ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  const rows = Object.fromEntries(Object.keys(WIDER).map((k) => [k, { tp: 0, fp: 0, fn: 0 }])) as Record<string, { tp: number; fp: number; fn: number }>;
  let versions = 0;
  let findings = 0;
  // findings of the technologies no label covers, for reading their evidence by hand (BENCH_UNLABELLED=1)
  const labelledNames = new Set<string>(Object.values(WIDER));
  const unlabelled = new Map<string, { count: number; examples: string[] }>();
  // generator metas that state a number, and how many of them the findings carry as a version
  let generators = 0;
  let generatorsRead = 0;
  for (const [key, want] of Object.entries(labelled)) {
    const [corpus, id] = key.split('/');
    const file = corpus === 'article' ? join(CORPORA, 'article-extraction/html', `${id}.html.gz`) : join(CORPORA, 'wcxb-dev/html', `${id}.html.gz`);
    const url = corpus === 'article' ? (articleTruth[id]?.url ?? 'https://example.invalid/') : wcxbUrl(id);
    const html = gunzipSync(readFileSync(file)).toString('utf8');
    const result = detect({ url, html, headers: {}, cookies: [], containers: [], dns: { mx: [], txt: [], dmarc: null, cname: [] } });
    findings += result.findings.length;
    for (const meta of html.matchAll(/<meta\b[^>]*\bname=["']?generator\b[^>]*>/gi)) {
      const content = /\bcontent=["']([^"']*)/i.exec(meta[0])?.[1] ?? '';
      if (!/\d/.test(content)) continue;
      generators++;
      if (result.findings.some((f) => f.version && content.includes(f.version))) generatorsRead++;
    }
    versions += result.findings.filter((f) => f.version).length;
    for (const finding of result.findings) {
      if (labelledNames.has(finding.name)) continue;
      const seen = unlabelled.get(finding.name) ?? { count: 0, examples: [] };
      seen.count++;
      if (seen.examples.length < 3) seen.examples.push(`${url} (${finding.evidence.map((e) => `${e.kind}: ${e.snippet}`).join(' | ')})`);
      unlabelled.set(finding.name, seen);
    }
    const found = new Set(result.findings.map((f) => f.name));
    for (const [label, name] of Object.entries(WIDER)) {
      const got = found.has(name);
      const is = want.includes(label);
      if (got && is) rows[label].tp++;
      else if (got) rows[label].fp++;
      else if (is) rows[label].fn++;
    }
  }
  const sum = (k: 'tp' | 'fp' | 'fn') => Object.values(rows).reduce((n, r) => n + r[k], 0);
  const [tp, fp, fn] = [sum('tp'), sum('fp'), sum('fn')];
  console.log(
    `    wider labels (${Object.keys(WIDER).length} technologies, ${Object.keys(labelled).length} pages of both corpora): precision ${(tp / (tp + fp)).toFixed(3)}, recall ${(tp / (tp + fn)).toFixed(3)} (TP ${tp}, FP ${fp}, FN ${fn}); ${versions} of ${findings} findings with a stated version`,
  );
  const cells = Object.entries(rows).map(([label, r]) => `${WIDER[label as keyof typeof WIDER]} ${r.tp}/${r.tp + r.fn}${r.fp ? ` +${r.fp}fp` : ''}`);
  for (let i = 0; i < cells.length; i += 6) console.log(`      ${cells.slice(i, i + 6).join(', ')}`);
  console.log(`    generator metas stating a number: ${generators}, their version reported for ${generatorsRead}`);
  const unlabelledCount = [...unlabelled.values()].reduce((n, u) => n + u.count, 0);
  console.log(
    `    findings of technologies no label covers: ${unlabelledCount} of ${unlabelled.size} technologies (BENCH_UNLABELLED=1 lists them with evidence)`,
  );
  if (process.env.BENCH_UNLABELLED)
    for (const [name, { count, examples }] of [...unlabelled].sort((a, b) => b[1].count - a[1].count)) {
      console.log(`      ${name}: ${count}`);
      for (const example of examples) console.log(`        ${example.slice(0, 300)}`);
    }
}

const reported = pages.map((page) => detect(page).findings);
const perPage = reported.map((list) => list.length).sort((a, b) => a - b);
const versioned = reported.flat().filter((f) => f.version).length;
console.log(
  `    technologies per page: median ${perPage[perPage.length >> 1]}, max ${perPage[perPage.length - 1]}; ${versioned} of ${reported.flat().length} findings with a stated version`,
);
console.log(`    reference: 457 technologies (before #25), median 0.99 ms per page (same command, 2026-11-27)`);
console.log(median(fast) <= 5 ? 'target met (<= 5 ms median)' : 'TARGET MISSED (<= 5 ms median)');
