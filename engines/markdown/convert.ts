/**
 * A fetched HTML page to clean Markdown: parse (linkedom, <base> at the final URL), declutter,
 * choose the main content, convert, and read the title and description. No network.
 */
import { selectMainContent, type SelectOptions } from './main-content.ts';
import { createMarkdownConverter } from './markdown.ts';
import { pageBase, pageDescription, pageTitle, parsePage } from './page.ts';
import { markdownToText } from './plain-text.ts';
import { limitNotes, parseReportOf } from '../parse/dom.ts';
import { MARKDOWN_MAX_DEPTH, PARSE_LIMITS } from '../parse/limits.ts';

export interface PageMarkdown {
  title: string;
  metaDescription: string;
  /** The whole main content; cutting it to max_chars is the caller's. */
  markdown: string;
  source: 'readability' | 'page';
  /** True when the Markdown has at least one word outside its syntax. */
  hasContent: boolean;
  /** The page runs scripts of its own (a script element that is not data: JSON, JSON-LD, templates). */
  hasScripts: boolean;
  /** What the parse limits cut or flattened (engines/parse/limits.ts); empty for a page within them. */
  limitNotes: string[];
}

const converter = createMarkdownConverter();
const LIMITS = { ...PARSE_LIMITS, maxDepth: MARKDOWN_MAX_DEPTH };

export function htmlToMarkdown(html: string, url: string, options: SelectOptions = {}): PageMarkdown {
  const document = parsePage(html, url, LIMITS);
  const base = pageBase(document, url);
  const title = pageTitle(document);
  const metaDescription = pageDescription(document);
  const hasScripts = runsScripts(document);
  const { root, source } = selectMainContent(document, options);
  const markdown = converter.convert(root, base);
  const report = parseReportOf(document);
  return {
    title,
    metaDescription,
    markdown,
    source,
    hasContent: /[\p{L}\p{N}]/u.test(markdownToText(markdown)),
    hasScripts,
    limitNotes: report ? limitNotes(report, LIMITS) : [],
  };
}

/** Script types a browser runs (no type, a JavaScript MIME type, module); data blocks (JSON, JSON-LD, templates) are not. */
const SCRIPT_TYPE = /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/jscript)$/i;

function runsScripts(document: ReturnType<typeof parsePage>): boolean {
  for (const script of document.querySelectorAll('script')) {
    if (SCRIPT_TYPE.test((script.getAttribute('type') ?? '').split(';')[0].trim())) return true;
  }
  return false;
}
