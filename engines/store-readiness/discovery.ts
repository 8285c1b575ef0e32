/**
 * What each discovery file must be to count as valid (spec: ReadinessFields.discovery), judged
 * from one fetch: its HTTP status, content type and body. Pure.
 *
 * - robots_txt: HTTP 200, not an HTML page (RFC 9309).
 * - sitemap: HTTP 200, an XML <urlset> with at least one <loc>, a <sitemapindex> with at least
 *   one <sitemap><loc>, or a text sitemap (one absolute URL a line); gzip is read (sitemaps.org),
 *   inflated by `inflated` before readSitemap, its first 10 MB.
 * - llms_txt: HTTP 200, not HTML, its first line an H1 ("# Name"), the one required part of the
 *   llms.txt format (llmstxt.org).
 * - agent_card: HTTP 200, a JSON object with the A2A AgentCard's required members: name,
 *   description, url, version, capabilities, skills, defaultInputModes, defaultOutputModes.
 * - x402: HTTP 200, JSON naming at least one payTo address.
 * - product_feed: HTTP 200, a feed with at least one product that has a title and a price: RSS or
 *   Atom items with price elements (Google Merchant g:price), or JSON products (a products array
 *   as Shopify's /products.json serves it, or items with title and price).
 */
import { createGunzip } from 'node:zlib';
import type { components } from '../../generated/types.ts';
import type { Fetched } from '../net/types.ts';
import { readDiscovery } from '../merchant/terms.ts';
import { blocks } from '../parse/scan.ts';
import { parseRobots, type Robots } from './robots.ts';

export type DiscoveryCheck = components['schemas']['DiscoveryCheck'];

/** One fetched file: the status and (sealed) content, or why nothing came back. */
export interface StoreFile {
  url: string;
  status: number | null;
  contentType: string;
  content: Fetched;
  truncated: boolean;
  /** Set when nothing answered (a network failure, an unsafe redirect). */
  failure: string | null;
}

/** A file as the checks read it, in the parse pool (engines/parse/tasks.ts): its text opened. */
export type OpenedFile = Omit<StoreFile, 'content'> & { text: string };

const check = (http_status: number | null, valid: boolean, validation: string): DiscoveryCheck => ({ http_status, valid, validation });

/** The check of a file that did not answer 200, or null when it did. */
function notServed(file: OpenedFile, what: string): DiscoveryCheck | null {
  if (file.failure) return check(null, false, `${file.url} could not be fetched (${file.failure})`);
  if (file.status !== 200) return check(file.status, false, `${file.url} answered HTTP ${file.status}: no ${what}`);
  return null;
}

const looksLikeHtml = (file: OpenedFile, text: string) => /html/i.test(file.contentType) || /^\s*(?:<!doctype html|<html[\s>])/i.test(text.slice(0, 500));
const textOf = (file: OpenedFile) => file.text;

export function checkRobots(file: OpenedFile): { check: DiscoveryCheck; robots: Robots | null; file: OpenedFile } {
  const clientError = file.status !== null && file.status >= 400 && file.status < 500;
  const missing = notServed(
    file,
    clientError ? 'robots.txt (RFC 9309: crawlers may fetch everything)' : 'robots.txt (RFC 9309: crawlers must then fetch nothing)',
  );
  if (missing)
    return {
      check: file.failure ? { ...missing, validation: `${missing.validation} (RFC 9309: crawlers must then fetch nothing)` } : missing,
      robots: null,
      file,
    };
  const text = textOf(file);
  const robots = parseRobots(text);
  if (looksLikeHtml(file, text)) return { check: check(200, false, `${file.url} answers with an HTML page, not a robots.txt file`), robots, file };
  const parts = [
    `${robots.groups.length} group${robots.groups.length === 1 ? '' : 's'}`,
    `${robots.sitemaps.length} sitemap line${robots.sitemaps.length === 1 ? '' : 's'}`,
  ];
  if (robots.unknownLines) parts.push(`${robots.unknownLines} unrecognised line${robots.unknownLines === 1 ? '' : 's'} ignored`);
  return { check: check(200, true, `robots.txt read: ${parts.join(', ')}`), robots, file };
}

export interface SitemapReading {
  check: DiscoveryCheck;
  kind: 'urlset' | 'index' | 'text' | null;
  /** Page URLs (urlset, text) or child sitemap URLs (index). */
  locs: string[];
}

/** Inflated bytes read of a gzip sitemap at most (sitemaps.org allows 50 MB; the sample needs the first URLs). */
export const MAX_SITEMAP_INFLATED_BYTES = 10 * 1024 * 1024;

