import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPage } from '../../../../engines/contacts/page.ts';
import { choosePages } from '../../../../engines/contacts/collect.ts';
import { companyAddresses, splitAddresses } from '../../../../engines/contacts/emails.ts';

describe('reading one page', () => {
  it("takes names from team cards for single-address mailto links on the site's domain that spell the name, and not from shared cards", () => {
    const { people } = readPage(
      `<div><h3>Ada Lovelace</h3><a href="mailto:ada@acme.io">Email</a></div>
      <div><h3>Two People</h3><a href="mailto:a@acme.io">A</a><a href="mailto:b@acme.io">B</a></div>
      <p><a href="mailto:grace.hopper@acme.io">Grace Hopper</a></p><p><a href="mailto:care@acme.io">Dental Care</a></p><p><a href="mailto:alan.turing@partner.org">Alan Turing</a></p>`,
      'https://acme.io/team',
    );
    assert.deepEqual(
      people.map(({ name, email, source }) => ({ name, email, source })),
      [
        { name: 'Ada Lovelace', email: 'ada@acme.io', source: 'mailto' },
        { name: 'Grace Hopper', email: 'grace.hopper@acme.io', source: 'mailto' },
      ],
    );
  });
  it('reads team cards only on team pages, two at least, each with a job title, an address or a profile of its own', () => {
    const cards = `<section><div><h3>Ada Lovelace</h3><p>Chief Executive</p></div><div><h3><strong>Grace Hopper</strong></h3><span class="role">CTO</span><a href="https://www.linkedin.com/in/grace-hopper/">in</a></div>
      <div><h3>Get Started</h3><p>Free trial</p></div><div><h3>Northwind Labs</h3><p>Our lab</p></div></section>`;
    assert.deepEqual(readPage(cards, 'https://acme.io/team', { teamPage: true }).people, [
      { name: 'Ada Lovelace', role: 'Chief Executive', email: null, profile: null, source: 'team_card' },
      { name: 'Grace Hopper', role: 'CTO', email: null, profile: 'https://www.linkedin.com/in/grace-hopper', source: 'team_card' },
    ]);
    assert.deepEqual(readPage(cards, 'https://acme.io/', { teamPage: false }).people, [], 'not on other pages');
    assert.deepEqual(
      readPage('<div><h3>Ada Lovelace</h3><p>CEO</p></div>', 'https://acme.io/team', { teamPage: true }).people,
      [],
      'one card is a heading, not a team',
    );
    const features = '<div><h3>Sustainably Sourced</h3><p>Quality &amp; transparency</p></div><div><h3>Freshly Roasted</h3><p>Flavor and aroma</p></div>';
    assert.deepEqual(readPage(features, 'https://acme.io/about', { teamPage: true }).people, [], 'feature cards have a line, not a job title');
  });
  it('reads schema.org Person (JSON-LD and microdata), hCards and bylines tied to the site, and merges one person named twice', () => {
    const html = `<meta name="author" content="Acme Widgets Inc"><script type="application/ld+json">{"@type":"Article","author":{"@type":"Person","name":"Ada Lovelace","jobTitle":"Editor","url":"https://github.com/adal"}}</script>
      <div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Acme</span><div itemprop="employee" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Grace Hopper</span><span itemprop="jobTitle">Rear Admiral</span><a itemprop="email" href="mailto:grace@acme.io">mail</a></div></div>
      <p class="author vcard"><span class="fn">Alan Turing</span> <span class="title">Researcher</span></p>
      <p class="byline">By Ada Lovelace</p><a rel="author" href="/katherine">Katherine Johnson</a>`;
    assert.deepEqual(readPage(html, 'https://acme.io/blog/post').people, [
      { name: 'Ada Lovelace', role: 'Editor', email: null, profile: 'https://github.com/adal', source: 'schema_person' },
      { name: 'Grace Hopper', role: 'Rear Admiral', email: 'grace@acme.io', profile: null, source: 'schema_person' },
      { name: 'Alan Turing', role: 'Researcher', email: null, profile: null, source: 'vcard' },
      { name: 'Katherine Johnson', role: null, email: null, profile: null, source: 'byline' },
    ]);
  });
  it("takes founders and staff of the site's own organisation, with the role the markup or the text beside the name gives", () => {
    const html = `<script type="application/ld+json">{"@graph":[{"@type":"Organization","@id":"https://bluebird.com/#org","name":"Bluebird","url":"https://bluebird.com/","founder":{"@type":"Person","name":"Hannah Brooks"},"employee":{"@type":"Person","name":"Marcus Lee"}},
      {"@type":"Person","name":"Elena Petrova","jobTitle":"Chief Scientist","worksFor":{"@id":"https://bluebird.com/#org"}},{"@type":"Person","name":"James Whitfield","affiliation":{"@type":"CollegeOrUniversity","name":"University of Leeds"}}]}</script>
      <p>Today Marcus Lee, Head of Baking, leads a team of eight.</p>`;
    assert.deepEqual(
      readPage(html, 'https://bluebird.com/').people.map(({ name, role }) => ({ name, role })),
      [
        { name: 'Hannah Brooks', role: 'Founder' },
        { name: 'Marcus Lee', role: 'Head of Baking' },
        { name: 'Elena Petrova', role: 'Chief Scientist' },
      ],
    );
  });
  it('never takes commenters, reviewers, testimonial clients, Q&A or forum users, or people of listed organisations', () => {
    const comments = `<article><h1>Winter care</h1><span class="author vcard"><a class="url fn" href="/author/dan/">Daniel Foster</a></span></article>
      <ol class="comment-list"><li class="comment"><div class="comment-author vcard"><b class="fn">Jane Morrison</b></div><p>Thanks!</p></li>
      <li class="comment"><div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Priya Sharma</span></div></div></li></ol>
      <script type="application/ld+json">{"@type":"Product","name":"Desk","review":{"@type":"Review","author":{"@type":"Person","name":"Lance Schreier"}}}</script>
      <div id="testimonials-carousel"><div class="message">Great!</div><div class="author">Marisa Vickers</div></div>`;
    assert.deepEqual(
      readPage(comments, 'https://greenleaf.com/blog/winter').people.map((person) => person.name),
      ['Daniel Foster'],
    );
    const qa = `<script type="application/ld+json">{"@type":"QAPage","mainEntity":{"@type":"Question","author":{"@type":"Person","name":"Michael Brennan"}}}</script>
      <div itemscope itemtype="https://schema.org/Person"><a href="/users/7/kenji" itemprop="url"><span itemprop="name">Kenji Tanaka</span></a></div><span class="author">Sofia Alvarez</span>`;
    assert.deepEqual(readPage(qa, 'https://answers.example.org/questions/1').people, []);
    const directory = `<ul><li><h3>Rosa Vidal</h3><p>Wedding planner</p><a href="mailto:rosa@rosavidalevents.com">Email Rosa</a></li><li><h3>Magnolia Hall</h3><a href="mailto:events@magnoliahall.com">Email</a></li></ul>
      <script type="application/ld+json">{"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":{"@type":"LocalBusiness","name":"Rosa Vidal Events","founder":{"@type":"Person","name":"Rosa Vidal"}}}]}</script>`;
    assert.deepEqual(readPage(directory, 'https://venuefinder.com/austin').people, []);
  });
  it("reads a byline written twice (an image's alt text beside the name) as one name, and a news desk as no person", () => {
    const html = `<p class="byline"><img alt=""> Saru Yeknom Saru Yeknom</p><script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"TOI Lifestyle Desk"}}</script>`;
    assert.deepEqual(
      readPage(html, 'https://news.example.org/story').people.map((person) => person.name),
      ['Saru Yeknom'],
    );
    assert.deepEqual(
      readPage('<p class="byline">By HR Cloud</p><p class="author">Children\'s Hospital</p><span class="author">Written By</span>', 'https://www.hrcloud.com/')
        .people,
      [],
      "the site's own name and an institution are no person",
    );
  });
  it('reads a team under a heading such as "Our staff" on any page, and never a testimonial as a card', () => {
    const html = `<div id="sidebar"><h2>Our Staff</h2><div class="staff"><div class="staff_name"><a href="/author/arnold-kim/">Arnold Kim</a></div><div class="staff_position">Editorial Director</div></div>
      <div class="staff"><div class="staff_name"><a href="/author/eric-slivka/">Eric Slivka</a></div><div class="staff_position">Editor in Chief</div></div></div>
      <blockquote class="testimonial"><strong>Tom Becker</strong>, <span>Director of Finance, Brightside</span></blockquote>`;
    assert.deepEqual(
      readPage(html, 'https://www.macrumors.com/2019/11/18/story/').people.map(({ name, role }) => ({ name, role })),
      [
        { name: 'Arnold Kim', role: 'Editorial Director' },
        { name: 'Eric Slivka', role: 'Editor in Chief' },
      ],
    );
  });
  it('does not read addresses out of scripts and styles, but reads JSON-LD', () => {
    const { emails } = readPage(
      `<script>var x = "dev@acme.io";</script><style>/* css@acme.io */</style>
      <script type="application/ld+json">{"@type":"Organization","email":"hello@acme.io","employee":{"@type":"Person","name":"Ada Lovelace","email":"ada.lovelace@acme.io"}}</script>`,
      'https://acme.io/',
    );
    assert.deepEqual(emails.map((email) => email.address).sort(), ['ada.lovelace@acme.io', 'hello@acme.io']);
  });
  it('keeps adjacent blocks apart so an address does not swallow the next word', () => {
    const { emails } = readPage('<p>hello@acme.io</p><p>Phone</p>', 'https://acme.io/');
    assert.deepEqual(
      emails.map((email) => email.address),
      ['hello@acme.io'],
    );
  });
});

