import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nextSteps, withNextStepUrls } from '../../../handlers/nextSteps.ts';

describe('next steps', () => {
  it('are built with the operation paths only: a result keeps no base URL', () => {
    const steps = nextSteps('acme.com', ['ats-jobs', 'company-profile', 'no-such-tool']);
    assert.deepEqual(
      steps.map((step) => [step.tool, step.url, step.body]),
      [
        ['ats-jobs', '/v1/ats-jobs', { domain: 'acme.com' }],
        ['company-profile', '/v1/company-profile', { domain: 'acme.com' }],
      ],
    );
  });

  it('are linked to the base URL given, at any depth, from the tool (a stored absolute URL too), leaving the stored value untouched', () => {
    const stored = {
      status: 'insufficient_data',
      tech_stack: { status: 'ok', next_steps: [{ ...nextSteps('acme.com', ['ats-jobs'])[0], url: 'http://attacker.example/v1/ats-jobs' }] },
      results: [{ result: { next_steps: nextSteps('acme.com', ['search-ads']) } }, { result: null }],
      next_steps: nextSteps('acme.com', ['tech-stack']),
    };
    const before = JSON.stringify(stored);
    const linked = withNextStepUrls(stored, 'https://mine.example');
    assert.equal(JSON.stringify(stored), before, 'the stored value is not changed');
    assert.equal(linked.tech_stack.next_steps[0].url, 'https://mine.example/v1/ats-jobs');
    assert.equal(linked.results[0].result!.next_steps[0].url, 'https://mine.example/v1/search-ads');
    assert.equal(linked.next_steps[0].url, 'https://mine.example/v1/tech-stack');
    assert.equal(linked.results[1], stored.results[1]);
  });

  it('returns the value itself when it holds no next steps', () => {
    const plain = { status: 'ok', jobs: [{ id: 1, tags: ['a'] }], note: null };
    assert.equal(withNextStepUrls(plain, 'https://mine.example'), plain);
  });
});
