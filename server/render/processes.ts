/**
 * A browser's processes as Linux shows them (/proc): the browser and every descendant (zygotes,
 * renderers, the GPU and network services), their CPU time and the renderers' resident memory.
 * Read by the renderer's watchdog to hold each render to its CPU and memory budget, and to kill the
 * whole tree when one overruns. Memory is each renderer's own resident memory (shared pages left out). Off Linux nothing is read (no budget but the wall time holds).
 */
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4_096;
/** USER_HZ: Linux reports CPU times in hundredths of a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  pid: number;
  ppid: number;
  cpuMs: number;
}

function statOf(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name is in parentheses and may hold spaces: fields are counted after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** Resident memory of its own (resident less the pages shared with other processes: the zygote's, libraries, shared memory). */
function privateBytesOf(pid: number): number {
  try {
    const [, resident, shared] = readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ').map(Number);
    return Math.max(0, resident - shared) * PAGE_BYTES;
  } catch {
    return 0;
  }
}

function isRenderer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('--type=renderer');
  } catch {
    return false;
  }
}

const listPids = (): number[] => {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
};

function descendants(root: number, parentOf: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentOf) {
    const siblings = children.get(ppid);
    if (siblings) siblings.push(pid);
    else children.set(ppid, [pid]);
  }
  const tree: number[] = [];
  const next = [root];
  while (next.length) {
    const pid = next.pop()!;
    tree.push(pid);
    next.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** The pids of `root` and all its descendants. */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const pid of listPids()) {
    const stat = statOf(pid);
    if (stat) parentOf.set(pid, stat.ppid);
  }
  return descendants(root, parentOf);
}

/**
 * What a browser's tree used since it was made: CPU time of every process (one that exits keeps
 * what it had used when last seen) and the renderers' resident memory now. Renderers are told by
 * their command line, read once per pid.
 */
export function createTreeMeter(root: number) {
  const baseline = new Map<number, number>();
  const used = new Map<number, number>();
  const renderers = new Map<number, boolean>();
  // Every process seen and its parent: only processes born since the last read are read in full,
  // so a read costs a directory listing and the tree's own few files, not every process's.
  const parentOf = new Map<number, number>();
  let first = true;

  function read(): { cpuMs: number; rendererBytes: number } {
    const live = new Set(listPids());
    for (const pid of parentOf.keys()) if (!live.has(pid)) parentOf.delete(pid);
    for (const pid of live) {
      if (parentOf.has(pid)) continue;
      const stat = statOf(pid);
      if (stat) parentOf.set(pid, stat.ppid);
    }
    let rendererBytes = 0;
    for (const pid of descendants(root, parentOf)) {
      const stat = statOf(pid);
      if (!stat) continue;
      // A process already running when the meter was made counts from then; one born since, from its start.
      if (!baseline.has(pid)) baseline.set(pid, first ? stat.cpuMs : 0);
      used.set(pid, stat.cpuMs - baseline.get(pid)!);
      let renderer = renderers.get(pid);
      if (renderer === undefined) renderers.set(pid, (renderer = isRenderer(pid)));
      if (renderer) rendererBytes += privateBytesOf(pid);
    }
    first = false;
    let cpuMs = 0;
    for (const ms of used.values()) cpuMs += ms;
    return { cpuMs, rendererBytes };
  }
  read();
  return { read };
}

/** SIGKILL to every process of the tree, the browser first (its children then lose their parent too). */
export function killTree(root: number) {
  for (const pid of processTree(root)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
