/**
 * clean-markdown's rendering end to end against the offline world, with Debian's chromium in its
 * sandbox (one browser for the file): a page whose content its script writes from its own API comes
 * out as Markdown, charged once whatever the render value; every request of the browser was made
 * by the safe fetcher; a page's attempts to reach private addresses never arrive at a canary
 * listener on loopback; a looping, a memory-eating and a never-settling page end within their
 * budget, free, while another caller's calls run; without a browser, /readyz is ready and the
 * answer says rendering is unavailable.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { DOCS_TEXT, installRenderSites, MANY_REQUESTS, RENDER_DOMAINS } from '../world/fixtures/render-sites.ts';
import { startService } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { loadConfig } from '../../server/config.ts';
import { browserArgs, createRenderer, rendererDataCapMb, type Renderer } from '../../server/render/renderer.ts';
import { createLauncher } from '../../server/render/launcher.ts';
import { processTree } from '../../server/render/processes.ts';
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { OFFLINE_ENV } from '../support/service.ts';
import { defaultUserAgent } from '../../engines/net/config.ts';
import { addresses, worldService } from '../support/lifecycle.ts';

const newCaller = addresses('198.51.100.');
const url = (domain: string, path = '/') => `https://${domain}${path}`;

/** The budgets of this file: short, so the hostile pages end in a few seconds. */
const RENDER = { timeoutMs: 3_000, cpuMs: 4_000, memoryMb: 384, quietMs: 300, maxRequests: 12 };

