/**
 * linkedom under the parse limits (limits.ts): the HTML is cut at maxElements start tags, or where
 * its markup nests deeper than maxMarkupDepth, before it is parsed, and whatever nests deeper than
 * maxDepth in the tree is flattened afterwards, so that every later
 * walk of the tree, recursive or not, is bounded. Comments are dropped and adjacent text nodes
 * merged once parsed (tidyNodes), so that the tree holds at most about one text node per element
 * whatever the page's comments and entities. Every engine that builds a DOM of a fetched page
 * parses it here.
 */
import { parseHTML } from 'linkedom';
import { cutMarkup, PARSE_LIMITS, type ParseLimits } from './limits.ts';

export interface ParseReport {
  /** The page had more elements than maxElements: only the first maxElements were parsed. */
  elementsCut: boolean;
  /** The markup nested deeper than maxMarkupDepth: only what came before was parsed. */
  depthCut: boolean;
  /** The deepest nesting of the page as parsed, before flattening. */
  depth: number;
  /** Elements that stood deeper than maxDepth and were flattened. */
  flattened: number;
}

const reports = new WeakMap<Document, ParseReport>();

/** A document of the HTML within the limits (the HTML is parsed as it is: wrapping a fragment is the caller's). */
export function parseBounded(html: string, limits: ParseLimits = PARSE_LIMITS): Document {
  const { html: kept, cut } = cutMarkup(html, limits);
  const { document } = parseHTML(kept) as unknown as { document: Document };
  if (document.documentElement) tidyNodes(document.documentElement);
  const { depth, flattened } = document.documentElement ? flattenBeyond(document.documentElement, limits.maxDepth) : { depth: 0, flattened: 0 };
  reports.set(document, { elementsCut: cut === 'elements', depthCut: cut === 'depth', depth, flattened });
  return document;
}

/** What the limits did to a document parseBounded made (undefined for any other document). */
export const parseReportOf = (document: Document): ParseReport | undefined => reports.get(document);

/**
 * Every comment removed and every run of adjacent text nodes made one, in one walk without
 * recursion. The parser makes a text node of each piece of text between two entities (`a&amp;b`
 * is three) and a node of each comment: a page of entities or comments, with few elements,
 * would otherwise hold hundreds of thousands of nodes for every later step to walk, copy and
 * re-parse (Readability serializes the page and parses it again on each retry). No reader of the
 * tree reads comments (the prompt-injection scan reads them from the markup), and the text reads
 * as before.
 */
export function tidyNodes(root: Element): void {
  const stack: Node[] = [root];
  while (stack.length) {
    const parent = stack.pop()!;
    let run: Text | null = null;
    let pieces: string[] = [];
    for (let node = parent.firstChild; node;) {
      const next: ChildNode | null = node.nextSibling;
      if (node.nodeType === 8) (node as ChildNode).remove();
      else if (node.nodeType === 3) {
        if (run) {
          pieces.push((node as Text).data);
          (node as ChildNode).remove();
        } else {
          run = node as Text;
          pieces = [run.data];
        }
      } else {
        if (run && pieces.length > 1) run.data = pieces.join('');
        run = null;
        if (node.nodeType === 1 || node.nodeType === 11) stack.push(node);
      }
      node = next;
    }
    if (run && pieces.length > 1) run.data = pieces.join('');
  }
}

/** The deepest nesting under the root (the root at depth 1), walked without recursion. */
export function treeDepth(root: Element | null): number {
  let deepest = 0;
  const stack: [Element, number][] = root ? [[root, 1]] : [];
  while (stack.length) {
    const [element, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Every element deeper than maxDepth (the root at depth 1) becomes a child of its ancestor at
 * maxDepth, in document order and emptied of children, with the text nodes among them: the text
 * reads as before, only the nesting beyond the limit is gone. Iterative: no stack to overflow.
 */
export function flattenBeyond(root: Element, maxDepth: number): { depth: number; flattened: number } {
  let deepest = 0;
  let flattened = 0;
  const stack: [Element, number][] = [[root, 1]];
  while (stack.length) {
    const [element, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (depth >= maxDepth && element.firstElementChild) {
      const below = flattenInto(element);
      flattened += below.elements;
      deepest = Math.max(deepest, depth + below.depth);
      continue;
    }
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) stack.push([child, depth + 1]);
  }
  return { depth: deepest, flattened };
}

/** The holder's descendants (elements and text) made its children, in document order. */
function flattenInto(holder: Element): { elements: number; depth: number } {
  const nodes: Node[] = [];
  let elements = 0;
  let depth = 0;
  const stack: [Node, number][] = [];
  for (let child = holder.lastChild; child; child = child.previousSibling) stack.push([child, 1]);
  while (stack.length) {
    const [node, level] = stack.pop()!;
    if (node.nodeType === 3) nodes.push(node);
    if (node.nodeType !== 1) continue;
    nodes.push(node);
    elements += 1;
    if (level > depth) depth = level;
    for (let child = node.lastChild; child; child = child.previousSibling) stack.push([child, level + 1]);
  }
  // Taken out deepest-last first, every node leaves without children: no subtree is moved whole.
  for (let index = nodes.length - 1; index >= 0; index--) nodes[index].parentNode?.removeChild(nodes[index]);
  for (let child = holder.firstChild; child; child = holder.firstChild) holder.removeChild(child);
  for (const node of nodes) holder.appendChild(node);
  return { elements, depth };
}

/** What a reader of the result should know about the limits a page met (nothing for a page within them). */
export function limitNotes(
  { elementsCut, depthCut, depth, flattened }: ParseReport,
  { maxElements, maxDepth, maxMarkupDepth }: ParseLimits = PARSE_LIMITS,
): string[] {
  const notes: string[] = [];
  const count = (value: number) => value.toLocaleString('en-US');
  if (elementsCut) notes.push(`The page has more than ${count(maxElements)} elements: only the first ${count(maxElements)} were read.`);
  if (depthCut) notes.push(`The page nests its markup more than ${count(maxMarkupDepth)} levels deep: only what comes before that point was read.`);
  if (flattened)
    notes.push(
      `The page nests elements ${count(depth)} levels deep: the ${count(flattened)} below level ${maxDepth} were read as if placed at that level, as browsers do.`,
    );
  return notes;
}
