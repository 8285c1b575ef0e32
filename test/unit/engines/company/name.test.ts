/** The company's name: the words the domain spells, in full when the declared name goes on past them. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseName, readsAsSentence } from '../../../../engines/company/name.ts';

const name = (value: string, url: string) => chooseName([{ value, source: 'open_graph', whole: true }], url)?.value ?? null;

describe('company name from a declared name', () => {
  it('keeps the declared name whole when a kind of organisation or a joined word follows the spelled domain', () => {
    assert.equal(name('Tacoma Lutheran Church', 'https://tacomalutheran.org/'), 'Tacoma Lutheran Church');
    assert.equal(name('Millbrook Plumbing & Drains', 'https://millbrookplumbing.com/'), 'Millbrook Plumbing & Drains');
    assert.equal(name('Ortega Family Dental', 'https://ortegafamily.com/'), 'Ortega Family Dental');
  });

  it('cuts a description after the spelled domain', () => {
    assert.equal(name('Trailhive Lightweight Camping Gear', 'https://trailhive.com/'), 'Trailhive');
    assert.equal(name('Quillbase Modern Note Taking', 'https://quillbase.io/'), 'Quillbase');
  });
});

describe("the site's declared name over the words its domain spells", () => {
  const choose = (url: string, ...candidates: [string, 'json_ld' | 'open_graph' | 'title'][]) =>
    chooseName(
      candidates.map(([value, source]) => ({ value, source, whole: source !== 'title', title: source === 'title' })),
      url,
    )?.value ?? null;

  it('keeps one more word of a name two sources declare alike, over a shorter name the domain spells', () => {
    assert.equal(
      choose('https://blog.tidewater.dev/a', ['Tidewater Engineering', 'json_ld'], ['Tidewater Engineering', 'open_graph']),
      'Tidewater Engineering',
    );
    assert.equal(
      choose('https://fjordhaus.de/blog/a', ['Fjordhaus Energie', 'open_graph'], ['Warum Wärmepumpen – Fjordhaus Energie', 'title']),
      'Fjordhaus Energie',
    );
    assert.equal(
      choose('https://news.sky.com/story/a', ['Sky', 'json_ld'], ['Sky News', 'open_graph'], ['Mourinho agrees deal | UK News | Sky News', 'title']),
      'Sky News',
    );
  });

  it('never a section of the site, a name one source alone declares, or a description', () => {
    assert.equal(choose('https://acme.com/blog/a', ['Acme Blog', 'open_graph'], ['Ten tips | Acme Blog', 'title']), 'Acme');
    assert.equal(choose('https://tidewater.dev/a', ['Tidewater Engineering', 'open_graph']), 'Tidewater');
    assert.equal(
      choose('https://trailhive.com/', ['Trailhive Lightweight Camping Gear', 'open_graph'], ['Shop | Trailhive Lightweight Camping Gear', 'title']),
      'Trailhive',
    );
  });
});

describe('a part that reads as a sentence is never a name', () => {
  it('questions, how-to and numbered headlines, phrases in lower case', () => {
    for (const part of [
      'Is a four-day week right for your team?',
      'How to Brew Better Coffee at Home',
      '10 Ways to Cut Your Cloud Bill',
      'lessons learned from a decade of bootstrapping',
      'We fix leaks fast!',
    ])
      assert.ok(readsAsSentence(part), part);
  });
  it('names with joining words in lower case, or brands spelled in camel case', () => {
    for (const part of [
      'Bed Bath and Beyond',
      'Society for the Prevention of Cruelty to Animals',
      'Doctors without Borders',
      'eBay Motors',
      'Harbor & Pine Studio',
      'bol.com',
    ])
      assert.ok(!readsAsSentence(part), part);
  });
  it('a title whose last part is a question gives the brand that opens it', () => {
    assert.deepEqual(
      chooseName(
        [{ value: 'Brightwork HR | Is a four-day week right for your team?', source: 'title', whole: false, title: true }],
        'https://brightworkpeople.com/',
      ),
      { value: 'Brightwork HR', source: 'title' },
    );
  });
});

describe('the declared name over the words the domain spells', () => {
  it('keeps up to three words before a kind of organisation', () => {
    assert.equal(name('Riverton University Medical Center', 'https://riverton.edu/news'), 'Riverton University Medical Center');
    assert.equal(name('Riverton Custom Ultralight Packs', 'https://riverton.com/'), 'Riverton');
  });

  it('never takes a handle as the name, and reads a title part after a number', () => {
    assert.equal(
      chooseName(
        [
          { value: '@factline', source: 'open_graph', whole: true },
          { value: 'What is it? | Factline West Virginia', source: 'title', whole: false, title: true },
        ],
        'https://www.factline.com/a',
      )?.value,
      'Factline',
    );
    assert.equal(
      chooseName(
        [{ value: 'A Book: Lee, Ann: 9780735211292: Shopmart.com: Books', source: 'title', whole: false, title: true }],
        'https://www.shopmart.com/dp/1',
      )?.value,
      'Shopmart.com',
    );
  });
});
