import { requestSchemas, openapiDocument } from '../../server/contract.ts';

/**
 * Builds the smallest value that satisfies a component schema of the spec: required
 * properties only, the first enum or const, the lower bounds. Used by tests that need a
 * handler returning a contract-valid result without a real engine.
 */
export function minimalValue(schema: any, root = openapiDocument): any {
  if (schema.$ref) return minimalValue(resolve(schema.$ref, root), root);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: any) => minimalValue(part, root)), objectPart(schema, root));
  if (schema.oneOf) return minimalValue(schema.oneOf[0], root);
  if (schema.anyOf) return minimalValue(schema.anyOf[0], root);
  const type = Array.isArray(schema.type) ? (schema.type.find((t: string) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object':
      return objectPart(schema, root);
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items ?? {}, root));
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'x'.repeat(schema.minLength ?? 0);
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

function objectPart(schema: any, root: any) {
  const value: Record<string, unknown> = {};
  for (const name of schema.required ?? []) value[name] = minimalValue(schema.properties?.[name] ?? {}, root);
  return value;
}

function resolve(ref: string, root: any) {
  return ref
    .slice(2)
    .split('/')
    .reduce((node: any, key: string) => node[key], root);
}

export { requestSchemas };
