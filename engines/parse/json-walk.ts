/**
 * Every object inside a parsed JSON value (arrays looked through), depth first, at most maxNodes
 * nodes visited: a bounded walk of structured data a stranger wrote (JSON-LD, x402.json).
 */
export function* objectsIn(json: unknown, { maxNodes = 2_000 }: { maxNodes?: number } = {}): Generator<Record<string, unknown>> {
  const stack: unknown[] = [json];
  let visited = 0;
  while (stack.length && visited++ < maxNodes) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      yield record;
      for (const value of Object.values(record)) if (value && typeof value === 'object') stack.push(value);
    }
  }
}
