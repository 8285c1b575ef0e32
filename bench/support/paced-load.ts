/**
 * An open-loop load at a steady rate: request i is sent at start + i / rate, whether or not earlier
 * answers have come back, over a pool of keep-alive connections (undici); a request that finds
 * every connection busy waits in the pool's queue, and that wait counts in its latency.
 *
 * Why not autocannon's `overallRate`: each of its connections sends as fast as it can until it has
 * made its share of the second, then idles until the next one-second tick, so "70% of the rate"
 * is full load for 0.7 s and nothing for 0.3 s, and its p99 is the p99 of full load
 * (node_modules/autocannon/lib/httpClient.js, `reqsMadeThisSecond`).
 *
 * The schedule is kept with a 1 ms timer: each tick sends the requests that have come due, so
 * arrivals are spread to the millisecond. Latency runs from the moment a request is handed to the
 * pool to the last byte of its answer.
 *
 * pacedLoadInChild runs it in a process of its own, so that the heap and pauses of whoever
 * calls it (a benchmark that just ran autocannon) do not show up as the server's latency; the
 * child's first two seconds at the same rate are not counted (its own JIT warm-up).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A new X-Forwarded-For per request, `${firstOctet}.x.y.z` (callers rate limited per IP). */
  ipPerRequest?: { firstOctet: number };
}

export interface PacedResult {
  /** Requests per second actually sent (below `rate` when this client could not keep up). */
  sentRate: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** The share of a core this client itself used while sending the measured part (it shares the machine with the server). */
  clientCpu: number;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/**
 * warmupSeconds: the schedule starts that long before the measured part, on the same connections;
 * those requests are sent and answered but not counted.
 * connections: 50 by default, so that at rates near 20,000/s a request seldom waits in this
 * client's own pool for a free connection (bench:load prints bare Koa's p99 at each paced rate:
 * that floor includes any such wait).
 */
export async function pacedLoad(origin: string, request: PacedRequest, { rate, seconds = 4, connections = 50, warmupSeconds = 0 }: { rate: number; seconds?: number; connections?: number; warmupSeconds?: number }): Promise<PacedResult> {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.max(1, Math.round(rate * seconds));
  // Preallocated, and no promise kept per request: the client's own garbage collections would
  // otherwise pause it mid-run and show up as the server's latency.
  const latencies = new Float64Array(total - warmup);
  let measured = 0;
  let non2xx = 0;
  let errors = 0;
  let finished = 0;
  let allFinished: () => void = () => {};

  async function send(index: number) {
    const started = performance.now();
    try {
      const answer = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.ipPerRequest ? { ...request.headers, 'x-forwarded-for': `${request.ipPerRequest.firstOctet}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` } : request.headers,
        body: request.body,
      });
      await answer.body.dump({ limit: Infinity });
      if (index >= warmup) {
        latencies[measured++] = performance.now() - started;
        if (answer.statusCode < 200 || answer.statusCode > 299) non2xx++;
      }
    } catch {
      if (index >= warmup) errors++;
    }
    if (++finished === total) allFinished();
  }

  const start = performance.now();
  let measuredFrom = start;
  let cpuFrom = process.cpuUsage();
  let sent = 0;
  await new Promise<void>((resolve) => {
    (function tick() {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) {
        if (sent === warmup) {
          measuredFrom = performance.now();
          cpuFrom = process.cpuUsage();
        }
        void send(sent++);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    })();
  });
  const sendingSeconds = (performance.now() - measuredFrom) / 1000;
  if (finished < total) await new Promise<void>((resolve) => (allFinished = resolve));
  const cpu = process.cpuUsage(cpuFrom);
  const clientCpu = (cpu.user + cpu.system) / 1000 / Math.max(1, performance.now() - measuredFrom);
  await pool.close();
  const sorted = Array.from(latencies.subarray(0, measured)).sort((a, b) => a - b);
  return { sentRate: (total - warmup) / Math.max(sendingSeconds, 1 / rate), total: total - warmup, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN, non2xx, errors, clientCpu };
}

type PacedOptions = Parameters<typeof pacedLoad>[2];

/** pacedLoad in a child process of its own (run by the same loader as this one: tsx). */
export async function pacedLoadInChild(origin: string, request: PacedRequest, options: PacedOptions): Promise<PacedResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--paced', JSON.stringify({ origin, request, options })], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');
  const [result] = (await Promise.race([once(child, 'message'), exited.then(([code]) => Promise.reject(new Error(`paced load child exited with ${code}`)))])) as [PacedResult];
  child.disconnect();
  await exited;
  return result;
}

if (process.argv[2] === '--paced' && process.send) {
  const { origin, request, options } = JSON.parse(process.argv[3]) as { origin: string; request: PacedRequest; options: PacedOptions };
  // A new process runs this client unoptimized at first: two seconds at the same rate, not counted.
  process.send(await pacedLoad(origin, request, { warmupSeconds: 2, ...options }));
}
