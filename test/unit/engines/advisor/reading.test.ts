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

describe('advisor reading, round 7 (issue 37)', () => {
  const maskedWords = (goal: string) => {
    const { masked } = read(goal, []);
    return words(goal).filter((_, at) => masked.has(at));
  };

  it('excludes what a negated request names, to its clause end, and nothing for a negation asking nothing', () => {
    const goal = "don't give me the jobs, get the tech stack of acme.com";
    assert.ok(maskedWords(goal).includes('job'));
    assert.ok(!maskedWords(goal).includes('stack'));
    assert.ok(maskedWords('no me des sus vacantes, solo el stack tecnológico').includes('job'));
    assert.ok(maskedWords('не присылай мне вакансии, только стек').includes('job'));
    assert.deepEqual(maskedWords('the tech stack of acme.com, no rush'), []);
    assert.deepEqual(maskedWords('do not forget the open jobs of acme.com'), []);
    assert.deepEqual(maskedWords("why don't you show me the open jobs of acme.com"), []);
  });

  it('masks the evidence after a basis word within its clause, hiring itself aside', () => {
    assert.deepEqual(maskedWords('the intent score of acme.com based on its vacancies'), words('based on its vacancies'));
    assert.ok(maskedWords('Kaufabsicht von acme.de anhand der offenen Stellen').includes('job'));
    assert.ok(!maskedWords('is acme.com in market judging by their hiring').includes('hir'));
    assert.ok(!maskedWords('the tech stack based on the site, and the open jobs').includes('job'), 'the clause ends the evidence');
  });

  it('reads buying intent ranked or chosen among a list', () => {
    assert.notEqual(read('which of my accounts show buying intent', []).intentRank, null);
    assert.notEqual(read('los prospectos más calientes de mi lista', []).intentRank, null);
    assert.notEqual(read('哪些域名的购买意向最强', []).intentRank, null);
    assert.equal(read('the buying intent of acme.com', []).intentRank, null);
    assert.equal(read('the intent score of each of my 40 accounts', []).intentRank, null);
  });

  it('reads a purchase word qualifying an intent as no purchase', () => {
    assert.equal(read("l'intento d'acquisto di acme.it", []).purchaseAt, null);
    assert.equal(read('purchase intent from acme.com', []).purchaseAt, null);
    assert.notEqual(read('order a jacket from acme-shop.com', []).purchaseAt, null);
  });

  it('reads a technology the speaker adopts as no technology asked about', () => {
    assert.deepEqual(read('we sell a Slack integration to these accounts', []).adopted, []);
    assert.deepEqual(read('I pay with Stripe, is the shop safe', []).adopted, []);
    assert.deepEqual(
      read('does acme.com pay with Stripe', []).adopted.map((item) => item.name),
      ['Stripe'],
    );
  });

  it('reads exposure as concealment only when negated', () => {
    assert.equal(read('the checkout appears secure, which payment provider is it', []).privacy, null);
    assert.equal(read('the payment must not exceed $1', []).privacy, null);
    assert.equal(read('il pagamento non deve superare 1 dollaro', []).privacy, null);
    assert.notEqual(read('the domain must not appear in the payment data', []).privacy, null);
    assert.notEqual(read('so the payment cannot be linked to the domain', []).privacy, null);
    assert.notEqual(read('het doeldomein mag niet in de betaalgegevens terechtkomen', []).privacy, null);
  });

  it('reads the channel an alert is posted in and its event as a watch request, with no job listing', () => {
    const goal = 'Poste no Slack quando a acme.com.br abrir uma vaga nova';
    assert.equal(read(goal, []).jobFilter, null);
    assert.deepEqual(
      read(goal, []).notAvailable.map((item) => item.data),
      ['monitoring and alerts'],
    );
    assert.deepEqual(read('Quais vagas a acme.com.br tem abertas?', []).notAvailable, []);
  });
});