describe('clean-markdown renders script-built pages in a sandboxed browser', { timeout: 120_000 }, () => {
  let renderer: Renderer;
  let canary: Server;
  let canaryPort = 0;
  const reachedCanary: string[] = [];
  const renders: { elapsedMs: number; cpuMs: number; fetched: number }[] = [];
  const convert = (target: string, extra: Record<string, unknown> = {}, caller = newCaller()) =>
    call(setup.url, '/v1/clean-markdown', { body: { url: target, ...extra }, headers: { 'X-Forwarded-For': caller } });

  before(async () => {
    canary = createServer((socket: Socket) => {
      reachedCanary.push(`connection from ${socket.remoteAddress}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryPort = (canary.address() as { port: number }).port;
  });
  const setup = worldService({
    install: (world) => installRenderSites(world, { canaryPort }),
    service: () => {
      const config = loadConfig(OFFLINE_ENV);
      renderer = createRenderer({ ...config.render, ...RENDER }, { log: (entry) => void (entry.msg === 'rendered' && renders.push(entry as any)) });
      return { renderer };
    },
  });
  before(async () => {
    const availability = await renderer.availability();
    assert.deepEqual(availability, { available: true }, 'chromium starts with its sandbox (install it with `apt-get install -y chromium`)');
    // Warm: the parse thread compiles the engines and the world makes its certificates, which on a
    // loaded machine can take most of a first call's time and leave too little of it to render.
    // (A cold parse thread may miss its deadline on this one call: what it answers is not judged.)
    await convert(url(RENDER_DOMAINS.docs), { render: 'never' });
  });
  after(async () => {
    await renderer?.close();
    await new Promise((resolve) => canary?.close(resolve));
  });

  it('reads the content a script wrote from its API, charged once whatever the render value', async () => {
    const caller = newCaller();
    const requestsBefore = setup.world.sites.requests.length;
    const started = performance.now();
    const first = await convert(url(RENDER_DOMAINS.docs), {}, caller);
    const elapsedMs = performance.now() - started;
    assert.equal(first.status, 200);
    assert.equal(first.body.status, 'ok', first.body.note);
    assert.equal(first.body.rendered, true);
    assert.equal(first.body.title, 'Relay docs');
    assert.match(first.body.markdown, new RegExp(`^#+ ${DOCS_TEXT.title}$`, 'm'));
    for (const paragraph of DOCS_TEXT.paragraphs) assert.ok(first.body.markdown.includes(paragraph), paragraph);
    assert.ok(first.body.markdown.includes(`> ${DOCS_TEXT.note}`), first.body.markdown);
    assert.equal(first.headers.get('x-usage-free-remaining'), '4', 'the ok result is charged');

    // Every request the page made reached the site through the safe fetcher: the world saw each
    // once, sent with the service's own User-Agent, none by the browser itself, the image not at all.
    const seen = setup.world.sites.requests.slice(requestsBefore).filter((request) => request.host === RENDER_DOMAINS.docs);
    assert.deepEqual(seen.map((request) => request.url).sort(), ['/', '/api/note.json', '/api/page.json', '/app.js', '/style.css']);
    for (const request of seen) assert.equal(request.headers['user-agent'], defaultUserAgent(), request.url);
    const fetched = Number(/(\d+) requests through the safe fetcher/.exec(first.body.note)?.[1]);
    assert.equal(fetched, seen.length, first.body.note);
    assert.match(first.body.note, /1 refused/, 'the image');
    // The figures: the render (browser warm, parse pool warm) and the whole call.
    renders.length = 0;
    const timed = performance.now();
    const warm = await convert(url(RENDER_DOMAINS.docs), { render: 'always' });
    assert.equal(warm.body.status, 'ok');
    const [figure] = renders;
    console.log(
      `script-built page: render ${figure.elapsedMs} ms (browser CPU ${figure.cpuMs} ms, ${figure.fetched} requests); call ${Math.round(performance.now() - timed)} ms warm, ${Math.round(elapsedMs)} ms first`,
    );

    for (const render of ['never', 'always']) {
      const again = await convert(url(RENDER_DOMAINS.docs), { render }, caller);
      assert.equal(again.body.status, 'ok');
      assert.equal(again.headers.get('x-idempotent-replay'), 'true', `render ${render} is the same input`);
      assert.equal(again.headers.get('x-usage-free-remaining'), '4', `render ${render} is not charged again`);
      assert.equal(again.body.markdown, first.body.markdown);
    }
  });

  it('does not render when told never, nor a page with content of its own under auto', async () => {
    const never = await convert(url(RENDER_DOMAINS.docs), { render: 'never' });
    assert.equal(never.body.status, 'empty');
    assert.equal(never.body.rendered, false);
    assert.equal(never.headers.get('x-usage-free-remaining'), '5', 'empty is free');
  });

  it('answers a render value the spec does not list with 400 invalid_input, free, without rendering', async () => {
    const caller = newCaller();
    const rendered = renders.length;
    for (const render of ['sometimes', true, 1, null, 'ALWAYS']) {
      const answer = await convert(url(RENDER_DOMAINS.docs), { render }, caller);
      assert.equal(answer.status, 400, `render ${JSON.stringify(render)}: ${answer.text.slice(0, 200)}`);
      assert.equal(answer.headers.get('content-type')?.split(';')[0], 'application/problem+json');
      assert.equal(answer.body.code, 'invalid_input');
      assert.ok(answer.body.hint, 'a hint');
      assert.equal(answer.body.retryable, false);
      assert.equal(answer.headers.get('x-usage-free-remaining'), '5', 'nothing charged');
    }
    assert.equal(renders.length, rendered, 'nothing was rendered');
  });

  it("refuses a page's requests past the render's request budget; the page goes on without them", async () => {
    const requestsBefore = setup.world.sites.requests.length;
    const answer = await convert(url(RENDER_DOMAINS.docs, '/changelog'));
    assert.equal(answer.body.status, 'ok', answer.body.note);
    const fetched = setup.world.sites.requests.slice(requestsBefore).filter((request) => request.host === RENDER_DOMAINS.docs);
    assert.equal(fetched.length, RENDER.maxRequests, `the page itself and as many entries as the budget leaves: ${answer.body.note} ${answer.body.markdown}`);
    const entries = RENDER.maxRequests - 1;
    assert.match(answer.body.markdown, new RegExp(`^${entries} entries fetched\\.$`, 'm'));
    assert.match(
      answer.body.note,
      new RegExp(
        `${RENDER.maxRequests} requests through the safe fetcher, ${MANY_REQUESTS - entries} refused \\(${MANY_REQUESTS - entries} past the render's request or byte budget\\)`,
      ),
    );
  });

  it("blocks the page's every way to private addresses; nothing reaches the canary", async () => {
    const answer = await convert(url(RENDER_DOMAINS.probe));
    assert.equal(answer.body.status, 'ok', answer.body.note);
    assert.equal(answer.body.rendered, true, 'rendered: its HTML has no text but a script');
    const report = answer.body.markdown as string;
    for (const attempt of [
      'fetch loopback',
      'xhr loopback',
      'fetch private network',
      'fetch metadata',
      'fetch private name',
      'redirect to loopback',
      'websocket loopback',
      'websocket own site',
      'image loopback',
    ]) {
      assert.match(report, new RegExp(`^- ${attempt}: blocked$`, 'm'), report);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(reachedCanary, []);
    assert.ok(!setup.world.sites.requests.some((request) => request.url === '/live'), 'no WebSocket reached the site');
  });

  it('ends a looping, a memory-eating and a never-settling page at their budgets, free, while another caller is served', async () => {
    const hostile = newCaller();
    const started = performance.now();
    const ended: Record<string, number> = {};
    // One after the other, so that each waits in the hostile caller's own line in this order.
    const hostileCalls = [RENDER_DOMAINS.memory, RENDER_DOMAINS.loop, RENDER_DOMAINS.unsettled].map(async (domain, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 200));
      const answer = await convert(url(domain), {}, hostile);
      ended[domain] = performance.now() - started;
      return answer;
    });
    // Another caller meanwhile: a static call at once, then a render that waits for one hostile render at most.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const other = newCaller();
    const quick = performance.now();
    const plain = await convert(url(RENDER_DOMAINS.docs), { render: 'never' }, other);
    const plainMs = performance.now() - quick;
    const rendered = await convert(url(RENDER_DOMAINS.docs), {}, other);
    const otherRenderEnded = performance.now() - started;
    const answers = await Promise.all(hostileCalls);

    assert.equal(plain.body.status, 'empty');
    assert.ok(plainMs < 1_500, `a call that does not render is not held up by another caller's renders (${Math.round(plainMs)} ms)`);
    assert.equal(rendered.body.status, 'ok', rendered.body.note);
    const lastHostile = Math.max(...Object.values(ended));
    assert.ok(
      otherRenderEnded < lastHostile,
      `the other caller's render (${Math.round(otherRenderEnded)} ms) did not wait behind every hostile render (${Math.round(lastHostile)} ms)`,
    );
    for (const answer of answers) {
      assert.equal(answer.status, 200);
      assert.equal(answer.body.status, 'unsupported_content', answer.body.note);
      assert.equal(answer.body.rendered, true);
      assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0', 'free');
    }
    const usage = await convert(url(RENDER_DOMAINS.docs), { render: 'never' }, hostile);
    assert.equal(usage.headers.get('x-usage-free-remaining'), '5', 'no free call was used by the hostile pages');
    const [memory, loop, unsettled] = answers.map((answer) => answer.body.note as string);
    assert.match(loop, /CPU|did not settle/);
    assert.match(memory, /memory|crashed/);
    assert.match(unsettled, /did not settle/);
    for (const [domain, ms] of Object.entries(ended)) assert.ok(ms < 12_000, `${domain} ended in ${Math.round(ms)} ms`);
    console.log(
      `hostile pages ended (ms after the first call): ${Object.entries(ended)
        .map(([domain, ms]) => `${domain} ${Math.round(ms)}`)
        .join(
          ', ',
        )}; the other caller's call without a render ${Math.round(plainMs)} ms, its render done at ${Math.round(otherRenderEnded)}; the memory-eating page: ${memory}`,
    );

    // The browser that was killed is replaced: the next render works.
    const after = await convert(url(RENDER_DOMAINS.docs), { render: 'always' });
    assert.equal(after.body.status, 'ok', after.body.note);
  });

  it('the browser has no network of its own and runs sandboxed, as an unprivileged user when the service is root', async () => {
    // The renderer's own launch, without any interception: what escapes the routing must fail.
    const config = loadConfig(OFFLINE_ENV).render;
    const launcher = createLauncher(config);
    const browser = await chromium.launch({ executablePath: launcher.path, args: browserArgs(config), chromiumSandbox: true, env: launcher.envFor(1) });
    try {
      const page = await browser.newPage();
      for (const target of [`http://127.0.0.1:${canaryPort}/escaped`, `https://${RENDER_DOMAINS.docs}/`, 'http://example.com/']) {
        await assert.rejects(page.goto(target, { timeout: 10_000 }), /ERR_/, target);
      }
      const status = await browser.newPage();
      await status.goto('chrome://sandbox');
      assert.match((await status.textContent('body')) ?? '', /adequately sandboxed/);
      const pid = launcher.pidOf(1)!;
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
      if (process.getuid?.() === 0) assert.notEqual(uid, 0, 'not root');
      // Each renderer holds the hard memory cap the kernel enforces; the browser process does not.
      const dataLimit = (of: number) => /^Max data size\s+(\S+)/m.exec(readFileSync(`/proc/${of}/limits`, 'utf8'))?.[1];
      const renderers = processTree(pid).filter((child) => readFileSync(`/proc/${child}/cmdline`, 'latin1').includes('--type=renderer'));
      assert.ok(renderers.length > 0);
      for (const renderer of renderers) assert.equal(dataLimit(renderer), String(rendererDataCapMb(config)! * 1024 * 1024), `renderer ${renderer}`);
      assert.equal(dataLimit(pid), 'unlimited');
    } finally {
      await browser.close();
      launcher.remove();
    }
    assert.deepEqual(reachedCanary, []);
    const metrics = await (await fetch(`${setup.url}/metrics`)).text();
    assert.match(metrics, /^fair_share_waiting\{stage="render"\} 0$/m);
  });

  it('without a browser: /readyz is ready and the answer says rendering is unavailable', async () => {
    const off = await startService({
      config: {
        net: setup.world.netConfig,
        trustedProxies: ['127.0.0.1'],
        render: { ...loadConfig(OFFLINE_ENV).render, chromiumPath: '/nonexistent/chromium' },
      },
      parsePool: setup.service.parsePool,
    });
    try {
      const ready = await fetch(`${off.url}/readyz`);
      assert.equal(ready.status, 200);
      const answer = await call(off.url, '/v1/clean-markdown', {
        body: { url: url(RENDER_DOMAINS.docs), render: 'always' },
        headers: { 'X-Forwarded-For': newCaller() },
      });
      assert.equal(answer.body.status, 'empty');
      assert.equal(answer.body.rendered, false);
      assert.match(answer.body.note, /not rendered: rendering is unavailable on this instance \(no browser at \/nonexistent\/chromium\)/);
    } finally {
      await off.close();
    }
  });
});
