import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdmission } from '../../../../server/parse-pool/admission.ts';
import { ParsePoolBusy } from '../../../../engines/parse/types.ts';
import { inputSize } from '../../../../server/parse-pool/pool.ts';

describe('parse admission', () => {
  it('starts light tasks before waiting heavy ones, and never fills every slot with heavy tasks', async () => {
    const admission = createAdmission({ slots: 3, heavySlots: 2, maxWaiting: 10 });
    const started: string[] = [];
    const enter = (name: string, heavy: boolean) => admission.enter(heavy).then(() => started.push(name));
    await Promise.all([enter('heavy 1', true), enter('heavy 2', true)]);
    const third = enter('heavy 3', true);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, ['heavy 1', 'heavy 2'], 'the third slot stays for light tasks');
    await enter('light 1', false);
    const light2 = enter('light 2', false);
    admission.leave(true);
    await light2;
    assert.deepEqual(started, ['heavy 1', 'heavy 2', 'light 1', 'light 2'], 'the freed slot goes to the waiting light task');
    admission.leave(false);
    await third;
    assert.deepEqual(started.at(-1), 'heavy 3');
  });

  it('answers ParsePoolBusy past maxWaiting, and lets a waiting task go when its signal aborts', async () => {
    const admission = createAdmission({ slots: 1, heavySlots: 1, maxWaiting: 1 });
    await admission.enter(false);
    const controller = new AbortController();
    const waiting = admission.enter(false, { signal: controller.signal });
    await assert.rejects(admission.enter(false), ParsePoolBusy);
    controller.abort(new Error('caller gone'));
    await assert.rejects(waiting, /caller gone/);
    assert.equal(admission.waiting, 0);
    admission.leave(false);
    assert.equal(admission.busy, 0);
  });

  it('starts waiting light tasks smallest first, equal sizes in arrival order', async () => {
    const admission = createAdmission({ slots: 1, heavySlots: 1, maxWaiting: 10 });
    await admission.enter(false, { size: 1 });
    const started: string[] = [];
    const waiting = [['big', 900], ['small', 10], ['mid', 100], ['small too', 10]].map(([name, size]) => admission.enter(false, { size: size as number }).then(() => started.push(name as string)));
    for (let index = 0; index < 4; index++) {
      admission.leave(false);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(waiting);
    assert.deepEqual(started, ['small', 'small too', 'mid', 'big']);
  });

  it('measures a task by the characters of the strings it carries', () => {
    assert.equal(inputSize({ html: 'abcd', url: 'u' }), 5);
    assert.equal(inputSize({ pages: ['ab', 'cd'], termsTexts: ['e'], livePayTos: [] }), 5);
    assert.equal(inputSize({ url: '', html: 'x', containers: [{ id: 'G', body: 'yy' }] }), 4);
  });
});