describe('choosing the pages to read', () => {
  it('prefers same-site links per kind and falls back to common paths', () => {
    const pages = choosePages(
      'https://acme.io/',
      ['https://acme.io/about-us', 'https://acme.io/company/team', 'https://other.com/contact', 'https://acme.io/jobs'],
      'acme.io',
    );
    assert.deepEqual(pages, [
      { kind: 'contact', url: 'https://acme.io/contact' },
      { kind: 'about', url: 'https://acme.io/about-us' },
      { kind: 'team', url: 'https://acme.io/company/team' },
      { kind: 'careers', url: 'https://acme.io/jobs' },
    ]);
  });
});

describe('hidden addresses', () => {
  it("reads React's streamed content as shown, and still skips what stays hidden", () => {
    const page = readPage(
      '<template id="B:0"></template><div hidden id="S:0"><article><p>Written by</p><p>Joel Kinder</p><p>Write to joel@acme.io</p></article></div><p hidden>trap@acme.io</p>',
      'https://acme.io/blog/a',
    );
    assert.deepEqual(
      page.people.map(({ name }) => name),
      ['Joel Kinder'],
    );
    assert.deepEqual(
      page.emails.map((email) => email.address),
      ['joel@acme.io'],
    );
  });

  it('skips honeypot addresses in hidden elements', () => {
    const { emails } = readPage('<a href="mailto:trap@acme.io" style="display:none">x</a><p hidden>trap2@acme.io</p><p>real@acme.io</p>', 'https://acme.io/');
    assert.deepEqual(
      emails.map((email) => email.address),
      ['real@acme.io'],
    );
  });
  it("keeps an address inside a hidden panel of text the reader opens (a form's next step, a tab)", () => {
    const step =
      '<div class="gform_page" style="display:none;"><p>All tutoring appointment requests must be made through the office by phone or by email at <a href="mailto:office@acme.io">office</a> before the first session.</p></div>';
    const trap = '<div style="display: none"><a href="mailto:trap@acme.io">Contact our team by email</a></div>';
    const panel =
      '<div hidden><article><p class="byline">By Winston Porter</p><p>A wardrobe in solid oak with two doors, three drawers and a rail, shipped flat.</p></article></div>';
    const { emails, people } = readPage(`${step}${trap}${panel}<p>real@acme.io</p>`, 'https://acme.io/');
    assert.deepEqual(emails.map((email) => email.address).sort(), ['office@acme.io', 'real@acme.io']);
    assert.deepEqual(people, [], "a hidden panel's byline is no person of the page");
  });
});

