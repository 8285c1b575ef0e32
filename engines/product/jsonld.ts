/**
 * schema.org JSON-LD as shops publish it: several script blocks, top-level arrays, @graph,
 * nodes nested under other nodes (mainEntity, itemListElement, offers) and references by @id.
 * Lenient about what breaks JSON.parse in the wild (HTML comments or CDATA around the JSON, raw
 * control characters inside strings, a trailing semicolon, script comments). Pure.
 */

export type LdNode = Record<string, unknown>;

/** The schema.org types (as typesOf gives them) of a node that is one article, story or post. */
export const ARTICLE_TYPE =
  /^(Article|NewsArticle|BlogPosting|ReportageNews|AnalysisNewsArticle|OpinionNewsArticle|ScholarlyArticle|TechArticle|Report|LiveBlogPosting|SocialMediaPosting)$/;

export interface LdGraph {
  /** Every object that has an @type, at any depth, in document order. */
  nodes: LdNode[];
  /** Nodes by @id (the fullest node when an id appears several times). */
  byId: Map<string, LdNode>;
}

/** The JSON of one script block, or null when it cannot be read even leniently. */
export function parseJsonLd(text: string): unknown | null {
  const cleaned = text
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[/, '')
    .replace(/(?:\/\/\s*)?\]\]>\s*$/, '')
    .trim()
    .replace(/;\s*$/, '');
  if (!cleaned) return null;
  try {
    return JSON.parse(cleaned);
  } catch {
    // Raw newlines and tabs inside strings are the most common breakage; between tokens a space is equivalent.
    try {
      return JSON.parse(cleaned.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      // Script-style comments left in the block ('"@type": "Organization", //"Person",').
      try {
        return JSON.parse(withoutComments(cleaned).replace(/[\u0000-\u001f]+/g, ' '));
      } catch {
        return null;
      }
    }
  }
}

/** The text without // and /* *\/ comments outside its strings, in one pass. */
function withoutComments(text: string): string {
  let out = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      out += char;
      if (char === '\\') out += text[++at] ?? '';
      else if (char === '"') quoted = false;
    } else if (char === '/' && text[at + 1] === '/') {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end - 1;
    } else if (char === '/' && text[at + 1] === '*') {
      const end = text.indexOf('*/', at + 2);
      at = end < 0 ? text.length : end + 1;
    } else {
      if (char === '"') quoted = true;
      out += char;
    }
  }
  return out;
}

/** Every typed node of the given JSON-LD roots (arrays and @graph flattened, nested nodes included). */
export function ldGraph(roots: unknown[], { maxNodes = 5_000 }: { maxNodes?: number } = {}): LdGraph {
  const nodes: LdNode[] = [];
  const byId = new Map<string, LdNode>();
  let visited = 0;
  function visit(value: unknown) {
    if (visited++ > maxNodes) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as LdNode;
    const id = typeof node['@id'] === 'string' ? node['@id'] : null;
    if (id && Object.keys(node).length > 1 && (!byId.has(id) || Object.keys(node).length > Object.keys(byId.get(id)!).length)) byId.set(id, node);
    if (node['@type'] !== undefined) nodes.push(node);
    for (const [key, child] of Object.entries(node)) {
      if (key !== '@context' && child && typeof child === 'object') visit(child);
    }
  }
  for (const root of roots) visit(root);
  return { nodes, byId };
}

/** The node's types without the schema.org prefixes (https://schema.org/Product, schema:Product → Product). */
export function typesOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const raw = (node as LdNode)['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, '').trim());
}

export function hasType(node: unknown, ...types: string[]): boolean {
  const wanted = types.map((type) => type.toLowerCase());
  return typesOf(node).some((type) => wanted.includes(type.toLowerCase()));
}

/** A property's values as a list, references by @id replaced with the node they name. */
export function values(node: LdNode | null | undefined, key: string, byId: Map<string, LdNode>): unknown[] {
  if (!node) return [];
  const raw = node[key] ?? node[`schema:${key}`] ?? node[`https://schema.org/${key}`] ?? node[`http://schema.org/${key}`];
  if (raw === undefined || raw === null) return [];
  return (Array.isArray(raw) ? raw : [raw]).map((value) => resolve(value, byId)).filter((value) => value !== null && value !== undefined);
}

export function first(node: LdNode | null | undefined, key: string, byId: Map<string, LdNode>): unknown {
  return values(node, key, byId)[0];
}

function resolve(value: unknown, byId: Map<string, LdNode>): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const id = (value as LdNode)['@id'];
    if (typeof id === 'string' && Object.keys(value).length === 1) return byId.get(id) ?? value;
  }
  return value;
}

/** A text value: a string, a number, {"@value": ...} or a node's name. */
export function text(value: unknown): string | null {
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const node = value as LdNode;
    if (node['@value'] !== undefined) return text(node['@value']);
    if (node.name !== undefined) return text(Array.isArray(node.name) ? node.name[0] : node.name);
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Whitespace collapsed, the common HTML entities decoded (shops often escape JSON-LD strings twice), at most 300 characters. */
export function cleanText(value: string, max = 300): string | null {
  const decoded = value
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (!decoded) return null;
  return decoded.length > max ? `${decoded.slice(0, max - 1)}…` : decoded;
}
