import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../support/contract.ts';
import { operations, canonicalOperation } from '../../server/contract.ts';
import { handlers } from '../../handlers/index.ts';
import { startedService } from '../support/lifecycle.ts';

const posted = operations.filter((op) => op.kind === 'operation' || op.kind === 'alias');

describe('every operation over HTTP', () => {
  const setup = startedService();

  it('covers the 13 operations, 9 skills and 5 deprecated aliases', () => {
    assert.equal(posted.filter((op) => op.kind === 'operation').length, 22);
    assert.deepEqual(
      posted
        .filter((op) => op.kind === 'alias')
        .map((op) => op.path)
        .sort(),
      ['/ask-advisor', '/clean-markdown', '/extract-contacts', '/private-query', '/verify-merchant'],
    );
  });

  for (const op of posted) {
    const example = canonicalOperation(op).examples[0].body;
    describe(`${op.method} ${op.path}`, () => {
      it('refuses an unknown field with invalid_input', async () => {
        const { status, body } = await call(setup.url, op.path, { body: { ...example, surprise_field: 1 } });
        assert.equal(status, 400);
        assert.equal(body.code, 'invalid_input');
        assert.ok(body.errors.some((error: any) => error.pointer === '/surprise_field'));
      });
      it('refuses bad JSON with invalid_json', async () => {
        const { status, body } = await call(setup.url, op.path, { raw: '{"domain": ', headers: { 'content-type': 'application/json' } });
        assert.equal(status, 400);
        assert.equal(body.code, 'invalid_json');
      });
      it('refuses a JSON array with invalid_json', async () => {
        const { body } = await call(setup.url, op.path, { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
        assert.equal(body.code, 'invalid_json');
      });
      it('refuses another content type with json_required', async () => {
        const { status, body } = await call(setup.url, op.path, { raw: JSON.stringify(example), headers: { 'content-type': 'text/plain' } });
        assert.equal(status, 415);
        assert.equal(body.code, 'json_required');
      });
      it('refuses GET with method_not_allowed', async () => {
        const { status, body, headers } = await call(setup.url, op.path, { method: 'GET' });
        assert.equal(status, 405);
        assert.equal(body.code, 'method_not_allowed');
        assert.match(headers.get('allow')!, /POST/);
      });
      it('refuses an Authorization header with unsupported_payment', async () => {
        const { status, body } = await call(setup.url, op.path, { body: example, headers: { Authorization: 'Bearer abc' } });
        assert.equal(status, 400);
        assert.equal(body.code, 'unsupported_payment');
      });
      if (!handlers[canonicalOperation(op).operationId]) {
        it('answers a valid body honestly while its engine is missing: engine_unavailable', async () => {
          const { status, body } = await call(setup.url, op.path, { body: example });
          assert.equal(status, 503);
          assert.equal(body.code, 'engine_unavailable');
          assert.equal(body.retryable, true);
        });
      }
      if (op.deprecated) {
        it('marks the alias deprecated with its successor', async () => {
          const { headers } = await call(setup.url, op.path, { body: example });
          assert.ok(headers.get('deprecation'));
          assert.match(headers.get('link')!, new RegExp(`${canonicalOperation(op).path}>; rel="successor-version"`));
        });
      }
    });
  }
});

describe('request limits and field codes', () => {
  const setup = startedService();

  it('refuses a body over 262144 bytes with body_too_large', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `greenhouse:${String(i).padStart(60, '0')}`);
    const { status, body } = await call(setup.url, '/v1/ats-jobs', { body: { domain: 'example.com', known_job_ids: ids } });
    assert.equal(status, 413);
    assert.equal(body.code, 'body_too_large');
  });

  it('accepts 5000 known_job_ids of ordinary length (within the body limit)', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `greenhouse:${4000000 + i}`);
    const { status, body } = await call(setup.url, '/v1/ats-jobs', { body: { domain: 'example.com', known_job_ids: ids } });
    // past validation: the board is looked up (offline here, so not ok and free)
    assert.equal(status, 200);
    assert.notEqual(body.status, 'ok');
  });

  for (const [name, input, code] of [
    ['5001 known_job_ids', { domain: 'example.com', known_job_ids: Array.from({ length: 5001 }, (_, i) => `l:${i}`) }, 'invalid_known_job_ids'],
    ['an empty job id', { domain: 'example.com', known_job_ids: [''] }, 'invalid_known_job_ids'],
    ['a 129-character job id', { domain: 'example.com', known_job_ids: ['x'.repeat(129)] }, 'invalid_known_job_ids'],
    ['known_job_ids that is a string', { domain: 'example.com', known_job_ids: 'a,b' }, 'invalid_known_job_ids'],
    ['diff_only without known_job_ids', { domain: 'example.com', diff_only: true }, 'diff_only_needs_known_job_ids'],
    ['a domain with a scheme', { domain: 'https://example.com' }, 'invalid_domain'],
    ['a domain with a path', { domain: 'example.com/jobs' }, 'invalid_domain'],
    ['a domain with a port', { domain: 'example.com:8080' }, 'invalid_domain'],
    ['an IP address', { domain: '93.184.216.34' }, 'invalid_domain'],
    ['a name without a public suffix', { domain: 'intranet.corp-local' }, 'invalid_domain'],
    ['a bare public suffix', { domain: 'co.uk' }, 'invalid_domain'],
    ['a 254-character domain', { domain: `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(8)}.com` }, 'invalid_domain'],
  ] as const) {
    it(`answers ${name} with ${code}`, async () => {
      const { status, body } = await call(setup.url, '/v1/ats-jobs', { body: input });
      assert.equal(status, 400);
      assert.equal(body.code, code);
    });
  }

  it('reads a body sent as application/<type>+json with parameters like application/json', async () => {
    for (const type of ['application/vnd.api+json', 'Application/JSON; charset=utf-8', 'application/problem+json;x=1']) {
      const { status, body } = await call(setup.url, '/v1/tech-stack', { raw: JSON.stringify({ domain: 'example.com' }), headers: { 'content-type': type } });
      assert.equal(status, 200, type);
      assert.equal(body.domain, 'example.com', type);
    }
  });

  it('normalizes case and a trailing dot of a valid domain before the handler', async () => {
    const { status, body } = await call(setup.url, '/v1/tech-stack', { body: { domain: 'WWW.Example.COM.' } });
    assert.equal(status, 200);
    assert.equal(body.domain, 'www.example.com');
    assert.equal(body.status, 'unreachable', 'offline: no resolver answers');
  });

  for (const [name, url] of [
    ['a file URL', 'file:///etc/passwd'],
    ['credentials', 'https://user:pw@example.com/'],
    ['port 8080', 'http://example.com:8080/'],
    ['localhost', 'http://localhost/'],
    ['not a URL', 'example.com/pricing'],
  ] as const) {
    it(`refuses a target with ${name} as unsafe_or_invalid_target`, async () => {
      const { status, body } = await call(setup.url, '/v1/clean-markdown', { body: { url } });
      assert.equal(status, 400);
      assert.equal(body.code, 'unsafe_or_invalid_target');
    });
  }

  it('answers a batch or hot-buyers body with neither domains nor quote_id with quote_required', async () => {
    for (const path of ['/v1/batch', '/v1/hot-buyers']) {
      const { status, body } = await call(setup.url, path, { body: {} });
      assert.equal(status, 400);
      assert.equal(body.code, 'quote_required');
    }
  });

  it('refuses quote_id mixed with step-1 fields and company-profile batches over 33 domains', async () => {
    const mixed = await call(setup.url, '/v1/batch', { body: { quote_id: 'q_abc', tool: 'tech-stack', domains: ['example.com'] } });
    assert.equal(mixed.body.code, 'invalid_input');
    const domains = Array.from({ length: 34 }, (_, i) => `d${i}.com`);
    const tooMany = await call(setup.url, '/v1/batch', { body: { tool: 'company-profile', domains } });
    assert.equal(tooMany.body.code, 'invalid_input');
    const fine = await call(setup.url, '/v1/batch', { body: { tool: 'tech-stack', domains } });
    // past validation: every domain is checked (offline here: nothing billable, nothing charged)
    assert.equal(fine.status, 200);
    assert.equal(fine.body.status, 'nothing_billable');
    assert.equal(fine.body.statuses.length, 34);
  });

  it('checks the Idempotency-Key format (quotes of the IETF draft accepted)', async () => {
    for (const key of ['short', 'has space inside', 'x'.repeat(129), 'ünïcödé-key']) {
      const { status, body } = await call(setup.url, '/v1/tech-stack', { body: { domain: 'example.com' }, headers: { 'Idempotency-Key': key } });
      assert.equal(status, 400, key);
      assert.equal(body.code, 'idempotency_key_invalid');
    }
    for (const key of ['abcdefgh', '"0b9c7f2e-1d2a-4c1e-9f4b-1a2b3c4d5e6f"', 'A_b-'.repeat(32)]) {
      const { status } = await call(setup.url, '/v1/tech-stack', { body: { domain: 'example.com' }, headers: { 'Idempotency-Key': key } });
      assert.equal(status, 200, key);
    }
  });

  it('refuses an unknown private-query tier', async () => {
    const { status, body } = await call(setup.url, '/v1/private-query', {
      body: { tool: 'tech_stack', target: 'example.com' },
      headers: { 'X-Private-Query-Tier': 'gold' },
    });
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_input');
  });
});
