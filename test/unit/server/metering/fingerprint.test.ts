import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, fingerprint, pricedFingerprint } from '../../../../server/metering/fingerprint.ts';
import { notOkKey } from '../../../../server/metering/not-ok.ts';
import { operations } from '../../../../server/contract.ts';
import { validateInput } from '../../../../server/pipeline/validate.ts';

describe('canonical JSON and fingerprints', () => {
  it('sorts keys at every level, keeps array order and drops undefined fields', () => {
    const value = { b: [3, { z: 1, a: null }, 'x'], a: { d: true, c: undefined, b: 'é"' }, e: [], f: {} };
    assert.equal(canonicalJson(value), '{"a":{"b":"é\\"","d":true},"b":[3,{"a":null,"z":1},"x"],"e":[],"f":{}}');
    // The text parses back to the same data.
    assert.deepEqual(JSON.parse(canonicalJson(value)), JSON.parse(JSON.stringify(value)));
    assert.equal(canonicalJson({ only: undefined }), '{}');
    assert.equal(canonicalJson([undefined, 1]), '[,1]');
    assert.equal(canonicalJson('text'), '"text"');
  });

  it('gives the same fingerprint to the same input in any key order, and another to another input, operation or tier', () => {
    const one = fingerprint('techStack', { domain: 'acme.com', options: { a: 1, b: 2 } }, 'single');
    assert.match(one, /^[0-9a-f]{64}$/);
    assert.equal(fingerprint('techStack', { options: { b: 2, a: 1 }, domain: 'acme.com' }, 'single'), one);
    assert.notEqual(fingerprint('techStack', { domain: 'acme.org', options: { a: 1, b: 2 } }, 'single'), one);
    assert.notEqual(fingerprint('jobs', { domain: 'acme.com', options: { a: 1, b: 2 } }, 'single'), one);
    assert.notEqual(fingerprint('techStack', { domain: 'acme.com', options: { a: 1, b: 2 } }, 'bundle'), one);
  });

  it("leaves a setting out of the input's identity for money, and keeps it in what a result that is not ok is remembered by", () => {
    const operation = operations.find((op) => op.operationId === 'cleanMarkdown')!;
    assert.deepEqual(
      operation.identity.filter((field) => field.kind === 'setting').map((field) => field.path),
      [['render']],
      'the spec marks render as a setting',
    );
    const call = (body: Record<string, unknown>) => ({ operation, input: validateInput(operation, body).input, tier: 'single' as const });
    const auto = call({ url: 'https://acme.com/docs' });
    const always = call({ url: 'https://acme.com/docs', render: 'always' });
    const never = call({ url: 'https://acme.com/docs', render: 'never' });
    assert.equal(auto.input.render, 'auto', 'the default is filled in for the handler');
    assert.equal(pricedFingerprint(always), pricedFingerprint(auto));
    assert.equal(pricedFingerprint(never), pricedFingerprint(auto));
    assert.equal(always.input.render, 'always', 'the input the handler runs on keeps the setting');
    assert.notEqual(pricedFingerprint(call({ url: 'https://acme.com/docs', max_chars: 10 })), pricedFingerprint(auto), 'max_chars is part of the identity');
    assert.notEqual(pricedFingerprint(call({ url: 'https://acme.com/blog' })), pricedFingerprint(auto));
    assert.notEqual(notOkKey(always), notOkKey(never), 'another setting may end ok where one did not');
    const techStack = operations.find((op) => op.operationId === 'techStack')!;
    const plain = { operation: techStack, input: validateInput(techStack, { domain: 'acme.com' }).input, tier: 'single' as const };
    assert.equal(pricedFingerprint(plain), fingerprint('techStack', plain.input, 'single'), 'an operation without settings: the plain fingerprint');
  });
});
