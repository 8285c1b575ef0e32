/**
 * The people of a page as its text writes them: bylines on their own line or written out, several
 * authors, author boxes, signatures and the site's own people quoted; and what is never a person
 * (accounts, job titles, organisations, products, authors of listed works).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPage } from '../../../../engines/contacts/page.ts';
import { looksLikePersonName, roleInText } from '../../../../engines/contacts/people.ts';

const people = (html: string, url = 'https://quillandpress.com/stories/one') =>
  readPage(`<html><head><meta property="og:site_name" content="Quill and Press"></head><body>${html}</body></html>`, url, { teamPage: false }).people.map(
    ({ name, role, email }) => [name, role, email],
  );

describe('people in bylines as the text writes them', () => {
  it('reads the name on the line after a lone "By", with the title on the line after it', () => {
    assert.deepEqual(
      people(
        '<article><p>Text of the story.</p><section><span class="x">By</span></section><section><a href="/people/rosa">Rosa Lindqvist</a></section><section>Staff Writer</section></article>',
      ),
      [['Rosa Lindqvist', 'Staff Writer', null]],
    );
  });

  it('reads written-out bylines, each author of several, and an address in brackets', () => {
    assert.deepEqual(people('<p>Compiled by Henrik Alvarez and Mei Sato</p>'), [
      ['Henrik Alvarez', null, null],
      ['Mei Sato', null, null],
    ]);
    assert.deepEqual(people('<p>Updated by: Leila Haddad | 3 May 2025</p>'), [['Leila Haddad', null, null]]);
    assert.deepEqual(people('<p>By: Oskar Nilsen (oskar@quillandpress.com)</p>'), [['Oskar Nilsen', null, 'oskar@quillandpress.com']]);
  });

  it('reads the author box under its heading and a signature with a title', () => {
    assert.deepEqual(people('<div><h3>The Author</h3><p>Beatriz Monteiro</p><p>Science Correspondent</p></div>'), [
      ['Beatriz Monteiro', 'Science Correspondent', null],
    ]);
    assert.deepEqual(people('<article><p>That is all for this week.</p><p>– Colin Varga, Managing Editor</p></article>'), [
      ['Colin Varga', 'Managing Editor', null],
    ]);
  });

  it("takes a quoted person when the company named is the site's own, never another company's", () => {
    assert.deepEqual(people('<blockquote>“We grew.”<cite>Ines Carvalho, Founder, Quill and Press</cite></blockquote>'), [['Ines Carvalho', 'Founder', null]]);
    assert.deepEqual(people('<blockquote>“Great service.”<cite>Paul Grant, CTO, Ridgeway Freight</cite></blockquote>'), []);
  });

  it('never reads commenters or the authors of listed books as people of the site', () => {
    assert.deepEqual(people('<div class="comments"><div class="comment"><p>By Greta Holm</p></div></div>'), []);
    assert.deepEqual(people('<ul class="books"><li><h3>A Title</h3><span class="author">by Ruth Okonkwo</span></li></ul>'), []);
  });

  it('strips a "By" glued to the name', () => {
    assert.deepEqual(people('<div class="author"><span>By</span><a href="/a/x">Petra Novak</a></div>'), [['Petra Novak', null, null]]);
  });
});

describe('what is not a person', () => {
  it('refuses accounts, job titles, organisations and products', () => {
    for (const text of [
      'Qnp WP',
      'QNP WP',
      'SEO Copywriter',
      'Content Marketer',
      "Elmwood Farmer's Market",
      'ZETA Robotics',
      'Microsoft Teams',
      'Google Meet',
      'Hilltop Bakery',
    ])
      assert.equal(looksLikePersonName(text), false, text);
    for (const text of ['Rosa Lindqvist', "Sean O'Brien", 'Anna van der Berg', 'JOHN SMITH']) assert.equal(looksLikePersonName(text), true, text);
  });

  it('keeps a title written after a name with its qualifiers', () => {
    assert.equal(roleInText('Dana Frost', 'Dana Frost, Contributing Editor, wrote this.'), 'Contributing Editor');
    assert.equal(roleInText('Dana Frost', 'by Dana Frost, Travel writer'), 'Travel writer');
    assert.equal(roleInText('Dana Frost', 'Dana Frost, and the editor agreed'), null);
  });
});
