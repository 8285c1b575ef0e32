/**
 * An open-loop load at a steady rate: request i is sent at start + i / rate, whether or not earlier
 * answers have come back, over a pool of keep-alive connections; a request that finds every
 * connection busy waits in the pool's queue, and that wait counts in its latency.
 *
 * Why not autocannon's `overallRate`: each of its connections sends as fast as it can until it has
 * made its share of the second, then idles until the next one-second tick, so "70% of the rate"
 * is full load for 0.7 s and nothing for 0.3 s, and its p99 is the p99 of full load
 * (node_modules/autocannon/lib/httpClient.js, `reqsMadeThisSecond`).
 *
 * Why not a general HTTP client (undici): this client shares two cores with the server it
 * measures, so every microsecond it spends per request is taken from the server at high rates.
 * Like autocannon's own client, it writes each request from bytes built once (only the
 * X-Forwarded-For line changes per request) on plain sockets and reads the answers with
 * http-parser-js, keeping nothing per request but its latency. bench:load prints its CPU share.
 *
 * The schedule is kept with a 1 ms timer: each tick sends the requests that have come due, so
 * arrivals are spread to the millisecond. Latency runs from the moment a request comes due to the
 * last byte of its answer.
 *
 * pacedLoadInChild runs it in a process of its own, so that the heap and pauses of whoever
 * calls it (a benchmark that just ran autocannon) do not show up as the server's latency; the
 * child's first two seconds at the same rate are not counted (its own JIT warm-up).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { HTTPParser } from 'http-parser-js';

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
  /**
   * When the measured requests slower than `slowMs` came due, in milliseconds since the epoch
   * (performance.timeOrigin + now: a clock other processes share), oldest first, at most
   * MAX_SLOW_TIMES of them: bench:load lines them up with what else ran on the machine.
   */
  slowDueAt: number[];
  /** When the measured part began (its first request came due) and ended (its last answer came), on the same clock. */
  measuredSpan: { from: number; to: number };
}

