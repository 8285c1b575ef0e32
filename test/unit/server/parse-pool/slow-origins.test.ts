import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSlowOrigins, originOf } from '../../../../server/parse-pool/slow-origins.ts';

describe('slow origins', () => {
  it('marks a site whose task ran slow, past its deadline or ended its worker, and only such a site', () => {
    const slow = createSlowOrigins({ slowTaskMs: 250, now: () => 0 });
    slow.record('fast.example', 40);
    slow.record('slow.example', 300);
    slow.record('deadline.example', 20, { failed: true });
    slow.record(null, 9_000);
    assert.deepEqual(
      ['fast.example', 'slow.example', 'deadline.example', 'other.example'].map((origin) => slow.isSlow(origin)),
      [false, true, true, false],
    );
  });

  it('forgets a mark after rememberMs, and the oldest first beyond maxOrigins', () => {
    let clock = 0;
    const slow = createSlowOrigins({ slowTaskMs: 1, rememberMs: 1_000, maxOrigins: 2, now: () => clock });
    slow.record('a.example', 5);
    clock = 10;
    slow.record('b.example', 5);
    slow.record('c.example', 5);
    assert.deepEqual([slow.isSlow('a.example'), slow.isSlow('b.example'), slow.isSlow('c.example')], [false, true, true]);
    clock = 1_005;
    assert.equal(slow.isSlow('b.example'), true);
    clock = 1_011;
    assert.equal(slow.isSlow('b.example'), false);
    assert.equal(slow.size, 1);
  });

  it('keys a task by the registrable domain of its page: fresh subdomains are the same site', () => {
    assert.equal(originOf({ html: '<p>', url: 'https://Shop.Example:8443/p/1' }), 'shop.example');
    assert.equal(originOf({ url: 'https://x7f3.cdn.shop.co.uk/p' }), 'shop.co.uk');
    assert.equal(originOf({ url: 'https://a1.family-syntax.com/' }), originOf({ url: 'https://b2.family-syntax.com/' }));
    assert.notEqual(
      originOf({ url: 'https://one.github.io/' }),
      originOf({ url: 'https://two.github.io/' }),
      'a private suffix (github.io) names sites of different owners',
    );
    assert.equal(originOf({ url: 'http://127.0.0.1:8080/' }), '127.0.0.1');
    assert.equal(originOf({ pages: ['<p>'] }), null);
    assert.equal(originOf({ url: 'not a url' }), null);
  });
});
