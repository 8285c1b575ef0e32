/**
 * A PDF's text, as pdf.js reads it (positioned runs of text and link rectangles, per page), to
 * Markdown. Pure: pdf.js itself is pdf.ts's. A PDF has no paragraphs, headings or lists, only
 * glyphs at positions, so they are inferred:
 * - lines: runs in content-stream order (the order the producer wrote them, which word processors,
 *   LaTeX and browsers write in reading order, columns included) joined while they stay on one
 *   baseline and move rightwards; a space is put where the gap between two runs is one;
 * - paragraphs: consecutive lines of one size whose gap is the document's usual line spacing
 *   (and less than 1.8 times the size: double-spaced text reads as a paragraph a line); a larger gap, a change of size, an indented first line or a move up the page starts another;
 * - headings: short lines at least 15% larger than the body size (the size most characters
 *   have), levels by size, largest first;
 * - lists: lines that start with a bullet glyph or a number or letter and `.`/`)`, their wrapped
 *   lines (indented to the item's text) joined to the item;
 * - links: a link annotation's URL over the words it covers (pdf.js names them, else the share
 *   of the run's width it covers);
 * - running heads and page numbers (a line at the same place on most pages, digits aside) are
 *   dropped.
 */
import TurndownService from 'turndown';
import { cleanUrl } from './markdown.ts';

export interface PdfRun {
  str: string;
  /** Baseline origin, in PDF points (y up). */
  x: number;
  y: number;
  /** Advance width, in points. */
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  size: number;
  /** The producer ended a line here (pdf.js's hasEOL). */
  eol?: boolean;
}

export interface PdfLinkArea {
  /** [x1, y1, x2, y2] in points. */
  rect: number[];
  url: string;
  /** The text under the link, when pdf.js could tell. */
  text?: string;
}

export interface PdfPageText {
  runs: PdfRun[];
  links: PdfLinkArea[];
}

interface Line {
  text: string;
  x: number;
  xEnd: number;
  y: number;
  size: number;
  /** Character offsets in `text` of each run (for placing links). */
  spans: { start: number; end: number; x: number; xEnd: number }[];
  links: { start: number; end: number; url: string }[];
}

/** Bullet glyphs (the private-use ones are Symbol's and Wingdings' bullets, as Word writes them). */
const BULLET = /^([•●○◦▪▫■□‣⁃∙·\uF0B7\uF0A7\uF0FC\uF0D8\uF076\uF06E\uF0A8])\s*/u;
/** Markers that are list markers only where a list can start (not inside a wrapped paragraph). */
const DASH = /^([*\-\u2013\u2014])\s+/u;
const NUMBERED = /^(\d{1,3}|[a-zA-Z]|[ivxlc]{1,5})([.)])\s+/;

const escaper = new TurndownService();
/**
 * The same escaping HTML text gets (Turndown's): PDF text that looks like Markdown syntax stays
 * text. Its line-start rules (`#`, `-`, `1.`) apply only where a block starts: a wrapped line of a
 * paragraph that starts with "12. " is inside the paragraph once joined.
 */
const escape = (text: string, blockStart = false) => (blockStart ? escaper.escape(text) : escaper.escape(`\u0000${text}`).slice(1));

/** Lines of one page, in stream order. */
function pageLines({ runs, links }: PdfPageText): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  for (const run of runs) {
    if (!run.str) {
      if (run.eol && line) line = null;
      continue;
    }
    const sameLine = line && Math.abs(run.y - line.y) <= 0.5 * Math.min(run.size, line.size) && run.x >= line.xEnd - 0.5 * run.size;
    if (!line || !sameLine) {
      if (!run.str.trim()) continue;
      line = { text: '', x: run.x, xEnd: run.x, y: run.y, size: run.size, spans: [], links: [] };
      lines.push(line);
    } else if (run.x - line.xEnd > 0.15 * run.size && !/\s$/.test(line.text) && !/^\s/.test(run.str)) line.text += ' ';
    // The line's size is its largest text's (a footnote mark or a small-caps run does not make it smaller).
    if (run.str.trim()) line.size = Math.max(line.size, run.size);
    line.spans.push({ start: line.text.length, end: line.text.length + run.str.length, x: run.x, xEnd: run.x + run.width });
    line.text += run.str;
    line.xEnd = Math.max(line.xEnd, run.x + run.width);
    if (run.eol) line = null;
  }
  for (const item of lines) placeLinks(item, links);
  return lines.filter((item) => item.text.trim());
}

