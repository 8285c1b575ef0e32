import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { replay, withReceipt } from '../../../../server/metering/answers.ts';

const stored = withReceipt(
  { status: 200, headers: {}, body: { status: 'ok' } },
  { success: true, transaction: `0x${'ab'.repeat(32)}`, network: 'eip155:8453', payer: '0x1' },
);

describe('answers: a replay says what happened', () => {
  it('marks a replayed receipt as the original settlement, and says a payment sent with it was not used', () => {
    const answer = replay({ payment: { header: 'x' } }, stored);
    assert.equal(answer.kind, 'replay');
    assert.equal(answer.headers['X-Idempotent-Replay'], 'true');
    assert.equal(answer.headers['X-Payment-Unused'], 'replay');
    const receipt = decodePaymentResponseHeader(answer.headers['PAYMENT-RESPONSE']);
    assert.equal(receipt.transaction, `0x${'ab'.repeat(32)}`);
    assert.equal(receipt.extra?.original_settlement, true);
    assert.equal(decodePaymentResponseHeader(stored.headers['PAYMENT-RESPONSE']).extra, undefined, 'the kept answer is unchanged');
  });

  it('says nothing of a payment when none was sent, and adds no receipt to a free answer', () => {
    const free = replay({ payment: null }, { status: 200, headers: {}, body: { status: 'ok' } });
    assert.equal(free.headers['X-Payment-Unused'], undefined);
    assert.equal(free.headers['PAYMENT-RESPONSE'], undefined);
  });
});
