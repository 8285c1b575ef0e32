import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '../../../../server/observability/log.ts';
import { koaErrorLogger } from '../../../../server/observability/koa-errors.ts';

function logged(error: unknown, ctx?: unknown) {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  const { log, logger } = createLogger({ level: 'info', destination });
  koaErrorLogger(log)(error, ctx as any);
  logger.flush();
  const lines = written.join('').split('\n').filter(Boolean);
  assert.equal(lines.length, 1, 'one line');
  return JSON.parse(lines[0]);
}

describe('koaErrorLogger', () => {
  const ctx = { state: { requestId: 'req-1' }, method: 'POST', path: '/v1/tech-stack' };

  it('logs what the client caused as a warning without a stack', () => {
    for (const error of [
      Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      Object.assign(new Error('aborted'), { code: 'ECONNRESET' }),
      Object.assign(new Error('Parse Error: Invalid method encountered'), { code: 'HPE_INVALID_METHOD' }),
      Object.assign(new Error('request aborted'), { status: 400, expose: true }),
    ]) {
      const line = logged(error, ctx);
      assert.equal(line.level, 'warn', error.message);
      assert.equal(line.stack, undefined);
      assert.deepEqual([line.requestId, line.method, line.path, line.error], ['req-1', 'POST', '/v1/tech-stack', error.message]);
    }
  });

  it('logs anything else as an error with its stack inside the one JSON line', () => {
    const line = logged(new TypeError('cannot read x of undefined'));
    assert.equal(line.level, 'error');
    assert.match(line.stack, /^TypeError: cannot read x of undefined\n\s+at /);
    assert.equal(line.requestId, undefined);
  });

  it('logs a thrown non-error as its text', () => {
    assert.equal(logged('plain text').error, 'plain text');
  });
});
