/**
 * reading.ts: what a goal asks about beyond its keywords (positions are words(goal) indices).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createReader, phraseStarts, urlKind } from '../../../../engines/advisor/reading.ts';
import { words } from '../../../../engines/advisor/text.ts';

const read = createReader();

describe('advisor reading', () => {
  it('masks the words asking for data the service does not have, with what is available instead', () => {
    const goal = 'annual revenue and open jobs of acme.com';
    const reading = read(goal, []);
    assert.deepEqual(reading.notAvailable.map((item) => [item.data, item.asked]), [['revenue and financials', 'annual revenue']]);
    assert.deepEqual([...reading.masked].sort((a, b) => a - b).map((at) => words(goal)[at]), ['annual', 'revenue']);
    assert.ok(reading.notAvailable[0].instead.length);
    assert.deepEqual(read('is their headcount growing', []).notAvailable, [], 'a trend is hiring velocity');
    const ceo = read("the CEO's email at acme.com", []);
    assert.deepEqual(ceo.notAvailable.map((item) => item.data), ['named people and their personal contacts']);
    assert.ok([...ceo.masked].some((at) => words("the CEO's email at acme.com")[at] === 'email'), 'the email of a named person goes with it');
  });

  it('reads a technology after a word of adoption as the object, masking the adoption word', () => {
    const goal = 'which companies are buying Snowflake';
    const reading = read(goal, []);
    assert.deepEqual(reading.adopted.map((item) => item.name), ['Snowflake']);
    assert.ok(reading.masked.has(words(goal).indexOf('buy')));
    assert.deepEqual(read('do they use hubspot', []).adopted.map((item) => item.name), ['HubSpot'], 'lower case by an adoption word');
    assert.deepEqual(read('Snowflake schema design tips', []).adopted, [], 'no adoption word');
    assert.deepEqual(read('does acme.com run google ads in the UK', []).adopted, [], 'a name another offer reads as its object');
  });

  it("tells a product page, a paid endpoint and any other page apart, and finds the agent's purchase", () => {
    assert.equal(urlKind('https://shop.example.com/products/blue-shirt'), 'product');
    assert.equal(urlKind('https://api.tool.xyz/run'), 'endpoint');
    assert.equal(urlKind('https://tools.example.net/x402/search'), 'endpoint');
    assert.equal(urlKind('https://docs.stripe.com/api'), 'page');
    assert.equal(urlKind('https://blog.example.com/post/launch'), 'page');
    assert.equal(read('about to order a jacket from outlet.com', []).purchaseAt, words('about to order a jacket from outlet.com').indexOf('order'));
    assert.equal(read('are they buying Snowflake from anyone', []).purchaseAt, null, 'a company buying a technology is no purchase by the agent');
  });

  it('finds the order of steps and a reference back to the first', () => {
    const reading = read('find the hot buyers, then get contacts for them', []);
    assert.equal(reading.thenAt, words('find the hot buyers, then get contacts for them').indexOf('then'));
    assert.equal(reading.refersBack, true);
    assert.equal(read('tech stack of acme.com', []).thenAt, null);
  });

  it('matches phrases with the typo allowance of the matcher', () => {
    assert.deepEqual(phraseStarts(words('whats the anual revenu'), words('annual revenue')), [2]);
    assert.deepEqual(phraseStarts(words('tech stack'), words('stock price')), []);
  });
});
