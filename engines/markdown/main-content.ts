/**
 * Choosing the main content of a page. Two candidates:
 * - Readability's article (best on articles, where it trims bylines, share bars and related links);
 * - the page itself without chrome (navigation, site header and footer, sidebars), narrowed to
 *   <main> when the page marks one: home, pricing, product, listing and contact pages, whose
 *   content is many short blocks that Readability's paragraph scoring throws away.
 * Readability's answer is kept unless it holds too little of what the page shows.
 */
import { Readability } from '@mozilla/readability';
import {
  removeChrome,
  removeClutter,
  removeRepeatedBlocks,
  removeReviews,
  removeScreenReaderText,
  removeScriptMessages,
  removeSignupForms,
  removeSurroundings,
} from './declutter.ts';
import { MIN_OWN_SHARE, removeItemGrids, repeatedItems } from './item-grids.ts';
import type { Doc } from './page.ts';
import { parseReportOf, treeDepth } from '../parse/dom.ts';
import { ARTICLE_TYPE, ldGraph, parseJsonLd, typesOf } from '../product/jsonld.ts';
import { READABILITY_MAX_DEPTH, READABILITY_MAX_ELEMENT_PASSES, READABILITY_MAX_ELEMENTS } from '../parse/limits.ts';

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
  /** The page's one h1 as it was before Readability ran (a copy), null when it has none or several. */
  heading: Element | null;
}

export interface PageFeatures {
  articleText: number;
  pageText: number;
  /** og:type article or JSON-LD Article/NewsArticle/BlogPosting... (pageDeclarations) */
  declaredArticle: boolean;
  /** Not an article, and og:type product or JSON-LD Product, CollectionPage, SearchResultsPage... */
  declaredProduct: boolean;
  elements: number;
  articleProse: number;
  pageProse: number;
}

const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|ProductModel|CollectionPage|SearchResultsPage)$/;

/** Kinds of web page that are no article: a shop's item page, a category, search results, a checkout. */
const NOT_ARTICLE_PAGES = /^(ItemPage|CollectionPage|SearchResultsPage|CheckoutPage)$/;

export interface PageDeclarations {
  /** og:type article, or a JSON-LD Article, NewsArticle, BlogPosting... */
  article: boolean;
  /** Not an article, and og:type product or a JSON-LD Product, CollectionPage, SearchResultsPage... */
  product: boolean;
  /** A product, at most one stated at the top, and no list (CollectionPage, SearchResultsPage, ItemList, OfferCatalog): one item's page. */
  item: boolean;
}

/** Kinds of node that are one product. */
const ITEM_TYPES = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/;

/** Kinds of page and node that list many items rather than present one. */
const LISTING_TYPES = /^(CollectionPage|SearchResultsPage|ItemList|OfferCatalog)$/;

/** The nodes a JSON-LD block states at its top: the root, the members of a root array or of its @graph. */
function topLevelNodes(root: unknown): unknown[] {
  const list = Array.isArray(root) ? root : [root];
  return list.flatMap((node) => {
    const graph = node && typeof node === 'object' ? (node as Record<string, unknown>)['@graph'] : undefined;
    return Array.isArray(graph) ? [node, ...graph] : [node];
  });
}

/**
 * What a page says it is. SEO plugins write og:type article on every page of a site, a shop's
 * products included: a page whose JSON-LD states at its top that it is an item page, a category
 * or search results, and no article anywhere, is not declared an article by og:type alone.
 */
