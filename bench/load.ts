/**
 * npm run bench:load
 * The bundled service as `npm start` runs it (server/build.ts), beside a bare Koa server
 * (bench/support/bare-koa.ts) answering the very bytes the service answered (same size, same
 * gzip), both in child processes and loaded by autocannon from this one, rounds interleaved:
 * requests/s and CPU time per request (user + system, from /proc) of three cheap paths, each as a
 * ratio to bare Koa in the same run. The paths: a stored tech-stack result (the same input again
 * on the same day), the advisor (each request from its own IP, its limit being 60 per hour per IP)
 * and GET /v1/catalog. CPU per request is the figure the load generator cannot cap: it shares the
 * two cores with the servers. Then the peak RSS of a fresh instance under 200 concurrent connections.
 * Targets (#9): >= 50% of bare Koa's requests/s for the stored result and the catalog (the
 * advisor's is printed, not judged: 60 calls an hour per IP); RSS <= 250 MB under 200 connections.
 * Latencies are printed, not judged: on a shared two-core machine bare Koa's own p99 moves with
 * whatever else runs.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { startServiceInChild } from '../test/support/child-service.ts';
import type { Config } from '../server/config.ts';
import { startBareKoa } from './support/bare-koa.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Path {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** A new X-Forwarded-For per request. */
  ipPerRequest?: boolean;
  /** Whether the requests/s target applies. */
  judged: boolean;
}

const PATHS: Path[] = [
  { name: 'stored tech-stack result', method: 'POST', path: '/v1/tech-stack', body: JSON.stringify({ domain: 'stored.com' }), judged: true },
  {
    name: 'advisor',
    method: 'POST',
    path: '/v1/advisor',
    body: JSON.stringify({ agent_goal: 'find out which analytics and ad pixels a company website uses', sample_domain: 'acme.com' }),
    ipPerRequest: true,
    judged: false,
  },
  { name: 'catalog (gzip)', method: 'GET', path: '/v1/catalog', judged: true },
];
const HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'gzip', 'x-forwarded-for': '192.0.2.1' };

let nextIp = 0;
function ipHeader() {
  const n = ++nextIp;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The service's answer to one request of the path, as bytes (still gzipped) and the headers a bare server needs to repeat it. */
function answerOf(url: string, path: Path) {
  return new Promise<{ base64: string; headers: Record<string, string> }>((resolve, reject) => {
    const headers = { ...HEADERS, 'x-forwarded-for': path.ipPerRequest ? ipHeader() : HEADERS['x-forwarded-for'] };
    const req = request(url + path.path, { method: path.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const kept: Record<string, string> = {};
        for (const name of [
          'content-type',
          'content-encoding',
          'cache-control',
          'etag',
          'vary',
          'x-request-id',
          'x-usage-free-remaining',
          'x-usage-free-limit',
        ])
          if (res.headers[name]) kept[name] = String(res.headers[name]);
        if (res.statusCode !== 200) reject(new Error(`${path.path} answered ${res.statusCode}`));
        else resolve({ base64: Buffer.concat(chunks).toString('base64'), headers: kept });
      });
    });
    req.on('error', reject);
    req.end(path.body);
  });
}

