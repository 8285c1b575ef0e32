/**
 * The matcher's shortcuts change no score: phrases skipped by pruning, goal words' matches
 * remembered between calls and the reused rows of editDistance, each checked against the plain
 * computation on goals built from the lexicon's own phrases with typos.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMatcher } from '../../../../engines/advisor/match.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { RULES, TAKE_BACK } from '../../../../engines/advisor/lexicon.ts';
import { editDistance, wordMatch } from '../../../../engines/advisor/text.ts';

/** A small seeded generator, so a failure repeats. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Optimal string alignment distance, the whole table, no early exit. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function typo(word: string, next: () => number): string {
  if (word.length < 3) return word;
  const at = 1 + Math.floor(next() * (word.length - 1));
  const kind = Math.floor(next() * 4);
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)];
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + letter + word.slice(at);
  if (kind === 2) return word.slice(0, at) + letter + word.slice(at + 1);
  return at < word.length - 1 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
}

describe('advisor matcher shortcuts', () => {
  it('editDistance agrees with the whole table within the bound, and says max + 1 beyond it', () => {
    const next = random(7);
    const words = Object.values(RULES)
      .flat()
      .flatMap(([phrase]) => phrase.split(/\s+/))
      .filter((word) => word.length >= 2);
    let compared = 0;
    for (let n = 0; n < 4000; n++) {
      const a = words[Math.floor(next() * words.length)];
      const b = next() < 0.5 ? typo(typo(a, next), next) : words[Math.floor(next() * words.length)];
      const max = 1 + Math.floor(next() * 2);
      const exact = referenceDistance(a, b);
      const bounded = editDistance(a, b, max);
      if (exact <= max) assert.equal(bounded, exact, `${a} / ${b}`);
      else assert.ok(bounded > max, `${a} / ${b}: ${bounded} for ${exact}`);
      compared++;
    }
    assert.equal(compared, 4000);
    assert.equal(editDistance('analytics', 'analytisc', 2), 1, 'a swap of neighbours is one edit');
    assert.equal(editDistance('x'.repeat(70), `${'x'.repeat(69)}y`, 1), 1, 'words longer than the kept rows');
  });

  it('scores every goal as the plain matcher (wordMatch at every position of every phrase) does', () => {
    const catalog = advisorCatalog();
    const fast = createMatcher(catalog);
    const tiny = createMatcher(catalog, { rememberedWords: 3 });
    const plain = createMatcher(catalog, { shortcuts: false });
    const next = random(11);
    const phrases = [
      ...Object.values(RULES)
        .flat()
        .map(([phrase]) => phrase),
      ...TAKE_BACK.map(([phrase]) => phrase),
    ];
    const goals: string[] = [];
    for (let n = 0; n < 600; n++) {
      const picked = Array.from({ length: 1 + Math.floor(next() * 3) }, () => phrases[Math.floor(next() * phrases.length)]);
      const text = picked
        .join(' and ')
        .split(' ')
        .map((word) => (next() < 0.15 ? typo(typo(word, next), next) : next() < 0.3 ? typo(word, next) : word))
        .join(' ');
      goals.push(`please ${text} for acme.com`);
    }
    // Two letters fewer or more in a long word: the widest reach of a typo (two edits from 9 letters).
    for (const phrase of phrases) {
      for (const word of phrase.split(' ').filter((w) => w.length >= 9)) {
        goals.push(
          phrase.replace(word, word.slice(0, 2) + word.slice(3, 5) + word.slice(6)),
          phrase.replace(word, `${word.slice(0, 3)}x${word.slice(3, 6)}y${word.slice(6)}`),
        );
      }
    }
    goals.push(
      '',
      'x',
      'teck stack of shopify stores',
      'which analytcs and ad pixles does stripe.com use',
      'find out which analytics and ad pixels a company website uses',
    );
    let matched = 0;
    for (const goal of goals) {
      const expected = plain(goal);
      assert.deepEqual(fast(goal), expected, goal);
      assert.deepEqual(fast(goal), expected, `${goal} (again, from remembered words)`);
      assert.deepEqual(tiny(goal), expected, `${goal} (few remembered words)`);
      if (expected.length) matched++;
    }
    assert.ok(matched > 500, `most goals match something (${matched})`);
  });

  it('wordMatch inside a phrase is never stricter than alone (pruning relies on it)', () => {
    const terms = [
      ...new Set(
        Object.values(RULES)
          .flat()
          .flatMap(([phrase]) => phrase.toLowerCase().split(/\s+/)),
      ),
    ];
    const next = random(3);
    for (let n = 0; n < 3000; n++) {
      const term = terms[Math.floor(next() * terms.length)];
      const word = typo(term, next);
      assert.ok(wordMatch(word, term, true) >= wordMatch(word, term, false), `${word} / ${term}`);
    }
  });
});
