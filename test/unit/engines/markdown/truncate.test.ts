import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { estimateTokens, splitBlocks, truncateAtBlock } from '../../../../engines/markdown/truncate.ts';

describe('cutting Markdown at a block boundary', () => {
  const doc = 'First paragraph.\n\n```js\na\n\nb\n```\n\n- one\n- two\n\nLast.';
  it('counts a fenced block with blank lines inside as one block', () => {
    assert.deepEqual(splitBlocks(doc), ['First paragraph.', '```js\na\n\nb\n```', '- one\n- two', 'Last.']);
  });
  it('keeps whole blocks that fit and reports the cut', () => {
    assert.deepEqual(truncateAtBlock(doc, 30), { markdown: 'First paragraph.', truncated: true });
    assert.deepEqual(truncateAtBlock(doc, 33), { markdown: 'First paragraph.\n\n```js\na\n\nb\n```', truncated: true });
    assert.deepEqual(truncateAtBlock(doc, doc.length), { markdown: doc, truncated: false });
  });
  it('cuts inside the first block only when it alone is too long, at a space', () => {
    assert.deepEqual(truncateAtBlock('alpha beta gamma', 12), { markdown: 'alpha beta', truncated: true });
  });
  it('estimates one token per four characters, rounded up', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('abcde'), 2);
  });
});
