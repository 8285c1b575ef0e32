/**
 * The authors a page's markup declares: author metas the text shows, theme author elements (several
 * authors by their links), author archive and staff-page links; never a CMS account, a menu link, a
 * wire service's writers or someone else's part of the page.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import { archiveAuthors, elementAuthors, listedNames, metaAuthors, type AuthorScope } from '../../../../engines/contacts/authors.ts';

const base = 'https://tidewater.dev/post';
const read = (html: string) => {
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  const text = document.body.textContent ?? '';
  const scope: AuthorScope = {
    shows: (name) => text.includes(name),
    own: (name) => name === 'Tidewater',
    theirs: (element) => !!element.closest('.comments'),
    sitePath: (href) => {
      const url = new URL(href ?? '', base);
      return url.hostname === 'tidewater.dev' ? url.pathname : null;
    },
  };
  return { document: document as unknown as Document, scope };
};
const names = (authors: { name: string }[]) => authors.map(({ name }) => name);

describe('listedNames', () => {
  it('splits a byline of several authors and refuses a wire story', () => {
    assert.deepEqual(listedNames('By Dana Whitaker and Omar al-Masri'), ['Dana Whitaker', 'Omar al-Masri']);
    assert.deepEqual(listedNames('Freya Lindgren, Tomás O’Neill & Ivo Braun'), ['Freya Lindgren', 'Tomás O’Neill', 'Ivo Braun']);
    assert.deepEqual(listedNames('By ROBERT BURNS, AP National Security Writer'), []);
    assert.deepEqual(
      listedNames('By Rob Burns, Reuters', (name) => name === 'Reuters'),
      ['Rob Burns'],
    );
  });
});

describe('metaAuthors', () => {
  it("reads author metas and Yoast's Written by when the text shows the name, never a URL or an account", () => {
    const { document, scope } = read(
      '<meta name="parsely-author" content="Dana Whitaker"><meta property="article:author" content="https://www.facebook.com/tidewater"><meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Inès Dubois, Kwame Mensah"><meta name="author" content="Tide Admin"><p>Dana Whitaker, Inès Dubois and Kwame Mensah</p>',
    );
    assert.deepEqual(names(metaAuthors(document, scope)), ['Dana Whitaker', 'Inès Dubois', 'Kwame Mensah']);
  });

  it("reads cXense's author meta", () => {
    const { document, scope } = read('<meta property="cXenseParse:author" content="Harriet Rabin"><p>Harriet Rabin</p>');
    assert.deepEqual(names(metaAuthors(document, scope)), ['Harriet Rabin']);
  });

  it('reads twitter:data1 only under a "Written by" label', () => {
    const { document, scope } = read(
      '<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="Four Minutes"><p>Four Minutes</p>',
    );
    assert.deepEqual(metaAuthors(document, scope), []);
  });
});

describe('elementAuthors', () => {
  it('reads each linked author of one author element, and a theme byline with its separator', () => {
    const { document, scope } = read(
      '<h4 class="author-name"><a href="/author/ines/">Inès Dubois</a>, <a href="/author/kwame/">Kwame Mensah</a></h4><div class="td-post-author-name"><div class="td-author-by">By</div> <a href="/author/ana/">Ana Sousa</a> - </div>',
    );
    assert.deepEqual(names(elementAuthors(document, scope)), ['Inès Dubois', 'Kwame Mensah', 'Ana Sousa']);
  });

  it('takes a title line of a bio as the role, never a page-wide element or a commenter', () => {
    const { document, scope } = read(
      '<div class="author-box"><span class="author-name">Sofia Marin</span><p class="author-bio">Revenue Operations Lead</p></div><div class="comments"><span class="author-name">Hollis Grant</span></div>',
    );
    assert.deepEqual(elementAuthors(document, scope)[0], { name: 'Sofia Marin', role: 'Revenue Operations Lead' });
    assert.ok(!names(elementAuthors(document, scope)).includes('Hollis Grant'));
    const page = parseHTML('<html><body class="show-author-name"><p>Product Kit</p></body></html>');
    assert.deepEqual(elementAuthors(page.document as unknown as Document, scope), []);
  });
});

describe('archiveAuthors', () => {
  it("reads links to the site's author archives and staff pages that spell the name", () => {
    const { document, scope } = read(
      '<p><a href="/author/kwame/">Kwame Mensah</a> <a href="/journal?author=5f2c">Hiro Takahashi</a> <a href="/team/lars-ostergaard">Lars Østergaard</a></p>',
    );
    assert.deepEqual(names(archiveAuthors(document, scope)), ['Kwame Mensah', 'Hiro Takahashi', 'Lars Østergaard']);
  });

  it("reads a school's or a practice's directory of its teachers: each card a link to the person's page", () => {
    const cards = ['Dana Wilde', 'Elio Passer', 'Mara Strand']
      .map((name) => `<div class="carousel-item"><a href="/teachers/${name.toLowerCase().replace(' ', '-')}"><h3>${name}</h3><figure></figure></a></div>`)
      .join('');
    const { document, scope } = read(
      `<section><p>Learn from real designers</p>${cards}<a href="/faculty/olive-grant">Olive Grant</a><a href="/teachers/apply">Rosa Lind</a></section>`,
    );
    assert.deepEqual(names(archiveAuthors(document, scope)), ['Dana Wilde', 'Elio Passer', 'Mara Strand', 'Olive Grant']);
  });

  it("never reads a menu, a staff path that does not spell the name, or another site's archive", () => {
    const { document, scope } = read(
      '<div class="menu"><a href="/author/kwame/">Kwame Mensah</a></div><p><a href="/team/careers">Olive Grant</a> <a href="https://medium.com/author/x">Rosa Lind</a></p>',
    );
    assert.deepEqual(archiveAuthors(document, scope), []);
  });

  it("reads a menu's list of the site's writers (at least two author archives), never a menu's sections", () => {
    const { document, scope } = read(
      '<nav><ul><li>Opinion<ul><li><a href="/opinion/columnists">Columnists</a><ul><li><a href="/author/byron-yale">Byron Yale</a></li><li><a href="/author/salma-zito">Salma Zito</a></li></ul></li></ul></li><li><a href="/author/ines-d">Inès Dubois</a></li><li><a href="/news">News</a></li></ul></nav>',
    );
    assert.deepEqual(names(archiveAuthors(document, scope)), ['Byron Yale', 'Salma Zito']);
  });

  it("reads each name once and at most a page's cap of authors from thousands of links", () => {
    const firsts = ['Ana', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jon', 'Kai', 'Lea', 'Mia', 'Noor', 'Omar'];
    const lasts = ['Ross', 'Stone', 'Tate', 'Voss', 'Wolfe', 'Young', 'Zane', 'Brook', 'Clay', 'Dunn'];
    const links = firsts.flatMap((first) => lasts.map((last) => `<a href="/author/${first}-${last}/">${first} ${last}</a>`.repeat(3)));
    const { document, scope } = read(`<p>${links.join(' ')}</p>`);
    const authors = names(archiveAuthors(document, scope));
    assert.equal(authors.length, 100);
    assert.equal(new Set(authors).size, 100);
  });
});

describe('archiveAuthors, round 5', () => {
  it("reads initials for a first name only where the archive's address spells the whole name, and a page-wide class is no menu", () => {
    const { document, scope } = read(
      '<div class="recipe-author">Recipe by <a href="/author/pj-hamel">PJ Hamel</a></div><p><a href="/author/hr-team">HR Manager</a></p>',
    );
    document.body.setAttribute('class', 'has-subnav');
    assert.deepEqual(names(archiveAuthors(document, scope)), ['PJ Hamel']);
    // The same initials without an archive spelling them are no name.
    const other = read('<p><a href="/author/12">PJ Hamel</a></p>');
    assert.deepEqual(names(archiveAuthors(other.document, other.scope)), []);
  });
});

describe('author archives in the languages sites name them', () => {
  it("reads links to /autor/, /auteur/, /reporter/ archives whose text is a name, not /by/ links (a related story's) nor a desk", () => {
    const { document, scope } = read(
      '<p><a href="/autor/lena-vogt">Lena Vogt</a> · <a href="/auteur/marc-dubois/">Marc Dubois</a> · <a href="/reporter/kim-lee">Kim Lee</a> · <a href="/by/ana-ruiz">Ana Ruiz</a> · <a href="/autor/sport">Sport Desk</a></p>',
    );
    assert.deepEqual(names(archiveAuthors(document, scope)), ['Lena Vogt', 'Marc Dubois', 'Kim Lee']);
  });
});
