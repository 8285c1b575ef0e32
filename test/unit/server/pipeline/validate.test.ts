import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationById } from '../../../../server/contract.ts';
import { ServiceError } from '../../../../server/problem.ts';
import { parseIdempotencyKey, parsePrivateTier, validateBody, validateInput } from '../../../../server/pipeline/validate.ts';

const op = (id: string) => operationById(id)!;
function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ServiceError, String(error));
    return error.code;
  }
  return 'none';
}

describe('validateBody', () => {
  it('fills the spec defaults of absent fields', () => {
    assert.deepEqual(validateBody(op('cleanMarkdown'), { url: 'https://example.com/' }), { url: 'https://example.com/', max_chars: 15000, render: 'auto' });
    assert.deepEqual(validateBody(op('atsJobs'), { domain: 'example.com' }), { domain: 'example.com', diff_only: false });
    assert.equal(validateBody(op('hotBuyers'), { domains: ['a.com', 'b.com'] }).min_intent_score, 70);
  });

  it('normalizes every domain field, including array items', () => {
    assert.deepEqual(validateBody(op('batch'), { tool: 'tech-stack', domains: ['A.com', 'b.COM.'] }).domains, ['a.com', 'b.com']);
    assert.equal(validateBody(op('advisor'), { agent_goal: 'x', sample_domain: 'Example.org' }).sample_domain, 'example.org');
  });

  it('gives handlers the canonical value of each x-identity field: lists merged, sets sorted, URLs and private-query targets canonical', () => {
    const batch = validateInput(op('batch'), { tool: 'tech-stack', domains: ['b.com', 'A.com', 'B.COM.', 'a.com'] });
    assert.deepEqual(batch.input.domains, ['b.com', 'a.com']);
    assert.deepEqual(batch.merged, [
      { pointer: '/domains/2', value: 'B.COM.', same_as: '/domains/0', canonical: 'b.com' },
      { pointer: '/domains/3', value: 'a.com', same_as: '/domains/1', canonical: 'a.com' },
    ]);
    assert.deepEqual(validateBody(op('agenticShelfSchemaComparator'), { domain: 'a.com', competitor_domains: ['C.com', 'b.com', 'c.com'] }).competitor_domains, ['b.com', 'c.com']);
    assert.deepEqual(validateBody(op('atsJobs'), { domain: 'a.com', known_job_ids: ['j2', 'j1', 'j2'] }).known_job_ids, ['j1', 'j2']);
    assert.equal(validateBody(op('cleanMarkdown'), { url: 'https://Harbor-Logistics.com:443/?#top' }).url, 'https://harbor-logistics.com/');
    assert.equal(validateBody(op('privateQuery'), { tool: 'tech_stack', target: 'https://ACME-Analytics.com/about' }).target, 'acme-analytics.com');
    assert.equal(validateBody(op('privateQuery'), { tool: 'tech_stack', target: 'ACME-Analytics.com.' }).target, 'acme-analytics.com');
    assert.equal(validateBody(op('privateQuery'), { tool: 'clean_markdown', target: 'HTTPS://acme-analytics.com#x' }).target, 'https://acme-analytics.com/');
    assert.equal(codeOf(() => validateBody(op('privateQuery'), { tool: 'clean_markdown', target: 'acme-analytics.com' })), 'unsafe_or_invalid_target');
    assert.equal(codeOf(() => validateBody(op('privateQuery'), { tool: 'tech_stack', target: 'not a domain' })), 'invalid_input');
    assert.equal(codeOf(() => validateBody(op('privateQuery'), { tool: 'tech_stack', target: 'ftp://acme.com/' })), 'unsafe_or_invalid_target');
  });

  it('does not change the caller object', () => {
    const body = { domain: 'EXAMPLE.com' };
    validateBody(op('techStack'), body);
    assert.equal(body.domain, 'EXAMPLE.com');
    const list = { tool: 'tech-stack', domains: ['B.com', 'b.com'] };
    validateBody(op('batch'), list);
    assert.deepEqual(list.domains, ['B.com', 'b.com']);
  });

  it('maps each violation to its catalog code from the spec x-error-code', () => {
    assert.equal(codeOf(() => validateBody(op('hotBuyers'), { domains: ['a.com', 'not a domain'] })), 'invalid_domain');
    assert.equal(codeOf(() => validateBody(op('hotBuyers'), { domains: ['a.com'] })), 'invalid_input');
    assert.equal(codeOf(() => validateBody(op('hotBuyers'), { min_intent_score: 50 })), 'quote_required');
    assert.equal(codeOf(() => validateBody(op('hotBuyers'), { quote_id: 'q_1', min_intent_score: 50 })), 'invalid_input');
    assert.equal(codeOf(() => validateBody(op('atsJobs'), { domain: 'a.com', known_job_ids: [1] })), 'invalid_known_job_ids');
    assert.equal(codeOf(() => validateBody(op('atsJobs'), { domain: 'a.com', diff_only: false })), 'none');
    assert.equal(codeOf(() => validateBody(op('atsJobs'), { domain: 'bad domain', extra: 1 })), 'invalid_input');
    assert.equal(codeOf(() => validateBody(op('agenticShelfSchemaComparator'), { domain: 'a.com', competitor_domains: ['b.c'] })), 'invalid_domain');
    assert.equal(codeOf(() => validateBody(op('universalProductUrlToJson'), { product_url: 'gopher://x.com' })), 'unsafe_or_invalid_target');
  });

  it('lists every violation with a JSON pointer', () => {
    try {
      validateBody(op('searchAds'), { domain: 'a.com', region: 'ZZ', other: 1 });
      assert.fail('should throw');
    } catch (error) {
      const pointers = (error as ServiceError).errors!.map((e) => e.pointer).sort();
      assert.deepEqual(pointers, ['/other', '/region']);
    }
  });
});

describe('request headers', () => {
  it('accepts Idempotency-Key of 8 to 128 allowed characters, quoted or not', () => {
    assert.equal(parseIdempotencyKey(undefined), null);
    assert.equal(parseIdempotencyKey('abc-DEF_123'), 'abc-DEF_123');
    assert.equal(parseIdempotencyKey('"abc-DEF_123"'), 'abc-DEF_123');
    for (const bad of ['1234567', 'x'.repeat(129), 'abc def gh', 'abc.defgh', '"unbalanced', '""']) {
      assert.equal(codeOf(() => parseIdempotencyKey(bad)), 'idempotency_key_invalid', bad);
    }
  });
  it('reads the private tier, single by default', () => {
    assert.equal(parsePrivateTier(undefined), 'single');
    assert.equal(parsePrivateTier('bundle'), 'bundle');
    assert.equal(codeOf(() => parsePrivateTier('Bundle')), 'invalid_input');
  });
});
