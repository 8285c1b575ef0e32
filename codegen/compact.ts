/**
 * Compact JSON Schemas for the documents an agent reads before its first call (catalog, agent card,
 * MCP tool list). A component schema used once is inlined where it is used; one used more than once
 * (or pointed into) is written once under $defs, keeping its spec name, and referenced as
 * #/$defs/<Name>. Descriptions keep their first sentence: the full text stays in the spec
 * (/openapi.json#/components/schemas/<Name>). Nothing that validates is dropped.
 */
import { resolvePointer, type JsonObject } from './spec.ts';

const SCHEMAS = '#/components/schemas/';

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|vs|etc|Sr|approx)\.$/;

/** The first sentence of a description: up to the first full stop (or ! ?) followed by a space. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  for (const match of flat.matchAll(/[.!?](?= )/g)) {
    const end = match.index! + 1;
    if (!ABBREVIATIONS.test(flat.slice(0, end))) return flat.slice(0, end);
  }
  return flat;
}

/**
 * An operation's description as the catalog and the MCP tool list carry it: its first paragraph
 * (up to the first blank line), and where the rest is when there is more.
 */
export function leadParagraph(text: string, rest: string): string {
  const [lead, ...more] = text.trim().split(/\n\s*\n/);
  const flat = lead.replace(/\s+/g, ' ').trim();
  return more.length ? `${flat} (More: ${rest}.)` : flat;
}

/** A description as the compact documents carry it: its first sentence when that is short, else none. */
export function shortNote(text: string, maxChars = 48): string {
  const sentence = firstSentence(text);
  return sentence.length <= maxChars ? sentence : '';
}

export interface CompactOptions {
  /** How a description is shortened (default: its first sentence); an empty answer drops it. */
  abridge?: (text: string) => string;
  /**
   * Component schemas not to expand here (except as an allOf member, whose fields are the
   * schema's own): each is written as its JSON type with title <Name>, defined elsewhere.
   */
  byTitle?: (name: string) => boolean;
}

export interface CompactSchemas {
  /** Each root, rewritten: refs point at #/$defs/<Name> of the document that holds $defs. */
  roots: Record<string, JsonObject>;
  /** The shared definitions, by spec name (empty when nothing is shared). */
  $defs: Record<string, JsonObject>;
}

function splitRef(ref: string): { name: string; rest: string } {
  if (!ref.startsWith(SCHEMAS)) throw new Error(`only component schema refs are supported: ${ref}`);
  const [name, ...rest] = ref.slice(SCHEMAS.length).split('/');
  return { name, rest: rest.length ? `/${rest.join('/')}` : '' };
}

/** How often each component schema is referenced from the roots, its own body walked once. */
function countUses(doc: JsonObject, roots: JsonObject[], byTitle: (name: string) => boolean): { uses: Map<string, number>; pointedInto: Set<string> } {
  const uses = new Map<string, number>();
  const pointedInto = new Set<string>();
  function walk(node: any, member = false) {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, member));
    if (node === null || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const { name, rest } = splitRef(node.$ref);
      if (!rest && !member && byTitle(name)) return;
      if (rest) pointedInto.add(name);
      const seen = uses.has(name);
      uses.set(name, (uses.get(name) ?? 0) + 1);
      if (!seen) walk(doc.components.schemas[name]);
    }
    for (const [key, value] of Object.entries(node)) if (key !== '$ref' && !DATA_KEYWORDS.has(key)) walk(value, key === 'allOf');
  }
  roots.forEach((root) => walk(root, true));
  return { uses, pointedInto };
}

/**
 * Rewrites the roots (spec schema nodes, usually { $ref }) into compact schemas sharing one $defs.
 * Extensions (x-*) are removed, as in every public document, and so are the spec's own schema
 * titles (names for client code generators, kept in /openapi.json): here a title names only a
 * schema written by reference (byTitle).
 */
export function compactSchemas(
  doc: JsonObject,
  roots: Record<string, JsonObject>,
  { abridge = firstSentence, byTitle = () => false }: CompactOptions = {},
): CompactSchemas {
  const { uses, pointedInto } = countUses(doc, Object.values(roots), byTitle);
  const shared = (name: string) => (uses.get(name) ?? 0) > 1 || pointedInto.has(name);
  // fromSpec: the node is the spec's own (reached through a ref), not one the caller built.
  function rewrite(node: any, inlining: string[], member = false, fromSpec = false): any {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, inlining, member, fromSpec));
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' || key.startsWith('x-') || (fromSpec && key === 'title' && typeof value === 'string')) continue;
      if (key === 'description' && typeof value === 'string') {
        const text = abridge(value);
        if (text) out[key] = text;
      } else out[key] = DATA_KEYWORDS.has(key) ? value : rewrite(value, inlining, key === 'allOf', fromSpec);
    }
    if (typeof node.$ref !== 'string') return withoutImpliedType(out);
    const { name, rest } = splitRef(node.$ref);
    if (!rest && !member && byTitle(name)) return { ...titled(doc.components.schemas[name], name), ...out };
    if (rest || shared(name)) return { $ref: `#/$defs/${name}${rest}`, ...out };
    if (inlining.includes(name)) throw new Error(`cyclic ref ${node.$ref}`);
    // Used once: the definition goes here; the reference's own siblings (a description) win.
    return { ...rewrite(resolvePointer(doc, node.$ref), [...inlining, name], false, true), ...out };
  }
  const $defs: Record<string, JsonObject> = {};
  for (const name of [...uses.keys()].filter(shared).sort()) $defs[name] = rewrite(doc.components.schemas[name], [name], false, true);
  return { roots: Object.fromEntries(Object.entries(roots).map(([key, root]) => [key, rewrite(root, [], true)])), $defs };
}

