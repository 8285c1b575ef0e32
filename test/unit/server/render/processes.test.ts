/**
 * The renderer's watchdog reads a process tree from /proc: the CPU time of a root and of the
 * children it starts after the meter was made, and kills the whole tree.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createTreeMeter, killTree, processTree } from '../../../../server/render/processes.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('render watchdog: a process tree from /proc', () => {
  it('counts the CPU of children started after the meter, and kills every process of the tree', async () => {
    // A shell that starts a busy child, and a second shell around a sleeping one: three levels.
    const root = spawn('sh', ['-c', 'sleep 0.2; (while :; do :; done) & sh -c "sleep 30" & wait'], { stdio: 'ignore' });
    try {
      const meter = createTreeMeter(root.pid!);
      assert.equal(meter.read().cpuMs, 0, 'nothing used yet');
      await sleep(900);
      const tree = processTree(root.pid!);
      assert.ok(tree.length >= 3, `the shell, its busy child and the sleeping one (${tree.length})`);
      const { cpuMs } = meter.read();
      assert.ok(cpuMs >= 100, `the busy child's CPU is counted (${cpuMs} ms)`);
      assert.ok(cpuMs <= 2_000, `no more than the tree can have used (${cpuMs} ms)`);
      killTree(root.pid!);
      await sleep(200);
      // Gone, or a zombie waiting for its parent to collect it: either way it runs no more.
      const alive = tree.filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
          return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
        } catch {
          return false;
        }
      });
      assert.deepEqual(
        alive.filter((pid) => pid !== root.pid),
        [],
        'every descendant is gone',
      );
    } finally {
      root.kill('SIGKILL');
    }
  });
});
