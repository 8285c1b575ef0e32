/**
 * The people of a page as its text writes them: bylines on their own line or written out, several
 * authors, author boxes, signatures and the site's own people quoted; and what is never a person
 * (accounts, job titles, organisations, products, authors of listed works).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPage } from '../../../../engines/contacts/page.ts';
import { looksLikePersonName } from '../../../../engines/contacts/names.ts';
import { roleInText } from '../../../../engines/contacts/people.ts';

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

describe('bylines and attributions of the held-out layouts', () => {
  it('reads "Edited by" and "Reviewed by" on their own lines, names without degrees or titles', () => {
    assert.deepEqual(people('<div><span>Edited by</span><div>Marta Kowalski</div><span>Reviewed by</span><div>Owen Reyes, CPA</div></div>'), [
      ['Marta Kowalski', null, null],
      ['Owen Reyes', null, null],
    ]);
    assert.deepEqual(people('<p>Authored by: Dr. Lena Fischer</p>'), [['Lena Fischer', null, null]]);
    assert.deepEqual(people('<div><span>By</span><div><button>Ana Lima, Ph.D.</button></div></div>'), [['Ana Lima', null, null]]);
  });

  it('reads a byline whose date follows a comma, and cuts it at its bracketed address', () => {
    assert.deepEqual(people('<p>By Ruth Adeyemi on Monday, November 18th, 2019 at 11:04 a.m.</p>'), [['Ruth Adeyemi', null, null]]);
    assert.deepEqual(people('<p>Edited by Tomas Berg Lund (tomas@quillandpress.com)Copyrights and licenses.</p>'), [
      ['Tomas Berg Lund', null, 'tomas@quillandpress.com'],
    ]);
  });

  it("still refuses a signed line of another organisation's person", () => {
    assert.deepEqual(people('<span>By Paul Marsh, Chief Technology Officer, Ridgeway Freight •</span><span>Nov. 17, 2025</span>'), []);
  });

  it('reads the FAQ page of the site as its own page, not a discussion', () => {
    const faq = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Why?', acceptedAnswer: { '@type': 'Answer', text: 'Because.' } }] })}</script>`;
    assert.deepEqual(people(`${faq}<p>By Nadia Haddad</p>`), [['Nadia Haddad', null, null]]);
  });

  it("takes the name an author box's bio opens with", () => {
    assert.deepEqual(
      people('<div><h3>About the Author</h3><p>Dr. Samir Patel is a board-certified spine surgeon who trained in Boston.</p><p>Featured Resources</p></div>'),
      [['Samir Patel', null, null]],
    );
  });

  it("reads a related story's byline over its date, never a menu item over a date", () => {
    assert.deepEqual(people('<div><h3>Another story</h3><div>Irene Castillo</div><span>•</span><span>4 min read</span></div>'), [
      ['Irene Castillo', null, null],
    ]);
    assert.deepEqual(people('<div><p>Emeka Obi</p><p>#Cloud Computing</p><p>Published on Oct 21, 2025</p></div>'), [['Emeka Obi', null, null]]);
    assert.deepEqual(people('<ul><li>Free Trial</li><li>Customers</li></ul><p>October 26, 2025</p>'), []);
  });

  it('takes the title on the line under a name, or in a bio', () => {
    assert.deepEqual(
      people(
        '<div><p>Written by</p><p>Jack Morrow</p><p>Hi! I run the agency.</p></div><div><p>Jack Morrow</p><p>Co-Founder &amp; Marketing Director</p></div>',
      ),
      [['Jack Morrow', 'Co-Founder & Marketing Director', null]],
    );
    assert.equal(roleInText('Lou Mason', 'Lou Mason is a Staff Writer at Quill and Press covering security.'), 'Staff Writer');
    assert.equal(roleInText('Lou Mason', 'Lou Mason is the Senior Editor of Quill Toys.'), 'Senior Editor');
    assert.equal(roleInText('Lou Mason', 'Lou Mason is a keen runner.'), null);
  });

  it("takes a person whose title the text ties to the site's organisation, never another's", () => {
    assert.deepEqual(people('<p>“It matters,” says Andrea Neumann, Head of Platform Solutions for Quill and Press.</p>'), [
      ['Andrea Neumann', 'Head of Platform Solutions', null],
    ]);
    assert.deepEqual(
      people(
        '<p>“We are glad,” said Avi Rosen, CEO and founder of Quill and Press. “So are we,” said Ivo Braun, Quill and Press’s new Chief Strategy Officer.</p>',
      ),
      [
        ['Avi Rosen', 'CEO and founder', null],
        ['Ivo Braun', 'Chief Strategy Officer', null],
      ],
    );
    assert.deepEqual(people('<p>“Yes,” said lead author Clara B. Hoyt, MD, associate professor in Quill and Press’s Department of Letters.</p>'), [
      ['Clara B. Hoyt', 'associate professor', null],
    ]);
    assert.deepEqual(people('<h1>Introducing Junior Baptiste, New CEO at Quill and Press</h1>'), [['Junior Baptiste', 'CEO', null]]);
    assert.deepEqual(people('<p>“Good,” adds Olivier Brun, General Manager of Europe at Ridgeway Freight.</p>'), []);
  });

  it("takes a title and name after the site's organisation, its initials or its name's first word", () => {
    const lantern = (html: string) =>
      readPage(
        `<html><head><meta property="og:site_name" content="Lantern Heart Foundation"></head><body>${html}</body></html>`,
        'https://lanternheart.org/a',
        {
          teamPage: false,
        },
      ).people.map(({ name, role }) => [name, role]);
    assert.deepEqual(lantern('<p>As longtime Lantern contributor Erin Walsh explains, proofs were rare.</p>'), [['Erin Walsh', 'contributor']]);
    assert.deepEqual(lantern('<p>A plan by LHF Senior Dietitian Tara Quinn for two.</p>'), [['Tara Quinn', 'Senior Dietitian']]);
    assert.deepEqual(lantern('<p>Writer Sheila Hart gives an account, says Google CEO Sundar Pichai.</p>'), []);
  });

  it('keeps the name a byline runs into the next words beside the name itself', () => {
    const html = '<html><head><meta name="author" content="Hari Vohra"></head><body><div>by Hari Vohra Global Commons May 2nd 2025</div></body></html>';
    assert.deepEqual(
      readPage(html, 'https://earthwatch.org/a').people.map(({ name }) => name),
      ['Hari Vohra'],
    );
  });

  it("never takes meta author or a JSON-LD article author the page's text does not show", () => {
    const ldAuthor = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'News', author: { '@type': 'Person', name: 'Yanis Schubert' } })}</script>`;
    const html = (body: string) => `<html><head><meta name="author" content="Nikolas C Stavros">${ldAuthor}</head><body>${body}</body></html>`;
    assert.deepEqual(readPage(html('<p>Our news.</p>'), 'https://acme.io/news/1').people, []);
    assert.deepEqual(
      readPage(html('<p>Posted by the desk.</p><p>Yanis Schubert and Nikolas C Stavros report.</p>'), 'https://acme.io/news/1').people.map(({ name }) => name),
      ['Yanis Schubert', 'Nikolas C Stavros'],
    );
  });

  it('reads Junior as a first name and "Junior Developer" as a title', () => {
    assert.equal(looksLikePersonName('Junior Baptiste'), true);
    assert.equal(looksLikePersonName('Junior Developer'), false);
    assert.equal(looksLikePersonName('Senior Partner'), false);
    assert.equal(looksLikePersonName('Featured Resources'), false);
  });
});

describe('teams as tables, term lists and lines with separators', () => {
  const team = (html: string) =>
    readPage(`<html><head><meta property="og:site_name" content="Quill and Press"></head><body>${html}</body></html>`, 'https://quillandpress.com/about', {
      teamPage: true,
    }).people.map(({ name, role, email }) => [name, role, email]);

  it("reads a staff table's rows and a list of terms, never a table of organisations", () => {
    assert.deepEqual(
      team(
        '<table><tr><th>Name</th><th>Title</th></tr><tr><td>Greta Olsen</td><td>Executive Director</td></tr><tr><td>J. R. Martínez</td><td>Finance Manager</td></tr></table><table><tr><td>Riverbend Food Pantry</td><td>Hunger relief</td></tr></table>',
      ),
      [
        ['Greta Olsen', 'Executive Director', null],
        ['J. R. Martínez', 'Finance Manager', null],
      ],
    );
    assert.deepEqual(team('<dl><dt>Helen Cartwright</dt><dd>Board Chair</dd><dt>Ahmed Bin Rashid</dt><dd>Treasurer</dd></dl>'), [
      ['Helen Cartwright', 'Board Chair', null],
      ['Ahmed Bin Rashid', 'Treasurer', null],
    ]);
  });

  it('reads "Name — Role", "Name | Role" and "Name, Role" lines, and a title beside a card\'s address link', () => {
    assert.deepEqual(team('<ul><li><strong>Jan de Vries</strong> — Managing Partner</li><li><strong>Kofi Boateng</strong>, Paralegal</li></ul>'), [
      ['Jan de Vries', 'Managing Partner', null],
      ['Kofi Boateng', 'Paralegal', null],
    ]);
    assert.deepEqual(
      team(
        '<div><h4>Naomi Fairweather</h4><p>Lettings Manager<br><a href="mailto:naomi@quillandpress.com">naomi@quillandpress.com</a></p></div><div><h4>Declan Rourke</h4><p>Maintenance Coordinator<br><a href="mailto:declan@quillandpress.com">declan@quillandpress.com</a></p></div>',
      ),
      [
        ['Naomi Fairweather', 'Lettings Manager', 'naomi@quillandpress.com'],
        ['Declan Rourke', 'Maintenance Coordinator', 'declan@quillandpress.com'],
      ],
    );
  });

  it('never reads a testimonial card or a title at another organisation as the team', () => {
    assert.deepEqual(
      team(
        '<div class="card"><p>“They made a hard transition feel simple.”</p><p><strong>Eva Jansen</strong></p><p>Owner, Jansen Bakeries</p></div><div class="card"><h4>Samuel Osei</h4><span>CTO at Pillarworks</span></div><div class="card"><h4>Lena Fischer</h4><span>Head of Operations at Brightmoor</span></div>',
      ),
      [],
    );
  });

  it('reads a team under a heading that speaks of our people on any page', () => {
    assert.deepEqual(
      people(
        '<section><h2>Get in touch with our team</h2><div><h4>Wen Li</h4><p>Accounts Manager</p></div><div><h4>Rosa Lind</h4><p>Lettings Manager</p></div></section>',
      ),
      [
        ['Wen Li', 'Accounts Manager', null],
        ['Rosa Lind', 'Lettings Manager', null],
      ],
    );
  });
});

describe('credits, titles and the people of other organisations', () => {
  it('reads credits inside a sentence, "Additional reporting by" and the title after a byline\'s separator', () => {
    assert.deepEqual(
      people(
        '<p>By Ruth Okafor | Senior Reporter</p><p>Additional reporting by Kenji Watanabe and Alice Brennan.</p><p>This story was edited by Yusuf Demir.</p>',
      ),
      [
        ['Ruth Okafor', 'Senior Reporter', null],
        ['Kenji Watanabe', null, null],
        ['Alice Brennan', null, null],
        ['Yusuf Demir', null, null],
      ],
    );
  });

  it("reads a title the site's organisation gives a name, and a bio's possessive title", () => {
    assert.deepEqual(people("<p>Bubble wrap keeps the frost out. Quill's head grower Ana Sousa swears by it.</p>"), [['Ana Sousa', 'head grower', null]]);
    assert.equal(roleInText('Amara Nwosu', "Amara Nwosu is Northlight Review's fiction editor."), 'fiction editor');
  });

  it("refuses a wire service's byline, another organisation's writer and a signed title at another organisation", () => {
    assert.deepEqual(people('<p>By Jane Roe, Associated Press</p><p>By Tom Krisher, AP Auto Writer</p><p>By Lea Marsh, Ridgeway Press</p>'), []);
    assert.deepEqual(people('<p>“We cut review prep to two hours.”</p><p>— Mark Ellis, Operations Director at Kestrel Freight</p>'), []);
    const agency =
      '<html><head><script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"Reuters"}}</script></head><body><p>By Rob Burns, Reuters</p></body></html>';
    assert.deepEqual(
      readPage(agency, 'https://www.reuters.com/world/a').people.map(({ name }) => name),
      ['Rob Burns'],
    );
    assert.deepEqual(readPage(agency, 'https://www.ctpost.com/news/a').people, []);
  });

  it('refuses the author of a reviewed book, in the byline and in the author box, and keeps the reviewer', () => {
    const review = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Review', itemReviewed: { '@type': 'Book', name: 'The Salt Road', author: { '@type': 'Person', name: 'Imogen Hale' } }, author: { '@type': 'Person', name: 'Amara Nwosu' } })}</script>`;
    assert.deepEqual(people(`${review}<p class="byline">By Amara Nwosu</p><h2>About the Author</h2><p>Imogen Hale is the author of two novels.</p>`), [
      ['Amara Nwosu', null, null],
    ]);
  });

  it('reads an RDFa Person as the article author, never the author of a cited book', () => {
    assert.deepEqual(
      people(
        '<div vocab="https://schema.org/" typeof="BlogPosting"><div property="author" typeof="Person"><span property="name">Mateus Oliveira</span>, <span property="jobTitle">Research Fellow</span></div><p><span property="citation" typeof="Book"><span property="name">Soils</span> by <span property="author" typeof="Person"><span property="name">Helmut Krause</span></span></span></p></div>',
      ),
      [['Mateus Oliveira', 'Research Fellow', null]],
    );
  });
});

describe('personal sites and authors declared as organisations', () => {
  const ld = (graph: unknown) => `<script type="application/ld+json">${JSON.stringify(graph)}</script>`;

  it("reads an article author given as an Organization with a person's name", () => {
    const html = `<html><head><meta name="author" content="Randall Thorne">${ld({ '@context': 'https://schema.org', '@type': 'Article', author: { '@type': 'Organization', name: 'Randall Thorne' }, publisher: { '@type': 'Organization', name: 'GardenWithUs' } })}</head><body><p class="article-author">By <a href="/author/randy/">Randall Thorne</a></p></body></html>`;
    assert.deepEqual(
      readPage(html, 'https://gardenwith.us/articles/clematis').people.map(({ name }) => name),
      ['Randall Thorne'],
    );
  });

  it('reads the owner of a personal site typed Person and Organization, never a business named as a Person or an Organization', () => {
    const html = (name: string, type: string | string[]) =>
      `<html><head><meta property="og:site_name" content="${name}">${ld({ '@context': 'https://schema.org', '@graph': [{ '@type': type, name }] })}</head><body><p>By ${name}</p></body></html>`;
    assert.deepEqual(
      readPage(html('Polly Brooks', ['Person', 'Organization']), 'https://pollybrooks.com/blog/zero-waste').people.map(({ name }) => name),
      ['Polly Brooks'],
    );
    assert.deepEqual(readPage(html('Gym Provisions', 'Organization'), 'https://gymprovisions.com/blog/a').people, []);
    assert.deepEqual(readPage(html('Block Renovation', 'Person'), 'https://blockrenovation.com/guides/a').people, []);
  });
});

describe('round 3: guests, sentences, products and bylines of more layouts', () => {
  it('refuses a byline written with a public office (a guest of another organisation), unless the site is a government', () => {
    const page =
      '<article><p>By <a href="/author/jo-park">Jo Park</a></p></article><aside><h5><a href="/opinion/op-eds/x">Taxes are too high</a></h5><div><a href="/author/dana-perle">Sen. Dana Perle</a></div><time>Nov 20, 2019</time></aside>';
    assert.deepEqual(people(page), [['Jo Park', null, null]]);
    assert.deepEqual(
      people(page, 'https://perle.senate.gov/news/x').map(([name]) => name),
      ['Jo Park', 'Dana Perle'],
    );
  });

  it('never reads a sentence opening with "By" as a byline, nor a product\'s maker over its price', () => {
    assert.deepEqual(people('<p>By checking out, you agree to our Terms of Use and Privacy Policy.</p>'), []);
    assert.deepEqual(
      people('<ul><li><p>Altieri Loveseat Sofa</p><p>By Winston Porter</p><p>(33)</p><p>$359.99 was $817.60</p><p>Add to Cart</p></li></ul>'),
      [],
    );
  });

  it('reads "Tested by", "Contributors:", "Article by" and a line broken by <br>, on a post whose categories say "reviews"', () => {
    assert.deepEqual(
      people(
        '<article class="post category-kit-reviews tag-book"><p><strong>Tested by:</strong> Johan Milne <strong>RRP:</strong> £40 <strong>More info:</strong> example.net</p></article>',
      ),
      [['Johan Milne', null, null]],
    );
    assert.deepEqual(people('<div><strong>Contributors:</strong> Janet Loury</div>'), [['Janet Loury', null, null]]);
    assert.deepEqual(people('<h2>Article by</h2><div>Matias Heikka</div>'), [['Matias Heikka', null, null]]);
    assert.deepEqual(
      people('<table><tr><td><center><h1>Survival Guide</h1><p>by Jonas Foster\n-\n2025-09-13<br>Updated: 2025-09-13</p></center></td></tr></table>'),
      [['Jonas Foster', null, null]],
    );
  });

  it('reads an expert box, a broadcast credit and a credit whose title names a department', () => {
    assert.deepEqual(people('<div><h2>About Our Expert</h2><h3>Zack Cuevo</h3><h4>Writer, Hardware</h4></div>'), [['Zack Cuevo', 'Writer, Hardware', null]]);
    assert.deepEqual(people('<p>The FBI is joining the investigation into incidents on campus. Adriana Diez reports.</p>'), [['Adriana Diez', null, null]]);
    assert.deepEqual(people('<ul><li>Stripe Sigma Custom reports</li></ul>'), []);
    assert.deepEqual(people('<div class="author-bio">This post was written by Danielle Padua, Head of Marketing and Community Development</div>'), [
      ['Danielle Padua', 'Head of Marketing and Community Development', null],
    ]);
  });

  it("reads a quote's attribution whose title is followed by the site's own organisation, never another's", () => {
    assert.deepEqual(
      people(
        '<p><em>“You can meet regional providers.”</em> – <a href="https://www.linkedin.com/in/dg">David Gracen</a>, Founder &amp; President, Quill and Press</p>',
      ),
      [['David Gracen', 'Founder & President', null]],
    );
    assert.deepEqual(people('<p><em>“You can meet regional providers.”</em> – David Gracen, Founder &amp; President, Harbor Logic</p>'), []);
  });

  it('reads a team under a "Get in touch" heading, its titles without the site\'s own organisation', () => {
    const card = (name: string, title: string) =>
      `<div class="promo"><div class="content"><h4 class="promo__name"><a href="/about/people/${name.split(' ')[0]}.html">${name}</a></h4><div class="promo__title">${title}</div></div></div>`;
    const html = `<div class="container"><div class="author"><div class="intro"><div class="title-v2"><div class="cmp-title"><h3><span>Get in touch</span></h3></div></div></div></div><div class="swiper">${card('Ashok Patel', 'Principal | Data Practice Leader')}${card('Rick Whitman', 'Managing Director, AI Engineering | Quill and Press LLP')}</div></div>`;
    assert.deepEqual(people(html), [
      ['Ashok Patel', 'Principal | Data Practice Leader', null],
      ['Rick Whitman', 'Managing Director, AI Engineering', null],
    ]);
  });

  it("reads a personal site's owner declared as the article's author, never an organisation named in the markup as its author", () => {
    const ld = (author: unknown) =>
      `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Ten books', author })}</script>`;
    const page = (head: string, url: string) =>
      readPage(
        `<html><head>${head}</head><body><article><p>Text of the post.</p></article><footer>Cathy Horvath retains the copyright.</footer></body></html>`,
        url,
      ).people.map(({ name }) => name);
    assert.deepEqual(page(ld({ '@type': 'Person', name: 'Cathy Horvath' }), 'https://cathyhorvath.com/blogs/a'), ['Cathy Horvath']);
    assert.deepEqual(page(`<meta property="og:site_name" content="Rick Stevens">${ld('Rick Stevens')}`, 'https://www.rickstevens.com/tips/a'), [
      'Rick Stevens',
    ]);
    assert.deepEqual(
      page(
        '<meta property="og:type" content="article"><meta property="og:site_name" content="WIRED"><meta name="author" content="Conde Nast"><meta name="copyright" content="Copyright (c) Conde Nast 2019">',
        'https://www.wired.com/story/a',
      ),
      [],
    );
    assert.deepEqual(page(ld({ '@type': 'Person', name: 'Cathy Horvath' }), 'https://artblog.com/blogs/a'), []);
    // A business written as its own article's Person author, beside its Organization node.
    const business = `<meta property="og:site_name" content="Block Remodel"><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', author: { '@type': 'Person', name: 'Block Remodel' }, publisher: { '@type': 'Organization', name: 'Block Remodel' } })}</script>`;
    assert.deepEqual(page(business, 'https://www.blockremodel.com/guides/a'), []);
  });
});

describe('round 4: directories, credits, flat cards and guards of more layouts', () => {
  const page = (body: string, url = 'https://quillandpress.com/stories/one', bodyClass = '') =>
    readPage(`<html><head><meta property="og:site_name" content="Quill and Press"></head><body class="${bodyClass}">${body}</body></html>`, url).people.map(
      ({ name, role }) => [name, role],
    );

  it("reads an author box on a page whose <body> carries feature flags ('replies', 'reviewbox'), never a comment inside it", () => {
    const html =
      '<article><p>Text of the story.</p></article><div><h4>About the author</h4><div><a href="/u/ace">Noor Haddad</a></div><p>Senior editor at Quill and Press.</p></div><div class="comment"><p>By Rex Holm</p></div>';
    assert.deepEqual(page(html, undefined, 'blog f_avoid_index_replies_on f_reviewbox_alignment_on'), [['Noor Haddad', 'Senior editor']]);
  });

  it('never reads the source of a script as a line of the wrapper that holds it', () => {
    const strings = JSON.stringify({ business: 'Quill and Press Korea CEO Rhea Tamm | Registration number 2011' });
    assert.deepEqual(page(`<div id="wrapper"><span>Quill and Press</span><script>window.strings = ${strings}</script></div>`), []);
    assert.deepEqual(page('<div><p>Quill and Press CEO Rhea Tamm opened the store.</p></div>'), [['Rhea Tamm', 'CEO']]);
  });

  it("reads a related story's byline over a numeric or weekday date, never a partner outlet's teaser", () => {
    const teaser = (href: string, outlet: string, title: string, name: string, time: string) =>
      `<a href="${href}"><div><strong>${outlet}</strong></div><h4>${title}</h4><div><div><strong>${name}</strong></div><time>${time}</time></div></a>`;
    const html = `<article><p>Text of the story.</p></article><section><h3>You may also like</h3>${teaser('https://quillandpress.com/a-1', 'Quill and Press', 'Rules of the road', 'Tomas Kerr', 'Monday 10:00PM')}${teaser('https://www.otheroutlet.com/b-2', 'Other Outlet', 'Taxes again', 'Mikael Harr', 'Monday 3:00PM')}</section><ul><li><a href="/p/1">Gadgets Go Small</a></li><li>Adela Cruz</li><li>11/13/19 11:00AM</li></ul>`;
    assert.deepEqual(page(html), [
      ['Tomas Kerr', null],
      ['Adela Cruz', null],
    ]);
  });

  it("never reads a menu's item as a byline ('By Any Means Necessary' among the shows), nor a partner outlet's broadcast credit", () => {
    const shows = ['Brave New World', 'By Any Means Necessary', 'Double Down', 'Fault Lines']
      .map((show) => `<li><a href="/radio/${show.length}">${show}</a></li>`)
      .join('');
    assert.deepEqual(page(`<div class="level2"><ul>${shows}</ul></div><p>By Finn Carrick</p>`), [['Finn Carrick', null]]);
    const dek = (href: string) =>
      `<article><a href="${href}"><h4>FBI at the campus</h4><p class="dek">The FBI is joining the investigation. Adriana Dias reports.</p><span>8H ago</span></a></article>`;
    assert.deepEqual(page(dek('/video/fbi')), [['Adriana Dias', null]]);
    assert.deepEqual(page(dek('https://www.otheroutlet.com/video/fbi')), []);
  });

  it('refuses a schedule\'s words as a name over its time ("Tuesdays Evenings" / "7:00pm")', () => {
    assert.deepEqual(page('<ul><li><p>Tuesdays Evenings</p><p>Monday 7:00pm</p></li></ul>'), []);
  });

  it("reads a photo credit for the site, never an agency's, a stock site's or a courtesy", () => {
    const figure = (credit: string) =>
      `<article><p>Text of the story.</p><figure><img src="a.jpg"><figcaption><span>${credit}</span></figcaption></figure></article>`;
    assert.deepEqual(page(figure('Photo: Connie Parks')), [['Connie Parks', null]]);
    assert.deepEqual(page(figure('Photography by Maren Solvik.')), [['Maren Solvik', null]]);
    assert.deepEqual(page(figure('Photo: Marko Willms/Quill and Press')), [['Marko Willms', null]]);
    assert.deepEqual(page(figure('Photo: Lena Parr for Quill and Press')), [['Lena Parr', null]]);
    for (const credit of [
      'Photo: Jane Roe/Getty Images',
      'Photo by Jane Roe on Unsplash',
      'Photo: courtesy of Harbor Logic',
      'Photo: AP Photo/Jane Roe',
      'Jane Roe/Getty Images',
    ])
      assert.deepEqual(page(figure(credit)), [], credit);
  });

  it("reads a press release's quote of the site's own executive titled without a preposition, never another firm's", () => {
    const html =
      '<article><p>Steve Mane, Senior Vice President of Sales for Harbor Logic, Inc., says: “Our new solution helps.”</p><p>Rob Gale, President Quill North America, says: “By collaborating, we can help hospitals.”</p></article>';
    assert.deepEqual(page(html), [['Rob Gale', 'President Quill North America']]);
    // A title with its preposition names another firm, whatever word of it the site's name shares.
    assert.deepEqual(page('<p>Rana Fadel, Director at Harbor Quill Group, explains how leaders can help.</p>'), []);
  });

  it('reads the staff of a "Contact Us" section written flat, each name a heading with its title and address after it', () => {
    const html =
      '<section><header><h3>Contact Us</h3></header><ol><li><h2><br></h2><h2>Jo Lawton</h2><p>Building Commissioner<br><a href="mailto:jlawton@quillandpress.com">Email</a></p><h2>Lori McCall</h2><p>Building Clerk<br><a href="mailto:clerk@quillandpress.com">Email</a></p><p>310 Navajo Trail<br>Ph: 219-787-9187</p></li></ol></section>';
    assert.deepEqual(page(html), [
      ['Jo Lawton', 'Building Commissioner'],
      ['Lori McCall', 'Building Clerk'],
    ]);
    // A reseller's card under the same heading, tied to the page only by its own domain's address, is no staff.
    assert.deepEqual(
      page(
        '<main><h1>Contact</h1><ul><li><h3>Rosa Vidalo</h3><p>Reseller, Bristol</p><a href="mailto:rosa@vidal-machines.com">Email Rosa</a></li><li><h3>Ivo Marsh</h3><p>Reseller, Leeds</p><a href="mailto:ivo@marsh-lathes.co.uk">Email</a></li></ul></main>',
      ),
      [],
    );
    // A contact section of headings over sentences names nobody.
    assert.deepEqual(
      page(
        '<section><h3>Contact Us</h3><div><h2>Visit Harbor Street</h2><p>We are open daily.</p><h2>Write Anytime</h2><p>Send us a note.</p></div></section>',
      ),
      [],
    );
  });

  it("reads a contributor's bio line whose title has commas of its own when it ends with the site's organisation", () => {
    const bio = (organisation: string) =>
      `<article><p>Text of the story.</p><hr><p><a href="https://theconversation.com/profiles/m-k">Mira Kotten</a>, Provost’s Distinguished Professor of Sociology, Anthropology and Communication, <em><a href="/x">${organisation}</a></em></p></article>`;
    assert.deepEqual(page(bio('Quill and Press')), [['Mira Kotten', 'Provost’s Distinguished Professor of Sociology, Anthropology and Communication']]);
    assert.deepEqual(page(bio('Harbor University')), []);
  });
});

describe("the site's lists of its writers, transcripts, imprints and bylines in more layouts", () => {
  it('reads a list of writers under a heading that names them, in any script, and not a bookshop\'s "Authors"', () => {
    const list = (heading: string, items: string[]) =>
      `<aside><h2>${heading}</h2><ul>${items.map((item, index) => `<li><a href="/news/list?writer=${index}">${item}</a></li>`).join('')}</ul></aside>`;
    assert.deepEqual(people(list('Columnists', ['<em>Ines Halvorsen</em> Column', 'Tomas Reyes'])), [
      ['Ines Halvorsen', null, null],
      ['Tomas Reyes', null, null],
    ]);
    assert.deepEqual(
      people(list('칼럼진별', ['<em>김하늘</em>칼럼', '<em>박서준</em>칼럼', '<em>이도윤</em>칼럼', '<em>최유진</em>칼럼', '<em>드라마</em>칼럼'])),
      [
        ['김하늘', null, null],
        ['박서준', null, null],
        ['이도윤', null, null],
        ['최유진', null, null],
      ],
    );
    assert.deepEqual(people(list('Authors we stock', ['Ines Halvorsen', 'Tomas Reyes'])), []);
    // One name is no list of writers.
    assert.deepEqual(people(list('Columnists', ['Ines Halvorsen', 'Opinion'])), []);
  });

  it('reads the people a line introduces as "our critics" and then heads a section each, not headings without such a line', () => {
    const sections = '<h4>Ines Halvorsen</h4><p>Her three picks.</p><h4>Tomas Reyes</h4><p>His picks.</p><h2>More stories</h2><h4>Olga Brandt</h4>';
    assert.deepEqual(people(`<div><p><strong>We asked our critics to choose three shows.</strong></p>${sections}</div>`), [
      ['Ines Halvorsen', null, null],
      ['Tomas Reyes', null, null],
    ]);
    assert.deepEqual(people(`<div><p>The artists of the year.</p>${sections}</div>`), []);
  });

  it('reads "Additional contributions by A, B, and C" and a byline labelled in another language', () => {
    assert.deepEqual(
      people(
        '<p><em>Additional contributions by </em><a href="/p/a">Ines Halvorsen</a><em>, </em><a href="/p/b">Tomas Reyes</a><em>, and </em><a href="/p/c">Olga Brandt</a><em>.</em></p>',
      ),
      [
        ['Ines Halvorsen', null, null],
        ['Tomas Reyes', null, null],
        ['Olga Brandt', null, null],
      ],
    );
    assert.deepEqual(people('<p><span itemprop="author creator">Текст: Венера Орлова</span> · 24 сентября 2018</p>'), [['Венера Орлова', null, null]]);
    assert.deepEqual(people('<p>Autor: Lukas Brenner</p>'), [['Lukas Brenner', null, null]]);
  });

  it("reads a transcript's host and reporter by their speaker labels, never its guests", () => {
    assert.deepEqual(
      people(
        '<p>INES HALVORSEN, HOST:</p><p>Our story today.</p><p>TOMAS REYES, BYLINE: It is a Saturday.</p><p>OLGA BRANDT: We need more.</p><p>PER LUND, SENATOR: No.</p>',
      ),
      [
        ['Ines Halvorsen', 'Host', null],
        ['Tomas Reyes', null, null],
      ],
    );
  });

  it("reads a name with the title the site's organisation gives it, and never a byline signed with another outlet's initials", () => {
    assert.deepEqual(
      people(
        '<a href="/story/1/"><h2>Renting a car</h2><p>Ines Halvorsen, Quill consumer reporter</p></a><a href="/story/2/"><h2>Hertz</h2><p>By Tomas Reyes, CNN</p></a><a href="/story/3/"><h2>Diet</h2><p>Written by Olga Brandt, BSc, APD</p></a>',
      ),
      [
        ['Ines Halvorsen', 'consumer reporter', null],
        ['Olga Brandt', null, null],
      ],
    );
  });

  it('reads a Korean byline with its title and address, not a Hangul word that is no name', () => {
    assert.deepEqual(people('<div>본문입니다.<br>김하늘 칼럼니스트 <a href="mailto:sky@quillandpress.com">sky@quillandpress.com</a><br></div>'), [
      ['김하늘', '칼럼니스트', 'sky@quillandpress.com'],
    ]);
    assert.deepEqual(people('<div>본문입니다.<br>드라마 기자단 소식<br></div>'), []);
  });

  it("reads an imprint's people with their posts, in the footer too, and not an organisation as publisher", () => {
    assert.deepEqual(people('<p>Reporter: Ines Halvorsen</p>'), [['Ines Halvorsen', 'Reporter', null]]);
    assert.deepEqual(
      people(
        '<footer><p>Главный редактор: Дудина Виктория Петровна</p><p>Publisher: Quill Media GmbH</p></footer><div id="footer-info">[ 등록번호 : 서울 ] [청소년보호책임자 : 유용석]</div>',
      ),
      [
        ['유용석', '청소년보호책임자', null],
        ['Дудина Виктория Петровна', 'Главный редактор', null],
      ],
    );
  });

  it("reads a block's own text beside its blocks as lines (an old table layout's byline)", () => {
    assert.deepEqual(
      people('<td><table><tr><td>Menu</td></tr></table>The story ends here.<br>By Ines Halvorsen<br><table><tr><td>Ads</td></tr></table></td>'),
      [['Ines Halvorsen', null, null]],
    );
  });
});

describe("a personal site's owner", () => {
  const read = (site: string, author: string, url: string) =>
    readPage(
      `<html><head><meta property="og:site_name" content="${site}"><meta property="og:type" content="article"></head><body><article><p>Post.</p><div class="blog-meta-item p-author author">Written By ${author}</div></article></body></html>`,
      url,
    ).people.map(({ name }) => name);

  it("is the author of an article whose author element a script fills, when the domain spells the site's name", () => {
    assert.deepEqual(read('Ines Halvorsen', '<a href="/blog?author=1" class="blog-author-name"></a>', 'https://ineshalvorsen.com/blog/one'), [
      'Ines Halvorsen',
    ]);
  });

  it('is not read where the author element names someone else, or the domain spells another name', () => {
    assert.deepEqual(read('Ines Halvorsen', '<a href="/blog?author=1">Tomas Reyes</a>', 'https://ineshalvorsen.com/blog/one'), ['Tomas Reyes']);
    assert.deepEqual(read('Ines Halvorsen', '<a href="/blog?author=1"></a>', 'https://quillandpress.com/blog/one'), []);
  });
});

describe('roles a bio states', () => {
  it('reads a post a sentence opens with before the name, in English or German', () => {
    assert.equal(roleInText('Lena Vogt', 'Über Lena Vogt Als Inbound Sales Manager verbindet Lena Vogt Marketing und Vertrieb.'), 'Inbound Sales Manager');
    assert.equal(roleInText('Lena Vogt', 'Intro. As Head of Partnerships, Lena Vogt leads our work.'), 'Head of Partnerships');
    // A sentence that opens otherwise states no post.
    assert.equal(roleInText('Lena Vogt', 'Interviews with Lena Vogt and others.'), null);
  });

  it("reads a bio's post at the site's own organisation, not at another's", () => {
    const bio = (organisation: string) =>
      people(
        `<article><p>Post.</p><div class="author-box"><span class="author-name">Ines Halvorsen</span></div><p>Ines Halvorsen is an educator, speaker, and the founder of ${organisation}. Learn more.</p></article>`,
      );
    assert.deepEqual(bio('Quill and Press'), [['Ines Halvorsen', 'founder', null]]);
    assert.deepEqual(bio('Brightline Labs'), [['Ines Halvorsen', null, null]]);
  });
});

describe('guards of the round-5 lists', () => {
  it('reads no writers where most of the headings or items are no names (products, topics)', () => {
    assert.deepEqual(
      people(
        '<div><p>Our writers tested twenty mattresses.</p><h3>Casper Original</h3><p>Soft.</p><h3>Best for side sleepers</h3><h3>Nectar Classic</h3><h3>Budget pick 2025</h3></div>',
      ),
      [],
    );
    assert.deepEqual(
      people(
        '<h2>Our contributors</h2><ul><li><a href="/t/1">Ines Halvorsen</a></li><li><a href="/t/2">Tomas Reyes</a></li><li><a href="/t/3">Climate</a></li><li><a href="/t/4">Housing Costs</a></li></ul>',
      ),
      [],
    );
  });

  it('reads a bare "Editor:" only in the footer, not in the text (a listed book\'s editor)', () => {
    assert.deepEqual(people('<article><p>Editor: Ines Halvorsen</p></article>'), []);
    assert.deepEqual(people('<footer><p>Editor: Ines Halvorsen</p></footer>'), [['Ines Halvorsen', 'Editor', null]]);
  });
});

describe('bylines written in more languages', () => {
  it('reads a byline opening with the word for "by" in German, French, Spanish, Dutch or Swedish', () => {
    assert.deepEqual(people('<p>Par Camille Moreau</p><p>Por Lucía Fernández y Diego Ruiz</p><p>Av Kari Nordmann</p>'), [
      ['Camille Moreau', null, null],
      ['Lucía Fernández', null, null],
      ['Diego Ruiz', null, null],
      ['Kari Nordmann', null, null],
    ]);
    // A sentence opening with the same word names no one.
    assert.deepEqual(people('<p>Par ailleurs, la ville a voté.</p>'), []);
  });

  it('reads a Chinese, Japanese or Korean byline by its label, with the post a label states, and no word without one', () => {
    assert.deepEqual(people('<p>文：山田 太郎</p><p>记者 李娜</p><p>글 김하늘</p>'), [
      ['山田 太郎', null, null],
      ['李娜', '记者', null],
      ['김하늘', null, null],
    ]);
    assert.deepEqual(people('<p>山田太郎</p><p>文：東京都の新しい観光案内所について</p>'), []);
  });
});

describe("a bio's post by first name or pronoun", () => {
  const box = (name: string, bio: string) => `<div class="author-box"><span class="author-name">${name}</span><p>${bio}</p></div>`;

  it("reads the post a bio gives at the site's organisation: a possessive, 'the … at', 'joined … as'", () => {
    assert.deepEqual(
      people(
        `<article><p>Post.</p>${box('Ines Halvorsen', "<strong>Ines</strong> is Quill's Marketing Manager. She hikes.")}${box('Tomas Reyes', 'Tomas was the Partnerships Specialist at Quill and Press.')}${box('Olga Brandt', 'Olga studied AI. She joined Quill and Press as a Full Stack Engineer.')}</article>`,
      ),
      [
        ['Ines Halvorsen', 'Marketing Manager', null],
        ['Tomas Reyes', 'Partnerships Specialist', null],
        ['Olga Brandt', 'Full Stack Engineer', null],
      ],
    );
  });

  it("reads no post at another organisation, nor the next person's bio as this one's", () => {
    assert.deepEqual(
      people(
        `<article><p>Post.</p>${box('Ines Halvorsen', 'Before this she studied art in Oslo. Ines is Brightline’s Marketing Manager.')}${box('Per Lund', 'Per writes about trains, ferries and travel.')}${box('Tomas Reyes', 'He joined Quill and Press as a Full Stack Engineer.')}</article>`,
      ),
      [
        ['Ines Halvorsen', null, null],
        ['Per Lund', null, null],
        ['Tomas Reyes', 'Full Stack Engineer', null],
      ],
    );
  });
});

describe('round 6: event titles, the page headline and a login are no byline; a title beside the name', () => {
  it("reads no person in an event's title after a post ('Quill and Press Founder Summit Week')", () => {
    assert.deepEqual(
      people(
        '<div class="card"><h3><a href="/2026/03/04/side-event/">Host a Side Event during Quill and Press Founder Summit Week in Boston</a></h3><a class="card__author" href="/author/jane-roe/">Jane Roe</a><time>4 days ago</time></div>',
      ),
      [['Jane Roe', null, null]],
    );
    assert.equal(looksLikePersonName('Design Awards'), false);
    assert.equal(looksLikePersonName('Summit Week'), false);
    assert.equal(looksLikePersonName('Gala Jones'), true);
  });

  it("takes no page's own headline over its date for a related story's byline, but a name there", () => {
    const page = (heading: string) =>
      readPage(
        `<html><head><title>Backup Strategy</title><meta property="og:type" content="article"></head><body><table><tr><td><h3><a href="/p/backup-strategy">${heading}</a></h3></td><td>January 22nd, 2019</td></tr></table><p>Most of my data lives in the cloud.</p></body></html>`,
        'https://www.joeroe.net/p/backup-strategy',
      ).people.map(({ name }) => name);
    assert.deepEqual(page('Backup Strategy'), []);
    assert.deepEqual(page('Lena Fairweather'), ['Lena Fairweather']);
  });

  it("takes no personal site's owner from og:site_name when the byline writes it only as a login", () => {
    const page = (byline: string) =>
      readPage(
        `<html><head><meta property="og:site_name" content="Tiny Cabin Long Road"><meta property="og:type" content="article"></head><body><article><span class="author vcard"><a rel="author" href="/author/x/">${byline}</a></span><p>Living small.</p></article></body></html>`,
        'https://tinycabinlongroad.com/2018/07/02/cons/',
      ).people.map(({ name }) => name);
    assert.deepEqual(page('tinycabinlongroad'), []);
    assert.deepEqual(page('Tiny Cabin Long Road'), ['Tiny Cabin Long Road']);
  });

  it('reads the title after the name on its own line: after a comma, or in capitals, never a sentence', () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Article', author: { '@type': 'Person', name: 'Mike Harlow' } })}</script>`;
    const role = (line: string) =>
      readPage(
        `<html><head>${ld}</head><body><article><div class="who">${line}</div><div>•</div><time>Friday</time><p>Moving guide.</p></article></body></html>`,
        'https://movecheck.com/ny/',
      ).people.find(({ name }) => name === 'Mike Harlow')?.role;
    assert.equal(role('Mike Harlow, Shipping Expert'), 'Shipping Expert');
    assert.equal(role('Mike Harlow Senior Contributor'), 'Senior Contributor');
    assert.equal(role('Mike Harlow is our moving editor'), null);
  });
});

describe("round 6: a closing credit's writers, an agency by its initials, a menu's columnists", () => {
  const credit =
    '<article><p>The hearing went on.</p><p>Associated Press writers Alan Grey, Zoe Miller and Jill Colby contributed to this report.</p></article>';
  it("reads a closing credit's writers on the agency's own site (its initials as the domain), none on another site", () => {
    const names = (url: string) => readPage(`<html><head></head><body>${credit}</body></html>`, url).people.map(({ name }) => name);
    assert.deepEqual(names('https://hosted.ap.org/eagle/article/1/sondland'), ['Alan Grey', 'Zoe Miller', 'Jill Colby']);
    assert.deepEqual(names('https://www.valleytimes.com/news/sondland'), []);
    assert.deepEqual(
      people('<article><p>Text.</p><p>Staff writers Ana Ruiz and Ben Holt contributed to this report.</p></article>').map(([name]) => name),
      ['Ana Ruiz', 'Ben Holt'],
    );
  });

  it("reads a menu's submenu of columnists under its label, without a desk's item", () => {
    const menu = (label: string) =>
      people(
        `<nav><ul><li><a href="/">Home</a><ul><li><a>${label}</a><ul><li><a href="/c/adauto-silva/">Adauto Silva</a></li><li><a href="/c/textos/">Textos de Colaboradores</a></li><li><a href="/c/bruno-aleixo/">Bruno Aleixo</a></li><li><a href="/c/fernanda-de-lima/">Fernanda de Lima</a></li><li><a href="/c/lito-cavalcanti/">Lito Cavalcanti</a></li></ul></li></ul></li></ul></nav><article><p>Classificação.</p></article>`,
        'https://autocorrida.com.br/classificacao/',
      ).map(([name]) => name);
    assert.deepEqual(menu('Colunistas »'), ['Adauto Silva', 'Bruno Aleixo', 'Fernanda de Lima', 'Lito Cavalcanti']);
    assert.deepEqual(menu('Categorias »'), []);
    assert.equal(looksLikePersonName('Textos de Colaboradores'), false);
  });
});

describe('round 6: a guest writer of another organisation', () => {
  const page = (bio: string) =>
    people(
      `<article><div class="byline">By <span class="author-name">Reya Pillai</span></div><p>Online classes grew.</p><div class="bio">Reya Pillai ${bio}</div></article>`,
    ).map(([name]) => name);
  it("drops a byline whose bio gives a post at another organisation only, keeps one at the site's or with none", () => {
    assert.deepEqual(page('is a content writer at Surge Global, a digital consultancy.'), []);
    assert.deepEqual(page('is a staff writer at Quill and Press.'), ['Reya Pillai']);
    assert.deepEqual(page('is a writer for over six years of education topics.'), ['Reya Pillai']);
  });
});
