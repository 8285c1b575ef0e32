import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CallerShareExceeded, StageBusy, createFairScheduler, type Grant } from '../../../../server/fair-share/scheduler.ts';
import { WorkRefused } from '../../../../engines/refusals.ts';
import { inputSize, laneThreads } from '../../../../server/parse-pool/pool.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A scheduler whose clock the test moves. */
function scheduler(options: Partial<Parameters<typeof createFairScheduler<'light' | 'heavy'>>[0]> = {}) {
  let clock = 0;
  const stage = createFairScheduler<'light' | 'heavy'>({ lanes: { light: 1, heavy: 1 }, maxWaiting: 16, now: () => clock, ...options });
  return { stage, advance: (ms: number) => (clock += ms) };
}

describe('the fair scheduler', () => {
  it("starts another caller's next task before the rest of one caller's backlog", async () => {
    const { stage } = scheduler();
    const started: string[] = [];
    const grants: Grant<'light' | 'heavy'>[] = [];
    const enter = (caller: string, name: string) =>
      stage.enter(caller, { lanes: ['light', 'heavy'] }).then((grant) => {
        started.push(name);
        grants.push(grant);
      });
    const backlog = Array.from({ length: 10 }, (_, index) => enter('attacker', `a${index}`));
    await tick();
    assert.deepEqual(started, ['a0'], 'one caller never holds every slot');
    const benign = enter('benign', 'b0');
    await benign;
    assert.deepEqual(started, ['a0', 'b0'], 'the free slot goes to the other caller at once');
    stage.leave(grants.shift()!, 5);
    await tick();
    assert.deepEqual(started, ['a0', 'b0', 'a1']);
    for (let index = 0; index < 9; index++) {
      stage.leave(grants.shift()!, 5);
      await tick();
    }
    await Promise.all(backlog);
    assert.equal(started.length, 11);
  });

  it('among callers with as many tasks running, the one that used the stage least goes first', async () => {
    const { stage, advance } = scheduler({ lanes: { light: 1, heavy: 0 } });
    // heavy used 900 ms of the stage, light 10 ms, a while ago.
    stage.leave(await stage.enter('heavy', { lanes: ['light'] }), 900);
    stage.leave(await stage.enter('light', { lanes: ['light'] }), 10);
    advance(1_000);
    const holder = await stage.enter('third', { lanes: ['light'] });
    const order: string[] = [];
    const waiting = ['heavy', 'light'].map((caller) => stage.enter(caller, { lanes: ['light'] }).then((grant) => (order.push(caller), grant)));
    stage.leave(holder, 1);
    const first = await Promise.race(waiting);
    assert.deepEqual(order, ['light']);
    stage.leave(first, 1);
    await Promise.all(waiting);
    assert.deepEqual(order, ['light', 'heavy']);
  });

  it("forgets a caller's use over the window", async () => {
    const { stage, advance } = scheduler({ lanes: { light: 2, heavy: 2 }, windowMs: 1_000 });
    stage.leave(await stage.enter('costly', { lanes: ['light', 'heavy'] }), 5_000);
    assert.ok(stage.usedBy('costly') > 4_999);
    advance(1_000);
    assert.ok(Math.abs(stage.usedBy('costly') - 5_000 / Math.E) < 1e-6, 'decays with the window as its time constant');
    advance(20_000);
    assert.ok(stage.usedBy('costly') < 1);
  });

  it('lets a lone caller use every slot but one, and a strict cap holds even when nobody else waits', async () => {
    const { stage } = scheduler({ lanes: { light: 4, heavy: 0 }, perCallerCap: 1 });
    const grants = await Promise.all([0, 1, 2].map(() => stage.enter('alone', { lanes: ['light'] })));
    assert.equal(grants.length, 3);
    let fourth = false;
    void stage.enter('alone', { lanes: ['light'] }).then(() => (fourth = true));
    await tick();
    assert.equal(fourth, false, 'the last slot stays for the next caller');
    assert.equal((await stage.enter('next', { lanes: ['light'] })).lane, 'light');

    const strict = scheduler({ lanes: { light: 8, heavy: 0 }, perCallerCap: 2, strictCap: true }).stage;
    await strict.enter('x', { lanes: ['light'] });
    await strict.enter('x', { lanes: ['light'] });
    let third = false;
    void strict.enter('x', { lanes: ['light'] }).then(() => (third = true));
    await tick();
    assert.equal(third, false);
    assert.equal(strict.busy, 2);
  });

  it('keeps heavy tasks to the lanes they may use, and a caller’s smallest task first', async () => {
    const { stage } = scheduler({ lanes: { light: 1, heavy: 1 }, perCallerCap: 2 });
    const other = await stage.enter('other', { lanes: ['heavy'] });
    const light = await stage.enter('c', { lanes: ['light', 'heavy'] });
    const order: string[] = [];
    const waiting = [
      ['big', 900],
      ['small', 10],
      ['mid', 100],
      ['small too', 10],
    ].map(([name, size]) => stage.enter('c', { lanes: ['light', 'heavy'], size: size as number }).then((grant) => (order.push(name as string), grant)));
    let heavyStarted = false;
    const heavy = stage.enter('h', { lanes: ['heavy'] }).then((grant) => ((heavyStarted = true), grant));
    stage.leave(light, 1);
    await tick();
    assert.deepEqual(order, ['small']);
    assert.equal(heavyStarted, false, 'a free light slot is not given to a heavy-only task');
    stage.leave(other, 1);
    const grant = await heavy;
    assert.equal(grant.lane, 'heavy');
    stage.leave(grant, 1);
    for (const next of await Promise.all(waiting.slice(1, 2))) stage.leave(next, 1);
    await tick();
    assert.deepEqual(order.slice(0, 2), ['small', 'small too']);
  });

  it('refuses the newest task of the longest backlog when the line is full, never another caller’s only task', async () => {
    const { stage } = scheduler({ lanes: { light: 1, heavy: 1 }, maxWaiting: 4 });
    await stage.enter('attacker', { lanes: ['light', 'heavy'] });
    await stage.enter('someone', { lanes: ['light', 'heavy'] });
    const attacker = Array.from({ length: 4 }, () => stage.enter('attacker', { lanes: ['light', 'heavy'] }));
    const outcomes = attacker.map((promise) =>
      promise.then(
        () => 'admitted',
        (error) => error,
      ),
    );
    const benign = stage.enter('benign', { lanes: ['light', 'heavy'] });
    benign.catch(() => {});
    await tick();
    const refused = (await Promise.race([outcomes[3], tick().then(() => null)])) as unknown;
    assert.ok(refused instanceof CallerShareExceeded, 'the attacker’s newest task was refused');
    assert.ok(refused instanceof WorkRefused && refused.scope === 'caller' && refused.retryAfterSeconds >= 1);
    assert.equal(stage.waiting, 4, 'the benign task took its place');
    // Its own backlog the longest: the attacker's next task is refused at once.
    await assert.rejects(stage.enter('attacker', { lanes: ['light'] }), CallerShareExceeded);
  });

  it('refuses the newest arrival with StageBusy when many callers each have a task waiting', async () => {
    const { stage } = scheduler({ lanes: { light: 1, heavy: 0 }, maxWaiting: 3 });
    await stage.enter('holder', { lanes: ['light'] });
    const waiting = ['a', 'b', 'c'].map((caller) => stage.enter(caller, { lanes: ['light'] }));
    for (const promise of waiting) promise.catch(() => {});
    const refused = await stage.enter('d', { lanes: ['light'] }).catch((error) => error);
    assert.ok(refused instanceof StageBusy && refused.scope === 'instance');
    assert.equal(stage.waiting, 3, 'older work is kept');
  });

  it('lets a waiting task go when its signal aborts, and its slot serves the next', async () => {
    const { stage } = scheduler({ lanes: { light: 1, heavy: 0 } });
    const holder = await stage.enter('a', { lanes: ['light'] });
    const controller = new AbortController();
    const gone = stage.enter('b', { lanes: ['light'], signal: controller.signal });
    const next = stage.enter('c', { lanes: ['light'] });
    controller.abort(new Error('caller gone'));
    await assert.rejects(gone, /caller gone/);
    assert.equal(stage.waiting, 1);
    stage.leave(holder, 1);
    assert.equal((await next).caller, 'c');
    await assert.rejects(stage.enter('d', { lanes: ['light'], signal: AbortSignal.abort(new Error('already')) }), /already/);
  });

  it('keeps memory bounded under many callers: idle ones are forgotten', async () => {
    const { stage } = scheduler({ lanes: { light: 1, heavy: 0 }, maxCallers: 100 });
    for (let index = 0; index < 1_000; index++) stage.leave(await stage.enter(`caller-${index}`, { lanes: ['light'] }), 50);
    const stats = stage.stats();
    assert.ok(stats.knownCallers <= 100, `${stats.knownCallers} callers remembered`);
    assert.equal(stats.activeCallers, 0);
    assert.equal(stats.waiting, 0);
    assert.equal(stage.busy, 0);
  });

  it('reports per-lane slots, callers at work and the largest share, naming no caller', async () => {
    const { stage } = scheduler({ lanes: { light: 1, heavy: 1 } });
    stage.leave(await stage.enter('a', { lanes: ['light'] }), 300);
    stage.leave(await stage.enter('b', { lanes: ['light'] }), 100);
    const running = await stage.enter('a', { lanes: ['heavy'] });
    const stats = stage.stats();
    assert.deepEqual(stats.lanes, { light: { slots: 1, busy: 0 }, heavy: { slots: 1, busy: 1 } });
    assert.equal(stats.activeCallers, 1);
    assert.ok(Math.abs(stats.topShare - 0.75) < 1e-9, String(stats.topShare));
    assert.ok(!JSON.stringify(stats).includes('"a"'));
    stage.leave(running, 0);
  });
});

describe('the parse pool lanes', () => {
  it('gives the heavy lane half the threads, rounded down', () => {
    assert.deepEqual(laneThreads(1), { light: 1, heavy: 0 });
    assert.deepEqual(laneThreads(2), { light: 1, heavy: 1 });
    assert.deepEqual(laneThreads(5), { light: 3, heavy: 2 });
  });

  it('measures a task by the characters of the strings it carries', () => {
    assert.equal(inputSize({ html: 'abcd', url: 'u' }), 5);
    assert.equal(inputSize({ pages: ['ab', 'cd'], termsTexts: ['e'], livePayTos: [] }), 5);
    assert.equal(inputSize({ url: '', html: 'x', containers: [{ id: 'G', body: 'yy' }] }), 4);
  });
});
