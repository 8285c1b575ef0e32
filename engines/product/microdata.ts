/**
 * HTML microdata (itemscope / itemtype / itemprop) read into the same node shape as JSON-LD
 * ({"@type": "Product", "name": ..., "offers": {...}}), so one reading serves both. Property
 * values follow the HTML standard (meta content, link/a href, img src, time datetime, data
 * value, else the text), with a `content` attribute honoured on any element as search engines
 * do ("<span itemprop=price content=24.99>$24.99</span>"). Pure over a parsed document.
 */
import type { LdNode } from './jsonld.ts';

type Element = {
  localName: string;
  children: ArrayLike<Element>;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  textContent: string | null;
};

const URL_PROPS: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  embed: 'src',
  iframe: 'src',
  track: 'src',
  object: 'data',
};

/** The top-level items of the document (itemscope without itemprop), each with its nested items. */
export function microdataItems(
  document: { querySelectorAll(selector: string): ArrayLike<unknown> },
  baseUrl: string,
  { maxItems = 200 }: { maxItems?: number } = {},
): LdNode[] {
  const items: LdNode[] = [];
  for (const element of Array.from(document.querySelectorAll('[itemscope]')) as Element[]) {
    if (items.length >= maxItems) break;
    if (!element.hasAttribute('itemprop')) items.push(readItem(element, baseUrl));
  }
  return items;
}

function readItem(scope: Element, baseUrl: string, depth = 0): LdNode {
  const item: LdNode = {};
  const types = (scope.getAttribute('itemtype') ?? '').split(/\s+/).filter(Boolean);
  if (types.length) item['@type'] = types.length === 1 ? types[0] : types;
  const id = scope.getAttribute('itemid');
  if (id) item['@id'] = id;

  function add(name: string, value: unknown) {
    const existing = item[name];
    if (existing === undefined) item[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else item[name] = [existing, value];
  }

  function walk(parent: Element) {
    for (const child of Array.from(parent.children)) {
      const names = (child.getAttribute('itemprop') ?? '').split(/\s+/).filter(Boolean);
      const nested = child.hasAttribute('itemscope');
      if (names.length) {
        const value = nested ? (depth < 8 ? readItem(child, baseUrl, depth + 1) : {}) : propertyValue(child, baseUrl);
        for (const name of names) add(name, value);
      }
      // A nested item's properties are its own; an item without itemprop is a separate top-level item.
      if (!nested) walk(child);
    }
  }
  walk(scope);
  return item;
}

function propertyValue(element: Element, baseUrl: string): string {
  const name = element.localName.toLowerCase();
  if (element.hasAttribute('content')) return element.getAttribute('content') ?? '';
  const urlAttribute = URL_PROPS[name];
  if (urlAttribute) {
    const raw = element.getAttribute(urlAttribute) ?? '';
    try {
      return new URL(raw, baseUrl).href;
    } catch {
      return raw;
    }
  }
  if (name === 'time' && element.hasAttribute('datetime')) return element.getAttribute('datetime') ?? '';
  if ((name === 'data' || name === 'meter') && element.hasAttribute('value')) return element.getAttribute('value') ?? '';
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
