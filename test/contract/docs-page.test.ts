import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startService, type TestService } from '../support/service.ts';
import { rawGet } from '../support/http-call.ts';
import { assertValid, call } from '../support/contract.ts';
import { DOCS_ASSETS, DOCS_CSP } from '../../server/docs-page.ts';
import { startedService } from '../support/lifecycle.ts';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const TYPES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'init.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

describe('GET /docs and its assets', () => {
  const setup = startedService({ config: { publicBaseUrl: 'https://api.example.test' } });

  it('serves the page as text/html under a same-origin Content-Security-Policy, with no third-party URL', async () => {
    const page = await rawGet(`${setup.url}/docs`);
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['content-security-policy'], DOCS_CSP);
    assert.match(DOCS_CSP, /script-src 'self'(;|$)/);
    assert.doesNotMatch(DOCS_CSP, /unsafe-inline|unsafe-eval|\*/);
    assert.equal(page.headers['cache-control'], 'public, max-age=300');
    const html = page.body.toString();
    assert.doesNotMatch(html, /https?:\/\//, 'every URL of the page is this origin');
    assert.doesNotMatch(html, /<script>|<style|\sstyle=|\son[a-z]+=/i, 'no inline script or style');
    for (const file of DOCS_ASSETS) assert.ok(html.includes(`"/docs/assets/${file}"`), file);
  });

  it('offers exactly the files the spec names', () => {
    assert.deepEqual([...DOCS_ASSETS].sort(), Object.keys(TYPES).sort());
  });

  for (const file of Object.keys(TYPES)) {
    it(`/docs/assets/${file}: ${TYPES[file]}, cached a day, 304 on its ETag`, async () => {
      const asset = await rawGet(`${setup.url}/docs/assets/${file}`);
      assert.equal(asset.status, 200);
      assert.equal(asset.headers['content-type'], TYPES[file]);
      assert.equal(asset.headers['cache-control'], 'public, max-age=86400');
      assert.equal(asset.headers['x-content-type-options'], 'nosniff');
      if (file === 'init.js') {
        const script = asset.body.toString();
        assert.match(script, /SwaggerUIBundle\(/);
        assert.match(script, /"url": "\/openapi\.json"/);
        assert.match(script, /"displayOperationId": true/);
        assert.match(script, /"validatorUrl": null/);
      } else assert.deepEqual(asset.body, readFileSync(join(swaggerUiDir, file)), 'the installed package file, byte for byte');
      const again = await rawGet(`${setup.url}/docs/assets/${file}`, { 'if-none-match': String(asset.headers.etag) });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
    });
  }

  it('gzips the style sheet and the bundle to clients that accept it, and not the PNG', async () => {
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      const plain = await rawGet(`${setup.url}/docs/assets/${file}`);
      const zipped = await rawGet(`${setup.url}/docs/assets/${file}`, { 'accept-encoding': 'gzip' });
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.ok(zipped.body.length < plain.body.length / 3, `${file}: ${zipped.body.length} vs ${plain.body.length}`);
      assert.deepEqual(gunzipSync(zipped.body), plain.body);
      assert.equal(zipped.headers.etag, plain.headers.etag);
    }
    const icon = await rawGet(`${setup.url}/docs/assets/favicon-32x32.png`, { 'accept-encoding': 'gzip' });
    assert.equal(icon.headers['content-encoding'], undefined);
  });

  it('answers a file outside the list with not_found, even one the package has', async () => {
    for (const path of ['/docs/assets/swagger-ui.js', '/docs/assets/index.html', '/docs/assets/%2e%2e%2fpackage.json', '/docs/assets/']) {
      const { status, body } = await call(setup.url, path, { method: 'GET' });
      assert.equal(status, 404, path);
      assert.equal(body.code, 'not_found', path);
      assert.equal(body.type, 'https://api.example.test/errors#not_found');
    }
  });

  it('answers POST on the page and on an asset with method_not_allowed and Allow: GET', async () => {
    for (const path of ['/docs', '/docs/assets/init.js']) {
      const { status, body, headers } = await call(setup.url, path, { body: {} });
      assert.equal(status, 405, path);
      assert.equal(body.code, 'method_not_allowed', path);
      assert.match(headers.get('allow')!, /^GET\b/, path);
    }
  });
});

