import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { deadlineScope, eitherSignal, withinDeadline } from '../../../../engines/net/deadline.ts';
import { recordsOf } from '../../../../engines/net/types.ts';

const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => (signal.aborted ? resolve(signal.reason) : signal.addEventListener('abort', () => resolve(signal.reason), { once: true })));

describe('an engine deadline scope', () => {
  it('aborts at its deadline with a TimeoutError that names it', async () => {
    const scope = deadlineScope(20, { name: 'scan deadline' });
    const reason = await aborted(scope.signal);
    assert.ok(reason instanceof DOMException);
    assert.equal(reason.name, 'TimeoutError');
    assert.equal(reason.message, 'scan deadline');
  });

  it("aborts with the caller's signal, and with the caller's reason, before its own deadline", async () => {
    const call = new AbortController();
    const scope = deadlineScope(60_000, { signal: call.signal });
    call.abort(new Error('caller gone'));
    assert.equal(((await aborted(scope.signal)) as Error).message, 'caller gone');
    scope.end();
  });

  it('does not abort once ended', async () => {
    const scope = deadlineScope(10);
    scope.end();
    await sleep(40);
    assert.equal(scope.signal.aborted, false);
  });

  it("runs the work under the scope's signal and ends the timer with it, whether the work answers or throws", async () => {
    let seen: AbortSignal | null = null;
    assert.equal(await withinDeadline(10, {}, async (signal) => ((seen = signal), 'answer')), 'answer');
    await assert.rejects(
      withinDeadline(10, {}, async () => {
        throw new Error('failed');
      }),
      /failed/,
    );
    await sleep(40);
    assert.equal(seen!.aborted, false, 'the deadline did not fire after the work ended');
  });

  it('either signal: the inner one alone without an outer one, else both', () => {
    const inner = new AbortController();
    assert.equal(eitherSignal(undefined, inner.signal), inner.signal);
    const outer = new AbortController();
    const both = eitherSignal(outer.signal, inner.signal);
    outer.abort('outer');
    assert.equal(both.aborted, true);
    assert.equal(both.reason, 'outer');
  });
});

describe('the records of a DNS answer', () => {
  it('are its records when it succeeded, none when it failed, whatever the reason', () => {
    assert.deepEqual(recordsOf({ ok: true, records: ['v=spf1 -all'] }), ['v=spf1 -all']);
    for (const reason of ['nxdomain', 'nodata', 'timeout', 'error'] as const) assert.deepEqual(recordsOf({ ok: false, reason }), []);
  });
});
