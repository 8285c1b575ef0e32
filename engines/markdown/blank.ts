/**
 * Emptying blank subtrees before Turndown. Turndown asks of every element whether it is blank
 * (its whole text, then a search of its subtree for each void and each "meaningful when blank"
 * element): a long chain of nested empty elements makes that quadratic, seconds for a few thousand.
 * Here the same judgement is made once per element, bottom-up, and each outermost blank element
 * loses its children (a single space stays where there was whitespace): Turndown then writes for
 * it exactly what it wrote before ("\n\n" for a block, nothing or a space inline). Of a run of
 * blank blocks side by side (whitespace between them), one is kept: their blank lines collapse
 * into one anyway.
 */

/** Turndown's void and meaningful-when-blank elements (turndown/src/utilities.js). */
const VOID = new Set(['AREA', 'BASE', 'BR', 'COL', 'COMMAND', 'EMBED', 'HR', 'IMG', 'INPUT', 'KEYGEN', 'LINK', 'META', 'PARAM', 'SOURCE', 'TRACK', 'WBR']);
const MEANINGFUL_WHEN_BLANK = new Set(['A', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TH', 'TD', 'IFRAME', 'SCRIPT', 'AUDIO', 'VIDEO']);
const WHITESPACE = /^\s*$/;
/** Turndown's block elements: a blank one is written as a blank line. */
const BLOCK = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'AUDIO',
  'BLOCKQUOTE',
  'BODY',
  'CANVAS',
  'CENTER',
  'DD',
  'DIR',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'FRAMESET',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'HTML',
  'ISINDEX',
  'LI',
  'MAIN',
  'MENU',
  'NAV',
  'NOFRAMES',
  'NOSCRIPT',
  'OL',
  'OUTPUT',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);

export function emptyBlankSubtrees(root: Element): void {
  const blank = new Set<Element>();
  const spaced = new Set<Element>();
  // Inside <pre> whitespace is the code's indentation: nothing there is emptied.
  const verbatim = new Set([...root.querySelectorAll('pre')].flatMap((pre) => [...pre.querySelectorAll('*')]));
  const elements = [...root.querySelectorAll('*')].filter((element) => !verbatim.has(element));
  // Descendants come after their ancestors in document order: backwards, children are judged first.
  for (let index = elements.length - 1; index >= 0; index--) {
    const element = elements[index];
    if (VOID.has(element.nodeName) || MEANINGFUL_WHEN_BLANK.has(element.nodeName)) continue;
    let isBlank = true;
    let space = false;
    for (let child = element.firstChild; child && isBlank; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const text = child.nodeValue ?? '';
        if (!WHITESPACE.test(text)) isBlank = false;
        else if (text) space = true;
      } else if (child.nodeType === 1) {
        if (!blank.has(child as Element)) isBlank = false;
        else if (spaced.has(child as Element)) space = true;
      }
    }
    if (!isBlank) continue;
    blank.add(element);
    if (space) spaced.add(element);
  }
  // The outermost blank elements, in document order (the set holds them bottom-up).
  const outermost = [...blank].filter((element) => !(element.parentElement && blank.has(element.parentElement))).reverse();
  let lastBlock: Element | null = null;
  for (const element of outermost) {
    if (BLOCK.has(element.nodeName) && lastBlock && followsBlank(element, lastBlock)) {
      element.remove();
      continue;
    }
    if (element.firstChild) element.textContent = spaced.has(element) ? ' ' : '';
    lastBlock = BLOCK.has(element.nodeName) ? element : null;
  }
}

/** Only whitespace stands between the element and an earlier sibling. */
function followsBlank(element: Element, earlier: Element): boolean {
  for (let node = element.previousSibling; node; node = node.previousSibling) {
    if (node === earlier) return true;
    if (node.nodeType !== 3 || !WHITESPACE.test(node.nodeValue ?? '')) return false;
  }
  return false;
}
