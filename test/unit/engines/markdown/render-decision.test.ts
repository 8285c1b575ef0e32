/**
 * When clean-markdown renders and what it answers from a render, over a stand-in renderer: auto
 * renders a page without main content that runs scripts, always renders, never does not; a render
 * that fails its budget is a free unsupported_content, an instance that cannot render reads the
 * markup as served and says so; a refusal of the shared stage passes through.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectCleanMarkdown } from '../../../../engines/markdown/collect.ts';
import { RenderFailed, type PageRenderer, type RenderRequest } from '../../../../engines/markdown/render.ts';
import { Fetched } from '../../../../engines/net/fetched.ts';
import type { SafeFetch } from '../../../../engines/net/types.ts';
import { WorkRefused } from '../../../../engines/refusals.ts';
import { analyzeInline } from '../../../../server/parse-pool/inline.ts';
import { assertValid } from '../../../support/contract.ts';

const SHELL = '<!doctype html><html><head><title>App</title><script src="/app.js"></script></head><body><div id="root"></div></body></html>';
const ARTICLE =
  '<!doctype html><html><head><title>Notes</title><script src="/app.js"></script></head><body><main><h1>Release notes</h1><p>Version two adds a relay that forwards every message to its brokers in order.</p></main></body></html>';
const RENDERED =
  '<html><head><title>App</title></head><body><main><h1>Rendered heading</h1><p>The script wrote this paragraph from its own API answer.</p></main></body></html>';

const response = (url: string, html: string) => ({
  url,
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  setCookies: [],
  content: new Fetched(Buffer.from(html), { contentType: 'text/html; charset=utf-8' }),
  truncated: false,
  redirects: [],
  address: '203.0.113.5',
  elapsedMs: 1,
});

const pages: Record<string, string> = {
  'https://app.example/': SHELL,
  'https://notes.example/': ARTICLE,
  'https://static.example/': '<html><body><div id="root"></div></body></html>',
  'https://huge.example/': `<html><head><script src="/a.js"></script></head><body>${'<div></div>'.repeat(100_000)}</body></html>`,
};
const fetch: SafeFetch = async (url) => response(url, pages[url]);

function renderer(outcome: (request: RenderRequest) => Promise<string> = async () => RENDERED, available = true) {
  const requests: RenderRequest[] = [];
  const stub: PageRenderer = {
    availability: async () => (available ? { available: true } : { available: false, reason: 'no browser at /nowhere' }),
    async render(request) {
      requests.push(request);
      const html = await outcome(request);
      return {
        content: new Fetched(Buffer.from(html), { contentType: 'text/html; charset=utf-8' }),
        url: request.document.url,
        fetched: 3,
        refused: 1,
        overBudget: 0,
        elapsedMs: 10,
        cpuMs: 5,
      };
    },
  };
  return { stub, requests };
}

async function convert(url: string, render: 'auto' | 'always' | 'never', stub: PageRenderer | null, endsBy = performance.now() + 10_000) {
  const answer = await collectCleanMarkdown(url, { fetch, analyze: analyzeInline, render: stub }, { render, endsBy });
  assertValid('CleanMarkdownResult', answer);
  return answer;
}

describe('clean-markdown: when to render', () => {
  it('auto renders a page whose markup has no main content but runs scripts, handing it the page as fetched', async () => {
    const { stub, requests } = renderer();
    const answer = await convert('https://app.example/', 'auto', stub);
    assert.equal(answer.status, 'ok');
    assert.equal(answer.rendered, true);
    assert.match(answer.markdown!, /Rendered heading/);
    assert.match(answer.note!, /Rendered in a sandboxed browser: 3 requests through the safe fetcher, 1 refused\./);
    assert.equal(requests.length, 1);
    assert.equal(requests[0].document.url, 'https://app.example/');
    assert.equal(requests[0].fetch, fetch, "the page's requests go through the call's own fetcher");
    assert.ok(requests[0].endsBy < performance.now() + 10_000, 'the render ends before the call does, leaving time to convert');
  });

  it('auto does not render a page with content of its own, nor one without scripts; never renders nothing', async () => {
    const { stub, requests } = renderer();
    const notes = await convert('https://notes.example/', 'auto', stub);
    assert.equal(notes.status, 'ok');
    assert.equal(notes.rendered, false);
    const plain = await convert('https://static.example/', 'auto', stub);
    assert.equal(plain.status, 'empty');
    assert.equal(plain.rendered, false);
    const never = await convert('https://app.example/', 'never', stub);
    assert.equal(never.status, 'empty');
    assert.equal(never.rendered, false);
    assert.equal(requests.length, 0);
  });

  it('always renders a page that has content of its own', async () => {
    const { stub, requests } = renderer();
    const answer = await convert('https://notes.example/', 'always', stub);
    assert.equal(answer.rendered, true);
    assert.match(answer.markdown!, /Rendered heading/);
    assert.equal(requests.length, 1);
  });

  it('a render past its budget is unsupported_content, rendered; a renderer crash too', async () => {
    for (const kind of ['timeout', 'cpu', 'memory', 'crashed', 'too_large'] as const) {
      const { stub } = renderer(async () => {
        throw new RenderFailed(kind, 'over');
      });
      const answer = await convert('https://app.example/', 'auto', stub);
      assert.equal(answer.status, 'unsupported_content', kind);
      assert.equal(answer.rendered, true);
      assert.equal(answer.markdown, undefined);
    }
  });

  it('where the instance cannot render, or too little time is left, or the page is too large, the markup as served is read and the note says why', async () => {
    const off = await convert('https://app.example/', 'always', renderer(undefined, false).stub);
    assert.equal(off.status, 'empty');
    assert.equal(off.rendered, false);
    assert.match(off.note!, /not rendered: rendering is unavailable on this instance \(no browser at \/nowhere\); its markup as served was read/);
    const failing = await convert(
      'https://notes.example/',
      'always',
      renderer(async () => {
        throw new RenderFailed('unavailable', 'the browser did not start');
      }).stub,
    );
    assert.equal(failing.status, 'ok');
    assert.equal(failing.rendered, false);
    assert.match(failing.note!, /the browser did not start/);
    const none = await convert('https://app.example/', 'auto', null);
    assert.match(none.note!, /this deployment does not render pages/);
    const { stub, requests } = renderer();
    const hurried = await convert('https://app.example/', 'auto', stub, performance.now() + 1_000);
    assert.match(hurried.note!, /too little of the call's time was left/);
    const huge = await convert('https://huge.example/', 'always', stub);
    assert.match(huge.note!, /larger than the 1,000,000 bytes a render takes/);
    assert.equal(requests.length, 0);
  });

  it("passes a refusal of the shared stage through untouched (the call's retryable problem)", async () => {
    const refusal = new WorkRefused('caller', 'your renders wait', 3);
    const { stub } = renderer(async () => {
      throw refusal;
    });
    await assert.rejects(convert('https://app.example/', 'auto', stub), (error) => error === refusal);
  });
});
