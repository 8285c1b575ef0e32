/**
 * HTML to GitHub-flavoured Markdown with Turndown and our own rules for what its defaults and the
 * gfm plugin get wrong: tables without a header row (the plugin leaves them as raw HTML), layout
 * tables, <pre> kept verbatim with its lines and language (code.ts), `*` emphasis (Turndown's `_`
 * glues onto words), absolute link and image URLs (lazy images at their real URL), and no
 * javascript: links or tracking parameters.
 */
import TurndownService from 'turndown';
import { emptyBlankSubtrees } from './blank.ts';
import { codeLanguage, preformattedText, removeCodeChrome } from './code.ts';
import { resolveUrl } from './page.ts';

type Node_ = Parameters<TurndownService.ReplacementFunction>[1];

const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi|igshid)$/i;

/** An absolute http(s) URL without tracking parameters, or null (javascript:, data:, unparsable). */
export function cleanUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  const resolved = resolveUrl(value, base);
  if (!resolved) return null;
  const url = new URL(resolved);
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return url.href;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key);
  return url.href;
}

const escapeCell = (text: string) =>
  text
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

function cellsOf(row: Element): Element[] {
  return [...row.children].filter((child) => child.localName === 'td' || child.localName === 'th');
}

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of table.children) {
    if (child.localName === 'tr') rows.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(child.localName)) for (const row of child.children) if (row.localName === 'tr') rows.push(row);
  }
  return rows;
}

interface TableShape {
  rows: Element[];
  width: number;
  /** Used for layout (nested tables, or a single column): its cells become ordinary blocks. */
  layout: boolean;
}

/** Computed once per table: the rules ask for every cell. */
const shapes = new WeakMap<Element, TableShape>();

function tableShape(table: Element): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const rows = rowsOf(table);
    const width = Math.max(0, ...rows.map((row) => cellsOf(row).length));
    shape = { rows, width, layout: width <= 1 || Boolean(table.querySelector('table')) };
    shapes.set(table, shape);
  }
  return shape;
}

const isLayoutTable = (table: Element | null) => !table || tableShape(table).layout;

const closestTable = (node: Node_) => (node as Element).closest?.('table') ?? null;

/** The element is its parent's only content (no text or other element beside it). */
function standsAlone(element: Element): boolean {
  const parent = element.parentElement;
  if (!parent) return true;
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node === element) continue;
    if (node.nodeType === 1 || (node.nodeType === 3 && (node.nodeValue ?? '').trim())) return false;
  }
  return true;
}

function fenceFor(code: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(longest + 1);
}

/** Lazy-loading attributes holding the real URL while src holds a placeholder, most specific first. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-original-src', 'data-hi-res-src', 'data-full-src', 'data-url'];
const LAZY_SRCSETS = ['data-srcset', 'data-lazy-srcset'];
/** A src that only stands in for the real image: a data: URI, or a blank, spacer, loading or 1x1 image. */
const PLACEHOLDER = /^data:|(^|[/_.-])(blank|spacer|placeholder|pixel|transparent|loading|loader|lazy|lazyload|empty|grey|gray|1x1)([_.-]|$)[^/]*$/i;

/** The largest candidate of a srcset (by width or density) that is a real URL; data: URIs are skipped. */
export function srcsetBest(srcset: string | null | undefined, base: string): string | null {
  if (!srcset) return null;
  let best: { url: string; size: number } | null = null;
  // Candidates are "URL [descriptor]" separated by commas; a URL may itself contain commas only when a descriptor follows.
  for (const candidate of srcset.split(/,\s+(?=\S)|,(?=[^\s,]+\s+\d)/)) {
    const [raw, descriptor = '1x'] = candidate.trim().split(/\s+/);
    if (!raw || raw.startsWith('data:')) continue;
    const url = cleanUrl(raw, base);
    if (!url) continue;
    const size = Number.parseFloat(descriptor) * (/w$/i.test(descriptor) ? 1 : 1000);
    if (!best || (Number.isFinite(size) && size > best.size)) best = { url, size: Number.isFinite(size) ? size : 0 };
  }
  return best?.url ?? null;
}

