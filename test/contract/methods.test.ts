/**
 * HEAD and OPTIONS on every path of the spec: HEAD answers like GET without a body (load
 * balancers' HEAD health checks), OPTIONS answers 204 with the same Allow list a 405 carries.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../support/contract.ts';
import { rawRequest } from '../support/http-call.ts';
import { operations } from '../../server/contract.ts';
import { DOCS_ASSETS } from '../../server/docs-page.ts';
import { startedService } from '../support/lifecycle.ts';

/** Every GET path of the spec, with each file of /docs/assets/{asset}. */
const GET_PATHS = operations
  .filter((op) => op.method === 'GET')
  .flatMap((op) => (op.path === '/docs/assets/{asset}' ? DOCS_ASSETS.map((file) => `/docs/assets/${file}`) : [op.path]));
/** Headers that differ between any two answers. */
const PER_ANSWER = new Set(['date', 'x-request-id']);
/** /metrics counts the requests themselves, so its length changes between two answers. */
const CHANGING_LENGTH = new Set(['/metrics']);

function comparable(headers: Record<string, string | string[] | undefined>, path: string) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name) && !(CHANGING_LENGTH.has(path) && name === 'content-length')));
}

describe('HEAD answers like GET, without a body', () => {
  const setup = startedService();

  it('covers every GET path of the spec', () => {
    for (const path of [
      '/v1/catalog',
      '/errors',
      '/openapi.json',
      '/.well-known/x402.json',
      '/.well-known/agent-card.json',
      '/llms.txt',
      '/docs',
      '/docs/assets/init.js',
      '/metrics',
      '/healthz',
      '/readyz',
    ]) {
      assert.ok(GET_PATHS.includes(path), path);
    }
  });

  for (const path of GET_PATHS) {
    for (const encoding of ['identity', 'gzip']) {
      it(`HEAD ${path} (Accept-Encoding: ${encoding})`, async () => {
        const headers = { 'accept-encoding': encoding };
        const get = await rawRequest(setup.url + path, { headers });
        const head = await rawRequest(setup.url + path, { method: 'HEAD', headers });
        assert.equal(head.status, get.status);
        assert.ok([200, 503].includes(get.status), `${path}: ${get.status}`);
        assert.equal(head.body.length, 0, 'no body');
        assert.ok(get.headers['content-type'], 'a content type');
        assert.ok(Number(head.headers['content-length']) > 0, 'the length of the body GET sends');
        assert.deepEqual(comparable(head.headers, path), comparable(get.headers, path));
        if (!CHANGING_LENGTH.has(path)) assert.equal(Number(head.headers['content-length']), get.body.length);
      });
    }
  }

  it('HEAD with a matching ETag is 304, like GET', async () => {
    const { headers } = await rawRequest(`${setup.url}/v1/catalog`);
    const head = await rawRequest(`${setup.url}/v1/catalog`, { method: 'HEAD', headers: { 'if-none-match': String(headers.etag) } });
    assert.equal(head.status, 304);
  });

  it('HEAD on an operation or /mcp is 405 with the Allow list', async () => {
    for (const path of ['/v1/tech-stack', '/mcp']) {
      const head = await rawRequest(setup.url + path, { method: 'HEAD' });
      assert.equal(head.status, 405, path);
      assert.equal(head.headers.allow, 'POST, OPTIONS', path);
      assert.equal(head.body.length, 0);
    }
  });
});

describe('OPTIONS and 405 agree on Allow', () => {
  const setup = startedService();

  const paths = [...new Set(operations.map((op) => op.path.replace('{file}', 'init.js')))];
  for (const path of paths) {
    const isDocument = operations.some((op) => op.path.replace('{file}', 'init.js') === path && op.method === 'GET');
    const allow = isDocument ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS';
    it(`${path}: OPTIONS is 204 with Allow: ${allow}, and a method outside it is 405 with the same Allow`, async () => {
      const options = await rawRequest(setup.url + path, { method: 'OPTIONS' });
      assert.equal(options.status, 204);
      assert.equal(options.headers.allow, allow);
      assert.equal(options.body.length, 0);
      const refused = await call(setup.url, path, isDocument ? { body: {} } : { method: 'GET' });
      assert.equal(refused.status, 405);
      assert.equal(refused.body.code, 'method_not_allowed');
      assert.equal(refused.headers.get('allow'), allow);
      assert.equal(refused.headers.get('cache-control'), 'no-store', 'a 405 is heuristically cacheable without it');
      const put = await call(setup.url, path, { method: 'PUT' });
      assert.equal(put.status, 405);
      assert.equal(put.headers.get('allow'), allow);
    });
  }

  it('OPTIONS on an unknown path is not_found', async () => {
    const missing = await call(setup.url, '/v1/nothing-here', { method: 'OPTIONS' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'not_found');
    assert.equal(missing.headers.get('cache-control'), 'no-store', 'a 404 is heuristically cacheable without it');
  });

  it('a CORS preflight is still answered by the cross-origin stage and allows HEAD', async () => {
    const preflight = await rawRequest(`${setup.url}/v1/catalog`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'HEAD' },
    });
    assert.equal(preflight.status, 204);
    assert.match(String(preflight.headers['access-control-allow-methods']), /\bHEAD\b/);
  });
});
