import type { Context } from 'koa';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { openapiDocument } from './contract.ts';
import { renderCache, sendRendered } from './documents.ts';
import { ServiceError } from './problem.ts';

/** The installed swagger-ui-dist package, wherever npm put it (no CDN, no hard-coded path). */
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the spec lets /docs/assets/{asset} name; init.js is written here, the others come from the package. */
export const DOCS_ASSETS: string[] = openapiDocument.paths['/docs/assets/{asset}'].get.parameters.find((param: any) => param.name === 'asset').schema.enum;

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.png': 'image/png' };

/** Everything the page loads comes from this origin; the init code is a served file, so no inline script is allowed. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // swagger-ui.css draws its icons as data: images
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page: Swagger UI's style sheet and bundle, then init.js, which renders /openapi.json into #docs. */
export function docsPageHtml({ basePath = '', title = String(openapiDocument.info.title) } = {}) {
  const asset = (file: string) => `${basePath}/docs/assets/${file}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}: API documentation</title>
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<noscript>This page needs JavaScript. The interface description is at <a href="${basePath}/openapi.json">${basePath}/openapi.json</a>, a plain-text reference at <a href="${basePath}/llms.txt">${basePath}/llms.txt</a>.</noscript>
<div id="docs"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('init.js')}"></script>
</body>
</html>
`;
}

/** Swagger UI's start: the spec from this service, operation ids shown, no online validator (it would call a third-party host). */
export function docsInitScript({ basePath = '' } = {}) {
  const options = {
    url: `${basePath}/openapi.json`,
    dom_id: '#docs',
    displayOperationId: true,
    deepLinking: true,
    docExpansion: 'list',
    filter: true,
    validatorUrl: null,
  };
  return `window.ui = SwaggerUIBundle(${JSON.stringify(options, null, 2)});\n`;
}

export interface DocsPageOptions {
  /** PUBLIC_BASE_URL: its path (if any) prefixes every URL of the page; its origin is not written, so the page loads from wherever it is served. */
  publicBaseUrl?: string | null;
  packageDir?: string;
}

/**
 * GET /docs and GET /docs/assets/{asset}. Each body is read or written once, on first request
 * (the bundle is 1.4 MB), then served like the other documents: ETag, 304, gzip. The page
 * revalidates every 5 minutes, the assets daily (their names carry no version).
 */
export function docsPageHandlers({ publicBaseUrl = null, packageDir = swaggerUiDir }: DocsPageOptions = {}) {
  const basePath = publicBaseUrl ? new URL(publicBaseUrl).pathname.replace(/\/+$/, '') : '';
  const rendered = renderCache();
  const assetBody = (file: string) => (file === 'init.js' ? docsInitScript({ basePath }) : readFileSync(join(packageDir, file)));
  return {
    getDocs(_api: unknown, ctx: Context) {
      ctx.set('Content-Security-Policy', DOCS_CSP);
      ctx.set('X-Content-Type-Options', 'nosniff');
      sendRendered(
        ctx,
        rendered('page', () => docsPageHtml({ basePath })),
        'text/html; charset=utf-8',
        { maxAge: 300 },
      );
    },
    getDocsAsset(_api: unknown, ctx: Context) {
      const file = ctx.path.replace(/\/+$/, '').split('/').pop()!;
      if (!DOCS_ASSETS.includes(file))
        throw new ServiceError('not_found', { detail: `${ctx.path} is not a file of the documentation page; it has ${DOCS_ASSETS.join(', ')}.` });
      ctx.set('X-Content-Type-Options', 'nosniff');
      sendRendered(
        ctx,
        rendered(file, () => assetBody(file)),
        TYPES[extname(file)],
        { maxAge: 86400 },
      );
    },
  };
}
