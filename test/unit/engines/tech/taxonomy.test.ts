import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TECH_CATEGORIES, TECH_CATEGORY_SLUGS } from '../../../../engines/tech/taxonomy.ts';
import { TECHNOLOGIES } from '../../../../engines/tech/technologies.ts';

const openapi = JSON.parse(readFileSync(new URL('../../../../generated/openapi.json', import.meta.url), 'utf8'));
const readme = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');

describe('the technology taxonomy is one list', () => {
  it('the spec enumerates exactly the slugs of taxonomy.ts', () => {
    assert.deepEqual(openapi.components.schemas.TechCategory.enum, TECH_CATEGORY_SLUGS);
  });
  it('docs/operations.md documents every slug', () => {
    for (const slug of TECH_CATEGORY_SLUGS) assert.ok(readme.includes(`| \`${slug}\` | ${TECH_CATEGORIES[slug]} |`), slug);
  });
  it('every slug files at least one technology', () => {
    const used = new Set(TECHNOLOGIES.flatMap((t) => t.categories));
    for (const slug of TECH_CATEGORY_SLUGS) assert.ok(used.has(slug), slug);
  });
  it('at least 1,000 technologies', () => assert.ok(TECHNOLOGIES.length >= 1000, String(TECHNOLOGIES.length)));
});
