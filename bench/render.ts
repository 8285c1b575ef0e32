/**
 * npm run bench:render
 * clean-markdown on script-built pages and PDFs, through the service against the offline world,
 * with one sandboxed browser (the production render settings):
 * - per labelled script-built page (test/world/fixtures/framework-sites.ts: React, Vue, Svelte, a
 *   code-split docs app; and render-sites.ts's docs page written from its API), the call rendered
 *   (render: always) beside the static conversion of the same page (render: never): the call's
 *   time, the render's own time in the browser, and whether the page's known text came back;
 * - the share of labelled script-built pages whose text is recovered (target >= 0.95);
 * - PDFs written from known text (the report of test/world/fixtures/markdown-sites.ts, and two
 *   laid out here: a multi-page guide and a price list): word F1 of the Markdown's text against the
 *   known text (target >= 0.98), and the call's time.
 * BENCH_ROUNDS=N converts each page N times each way (default 3; medians are printed).
 */
import { performance } from 'node:perf_hooks';
import { startWorld } from '../test/world/index.ts';
import { buildFrameworkBundles, FRAMEWORK_PAGES, installFrameworkSites, type LabelledPage } from '../test/world/fixtures/framework-sites.ts';
import { DOCS_TEXT, installRenderSites, RENDER_DOMAINS } from '../test/world/fixtures/render-sites.ts';
import { installMarkdownSites, MARKDOWN_DOMAINS, markdownUrl, REPORT_PDF, REPORT_WORDS, ENCRYPTED_PDF } from '../test/world/fixtures/markdown-sites.ts';
import { layoutPdf, type PdfBlock } from '../test/world/fixtures/pdf-files.ts';
import { wordF1 } from '../test/support/extraction-corpora.ts';
import { startService } from '../test/support/service.ts';
import { OFFLINE_ENV } from '../test/support/service.ts';
import { loadConfig } from '../server/config.ts';
import { createRenderer } from '../server/render/renderer.ts';
import { markdownToText } from '../engines/markdown/plain-text.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RECOVERED_TARGET = 0.95;
const PDF_F1_TARGET = 0.98;
const PDF_DOMAIN = 'bench-pdf-library.com';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

const LABELLED: LabelledPage[] = [
  ...FRAMEWORK_PAGES,
  { framework: 'docs', url: `https://${RENDER_DOMAINS.docs}/`, title: DOCS_TEXT.title, texts: [DOCS_TEXT.title, ...DOCS_TEXT.paragraphs, DOCS_TEXT.note] },
];

/** Every known piece back whole: the title as a heading or as the answer's title, the rest in the Markdown's text. */
function recovered(page: LabelledPage, body: any): { ok: boolean; missing: string[] } {
  if (body?.status !== 'ok') return { ok: false, missing: [`status ${body?.status ?? body?.code}`] };
  const text = flat(markdownToText(body.markdown));
  const missing = page.texts.filter((piece) =>
    piece === page.title
      ? !(new RegExp(`^#+ ${piece}$`, 'm').test(body.markdown) || String(body.title).includes(piece)) && !text.includes(flat(piece))
      : !text.includes(flat(piece)),
  );
  return { ok: missing.length === 0, missing };
}

/** PDFs from known text: the report (headings, lists, a link, a running foot) and two laid out here. */
function pdfs(): { name: string; path: string; bytes: Buffer; known: string }[] {
  const guide: PdfBlock[] = FRAMEWORK_PAGES.flatMap((page, index): PdfBlock[] => [
    ...(index && index % 3 === 0 ? [{ pageBreak: true as const }] : []),
    { heading: page.title, size: 16 },
    ...page.texts.filter((text) => text !== page.title).map((paragraph) => ({ paragraph })),
  ]);
  const guideKnown = FRAMEWORK_PAGES.flatMap((page) => page.texts).join(' ');
  const items = [
    'Sencha from Kagoshima, 100 g tin, 14.50 euros',
    'Assam breakfast blend, 250 g bag, 9.80 euros',
    'Rooibos with vanilla, 100 g bag, 7.20 euros',
    'Gift box of six samples, 24.00 euros',
  ];
  const terms = ['Orders ship within two working days', 'Returns are accepted within thirty days of delivery', 'Prices include value added tax'];
  const priceList: PdfBlock[] = [
    { heading: 'Price list, spring 2026', size: 20 },
    { paragraph: 'All teas are sold loose in resealable bags or tins; wholesale prices for cafés are on request.' },
    { heading: 'Teas', size: 14 },
    { list: items },
    { heading: 'Terms', size: 14 },
    { list: terms, ordered: true },
  ];
  const priceKnown = [
    'Price list, spring 2026',
    'All teas are sold loose in resealable bags or tins; wholesale prices for cafés are on request.',
    'Teas',
    ...items,
    'Terms',
    ...terms,
  ].join(' ');
  return [
    { name: 'annual report (3 pages, headings, lists, a link, a running foot)', path: '/report.pdf', bytes: REPORT_PDF, known: REPORT_WORDS },
    {
      name: 'guide of the labelled pages (multi-page)',
      path: '/guide.pdf',
      bytes: layoutPdf(guide, { title: 'Guide', footer: (page) => `Guide — page ${page}` }),
      known: guideKnown,
    },
    { name: 'price list (headings, a list, a numbered list)', path: '/prices.pdf', bytes: layoutPdf(priceList, { title: 'Price list' }), known: priceKnown },
  ];
}

