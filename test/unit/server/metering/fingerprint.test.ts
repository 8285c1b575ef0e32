import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, fingerprint } from '../../../../server/metering/fingerprint.ts';

describe('canonical JSON and fingerprints', () => {
  it('sorts keys at every level, keeps array order and drops undefined fields', () => {
    const value = { b: [3, { z: 1, a: null }, 'x'], a: { d: true, c: undefined, b: 'é"' }, e: [] , f: {} };
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
});
