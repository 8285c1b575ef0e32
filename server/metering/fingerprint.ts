import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal inputs give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Identity of a request's input: operation, normalized body and the tier that prices it. */
export function fingerprint(operationId: string, input: unknown, tier: string): string {
  return createHash('sha256').update(canonicalJson({ operationId, input, tier })).digest('hex');
}
