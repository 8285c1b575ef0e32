/**
 * One pass over a page: comments, scripts (URL or inline text), script preloads, meta tags and the
 * title. Everything inside a comment is left out (a commented-out snippet is not deployed); the
 * comment texts are kept apart for the few signals that are comments themselves. Resource hints
 * (preconnect, dns-prefetch) are left out of the markup too: they load nothing.
 */

import { stripTags } from '../parse/scan.ts';
import { COMMON_ENTITIES } from '../parse/entities.ts';

export type Range = [start: number, end: number];

/** A page as ranges of its own text (no copies, no lower-casing: the matchers fold case). */
export interface Page {
  html: string;
  /** the markup outside comments */
  markup: Range[];
  /** comment texts */
  comments: Range[];
  /** inline script bodies, JSON-LD excepted (data, often the article's own prose) */
  inline: Range[];
  /** script URLs: src, and <link rel=preload as=script> / modulepreload href (&amp; decoded) */
  scriptUrls: string[];
  /** stylesheet URLs: <link rel=stylesheet>, and preloads as style or font (&amp; decoded) */
  styleUrls: string[];
  /** meta tags by lower-cased name|property|http-equiv|itemprop, content lower-cased (raw: as written) */
  metas: { name: string; content: string; raw: string }[];
  /** the first <title>'s text, decoded, whitespace collapsed, at most 300 characters */
  title: string | null;
}

const TAG = /<!--|<(script|meta|link|title)(?=[\s/>])/gi;
const SCRIPT_END = /<\/script\s*>/gi;
const TITLE_END = /<\/title\s*>/gi;
const MAX_TITLE = 300;

const ATTRS = ['src', 'href', 'rel', 'as', 'name', 'property', 'http-equiv', 'itemprop', 'content', 'type'] as const;
type AttrName = (typeof ATTRS)[number];
const ATTR_RES = Object.fromEntries(
  ATTRS.map((name) => [name, new RegExp(`(?:^|[\\s"'/])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i')]),
) as Record<AttrName, RegExp>;

function attr(attrs: string, name: AttrName): string | null {
  const match = ATTR_RES[name].exec(attrs);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

export function extractPage(html: string): Page {
  const page: Page = { html, markup: [], comments: [], inline: [], scriptUrls: [], styleUrls: [], metas: [], title: null };
  let kept = 0;
  // the next '>' at or after the scan position: found with indexOf and reused, so that runs of
  // unclosed tags cost one pass, not one pass each
  let gt = -1;
  TAG.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TAG.exec(html))) {
    if (match[0] === '<!--') {
      const end = html.indexOf('-->', match.index + 4);
      const stop = end < 0 ? html.length : end + 3;
      page.comments.push([match.index + 4, end < 0 ? html.length : end]);
      if (match.index > kept) page.markup.push([kept, match.index]);
      kept = stop;
      TAG.lastIndex = stop;
      continue;
    }
    if (gt < TAG.lastIndex) gt = html.indexOf('>', TAG.lastIndex);
    if (gt < 0) break;
    const name = match[1].toLowerCase();
    const attrs = html.slice(TAG.lastIndex, gt);
    TAG.lastIndex = gt + 1;
    if (name === 'script') {
      SCRIPT_END.lastIndex = TAG.lastIndex;
      const close = SCRIPT_END.exec(html);
      const src = attr(attrs, 'src');
      if (src) page.scriptUrls.push(src.replaceAll('&amp;', '&'));
      else if (!/ld\+json/i.test(attr(attrs, 'type') ?? '')) page.inline.push([TAG.lastIndex, close ? close.index : html.length]);
      TAG.lastIndex = close ? close.index + close[0].length : html.length;
    } else if (name === 'link') {
      const rel = (attr(attrs, 'rel') ?? '').toLowerCase();
      const as = (attr(attrs, 'as') ?? '').toLowerCase();
      const href = attr(attrs, 'href');
      if (/^\s*(?:(?:preconnect|dns-prefetch)\s*)+$/.test(rel)) {
        // a resource hint opens a connection and loads nothing: the host it names is not deployed
        if (match.index > kept) page.markup.push([kept, match.index]);
        kept = TAG.lastIndex;
      } else if (href && ((/\bpreload\b/.test(rel) && as === 'script') || /\bmodulepreload\b/.test(rel))) page.scriptUrls.push(href.replaceAll('&amp;', '&'));
      else if (href && (/\bstylesheet\b/.test(rel) || (/\bpreload\b/.test(rel) && (as === 'style' || as === 'font'))))
        page.styleUrls.push(href.replaceAll('&amp;', '&'));
    } else if (name === 'meta') {
      const key = attr(attrs, 'name') ?? attr(attrs, 'property') ?? attr(attrs, 'http-equiv') ?? attr(attrs, 'itemprop');
      if (key) {
        const raw = attr(attrs, 'content') ?? '';
        page.metas.push({ name: key.toLowerCase(), content: raw.toLowerCase(), raw });
      }
    } else if (name === 'title') {
      TITLE_END.lastIndex = TAG.lastIndex;
      const close = TITLE_END.exec(html);
      if (page.title === null) page.title = cleanTitle(html.slice(TAG.lastIndex, Math.min(close ? close.index : html.length, TAG.lastIndex + 64 * MAX_TITLE)));
      // an unclosed title runs to the end of the document, as in HTML
      TAG.lastIndex = close ? close.index + close[0].length : html.length;
    }
  }
  if (html.length > kept) page.markup.push([kept, html.length]);
  return page;
}

function cleanTitle(raw: string): string | null {
  const text = decodeEntities(stripTags(raw)).replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > MAX_TITLE ? text.slice(0, MAX_TITLE).trimEnd() : text;
}

const NAMED: Record<string, string> = {
  ...COMMON_ENTITIES,
  laquo: '«',
  raquo: '»',
  eacute: 'é',
  egrave: 'è',
  aacute: 'á',
  agrave: 'à',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  ccedil: 'ç',
  szlig: 'ß',
  pipe: '|',
  vert: '|',
  colon: ':',
  comma: ',',
  period: '.',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (all, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return n > 0 && n < 0x110000 && !(n >= 0xd800 && n < 0xe000) ? String.fromCodePoint(n) : all;
    }
    return NAMED[code.toLowerCase()] ?? all;
  });
}

const CONTAINER_ID = /(?:gtm\.js|ns\.html)\?id=(gtm-[a-z0-9]{4,10})\b|['"]script['"]\s*,\s*['"][\w$.]+['"]\s*,\s*['"](gtm-[a-z0-9]{4,10})['"]/gi;

/**
 * GTM container ids the page loads, in document order, unique: from gtm.js / ns.html URLs and the
 * standard snippet's last argument. Not from comments, nor from other mentions (an Optimize
 * anti-flicker {'GTM-…': true} or ga('require', 'GTM-…') names an Optimize container).
 */
export function extractContainerIds(html: string, page: Page = extractPage(html)): string[] {
  const ids: string[] = [];
  let match: RegExpExecArray | null;
  for (const [start, end] of page.markup) {
    const text = html.slice(start, end);
    CONTAINER_ID.lastIndex = 0;
    while ((match = CONTAINER_ID.exec(text))) {
      const id = (match[1] ?? match[2]).toUpperCase();
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}
