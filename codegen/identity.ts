/**
 * The identity fields of a request schema: every field marked x-identity (one of the kinds the
 * spec lists in x-identity-kinds), with its path into the body. The service canonicalizes each
 * (server/pipeline/identity.ts) before it fingerprints an input or hands it to a handler.
 */
import type { JsonObject } from './spec.ts';
import type { IdentityField, IdentityKind } from '../generated/contract.ts';

/** Kinds whose value is a list: their items must be of the item kind named here. */
const ITEM_KIND: Record<string, string | undefined> = { 'domain-list': 'domain', 'domain-set': 'domain', 'text-set': 'text' };

/** The kinds the spec defines (x-identity-kinds: kind -> what counts as the same value). */
export function identityKinds(doc: JsonObject): IdentityKind[] {
  const kinds = doc['x-identity-kinds'];
  if (!kinds || typeof kinds !== 'object') throw new Error('the spec lists no x-identity-kinds');
  return Object.keys(kinds) as IdentityKind[];
}

/**
 * Walks a dereferenced schema: a node with x-identity is one field (a list kind covers its items);
 * otherwise its properties and items are walked.
 */
export function identityFields(schema: any, kinds: readonly string[], where: string, prefix: string[] = []): IdentityField[] {
  if (!schema || typeof schema !== 'object') return [];
  const kind = schema['x-identity'];
  if (kind !== undefined) {
    const at = `${where} /${prefix.join('/')}`;
    if (!kinds.includes(kind)) throw new Error(`${at}: x-identity ${JSON.stringify(kind)} is not one of x-identity-kinds (${kinds.join(', ')})`);
    const itemKind = ITEM_KIND[kind];
    if (itemKind && schema.items?.['x-identity'] !== itemKind) throw new Error(`${at}: the items of a ${kind} must have x-identity ${itemKind}`);
    const by = schema['x-identity-by'];
    if (by !== undefined) {
      for (const chosen of Object.values<string>(by.kinds ?? {}))
        if (!kinds.includes(chosen)) throw new Error(`${at}: x-identity-by names ${JSON.stringify(chosen)}, not one of x-identity-kinds`);
      return [{ path: prefix, kind, by: { field: by.field, kinds: by.kinds } }];
    }
    return [{ path: prefix, kind }];
  }
  const found: IdentityField[] = [];
  for (const [name, sub] of Object.entries<any>(schema.properties ?? {})) found.push(...identityFields(sub, kinds, where, [...prefix, name]));
  if (schema.items) found.push(...identityFields(schema.items, kinds, where, [...prefix, '*']));
  return found;
}