describe('GET /docs under a PUBLIC_BASE_URL with a path', () => {
  const setup = startedService({ config: { publicBaseUrl: 'https://api.example.test/intel/' } });

  it('prefixes the assets and the spec with that path, never its origin', async () => {
    const html = (await rawGet(`${setup.url}/docs`)).body.toString();
    assert.ok(html.includes('"/intel/docs/assets/swagger-ui-bundle.js"'));
    assert.doesNotMatch(html, /api\.example\.test/);
    const script = (await rawGet(`${setup.url}/docs/assets/init.js`)).body.toString();
    assert.match(script, /"url": "\/intel\/openapi\.json"/);
  });
});

describe('the interface /docs renders: inputs, examples, introduction', () => {
  let service: TestService;
  let served: any;
  before(async () => {
    service = await startService({ config: { publicBaseUrl: 'https://api.example.test' } });
    served = (await call(service.url, '/openapi.json', { method: 'GET' })).body;
  });
  after(() => service.close());

  it('takes PAYMENT-SIGNATURE as a string to paste: no content keyword that makes Swagger UI offer a file picker', () => {
    const schema = served.components.parameters.PaymentSignature.schema;
    assert.equal(schema.type, 'string');
    // Swagger UI's isFileUploadIntended: a string schema with contentMediaType or contentEncoding.
    assert.equal(schema.contentMediaType, undefined);
    assert.equal(schema.contentEncoding, undefined);
  });

  it('gives every problem response an example of its own status: a catalog code with its title, hint and retryable', () => {
    const catalog = new Map((served['x-error-catalog'] as any[]).map((entry) => [entry.code, entry]));
    /** The HTTP statuses each response component answers with, across every operation. */
    const usedAs = new Map<string, Set<string>>();
    for (const item of Object.values<any>(served.paths)) {
      for (const op of Object.values<any>(item)) {
        for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
          const name = response.$ref?.split('/').pop();
          if (name) usedAs.set(name, (usedAs.get(name) ?? new Set()).add(status));
        }
      }
    }
    let checked = 0;
    for (const [name, response] of Object.entries<any>(served.components.responses)) {
      const problem = response.content?.['application/problem+json'];
      if (!problem || name === 'PaymentChallenge') continue;
      const example = problem.example;
      assert.ok(example, `${name} has an example`);
      assertValid('Problem', example, name);
      assert.deepEqual([...(usedAs.get(name) ?? [])], [String(example.status)], `${name} is answered with ${example.status} only`);
      const entry = catalog.get(example.code);
      assert.ok(entry, `${name}: ${example.code} is in the catalog`);
      assert.deepEqual(
        { status: example.status, title: example.title, hint: example.hint, retryable: example.retryable },
        { status: entry.status, title: entry.title, hint: entry.hint, retryable: entry.retryable },
        name,
      );
      assert.equal(example.payment_required, undefined, `${name}: only a 402 carries payment terms`);
      assert.equal(example.type, `https://api.example.test/errors#${example.code}`);
      checked++;
    }
    assert.ok(checked >= 10, `${checked} problem responses`);
  });

  it('opens with a short introduction; the rules are behind a link, in llms.txt, with the base URL sentence intact', async () => {
    const words = String(served.info.description).split(/\s+/).length;
    assert.ok(words < 250, `${words} words before the first operation`);
    assert.match(served.info.description, /\(https:\/\/api\.example\.test\/llms\.txt\)/);
    const llms = (await rawGet(`${service.url}/llms.txt`)).body.toString();
    assert.match(llms, /\n## Service rules\n/);
    for (const rule of ['**Pipeline.**', '**Idempotency.**', '**Metering.**', '**Limits on fetched content.**', '**Base URL.**'])
      assert.ok(llms.includes(rule), rule);
    // The sentence about the placeholder reads right once the base URL is filled in.
    assert.match(llms, /hold a placeholder in its place, which the service fills in/);
    assert.ok(!llms.includes('{base_url}') && !JSON.stringify(served).includes('{base_url}'));
  });

  it('names this deployment as its one server (the spec keeps a template for client generators)', () => {
    assert.deepEqual(
      served.servers.map((server: any) => server.url),
      ['https://api.example.test'],
    );
  });
});
