/**
 * Every field that enters the fingerprint of a priced operation or skill declares what counts as
 * the same value (x-identity): a field without one would be charged once per spelling.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { deref, resolvePointer } from '../../codegen/spec.ts';
import { operations } from '../../server/contract.ts';

const spec = parse(readFileSync('spec/openapi.yaml', 'utf8'), { maxAliasCount: -1 });

/** The priced operations of a spec (operations and skills with a price above 0) and their request schemas. */
function pricedRequests(doc: any): { operationId: string; schema: any }[] {
  const found: { operationId: string; schema: any }[] = [];
  for (const item of Object.values<any>(doc.paths)) {
    for (const op of [item.post, item.get]) {
      if (!op || !(op['x-price-micro-usd'] > 0) || op['x-alias-of'] || !op.requestBody) continue;
      const body = op.requestBody.$ref ? resolvePointer(doc, op.requestBody.$ref) : op.requestBody;
      found.push({ operationId: op.operationId, schema: deref(doc, body.content['application/json'].schema) });
    }
  }
  return found;
}

/** Every field name a schema lets a body carry (its properties and those its subschemas name), with or without x-identity. */
function fieldsWithoutIdentity(schema: any, kinds: string[], where = ''): string[] {
  const missing: string[] = [];
  const declared = schema.properties ?? {};
  for (const [name, field] of Object.entries<any>(declared)) {
    const at = `${where}/${name}`;
    if (field['x-identity'] !== undefined) {
      if (!kinds.includes(field['x-identity'])) missing.push(`${at} (unknown kind ${field['x-identity']})`);
      continue;
    }
    if (field.type === 'object' && field.properties) missing.push(...fieldsWithoutIdentity(field, kinds, at));
    else missing.push(at);
  }
  // A field named only in a subschema (allOf, if/then, ...) enters the fingerprint too.
  for (const key of ['allOf', 'anyOf', 'oneOf']) for (const sub of schema[key] ?? []) missing.push(...namedElsewhere(sub, declared, where));
  for (const key of ['if', 'then', 'else', 'not']) if (schema[key]) missing.push(...namedElsewhere(schema[key], declared, where));
  return missing;
}

function namedElsewhere(sub: any, declared: Record<string, unknown>, where: string): string[] {
  const names = Object.keys(sub.properties ?? {}).filter((name) => !(name in declared));
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((key) => (sub[key] ?? []).flatMap((inner: any) => namedElsewhere(inner, declared, where)));
  return [...names.map((name) => `${where}/${name} (named only in a subschema)`), ...nested];
}

function uncovered(doc: any): string[] {
  const kinds = Object.keys(doc['x-identity-kinds'] ?? {});
  return pricedRequests(doc).flatMap(({ operationId, schema }) => fieldsWithoutIdentity(schema, kinds).map((field) => `${operationId} ${field}`));
}

describe('input identity in the spec', () => {
  it('every field of every priced operation and skill has an x-identity kind', () => {
    const priced = pricedRequests(spec);
    assert.ok(priced.length >= 20, `${priced.length} priced operations found`);
    assert.deepEqual(uncovered(spec), []);
  });

  it('fails for a priced field without one (the walk sees fields, items and subschemas)', () => {
    const withoutCategory = structuredClone(spec);
    delete withoutCategory.components.schemas.PromoFinderRequest.properties.product_category['x-identity'];
    assert.deepEqual(uncovered(withoutCategory), ['checkoutActivePromoCodeFinder /product_category']);
    const unknownKind = structuredClone(spec);
    unknownKind.components.schemas.CleanMarkdownRequest.properties.max_chars['x-identity'] = 'number';
    assert.deepEqual(uncovered(unknownKind), ['cleanMarkdown /max_chars (unknown kind number)']);
    const sneaked = structuredClone(spec);
    sneaked.components.schemas.BatchRequest.allOf.push({ properties: { priority: { type: 'integer' } } });
    assert.deepEqual(uncovered(sneaked), ['batch /priority (named only in a subschema)']);
  });

  it('the generated pipeline canonicalizes exactly the fields the spec marks', () => {
    for (const { operationId, schema } of pricedRequests(spec)) {
      const marked = Object.entries<any>(schema.properties)
        .filter(([, field]) => field['x-identity'])
        .map(([name, field]) => `${name}:${field['x-identity']}`)
        .sort();
      const generated = operations
        .find((op) => op.operationId === operationId)!
        .identity.map((field) => `${field.path.join('/')}:${field.kind}`)
        .sort();
      assert.deepEqual(generated, marked, operationId);
    }
  });
});
