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
 */
import { Pool } from 'undici';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Headers that change per request (e.g. a new X-Forwarded-For). */
  headersFor?: (index: number) => Record<string, string>;
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
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

export async function pacedLoad(origin: string, request: PacedRequest, { rate, seconds = 4, connections = 20 }: { rate: number; seconds?: number; connections?: number }): Promise<PacedResult> {
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const pending: Promise<void>[] = [];

  async function send(index: number) {
    const started = performance.now();
    try {
      const answer = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.headersFor ? { ...request.headers, ...request.headersFor(index) } : request.headers,
        body: request.body,
      });
      await answer.body.dump({ limit: Infinity });
      latencies.push(performance.now() - started);
      if (answer.statusCode < 200 || answer.statusCode > 299) non2xx++;
    } catch {
      errors++;
    }
  }

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    (function tick() {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) pending.push(send(sent++));
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    })();
  });
  const sendingSeconds = (performance.now() - start) / 1000;
  await Promise.all(pending);
  await pool.close();
  const sorted = latencies.sort((a, b) => a - b);
  return { sentRate: total / Math.max(sendingSeconds, 1 / rate), total, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN, non2xx, errors };
}
