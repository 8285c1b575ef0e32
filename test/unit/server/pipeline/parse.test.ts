import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import typeIs from 'type-is';
import { isJsonContentType } from '../../../../server/pipeline/parse.ts';

describe('parse stage: JSON content types', () => {
  const accepted = [
    'application/json',
    'Application/JSON; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/vnd.api+json',
    'application/problem+json; x=y',
    'application/json-patch+json',
    'application/merge-patch+json ',
  ];
  const refused = [
    '',
    'text/plain',
    'application/jsonx',
    'application/json-seq',
    'text/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'json',
    'application/',
    'application/+json',
    'application/json, text/plain',
  ];

  it('accepts application/json and application/*+json, with parameters', () => {
    for (const type of accepted) assert.equal(isJsonContentType(type), true, type);
  });

  it('refuses every other type, an empty one and malformed ones', () => {
    for (const type of refused) assert.equal(isJsonContentType(type), false, type);
  });

  it('agrees with type-is, by which koa-bodyparser then parses (its types extended to application/*+json), on every case', () => {
    for (const type of [...accepted, ...refused]) {
      const verdict = typeIs.is(type, ['application/json', 'application/*+json']);
      assert.equal(isJsonContentType(type), verdict !== false && verdict !== null, type);
    }
  });
});