async function load(url: string, path: Path, { connections = 20, seconds = SECONDS } = {}) {
  const result = await autocannon({
    url: url + path.path,
    connections,
    duration: seconds,
    requests: [
      {
        method: path.method,
        headers: HEADERS,
        body: path.body,
        ...(path.ipPerRequest ? { setupRequest: (request: any) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': ipHeader() } }) } : {}),
      },
    ],
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** CPU seconds (user + system) and system seconds a process has used so far. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { all: (Number(fields[11]) + Number(fields[12])) / 100, system: Number(fields[12]) / 100 };
}

/** A run and the CPU time per request (µs) the server process spent on it, and the kernel's part of it. */
async function measured(pid: number, run: () => ReturnType<typeof load>) {
  const before = cpuSeconds(pid);
  const result = await run();
  const after = cpuSeconds(pid);
  const perRequest = (seconds: number) => (result.total > 0 ? (seconds * 1e6) / result.total : NaN);
  return { ...result, cpuMicros: perRequest(after.all - before.all), systemMicros: perRequest(after.system - before.system) };
}
type Measured = Awaited<ReturnType<typeof measured>>;

const mean = (runs: Measured[], figure: 'rps' | 'cpuMicros' | 'systemMicros') => runs.reduce((sum, run) => sum + run[figure], 0) / runs.length;
const range = (values: number[], digits = 2) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** The highest RSS of a process while it runs, sampled every 100 ms. */
function peakRss(pid: number) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return { stop: () => (clearInterval(sampler), Math.max(peak, rssMb(pid))) };
}

const startLoadService = (config: Partial<Config> = {}) =>
  startServiceInChild(new URL('./support/load-handlers.ts', import.meta.url), {
    exportName: 'loadHandlers',
    config: { trustedProxies: ['127.0.0.1'], ...config },
    bundled: true,
  });

/** The stored result the first path replays: the first call runs the handler and stores it. */
async function storeResult(url: string) {
  const stored = await fetch(`${url}/v1/tech-stack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body: PATHS[0].body,
  });
  if (stored.status !== 200) throw new Error(`warm-up answered ${stored.status}`);
}

/** One path: ROUNDS interleaved rounds of the service and of bare Koa answering the same bytes; true when its target holds. */
async function comparePath(service: { url: string; pid: number }, path: Path): Promise<boolean> {
  const answer = await answerOf(service.url, path);
  const bare = await startBareKoa({ raw: answer });
  const barePath = { ...path, path: '/', ipPerRequest: false };
  try {
    await load(service.url, path, { seconds: 1 });
    await load(bare.url, barePath, { seconds: 1 });
    const rounds: { service: Measured; bare: Measured }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({ service: await measured(service.pid, () => load(service.url, path)), bare: await measured(bare.pid, () => load(bare.url, barePath)) });
    }
    const services = rounds.map((r) => r.service);
    const bares = rounds.map((r) => r.bare);
    const rpsRatio = mean(services, 'rps') / mean(bares, 'rps');
    const cpuRatio = mean(services, 'cpuMicros') / mean(bares, 'cpuMicros');
    const failures = services.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
    console.log(
      `  ${path.name}: ${mean(services, 'rps').toFixed(0)} req/s vs bare Koa ${mean(bares, 'rps').toFixed(0)} -> ${rpsRatio.toFixed(2)} (rounds ${rounds.map((r) => (r.service.rps / r.bare.rps).toFixed(2)).join(', ')}${path.judged ? '; target >= 0.5' : '; not judged'}); CPU per request ${mean(services, 'cpuMicros').toFixed(0)} vs ${mean(bares, 'cpuMicros').toFixed(0)} µs -> ${cpuRatio.toFixed(2)}x; p99 ${range(
        services.map((run) => run.p99),
        0,
      )} ms vs ${range(
        bares.map((run) => run.p99),
        0,
      )} ms; ${Buffer.from(answer.base64, 'base64').length} bytes per answer; non-2xx or errors ${failures}`,
    );
    return (!path.judged || rpsRatio >= 0.5) && failures === 0;
  } finally {
    await bare.close();
  }
}

/** The connections' own memory: 200 at once on an instance that has served nothing else; true when within 250 MB. */
async function crowdRss(): Promise<boolean> {
  const service = await startLoadService();
  try {
    await storeResult(service.url);
    const before = rssMb(service.pid);
    const peak = peakRss(service.pid);
    const crowd = await load(service.url, PATHS[0], { connections: 200 });
    const peakMb = peak.stop();
    console.log(
      `  200 concurrent connections on the stored result, on a fresh instance: ${crowd.rps.toFixed(0)} req/s, errors ${crowd.errors}; peak RSS ${peakMb.toFixed(0)} MB (target <= 250 MB; ${before.toFixed(0)} MB before the run)`,
    );
    return peakMb <= 250 && crowd.errors === 0;
  } finally {
    await service.close();
  }
}

const verdicts: boolean[] = [];
const service = await startLoadService();
try {
  await storeResult(service.url);
  console.log(
    `load over loopback, 20 connections, ${ROUNDS} rounds of ${SECONDS} s per server and path, service (logs off) and bare Koa interleaved; figures are means of the rounds`,
  );
  for (const path of PATHS) verdicts.push(await comparePath(service, path));
} finally {
  await service.close();
}
verdicts.push(await crowdRss());
console.log(verdicts.every(Boolean) ? 'targets met' : 'TARGETS MISSED (see above)');
