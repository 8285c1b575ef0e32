/**
 * The limits every analysis of fetched content runs under (the spec's "Limits on fetched content"
 * in info.description says the same). Each one is applied before the step it protects, so that a
 * page a stranger chose costs at most so much, whatever its markup:
 * - bytes: each operation's fetch cap (engines/*: maxBodyBytes), before anything is decoded;
 * - elements and markup depth: the HTML is cut before its (maxElements + 1)th start tag, or
 *   before a start tag nested deeper than maxMarkupDepth (cutMarkup), before it is parsed: the
 *   parser never builds more nodes, nor a deeper tree, than this;
 * - depth: elements nested deeper than maxDepth are flattened into their ancestor at that depth,
 *   as browsers do (Chromium's parser stops nesting at 512), before any walk of the tree;
 *   clean-markdown flattens at MARKDOWN_MAX_DEPTH;
 * - Readability (clean-markdown's article candidate) only runs on pages of at most
 *   READABILITY_MAX_ELEMENTS elements nested at most READABILITY_MAX_DEPTH deep (its conditional
 *   cleaning grows with the square of the nesting; such pages take the page path), and its
 *   retries only within READABILITY_MAX_ELEMENT_PASSES;
 * - time: each analysis runs in the parse pool under a deadline (server/parse-pool), and is
 *   ended when it passes it.
 * The extraction corpora (bench:markdown) reach 15,797 elements and a depth of 50: no page of
 * theirs meets a limit.
 */
export interface ParseLimits {
  /** Start tags parsed: the HTML is cut before the next one. */
  maxElements: number;
  /** Nesting kept in the tree: deeper elements are flattened into their ancestor at this depth. */
  maxDepth: number;
  /** Nesting of the markup itself (open tags not yet closed): the HTML is cut where it goes deeper. */
  maxMarkupDepth: number;
}

export const PARSE_LIMITS: Readonly<ParseLimits> = { maxElements: 20_000, maxDepth: 512, maxMarkupDepth: 2_048 };

/**
 * clean-markdown's tree depth: Turndown reads the whole text under each element it converts, so
 * its work is the elements times their depth; deeper elements are placed at this depth, as the
 * parse does at maxDepth (the corpora nest at most 50 deep).
 */
export const MARKDOWN_MAX_DEPTH = 128;

/** Readability runs only on a page nested at most this deep (as the page had it, before flattening). */
export const READABILITY_MAX_DEPTH = 64;

/**
 * Readability runs only on a page of at most this many elements, counted once its clutter and
 * chrome are removed, each attribute as a sixteenth of an element (the corpora reach 8,573): each
 * of its passes costs up to about 50 µs an element (linkedom queries and style reads; a page of
 * images, links or forms is the costliest) and serializes and re-parses the attributes.
 */
export const READABILITY_MAX_ELEMENTS = 10_000;

/**
 * Readability's passes times the elements of the page (counted as above): a pass that finds too
 * little text is retried with laxer rules (up to four passes in all), and a retry runs only while
 * the passes stay within this. Past it, the longest text found so far is Readability's answer,
 * as it is after its fourth pass. Of the corpora's pages only one (2.4 MB) needs more (20,688).
 */
export const READABILITY_MAX_ELEMENT_PASSES = 12_500;

/** Raw-text elements: their content holds no tags, whatever it looks like. */
const RAW_TEXT_END: Record<string, RegExp> = {
  script: /<\/script\s*>/gi,
  style: /<\/style\s*>/gi,
  textarea: /<\/textarea\s*>/gi,
  title: /<\/title\s*>/gi,
};
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'keygen',
  'frame',
  'basefont',
  'bgsound',
]);
/** Open elements a start tag closes while they are the innermost (<li>a<li>b, <td>a<tr>); a <p> is closed by any block. */
const IMPLIED_END: Record<string, Set<string>> = {
  li: new Set(['li', 'p']),
  dt: new Set(['dt', 'dd', 'p']),
  dd: new Set(['dt', 'dd', 'p']),
  tr: new Set(['tr', 'td', 'th']),
  td: new Set(['td', 'th']),
  th: new Set(['td', 'th']),
  option: new Set(['option']),
  optgroup: new Set(['option', 'optgroup']),
  rt: new Set(['rt', 'rp']),
  rp: new Set(['rt', 'rp']),
};
const CLOSES_P = new Set(['p']);
const PHRASING = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'select',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'svg',
  'textarea',
  'time',
  'u',
  'var',
  'wbr',
  'picture',
  'math',
]);
const TAG = /<!--|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/g;

export interface CutResult {
  html: string;
  /** Start tags counted (up to maxElements + 1). */
  elements: number;
  /** Where the HTML was cut, if it was. */
  cut: 'elements' | 'depth' | null;
}

/**
 * The HTML up to its (maxElements + 1)th start tag, or up to the first start tag nested deeper
 * than maxMarkupDepth, in one linear pass (comments and raw text skipped). The nesting is the
 * markup's: open tags not yet closed, void elements and self-closed tags not counted, an end tag
 * closing every element opened since its own start tag, and the implied ends a parser applies most
 * (an <li>, <td>, <tr>, <dd>... closed by the next of its kind or row; a <p> by the next block).
 */
export function cutMarkup(html: string, { maxElements, maxMarkupDepth }: Pick<ParseLimits, 'maxElements' | 'maxMarkupDepth'> = PARSE_LIMITS): CutResult {
  let elements = 0;
  const open: string[] = [];
  TAG.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TAG.exec(html))) {
    if (match[0] === '<!--') {
      const end = html.indexOf('-->', match.index + 4);
      if (end < 0) break;
      TAG.lastIndex = end + 3;
      continue;
    }
    const name = match[2].toLowerCase();
    const gt = html.indexOf('>', TAG.lastIndex);
    if (gt < 0) break;
    TAG.lastIndex = gt + 1;
    if (match[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    elements += 1;
    if (elements > maxElements) return { html: html.slice(0, match.index), elements, cut: 'elements' };
    const closes = IMPLIED_END[name] ?? (PHRASING.has(name) ? null : CLOSES_P);
    while (closes && open.length && closes.has(open[open.length - 1])) open.pop();
    const rawEnd = RAW_TEXT_END[name];
    if (rawEnd) {
      rawEnd.lastIndex = TAG.lastIndex;
      const end = rawEnd.exec(html);
      if (!end) break;
      TAG.lastIndex = end.index + end[0].length;
      continue;
    }
    if (VOID.has(name) || html.charCodeAt(gt - 1) === 47 /* "/>" */) continue;
    if (open.length >= maxMarkupDepth) return { html: html.slice(0, match.index), elements, cut: 'depth' };
    open.push(name);
  }
  return { html, elements, cut: null };
}
