import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Context } from 'koa';
import { coalesceStage } from '../../../../server/pipeline/coalesce.ts';
import { startService } from '../../../support/service.ts';
import { call } from '../../../support/contract.ts';
import { minimalHandlers } from '../../../support/minimal-handlers.ts';

const ctx = {} as Context;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('coalesce stage', () => {
  it('releases the answers that became ready in one turn together, once the last of them is ready', async () => {
    const coalesce = coalesceStage();
    const events: string[] = [];
    let finishSecond!: () => void;
    const first = coalesce(ctx, async () => void events.push('first ready')).then(() => events.push('first released'));
    const second = coalesce(ctx, () => new Promise<void>((resolve) => (finishSecond = resolve)).then(() => void events.push('second ready'))).then(() => events.push('second released'));
    // Still the same turn: a chain of microtasks later, the second answer becomes ready.
    await Promise.resolve();
    await Promise.resolve();
    assert.deepEqual(events, ['first ready']);
    finishSecond();
    await Promise.all([first, second]);
    assert.deepEqual(events, ['first ready', 'second ready', 'first released', 'second released']);
  });

  it('lets an answer ready in a later turn go in that turn, not wait for another', async () => {
    const coalesce = coalesceStage();
    await coalesce(ctx, async () => {});
    const events: string[] = [];
    const later = coalesce(ctx, async () => {
      await tick();
      events.push('ready');
    }).then(() => events.push('released'));
    setImmediate(() => setImmediate(() => setImmediate(() => events.push('three turns on'))));
    await later;
    assert.deepEqual(events, ['ready', 'released']);
  });

  it('never releases an answer before the turn is over, and passes errors through at once', async () => {
    const coalesce = coalesceStage();
    const events: string[] = [];
    setImmediate(() => events.push('an immediate queued first'));
    await coalesce(ctx, async () => {});
    assert.deepEqual(events, ['an immediate queued first']);
    await assert.rejects(coalesce(ctx, async () => { throw new Error('downstream failed'); }), /downstream failed/);
  });
});

describe('coalesce stage: answers that waited for a later turn', () => {
  it('writes an answer made ready in the check phase (a batched store write) at once, not a turn later', async () => {
    const coalesce = coalesceStage();
    const events: string[] = [];
    const batched = coalesce(ctx, async () => {
      // As the rate limiter's group commit: resumed from an immediate queued during the request.
      await tick();
      events.push('ready in the check phase');
    }).then(() => events.push('released'));
    // Queued after the request's own immediate: runs in the same check phase, after it.
    setImmediate(() => events.push('same check phase, later immediate'));
    setImmediate(() => setImmediate(() => events.push('next turn')));
    await batched;
    await tick();
    await tick();
    assert.deepEqual(events, ['ready in the check phase', 'released', 'same check phase, later immediate', 'next turn']);
  });
});

describe('coalesce stage in the service (HTTP_COALESCE_ANSWERS on and off)', () => {
  // call() checks every answer against the spec.
  for (const coalesceAnswers of [true, false]) {
    it(`answers calls, stored replays and problems alike with it ${coalesceAnswers ? 'on' : 'off'}`, async () => {
      const service = await startService({ handlers: minimalHandlers, config: { coalesceAnswers } });
      try {
        const who = { 'x-forwarded-for': '198.51.100.77' };
        const first = await call(service.url, '/v1/tech-stack', { body: { domain: 'coalesce-test.com' }, headers: who });
        assert.equal(first.status, 200);
        // Twenty at once: replays of the stored answer, ready in the poll phase they arrived in.
        const replays = await Promise.all(Array.from({ length: 20 }, () => call(service.url, '/v1/tech-stack', { body: { domain: 'coalesce-test.com' }, headers: who })));
        for (const replay of replays) {
          assert.equal(replay.status, 200);
          assert.deepEqual(replay.body, first.body);
        }
        const bad = await call(service.url, '/v1/tech-stack', { body: { domain: 'not a domain' }, headers: who });
        assert.equal(bad.status, 400);
        assert.equal(bad.body.code, 'invalid_domain');
        assert.equal(bad.headers.get('x-usage-charged-micro-usd'), '0');
      } finally {
        await service.close();
      }
    });
  }
});
