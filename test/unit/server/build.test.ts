/**
 * server/build.ts: the bundle `npm start` runs. It must hold all project code (only packages and
 * Node built-ins stay imports) and read the files beside its sources (generated/, the Swagger UI
 * package) exactly as the sources do, and run its parse pool on the worker bundled beside it.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle } from '../../../server/build.ts';
import { DOCS_ASSETS } from '../../../server/docs-page.ts';
import { OFFLINE_ENV } from '../../support/service.ts';
import { freePort } from '../../support/free-port.ts';
import { startWorld, type World } from '../../world/index.ts';
import { installMarkdownSites, MARKDOWN_DOMAINS, markdownUrl } from '../../world/fixtures/markdown-sites.ts';
import { hostileUrl, installHostileSites } from '../../world/fixtures/hostile-sites.ts';

describe('the bundle npm start runs (server/build.ts)', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-test-'));
  let file = '';
  let child: ChildProcess;
  let url = '';
  let world: World;

  before(async () => {
    world = await startWorld();
    installMarkdownSites(world);
    installHostileSites(world);
    file = await bundle({ outfile: 'dist/test/build-main.mjs' });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...OFFLINE_ENV,
      ...world.netEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dir, 'service.sqlite'),
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    child = spawn(process.execPath, [file], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    for (
      let i = 0;
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 100 || child.exitCode !== null) throw new Error('the bundled service did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  after(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await world?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports nothing from the project at run time: only packages and node: built-ins', () => {
    const specifiers = [...readFileSync(file, 'utf8').matchAll(/^import\s[^'"]*?from\s+["']([^"']+)["']|^import\s+["']([^"']+)["']/gm)].map(
      (m) => m[1] ?? m[2],
    );
    assert.ok(specifiers.length > 10, `expected the bundle's package imports, found ${specifiers.length}`);
    assert.deepEqual(
      specifiers.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/') || specifier.endsWith('.ts')),
      [],
    );
  });

  it('serves the files its sources read beside themselves (generated/llms.txt, the Swagger UI package)', async () => {
    const llms = await fetch(`${url}/llms.txt`);
    assert.equal(llms.status, 200);
    assert.equal(await llms.text(), readFileSync(new URL('../../../generated/llms.txt', import.meta.url), 'utf8').replaceAll('{base_url}', url));
    const asset = DOCS_ASSETS.find((name) => name.endsWith('.css'))!;
    const css = await fetch(`${url}/docs/assets/${asset}`);
    assert.equal(css.status, 200);
    assert.ok((await css.text()).length > 1000);
  });

  it('answers an operation through the whole pipeline', async () => {
    const response = await fetch(`${url}/v1/advisor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agent_goal: 'which ad pixels does a site use' }),
    });
    assert.equal(response.status, 200);
    assert.equal(typeof ((await response.json()) as { recommended_tool?: unknown }).recommended_tool, 'string');
  });

  it('parses a page in its pool, on the worker bundled beside it', async () => {
    const response = await fetch(`${url}/v1/clean-markdown`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: markdownUrl(MARKDOWN_DOMAINS.article, '/2025/cranes') }),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { status: string; markdown?: string };
    assert.equal(body.status, 'ok');
    assert.match(body.markdown ?? '', /Three northern ports replaced their diesel cranes/);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    assert.match(metrics, /^parse_tasks_total\{task="markdown",outcome="ok"\} 1$/m);
    assert.match(metrics, /^parse_pool_threads \d+$/m);
  });

  it('honours SIGTERM during a hostile parse: the call is answered, then the process exits 0', async () => {
    const answer = fetch(`${url}/v1/clean-markdown`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ url: hostileUrl('nested20000') }),
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = performance.now();
    child.kill('SIGTERM');
    const response = await answer;
    assert.equal(response.status, 200);
    assert.ok(['ok', 'empty', 'unsupported_content'].includes(((await response.json()) as { status: string }).status));
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
    assert.ok(performance.now() - started < 10_000, `exited ${Math.round(performance.now() - started)} ms after SIGTERM`);
  });
});
