import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createFinishedAnswers } from '../../../../server/metering/finished-answers.ts';

const answer = (text: string) => ({ fingerprint: 'fp', response: { status: 200, headers: {}, body: { text } }, expiresAt: Date.now() + 60_000 });

describe('finished answers: kept in memory, bounded by size', () => {
  it('keeps answers with their JSON text and lets the oldest go past maxBytes', () => {
    const finished = createFinishedAnswers({ maxBytes: 16 * 1024 });
    const json = finished.remember('a', answer('x'.repeat(300)));
    assert.equal(finished.get('a')?.json, json);
    for (let i = 0; i < 40; i++) finished.remember(`n${i}`, answer('y'.repeat(300)));
    assert.equal(finished.get('a'), undefined, 'the oldest went first');
    assert.ok(finished.get('n39'));
  });

  it('does not keep an answer larger than a sixteenth of the memory, but still gives its text', () => {
    const finished = createFinishedAnswers({ maxBytes: 16 * 1024 });
    const json = finished.remember('big', answer('z'.repeat(2_000)));
    assert.equal(JSON.parse(json).text.length, 2_000);
    assert.equal(finished.get('big'), undefined);
  });
});
