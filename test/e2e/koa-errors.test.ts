/**
 * Errors Koa reports itself (outside the respond stage) in the real service (server/main.ts in a
 * child process): a request body that does not arrive within HTTP_REQUEST_TIMEOUT_MS, and
 * malformed HTTP while a request is in flight. Each is one JSON line in the log on stdout, and
 * nothing (no raw multi-line stack) on stderr.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port.ts';
import { OFFLINE_ENV } from '../support/service.ts';

/** Writes raw bytes on one connection; resolves with what came back once the server closed it (or after waitMs). */
function rawExchange(port: number, chunks: string[], { waitMs = 3_000 } = {}): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (data) => (answer += data));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

describe("Koa's own errors go to the JSON log, not to stderr as stacks", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'koa-errors-'));
  let child: ChildProcess;
  let port = 0;
  let stdout = '';
  let stderr = '';

  before(async () => {
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...OFFLINE_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: join(dir, 'service.sqlite'),
        LOG_LEVEL: 'info',
        HTTP_HEADERS_TIMEOUT_MS: '500',
        HTTP_REQUEST_TIMEOUT_MS: '1000',
        HOUSEKEEPING_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (data) => (stdout += data));
    child.stderr!.on('data', (data) => (stderr += data));
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the service did not start: ${stderr}`);
  });
  after(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs a request timeout and malformed HTTP as one JSON line each', async () => {
    // A body promised (Content-Length 100) but not sent: Node answers 408 after the request timeout.
    const timedOut = await rawExchange(port, [
      'POST /v1/tech-stack HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"domain":',
    ]);
    assert.match(timedOut, /^HTTP\/1\.1 408 /);
    // A complete call (its DNS look-up fails only after NET_DNS_TIMEOUT_MS), then bytes that are no HTTP request.
    const body = '{"domain":"example.com"}';
    await rawExchange(
      port,
      [
        `POST /v1/tech-stack HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        '\u0001\u0002 not http\r\n\r\n',
      ],
      { waitMs: 1_500 },
    );

    child.kill('SIGTERM');
    await once(child, 'exit');

    assert.doesNotMatch(stderr, /^\s+at /m, `no stack on stderr:\n${stderr}`);
    assert.doesNotMatch(stderr, /Error|ERR_|HPE_/, `nothing about the errors on stderr:\n${stderr}`);
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const timeout = lines.find((line) => line.code === 'ERR_HTTP_REQUEST_TIMEOUT');
    assert.ok(timeout, `a log line for the timeout in:\n${stdout}`);
    assert.equal(timeout.level, 'warn');
    assert.equal(timeout.path, '/v1/tech-stack');
    assert.equal(timeout.method, 'POST');
    assert.match(timeout.requestId, /^[0-9a-f-]{36}$/);
    assert.equal(timeout.stack, undefined, 'what the client caused is logged without a stack');
    const malformed = lines.find((line) => /^HPE_/.test(String(line.code)));
    assert.ok(malformed, `a log line for the malformed request in:\n${stdout}`);
    assert.equal(malformed.level, 'warn');
  });
});