/** The characters of `line` that a link's rectangle covers: by pdf.js's text under it, else by width. */
function placeLinks(line: Line, links: PdfLinkArea[]) {
  for (const link of links) {
    const [x1, y1, x2, y2] = [
      Math.min(link.rect[0], link.rect[2]),
      Math.min(link.rect[1], link.rect[3]),
      Math.max(link.rect[0], link.rect[2]),
      Math.max(link.rect[1], link.rect[3]),
    ];
    const middle = line.y + line.size * 0.3;
    if (middle < y1 || middle > y2 || x2 <= line.x || x1 >= line.xEnd) continue;
    // Estimate by width: each run's characters spread evenly over its advance.
    let start = -1;
    let end = -1;
    for (const span of line.spans) {
      const perChar = (span.xEnd - span.x) / Math.max(1, span.end - span.start);
      for (let i = span.start; i < span.end; i++) {
        const center = span.x + (i - span.start + 0.5) * perChar;
        if (center < x1 || center > x2) continue;
        if (start < 0) start = i;
        end = i + 1;
      }
    }
    if (start < 0) continue;
    const named = link.text?.replace(/\s+/g, ' ').trim();
    if (named) {
      // The occurrence of the named text nearest the estimate.
      let best = -1;
      for (let at = line.text.indexOf(named); at >= 0; at = line.text.indexOf(named, at + 1))
        if (best < 0 || Math.abs(at - start) < Math.abs(best - start)) best = at;
      if (best >= 0) [start, end] = [best, best + named.length];
    }
    // Whole words: the estimate may land inside one.
    while (start > 0 && /\S/.test(line.text[start - 1])) start--;
    while (end < line.text.length && /\S/.test(line.text[end])) end++;
    while (start < end && /\s/.test(line.text[start])) start++;
    while (end > start && /\s/.test(line.text[end - 1])) end--;
    const url = cleanUrl(link.url, link.url);
    if (url && end > start && !line.links.some((other) => other.start < end && start < other.end)) line.links.push({ start, end, url });
  }
  line.links.sort((a, b) => a.start - b.start);
}

/** Where the character at `offset` of a line starts, by its run's width. */
function xAt(line: Line, offset: number): number {
  const span = line.spans.find((item) => offset >= item.start && offset < item.end) ?? line.spans[line.spans.length - 1];
  return span.x + ((span.xEnd - span.x) * (offset - span.start)) / Math.max(1, span.end - span.start);
}

/** A line's text (from `from`) as Markdown: escaped, its links written. */
function lineMarkdown(line: Line, from: number, blockStart: boolean): string {
  let out = '';
  let at = from;
  const text = (start: number, end?: number) => {
    const piece = line.text.slice(start, end);
    return escape(at === from && blockStart ? piece.trimStart() : piece, at === from && blockStart);
  };
  for (const { start, end, url } of line.links) {
    if (start < from) continue;
    out += text(at, start) + `[${escape(line.text.slice(start, end))}](${url})`;
    at = end;
  }
  return (out + text(at)).replace(/\s+/g, ' ').trim();
}

/** Text a repeated running head or page number shares across pages: digits aside, and its place. */
const runningKey = (line: Line) => `${Math.round(line.y / 4)}|${line.text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase()}`;

/**
 * A paragraph's line spacing among the gaps between lines of one size: the smallest gap that is
 * common (a quarter as frequent as the most frequent one at least), since a document of short
 * paragraphs has as many gaps between paragraphs as inside them.
 */
function usualGap(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  const common = [...counts].filter(([, count]) => count * 4 >= top).map(([value]) => value);
  return common.length ? Math.min(...common) : null;
}

interface Block {
  kind: 'heading' | 'paragraph' | 'item';
  size: number;
  parts: string[];
  marker?: string;
  /** Where an item's text starts (its wrapped lines align there). */
  textX?: number;
  last: Line;
}

export interface PdfLayout {
  markdown: string;
  /** The first heading's text ('' when there is none). */
  firstHeading: string;
}

