import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isProductPath, productCandidates, productSitemaps, structuredProductUrls } from '../../../../engines/store-readiness/sample.ts';
import { ldGraph } from '../../../../engines/product/jsonld.ts';

describe('finding a sample product page', () => {
  it('knows product paths of the common platforms and leaves out listings, carts and files', () => {
    for (const path of [
      '/products/tee',
      '/collections/summer/products/tee',
      '/product/skillet',
      '/p/aurora',
      '/dp/B0C1234',
      '/shop/lamp-3',
      '/catalog/product/view/id/42',
    ])
      assert.ok(isProductPath(`https://s.example.com${path}`), path);
    for (const path of ['/', '/products', '/collections/summer', '/cart', '/blog/post', '/products/tee.jpg', '/category/lamps'])
      assert.ok(!isProductPath(`https://s.example.com${path}`), path);
  });

  it('orders structured-data URLs, then product links, then product sitemaps, then other sitemap URLs; same site only', () => {
    const candidates = productCandidates({
      homeUrl: 'https://www.s.example.com/',
      structured: ['/featured-lamp'],
      links: [
        'https://www.s.example.com/about',
        'https://other.example.org/products/x',
        'https://www.s.example.com/products/tee#reviews',
        'https://s.example.com/products/tee',
      ],
      productSitemapUrls: ['https://www.s.example.com/lamp-without-product-path'],
      sitemapUrls: ['https://www.s.example.com/blog/x', 'https://www.s.example.com/p/poster'],
    });
    assert.deepEqual(candidates, [
      'https://www.s.example.com/featured-lamp',
      'https://www.s.example.com/products/tee',
      'https://s.example.com/products/tee',
      'https://www.s.example.com/lamp-without-product-path',
      'https://www.s.example.com/p/poster',
    ]);
  });

  it('reads product URLs from the home page structured data (Product url, ItemList items)', () => {
    const graph = ldGraph([
      {
        '@type': 'ItemList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, url: '/products/a' },
          { '@type': 'ListItem', position: 2, item: { '@type': 'Product', name: 'B', url: 'https://s.example.com/products/b' } },
        ],
      },
    ]);
    assert.deepEqual(structuredProductUrls(graph, 'https://s.example.com/'), ['https://s.example.com/products/a', 'https://s.example.com/products/b']);
  });

  it('reads product sitemaps of an index first', () => {
    assert.deepEqual(productSitemaps(['https://s.example.com/sitemap-pages.xml', 'https://s.example.com/sitemap_products_1.xml'], 1), [
      'https://s.example.com/sitemap_products_1.xml',
    ]);
  });
});
