/**
 * bench:load's view of the kernel's DAMON memory monitor (bench/support/memory-monitor.ts): its
 * bursts from on-CPU samples, and how many slow requests fall in or just after them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignment, burstsOf, runningKdamonds, watchMemoryMonitor } from '../../../bench/support/memory-monitor.ts';

describe('DAMON memory monitor bursts', () => {
  it('merges consecutive samples whose on-CPU time grew into one burst, and sums its CPU', () => {
    const samples = [
      { at: 0, cpuNs: 100 },
      { at: 1, cpuNs: 100 },
      { at: 2, cpuNs: 1_000_100 },
      { at: 3, cpuNs: 3_000_100 },
      { at: 4, cpuNs: 3_000_100 },
      { at: 5, cpuNs: 3_000_100 },
      { at: 6, cpuNs: 3_500_100 },
    ];
    assert.deepEqual(burstsOf(samples), [
      { from: 1, to: 3, cpuMs: 3 },
      { from: 5, to: 6, cpuMs: 0.5 },
    ]);
    assert.deepEqual(burstsOf([{ at: 0, cpuNs: 5 }, { at: 1, cpuNs: 5 }]), []);
  });

  it('counts the slow requests due in a burst or within afterMs of its end, against the share of the run those windows cover', () => {
    const span = { from: 0, to: 1000 };
    const bursts = [
      { from: 100, to: 110, cpuMs: 8 },
      // Overlaps the first one's window: counted once.
      { from: 140, to: 150, cpuMs: 8 },
      { from: 600, to: 605, cpuMs: 4 },
    ];
    // Windows: 100-200 and 600-655, so 155 ms of 1000.
    const slow = [50, 105, 150, 199, 201, 620, 700, 990];
    const { slowShare, timeShare } = alignment(slow, bursts, span, { afterMs: 50 });
    assert.equal(slowShare, 4 / 8);
    assert.equal(timeShare, 155 / 1000);
  });

  it('clips windows to the run and has no share without slow requests', () => {
    const { slowShare, timeShare } = alignment([], [{ from: -20, to: -10, cpuMs: 5 }, { from: 990, to: 995, cpuMs: 5 }], { from: 0, to: 1000 }, { afterMs: 50 });
    assert.ok(Number.isNaN(slowShare));
    // -10 + 50 = 40 ms at the start, 990 to 1000 at the end.
    assert.equal(timeShare, 50 / 1000);
  });

  it('finds the kdamonds that are on, and watches nothing where none is', () => {
    const root = mkdtempSync(join(tmpdir(), 'damon-'));
    for (const [name, state, pid] of [['0', 'on', String(process.pid)], ['1', 'off', '42']]) {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'state'), `${state}\n`);
      writeFileSync(join(root, name, 'pid'), `${pid}\n`);
    }
    writeFileSync(join(root, 'nr_kdamonds'), '2\n');
    assert.deepEqual(runningKdamonds(root), [process.pid]);
    assert.deepEqual(runningKdamonds(join(root, 'absent')), []);
    assert.equal(watchMemoryMonitor({ root: join(root, 'absent') }), null);
  });

  it('watches a running thread: this process, busy, shows as a burst', async () => {
    const root = mkdtempSync(join(tmpdir(), 'damon-'));
    mkdirSync(join(root, '0'));
    writeFileSync(join(root, '0', 'state'), 'on\n');
    writeFileSync(join(root, '0', 'pid'), `${process.pid}\n`);
    const watch = watchMemoryMonitor({ root, intervalMs: 1 })!;
    assert.ok(watch);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const busyUntil = performance.now() + 20;
    while (performance.now() < busyUntil);
    const { bursts, ownCpu } = watch.stop();
    const cpu = bursts.reduce((sum, burst) => sum + burst.cpuMs, 0);
    assert.ok(cpu >= 15, `${cpu} ms of CPU seen`);
    // This process was busy most of the time it watched.
    assert.ok(ownCpu > 0.5 && ownCpu < 2, `own CPU ${ownCpu}`);
  });
});
