/**
 * Linear scans of markup that do not build a tree: tags dropped, raw-text elements dropped, links
 * and their text, blocks between an opening and a closing tag. Each one reads its input once
 * (every search starts where the last one ended), whatever the input holds, where the regular
 * expressions they replace (`<[^>]*>`, `<a\b[^>]*?href…`, `<item>[\s\S]*?</item>`) search again
 * from every unclosed `<`, and so take quadratic or worse time on markup a stranger writes with
 * many of them. They run on the main thread over fetched pages, files and board texts.
 */

/**
 * Every tag (`<` to the next `>`) replaced by a space, as `/<[^>]*>/g` does: a `<` with no `>`
 * after it is kept as text, and so is everything after it, since no later `<` has one either.
 * `open` and `close` give the markup's spelling (`&lt;` and `&gt;` for escaped HTML).
 */
export function stripTags(html: string, { open = '<', close = '>' }: { open?: string; close?: string } = {}): string {
  let start = html.indexOf(open);
  if (start < 0) return html;
  let out = '';
  let last = 0;
  while (start >= 0) {
    const end = html.indexOf(close, start + open.length);
    if (end < 0) break;
    out += html.slice(last, start) + ' ';
    last = end + close.length;
    start = html.indexOf(open, last);
  }
  return out + html.slice(last);
}

/**
 * The HTML without the named elements and what they hold (script and style by default), each
 * replaced by a space, as `/<(script|style)\b[\s\S]*?<\/\1>/gi` does: an element that is never
 * closed is kept, and no later element of that name is looked for, since it has no closing tag
 * either. `open` and `close` give the markup's spelling (`&lt;` and `&gt;` for escaped HTML).
 */
export function dropElements(
  html: string,
  { names = ['script', 'style'], open = '<', close = '>' }: { names?: string[]; open?: string; close?: string } = {},
): string {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opening = new RegExp(`${escape(open)}(${names.map(escape).join('|')})(?![a-z0-9-])`, 'gi');
  const closers = new Map(names.map((name) => [name.toLowerCase(), new RegExp(`${escape(open)}/${escape(name)}\\s*${escape(close)}`, 'gi')]));
  let out = '';
  let last = 0;
  for (const span of elementSpans(html, { opening, closerOf: (name) => closers.get(name)!, nameCount: names.length })) {
    out += html.slice(last, span.start) + ' ';
    last = span.end;
  }
  return last ? out + html.slice(last) : html;
}

export interface Anchor {
  /** The href attribute's value as written (entities not decoded). */
  href: string;
  /** The markup between the start tag and its `</a>`, when that comes within maxText characters; '' otherwise. */
  inner: string;
  /** Where the start tag begins. */
  at: number;
}

const ANCHOR_START = /<a(?=[\s/>])/gi;
const HREF = /(?:^|[\s"'/])href\s*=\s*/i;

/** The value of an attribute that starts at `from` in a tag's text: quoted, or up to the next space. */
function attributeValue(tag: string, from: number): string | null {
  const quote = tag[from];
  if (quote === '"' || quote === "'") {
    const end = tag.indexOf(quote, from + 1);
    return end < 0 ? null : tag.slice(from + 1, end);
  }
  const value = /^[^\s>]+/.exec(tag.slice(from, from + 2_048))?.[0];
  return value ?? null;
}

/**
 * Each `<a>` start tag that has an href, with the href and the link's inner markup, in document
 * order. A start tag runs to its first `>` (attribute values holding `>` are rare enough in links
 * to be read as the regex did); one with no `>` ends the scan, as nothing after it is a tag.
 */
export function* anchors(html: string, { maxText = 200 }: { maxText?: number } = {}): Generator<Anchor> {
  const start = new RegExp(ANCHOR_START.source, 'gi');
  let match: RegExpExecArray | null;
  while ((match = start.exec(html))) {
    const end = html.indexOf('>', start.lastIndex);
    if (end < 0) return;
    const tag = html.slice(start.lastIndex, end);
    start.lastIndex = end + 1;
    const name = HREF.exec(tag);
    if (!name) continue;
    const href = attributeValue(tag, name.index + name[0].length);
    if (!href) continue;
    const window = html.slice(end + 1, end + 1 + maxText + 4);
    const close = window.search(/<\/a\s*>/i);
    yield { href, inner: close >= 0 && close <= maxText ? window.slice(0, close) : '', at: match.index };
  }
}

/**
 * The blocks from each `<name` (followed by a space or `>`) to the next `</name>`, any of the
 * given names, as `/<(item|entry)[\s>][\s\S]*?<\/\1>/gi` matches them; a name whose block is never
 * closed is not looked for again.
 */
export function blocks(text: string, names: string[]): string[] {
  const opening = new RegExp(`<(${names.join('|')})[\\s>]`, 'gi');
  const closerOf = (name: string) => new RegExp(`</${name}>`, 'gi');
  return [...elementSpans(text, { opening, closerOf, nameCount: names.length })].map((span) => text.slice(span.start, span.end));
}

/**
 * Where each element runs, from a match of `opening` (its name the first group) to the next match
 * of its name's closer, in order and without overlap; a name that is never closed is not looked
 * for again, and the scan ends once none of the `nameCount` names can close.
 */
function* elementSpans(
  text: string,
  { opening, closerOf, nameCount }: { opening: RegExp; closerOf: (name: string) => RegExp; nameCount: number },
): Generator<{ start: number; end: number }> {
  const unclosed = new Set<string>();
  let match: RegExpExecArray | null;
  opening.lastIndex = 0;
  while ((match = opening.exec(text))) {
    const name = match[1].toLowerCase();
    if (unclosed.has(name)) continue;
    const closer = closerOf(name);
    closer.lastIndex = opening.lastIndex;
    if (!closer.exec(text)) {
      unclosed.add(name);
      if (unclosed.size === nameCount) break;
      continue;
    }
    yield { start: match.index, end: closer.lastIndex };
    opening.lastIndex = closer.lastIndex;
  }
}

/** The text of each `<!-- … -->` comment; an unclosed one ends the scan (no later comment closes either). */
export function comments(html: string): string[] {
  const found: string[] = [];
  let start = html.indexOf('<!--');
  while (start >= 0) {
    const end = html.indexOf('-->', start + 4);
    if (end < 0) break;
    found.push(html.slice(start + 4, end));
    start = html.indexOf('<!--', end + 3);
  }
  return found;
}