describe('addresses as the page publishes them', () => {
  const protect = (text: string, key = 0x3c) => key.toString(16) + [...Buffer.from(text)].map((byte) => (byte ^ key).toString(16).padStart(2, '0')).join('');
  const addresses = (html: string) => readPage(html, 'https://www.fernway.co/contact').emails.map((email) => email.address);

  it('decodes a protected link whose address carries a query, without the query', () => {
    assert.deepEqual(
      addresses(`<a href="/cdn-cgi/l/email-protection#${protect('careers@fernway.co?subject=Application%20for%20role')}">[email&#160;protected]</a>`),
      ['careers@fernway.co'],
    );
    assert.deepEqual(addresses(`<span class="__cf_email__" data-cfemail="${protect('desk@fernway.co?cc=ed@fernway.co')}">x</span>`), [
      'desk@fernway.co',
      'ed@fernway.co',
    ]);
  });

  it('never joins the text of neighbouring elements into an address', () => {
    assert.deepEqual(addresses('<p><span>Portland, Oregon</span><span>5035550199</span><a>maya@fernway.co</a></p>'), ['maya@fernway.co']);
    // Inline pieces meeting at the @ are still one address.
    assert.deepEqual(addresses('<p>hello<span>@</span>fernway.co</p>'), ['hello@fernway.co']);
  });

  it("keeps an address a label introduces in the text on any domain, and no other domain's bare address in prose", () => {
    const kept = (html: string) => {
      const page = readPage(html, 'https://www.fernway.co/contact');
      return splitAddresses(page.emails, 'www.fernway.co').other;
    };
    assert.deepEqual(kept('<footer><p>Publisher: Fernway Holdings Ltd. E-mail: legal@fernway-holdings.com</p></footer>'), ['legal@fernway-holdings.com']);
    assert.deepEqual(kept('<footer><p>Эл. почта: legal@fernway-holdings.ru</p></footer>'), ['legal@fernway-holdings.ru']);
    assert.deepEqual(kept('<p>Our old supplier wrote from orders@north-mill.com about the delay.</p>'), []);
  });

  it('never reads a web address after " at " as a spelled-out mailbox', () => {
    const page = readPage(
      '<p>See our permissions pages at <a href="https://www.fernway.co/legal">www.fernway.co</a> for details.</p>',
      'https://www.fernway.co/',
    );
    assert.deepEqual(companyAddresses(page.emails, 'https://www.fernway.co/'), []);
    const spelled = readPage('<p>Write to jobs at fernway dot co</p>', 'https://www.fernway.co/');
    assert.deepEqual(companyAddresses(spelled.emails, 'https://www.fernway.co/'), ['jobs@fernway.co']);
  });

  it('reads mailto links written with slashes or in capitals', () => {
    assert.deepEqual(addresses('<a href="MAILTO://Billing@Fernway.co">Billing</a>'), ['billing@fernway.co']);
  });

  it("reads the addresses of a script's template, a data script, a component's JSON props and a script's message, never a bare address in code", () => {
    const template =
      '<template x-if="open"><div><p>Need help with the store? Contact us at</p><a href="mailto:store@fernway.co">store@fernway.co</a><p>Our team answers within a day.</p></div></template>';
    const data = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ strings: { largeOrderEmailLink: 'giftcards@fernway.co', body: 'Just e-mail {emailLink} for more' } })}</script>`;
    const props = `<div data-react-component="LoginModal" data-text='${JSON.stringify({ haveQuestionsEmail: 'mailto:care@fulfilment-partner.com', emailLabel: 'Email' })}'></div>`;
    const message = `<script>var i18n = {'author': 'Your author ID could not be located. Please contact the site administrators at blogs@fernway.co'};</script>`;
    const code = '<script>var dev = "dev@fernway.co"; var dsn = "https://ab12cd@o1.ingest.example-errors.com/4";</script>';
    assert.deepEqual([...new Set(addresses(`${template}${data}${props}${message}${code}`))].sort(), [
      'blogs@fernway.co',
      'care@fulfilment-partner.com',
      'giftcards@fernway.co',
      'store@fernway.co',
    ]);
  });
});

describe('Cloudflare-protected mail links', () => {
  /** The hex Cloudflare writes for an address: a key byte, then every byte XOR it. */
  const protect = (text: string, key = 0x5a) =>
    [key, ...Buffer.from(text)].map((byte, index) => (index ? byte ^ key : byte).toString(16).padStart(2, '0')).join('');

  it("name the person of their card as a mailto link does, the card's name in a *-name element", () => {
    const { people, emails } = readPage(
      `<div class="instructor-detail"><p class="instructor-name">Avi Lerner</p><span>Senior Instructor</span><a href="/cdn-cgi/l/email-protection#${protect('avi@acme.io')}">Email</a></div>
      <div class="instructor-detail"><p class="instructor-name">Enzo Moretti</p><span>Lead Instructor</span><a href="/cdn-cgi/l/email-protection#${protect('emoretti@acme.io?subject=Hello')}">Email</a></div>
      <div><p class="instructor-name">Two Shared</p><a href="/cdn-cgi/l/email-protection#${protect('info@acme.io')}">A</a><a href="mailto:sales@acme.io">B</a></div>`,
      'https://acme.io/course',
    );
    assert.deepEqual(
      people.map(({ name, role, email }) => [name, role, email]),
      [
        ['Avi Lerner', 'Senior Instructor', 'avi@acme.io'],
        ['Enzo Moretti', 'Lead Instructor', 'emoretti@acme.io'],
      ],
    );
    assert.deepEqual([...new Set(emails.map(({ address }) => address))], ['avi@acme.io', 'emoretti@acme.io', 'info@acme.io', 'sales@acme.io']);
  });
});