/** Whether a JSON value is of a JSON Schema type. */
function isOfType(value: unknown, type: unknown): boolean {
  if (type === 'null') return value === null;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  return typeof value === type;
}

/** A type beside an enum (or a const) whose every value is of it says nothing more: the values alone admit the same. */
export function withoutImpliedType(node: JsonObject): JsonObject {
  const values = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : null;
  if (!values || node.type === undefined) return node;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (!values.every((value: unknown) => types.some((type: unknown) => isOfType(value, type)))) return node;
  const { type, ...rest } = node;
  return rest;
}

/** A component schema named, not expanded: its JSON type (an allOf composes objects) and its name. */
function titled(schema: JsonObject, name: string): JsonObject {
  const type = schema.type ?? (schema.allOf ? 'object' : undefined);
  return { ...(type ? { type } : {}), title: name };
}

/** A schema that stands alone: the roots' shared definitions under its own $defs. */
export function standalone(root: JsonObject, $defs: Record<string, JsonObject>): JsonObject {
  return Object.keys($defs).length ? { ...root, $defs } : root;
}

/** The keywords of a plain input schema: what every LLM tool-calling front end takes. */
const PLAIN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'anyOf',
  'description',
  'default',
  'examples',
  'additionalProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'pattern',
  'format',
]);

/** An array's items as a plain schema gives them: the property around them says what they are. */
const unannotated = ({ description, examples, ...rest }: JsonObject) => rest;

export interface PlainSchema {
  schema: JsonObject;
  /** The keywords left out (if/then, allOf, not, dependentRequired ...), with where they were. */
  dropped: string[];
}

/**
 * A dereferenced schema (spec.ts deref) as plain JSON Schema: one object with properties, required,
 * types, enums and at most anyOf. A const is a one-value enum and a oneOf an anyOf (both only
 * admit more); every other keyword is dropped, which also only admits more, so a plain schema
 * never refuses an input the full one takes. What was dropped is returned: the caller makes
 * the description say it, and the server still enforces it against the full schema.
 */
export function plainSchema(schema: JsonObject, abridge: (text: string) => string = firstSentence): PlainSchema {
  const dropped: string[] = [];
  function walk(node: any, at: string): any {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'const') out.enum = [value];
      else if (key === 'oneOf' || key === 'anyOf') out.anyOf = (value as any[]).map((member, index) => walk(member, `${at}/${key}/${index}`));
      else if (key === 'description') {
        const text = abridge(value as string);
        if (text) out.description = text;
      } else if (key === 'properties')
        out.properties = Object.fromEntries(Object.entries(value as JsonObject).map(([name, member]) => [name, walk(member, `${at}/properties/${name}`)]));
      else if (key === 'items' || key === 'additionalProperties') out[key] = typeof value === 'object' ? unannotated(walk(value, `${at}/${key}`)) : value;
      else if (PLAIN_KEYWORDS.has(key)) out[key] = value;
      else if (!key.startsWith('x-') && key !== 'title' && key !== '$schema') dropped.push(`${at || '/'} ${key}`);
    }
    return out;
  }
  return { schema: walk(schema, ''), dropped };
}

/**
 * A result schema abridged below its top-level fields: each field keeps its type, enum, format
 * and whether it may be null; an inner object or array is written by its type alone (with the
 * spec title it or its items have, if any). Refs are resolved against $defs, so the answer stands alone.
 * It still admits every result the full schema admits.
 */
export function topLevelSchema(root: JsonObject, $defs: Record<string, JsonObject>): JsonObject {
  const resolve = (node: any): any =>
    typeof node?.$ref === 'string' && node.$ref.startsWith('#/$defs/') && !node.$ref.slice(8).includes('/')
      ? { ...resolve($defs[node.$ref.slice(8)]), ...Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$ref')) }
      : node;
  function field(node: any): any {
    node = resolve(node);
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') return {};
    const out: JsonObject = {};
    for (const key of ['type', 'enum', 'const', 'format', 'title']) if (node[key] !== undefined) out[key] = node[key];
    for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(node[key])) out[key] = node[key].map(field);
    // An allOf field is what its members are: the type one of them gives (a list, an object ...).
    if (Array.isArray(node.allOf) && out.type === undefined) {
      const type = node.allOf.map(field).find((member: JsonObject) => member.type !== undefined)?.type;
      if (type !== undefined) out.type = type;
    }
    // An array's items keep the title that names them (JobItem); no deeper.
    const items = resolve(node.items);
    if (items?.title) out.items = { ...(items.type ? { type: items.type } : {}), title: items.title };
    return out;
  }
  function object(node: any): any {
    node = resolve(node);
    const out: JsonObject = {};
    for (const [key, value] of Object.entries<any>(node)) {
      if (key === 'properties') out.properties = Object.fromEntries(Object.entries<any>(value).map(([name, member]) => [name, field(member)]));
      else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') out[key] = value.map(object);
      else if (key === 'type' || key === 'required' || key === 'additionalProperties' || key === 'title' || key === 'enum' || key === 'const')
        out[key] = key === 'additionalProperties' && typeof value === 'object' ? field(value) : value;
    }
    return out;
  }
  return object(root);
}
