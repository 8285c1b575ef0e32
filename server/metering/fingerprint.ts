import { hash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal inputs give equal text. */
export function canonicalJson(value: unknown): string {
  // Loops rather than map/filter/join: every priced call fingerprints its input.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index ? ',' : '') + (canonicalJson(value[index]) ?? '');
    return text + ']';
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    let text = '{';
    for (const key of keys) {
      const field = (value as Record<string, unknown>)[key];
      if (field === undefined) continue;
      text += (text.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + canonicalJson(field);
    }
    return text + '}';
  }
  return JSON.stringify(value);
}

/** Identity of a request's input: operation, canonical body (server/pipeline/identity.ts) and the tier that prices it. */
export function fingerprint(operationId: string, input: unknown, tier: string): string {
  // crypto.hash (Node >= 20.12): one call, no Hash object per fingerprint.
  return hash('sha256', canonicalJson({ operationId, input, tier }), 'hex');
}

/**
 * The identity of a call's input for money: its fingerprint without the fields the spec marks as
 * settings (x-identity setting: how the answer is made, not what it is about), so the same input
 * with another setting is one charge and one stored answer.
 */
export function pricedFingerprint(call: {
  operation: { operationId: string; identity: readonly { path: string[]; kind: string }[] };
  input: Record<string, unknown>;
  tier: string;
}): string {
  let input = call.input;
  for (const field of call.operation.identity) {
    if (field.kind !== 'setting' || !(field.path[0] in input)) continue;
    if (input === call.input) input = { ...input };
    delete input[field.path[0]];
  }
  return fingerprint(call.operation.operationId, input, call.tier);
}
