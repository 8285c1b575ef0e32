import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdmission } from '../../../../server/parse-pool/admission.ts';
import { ParsePoolBusy } from '../../../../engines/parse/types.ts';
import { inputSize, laneThreads } from '../../../../server/parse-pool/pool.ts';

describe('parse admission', () => {
  it('runs heavy tasks on the heavy lane only, light ones on their own lane first, then on a free heavy-lane thread', async () => {
    const admission = createAdmission({ lightSlots: 1, heavySlots: 2, maxWaiting: 10 });
    const started: string[] = [];
    const enter = (name: string, heavy: boolean) => admission.enter(heavy).then((lane) => started.push(`${name} on ${lane}`));
    await Promise.all([enter('heavy 1', true), enter('heavy 2', true)]);
    const third = enter('heavy 3', true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, ['heavy 1 on heavy', 'heavy 2 on heavy'], 'the light lane stays for light tasks');
    await enter('light 1', false);
    const light2 = enter('light 2', false);
    admission.leave('heavy');
    await light2;
    assert.deepEqual(started.slice(2), ['light 1 on light', 'light 2 on heavy'], 'the freed heavy-lane thread goes to the waiting light task first');
    admission.leave('light');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(started.length, 4, 'a free light-lane thread is not given to a heavy task');
    admission.leave('heavy');
    await third;
    assert.deepEqual(started.at(-1), 'heavy 3 on heavy');
  });

  it('shares one lane between both kinds when there is no heavy lane', async () => {
    const admission = createAdmission({ lightSlots: 1, heavySlots: 0, maxWaiting: 10 });
    assert.equal(await admission.enter(true), 'light');
    const light = admission.enter(false);
    const heavy = admission.enter(true);
    admission.leave('light');
    assert.equal(await light, 'light', 'the waiting light task comes before the heavy one');
    admission.leave('light');
    assert.equal(await heavy, 'light');
  });

  it('answers ParsePoolBusy past maxWaiting, and lets a waiting task go when its signal aborts', async () => {
    const admission = createAdmission({ lightSlots: 1, heavySlots: 0, maxWaiting: 1 });
    await admission.enter(false);
    const controller = new AbortController();
    const waiting = admission.enter(false, { signal: controller.signal });
    await assert.rejects(admission.enter(false), ParsePoolBusy);
    controller.abort(new Error('caller gone'));
    await assert.rejects(waiting, /caller gone/);
    assert.equal(admission.waiting, 0);
    admission.leave('light');
    assert.equal(admission.busy, 0);
  });

  it('starts waiting light tasks smallest first, equal sizes in arrival order', async () => {
    const admission = createAdmission({ lightSlots: 1, heavySlots: 0, maxWaiting: 10 });
    await admission.enter(false, { size: 1 });
    const started: string[] = [];
    const waiting = [['big', 900], ['small', 10], ['mid', 100], ['small too', 10]].map(([name, size]) => admission.enter(false, { size: size as number }).then(() => started.push(name as string)));
    for (let index = 0; index < 4; index++) {
      admission.leave('light');
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(waiting);
    assert.deepEqual(started, ['small', 'small too', 'mid', 'big']);
  });

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