/**
 * The image's real URL: a lazy-loading attribute first (src then holds a placeholder), then src
 * unless it is a placeholder, then the largest srcset candidate (its own, lazy, or its <picture>'s
 * sources), then a placeholder src rather than nothing when it is a real http(s) URL.
 */
export function imageSource(image: Element, base: string): string | null {
  // Named lazy attributes first, then any data-…-src a lazy loader uses (data-wpfc-original-src…).
  const others = image.getAttributeNames().filter((name) => /^data-[\w-]*(src|original)$/i.test(name) && !LAZY_SOURCES.includes(name));
  for (const attribute of [...LAZY_SOURCES, ...others]) {
    const value = image.getAttribute(attribute)?.trim();
    if (value && !PLACEHOLDER.test(value)) {
      const url = cleanUrl(value, base);
      if (url) return url;
    }
  }
  const src = image.getAttribute('src')?.trim();
  if (src && !PLACEHOLDER.test(src)) {
    const url = cleanUrl(src, base);
    if (url) return url;
  }
  const picture = image.parentElement?.localName === 'picture' ? image.parentElement : null;
  const sets = [
    ...LAZY_SRCSETS.map((name) => image.getAttribute(name)),
    image.getAttribute('srcset'),
    ...[...(picture?.querySelectorAll('source') ?? [])].flatMap((source) => [source.getAttribute('data-srcset'), source.getAttribute('srcset')]),
  ];
  for (const set of sets) {
    const url = srcsetBest(set, base);
    if (url) return url;
  }
  return src && !src.startsWith('data:') ? cleanUrl(src, base) : null;
}

/** A <pre> inside a data table's cell: GFM cells hold no fenced block, so each line is inline code. */
function inTableCell(node: Element): boolean {
  const cell = node.closest('td, th');
  return Boolean(cell) && !isLayoutTable(cell!.closest('table'));
}

function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

export interface MarkdownConverter {
  convert(root: Element, base: string): string;
}

