/**
 * Code on a page, as a reader sees it: a <pre> block's lines (line breaks written as <br>, or as
 * one element per line with no newline between them, as highlighters render them), without the
 * chrome highlighters put in and around it (copy and "Try" buttons, line-number gutters, the
 * language label above it), and the language where the page says it (class="language-x",
 * lang-x, highlight-x, brush: x, data-lang, on the block or the wrapper a highlighter puts
 * around it).
 */

/** Classes and roles of a code block's controls: copy, run and expand buttons, toolbars. */
const CONTROL =
  /(^|[\s_-])(copy|copied|clipboard|copy-?(button|btn|code)|btn|button|toolbar|code-?toolbar|code-?header|code-?actions?|run-?button|try-?(it|button)?|play-?button)([\s_-]|$)/i;
/** Line-number gutters of highlighters (Pygments, highlight.js line numbers, Prism, Rouge, CodeMirror). */
const GUTTER =
  /(^|[\s_-])(linenos?|line-?numbers?(-rows)?|lineno|hljs-ln-numbers?|gutter|rouge-gutter|CodeMirror-linenumbers?|react-syntax-highlighter-line-number)([\s_-]|$)/i;
/** One element per line (Shiki, Prism, highlight.js plugins, Docusaurus, Gatsby, Expressive Code). */
const LINE = /(^|[\s_-])(line|code-?line|token-?line|highlight-?line|ec-line|hljs-ln-line|line-of-code\w*)([\s_-]|$)/i;
/** What a code toolbar says: its buttons and their states. */
const CONTROL_LABEL =
  /^(copy|copied!?|copy code|copy to clipboard|copied to clipboard|try|try it|try it yourself|run|run code|play|edit|expand|collapse|show more|show less|view raw|raw|open in playground|wrap)$/i;
