import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deref, loadSpec, stripExtensions } from '../../../codegen/spec.ts';
import { identityFields } from '../../../codegen/identity.ts';
import { generate } from '../../../codegen/index.ts';
import { buildOperations } from '../../../codegen/operations.ts';

describe('codegen', () => {
  it('inlines local refs, including refs into properties, and keeps siblings', () => {
    const doc = {
      components: { schemas: { A: { type: 'string', 'x-identity': 'domain' }, B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } } } },
    };
    assert.deepEqual(deref(doc, { $ref: '#/components/schemas/B/properties/a', description: 'd' }), {
      type: 'string',
      'x-identity': 'domain',
      description: 'd',
    });
    assert.deepEqual(stripExtensions(deref(doc, doc.components.schemas.B)), { type: 'object', properties: { a: { type: 'string' } } });
    assert.throws(() => deref({ components: { schemas: { C: { $ref: '#/components/schemas/C' } } } }, { $ref: '#/components/schemas/C' }), /cyclic/);
  });

  it('refuses a paged result without limit and offset in its request, and limit and offset without a paged list', () => {
    const spec = () => loadSpec('spec/openapi.yaml').doc;
    assert.ok(buildOperations(spec()).some((op) => op.pagedList === 'jobs'));
    const unnamed = spec();
    delete unnamed.components.schemas.AtsJobsResult['x-paged-list'];
    assert.throws(() => buildOperations(unnamed), /atsJobs: its request takes limit and offset, so AtsJobsResult needs x-paged-list/);
    const noOffset = spec();
    delete noOffset.components.schemas.AtsJobsRequest.properties.offset;
    assert.throws(() => buildOperations(noOffset), /atsJobs: a paged result needs exactly the display fields limit and offset/);
    const notAList = spec();
    notAList.components.schemas.AtsJobsResult['x-paged-list'] = 'note';
    assert.throws(() => buildOperations(notAList), /x-paged-list note must name an array property/);
  });

  it('finds the identity fields of a schema, array items included, and refuses unknown kinds', () => {
    const kinds = ['domain', 'domain-list', 'url', 'host', 'exact'];
    const schema = {
      properties: {
        domain: { 'x-identity': 'domain' },
        list: { items: { 'x-identity': 'domain' } },
        domains: { 'x-identity': 'domain-list', items: { 'x-identity': 'domain' } },
        target: { 'x-identity': 'host', 'x-identity-by': { field: 'tool', kinds: { markdown: 'url' } } },
        other: { type: 'string' },
      },
    };
    assert.deepEqual(identityFields(schema, kinds, 'S'), [
      { path: ['domain'], kind: 'domain' },
      { path: ['list', '*'], kind: 'domain' },
      { path: ['domains'], kind: 'domain-list' },
      { path: ['target'], kind: 'host', by: { field: 'tool', kinds: { markdown: 'url' } } },
    ]);
    assert.throws(() => identityFields({ properties: { a: { 'x-identity': 'domian' } } }, kinds, 'S'), /S \/a: x-identity "domian" is not one of/);
    assert.throws(
      () => identityFields({ properties: { a: { 'x-identity': 'domain-list', items: { type: 'string' } } } }, kinds, 'S'),
      /items of a domain-list must have x-identity domain/,
    );
    assert.throws(
      () => identityFields({ properties: { a: { 'x-identity': 'host', 'x-identity-by': { field: 'b', kinds: { c: 'nope' } } } } }, kinds, 'S'),
      /x-identity-by names "nope"/,
    );
  });

  it('regenerates exactly what generated/ holds (the drift check of npm test)', async () => {
    const { files, problems } = await generate();
    assert.equal(problems.filter((p) => p.severity === 'error').length, 0);
    for (const [name, content] of Object.entries(files)) assert.equal(readFileSync(join('generated', name), 'utf8'), content, name);
  });

  it('derives prices, tools and documents from the spec: a changed price changes every document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codegen-'));
    const spec = readFileSync('spec/openapi.yaml', 'utf8').replace('      x-price-micro-usd: 5000\n', '      x-price-micro-usd: 7000\n');
    writeFileSync(join(dir, 'openapi.yaml'), spec);
    const config = JSON.parse(readFileSync('codegen.config.json', 'utf8'));
    writeFileSync(join(dir, 'codegen.config.json'), JSON.stringify({ ...config, spec: join(dir, 'openapi.yaml'), outDir: dir }));
    const { files } = await generate(join(dir, 'codegen.config.json'));
    const catalog = JSON.parse(files['catalog.json']);
    assert.equal(catalog.offers.find((offer: any) => offer.id === 'tech-stack').priceMicroUsd, 7000);
    assert.equal(JSON.parse(files['x402.json']).resources.find((r: any) => r.operation === 'tech-stack').amount, '7000');
    assert.equal(JSON.parse(files['mcp-tools.json']).find((t: any) => t.name === 'detect_website_tech_stack')._meta['service/price-micro-usd'], 7000);
    assert.notEqual(files['llms.txt'], readFileSync('generated/llms.txt', 'utf8'));
  });
});
