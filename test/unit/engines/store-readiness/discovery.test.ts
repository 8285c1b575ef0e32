import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import {
  checkAgentCard,
  checkLlmsTxt,
  checkProductFeed,
  checkRobots,
  checkX402,
  inflateGzip,
  readSitemap,
} from '../../../../engines/store-readiness/discovery.ts';
import { assertValid } from '../../../support/contract.ts';
import { openedFile } from '../opened-file.ts';

const file = (body: string, options: Parameters<typeof openedFile>[1] = {}) => openedFile(body, { url: 'https://shop.example.com/f', ...options });
const valid = (check: { http_status: number | null; valid: boolean; validation: string }) => {
  assertValid('DiscoveryCheck', check);
  return check;
};

describe('discovery files', () => {
  it('robots.txt: a text file is valid; an HTML answer, a 404 and a failure are not', () => {
    const ok = checkRobots(file('User-agent: *\nDisallow: /cart\nSitemap: https://shop.example.com/sitemap.xml\n'));
    assert.deepEqual(valid(ok.check), { http_status: 200, valid: true, validation: 'robots.txt read: 1 group, 1 sitemap line' });
    assert.equal(valid(checkRobots(file('<!doctype html><html><body>Home</body></html>', { contentType: 'text/html' })).check).valid, false);
    const missing = checkRobots(file('not found', { status: 404 }));
    assert.deepEqual([missing.check.http_status, missing.check.valid, missing.robots], [404, false, null]);
    assert.deepEqual(valid(checkRobots(file('', { status: null })).check).http_status, null);
  });

  it('sitemap: urlset, index, gzip and text sitemaps; an empty urlset is not valid', async () => {
    const urlset = readSitemap(
      file(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://shop.example.com/products/a?x=1&amp;y=2</loc></url><url><loc><![CDATA[https://shop.example.com/b]]></loc></url></urlset>',
        { contentType: 'application/xml' },
      ),
    );
    assert.deepEqual(
      [urlset.kind, urlset.locs, valid(urlset.check).validation],
      ['urlset', ['https://shop.example.com/products/a?x=1&y=2', 'https://shop.example.com/b'], 'urlset of 2 URLs'],
    );
    const inflatedIndex = await inflateGzip(
      gzipSync('<sitemapindex><sitemap><loc>https://shop.example.com/sitemap-products.xml</loc></sitemap></sitemapindex>'),
    );
    const index = readSitemap(file(inflatedIndex!.bytes.toString('utf8'), { contentType: 'application/x-gzip' }));
    assert.deepEqual([index.kind, index.check.valid, index.locs.length], ['index', true, 1]);
    const text = readSitemap(file('https://shop.example.com/a\nhttps://shop.example.com/b\n'));
    assert.deepEqual([text.kind, text.check.valid], ['text', true]);
    assert.equal(valid(readSitemap(file('<urlset></urlset>')).check).valid, false);
    assert.equal(readSitemap(file('<html><body>Page</body></html>', { contentType: 'text/html' })).check.valid, false);
  });

  it('a gzip sitemap that inflates past the limit is read in part, off the main thread; a broken one stays as it came', async () => {
    // 196 KB of gzip that inflates to 67 MB of one URL after another.
    const urls = '<urlset>' + '<url><loc>https://shop.example.com/p</loc></url>'.repeat(1_400_000);
    const read = await inflateGzip(gzipSync(urls), { maxBytes: 1_000_000 });
    assert.equal(read!.bytes.length, 1_000_000);
    assert.equal(read!.cut, true);
    const sitemap = readSitemap(file(read!.bytes.toString('utf8'), { truncated: read!.cut }));
    assert.equal(sitemap.kind, 'urlset');
    assert.match(sitemap.check.validation, /read in part/);
    assert.equal(await inflateGzip(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02])), null);
    assert.equal(await inflateGzip(Buffer.from('<urlset>')), null);
  });

  it('llms.txt: needs an H1 first and is not HTML', () => {
    assert.deepEqual(valid(checkLlmsTxt(file('# Shop\n\n> Summary\n\n- [A](https://shop.example.com/a)\n- [B](/b)\n'))), {
      http_status: 200,
      valid: true,
      validation: 'llms.txt "Shop" with 2 links',
    });
    assert.equal(checkLlmsTxt(file('Shop\n# Title later\n')).valid, false);
    assert.equal(checkLlmsTxt(file('<!doctype html><h1>Shop</h1>', { contentType: 'text/html' })).valid, false);
  });

  it('agent card: the A2A required members, with their types', () => {
    const card = {
      name: 'Shop agent',
      description: 'd',
      url: 'https://shop.example.com/a2a',
      version: '1',
      capabilities: {},
      skills: [{ id: 's' }],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['application/json'],
    };
    assert.equal(valid(checkAgentCard(file(JSON.stringify(card), { contentType: 'application/json' }))).validation, 'A2A agent card "Shop agent" with 1 skill');
    const { version, skills, ...partial } = card;
    void version;
    void skills;
    assert.equal(checkAgentCard(file(JSON.stringify(partial))).validation, 'missing version, skills (A2A AgentCard)');
    assert.equal(checkAgentCard(file(JSON.stringify({ ...card, skills: 'many' }))).validation, 'wrong type: skills (A2A AgentCard)');
    assert.equal(checkAgentCard(file('[1]')).valid, false);
  });

  it('x402: JSON naming a payTo', () => {
    assert.equal(
      valid(
        checkX402(file(JSON.stringify({ x402Version: 2, payTo: '0x' + 'a'.repeat(40), resources: [{ url: 'https://shop.example.com/api', amount: '100' }] }))),
      ).validation,
      'x402Version 2, 1 payTo address, 1 priced resource',
    );
    assert.equal(checkX402(file('{"x402Version":2}')).valid, false);
    assert.equal(checkX402(file('nope')).valid, false);
  });

  it('product feed: Google Merchant RSS, Shopify products.json, a blog feed is not one', () => {
    const rss =
      '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</g:id><g:title>A</g:title><g:price>9.99 USD</g:price></item><item><g:id>2</g:id><g:title>B</g:title></item></channel></rss>';
    assert.equal(
      valid(checkProductFeed(file(rss, { contentType: 'application/rss+xml' }))).validation,
      'Google Merchant RSS feed with 1 product item (title and price)',
    );
    const shopify = {
      products: [
        { id: 1, title: 'Tee', variants: [{ price: '19.00' }] },
        { id: 2, title: 'No price', variants: [] },
      ],
    };
    assert.equal(
      checkProductFeed(file(JSON.stringify(shopify), { contentType: 'application/json' })).validation,
      'JSON product feed with 1 product (title and price)',
    );
    const blog = '<rss version="2.0"><channel><item><title>Post</title><link>https://shop.example.com/blog/1</link></item></channel></rss>';
    assert.deepEqual(
      [checkProductFeed(file(blog)).valid, checkProductFeed(file(blog)).validation],
      [false, 'a feed of 1 item without prices: not a product feed'],
    );
    assert.equal(checkProductFeed(file('{"products": []}')).valid, false);
  });
});
