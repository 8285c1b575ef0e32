import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startService, type TestService } from '../support/service.ts';
import { launchChromium } from '../support/chromium.ts';
import { operations, openapiDocument } from '../../server/contract.ts';
import { DOCS_CSP } from '../../server/docs-page.ts';

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
const SCREENSHOT = `${RESULTS_DIR}docs-page.png`;

/** Each operation as Swagger UI lists it (operation ids are shown: displayOperationId). */
const listed = (method: string, path: string, operationId: string) => `${method.toUpperCase()} ${path} ${operationId}`;

describe('GET /docs in headless Chromium', () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];
  let csp: string | undefined;

  before(async () => {
    service = await startService();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => requests.push(request.url()));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    const response = await page.goto(`${service.url}/docs`);
    csp = response?.headers()['content-security-policy'];
    // Swagger UI renders the operations once /openapi.json is fetched and resolved.
    await page.waitForSelector('.swagger-ui .opblock', { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  it('loads under its Content-Security-Policy with no console or page errors', () => {
    assert.equal(csp, DOCS_CSP);
    assert.deepEqual(problems, []);
  });

  it('makes no request beyond the service itself', () => {
    assert.ok(requests.length >= 5, `${requests.length} requests`);
    const elsewhere = requests.filter((url) => !url.startsWith(`${service.url}/`));
    assert.deepEqual(elsewhere, []);
    for (const path of ['/docs', '/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/init.js', '/openapi.json'])
      assert.ok(requests.includes(service.url + path), path);
  });

  it('lists every operation of the spec with its method, path and operation id', async () => {
    const shown = await page.$$eval('.swagger-ui .opblock', (blocks) =>
      blocks.map((block) =>
        [
          block.querySelector('.opblock-summary-method')?.textContent,
          block.querySelector('[data-path]')?.getAttribute('data-path'),
          block.querySelector('.opblock-summary-operation-id')?.textContent,
        ].join(' '),
      ),
    );
    const expected = operations.map((op) => listed(op.method, op.path, op.operationId));
    assert.equal(
      expected.length,
      Object.values(openapiDocument.paths).flatMap((item: any) => Object.keys(item).filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key)))
        .length,
    );
    assert.deepEqual([...new Set(shown)].sort(), expected.sort());
    const title = await page.textContent('.swagger-ui .info .title');
    assert.ok(title?.includes(String(openapiDocument.info.title)), title ?? '');
    assert.ok(title?.includes(String(openapiDocument.info.version)), title ?? '');
  });

  it('reports no error or warning about the definition (Swagger UI errors panel)', async () => {
    assert.equal(await page.locator('.swagger-ui .errors__title').count(), 0);
    const panels = await page.$$eval('.swagger-ui .errors-wrapper h4', (titles) => titles.map((title) => title.textContent));
    assert.deepEqual(panels, []);
  });

  it('is styled by swagger-ui.css and saves a full-page screenshot', async () => {
    const color = await page.$eval('.swagger-ui .opblock-summary-method', (element) => getComputedStyle(element).backgroundColor);
    assert.notEqual(color, 'rgba(0, 0, 0, 0)', 'the method badge has its colour from swagger-ui.css');
    mkdirSync(RESULTS_DIR, { recursive: true });
    const png = await page.screenshot({ path: SCREENSHOT, fullPage: true });
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
  });
});
