import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FULL_TEXT_MAX_BYTES, toolResultText } from '../../../server/mcp-text.ts';

describe('the text block of an MCP tool result', () => {
  it('is the JSON of a result up to FULL_TEXT_MAX_BYTES', () => {
    const body = { status: 'ok', domain: 'example.com', items: [1, 2, 3] };
    assert.equal(toolResultText(body), JSON.stringify(body));
    const edge = { text: 'x'.repeat(FULL_TEXT_MAX_BYTES - '{"text":""}'.length) };
    assert.equal(toolResultText(edge), JSON.stringify(edge));
  });

  it('summarizes a larger one: scalar fields, list lengths, nested objects left out, long strings cut', () => {
    const body = {
      status: 'ok',
      domain: 'example.com',
      job_count: 1000,
      note: 'n'.repeat(500),
      jobs: Array.from({ length: 1000 }, (_, i) => ({ id: `j${i}`, title: 'Engineer' })),
      facts: { a: 1 },
    };
    const text = toolResultText(body);
    assert.match(
      text,
      /^The whole result \(\d+ KB of JSON\) is in structuredContent\. In short: status: "ok"; domain: "example\.com"; job_count: 1000; note: "n{119}…"; jobs: 1000 items\.$/,
    );
    assert.ok(!text.includes('facts'));
  });
});