/** Class names that are not a language (Pygments' and Sphinx's defaults, translation hints). */
const NOT_A_LANGUAGE = new Set([
  'none',
  'default',
  'text',
  'plain',
  'plaintext',
  'notranslate',
  'source',
  'nohighlight',
  'code',
  'block',
  'highlight',
  'js-code',
  'ipython3',
]);
const BLOCK_ELEMENTS = new Set(['div', 'p', 'li', 'tr', 'table', 'ul', 'ol', 'section', 'blockquote', 'dd', 'dt', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

const labelOf = (element: Element) => `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
const collapsed = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function isControl(element: Element): boolean {
  const name = element.localName;
  if (name === 'button' || element.getAttribute('role') === 'button') return true;
  if (CONTROL.test(labelOf(element)) && CONTROL_LABEL.test(collapsed(element.textContent))) return true;
  return false;
}

const isGutter = (element: Element) =>
  GUTTER.test(labelOf(element)) || (element.hasAttribute('data-line-number') && collapsed(element.textContent) === element.getAttribute('data-line-number'));

/**
 * The lines of a <pre> block as shown: text as written, <br> as a line break, an element per line
 * (a block element, or one named as a line) on its own line, controls and gutters left out.
 * Leading newlines and trailing whitespace are dropped.
 */
export function preformattedText(pre: Element): string {
  let out = '';
  // After an element per line: a line break, unless the text that follows starts with its own.
  let pending = false;
  const text = (value: string) => {
    if (pending) {
      // Spaces after a line element are the next line's indentation (Gatsby's highlighted lines).
      if (!value.startsWith('\n') && out && !out.endsWith('\n')) out += '\n';
      pending = false;
    }
    out += value;
  };
  /** A line element starts a line: after a line break, dropping spaces that only stood before it. */
  const startLine = () => {
    const lineStart = out.lastIndexOf('\n') + 1;
    if (!out.slice(lineStart).trim()) out = out.slice(0, lineStart);
    else out += '\n';
  };
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      text(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const name = element.localName;
    if (name === 'br') {
      out += '\n';
      pending = false;
      return;
    }
    if (name === 'script' || name === 'style' || name === 'template') return;
    if (element !== pre && (isControl(element) || isGutter(element))) return;
    const ownLine = element !== pre && (BLOCK_ELEMENTS.has(name) || LINE.test(element.getAttribute('class') ?? ''));
    if (ownLine) {
      startLine();
      pending = false;
    }
    for (let child = element.firstChild; child; child = child.nextSibling) walk(child);
    if (ownLine) pending = true;
  };
  walk(pre);
  return out.replace(/\u00a0/g, ' ').replace(/^\n+|\s+$/g, '');
}

/** A <pre> of line numbers only (the gutter column of a line-numbered code table). */
export function isLineNumbers(pre: Element): boolean {
  const text = (pre.textContent ?? '').trim();
  return (
    text.length > 0 &&
    /^\d+(\s+\d+)*$/.test(text) &&
    (GUTTER.test(labelOf(pre)) || Boolean(pre.closest('td')) || GUTTER.test(labelOf(pre.parentElement ?? pre)))
  );
}

const LANGUAGE_PATTERNS = [
  /(?:^|\s)(?:language|lang)-([\w#+.-]+)/i,
  /(?:^|\s)highlight-(?:source-)?([\w#+.-]+)/i,
  /(?:^|\s)brush:\s*([\w#+.-]+)/i,
  /(?:^|\s)sourceCode\s+([\w#+.-]+)/,
];

function languageIn(element: Element): string | null {
  for (const attribute of ['data-lang', 'data-language', 'lang']) {
    const value = element.getAttribute(attribute)?.trim().toLowerCase();
    // lang="en" on an element is a human language: only a code element's lang attribute counts.
    if (value && (attribute !== 'lang' || element.localName === 'code') && /^[\w#+.-]{1,20}$/.test(value) && !NOT_A_LANGUAGE.has(value)) return value;
  }
  const classes = element.getAttribute('class') ?? '';
  for (const pattern of LANGUAGE_PATTERNS) {
    const value = pattern
      .exec(classes)?.[1]
      ?.toLowerCase()
      .replace(/[.;:]+$/, '');
    if (value && !NOT_A_LANGUAGE.has(value)) return value;
  }
  return null;
}

/**
 * The language a page gives a code block: on the <pre>, its <code>, or the wrappers a highlighter
 * puts around it (up to three levels up, while they hold nothing but this block and its chrome).
 */
export function codeLanguage(pre: Element): string {
  const code = pre.querySelector('code');
  const own = languageIn(pre) ?? (code ? languageIn(code) : null);
  if (own) return own;
  let wrapper = pre.parentElement;
  for (let level = 0; wrapper && level < 3; level++, wrapper = wrapper.parentElement) {
    if (wrapper.querySelectorAll('pre').length > 1 || ['body', 'main', 'article', 'section'].includes(wrapper.localName)) break;
    const found = languageIn(wrapper);
    if (found) return found;
  }
  return '';
}

/** A short word in an element named as the block's language label ("js" in span.language-name). */
function isLanguageLabel(element: Element, text: string): boolean {
  if (text.length > 12 || !/^[\w#+.-]+$/.test(text) || element.querySelectorAll('*').length > 2) return false;
  const names = [labelOf(element), ...[...element.querySelectorAll('[class]')].map(labelOf)].join(' ');
  return /(^|[\s_-])(lang|language)(-?name|-?label)?([\s_-]|$)/i.test(names);
}

/**
 * Removes what highlighters put around a code block: controls (copy and run buttons and their
 * labels) and the language label ("js") in the wrapper that holds only this block, and the
 * line-number column of a line-numbered code table. Returns nothing; the blocks stay in place.
 */
export function removeCodeChrome(root: Element): void {
  for (const pre of [...root.querySelectorAll('pre')]) {
    if (!pre.isConnected && !root.contains(pre)) continue;
    if (isLineNumbers(pre)) {
      // With its cell, when nothing else is in it: the code table is then one column, a layout table.
      const cell = pre.closest('td, th');
      pre.remove();
      if (cell && !collapsed(cell.textContent)) cell.remove();
      continue;
    }
    const language = codeLanguage(pre);
    let wrapper: Element | null = pre;
    for (let level = 0; level < 3; level++) {
      const parent: Element | null = wrapper.parentElement;
      if (
        !parent ||
        parent === root ||
        parent.querySelectorAll('pre').length > 1 ||
        ['body', 'main', 'article', 'section', 'td', 'li'].includes(parent.localName)
      )
        break;
      for (const sibling of [...parent.children]) {
        if (sibling === wrapper || sibling.contains(pre)) continue;
        const text = collapsed(sibling.textContent);
        const label = text.toLowerCase();
        if (isControl(sibling) || CONTROL_LABEL.test(text) || (label !== '' && (label === language || isLanguageLabel(sibling, text)))) sibling.remove();
      }
      wrapper = parent;
    }
  }
}
