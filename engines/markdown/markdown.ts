/**
 * HTML to GitHub-flavoured Markdown with Turndown and our own rules for what its defaults and the
 * gfm plugin get wrong: tables without a header row (the plugin leaves them as raw HTML), layout
 * tables, <pre> kept verbatim with its language, `*` emphasis (Turndown's `_` glues onto words),
 * absolute link and image URLs, and no javascript: links or tracking parameters.
 */
import TurndownService from 'turndown';
import { emptyBlankSubtrees } from './blank.ts';
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

const escapeCell = (text: string) => text.replace(/\s*\n+\s*/g, ' ').replace(/\|/g, '\\|').trim();

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

function fenceFor(code: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(longest + 1);
}

function codeLanguage(pre: Element): string {
  const classes = `${pre.getAttribute('class') ?? ''} ${pre.querySelector('code')?.getAttribute('class') ?? ''}`;
  return /(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w#+.-]+)/.exec(classes)?.[1] ?? pre.getAttribute('data-lang') ?? '';
}

/** The first usable image URL: src, lazy-loading attributes, then the first srcset candidate. */
function imageSource(image: Element, base: string): string | null {
  for (const attribute of ['src', 'data-src', 'data-lazy-src', 'data-original']) {
    const url = cleanUrl(image.getAttribute(attribute), base);
    if (url) return url;
  }
  const srcset = image.getAttribute('srcset') ?? image.getAttribute('data-srcset');
  return cleanUrl(srcset?.trim().split(/\s+/)[0], base);
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
      const code = (node.textContent ?? '').replace(/^\n+|\s+$/g, '');
      if (!code) return '';
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
      if (image.getAttribute('width') === '1' || image.getAttribute('height') === '1') return '';
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
    filter: (node) => ['TD', 'TH', 'TR', 'THEAD', 'TBODY', 'TFOOT', 'TABLE'].includes(node.nodeName) && isLayoutTable(node.nodeName === 'TABLE' ? (node as Element) : closestTable(node)),
    replacement: (content) => `\n\n${content}\n\n`,
  });

  return {
    convert(root, pageBase) {
      base = pageBase;
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
