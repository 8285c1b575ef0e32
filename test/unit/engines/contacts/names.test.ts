/**
 * What a person's name looks like: particles, initials, hyphens and accents are names; titles,
 * organisations, weekdays and words run together are not; a name as bylines and author links write it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeHangulName, looksLikePersonName, nameOf, titled } from '../../../../engines/contacts/names.ts';

describe('names in other scripts', () => {
  it('takes Cyrillic names as written, and Hangul names only as a surname and a given name', () => {
    assert.ok(looksLikePersonName('Венера Орлова'));
    assert.ok(looksLikePersonName('Дудина Виктория Петровна'));
    assert.ok(!looksLikePersonName('венера орлова'));
    assert.ok(looksLikeHangulName('김하늘') && looksLikeHangulName('남궁민수'));
    // A word of Hangul that opens with no surname, a compound surname alone, a long word: no name.
    for (const word of ['드라마', '남궁', '엔터테인먼트']) assert.ok(!looksLikeHangulName(word), word);
  });
});

describe('looksLikePersonName', () => {
  it('takes names with particles, initials, hyphens and accents', () => {
    for (const name of [
      'Jan de Vries',
      'María José de la Fuente',
      'Beatriz dos Santos',
      'Omar al-Masri',
      'J. R. Martínez',
      'Anne-Sophie Müller',
      'Siobhán Ní Bhriain',
      'Minh Do',
      'Ben Brubaker',
    ])
      assert.equal(looksLikePersonName(name), true, name);
  });

  it('refuses particles alone, titles, a weekday run into a name and two words run together', () => {
    for (const text of ['de la', 'Jan de', 'Managing Partner', 'Board Chair', 'Shipping Expert', 'Malcolm Owen Monday', 'Amanda FurrerUpdated'])
      assert.equal(looksLikePersonName(text), false, text);
    for (const name of ['Ronald McDonald', 'Leo DiCaprio', 'Douglas MacArthur']) assert.equal(looksLikePersonName(name), true, name);
  });

  it("refuses a call to action or a place finder's words, not the names they resemble", () => {
    for (const text of [
      'Building Clerk',
      'Deputy Registrar',
      'Find A Location',
      'Book An Appointment',
      'Schedule Online',
      'Shop Women',
      'Start Here',
      'Donate Now',
      'Nearest Branch',
    ])
      assert.equal(looksLikePersonName(text), false, text);
    for (const name of ['Chase Hunter', 'Grant Booker', 'Bookie Lane']) assert.equal(looksLikePersonName(name), true, name);
  });
});

describe('desks, site links and generations', () => {
  it('refuses a desk or a group that signs a byline, and the words of legal links', () => {
    for (const text of [
      'Staff Reports',
      'Team Tiger Data',
      'News Desk',
      'Metro Desk Reports',
      'Privacy Policy',
      'Terms of Use',
      'Cookie Settings',
      'Clemson News',
      'Counseling Psychologist',
    ])
      assert.equal(looksLikePersonName(text), false, text);
  });

  it('takes a name with its generation after it', () => {
    for (const name of ['W. James Antle III', 'Martin Luther King Jr.', 'Henry Ford II', 'Paramita (Guha) Ghosh'])
      assert.equal(looksLikePersonName(name), true, name);
    for (const text of ['Paramita (guha) Ghosh', 'Acme (Europe) Team', '(Guha) Ghosh']) assert.equal(looksLikePersonName(text), false, text);
    assert.equal(looksLikePersonName('III Jr.'), false);
  });
});

describe('nameOf', () => {
  it("reads the name out of an author link's words and a byline's trailing separator", () => {
    assert.equal(nameOf('View all posts by Luca Romano'), 'Luca Romano');
    assert.equal(nameOf('More from Luca Romano'), 'Luca Romano');
    assert.equal(nameOf('By Ana Sousa -'), 'Ana Sousa');
    assert.equal(nameOf('Sen. Dana Perle'), 'Dana Perle');
  });
});

describe('titled', () => {
  it('takes a title line, not a name or a sentence', () => {
    assert.equal(titled('Managing Partner'), 'Managing Partner');
    assert.equal(titled('Treasurer'), 'Treasurer');
    assert.equal(titled('North America CISO'), 'North America CISO');
    assert.equal(titled('Lead Tester'), 'Lead Tester');
    assert.equal(titled('More By This Contributor'), null);
    assert.equal(titled("news reporter'"), 'news reporter');
    assert.equal(titled('Jan de Vries'), null);
    assert.equal(titled('We advise family businesses on succession and tax matters across the region.'), null);
  });
});
