import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type JsonObject = Record<string, any>;

/** Reads the hand-written spec; YAML anchors are allowed (aliases expanded). */
export function loadSpec(path: string): { source: string; doc: JsonObject } {
  const source = readFileSync(path, 'utf8');
  const doc = parse(source, { maxAliasCount: -1 }) as JsonObject;
  return { source, doc };
}

/** Resolves a local JSON pointer such as #/components/schemas/Domain. */
export function resolvePointer(doc: JsonObject, ref: string): any {
  if (!ref.startsWith('#/')) throw new Error(`only local refs are supported: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: any, key) => {
      if (node === undefined || !(key in node)) throw new Error(`unresolved ref ${ref}`);
      return node[key];
    }, doc);
}

/**
 * Inlines every local $ref (siblings of a $ref are kept and win), so a schema can stand alone:
 * in an MCP tool list, in a catalog offer, or compiled by Ajv with schema paths that match
 * the spec's own structure.
 */
export function deref(doc: JsonObject, node: any, seen: string[] = []): any {
  if (Array.isArray(node)) return node.map((item) => deref(doc, item, seen));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) throw new Error(`cyclic ref ${node.$ref}`);
    const { $ref, ...siblings } = node;
    const target = deref(doc, resolvePointer(doc, $ref), [...seen, $ref]);
    return { ...target, ...deref(doc, siblings, seen) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, deref(doc, value, seen)]));
}

/** Removes x- extension keys, for documents meant for generic JSON Schema consumers. */
export function stripExtensions(node: any): any {
  if (Array.isArray(node)) return node.map(stripExtensions);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, stripExtensions(value)]),
  );
}

export function schemaRefName(ref: string | undefined): string | null {
  const match = ref?.match(/^#\/components\/schemas\/([A-Za-z0-9_]+)$/);
  return match ? match[1] : null;
}
