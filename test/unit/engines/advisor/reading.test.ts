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
    assert.deepEqual(
      reading.notAvailable.map((item) => [item.data, item.asked]),
      [['revenue and financials', 'annual revenue']],
    );
    assert.deepEqual(
      [...reading.masked].sort((a, b) => a - b).map((at) => words(goal)[at]),
      ['annual', 'revenue'],
    );
    assert.ok(reading.notAvailable[0].instead.length);
    assert.deepEqual(read('is their headcount growing', []).notAvailable, [], 'a trend is hiring velocity');
    assert.deepEqual(read("the CEO's email at acme.com", []).notAvailable, [], 'an email the site publishes for a person is extract-contacts’ people');
  });

  it("refuses a person's personal profile or phone, not a company's links nor the people the site names", () => {
    const goal = 'LinkedIn profile URL of the VP of Sales at acme.com';
    const profile = read(goal, []);
    assert.deepEqual(
      profile.notAvailable.map((item) => item.data),
      ["people's personal profiles and contacts"],
    );
    assert.deepEqual(
      [...profile.masked].sort((a, b) => a - b).map((at) => words(goal)[at]),
      ['linkedin', 'profile', 'vp', 'of', 'sale'],
      'the profile, and the person with the function after "of"',
    );
    assert.match(profile.notAvailable[0].note, /names .* role/, 'the refusal says what extract-contacts does return about people');
    assert.deepEqual(read('find contact emails and linkedin for acme.com', []).notAvailable, [], 'no person: the company profile');
    assert.deepEqual(read('names and roles of the leadership team at acme.com', []).notAvailable, [], 'named people of the site');
    assert.deepEqual(
      read('the CTO of vercel.com and, far away from that, a twitter handle for the company', []).notAvailable,
      [],
      'a person more than six words away',
    );
  });

  it('reads reviews, ratings and competitor lists as missing data, except a product page rating and a comparison', () => {
    assert.deepEqual(
      read('Glassdoor rating of stripe.com', []).notAvailable.map((item) => item.data),
      ['reviews and ratings'],
    );
    assert.deepEqual(read('rating of https://shop.io/products/lamp', ['https://shop.io/products/lamp']).notAvailable, [], 'a product page states its rating');
    assert.deepEqual(
      read('credit rating of supplier.de', []).notAvailable.map((item) => item.data),
      ['credit ratings'],
    );
    assert.deepEqual(
      read('main competitors of acme.com', []).notAvailable.map((item) => item.data),
      ['competitor lists'],
    );
    assert.deepEqual(read('compare my schema against my competitors a.com and b.com', []).notAvailable, []);
  });

  it('reads concealment near a party to the payment as privacy wording, masking the payment words', () => {
    const goal = 'tech stack of t.io; the payment provider must never learn the domain';
    const reading = read(goal, []);
    assert.ok(reading.privacy);
    assert.ok(reading.masked.has(words(goal).indexOf('payment')));
    assert.equal(read('is it safe to pay this x402 endpoint https://api.x.io/paid', ['https://api.x.io/paid']).privacy, null, 'a payment without concealment');
    assert.equal(read('hide the banner on my store page', []).privacy, null, 'concealment without a payment');
  });

  it('reads a filter or a technology on a job noun as a filtered job listing', () => {
    const python = 'remote-friendly Python roles at posthog.com';
    assert.equal(read(python, []).jobFilter?.cue, 'remote');
    assert.ok(read(python, []).masked.has(words(python).indexOf('python')), 'the language qualifies the roles: no tech-stack question');
    assert.equal(read('senior openings at n26.com', []).jobFilter?.cue, 'senior');
    const support = read('customer support jobs at shop.com', []);
    assert.equal(support.jobFilter?.cue, 'customer support');
    assert.ok(support.masked.has(0), 'a technology kind qualifying the job is not asked about');
    assert.equal(read('which live chat tool does shop.com use', []).jobFilter, null);
  });

  it('reads a technology after a word of adoption as the object, masking the adoption word', () => {
    const goal = 'which companies are buying Snowflake';
    const reading = read(goal, []);
    assert.deepEqual(
      reading.adopted.map((item) => item.name),
      ['Snowflake'],
    );
    assert.ok(reading.masked.has(words(goal).indexOf('buy')));
    assert.deepEqual(
      read('do they use hubspot', []).adopted.map((item) => item.name),
      ['HubSpot'],
      'lower case by an adoption word',
    );
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

  it('reads a recurring trigger with its event as a watch request, masking the channel, the trigger and the event', () => {
    const goal = 'post in our Slack channel whenever acme.com changes its pricing page';
    const reading = read(goal, []);
    assert.deepEqual(
      reading.notAvailable.map((item) => item.data),
      ['monitoring and alerts'],
    );
    const masked = [...reading.masked].map((at) => words(goal)[at]);
    for (const word of ['slack', 'channel', 'whenever', 'change', 'pric', 'page']) assert.ok(masked.includes(word), word);
    // The event before the trigger, as Japanese writes it.
    assert.deepEqual(
      read('acme.co.jpが新しい求人を出したらすぐにメールで知らせて', []).notAvailable.map((item) => item.data),
      ['monitoring and alerts'],
    );
    // A trigger with no event is no watch request; "when" alone needs a word sending the alert.
    assert.deepEqual(read('the contacts of acme.com as soon as possible', []).notAvailable, []);
    assert.deepEqual(read('show the new jobs when acme.com opens an office', []).notAvailable, []);
  });

  it('excludes the whole clause of a negation standing after its object, up to a word taking the request back up', () => {
    const goal = 'Контакты не нужны, только вакансии acme.ru';
    const reading = read(goal, []);
    assert.deepEqual(
      [...reading.masked].sort((a, b) => a - b).map((at) => words(goal)[at]),
      words('контакты не нужны'),
    );
    const english = 'only the open jobs of acme.com, contacts not needed';
    assert.ok(!read(english, []).masked.has(words(english).indexOf('job')));
  });
});