async function main() {
  const [bundles, world] = await Promise.all([buildFrameworkBundles(), startWorld()]);
  installFrameworkSites(world, bundles);
  installMarkdownSites(world);
  installRenderSites(world, { canaryPort: 9 });
  const documents = pdfs();
  world.dns.setRecords(PDF_DOMAIN, { A: ['127.0.0.1'] });
  world.sites.host(PDF_DOMAIN, {
    files: Object.fromEntries([
      ...documents.map(({ path, bytes }) => [path, { body: bytes, headers: { 'content-type': 'application/pdf' } }]),
      ['/minutes.pdf', { body: ENCRYPTED_PDF, headers: { 'content-type': 'application/pdf' } }],
    ]),
  });

  const renders: number[] = [];
  const renderer = createRenderer(loadConfig(OFFLINE_ENV).render, { log: (entry) => void (entry.msg === 'rendered' && renders.push(Number(entry.elapsedMs))) });
  const service = await startService({ config: { net: world.netConfig, trustedProxies: ['127.0.0.1'] }, renderer });
  let calls = 0;
  let nonce = 0;
  const convert = async (url: string, extra: Record<string, unknown> = {}) => {
    // Four calls an address: its free calls are ok results.
    const caller = `198.18.${Math.floor(calls++ / 4) % 250}.1`;
    const started = performance.now();
    const response = await fetch(`${service.url}/v1/clean-markdown`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Forwarded-For': caller },
      body: JSON.stringify({ url: `${url}${url.includes('?') ? '&' : '?'}bench=${++nonce}`, ...extra }),
    });
    const body = await response.json();
    return { ms: performance.now() - started, body };
  };
  try {
    const availability = await renderer.availability();
    if (!availability.available) throw new Error(`rendering is unavailable: ${availability.reason}`);
    // Warm: the parse thread, the world's certificates, the browser's first page.
    await convert(markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes'));
    await convert(LABELLED[0].url, { render: 'always' });

    console.log(`bench:render: ${LABELLED.length} labelled script-built pages, ${ROUNDS} rounds each way; ${documents.length} PDFs`);
    console.log('page | static call ms (status) | rendered call ms | render ms in the browser | text recovered');
    let recoveredPages = 0;
    const staticAll: number[] = [];
    const renderedAll: number[] = [];
    const renderAll: number[] = [];
    for (const page of LABELLED) {
      const staticMs: number[] = [];
      const renderedMs: number[] = [];
      const renderMs: number[] = [];
      let staticStatus = '';
      let staticRecovered = false;
      let last: { ok: boolean; missing: string[] } = { ok: false, missing: [] };
      let allRounds = true;
      for (let round = 0; round < ROUNDS; round++) {
        const plain = await convert(page.url, { render: 'never' });
        staticMs.push(plain.ms);
        staticStatus = plain.body.status ?? plain.body.code;
        staticRecovered ||= recovered(page, plain.body).ok;
        renders.length = 0;
        const rendered = await convert(page.url, { render: 'always' });
        renderedMs.push(rendered.ms);
        if (renders.length) renderMs.push(renders[0]);
        last = recovered(page, rendered.body);
        allRounds &&= last.ok;
      }
      if (allRounds) recoveredPages += 1;
      staticAll.push(median(staticMs));
      renderedAll.push(median(renderedMs));
      if (renderMs.length) renderAll.push(median(renderMs));
      console.log(
        `${page.url} | ${median(staticMs).toFixed(0)} (${staticStatus}${staticRecovered ? ', text recovered' : ''}) | ${median(renderedMs).toFixed(0)} | ${renderMs.length ? median(renderMs).toFixed(0) : '-'} | ${allRounds ? 'yes' : `no: ${last.missing.map((piece) => piece.slice(0, 60)).join('; ')}`}`,
      );
    }
    const share = recoveredPages / LABELLED.length;
    console.log(
      `script-built pages: text recovered on ${recoveredPages} of ${LABELLED.length} (${share.toFixed(3)}; target >= ${RECOVERED_TARGET}: ${share >= RECOVERED_TARGET ? 'met' : 'NOT met'}); ` +
        `median per page: static call ${median(staticAll).toFixed(0)} ms, rendered call ${median(renderedAll).toFixed(0)} ms (${(median(renderedAll) / median(staticAll)).toFixed(1)}x), render in the browser ${median(renderAll).toFixed(0)} ms`,
    );

    console.log('PDF | words F1 (precision, recall) | call ms');
    let worst = 1;
    for (const document of documents) {
      const times: number[] = [];
      let body: any = null;
      for (let round = 0; round < ROUNDS; round++) {
        const answer = await convert(`https://${PDF_DOMAIN}${document.path}`);
        times.push(answer.ms);
        body = answer.body;
      }
      const got = body?.status === 'ok' ? markdownToText(body.markdown) : '';
      const { f1, precision, recall } = wordF1(got, document.known);
      worst = Math.min(worst, f1);
      console.log(
        `${document.name} | ${f1.toFixed(3)} (${precision.toFixed(3)}, ${recall.toFixed(3)})${body?.status === 'ok' ? '' : ` ${body?.status}: ${body?.note}`} | ${median(times).toFixed(0)}`,
      );
    }
    const encrypted = await convert(`https://${PDF_DOMAIN}/minutes.pdf`);
    console.log(`password-protected PDF: ${encrypted.body.status} (${encrypted.body.note})`);
    console.log(`PDFs: lowest words F1 ${worst.toFixed(3)} (target >= ${PDF_F1_TARGET}: ${worst >= PDF_F1_TARGET ? 'met' : 'NOT met'})`);
  } finally {
    await service.close();
    await renderer.close();
    await world.stop();
  }
}

await main();
