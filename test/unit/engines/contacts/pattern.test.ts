import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { foldName, inferEmailPattern, templatesFor } from '../../../../engines/contacts/pattern.ts';

const D = 'acme-widgets.com';

describe('email pattern inference', () => {
  it('infers first.last from three agreeing people', () => {
    const pairs = [
      { name: 'Ada Lovelace', email: `ada.lovelace@${D}` },
      { name: 'Grace Hopper', email: `grace.hopper@${D}` },
      { name: 'Alan Turing', email: `alan.turing@${D}` },
    ];
    assert.deepEqual(inferEmailPattern(pairs, D), { pattern: `{first}.{last}@${D}`, examples: pairs });
  });
  it('gives null for a single pair', () => {
    assert.equal(inferEmailPattern([{ name: 'Ada Lovelace', email: `ada.lovelace@${D}` }], D), null);
  });
  it('counts each person once, so one address repeated does not make two examples', () => {
    const pair = { name: 'Ada Lovelace', email: `alovelace@${D}` };
    assert.equal(inferEmailPattern([pair, pair], D), null);
  });
  it('infers flast from two people, folding diacritics', () => {
    const pairs = [
      { name: 'Zoë Ångström', email: `zangstrom@${D}` },
      { name: 'José Núñez', email: `jnunez@${D}` },
    ];
    assert.deepEqual(
      inferEmailPattern([...pairs, { name: 'Ada Lovelace', email: `ada.lovelace@${D}` }], D),
      { pattern: `{f}{last}@${D}`, examples: pairs },
      'the examples are the people who agree on the pattern',
    );
  });
  it('never lets role mailboxes or other domains vote', () => {
    assert.deepEqual(templatesFor({ name: 'Sales Team', email: `sales@${D}` }), []);
    const pairs = [
      { name: 'Ada Lovelace', email: 'ada.lovelace@gmail.com' },
      { name: 'Grace Hopper', email: `grace.hopper@${D}` },
    ];
    assert.equal(inferEmailPattern(pairs, D), null);
  });
  it('folds names to ASCII letters', () => assert.equal(foldName("O'Néill"), 'oneill'));
});
