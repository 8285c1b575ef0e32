import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPage } from '../../../../engines/contacts/page.ts';
import { choosePages } from '../../../../engines/contacts/collect.ts';

describe('reading one page', () => {
  it('takes names from team cards for single-address mailto links, and not from shared cards', () => {
    const { people } = readPage(`<div><h3>Ada Lovelace</h3><a href="mailto:ada@acme.io">Email</a></div>
      <div><h3>Two People</h3><a href="mailto:a@acme.io">A</a><a href="mailto:b@acme.io">B</a></div>
      <p><a href="mailto:grace.hopper@acme.io">Grace Hopper</a></p>`, 'https://acme.io/team');
    assert.deepEqual(people, [{ name: 'Ada Lovelace', email: 'ada@acme.io' }, { name: 'Grace Hopper', email: 'grace.hopper@acme.io' }]);
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