export function createMarkdownConverter(): MarkdownConverter {
  let base = 'about:blank';
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    strongDelimiter: '**',
    hr: '---',
  });

  service.addRule('verbatimCode', {
    filter: 'pre',
    replacement(_content, node) {
      const code = preformattedText(node as Element);
      if (!code.trim()) return '';
      if (inTableCell(node as Element))
        return code
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => inlineCode(line.trim()))
          .join('<br>');
      const fence = fenceFor(code);
      return `\n\n${fence}${codeLanguage(node as Element)}\n${code}\n${fence}\n\n`;
    },
  });

  // Inline code, keyboard input and sample output: backticks around their text.
  service.addRule('inlineCode', {
    filter: (node) =>
      ['CODE', 'KBD', 'SAMP', 'TT'].includes(node.nodeName) &&
      !(node as Element).closest('pre') &&
      !(node.parentElement && ['CODE', 'KBD', 'SAMP', 'TT'].includes(node.parentElement.nodeName)),
    replacement(_content, node) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ');
      if (!text.trim()) return text ? ' ' : '';
      return inlineCode(text.trim() === text ? text : text.trim());
    },
  });

  // A <code> of several lines standing alone outside <pre> (some sites style it as a block): a
  // fenced block (added after inlineCode: Turndown tries the rules added last first).
  service.addRule('codeBlockOutsidePre', {
    filter: (node) =>
      node.nodeName === 'CODE' && !(node as Element).closest('pre') && standsAlone(node as Element) && /\n/.test(preformattedText(node as Element).trim()),
    replacement(_content, node) {
      const code = preformattedText(node as Element);
      const fence = fenceFor(code);
      return `\n\n${fence}${codeLanguage(node as Element)}\n${code}\n${fence}\n\n`;
    },
  });

  service.addRule('absoluteLink', {
    filter: (node) => node.nodeName === 'A' && node.hasAttribute('href'),
    replacement(content, node) {
      const text = content.trim();
      const href = cleanUrl((node as Element).getAttribute('href'), base);
      if (!text) return '';
      if (!href) return content;
      const title = (node as Element).getAttribute('title');
      return `[${text}](${href}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
    },
  });

  service.addRule('absoluteImage', {
    filter: 'img',
    replacement(_content, node) {
      const image = node as Element;
      const src = imageSource(image, base);
      if (!src) return '';
      if (['0', '1'].includes(image.getAttribute('width') ?? '') || ['0', '1'].includes(image.getAttribute('height') ?? '')) return '';
      const alt = (image.getAttribute('alt') ?? '').replace(/\s+/g, ' ').replace(/[[\]]/g, '\\$&').trim();
      return `![${alt}](${src})`;
    },
  });

  service.addRule('listItem', {
    filter: 'li',
    replacement(content, node) {
      const parent = node.parentNode as Element | null;
      let marker = '-';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? 1);
        marker = `${(Number.isFinite(start) ? start : 1) + [...parent.children].indexOf(node as Element)}.`;
      }
      const indent = ' '.repeat(marker.length + 1);
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${indent}`);
      return `${marker} ${body.trimEnd()}${node.nextSibling ? '\n' : ''}`;
    },
  });

  service.addRule('strikethrough', {
    filter: ['del', 's', 'strike'] as any,
    replacement: (content) => (content.trim() ? `~~${content}~~` : ''),
  });

  service.addRule('tableCell', {
    filter: (node) => (node.nodeName === 'TD' || node.nodeName === 'TH') && !isLayoutTable(closestTable(node)),
    replacement: (content) => ` ${escapeCell(content)} |`,
  });

  service.addRule('tableRow', {
    filter: (node) => node.nodeName === 'TR' && !isLayoutTable(closestTable(node)),
    replacement(content, node) {
      const { rows, width } = tableShape(closestTable(node)!);
      const missing = width - cellsOf(node as Element).length;
      const line = `|${content}${' |'.repeat(Math.max(0, missing))}\n`;
      // The first row is the header row, whether or not the page marked it as one (GFM needs one).
      return rows[0] === node ? `${line}|${' --- |'.repeat(width)}\n` : line;
    },
  });

  service.addRule('tableSection', {
    filter: (node) => ['THEAD', 'TBODY', 'TFOOT'].includes(node.nodeName) && !isLayoutTable(closestTable(node)),
    replacement: (content) => content,
  });

  service.addRule('table', {
    filter: (node) => node.nodeName === 'TABLE' && !isLayoutTable(node as Element),
    replacement(content, node) {
      const caption = (node as Element).querySelector('caption')?.textContent?.trim();
      const body = content.replace(/^[^|]*\n/, '').trim();
      return `\n\n${caption ? `${caption}\n\n` : ''}${body}\n\n`;
    },
  });

  service.addRule('caption', { filter: 'caption', replacement: () => '' });

  // Turndown tries the rules added last first: every rule's filter must say which tables it takes.
  service.addRule('layoutCell', {
    filter: (node) =>
      ['TD', 'TH', 'TR', 'THEAD', 'TBODY', 'TFOOT', 'TABLE'].includes(node.nodeName) &&
      isLayoutTable(node.nodeName === 'TABLE' ? (node as Element) : closestTable(node)),
    replacement: (content) => `\n\n${content}\n\n`,
  });

  return {
    convert(root, pageBase) {
      base = pageBase;
      removeCodeChrome(root);
      emptyBlankSubtrees(root);
      return tidy(service.turndown(root as unknown as HTMLElement));
    },
  };
}

/** Blank lines collapsed, trailing spaces dropped (outside code fences). */
function tidy(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  let blank = 0;
  for (const raw of markdown.split('\n')) {
    const open = /^(`{3,})/.exec(raw)?.[1];
    if (fence) {
      out.push(raw);
      if (open && raw.trim() === fence) fence = null;
      continue;
    }
    if (open) fence = open;
    const line = raw.replace(/\s+$/, '');
    if (!line.trim()) {
      if (++blank > 1 || out.length === 0) continue;
      out.push('');
      continue;
    }
    blank = 0;
    out.push(line);
  }
  return out.join('\n').trim();
}
