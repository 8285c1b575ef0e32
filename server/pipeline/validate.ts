/**
 * Validate stage: the same checks for HTTP and MCP. Body against the generated Ajv 2020
 * validator of the operation's request schema, then each priced field canonicalized by its
 * x-identity kind (public domains, target URLs, lists: server/pipeline/identity.ts), then the
 * request headers the operation takes.
 */
import type { ErrorObject } from 'ajv';
import { requestDefaults, requestSchemas, validatorFor, type ErrorCode, type OperationInfo } from '../contract.ts';
import { ServiceError } from '../problem.ts';
import { canonicalizeInput, type MergedEntry } from './identity.ts';
import { takeDisplayFields, type Display } from './page.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;
const TIERS = ['single', 'bundle'];

type Violation = { pointer: string; detail: string };

function schemaNodeAt(schema: any, path: string[]): any {
  return path.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), schema);
}

/** The code of one Ajv error: the nearest x-error-code above the failing keyword, else invalid_input. */
function codeOf(schema: any, error: ErrorObject): ErrorCode {
  const path = error.schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1);
  for (let depth = path.length; depth >= 0; depth--) {
    const code = schemaNodeAt(schema, path.slice(0, depth))?.['x-error-code'];
    if (code) return code;
  }
  return 'invalid_input';
}

function violation(error: ErrorObject): Violation {
  const extra = (error.params as any).missingProperty ?? (error.params as any).additionalProperty;
  const pointer = extra !== undefined ? `${error.instancePath}/${extra}` : error.instancePath;
  const what = (error.params as any).additionalProperty !== undefined ? `unknown field ${JSON.stringify(extra)}` : (error.message ?? 'is invalid');
  return { pointer: pointer || '/', detail: what };
}

/** An unknown field decides first (invalid_input), then the most specific code. */
function pickCode(codes: ErrorCode[], errors: ErrorObject[]): ErrorCode {
  if (errors.some((error) => error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties')) return 'invalid_input';
  return codes.find((code) => code !== 'invalid_input') ?? 'invalid_input';
}

/**
 * Validates an operation's body and rewrites its priced fields to their canonical values (the
 * input the fingerprint and the handler see); throws ServiceError with the catalog code. `merged`:
 * list entries that named the same thing as an earlier entry and were dropped; `display`: the
 * display fields (limit, offset), taken out of the input (server/pipeline/page.ts).
 */
export function validateInput(op: OperationInfo, body: unknown): { input: Record<string, unknown>; merged: MergedEntry[]; display: Display } {
  if (!op.requestSchema) return { input: {}, merged: [], display: {} };
  // Bodies are parsed JSON; only top-level fields and top-level arrays are rewritten (canonical
  // identities, defaults), so a shallow copy keeps the caller's object unchanged.
  const input = shallowCopy(body);
  const validate = validatorFor(op.requestSchema);
  if (!validate(input)) {
    const errors = validate.errors ?? [];
    const schema = requestSchemas[op.requestSchema];
    const code = pickCode(
      errors.map((error) => codeOf(schema, error)),
      errors,
    );
    const violations = errors.filter((error) => error.keyword !== 'if').map(violation);
    throw new ServiceError(code, {
      detail: `The body does not match ${op.requestSchema}: ${violations.map((v) => `${v.pointer} ${v.detail}`).join('; ')}`,
      errors: violations,
    });
  }
  const merged = canonicalizeInput(op.identity, input);
  // The spec's top-level defaults fill absent fields.
  for (const [name, value] of Object.entries(requestDefaults[op.requestSchema as keyof typeof requestDefaults] ?? {})) {
    if (input[name] === undefined) input[name] = typeof value === 'object' && value !== null ? structuredClone(value) : value;
  }
  return { input, merged, display: takeDisplayFields(op.identity, input) };
}

function shallowCopy(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) copy[key] = Array.isArray(value) ? [...value] : value;
  return copy;
}

/** One pair of surrounding double quotes (IETF draft sf-string) is accepted and removed. */
export function parseIdempotencyKey(value: string | undefined): string | null {
  if (value === undefined) return null;
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ServiceError('idempotency_key_invalid', {
      detail: `Idempotency-Key must be 8 to 128 letters, digits, underscores or hyphens (got ${value.length} characters)`,
    });
  }
  return key;
}

export function parsePrivateTier(value: string | undefined): 'single' | 'bundle' {
  if (value === undefined || value === '') return 'single';
  if (!TIERS.includes(value)) {
    throw new ServiceError('invalid_input', {
      detail: `X-Private-Query-Tier must be single or bundle (got ${JSON.stringify(value.slice(0, 40))})`,
      errors: [{ pointer: '/', detail: 'X-Private-Query-Tier must be single or bundle' }],
    });
  }
  return value as 'single' | 'bundle';
}
