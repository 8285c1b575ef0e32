/** The company's name: the words the domain spells, in full when the declared name goes on past them. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseName } from '../../../../engines/company/name.ts';

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
