/**
 * Choosing the main content of a page. Two candidates:
 * - Readability's article (best on articles, where it trims bylines, share bars and related links);
 * - the page itself without chrome (navigation, site header and footer, sidebars), narrowed to
 *   <main> when the page marks one: home, pricing, product, listing and contact pages, whose
 *   content is many short blocks that Readability's paragraph scoring throws away.
 * Readability's answer is kept unless it holds too little of what the page shows.
 */
import { Readability } from '@mozilla/readability';
import { removeChrome, removeClutter, removeSurroundings } from './declutter.ts';
import type { Doc } from './page.ts';
import { parseReportOf, treeDepth } from '../parse/dom.ts';
import { PARSE_LIMITS, READABILITY_MAX_DEPTH } from '../parse/limits.ts';

export interface MainContent {
  root: Element;
  source: 'readability' | 'page';
}

export interface SelectOptions {
  /** Readability's prose at or above this share of the de-chromed page's prose: the article is taken. */
  minProseShare?: number;
  /** The same for a page that declares itself an article (og:type, JSON-LD). */
  minDeclaredArticleShare?: number;
  /** Readability's own threshold of characters for an article. */
  charThreshold?: number;
}

const textLength = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim().length;

/** Text outside links: what a page says rather than where it points (menus, related stories, tiles). */
function proseLength(element: Element | null | undefined): number {
  if (!element) return 0;
  let links = 0;
  for (const link of element.querySelectorAll('a')) if (!link.parentElement?.closest('a')) links += textLength(link);
  return Math.max(0, textLength(element) - links);
}

/** The page without chrome, narrowed to its main landmark when that holds most of the text. */
export function pageContent(document: Doc): Element {
  const body = document.body;
  const mains = [...body.querySelectorAll('main, [role="main"]')].filter((element) => !element.parentElement?.closest('main, [role="main"]'));
  if (mains.length === 1 && textLength(mains[0]) >= 0.3 * textLength(body)) return mains[0];
  return body;
}

export interface Candidates {
  article: Element | null;
  page: Element;
  features: PageFeatures;
}

export interface PageFeatures {
  articleText: number;
  pageText: number;
  /** og:type article or JSON-LD Article/NewsArticle/BlogPosting... */
  declaredArticle: boolean;
  elements: number;
  articleProse: number;
  pageProse: number;
}

const ARTICLE_TYPES = /"@type"\s*:\s*\[?\s*"(Article|NewsArticle|BlogPosting|ReportageNews|AnalysisNewsArticle|OpinionNewsArticle|ScholarlyArticle|TechArticle|Report|LiveBlogPosting)"/;

function declaresArticle(document: Doc): boolean {
  const ogType = document.querySelector('meta[property="og:type" i]')?.getAttribute('content') ?? '';
  if (/article/i.test(ogType)) return true;
  return [...document.querySelectorAll('script[type="application/ld+json"]')].some((script) => ARTICLE_TYPES.test(script.textContent ?? ''));
}

export function candidates(document: Doc, { charThreshold = 500, maxElements = PARSE_LIMITS.maxElements, maxDepth = READABILITY_MAX_DEPTH } = {}): Candidates {
  const declaredArticle = declaresArticle(document);
  removeClutter(document);
  removeChrome(document.body);
  const root = pageContent(document);
  const pageText = textLength(root);
  const pageProse = proseLength(root);
  const elements = document.querySelectorAll('*').length;
  // The nesting as the page had it, before the parse limits flattened it.
  const depth = parseReportOf(document)?.depth ?? treeDepth(document.documentElement);
  // Readability's scoring is superlinear in the elements, and its conditional cleaning in the
  // nesting: on a huge or deeply nested page it runs for seconds. Such pages take the page path.
  const readable = elements <= maxElements && depth <= maxDepth;
  // Readability rewrites the document: the page candidate is a copy only when it runs.
  const page = readable ? (root.cloneNode(true) as Element) : root;
  removeSurroundings(page);
  let article: Element | null = null;
  if (readable) {
    try {
      const parsed = new Readability(document as any, { charThreshold, keepClasses: true, serializer: (element: Node) => element as any }).parse();
      article = (parsed?.content as unknown as Element | null) ?? null;
    } catch {
      article = null;
    }
  }
  return { article, page, features: { articleText: textLength(article), pageText, declaredArticle, elements, articleProse: proseLength(article), pageProse } };
}

/**
 * Readability's article when it holds most of what the page says in prose (text outside links),
 * or when the page declares itself an article and Readability kept a fair part of it; else the
 * page without chrome. Thresholds measured on the wcxb-dev and article-extraction corpora
 * (bench/markdown.ts).
 */
export function selectMainContent(document: Doc, { minProseShare = 0.7, minDeclaredArticleShare = 0, charThreshold = 500 }: SelectOptions = {}): MainContent {
  const { article, page, features } = candidates(document, { charThreshold });
  const share = features.articleProse / Math.max(1, features.pageProse);
  if (article && features.articleText > 0 && (share >= minProseShare || (features.declaredArticle && share >= minDeclaredArticleShare))) return { root: article, source: 'readability' };
  return { root: page, source: 'page' };
}