export function pageDeclarations(document: Doc): PageDeclarations {
  const roots = [...document.querySelectorAll('script[type="application/ld+json" i]')]
    .map((script) => parseJsonLd(script.textContent ?? ''))
    .filter((root) => root !== null);
  const types = ldGraph(roots).nodes.flatMap(typesOf);
  const topTypes = roots.flatMap(topLevelNodes).flatMap(typesOf);
  const ogType = document.querySelector('meta[property="og:type" i]')?.getAttribute('content') ?? '';
  const article = types.some((type) => ARTICLE_TYPE.test(type)) || (/article/i.test(ogType) && !topTypes.some((type) => NOT_ARTICLE_PAGES.test(type)));
  const itemtypes = (element: Element) => (element.getAttribute('itemtype') ?? '').split(/\s+/).map((type) => type.replace(/^https?:\/\/schema\.org\//i, ''));
  const scopes = [...document.querySelectorAll('[itemscope][itemtype]')];
  const microdataTypes = scopes.flatMap(itemtypes);
  const microdataProduct = microdataTypes.some((type) => PRODUCT_TYPES.test(type));
  // Products stated at the top (not an offer's or a variant's): a page of several is a list of them.
  const isItem = (types: string[]) => types.some((type) => ITEM_TYPES.test(type));
  const topProducts = Math.max(
    roots.flatMap(topLevelNodes).filter((node) => isItem(typesOf(node))).length,
    scopes.filter((element) => isItem(itemtypes(element)) && !element.parentElement?.closest('[itemscope]')).length,
  );
  const product = !article && (/product/i.test(ogType) || types.some((type) => PRODUCT_TYPES.test(type)) || microdataProduct);
  const listing = types.some((type) => LISTING_TYPES.test(type)) || microdataTypes.some((type) => LISTING_TYPES.test(type));
  return { article, product, item: product && !listing && topProducts <= 1 };
}

export function candidates(
  document: Doc,
  { charThreshold = 500, maxElements = READABILITY_MAX_ELEMENTS, maxDepth = READABILITY_MAX_DEPTH, maxElementPasses = READABILITY_MAX_ELEMENT_PASSES } = {},
): Candidates {
  const { article: declaredArticle, product: declaredProduct, item: declaredItem } = pageDeclarations(document);
  removeClutter(document);
  removeChrome(document.body);
  if (declaredProduct) removeReviews(document.body);
  // Other items beside one item's page are never its content; beside a category, only when it says enough of its own.
  if (declaredProduct) removeItemGrids(document.body, declaredItem ? { minOwnProse: 0 } : {});
  const root = pageContent(document);
  const pageText = textLength(root);
  const pageProse = proseLength(root);
  const all = document.querySelectorAll('*');
  const elements = all.length;
  // Readability's work per pass, in elements: each element, and each attribute as a sixteenth of
  // one (a pass serializes and re-parses them; an element costs about that much more).
  let work = elements;
  for (const element of all) work += element.attributes.length / 16;
  // The nesting as the page had it, before the parse limits flattened it.
  const depth = parseReportOf(document)?.depth ?? treeDepth(document.documentElement);
  // Readability's scoring is superlinear in the elements, and its conditional cleaning in the
  // nesting: on a huge or deeply nested page it runs for seconds. Such pages take the page path.
  const readable = work <= maxElements && depth <= maxDepth;
  // Readability rewrites the document: the page candidate is a copy only when it runs.
  const page = readable ? (root.cloneNode(true) as Element) : root;
  const headings = root.querySelectorAll('h1');
  const heading = headings.length === 1 && textLength(headings[0]) ? (headings[0].cloneNode(true) as Element) : null;
  removeSurroundings(page);
  let article: Element | null = null;
  if (readable) {
    const marks = markCodeBlocks(document);
    const items = markItems(document);
    article = readabilityArticle(document, { charThreshold, maxPasses: Math.max(1, Math.floor(maxElementPasses / Math.max(1, work))) });
    if (article && marks) restoreCodeBlocks(article, marks);
    // A shop's tiles beside a product or a category are judged by removeItemGrids, not put back.
    if (article && items.length && !declaredProduct) restoreItems(article, items);
  }
  return {
    article,
    page,
    heading,
    features: { articleText: textLength(article), pageText, declaredArticle, declaredProduct, elements, articleProse: proseLength(article), pageProse },
  };
}

/** What readabilityArticle reads of Readability 0.6's internals (test/unit/engines/markdown checks they are there). */
interface ReadabilityInternals {
  _removeFlag(flag: number): void;
  _attempts: { articleContent: Element; textLength: number }[];
  _postProcessContent(article: Element): void;
}

const PASSES_SPENT = Symbol('passes spent');

/**
 * Readability's article, its passes at most maxPasses: Readability starts each retry by dropping
 * one of its rules (_removeFlag), which is where a retry past the budget stops it; its answer is
 * then the longest text of the passes it ran, post-processed, as it answers after its last pass.
 */
export function readabilityArticle(document: Doc, { charThreshold, maxPasses }: { charThreshold: number; maxPasses: number }): Element | null {
  const reader = new Readability(document as any, {
    charThreshold,
    keepClasses: true,
    serializer: (element: Node) => element as any,
  }) as unknown as Readability & ReadabilityInternals;
  let passes = 1;
  const removeFlag = reader._removeFlag;
  reader._removeFlag = function (flag: number) {
    if (++passes > maxPasses) throw PASSES_SPENT;
    return removeFlag.call(this, flag);
  };
  try {
    return (reader.parse()?.content as unknown as Element | null) ?? null;
  } catch (error) {
    if (error !== PASSES_SPENT) return null;
    const longest = [...reader._attempts].sort((a, b) => b.textLength - a.textLength)[0];
    if (!longest?.textLength) return null;
    reader._postProcessContent(longest.articleContent);
    return longest.articleContent;
  }
}

const ITEM_MARK = 'data-md-item';

/** Before Readability: each repeated item (repeatedItems) numbered, and a copy of it kept. */
function markItems(document: Doc): Element[] {
  // A page's own attribute of that name would point at another item.
  for (const element of document.body.querySelectorAll(`[${ITEM_MARK}]`)) element.removeAttribute(ITEM_MARK);
  return repeatedItems(document.body).map((item, index) => {
    item.setAttribute(ITEM_MARK, String(index));
    return item.cloneNode(true) as Element;
  });
}

/** An item's title: its first heading, else the longest text of its links. */
function itemTitle(item: Element): string {
  const heading = item.querySelector('h1, h2, h3, h4, h5, h6');
  if (heading && collapsed(heading)) return collapsed(heading);
  let title = '';
  for (const link of item.querySelectorAll('a[href]')) {
    const text = collapsed(link);
    if (text.length > title.length) title = text;
  }
  return title;
}

/**
 * Items of a list that Readability kept but cut: its cleaning drops a block that is all link,
 * which in a list of stories, results or products is each item's title (and, with it, the
 * summary beside it). On an article that is such a list (the items' text at least twice what it
 * says around them), an item whose title is gone is put back whole, as the page shows it; items
 * beside an article's own text (a few tiles under a story) stay as Readability left them.
 */
function restoreItems(article: Element, items: Element[]): void {
  const kept = [...article.querySelectorAll(`[${ITEM_MARK}]`)].filter(
    (element) => items[Number(element.getAttribute(ITEM_MARK))] && !element.parentElement?.closest(`[${ITEM_MARK}]`),
  );
  let keptText = 0;
  let itemsText = 0;
  for (const element of kept) {
    keptText += textLength(element);
    itemsText += textLength(items[Number(element.getAttribute(ITEM_MARK))]);
  }
  if (textLength(article) - keptText > MIN_OWN_SHARE * itemsText) return;
  for (const element of kept) {
    const copy = items[Number(element.getAttribute(ITEM_MARK))];
    const title = itemTitle(copy);
    if (title && !collapsed(element).includes(title)) element.replaceWith(copy.cloneNode(true));
  }
}

const MARK = 'data-md-order';
/** Blocks that place a code block in the text around it. */
const ANCHORS = 'pre, p, h1, h2, h3, h4, h5, h6, li, dt, dd, blockquote, table';

/**
 * Before Readability: every code block and the blocks around it numbered in document order
 * (Readability moves nodes, or re-parses the page when it retries, so an attribute is what
 * survives). Null on a page without code blocks.
 */
function markCodeBlocks(document: Doc): Element[] | null {
  if (!document.body.querySelector('pre')) return null;
  const ordered = [...document.body.querySelectorAll(ANCHORS)];
  ordered.forEach((element, index) => element.setAttribute(MARK, String(index)));
  return ordered;
}

/**
 * Code blocks that Readability's cleaning dropped (a highlighter's wrapper scores like a widget)
 * although the text before and after them is in the article: put back after the nearest block
 * before them that the article kept (inside it when it held the code block, as a list item does).
 */
function restoreCodeBlocks(article: Element, ordered: Element[]): void {
  const kept = new Map<number, Element>();
  for (const element of article.querySelectorAll(`[${MARK}]`)) kept.set(Number(element.getAttribute(MARK)), element);
  const keptOrder = [...kept.keys()].sort((a, b) => a - b);
  ordered.forEach((pre, index) => {
    if (pre.localName !== 'pre' || kept.has(index) || pre.parentElement?.closest('pre')) return;
    const before = keptOrder.filter((at) => at < index).pop();
    const after = keptOrder.find((at) => at > index);
    if (before === undefined || after === undefined) return;
    const anchor = kept.get(before)!;
    const original = ordered[before];
    if (original.contains(pre)) {
      anchor.append(pre);
      return;
    }
    // After the anchor, or after the list or table it is part of (a block belongs beside them, not in them).
    const place = anchor.closest('ul, ol, dl, table') && ['li', 'dt', 'dd'].includes(anchor.localName) ? anchor.closest('ul, ol, dl, table')! : anchor;
    if (!article.contains(place)) return;
    place.after(pre);
    kept.set(index, pre);
    keptOrder.splice(
      keptOrder.findIndex((at) => at > index),
      0,
      index,
    );
  });
}

/**
 * Readability's article when it holds most of what the page says in prose (text outside links),
 * or when the page declares itself an article and Readability kept a fair part of it; else the
 * page without chrome. Thresholds measured on the wcxb-dev and article-extraction corpora
 * (bench/markdown.ts).
 */
export function selectMainContent(document: Doc, { minProseShare = 0.7, minDeclaredArticleShare = 0, charThreshold = 500 }: SelectOptions = {}): MainContent {
  const { article, page, heading, features } = candidates(document, { charThreshold });
  const share = features.articleProse / Math.max(1, features.pageProse);
  if (article && features.articleText > 0 && (share >= minProseShare || (features.declaredArticle && share >= minDeclaredArticleShare))) {
    if (features.declaredProduct && heading) keepHeading(article, heading);
    removeRepeatedBlocks(article);
    removeSignupForms(article);
    removeScreenReaderText(article);
    removeScriptMessages(article);
    return { root: article, source: 'readability' };
  }
  removeRepeatedBlocks(page);
  removeSignupForms(page);
  removeScreenReaderText(page);
  removeScriptMessages(page);
  return { root: page, source: 'page' };
}

const collapsed = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Readability takes the page's h1 for the article's title and drops it from the text; on a page
 * that declares a product or a category the h1 is what the content is about (the product's
 * name), so it is put back at the top when the article does not say it.
 */
function keepHeading(article: Element, heading: Element): void {
  const name = collapsed(heading);
  if (collapsed(article).includes(name)) return;
  article.prepend(heading);
}
