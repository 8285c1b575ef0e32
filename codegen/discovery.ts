/**
 * The x402 Bazaar discovery extension of every paid operation, built at generation time with the
 * official @x402/extensions from the spec: facilitators that list services (the Bazaar) read it
 * from a 402's extensions.bazaar. Two forms per operation: HTTP (method, JSON body with an
 * example, its schema) and MCP (tool name, input schema, example). Both carry an output example
 * and the result's top-level schema, kept small: the HTTP form travels in the PAYMENT-REQUIRED header.
 */
import { bazaarResourceServerExtension, declareDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';
import type { JsonObject } from './spec.ts';
import { deref } from './spec.ts';
import type { OperationInfo } from './operations.ts';
import { plainInput, topLevelResult } from './documents.ts';

/** A PAYMENT-REQUIRED header (base64 JSON) with its Bazaar extension stays within this (16 KiB is a common header limit). */
export const PAYMENT_REQUIRED_HEADER_BUDGET_BYTES = 8_192;

/** A value the schema admits, built from what the spec says: examples, defaults, enums; required fields only. */
export function exampleOf(schema: any, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object') return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value: unknown) => value !== null) ?? schema.enum[0];
  const alternative = (schema.oneOf ?? schema.anyOf)?.find((member: any) => member.type !== 'null');
  if (alternative) return exampleOf(alternative, depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((member: any) => exampleOf(member, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((name: string) => name !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      if (depth > 2) return {};
      const required: string[] = schema.required ?? [];
      return Object.fromEntries(required.filter((name) => schema.properties?.[name]).map((name) => [name, exampleOf(schema.properties[name], depth + 1)]));
    }
    case 'array':
      return schema.minItems ? [exampleOf(schema.items, depth + 1)] : [];
    case 'string':
      return schema.format === 'date-time'
        ? '2026-01-01T00:00:00Z'
        : schema.format === 'date'
          ? '2026-01-01'
          : schema.format === 'uri'
            ? 'https://example.com/'
            : 'example';
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * A schema without format: the package's validator (what facilitators run) knows no formats and
 * warns on each; the spec's schemas, with formats, are one link away (/openapi.json).
 */
function withoutFormats(node: any): any {
  if (Array.isArray(node)) return node.map(withoutFormats);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'format' && typeof value === 'string'))
      .map(([key, value]) => [key, key === 'enum' || key === 'examples' || key === 'default' ? value : withoutFormats(value)]),
  );
}

export interface OperationDiscovery {
  http: DiscoveryExtension;
  mcp: DiscoveryExtension | null;
}

export function buildDiscovery(doc: JsonObject, operations: OperationInfo[]): Record<string, OperationDiscovery> {
  const out: Record<string, OperationDiscovery> = {};
  for (const op of operations.filter((candidate) => candidate.kind === 'operation' && candidate.priceMicroUsd > 0)) {
    const input = withoutFormats(plainInput(doc, op));
    const example = op.examples[0]?.body ?? {};
    const output = {
      example: exampleOf(op.resultSchema ? deref(doc, doc.components.schemas[op.resultSchema]) : {}),
      schema: withoutFormats(topLevelResult(doc, op)),
    };
    const declared = declareDiscoveryExtension({ bodyType: 'json', input: example, inputSchema: input, output }).bazaar;
    // The package's own server extension sets the method, as it would per request.
    const http = bazaarResourceServerExtension.enrichDeclaration!(declared, {
      method: op.method,
      adapter: { getPath: () => op.path },
      routePattern: op.path,
    } as any) as DiscoveryExtension;
    const mcp = op.mcpTool
      ? declareDiscoveryExtension({ toolName: op.mcpTool, description: op.summary, transport: 'streamable-http', inputSchema: input, example, output }).bazaar
      : null;
    out[op.offerId!] = { http, mcp };
  }
  return out;
}
