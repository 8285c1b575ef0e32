import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPage } from '../../../../engines/contacts/page.ts';
import { choosePages } from '../../../../engines/contacts/collect.ts';

describe('reading one page', () => {
  it('takes names from team cards for single-address mailto links, and not from shared cards', () => {
    const { people } = readPage(`<div><h3>Ada Lovelace</h3><a href="mailto:ada@acme.io">Email</a></div>
      <div><h3>Two People</h3><a href="mailto:a@acme.io">A</a><a href="mailto:b@acme.io">B</a></div>
      <p><a href="mailto:grace.hopper@acme.io">Grace Hopper</a></p>`, 'https://acme.io/team');
    assert.deepEqual(people.map(({ name, email, source }) => ({ name, email, source })), [{ name: 'Ada Lovelace', email: 'ada@acme.io', source: 'mailto' }, { name: 'Grace Hopper', email: 'grace.hopper@acme.io', source: 'mailto' }]);
  });
  it('reads team cards only on team pages, two at least, each with a role, an address or a profile of its own', () => {
    const cards = `<section><div><h3>Ada Lovelace</h3><p>Chief Executive</p></div><div><h3><strong>Grace Hopper</strong></h3><span class="role">CTO</span><a href="https://www.linkedin.com/in/grace-hopper/">in</a></div>
      <div><h3>Get Started</h3><p>Free trial</p></div><div><h3>Northwind Labs</h3><p>Our lab</p></div></section>`;
    assert.deepEqual(readPage(cards, 'https://acme.io/team', { teamPage: true }).people, [
      { name: 'Ada Lovelace', role: 'Chief Executive', email: null, profile: null, source: 'team_card' },
      { name: 'Grace Hopper', role: 'CTO', email: null, profile: 'https://www.linkedin.com/in/grace-hopper', source: 'team_card' },
    ]);
    assert.deepEqual(readPage(cards, 'https://acme.io/', { teamPage: false }).people, [], 'not on other pages');
    assert.deepEqual(readPage('<div><h3>Ada Lovelace</h3><p>CEO</p></div>', 'https://acme.io/team', { teamPage: true }).people, [], 'one card is a heading, not a team');
  });
  it('reads schema.org Person (JSON-LD and microdata), hCards and bylines, and merges one person named twice', () => {
    const html = `<meta name="author" content="Acme Widgets Inc"><script type="application/ld+json">{"@type":"Article","author":{"@type":"Person","name":"Ada Lovelace","jobTitle":"Editor","url":"https://github.com/adal"}}</script>
      <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Grace Hopper</span><span itemprop="jobTitle">Rear Admiral</span><a itemprop="email" href="mailto:grace@acme.io">mail</a></div>
      <p class="vcard"><span class="fn">Alan Turing</span> <span class="title">Researcher</span></p>
      <p class="byline">By Ada Lovelace</p><a rel="author" href="/katherine">Katherine Johnson</a>`;
    assert.deepEqual(readPage(html, 'https://acme.io/blog/post').people, [
      { name: 'Ada Lovelace', role: 'Editor', email: null, profile: 'https://github.com/adal', source: 'schema_person' },
      { name: 'Grace Hopper', role: 'Rear Admiral', email: 'grace@acme.io', profile: null, source: 'schema_person' },
      { name: 'Alan Turing', role: 'Researcher', email: null, profile: null, source: 'vcard' },
      { name: 'Katherine Johnson', role: null, email: null, profile: null, source: 'byline' },
    ]);
  });
  it('does not read addresses out of scripts and styles, but reads JSON-LD', () => {
    const { emails } = readPage(`<script>var x = "dev@acme.io";</script><style>/* css@acme.io */</style>
      <script type="application/ld+json">{"@type":"Organization","email":"hello@acme.io","employee":{"@type":"Person","name":"Ada Lovelace","email":"ada.lovelace@acme.io"}}</script>`, 'https://acme.io/');
    assert.deepEqual(emails.map((email) => email.address).sort(), ['ada.lovelace@acme.io', 'hello@acme.io']);
  });
  it('keeps adjacent blocks apart so an address does not swallow the next word', () => {
    const { emails } = readPage('<p>hello@acme.io</p><p>Phone</p>', 'https://acme.io/');
    assert.deepEqual(emails.map((email) => email.address), ['hello@acme.io']);
  });
});

describe('choosing the pages to read', () => {
  it('prefers same-site links per kind and falls back to common paths', () => {
    const pages = choosePages('https://acme.io/', ['https://acme.io/about-us', 'https://acme.io/company/team', 'https://other.com/contact', 'https://acme.io/jobs'], 'acme.io');
    assert.deepEqual(pages, [
      { kind: 'contact', url: 'https://acme.io/contact' },
      { kind: 'about', url: 'https://acme.io/about-us' },
      { kind: 'team', url: 'https://acme.io/company/team' },
      { kind: 'careers', url: 'https://acme.io/jobs' },
    ]);
  });
});

describe('hidden addresses', () => {
  it('skips honeypot addresses in hidden elements', () => {
    const { emails } = readPage('<a href="mailto:trap@acme.io" style="display:none">x</a><p hidden>trap2@acme.io</p><p>real@acme.io</p>', 'https://acme.io/');
    assert.deepEqual(emails.map((email) => email.address), ['real@acme.io']);
  });
});
