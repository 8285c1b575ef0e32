/**
 * Request types from codegen/types.ts: a property with a default is optional, since the service
 * fills it in. The file must type-check (npm run typecheck), which is the compile half of the proof.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTypes } from '../../../codegen/types.ts';
import type { components } from '../../../generated/types.ts';

type Schemas = components['schemas'];

describe('codegen/types', () => {
  it('requests without their defaulted fields compile (diff_only, min_intent_score, max_chars)', () => {
    const atsJobs: Schemas['AtsJobsRequest'] = { domain: 'example.com' };
    const hotBuyers: Schemas['HotBuyersRequest'] = { domains: ['example.com'] };
    const cleanMarkdown: Schemas['CleanMarkdownRequest'] = { url: 'https://example.com/' };
    // Still typed: a defaulted field keeps its type when it is sent.
    // @ts-expect-error diff_only is a boolean.
    const wrongType: Schemas['AtsJobsRequest'] = { domain: 'example.com', diff_only: 'yes' };
    assert.deepEqual(
      [atsJobs, hotBuyers, cleanMarkdown, wrongType].map((request) => Object.keys(request).length),
      [1, 1, 1, 2],
    );
  });

  it('writes a property with a default as optional and a required one without a default as required', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Request: {
            type: 'object',
            required: ['domain'],
            properties: { domain: { type: 'string' }, diff_only: { type: 'boolean', default: false }, limit: { type: 'integer', default: 10 } },
          },
          Answer: { type: 'object', required: ['status'], properties: { status: { type: 'string', default: 'ok' } } },
        },
      },
    };
    const code = await buildTypes(doc);
    assert.match(code, /\bdomain: string;/);
    assert.match(code, /\bdiff_only\?: boolean;/);
    assert.match(code, /\blimit\?: number;/);
    // A listed-required property stays required whatever its default.
    assert.match(code, /\bstatus: string;/);
  });
});
