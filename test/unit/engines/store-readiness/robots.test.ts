import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allowedWithout, isAllowed, normalise, parseRobots, rulesFor } from '../../../../engines/store-readiness/robots.ts';

const allowed = (text: string, agent: string, path: string) => isAllowed(parseRobots(text), agent, `https://shop.example.com${path}`);

describe('robots.txt groups (RFC 9309 §2.2.1)', () => {
  const text = `# comment
User-agent: *
Disallow: /private

User-agent: GPTBot
User-Agent: claudebot   # several agents share a group
Disallow: /

user-agent: PerplexityBot
Disallow: /checkout
Sitemap: https://shop.example.com/sitemap.xml
user-agent: perplexitybot
Disallow: /cart
`;
  it('picks the group naming the agent, case-insensitively, and only it', () => {
    assert.equal(allowed(text, 'GPTBot', '/products/a'), false);
    assert.equal(allowed(text, 'ClaudeBot', '/'), false);
    assert.equal(allowed(text, 'PerplexityBot', '/private'), true, 'the * group does not apply to an agent with its own group');
  });
  it('merges every group naming the same agent', () => {
    assert.equal(allowed(text, 'PerplexityBot', '/checkout'), false);
    assert.equal(allowed(text, 'PerplexityBot', '/cart/1'), false);
    assert.equal(rulesFor(parseRobots(text), 'PERPLEXITYBOT')?.length, 2);
  });
  it('falls back to the * group, and allows everything without one', () => {
    assert.equal(allowed(text, 'Amazonbot', '/private/x'), false);
    assert.equal(allowed(text, 'Amazonbot', '/products/x'), true);
    assert.equal(allowed('User-agent: GPTBot\nDisallow: /\n', 'CCBot', '/'), true);
  });
  it('collects sitemap lines wherever they are, without ending a group', () => {
    assert.deepEqual(parseRobots(text).sitemaps, ['https://shop.example.com/sitemap.xml']);
  });
  it('ignores rules before any user-agent line, reads a BOM and common misspellings, counts unknown lines', () => {
    const robots = parseRobots('\uFEFFDisallow: /\nUser-agent: *\nDissallow: /tmp\ncrawl-delay: 10\nthis is not a field\n');
    assert.equal(isAllowed(robots, 'GPTBot', 'https://x.com/'), true);
    assert.equal(isAllowed(robots, 'GPTBot', 'https://x.com/tmp/a'), false);
    assert.equal(robots.unknownLines, 1);
  });
  it('takes the product token of a user-agent value with a version', () => {
    assert.equal(allowed('User-agent: GPTBot/1.2\nDisallow: /\n', 'GPTBot', '/'), false);
  });
});

describe('robots.txt rules (RFC 9309 §2.2.2)', () => {
  it('the longest match wins, whichever comes first', () => {
    const text = 'User-agent: *\nAllow: /products/public/\nDisallow: /products/\n';
    assert.equal(allowed(text, 'x', '/products/secret'), false);
    assert.equal(allowed(text, 'x', '/products/public/a'), true);
    assert.equal(allowed('User-agent: *\nDisallow: /products/\nAllow: /products/public/\n', 'x', '/products/public/a'), true);
  });
  it('an allow beats a disallow of the same length', () => {
    assert.equal(allowed('User-agent: *\nDisallow: /page\nAllow: /page\n', 'x', '/page'), true);
  });
  it('an empty Disallow disallows nothing; no matching rule allows', () => {
    assert.equal(allowed('User-agent: *\nDisallow:\n', 'x', '/anything'), true);
    assert.equal(allowed('User-agent: *\nDisallow: /a\n', 'x', '/b'), true);
  });
  it('* matches any run and a final $ anchors the end', () => {
    const text = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?sort=\nDisallow: /fish*\nAllow: /$\nDisallow: /\n';
    assert.equal(allowed(text, 'x', '/files/a.pdf'), false);
    assert.equal(allowed(text, 'x', '/files/a.pdf?x=1'), false, 'the "/" rule still matches');
    assert.equal(allowed('User-agent: *\nDisallow: /*.pdf$\n', 'x', '/files/a.pdf?x=1'), true);
    assert.equal(allowed(text, 'x', '/c?sort=price'), false);
    assert.equal(allowed(text, 'x', '/'), true, 'Allow: /$ is longer than Disallow: /');
    assert.equal(allowed(text, 'x', '/about'), false);
    assert.equal(allowed('User-agent: *\nDisallow: /fish*.php\n', 'x', '/fishheads/catfish.php?parameters'), false);
    assert.equal(allowed('User-agent: *\nDisallow: /fish*.php\n', 'x', '/Fish.PHP'), true, 'paths are case-sensitive');
  });
  it('compares paths with percent-encoding normalised', () => {
    assert.equal(allowed('User-agent: *\nDisallow: /caf%C3%A9\n', 'x', '/café/menu'), false);
    assert.equal(allowed('User-agent: *\nDisallow: /%7Ejoe/\n', 'x', '/~joe/index.html'), false);
    assert.equal(normalise('/a%2fb%7e'), '/a%2Fb~');
  });
  it('never disallows /robots.txt itself', () => {
    assert.equal(allowed('User-agent: *\nDisallow: /\n', 'x', '/robots.txt'), true);
  });
});

describe('robots.txt that could not be read (RFC 9309 §2.3.1)', () => {
  it('4xx allows everything; 5xx and network failures disallow everything', () => {
    assert.equal(allowedWithout('unavailable'), true);
    assert.equal(allowedWithout('unreachable'), false);
  });
});
