/**
 * clean-markdown end to end against the offline world: real HTTPS and DNS to fixture pages. Content
 * kept, chrome and clutter removed, tables (header-less too), fenced code, absolute links and
 * images, truncation at a block boundary; every non-ok status free; the same over MCP. PDFs through
 * the parse worker's bundle (what `npm start` runs): Markdown of a real PDF, by Content-Type and by
 * its header, cut at max_chars; password-protected, damaged and text-less PDFs free.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { installMarkdownSites, MARKDOWN_DOMAINS, markdownUrl, REPORT_TEXT } from '../world/fixtures/markdown-sites.ts';
import { bundleParseWorker } from '../../server/build.ts';
import { createParsePool, type ParsePool } from '../../server/parse-pool/pool.ts';
import { assertValid, call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('198.51.100.');

describe('clean-markdown against the offline world', { timeout: 120_000 }, () => {
  const setup = worldService({ install: installMarkdownSites });
  let article: any;
  let articleHeaders: Headers;
  const convert = (url: string, extra: Record<string, unknown> = {}) => call(setup.url, '/v1/clean-markdown', { body: { url, ...extra }, headers: caller() });

  before(async () => {
    const answer = await convert(markdownUrl(MARKDOWN_DOMAINS.article, '/cranes'));
    assert.equal(answer.status, 200);
    article = answer.body;
    articleHeaders = answer.headers;
  });

  it('converts an article after a redirect, charging the ok result', () => {
    assert.equal(article.status, 'ok');
    assert.equal(article.final_url, markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes'));
    assert.equal(article.domain, MARKDOWN_DOMAINS.article);
    assert.equal(article.title, 'Harbour cranes go electric');
    assert.equal(article.meta_description, 'Why three ports replaced diesel cranes in one winter.');
    assert.equal(articleHeaders.get('x-usage-free-remaining'), '4');
  });
  it('keeps the article text, headings, emphasis and lists', () => {
    assert.match(article.markdown, /Three northern ports replaced their diesel cranes/);
    assert.match(article.markdown, /^## What it cost$/m);
    assert.match(article.markdown, /\*eleven weeks\*/);
    assert.match(article.markdown, /^- Fuel savings of 46 percent$/m);
  });
  it('removes scripts, styles, navigation, sidebar, footer and ads', () => {
    for (const gone of ['window.analytics', 'font-family', 'About us', 'Sidebar story one', 'All rights reserved', 'discount paint']) {
      assert.ok(!article.markdown.includes(gone), `${gone} should be gone`);
    }
  });
  it('makes links and images absolute, drops tracking parameters and javascript: links', () => {
    assert.ok(article.markdown.includes(`[Esbjerg terminal](https://${MARKDOWN_DOMAINS.article}/ports/esbjerg)`));
    assert.ok(article.markdown.includes(`![An electric crane at dusk](https://${MARKDOWN_DOMAINS.article}/images/crane.jpg)`));
    assert.ok(article.markdown.includes('[full report](https://example.org/report.pdf?id=7)'));
    assert.ok(!article.markdown.includes('javascript:'));
    assert.match(article.markdown, /share this/);
  });
  it('keeps code verbatim in a fenced block with its language, blank lines included', () => {
    assert.ok(article.markdown.includes('```yaml\ncrane:\n  drive: electric\n\n  max_load_t: 65\n```'), article.markdown);
  });
  it('estimates tokens as ceil(characters / 4)', () => {
    assert.equal(article.token_count_estimate, Math.ceil(article.markdown.length / 4));
    assert.equal(article.truncated, false);
  });

  it('keeps a pricing page whole, with its header-less table as a GFM table', async () => {
    const { body } = await convert(markdownUrl(MARKDOWN_DOMAINS.pricing, '/pricing'));
    assert.equal(body.status, 'ok');
    assert.ok(body.markdown.includes('| Plan | Price per month | Seats |\n| --- | --- | --- |\n| Starter | $19 | 3 |'), body.markdown);
    assert.ok(body.markdown.includes('| Team | $49 | 10 \\| more on request |'), 'a pipe inside a cell is escaped');
    assert.match(body.markdown, /Can I change plans later\?/);
    assert.ok(!body.markdown.includes('Privacy policy'));
  });
  it('keeps a product page: name, price, features, specification table, lazy image', async () => {
    const { body } = await convert(markdownUrl(MARKDOWN_DOMAINS.product, '/products/kettle-one'));
    assert.equal(body.status, 'ok');
    for (const kept of [
      '€89',
      '- 1.7 litre capacity',
      '| Property | Value |',
      '| Weight | 1.2 kg |',
      `![Kettle One in brushed steel](https://${MARKDOWN_DOMAINS.product}/img/kettle-one.png)`,
      `[Contact our support team](https://${MARKDOWN_DOMAINS.product}/contact)`,
    ]) {
      assert.ok(body.markdown.includes(kept), `${kept} kept in:\n${body.markdown}`);
    }
    assert.equal(body.title, 'Kettle One — Kettle Works');
    assert.equal(body.meta_description, 'A 1.7 litre steel kettle with a temperature dial.');
  });
  it('removes consent banners, cookie dialogs and hidden text from a home page', async () => {
    const { body } = await convert(markdownUrl(MARKDOWN_DOMAINS.banner));
    assert.equal(body.status, 'ok');
    assert.match(body.markdown, /Freight that arrives on time/);
    assert.match(body.markdown, /\+31 10 555 0100/);
    for (const gone of ['We use cookies', 'Accept all', 'uses cookies for analytics', 'Hidden promotional text', 'Products']) {
      assert.ok(!body.markdown.includes(gone), `${gone} should be gone:\n${body.markdown}`);
    }
  });

  it('cuts at a block boundary under max_chars and says so', async () => {
    const { body } = await convert(markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes'), { max_chars: 400 });
    assert.equal(body.status, 'ok');
    assert.equal(body.truncated, true);
    assert.ok(body.markdown.length <= 400);
    assert.ok(article.markdown.startsWith(body.markdown), 'a prefix of the whole content');
    const next = article.markdown.slice(body.markdown.length);
    assert.match(next, /^\n\n/, 'the cut falls between blocks');
    assert.equal(body.token_count_estimate, Math.ceil(body.markdown.length / 4));
    assert.match(body.note, /block boundary/);
  });

  const free: [string, string, string][] = [
    ['empty for a JavaScript shell without text', markdownUrl(MARKDOWN_DOMAINS.empty), 'empty'],
    ['blocked for a bot wall', markdownUrl(MARKDOWN_DOMAINS.blocked), 'blocked'],
    ['not_found for a 404 page', markdownUrl(MARKDOWN_DOMAINS.article, '/missing'), 'not_found'],
    ['not_found for a host that does not exist', 'https://no-such-host.invalid-world-name.com/', 'not_found'],
  ];
  for (const [name, url, expected] of free) {
    it(`answers ${name}, free`, async () => {
      const { status, body, headers } = await convert(url);
      assert.equal(status, 200);
      assert.equal(body.status, expected);
      assert.equal(body.markdown, undefined);
      assert.equal(headers.get('x-usage-free-remaining'), '5', 'not charged');
    });
  }

  it("answers a page that redirects to a private address unreachable (the site's doing, not the caller's input), free", async () => {
    const { status, body, headers } = await convert(markdownUrl(MARKDOWN_DOMAINS.unsafeRedirect));
    assert.equal(status, 200);
    assert.equal(body.status, 'unreachable');
    assert.match(body.note, /unsafe_redirect/);
    assert.equal(headers.get('x-usage-charged-micro-usd'), '0');
  });
  it('refuses max_chars outside 1..100000 before any work', async () => {
    for (const max_chars of [0, 100_001]) {
      const { status, body } = await convert(markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes'), { max_chars });
      assert.equal(status, 400);
      assert.equal(body.code, 'invalid_input');
    }
  });

  it('answers the same over MCP', async () => {
    await withMcp(setup.url, caller(), async (client) => {
      const result = await client.callTool({ name: 'url_to_clean_markdown', arguments: { url: markdownUrl(MARKDOWN_DOMAINS.pricing, '/pricing') } });
      assertValid('CleanMarkdownResult', result.structuredContent);
      assert.match((result.structuredContent as any).markdown, /\| Starter \| \$19 \| 3 \|/);
    });
  });
});

