/**
 * The fairness families, shared by test/e2e/fair-share.test.ts and bench/fairness.ts: for each
 * costly family (the six hostile families, legal pages costly to read, a body that trickles), one
 * caller keeps calls in flight on fresh URLs of the family's site, from a process of its own
 * (support/attacker-process.ts: its client work is not the service's CPU), while other callers
 * make benign clean-markdown calls one at a time: first idle, then under the attack, in the same
 * run. The world runs in a process of its own too (test/world/hostile-family-process.ts).
 *
 * The benign calls rotate over addresses, four calls each (an address has five free calls a day,
 * and the benign calls are ok results). Each family's attacker is a fresh address: its free calls
 * are its own, and an attack whose results are free non-ok ones never uses them up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { FAMILY_DOMAINS } from '../world/fixtures/hostile-family.ts';
import { COSTLY_LEGAL_PAGES } from '../world/fixtures/costly-legal.ts';
import { TRICKLING_DOMAIN } from '../world/fixtures/slow-sites.ts';
import { MARKDOWN_DOMAINS, markdownUrl } from '../world/fixtures/markdown-sites.ts';
import { startService, type TestService } from './service.ts';
import { loadNetConfig } from '../../engines/net/index.ts';
import { openStore } from '../../server/store/index.ts';
import { bundleParseWorker } from '../../server/build.ts';
import { createParsePool, type ParsePool } from '../../server/parse-pool/pool.ts';

/** Each family's attack: a fresh URL of a costly site per call ({n} is replaced per call). */
export const FAIRNESS_FAMILIES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FAMILY_DOMAINS).map(([family, domain]) => [family, `https://${domain}/fair/{n}`])),
  ...Object.fromEntries(Object.keys(COSTLY_LEGAL_PAGES).map((domain) => [domain.replace(/\.com$/, ''), `https://${domain}/page/{n}`])),
  trickling: `https://${TRICKLING_DOMAIN}/slow/{n}`,
};

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface AttackSample {
  path: string;
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface FamilyRun {
  family: string;
  idleMs: number[];
  underAttackMs: number[];
  /** The benign calls' answers under attack. */
  benignAnswers: Answer[];
  /** /readyz statuses polled every 50 ms during the attack. */
  probes: number[];
  /** The attacker's answers by "status code-or-result-status". */
  counts: Record<string, number>;
  samples: AttackSample[];
  /** The attacker's share of the parse pool's use (its CPU, decayed over a minute) beside the benign callers'. */
  attackerPoolShare: number;
  /**
   * The share of the machine's CPU time, while the benign calls ran under attack, that went to
   * neither the rig (this process with the service, the world's and the attacker's processes,
   * PostgreSQL) nor idle: other programs on the machine and its host (steal). Null off Linux.
   */
  foreignCpuShare: number | null;
}

/** A process's CPU time (all its threads) in ticks, from /proc; 0 once it is gone. */
function processTicks(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

interface CpuSnapshot {
  total: number;
  foreign: number;
}

/** The machine's CPU time so far and the part of it not spent by the rig's processes, in ticks; null off Linux. */
function cpuSnapshot(rigPids: number[]): CpuSnapshot | null {
  try {
    // user nice system idle iowait irq softirq steal (guest time is inside user already)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const busy = user + nice + system + irq + softirq;
    const rig = [...rigPids, ...postgresPids()].reduce((sum, pid) => sum + processTicks(pid), processTicks('self'));
    return { total: busy + idle + iowait + steal, foreign: busy - rig + steal };
  } catch {
    return null;
  }
}

/** Asks `${url}/readyz` every 50 ms from now until stop(): the statuses answered, and `done` once the last probe is in. */
export function probeReadiness(url: string): { statuses: number[]; stop: () => void; done: Promise<void> } {
  let probing = true;
  const statuses: number[] = [];
  const done = (async () => {
    while (probing) {
      statuses.push((await fetch(`${url}/readyz`)).status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { statuses, stop: () => void (probing = false), done };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
export const p90 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))];
};

async function post(url: string, path: string, body: unknown, ip: string): Promise<Answer> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text,
  };
}

/** The attacking caller, in a process of its own. */
async function startAttacker(plan: { url: string; ip: string; inFlight: number; calls: [string, unknown][] }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/attacker-process.ts', JSON.stringify(plan)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  await lines.next();
  let report: Promise<{ counts: Record<string, number>; samples: AttackSample[] }> | null = null;
  return {
    pid: child.pid!,
    stop() {
      report ??= (async () => {
        child.kill('SIGTERM');
        const { value } = await lines.next();
        return JSON.parse(value ?? '{"counts":{},"samples":[]}');
      })();
      return report;
    },
  };
}

export interface FairnessRig {
  service: TestService;
  pool: ParsePool;
  runFamily(family: string, options?: { inFlight?: number; idleCalls?: number; benignCalls?: number; rampMs?: number }): Promise<FamilyRun>;
  close(): Promise<void>;
}

/**
 * The world, a service with the parse pool's production sizes (its deadline per analysis, its
 * threads) and its operations' deadlines capped at 5 s so that each family's attack drains
 * quickly, on SQLite or on a fresh PostgreSQL schema.
 */
export async function startFairnessRig({ store = 'sqlite' }: { store?: 'sqlite' | 'postgres' } = {}): Promise<FairnessRig> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/world/hostile-family-process.ts', '--with-fixtures', '--with-fairness'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const netEnv = JSON.parse(line) as Record<string, string>;
  // Inside the project (dist/ is ignored): the bundle imports its packages from node_modules.
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join('dist', 'fair-share-'));
  const pool = createParsePool({ workerFile: resolve(await bundleParseWorker(resolve(dir, 'parse-worker.mjs'))) });
  const shared =
    store === 'postgres' ? await openStore({ databaseUrl: process.env.DATABASE_URL!, pgSchema: `fair_share_${randomBytes(4).toString('hex')}` }) : undefined;
  const service = await startService({
    store: shared,
    parsePool: pool,
    config: { net: loadNetConfig(netEnv), trustedProxies: ['127.0.0.1'], notOkPerHour: null, operationDeadlineCapMs: 5_000 },
  });

  let benignCalls = 0;
  let attackers = 0;
  let nonce = 0;
  const benignAddresses = new Set<string>();
  const benignAddress = () => {
    const address = `203.0.113.${1 + (Math.floor(benignCalls++ / 4) % 250)}`;
    benignAddresses.add(address);
    return address;
  };
  async function benignCall() {
    const started = performance.now();
    const answer = await post(
      service.url,
      '/v1/clean-markdown',
      { url: `${markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes')}?v=${Date.now().toString(36)}-${nonce++}` },
      benignAddress(),
    );
    return { ms: performance.now() - started, answer };
  }
  /**
   * Resolves once no caller has work at any shared stage. A call whose client has gone still runs
   * when its turn comes (up to its 5 s deadline, 8 of the caller's at a time), so a trickling
   * attack of 30 calls takes about 20 s to drain.
   */
  async function drained() {
    for (let tries = 0; tries < 1_200; tries++) {
      const text = await (await fetch(`${service.url}/metrics`)).text();
      if (['calls', 'parse_pool', 'net_thread'].every((stage) => new RegExp(`^fair_share_active_callers\\{stage="${stage}"\\} 0$`, 'm').test(text))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the attack did not drain within 60 s');
  }
  // Warm: the parse threads compile the engines, the net thread its transport, the world its certificates.
  for (let index = 0; index < 3; index++) await benignCall();

  return {
    service,
    pool,
    async runFamily(family, { inFlight = 30, idleCalls = 10, benignCalls: underAttackCalls = 16, rampMs = 1_500 } = {}) {
      const idleMs: number[] = [];
      for (let index = 0; index < idleCalls; index++) {
        const { ms, answer } = await benignCall();
        if (answer.body?.status !== 'ok') throw new Error(`idle benign call: ${answer.status} ${answer.text.slice(0, 200)}`);
        idleMs.push(ms);
      }
      const attackerIp = `198.51.100.${++attackers}`;
      const url = FAIRNESS_FAMILIES[family];
      // Alternating readers: the markdown reader and the product reader.
      const attacker = await startAttacker({
        url: service.url,
        ip: attackerIp,
        inFlight,
        calls: [
          ['/v1/clean-markdown', { url }],
          ['/v1/skills/universal_product_url_to_json', { product_url: url }],
        ],
      });
      const readiness = probeReadiness(service.url);
      const underAttackMs: number[] = [];
      const benignAnswers: Answer[] = [];
      const rigPids = [child.pid!, attacker.pid];
      let before: CpuSnapshot | null = null;
      let after: CpuSnapshot | null = null;
      try {
        // The attack fills the pool and the net thread first.
        await new Promise((resolve) => setTimeout(resolve, rampMs));
        before = cpuSnapshot(rigPids);
        for (let index = 0; index < underAttackCalls; index++) {
          const { ms, answer } = await benignCall();
          underAttackMs.push(ms);
          benignAnswers.push(answer);
        }
        after = cpuSnapshot(rigPids);
      } finally {
        readiness.stop();
      }
      const foreignCpuShare = before && after && after.total > before.total ? Math.max(0, after.foreign - before.foreign) / (after.total - before.total) : null;
      const attackerUse = pool.usedBy(attackerIp);
      const benignUse = [...benignAddresses].reduce((sum, address) => sum + pool.usedBy(address), 0);
      const { counts, samples } = await attacker.stop();
      await readiness.done;
      await drained();
      return {
        family,
        idleMs,
        underAttackMs,
        benignAnswers,
        probes: readiness.statuses,
        counts,
        samples,
        attackerPoolShare: attackerUse + benignUse > 0 ? attackerUse / (attackerUse + benignUse) : 0,
        foreignCpuShare,
      };
    },
    async close() {
      await service.close();
      await pool.close();
      if (store === 'postgres') await service.store.close();
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type { ChildProcess };