/**
 * A gzip body inflated (zlib's thread pool) and cut at maxBytes (then `cut`: read in part), so a
 * small gzip that inflates to gigabytes costs at most maxBytes; null when the body is not gzip
 * or not valid gzip. Runs in the parse pool's storeSitemap task.
 */
export async function inflateGzip(
  body: Buffer,
  { maxBytes = MAX_SITEMAP_INFLATED_BYTES }: { maxBytes?: number } = {},
): Promise<{ bytes: Buffer; cut: boolean } | null> {
  if (!(body[0] === 0x1f && body[1] === 0x8b)) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  const ok = await new Promise<boolean>((resolve) => {
    const gunzip = createGunzip();
    gunzip.on('data', (chunk: Buffer) => {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) {
        cut = true;
        gunzip.destroy();
        resolve(true);
      }
    });
    gunzip.on('end', () => resolve(true));
    gunzip.on('error', () => resolve(cut));
    gunzip.end(body);
  });
  return ok ? { bytes: Buffer.concat(chunks), cut } : null;
}

/** Page or child sitemap URLs a reading keeps (all are counted). */
export const MAX_SITEMAP_LOCS = 1_000;

// No two runs of space side by side: a <loc> followed by a long run and no </loc> is read once.
const LOC = /<(?:\w+:)?loc>(?:\s*<!\[CDATA\[)?([^<\]]*)(?:\]\]>\s*)?<\/(?:\w+:)?loc>/gi;
const decodeXml = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

export function readSitemap(file: OpenedFile): SitemapReading {
  const missing = notServed(file, 'sitemap');
  if (missing) return { check: missing, kind: null, locs: [] };
  const text = textOf(file);
  // Every <loc> is counted, the first MAX_SITEMAP_LOCS kept: the sample needs a few, and what is kept crosses back from the parse pool.
  const locs: string[] = [];
  let counted = 0;
  for (const match of text.matchAll(LOC)) {
    const loc = decodeXml(match[1].trim());
    if (!loc || !/^https?:\/\//i.test(loc)) continue;
    counted += 1;
    if (locs.length < MAX_SITEMAP_LOCS) locs.push(loc);
  }
  if (/<(?:\w+:)?sitemapindex[\s>]/i.test(text)) {
    return locs.length
      ? { check: check(200, true, `sitemap index of ${counted} sitemap${counted === 1 ? '' : 's'}`), kind: 'index', locs }
      : { check: check(200, false, 'a <sitemapindex> without any <sitemap><loc>'), kind: 'index', locs };
  }
  if (/<(?:\w+:)?urlset[\s>]/i.test(text)) {
    return locs.length
      ? {
          check: check(
            200,
            true,
            `urlset of ${counted} URL${counted === 1 ? '' : 's'}${file.truncated ? ' (read in part: the file is larger than the read limit)' : ''}`,
          ),
          kind: 'urlset',
          locs,
        }
      : { check: check(200, false, 'a <urlset> without any <url><loc>'), kind: 'urlset', locs };
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length && !looksLikeHtml(file, text) && lines.every((line) => /^https?:\/\/\S+$/i.test(line))) {
    return {
      check: check(200, true, `text sitemap of ${lines.length} URL${lines.length === 1 ? '' : 's'}`),
      kind: 'text',
      locs: lines.slice(0, MAX_SITEMAP_LOCS),
    };
  }
  return {
    check: check(
      200,
      false,
      looksLikeHtml(file, text) ? `${file.url} answers with an HTML page, not a sitemap` : 'neither a <urlset>, a <sitemapindex> nor a list of URLs',
    ),
    kind: null,
    locs: [],
  };
}

export function checkLlmsTxt(file: OpenedFile): DiscoveryCheck {
  const missing = notServed(file, 'llms.txt');
  if (missing) return missing;
  const text = textOf(file);
  if (looksLikeHtml(file, text)) return check(200, false, `${file.url} answers with an HTML page, not a Markdown llms.txt`);
  const firstLine = firstNonBlankLine(text);
  // "# " then the name, trimmed after the match: a lazy (.+?)\s*$ is quadratic in a long run of inner space.
  const heading = /^#[ \t]+(\S.*)$/.exec(firstLine.trimEnd());
  if (!heading) return check(200, false, 'the first line is not an H1 ("# Name"), the one part the llms.txt format requires');
  // Neither the text nor the URL holds a bracket or parenthesis: each [ is read up to the next one at most.
  const links = [...text.matchAll(/\[[^[\]\n]*\]\((https?:\/\/[^()[\]\s]+|\/[^()[\]\s]*)\)/g)].length;
  return check(200, true, `llms.txt "${heading[1].slice(0, 80)}" with ${links} link${links === 1 ? '' : 's'}`);
}

/** The first line holding more than white space (without its line break), scanning each line once. */
function firstNonBlankLine(text: string): string {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim()) return line;
    start = end + 1;
  }
  return '';
}

