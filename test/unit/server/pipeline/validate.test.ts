import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationById } from '../../../../server/contract.ts';
import { ServiceError } from '../../../../server/problem.ts';
import { parseIdempotencyKey, parsePrivateTier, validateInput } from '../../../../server/pipeline/validate.ts';

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

describe('validateInput', () => {
  it('fills the spec defaults of absent fields', () => {
    assert.deepEqual(validateInput(op('cleanMarkdown'), { url: 'https://example.com/' }).input, {
      url: 'https://example.com/',
      max_chars: 15000,
      render: 'auto',
    });
    assert.deepEqual(validateInput(op('atsJobs'), { domain: 'example.com' }).input, { domain: 'example.com', diff_only: false });
    assert.equal(validateInput(op('hotBuyers'), { domains: ['a.com', 'b.com'] }).input.min_intent_score, 70);
  });

  it('normalizes every domain field, including array items', () => {
    assert.deepEqual(validateInput(op('batch'), { tool: 'tech-stack', domains: ['A.com', 'b.COM.'] }).input.domains, ['a.com', 'b.com']);
    assert.equal(validateInput(op('advisor'), { agent_goal: 'x', sample_domain: 'Example.org' }).input.sample_domain, 'example.org');
  });

  it('gives handlers the canonical value of each x-identity field: lists merged, sets sorted, URLs and private-query targets canonical', () => {
    const batch = validateInput(op('batch'), { tool: 'tech-stack', domains: ['b.com', 'A.com', 'B.COM.', 'a.com'] });
    assert.deepEqual(batch.input.domains, ['b.com', 'a.com']);
    assert.deepEqual(batch.merged, [
      { pointer: '/domains/2', value: 'B.COM.', same_as: '/domains/0', canonical: 'b.com' },
      { pointer: '/domains/3', value: 'a.com', same_as: '/domains/1', canonical: 'a.com' },
    ]);
    assert.deepEqual(
      validateInput(op('agenticShelfSchemaComparator'), { domain: 'a.com', competitor_domains: ['C.com', 'b.com', 'c.com'] }).input.competitor_domains,
      ['b.com', 'c.com'],
    );
    assert.deepEqual(validateInput(op('atsJobs'), { domain: 'a.com', known_job_ids: ['j2', 'j1', 'j2'] }).input.known_job_ids, ['j1', 'j2']);
    assert.equal(validateInput(op('cleanMarkdown'), { url: 'https://Harbor-Logistics.com:443/?#top' }).input.url, 'https://harbor-logistics.com/');
    assert.equal(validateInput(op('privateQuery'), { tool: 'tech_stack', target: 'https://ACME-Analytics.com/about' }).input.target, 'acme-analytics.com');
    assert.equal(validateInput(op('privateQuery'), { tool: 'tech_stack', target: 'ACME-Analytics.com.' }).input.target, 'acme-analytics.com');
    assert.equal(
      validateInput(op('privateQuery'), { tool: 'clean_markdown', target: 'HTTPS://acme-analytics.com#x' }).input.target,
      'https://acme-analytics.com/',
    );
    assert.equal(
      codeOf(() => validateInput(op('privateQuery'), { tool: 'clean_markdown', target: 'acme-analytics.com' }).input),
      'unsafe_or_invalid_target',
    );
    assert.equal(
      codeOf(() => validateInput(op('privateQuery'), { tool: 'tech_stack', target: 'not a domain' }).input),
      'invalid_input',
    );
    assert.equal(
      codeOf(() => validateInput(op('privateQuery'), { tool: 'tech_stack', target: 'ftp://acme.com/' }).input),
      'unsafe_or_invalid_target',
    );
  });

  it('does not change the caller object', () => {
    const body = { domain: 'EXAMPLE.com' };
    validateInput(op('techStack'), body).input;
    assert.equal(body.domain, 'EXAMPLE.com');
    const list = { tool: 'tech-stack', domains: ['B.com', 'b.com'] };
    validateInput(op('batch'), list).input;
    assert.deepEqual(list.domains, ['B.com', 'b.com']);
  });

  it('maps each violation to its catalog code from the spec x-error-code', () => {
    assert.equal(
      codeOf(() => validateInput(op('hotBuyers'), { domains: ['a.com', 'not a domain'] }).input),
      'invalid_domain',
    );
    assert.equal(
      codeOf(() => validateInput(op('hotBuyers'), { domains: ['a.com'] }).input),
      'invalid_input',
    );
    assert.equal(
      codeOf(() => validateInput(op('hotBuyers'), { min_intent_score: 50 }).input),
      'quote_required',
    );
    assert.equal(
      codeOf(() => validateInput(op('hotBuyers'), { quote_id: 'q_1', min_intent_score: 50 }).input),
      'invalid_input',
    );
    assert.equal(
      codeOf(() => validateInput(op('atsJobs'), { domain: 'a.com', known_job_ids: [1] }).input),
      'invalid_known_job_ids',
    );
    assert.equal(
      codeOf(() => validateInput(op('atsJobs'), { domain: 'a.com', diff_only: false }).input),
      'none',
    );
    assert.equal(
      codeOf(() => validateInput(op('atsJobs'), { domain: 'bad domain', extra: 1 }).input),
      'invalid_input',
    );
    assert.equal(
      codeOf(() => validateInput(op('agenticShelfSchemaComparator'), { domain: 'a.com', competitor_domains: ['b.c'] }).input),
      'invalid_domain',
    );
    assert.equal(
      codeOf(() => validateInput(op('universalProductUrlToJson'), { product_url: 'gopher://x.com' }).input),
      'unsafe_or_invalid_target',
    );
  });

  it('lists every violation with a JSON pointer', () => {
    try {
      validateInput(op('searchAds'), { domain: 'a.com', region: 'ZZ', other: 1 }).input;
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
      assert.equal(
        codeOf(() => parseIdempotencyKey(bad)),
        'idempotency_key_invalid',
        bad,
      );
    }
  });
  it('reads the private tier, single by default', () => {
    assert.equal(parsePrivateTier(undefined), 'single');
    assert.equal(parsePrivateTier('bundle'), 'bundle');
    assert.equal(
      codeOf(() => parsePrivateTier('Bundle')),
      'invalid_input',
    );
  });
});
