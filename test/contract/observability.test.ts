/**
 * Observability: one JSON log line per request and per call (request id, operation, status,
 * charge), GET /metrics in Prometheus format, GET /readyz following the store.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type TestService } from '../support/service.ts';
import { assertValid, call } from '../support/contract.ts';
import { minimalHandlers } from '../support/minimal-handlers.ts';
import { createLogger } from '../../server/observability/log.ts';
import { openStore } from '../../server/store/index.ts';
import { connectMcp } from '../support/mcp.ts';

/** A pino destination that keeps every line, parsed. */
function captureLines() {
  const lines: Record<string, any>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, destination };
}

/** The value of one sample of the exposition text, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const have = inner.split(',');
    if (wanted.every((pair) => have.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

const waitForFlush = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('observability', () => {
  let service: TestService;
  const captured = captureLines();
  const who = { 'X-Forwarded-For': '203.0.113.77' };

  before(async () => {
    const { log } = createLogger({ level: 'info', destination: captured.destination });
    service = await startService({ handlers: minimalHandlers, log, config: { trustedProxies: ['127.0.0.1'] } });
  });
  after(async () => {
    await service.close();
  });

  it('logs one JSON line per request and per call with the request id, operation, status and charge', async () => {
    const answer = await call(service.url, '/v1/tech-stack', { body: { domain: 'logged.com' }, headers: who });
    assert.equal(answer.status, 200);
    const bad = await call(service.url, '/v1/tech-stack', { body: { domain: 'not a domain' }, headers: who });
    assert.equal(bad.status, 400);
    await waitForFlush();
    const requestId = answer.headers.get('x-request-id');
    const request = captured.lines.find((line) => line.msg === 'request' && line.requestId === requestId);
    assert.ok(request, 'an access line for the request');
    assert.equal(request.level, 'info');
    assert.equal(request.operation, 'techStack');
    assert.equal(request.status, 200);
    assert.equal(request.method, 'POST');
    assert.equal(typeof request.durationMs, 'number');
    assert.match(request.time, /^\d{4}-\d\d-\d\dT/);
    const callLine = captured.lines.find((line) => line.msg === 'call' && line.requestId === requestId);
    assert.deepEqual(
      {
        operation: callLine?.operation,
        transport: callLine?.transport,
        outcome: callLine?.outcome,
        charge: callLine?.charge,
        chargedMicroUsd: callLine?.chargedMicroUsd,
      },
      { operation: 'techStack', transport: 'http', outcome: 'ok', charge: 'free_use', chargedMicroUsd: 0 },
    );
    const refused = captured.lines.find((line) => line.msg === 'request' && line.requestId === bad.headers.get('x-request-id'));
    assert.deepEqual({ status: refused?.status, code: refused?.code }, { status: 400, code: 'invalid_domain' });
    assert.ok(!JSON.stringify(captured.lines).includes('203.0.113.77'), 'caller addresses are not logged');
  });

  it('serves Prometheus metrics: requests and latency per route, calls by outcome and transport, charges', async () => {
    await call(service.url, '/v1/tech-stack', { body: { domain: 'metered.com' }, headers: who });
    await call(service.url, '/v1/no-such-path', { method: 'GET', headers: who });
    assert.equal((await fetch(`${service.url}/docs/assets/init.js`)).status, 200);
    const client = await connectMcp(service.url, { 'X-Forwarded-For': '203.0.113.78' });
    const tool = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'over-mcp.com' } });
    assert.equal(tool.isError, undefined);
    await client.close();

    const response = await fetch(`${service.url}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.ok(sample(text, 'http_requests_total', { route: 'techStack', method: 'POST', status: '200' })! >= 2);
    assert.equal(sample(text, 'http_requests_total', { route: 'techStack', method: 'POST', status: '400' }), 1);
    assert.equal(sample(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status: '404' }), 1);
    assert.ok(sample(text, 'http_request_duration_seconds_count', { route: 'techStack' })! >= 3);
    assert.equal(
      sample(text, 'http_requests_total', { route: 'getDocsAsset', method: 'GET', status: '200' }),
      1,
      'a templated path is counted under its operationId',
    );
    assert.equal(sample(text, 'operation_calls_total', { operation: 'techStack', transport: 'http', outcome: 'ok' }), 2);
    assert.equal(sample(text, 'operation_calls_total', { operation: 'techStack', transport: 'http', outcome: 'invalid_domain' }), 1);
    assert.equal(sample(text, 'operation_calls_total', { operation: 'techStack', transport: 'mcp', outcome: 'ok' }), 1);
    assert.equal(sample(text, 'operation_duration_seconds_count', { operation: 'techStack', transport: 'mcp' }), 1);
    assert.equal(sample(text, 'charges_total', { operation: 'techStack', kind: 'free_use' }), 3);
    assert.equal(sample(text, 'charged_micro_usd_total', { operation: 'techStack', kind: 'free_use' }), 15_000);
    assert.ok(sample(text, 'process_resident_memory_bytes', {}) ?? /process_resident_memory_bytes \d+/.test(text), 'process metrics');
    assert.ok(!text.includes('metered.com') && !text.includes('203.0.113'), 'no target domain or caller address in metrics');
  });

  it('answers /readyz 200 while the store answers and 503 store_unreachable when it does not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readyz-'));
    const store = await openStore({ sqlitePath: join(dir, 'service.sqlite') });
    const own = await startService({ handlers: minimalHandlers, store });
    try {
      const ready = await fetch(`${own.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.equal(ready.headers.get('cache-control'), 'no-store');
      const body = await ready.json();
      assertValid('Readiness', body);
      assert.deepEqual({ status: body.status, store: body.store, reason: body.reason }, { status: 'ready', store: 'sqlite', reason: null });
      await store.close();
      const down = await fetch(`${own.url}/readyz`);
      assert.equal(down.status, 503);
      const downBody = await down.json();
      assertValid('Readiness', downBody);
      assert.deepEqual({ status: downBody.status, reason: downBody.reason }, { status: 'not_ready', reason: 'store_unreachable' });
      const alive = await fetch(`${own.url}/healthz`);
      assert.equal(alive.status, 200, 'liveness does not depend on the store');
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