const AGENT_CARD_REQUIRED = ['name', 'description', 'url', 'version', 'capabilities', 'skills', 'defaultInputModes', 'defaultOutputModes'];

function parseJson(file: OpenedFile): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(textOf(file)) };
  } catch {
    return { ok: false };
  }
}

export function checkAgentCard(file: OpenedFile): DiscoveryCheck {
  const missing = notServed(file, 'agent card');
  if (missing) return missing;
  const parsed = parseJson(file);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
    return check(200, false, `${file.url} is not a JSON object`);
  const card = parsed.value as Record<string, unknown>;
  const absent = AGENT_CARD_REQUIRED.filter((key) => card[key] === undefined || card[key] === null);
  const wrong = [
    ...(['name', 'description', 'url', 'version'] as const).filter((key) => card[key] !== undefined && typeof card[key] !== 'string'),
    ...(['skills', 'defaultInputModes', 'defaultOutputModes'] as const).filter((key) => card[key] !== undefined && !Array.isArray(card[key])),
  ];
  if (absent.length || wrong.length) {
    return check(
      200,
      false,
      [absent.length ? `missing ${absent.join(', ')}` : '', wrong.length ? `wrong type: ${wrong.join(', ')}` : ''].filter(Boolean).join('; ') +
        ' (A2A AgentCard)',
    );
  }
  const skills = (card.skills as unknown[]).length;
  return check(200, true, `A2A agent card "${String(card.name).slice(0, 80)}" with ${skills} skill${skills === 1 ? '' : 's'}`);
}

export function checkX402(file: OpenedFile): DiscoveryCheck {
  const missing = notServed(file, 'x402 payment terms');
  if (missing) return missing;
  const parsed = parseJson(file);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object') return check(200, false, `${file.url} is not JSON`);
  const discovery = readDiscovery(parsed.value);
  if (!discovery.payTos.length) return check(200, false, 'JSON without any payTo address');
  const version = (parsed.value as { x402Version?: unknown }).x402Version;
  return check(
    200,
    true,
    `${typeof version === 'number' ? `x402Version ${version}, ` : ''}${discovery.payTos.length} payTo address${discovery.payTos.length === 1 ? '' : 'es'}, ${discovery.amounts.size} priced resource${discovery.amounts.size === 1 ? '' : 's'}`,
  );
}

const hasPrice = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && /\d/.test(value)) ||
  (!!value && typeof value === 'object' && !Array.isArray(value) && ['amount', 'value'].some((key) => hasPrice((value as Record<string, unknown>)[key])));

function jsonProducts(value: unknown): number {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? ['products', 'items', 'data', 'entries'].map((key) => (value as Record<string, unknown>)[key]).find(Array.isArray)
      : null;
  if (!Array.isArray(list)) return 0;
  return list.filter((item) => {
    if (!item || typeof item !== 'object') return false;
    const product = item as Record<string, unknown>;
    const titled = typeof product.title === 'string' || typeof product.name === 'string';
    const variants = Array.isArray(product.variants) ? product.variants : [];
    return (
      titled && (hasPrice(product.price) || hasPrice(product.sale_price) || variants.some((variant) => hasPrice((variant as Record<string, unknown>)?.price)))
    );
  }).length;
}

export function checkProductFeed(file: OpenedFile): DiscoveryCheck {
  const missing = notServed(file, 'product feed');
  if (missing) return missing;
  const text = textOf(file);
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const parsed = parseJson(file);
    const count = parsed.ok ? jsonProducts(parsed.value) : 0;
    return count
      ? check(200, true, `JSON product feed with ${count} product${count === 1 ? '' : 's'} (title and price)`)
      : check(200, false, parsed.ok ? 'JSON without products that have a title and a price' : 'not valid JSON');
  }
  if (looksLikeHtml(file, text)) return check(200, false, `${file.url} answers with an HTML page, not a feed`);
  const items = blocks(text, ['item', 'entry']);
  const products = items.filter((item) => /<(?:g:)?price[\s>]/i.test(item) && /<(?:g:)?title[\s>]/i.test(item)).length;
  const merchant = /xmlns:g=["']http:\/\/base\.google\.com\/ns\/1\.0["']/i.test(text);
  if (products)
    return check(
      200,
      true,
      `${merchant ? 'Google Merchant ' : ''}${/<rss[\s>]/i.test(text) ? 'RSS' : 'Atom'} feed with ${products} product item${products === 1 ? '' : 's'} (title and price)`,
    );
  return check(
    200,
    false,
    items.length
      ? `a feed of ${items.length} item${items.length === 1 ? '' : 's'} without prices: not a product feed`
      : 'neither a JSON nor an RSS/Atom product feed',
  );
}