describe('clean-markdown reads PDFs (the bundled parse worker)', { timeout: 120_000 }, () => {
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join('dist', 'clean-markdown-pdf-'));
  const convert = (path: string, extra: Record<string, unknown> = {}) =>
    call(setup.url, '/v1/clean-markdown', { body: { url: markdownUrl(MARKDOWN_DOMAINS.pdf, path), ...extra }, headers: caller() });

  let parsePool: ParsePool | undefined;
  const setup = worldService({
    install: installMarkdownSites,
    // The worker as npm start runs it (esbuild's bundle, pdf.js from node_modules), not through tsx.
    service: async () => ({
      parsePool: (parsePool = createParsePool({ threads: 1, workerFile: resolve(await bundleParseWorker(resolve(dir, 'parse-worker.mjs'))) })),
    }),
  });
  after(async () => {
    await parsePool?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('converts a PDF: title, subject, headings, lists, the link, charged as ok', async () => {
    const { status, body, headers } = await convert('/whitepaper.pdf');
    assert.equal(status, 200);
    assert.equal(body.status, 'ok', body.note);
    assert.equal(body.title, REPORT_TEXT.title);
    assert.equal(body.meta_description, 'The year 2025 at Paperstack');
    assert.match(body.markdown, new RegExp(`^# ${REPORT_TEXT.title}$`, 'm'));
    assert.match(body.markdown, /^## Highlights$/m);
    assert.ok(body.markdown.includes(REPORT_TEXT.highlights.map((item) => `- ${item}`).join('\n')));
    assert.ok(body.markdown.includes('1. Download the archive client\n2. Sign in with the office account'));
    assert.ok(body.markdown.includes('Read the [full results](https://paperstack-docs.com/results) on our website.'));
    assert.ok(body.markdown.includes(REPORT_TEXT.outlook));
    assert.ok(!body.markdown.includes('— page'), 'the running foot is dropped');
    assert.equal(body.truncated, false);
    assert.equal(body.note, null);
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });
  it('knows a PDF by its header when it is sent as application/octet-stream', async () => {
    const { body } = await convert('/download/report');
    assert.equal(body.status, 'ok');
    assert.equal(body.title, REPORT_TEXT.title);
  });
  it('cuts a PDF at a block boundary under max_chars and says so', async () => {
    const { body } = await convert('/whitepaper.pdf', { max_chars: 300 });
    assert.equal(body.status, 'ok');
    assert.equal(body.truncated, true);
    assert.ok(body.markdown.length <= 300);
    assert.match(body.note, /^Cut at a block boundary to 300 characters/);
  });

  const free: [string, string, string, RegExp][] = [
    [
      'a password-protected PDF',
      '/minutes.pdf',
      'unsupported_content',
      /^The PDF cannot be read: the PDF is encrypted with a password; nothing was converted\.$/,
    ],
    ['a damaged PDF', '/damaged.pdf', 'unsupported_content', /^The PDF cannot be read: the PDF is damaged \(Invalid PDF structure\); nothing was converted\.$/],
    ['a PDF without a text layer', '/scan.pdf', 'empty', /no text layer/],
  ];
  for (const [name, path, expected, note] of free) {
    it(`answers ${name} ${expected}, free`, async () => {
      const { status, body, headers } = await convert(path);
      assert.equal(status, 200);
      assert.equal(body.status, expected);
      assert.match(body.note, note);
      assert.equal(body.markdown, undefined);
      assert.equal(headers.get('x-usage-free-remaining'), '5', 'not charged');
    });
  }
});
