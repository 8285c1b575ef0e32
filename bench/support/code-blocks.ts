/**
 * Code-block survival (issue 33), for bench:markdown: of the <pre> blocks of a page whose words
 * stand, in order, in the page's ground-truth main content (the blocks a reader of the main content
 * sees), the share the Markdown keeps intact. Intact: one fenced block (any prefix, as inside a
 * list item or a quote) whose characters, once line ends are trimmed and the lines joined, are the
 * block's, with at least as many lines as the markup shows, so nothing squeezed onto one line, no
 * indentation lost, no button label added; a block inside a data-table cell counts as inline code of
 * its lines (a GFM cell holds no fenced block). The reference is read from the markup alone (text,
 * <br>, and block elements as lines; buttons are not code), not with the engine's code.ts.
 */
import { parsePage } from '../../engines/markdown/page.ts';

const BLOCK = new Set(['div', 'p', 'li', 'tr', 'table', 'ul', 'ol', 'section', 'blockquote', 'dd', 'dt', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);
const WORD = /[\p{L}\p{N}_]+/gu;
const tokens = (text: string) => text.toLowerCase().match(WORD) ?? [];

/** The lines a browser shows for a <pre> by HTML semantics alone. */
function shownLines(pre: Element): string[] {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      out += node.nodeValue ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    if (element.localName === 'br') {
      out += '\n';
      return;
    }
    if (['button', 'script', 'style', 'template'].includes(element.localName)) return;
    const block = element !== pre && BLOCK.has(element.localName);
    if (block && out && !out.endsWith('\n')) out += '\n';
    for (let child = element.firstChild; child; child = child.nextSibling) walk(child);
    if (block && !out.endsWith('\n')) out += '\n';
  };
  walk(pre);
  return out
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim());
}

function containsRun(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/** The fenced blocks of a Markdown text, each as its lines (the opening fence's prefix removed). */
export function fencedBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  let fence = '';
  let prefix = '';
  for (const line of markdown.split('\n')) {
    if (current) {
      const inner = line.startsWith(prefix) ? line.slice(prefix.length) : line.replace(/^[\s>]*/, '');
      if (inner.trim() === fence) {
        blocks.push(current);
        current = null;
      } else current.push(inner);
      continue;
    }
    const open = /^([\s>]*?)(`{3,})/.exec(line);
    if (open) {
      prefix = open[1];
      fence = open[2];
      current = [];
    }
  }
  return blocks;
}

const joined = (lines: string[]) => lines.map((line) => line.replace(/\u00a0/g, ' ').replace(/\s+$/, '')).join('');
const nonEmpty = (lines: string[]) => lines.filter((line) => line.trim()).length;

export interface CodeBlockCount {
  blocks: number;
  intact: number;
}

/** The <pre> blocks of one page's main content and how many the Markdown keeps intact. */
export function codeBlockSurvival(html: string, url: string, truth: string, markdown: string): CodeBlockCount {
  const document = parsePage(html, url);
  const truthTokens = tokens(truth);
  const fenced = fencedBlocks(markdown);
  let blocks = 0;
  let intact = 0;
  for (const pre of document.querySelectorAll('pre')) {
    if (pre.parentElement?.closest('pre')) continue;
    const lines = shownLines(pre);
    const words = tokens(lines.join('\n'));
    if (words.length < 2 || !containsRun(truthTokens, words)) continue;
    blocks++;
    const reference = joined(lines);
    const inCell = Boolean(pre.closest('td, th'));
    const kept =
      fenced.some((block) => joined(block) === reference && nonEmpty(block) >= lines.length) ||
      (inCell && lines.every((line) => markdown.includes(`\`${line.trim()}\``)));
    if (kept) intact++;
  }
  return { blocks, intact };
}

/**
 * Inline code (a <code>, <kbd> or <samp> outside <pre>) whose text stands in the ground truth: kept
 * when the Markdown has that text between backticks.
 */
export function inlineCodeSurvival(html: string, url: string, truth: string, markdown: string): CodeBlockCount {
  const document = parsePage(html, url);
  const collapsedTruth = truth.replace(/\s+/g, ' ');
  let blocks = 0;
  let intact = 0;
  for (const code of document.querySelectorAll('code, kbd, samp')) {
    if (code.closest('pre') || code.parentElement?.closest('code, kbd, samp')) continue;
    const text = (code.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length < 2 || !collapsedTruth.includes(text)) continue;
    blocks++;
    if (new RegExp(`(^|[^\`])\`+ ?${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ?\`+`).test(markdown)) intact++;
  }
  return { blocks, intact };
}
