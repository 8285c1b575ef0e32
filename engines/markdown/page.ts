/**
 * Parsing a fetched page with linkedom, and the facts read from its head. linkedom has no
 * notion of the page's URL (document.baseURI is null, href is not resolved), so the page gets
 * a <base> pointing at the final URL (an existing <base> is resolved against it): Readability
 * reads it to absolutise links, and pageBase() gives the same base to the Markdown rules.
 */
import { parseHTML } from 'linkedom';
import { parseBounded } from '../parse/dom.ts';
import { PARSE_LIMITS, type ParseLimits } from '../parse/limits.ts';

export type Doc = Document;

/** A full document for any HTML text (linkedom mis-nests a bare fragment, so it is wrapped first), parsed within the limits. */
export function parsePage(html: string, url: string, limits: ParseLimits = PARSE_LIMITS): Doc {
  const text = /<(html|body|head)[\s>]/i.test(html.slice(0, 5000)) ? html : `<!DOCTYPE html><html><head></head><body>${html}</body></html>`;
  const document = parseBounded(text, limits);
  if (!document.documentElement) return parseHTML(`<!DOCTYPE html><html><head></head><body></body></html>`).document as unknown as Doc;
  if (!document.head) document.documentElement.prepend(document.createElement('head'));
  if (!document.body) document.documentElement.append(document.createElement('body'));
  placeStrayContent(document);
  const base = document.querySelector('base[href]');
  const resolved = resolveUrl(base?.getAttribute('href') ?? '', url) ?? url;
  if (base) base.setAttribute('href', resolved);
  else {
    const element = document.createElement('base');
    element.setAttribute('href', resolved);
    document.head.prepend(element);
  }
  return document;
}

const HEAD_ELEMENTS = new Set(['title', 'meta', 'link', 'style', 'script', 'base', 'noscript', 'template']);

/**
 * linkedom keeps elements where the markup puts them, where an HTML5 parser would move them into
 * <body>: content between </head> and <body> or after </body> (siblings of body; on some pages
 * all of it, leaving body empty), and content elements inside <head>. Readability and every
 * later step read document.body only.
 */
function placeStrayContent(document: Doc): void {
  const { documentElement: html, head, body } = document;
  const beforeBody: Node[] = [];
  let seenBody = false;
  for (const node of [...head.childNodes]) {
    if (node.nodeType === 1 && !HEAD_ELEMENTS.has((node as Element).localName)) beforeBody.push(node);
  }
  for (const node of [...html.childNodes]) {
    if (node === head) continue;
    if (node === body) {
      seenBody = true;
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 3) continue;
    if (seenBody) body.append(node);
    else beforeBody.push(node);
  }
  if (beforeBody.length) body.prepend(...beforeBody);
}

/** The URL links of the page are relative to. */
export function pageBase(document: Doc, fallback: string): string {
  return document.querySelector('base[href]')?.getAttribute('href') || fallback;
}

export function resolveUrl(value: string, base: string): string | null {
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return null;
  }
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

function meta(document: Doc, ...keys: string[]): string {
  for (const key of keys) {
    for (const element of document.querySelectorAll(`meta[name="${key}" i], meta[property="${key}" i]`)) {
      const content = clean(element.getAttribute('content'));
      if (content) return content;
    }
  }
  return '';
}

/** og:title (or twitter:title), else <title>, else the first h1. */
export function pageTitle(document: Doc): string {
  return (
    meta(document, 'og:title', 'twitter:title') ||
    clean(document.querySelector('head title, title')?.textContent) ||
    clean(document.querySelector('h1')?.textContent)
  );
}

/** meta description, else og:description (or twitter:description). */
export function pageDescription(document: Doc): string {
  return meta(document, 'description', 'og:description', 'twitter:description');
}