export function pdfToMarkdown(pages: PdfPageText[]): PdfLayout {
  const linesByPage = pages.map(pageLines);
  const sizeOf = (size: number) => Math.round(size * 2) / 2;
  // The body size: the size most characters are set in.
  const weights = new Map<number, number>();
  for (const line of linesByPage.flat()) weights.set(sizeOf(line.size), (weights.get(sizeOf(line.size)) ?? 0) + line.text.length);
  const body = [...weights].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  // Running heads and page numbers: one of the two top or bottom lines of a page, short, not larger
  // than the body, at the same place on most pages (only a document of three pages or more tells).
  if (linesByPage.length >= 3) {
    const margins = linesByPage.map((lines) => {
      const byY = [...lines].sort((a, b) => b.y - a.y);
      return new Set([...byY.slice(0, 2), ...byY.slice(-2)].filter((line) => sizeOf(line.size) <= body && line.text.length <= 100));
    });
    const seen = new Map<string, number>();
    for (const lines of margins) for (const key of new Set([...lines].map(runningKey))) seen.set(key, (seen.get(key) ?? 0) + 1);
    const threshold = Math.max(3, Math.ceil(linesByPage.length / 2));
    for (const [index, lines] of linesByPage.entries())
      linesByPage[index] = lines.filter((line) => !margins[index].has(line) || (seen.get(runningKey(line)) ?? 0) < threshold);
  }
  const all = linesByPage.flat();
  const isHeading = (line: Line) => sizeOf(line.size) >= body * 1.15 && line.text.length <= 200 && /\p{L}/u.test(line.text);
  const headingSizes = [...new Set(all.filter(isHeading).map((line) => sizeOf(line.size)))].sort((a, b) => b - a);
  // The usual gap between two lines of a paragraph, per size.
  const gaps = new Map<number, number[]>();
  for (const lines of linesByPage) {
    for (let i = 1; i < lines.length; i++) {
      const size = sizeOf(lines[i].size);
      if (size !== sizeOf(lines[i - 1].size)) continue;
      const gap = lines[i - 1].y - lines[i].y;
      if (gap > 0 && gap < size * 3) (gaps.get(size) ?? gaps.set(size, []).get(size)!).push(Math.round(gap * 2) / 2);
    }
  }
  const leading = (size: number) => usualGap(gaps.get(size) ?? []) ?? size * 1.2;

  const ends = (text: string) => /[.!?:;]["'”’)\]]?$/u.test(text);
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const lines of linesByPage) {
    let previous: Line | null = null;
    for (const line of lines) {
      const size = sizeOf(line.size);
      // The line goes on from the one before: the usual spacing below it, or (first line of a
      // page) a paragraph that did not end on the page before and a line that starts in lowercase.
      const close: boolean = previous
        ? previous.y - line.y > 0 && previous.y - line.y <= Math.min(leading(size) * 1.25, size * 1.8) && sizeOf(previous.size) === size
        : current?.kind === 'paragraph' && current.size === size && !ends(current.parts[current.parts.length - 1]) && /^\p{Ll}/u.test(line.text);
      previous = line;
      if (isHeading(line)) {
        if (current?.kind === 'heading' && close && current.size === size) current.parts.push(lineMarkdown(line, 0, false));
        else blocks.push((current = { kind: 'heading', size, parts: [lineMarkdown(line, 0, true)], last: line }));
        current.last = line;
        continue;
      }
      const strong = BULLET.exec(line.text);
      const weak = strong ? null : (DASH.exec(line.text) ?? NUMBERED.exec(line.text));
      // A dash or a number starts an item in a list, after a gap, or indented from its paragraph.
      const marker: RegExpExecArray | null =
        strong ?? (weak && (current?.kind !== 'paragraph' || !close || Math.abs(line.x - current.last.x) > line.size * 0.5) ? weak : null);
      if (marker && line.text.length > marker[0].length) {
        const ordered = /^\d/.test(marker[1]);
        const kind: string = strong || DASH.test(line.text) ? '-' : ordered ? `${marker[1]}.` : `- ${marker[1]}${marker[2]}`;
        blocks.push(
          (current = { kind: 'item', size, marker: kind, parts: [lineMarkdown(line, marker[0].length, true)], textX: xAt(line, marker[0].length), last: line }),
        );
        continue;
      }
      // A wrapped line of a list item starts where the item's text does, not at its marker.
      if (current?.kind === 'item' && close && line.x >= (current.textX ?? 0) - line.size * 0.5) {
        current.parts.push(lineMarkdown(line, 0, false));
        current.last = line;
        continue;
      }
      const indented = current?.kind === 'paragraph' && line.x > current.last.x + line.size;
      if (current?.kind === 'paragraph' && close && !indented) current.parts.push(lineMarkdown(line, 0, false));
      else blocks.push((current = { kind: 'paragraph', size, parts: [lineMarkdown(line, 0, true)], last: line }));
      current.last = line;
    }
    // Only a paragraph goes on on the next page.
    if (current && current.kind !== 'paragraph') current = null;
  }

  const join = (parts: string[]) => parts.reduce((text, part) => (!text ? part : /\p{L}-$/u.test(text) ? text + part : `${text} ${part}`), '');
  const out: string[] = [];
  blocks.forEach((block, index) => {
    const text = join(block.parts);
    if (block.kind === 'heading') out.push(`${'#'.repeat(Math.min(6, headingSizes.indexOf(block.size) + 1))} ${text}`);
    else if (block.kind === 'item') {
      // Items of one list are one block: no blank line between them (a bulleted and a numbered list are two).
      const line = `${block.marker} ${text}`;
      const before = blocks[index - 1];
      if (before?.kind === 'item' && /^\d/.test(before.marker!) === /^\d/.test(block.marker!)) out[out.length - 1] += `\n${line}`;
      else out.push(line);
    } else out.push(text);
  });
  const first = blocks.find((block) => block.kind === 'heading');
  return { markdown: out.join('\n\n'), firstHeading: first ? join(first.parts).replace(/\\/g, '') : '' };
}
