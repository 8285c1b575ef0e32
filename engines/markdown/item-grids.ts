/**
 * Grids of item cards: a container whose children are, most of them, short blocks that each link
 * somewhere and state a price or carry a heading (a shop's product tiles). Beside one item's page
 * they are other items (more from the shop, other colours' products, carousels); beside a
 * category that says something of its own at length (a buying guide), they are what the shop
 * lists under it; on a category that says little else, the grid is the page and stays.
 */
import { textLengths } from './declutter.ts';

/** A card's text at most: a title, a price, a rating, a colour count. */
const MAX_CARD_TEXT = 400;
/** Cards in one container at least: fewer is a pair of offers, not a grid. */
const MIN_CARDS = 6;
/** Share of a container's text-holding children that must be cards. */
const MIN_CARD_SHARE = 0.6;
/** Prose (text outside links) outside the grids that makes them beside the page's own text. */
const MIN_OWN_PROSE = 1500;
/** ...and at least this share of the grids' own text. */
export const MIN_OWN_SHARE = 0.5;

/** A price as a shop writes it: a currency sign or code beside a number. */
const PRICE =
  /(?:[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|SEK|NOK|DKK|PLN|CZK|BGN|RON|HUF|INR|JPY|lei|zł|Kč|kr)\b)\s?\d|\d(?:[.,\s]?\d)*\s?(?:[€£₽]|\b(?:USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|CZK|BGN|RON|HUF|lei|zł|Kč|kr|лв)(?![\p{L}]))/u;

const collapsed = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

function isCard(element: Element, length: number): boolean {
  if (length > MAX_CARD_TEXT * 4) return false;
  const text = collapsed(element);
  if (!text || text.length > MAX_CARD_TEXT) return false;
  if (element.localName !== 'a' && !element.querySelector('a[href]')) return false;
  return PRICE.test(text) || Boolean(element.querySelector('h2, h3, h4, h5, h6'));
}

/** The outermost containers of MIN_CARDS cards or more under root (cards read only up to MAX_CARD_TEXT characters: bounded work). */
export function itemGrids(root: Element): Element[] {
  const lengths = textLengths(root);
  const grids: Element[] = [];
  const visit = (element: Element) => {
    let cards = 0;
    let holders = 0;
    for (const child of element.children) {
      const length = lengths.get(child) ?? 0;
      // Text is read only of short children: reading every level's text costs the text times the depth.
      if (length <= MAX_CARD_TEXT * 4 && !/\S/.test(child.textContent ?? '')) continue;
      holders++;
      if (isCard(child, length)) cards++;
    }
    if (cards >= MIN_CARDS && cards >= MIN_CARD_SHARE * holders) {
      grids.push(element);
      return;
    }
    for (const child of element.children) visit(child);
  };
  visit(root);
  return grids;
}

/** Text outside links under element, less what lies in the given blocks. */
function proseOutside(element: Element, except: Element[]): number {
  let length = 0;
  const skip = new Set(except);
  const walk = (node: Element) => {
    if (skip.has(node) || node.localName === 'a') return;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) length += (child.nodeValue ?? '').replace(/\s+/g, ' ').trim().length;
      else if (child.nodeType === 1) walk(child as Element);
    }
  };
  walk(element);
  return length;
}

/** Item grids, on a page that says at least minOwnProse characters of its own beside them. */
export function removeItemGrids(root: Element, { minOwnProse = MIN_OWN_PROSE } = {}): void {
  const grids = itemGrids(root);
  if (!grids.length) return;
  const own = proseOutside(root, grids);
  // A guide the grid stands beside, not a line above the items the page lists: at least half as long as the grid.
  if (own < minOwnProse || (minOwnProse > 0 && own < MIN_OWN_SHARE * grids.reduce((sum, grid) => sum + collapsed(grid).length, 0))) return;
  for (const grid of grids) grid.remove();
}

/** An item of a list at most: a title, a summary, a date, a price. */
const MAX_ITEM_TEXT = 1000;
/** Items in one list at least. */
const MIN_ITEMS = 4;
/** Items marked at most on one page (each is copied once). */
const MAX_ITEMS = 2000;

const signature = (element: Element) => `${element.localName} ${(element.getAttribute('class') ?? '').trim()}`;

/**
 * Repeated items: the children of one container, MIN_ITEMS or more of one tag and class, that
 * each link somewhere and are short (a list of stories, results, products). The outermost only;
 * one walk measures the text and finds the links.
 */
export function repeatedItems(root: Element): Element[] {
  const lengths = new Map<Element, number>();
  const linked = new Set<Element>();
  const measure = (element: Element): number => {
    let length = 0;
    if (element.localName === 'a' && element.hasAttribute('href')) linked.add(element);
    for (let node = element.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) length += (node.nodeValue ?? '').replace(/\s+/g, ' ').length;
      else if (node.nodeType === 1) {
        length += measure(node as Element);
        if (linked.has(node as Element)) linked.add(element);
      }
    }
    lengths.set(element, length);
    return length;
  };
  measure(root);
  const items: Element[] = [];
  const visit = (element: Element) => {
    const groups = new Map<string, Element[]>();
    for (const child of element.children) {
      const length = lengths.get(child) ?? 0;
      if (length && length <= MAX_ITEM_TEXT && linked.has(child)) {
        const key = signature(child);
        const group = groups.get(key);
        if (group) group.push(child);
        else groups.set(key, [child]);
      }
    }
    const found = new Set<Element>();
    for (const group of groups.values()) {
      if (group.length < MIN_ITEMS) continue;
      for (const item of group) found.add(item);
    }
    for (const child of element.children) {
      if (found.has(child)) {
        if (items.length < MAX_ITEMS) items.push(child);
      } else visit(child);
    }
  };
  visit(root);
  return items;
}
