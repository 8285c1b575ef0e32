/**
 * #30: the five readers of fetched content that took seconds on pages built against them are
 * linear. Each attack is the shape of the one reported (at its size), and each bound is far below
 * what the code before took on it (in parentheses), so the test fails on that code.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { collectContacts } from '../../../engines/contacts/collect.ts';
import { findCodes } from '../../../engines/promo/codes.ts';
import { checkLlmsTxt, readSitemap } from '../../../engines/store-readiness/discovery.ts';
import { botAccessOf } from '../../../engines/store-readiness/access.ts';
import { boardsInHtml } from '../../../engines/jobs/discover.ts';
import { Fetched, type Dns, type SafeFetch } from '../../../engines/net/types.ts';
import { analyzeInline } from '../../../server/parse-pool/inline.ts';
import { openedFile } from './opened-file.ts';

async function timed(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const file = (text: string) => openedFile(text);
const NOW = new Date('2026-11-26T00:00:00Z');

describe('readers of fetched content, on input built against them', () => {
  it('extract-contacts: 5 pages of 5,000 own-domain addresses each (43 s before: email_sources compared every address with every entry)', async () => {
    const page = (index: number) =>
      `<html><body><p>${Array.from({ length: 5_000 }, (_, n) => `a${index}x${n}@acme.example.com`).join(' ')}</p><a href="/contact">c</a><a href="/about">a</a><a href="/team">t</a><a href="/careers">j</a></body></html>`;
    const pages = new Map(
      [
        ['/', 0],
        ['/contact', 1],
        ['/about', 2],
        ['/team', 3],
        ['/careers', 4],
      ].map(([path, index]) => [`https://acme.example.com${path}`, page(index as number)]),
    );
    const fetch: SafeFetch = async (url) => {
      const html = pages.get(url) ?? '';
      return {
        url,
        status: html ? 200 : 404,
        headers: { 'content-type': 'text/html' },
        setCookies: [],
        content: new Fetched(Buffer.from(html), { contentType: 'text/html' }),
        truncated: false,
        redirects: [],
        address: '203.0.113.9',
        elapsedMs: 1,
      };
    };
    const nothing = async () => ({ ok: false as const, reason: 'nodata' as const });
    const dns = { mx: nothing, txt: nothing, dmarc: nothing } as unknown as Dns;
    let result!: Awaited<ReturnType<typeof collectContacts>>;
    const ms = await timed(
      async () => (result = await collectContacts('acme.example.com', { fetch, dns, analyze: analyzeInline }, { deadlineMs: 60_000, pageTimeoutMs: 60_000 })),
    );
    assert.equal(result.status, 'ok');
    assert.equal(result.pages_read!.length, 5);
    assert.ok(result.emails!.length >= 200, `${result.emails!.length} addresses`);
    assert.deepEqual(result.email_sources![0].how, ['text']);
    assert.ok(ms < 8_000, `${Math.round(ms)} ms`);
  });

  it('promo codes: a sentence of 10,000 "code X1Y" (9.6 s before: the sentence was rescanned per code)', async () => {
    const same = await timed(() => findCodes(`Save 20% off: ${'code X1Y '.repeat(10_000)}.`, { now: NOW }));
    let found: ReturnType<typeof findCodes> = [];
    const distinct = await timed(
      () => (found = findCodes(`Save 20% off: ${Array.from({ length: 10_000 }, (_, n) => `code A${n}B`).join(' ')}.`, { now: NOW })),
    );
    assert.ok(same < 500, `${Math.round(same)} ms`);
    assert.ok(distinct < 500, `${Math.round(distinct)} ms`);
    assert.equal(found.length, 50);
    assert.deepEqual([found[0].code, found[0].percentOff, found[0].statesDiscount], ['A0B', 20, true]);
  });

  it('llms.txt: a first line of "# a", 120,000 spaces and "b" (13.7 s before: the heading regex)', async () => {
    let check!: ReturnType<typeof checkLlmsTxt>;
    const ms = await timed(() => (check = checkLlmsTxt(file(`# a${' '.repeat(120_000)}b\n`))));
    assert.ok(ms < 500, `${Math.round(ms)} ms`);
    assert.equal(check.valid, true);
    assert.equal(checkLlmsTxt(file(`\n\n# Shop  \n> about`)).validation, 'llms.txt "Shop" with 0 links');
  });

  it('robots.txt: 990 KB of non-ASCII rules, read for every agent (10.7 s before: each rule re-encoded per agent and URL)', async () => {
    const robots = `User-agent: *\n${Array.from({ length: 4 }, () => `Disallow: /${'é'.repeat(123_000)}\n`).join('')}`;
    let access!: ReturnType<typeof botAccessOf>;
    const ms = await timed(() => (access = botAccessOf(file(robots), null, 'https://shop.example/', 'https://shop.example/products/a')));
    assert.ok(ms < 2_000, `${Math.round(ms)} ms`);
    assert.equal(
      Object.values(access).every((entry) => entry.home_allowed && entry.sample_product_allowed),
      true,
    );
    const blocked = botAccessOf(file(`User-agent: *\nDisallow: /caf%C3%A9\n`), null, 'https://shop.example/café', null);
    assert.equal(
      Object.values(blocked).every((entry) => !entry.home_allowed),
      true,
    );
  });

  it('sitemaps: 10 MB of <loc>s keep the first 1,000 and count them all', async () => {
    const text = `<urlset>${'<url><loc>https://shop.example/products/p</loc></url>'.repeat(200_000)}</urlset>`;
    let reading!: ReturnType<typeof readSitemap>;
    const ms = await timed(() => (reading = readSitemap(file(text))));
    assert.ok(ms < 3_000, `${Math.round(ms)} ms`);
    assert.equal(reading.locs.length, 1_000);
    assert.equal(reading.check.validation, 'urlset of 200000 URLs');
  });

  it('job-board discovery: a home page of board-embed prefixes (6.6 to 20 s before: each unbounded run rescanned per prefix)', async () => {
    for (const [piece, count] of [
      ['greenhouse.io/embed/job_board?', 16_000],
      ['leverJobsOptions={', 30_000],
      ['api.smartrecruiters.com/v1/companies/', 16_000],
      ['__ashbyBaseJobBoardUrl =', 30_000],
    ] as const) {
      const ms = await timed(() => boardsInHtml(piece.repeat(count)));
      assert.ok(ms < 500, `${piece} x ${count}: ${Math.round(ms)} ms`);
    }
    assert.deepEqual(boardsInHtml('<script src="https://boards.greenhouse.io/embed/job_board/js?b=https%3A%2F%2Facme.com&amp;for=acme"></script>'), [
      { provider: 'greenhouse', slug: 'acme' },
    ]);
    assert.deepEqual(boardsInHtml('<script>var leverJobsOptions = { accountName: "acme", includeCss: true };</script>'), [{ provider: 'lever', slug: 'acme' }]);
  });
});