const MAX_SLOW_TIMES = 50_000;

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/** The request's bytes: all of it built once, but for the X-Forwarded-For line when each request has its own IP. */
function requestBytes(origin: URL, request: PacedRequest): (index: number) => Buffer {
  const body = request.body === undefined ? null : Buffer.from(request.body);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `host: ${origin.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(request.headers)) {
    if (request.ipPerRequest && name.toLowerCase() === 'x-forwarded-for') continue;
    lines.push(`${name}: ${value}`);
  }
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(lines.join('\r\n') + '\r\n');
  const tail = Buffer.concat([Buffer.from('\r\n'), body ?? Buffer.alloc(0)]);
  if (!request.ipPerRequest) {
    const whole = Buffer.concat([head, tail]);
    return () => whole;
  }
  const first = request.ipPerRequest.firstOctet;
  return (index) => Buffer.concat([head, Buffer.from(`x-forwarded-for: ${first}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}\r\n`), tail]);
}

/**
 * warmupSeconds: the schedule starts that long before the measured part, on the same connections;
 * those requests are sent and answered but not counted.
 * connections: 50 by default, so that at rates near 20,000/s a request seldom waits in this
 * client's own pool for a free connection (bench:load prints bare Koa's p99 at each paced rate:
 * that floor includes any such wait).
 */
export async function pacedLoad(
  origin: string,
  request: PacedRequest,
  { rate, seconds = 4, connections = 50, warmupSeconds = 0, slowMs = 5 }: { rate: number; seconds?: number; connections?: number; warmupSeconds?: number; slowMs?: number },
): Promise<PacedResult> {
  const target = new URL(origin);
  const bytesOf = requestBytes(target, request);
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.max(1, Math.round(rate * seconds));
  const start = performance.now();
  // Preallocated: when each request came due, and the measured latencies. The client's own
  // garbage collections would otherwise pause it mid-run and show up as the server's latency.
  const dueAt = new Float64Array(total);
  const latencies = new Float64Array(total - warmup);
  const slowDueAt = new Float64Array(Math.min(total, MAX_SLOW_TIMES));
  let slow = 0;
  let measured = 0;
  let non2xx = 0;
  let errors = 0;
  let finished = 0;
  let allFinished: () => void = () => {};
  // Requests that came due while every connection was busy, oldest first.
  const waiting = new Int32Array(total);
  let waitingHead = 0;
  let waitingTail = 0;
  const idle: Connection[] = [];
  let alive = 0;

  interface Connection { socket: Socket; parser: InstanceType<typeof HTTPParser>; index: number; status: number }

  function finish(index: number, status: number | null) {
    if (index >= warmup) {
      if (status === null) errors++;
      else {
        const latency = performance.now() - dueAt[index];
        latencies[measured++] = latency;
        if (latency > slowMs && slow < slowDueAt.length) slowDueAt[slow++] = performance.timeOrigin + dueAt[index];
        if (status < 200 || status > 299) non2xx++;
      }
    }
    if (++finished === total) allFinished();
  }

  function open(): Connection {
    const connection: Connection = { socket: connect(Number(target.port || 80), target.hostname), parser: new HTTPParser(HTTPParser.RESPONSE), index: -1, status: 0 };
    connection.socket.setNoDelay(true);
    connection.parser[HTTPParser.kOnHeadersComplete] = (info: { statusCode: number }) => {
      connection.status = info.statusCode;
    };
    connection.parser[HTTPParser.kOnMessageComplete] = function answered() {
      const index = connection.index;
      connection.index = -1;
      finish(index, connection.status);
      next(connection);
    };
    connection.socket.on('data', (chunk: Buffer) => {
      const outcome = connection.parser.execute(chunk);
      if (outcome instanceof Error) connection.socket.destroy(outcome);
    });
    connection.socket.on('error', () => {});
    let connected = false;
    connection.socket.once('connect', () => (connected = true));
    connection.socket.on('close', function closed() {
      // The request under way is lost (an error). A connection that had connected is replaced; one
      // that never did is not (the server is gone): with no connection left, every request waiting
      // or still to come is an error, so the run ends instead of retrying forever.
      const lost = connection.index;
      connection.index = -1;
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      alive--;
      if (lost >= 0) finish(lost, null);
      if (finished >= total) return;
      if (connected) next(open());
      else if (alive === 0) while (waitingHead < waitingTail) finish(waiting[waitingHead++], null);
    });
    alive++;
    return connection;
  }

  function send(connection: Connection, index: number) {
    connection.index = index;
    connection.socket.write(bytesOf(index));
  }

  function next(connection: Connection) {
    if (connection.socket.destroyed) return;
    if (waitingHead < waitingTail) send(connection, waiting[waitingHead++]);
    else idle.push(connection);
  }

  for (let i = 0; i < connections; i++) idle.push(open());

  let measuredFrom = start;
  let cpuFrom = process.cpuUsage();
  let sent = 0;
  await new Promise<void>((resolve) => {
    (function tick() {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
      while (sent < due) {
        if (sent === warmup) {
          measuredFrom = now;
          cpuFrom = process.cpuUsage();
        }
        const index = sent++;
        dueAt[index] = now;
        const connection = idle.pop();
        if (connection) send(connection, index);
        else if (alive === 0) finish(index, null);
        else waiting[waitingTail++] = index;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    })();
  });
  const sendingSeconds = (performance.now() - measuredFrom) / 1000;
  if (finished < total) await new Promise<void>((resolve) => (allFinished = resolve));
  const endedAt = performance.now();
  const cpu = process.cpuUsage(cpuFrom);
  const clientCpu = (cpu.user + cpu.system) / 1000 / Math.max(1, performance.now() - measuredFrom);
  for (const connection of idle.splice(0)) connection.socket.destroy();
  const sorted = Array.from(latencies.subarray(0, measured)).sort((a, b) => a - b);
  return { sentRate: (total - warmup) / Math.max(sendingSeconds, 1 / rate), total: total - warmup, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN, non2xx, errors, clientCpu, slowDueAt: Array.from(slowDueAt.subarray(0, slow)).sort((a, b) => a - b), measuredSpan: { from: performance.timeOrigin + measuredFrom, to: performance.timeOrigin + endedAt } };
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
