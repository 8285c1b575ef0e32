import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compactSchemas, firstSentence, plainSchema, shortNote, standalone, topLevelSchema, withoutImpliedType } from '../../../codegen/compact.ts';
import Ajv2020 from 'ajv/dist/2020.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const doc = {
  components: {
    schemas: {
      Domain: { type: 'string', maxLength: 253, 'x-identity': 'domain', description: 'A bare domain. No scheme, path or port.' },
      Step: { type: 'object', required: ['tool'], properties: { tool: { type: 'string' } } },
      Once: { type: 'object', properties: { level: { type: 'string', enum: ['a', 'b'] } } },
      Base: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
      A: { type: 'object', properties: { domain: ref('Domain'), steps: { type: 'array', items: ref('Step') }, once: ref('Once') } },
      B: {
        allOf: [ref('Base'), { type: 'object', properties: { domain: { ...ref('Domain'), description: 'The store.' }, step: ref('Step') } }],
        unevaluatedProperties: false,
      },
      C: {
        type: 'object',
        properties: { level: { $ref: '#/components/schemas/Once/properties/level' } },
        examples: [{ description: 'data, kept as is', 'x-data': 1 }],
      },
      Loop: { type: 'object', properties: { next: ref('Loop') } },
    },
  },
};

describe('compact schemas', () => {
  it('writes a schema used more than once under $defs by its spec name, and inlines one used once', () => {
    const { roots, $defs } = compactSchemas(doc, { a: ref('A'), b: ref('B') });
    assert.deepEqual(Object.keys($defs).sort(), ['Domain', 'Step']);
    assert.deepEqual(roots.a.properties.steps.items, { $ref: '#/$defs/Step' });
    assert.deepEqual(roots.a.properties.once, { type: 'object', properties: { level: { enum: ['a', 'b'] } } }, 'a type its enum implies is left out');
    assert.deepEqual(roots.b.allOf[0], { type: 'object', required: ['status'], properties: { status: { type: 'string' } } });
    assert.deepEqual(
      roots.b.allOf[1].properties.domain,
      { $ref: '#/$defs/Domain', description: 'The store.' },
      "the reference's own description stays beside it",
    );
    assert.deepEqual($defs.Domain, { type: 'string', maxLength: 253, description: 'A bare domain.' }, 'extensions removed, description abridged');
  });

  it('leaves out a type only when every enum or const value is of it', () => {
    assert.deepEqual(withoutImpliedType({ type: ['string', 'null'], enum: ['none', null] }), { enum: ['none', null] });
    assert.deepEqual(withoutImpliedType({ type: 'boolean', const: true, description: 'x' }), { const: true, description: 'x' });
    assert.deepEqual(withoutImpliedType({ type: 'integer', enum: [1, 2] }), { enum: [1, 2] });
    assert.deepEqual(
      withoutImpliedType({ type: 'string', enum: ['a', null] }),
      { type: 'string', enum: ['a', null] },
      'null is not a string: the type still refuses it',
    );
    assert.deepEqual(withoutImpliedType({ type: 'integer', enum: [1.5] }), { type: 'integer', enum: [1.5] });
    assert.deepEqual(withoutImpliedType({ type: 'string', minLength: 1 }), { type: 'string', minLength: 1 });
  });

  it('keeps a ref into a schema as a pointer into $defs, and data keywords untouched', () => {
    const { roots, $defs } = compactSchemas(doc, { c: ref('C') });
    assert.deepEqual(roots.c.properties.level, { $ref: '#/$defs/Once/properties/level' });
    assert.ok($defs.Once, 'the schema pointed into is written once');
    assert.deepEqual(roots.c.examples, [{ description: 'data, kept as is', 'x-data': 1 }]);
  });

  it('names a schema by title where asked, but expands it as an allOf member', () => {
    const { roots, $defs } = compactSchemas(doc, { b: ref('B') }, { byTitle: (name) => name === 'Step' || name === 'Base' });
    assert.deepEqual(roots.b.allOf[1].properties.step, { type: 'object', title: 'Step' });
    assert.deepEqual(roots.b.allOf[0].properties, { status: { type: 'string' } });
    assert.deepEqual(Object.keys($defs), [], 'a schema named by title is not written');
    assert.equal(roots.b.unevaluatedProperties, false);
  });

  it('writes a recursive schema once under $defs, and gives a standalone schema its own $defs', () => {
    const loop = compactSchemas(doc, { loop: ref('Loop') });
    assert.deepEqual(loop.roots.loop, { $ref: '#/$defs/Loop' });
    assert.deepEqual(loop.$defs.Loop.properties.next, { $ref: '#/$defs/Loop' });
    const { roots, $defs } = compactSchemas(doc, { a: ref('A'), b: ref('B') });
    assert.deepEqual(standalone(roots.a, $defs).$defs, $defs);
    assert.equal(standalone({ type: 'object' }, {}).$defs, undefined);
  });

  it('abridges a description to its first sentence, and a short note to nothing when that is long', () => {
    assert.equal(firstSentence('ok (charged); no_data (free). Then more.'), 'ok (charged); no_data (free).');
    assert.equal(firstSentence('Signals, e.g. "Hiring". Rest.'), 'Signals, e.g. "Hiring".');
    assert.equal(firstSentence('A deadline of 2.8 s\n  applies. Rest.'), 'A deadline of 2.8 s applies.');
    assert.equal(firstSentence('No full stop'), 'No full stop');
    assert.equal(shortNote('Short. And more.'), 'Short.');
    assert.equal(shortNote(`${'long '.repeat(20)}sentence.`), '');
  });

  it('writes a plain schema that drops composition, names what it dropped and admits everything the full schema admits', () => {
    const full = {
      type: 'object',
      additionalProperties: false,
      title: 'Request',
      properties: {
        mode: { const: 'fast', description: 'The mode. More detail here.' },
        ids: { type: 'array', items: { type: 'string', description: 'An id.', examples: ['a'] }, description: 'Ids.' },
        on: { oneOf: [{ type: 'boolean' }, { type: 'null' }] },
      },
      if: { required: ['on'] },
      then: { required: ['ids'] },
      dependentRequired: { mode: ['ids'] },
      'x-error-code': 'x',
    };
    const { schema, dropped } = plainSchema(full);
    assert.deepEqual(dropped.sort(), ['/ dependentRequired', '/ if', '/ then']);
    assert.deepEqual(schema.properties.mode, { enum: ['fast'], description: 'The mode.' });
    assert.deepEqual(schema.properties.ids.items, { type: 'string' }, "items: what they are is the property's to say");
    assert.deepEqual(schema.properties.on, { anyOf: [{ type: 'boolean' }, { type: 'null' }] });
    assert.ok(!('title' in schema) && !('x-error-code' in schema));
    const ajv = new (Ajv2020 as any).default({ strict: false });
    const [strict, plain] = [ajv.compile(full), ajv.compile(schema)];
    for (const input of [{ mode: 'fast', ids: [] }, { on: null, ids: ['a'] }, {}]) assert.ok(!strict(input) || plain(input), JSON.stringify(input));
    assert.ok(!strict({ mode: 'fast' }) && plain({ mode: 'fast' }), 'a dropped rule is left to the server');
    assert.ok(!plain({ other: 1 }), 'closed objects stay closed');
  });

  it('abridges a result to its top-level fields: types, enums and titles, refs resolved', () => {
    const $defs = { Map: { type: 'object', additionalProperties: { type: 'integer' } } };
    const root = {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['ok', 'none'], description: 'x' },
        counts: { $ref: '#/$defs/Map' },
        names: { description: 'y', allOf: [{ type: 'array', items: { type: 'string' } }] },
        jobs: { type: 'array', maxItems: 3, items: { type: 'object', title: 'Job', properties: { id: { type: 'string' } } } },
        at: { type: ['string', 'null'], format: 'date-time' },
      },
    };
    assert.deepEqual(topLevelSchema(root, $defs), {
      type: 'object',
      required: ['status'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['ok', 'none'] },
        counts: { type: 'object' },
        names: { type: 'array' },
        jobs: { type: 'array', items: { type: 'object', title: 'Job' } },
        at: { type: ['string', 'null'], format: 'date-time' },
      },
    });
  });
});
