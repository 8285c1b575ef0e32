/**
 * Property test over real HTTP: every POST operation and alias gets at least 1,000 random
 * requests, against one service whose handlers all return the minimal contract-valid result
 * (startService({ handlers: minimalHandlers }), run in a child process so the service has a
 * core of its own). Whatever arrives, the answer is never 5xx: either 200 with a body valid
 * against the result schema, the spec's 402 payment challenge, or a 4xx
 * application/problem+json whose code is in the error catalog. Every answer is checked against
 * the spec by httpCall: the `call` helper of test/support/contract.ts (same assertMatchesSpec)
 * over a keep-alive node:http agent, which here costs half the client CPU of fetch.
 * Reproduce a failure with the seed and path fast-check prints: fc.assert(..., { seed, path }).
 * FUZZ_RUNS changes the number of runs per operation, FUZZ_CONCURRENCY how many run at once.
 *
 * Callers: most requests come from a fresh client address (X-Forwarded-For through a trusted
 * proxy), so the free daily calls are there and the 200 path is reachable; some come from a
 * few shared addresses, so exhausted free calls (402), idempotency replays and conflicts (409)
 * and the advisor's rate limit (429) are exercised too. Payments are configured (payTo and a
 * facilitator URL nobody listens on); no request carries a payment, so it is never contacted.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startServiceInChild, type ChildService } from '../support/child-service.ts';
import { assertValid, type CallResult } from '../support/contract.ts';
import { httpCall, closeHttpCalls } from '../support/http-call.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import { canonicalOperation, errorCatalog, operations, requestSchemas, validatorFor, type OperationInfo } from '../../server/contract.ts';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const posted = operations.filter((op) => op.method === 'POST' && (op.kind === 'operation' || op.kind === 'alias'));
const statusOfCode = new Map<string, number>(errorCatalog.errors.map((entry) => [entry.code, entry.status]));
const PAYMENT_CHALLENGE = 'payment_required';

// ---------- generators ----------

/** Strings a validator of domains and URLs must get right. */
const TRICKY_STRINGS = [
  'a.com',
  'example.com',
  'EXAMPLE.COM.',
  'shop.example.co.uk',
  'münchen.de',
  'xn--mnchen-3ya.de',
  'a.b',
  'com',
  '.com',
  'a..com',
  '-a.com',
  'a-.com',
  'http://x.com/p',
  'https://example.com/pricing',
  'https://example.com:443/x',
  'https://example.com:8443/',
  'ftp://x.com/',
  'https://user:pw@x.com/',
  'http://localhost/',
  'http://a.localhost/',
  'http://127.0.0.1/',
  'http://[::1]/',
  'http://0x7f000001/',
  'javascript:alert(1)',
  '//x.com/p',
  'x.com/p',
  '1.2.3.4',
  '::1',
  '256.1.1.1',
  'example.com:80',
  'user@example.com',
  'exa mple.com',
  'example.com\n',
  'e\u0000.com',
  'ex\u200bample.com',
  'x'.repeat(300),
  `${'a'.repeat(63)}.com`,
  `${'a'.repeat(64)}.com`,
  `${'a.'.repeat(126)}com`,
  `https://${'a'.repeat(2100)}.com/`,
  '',
  ' ',
  'q_abc',
  'q_',
  'q_x'.repeat(30),
  '__proto__',
  'constructor',
  'true',
  'null',
  '0',
  '-1',
  '1e999',
  'NaN',
  '\ud800',
  '🙂.com',
  'ا.com',
];
const HUGE_NUMBERS = [
  1e308,
  -1e308,
  1e21,
  -1e21,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 53,
  5e-324,
  -0,
  0.1,
  1000001,
  1e12 + 1,
  100,
  101,
  -1,
  0,
  1,
  15000,
  100000,
  100001,
];

/** Every enum and const value written anywhere in a schema (so random bodies can hit valid choices). */
function enumValues(schema: unknown): unknown[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const own = [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node ? [node.const] : [])];
  return [...own, ...Object.values(node).flatMap(enumValues)];
}

/** A random value of a random type: strings (unicode too), huge numbers, nested objects, arrays of 0..60. */
function valueArbitrary(enums: unknown[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { weight: 3, arbitrary: fc.string() },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 4, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
    { weight: enums.length ? 3 : 0, arbitrary: enums.length ? fc.constantFrom(...enums) : fc.constant(null) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 2, arbitrary: fc.constantFrom(...HUGE_NUMBERS) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(Number) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...TRICKY_STRINGS), scalar), { minLength: 0, maxLength: 60 }) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...TRICKY_STRINGS.slice(0, 6)), { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), scalar, { maxKeys: 5 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

/** Header values fetch can carry: printable ASCII and Latin-1, no CR/LF/NUL. */
const headerValue = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code)),
  maxLength: 140,
});
const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,128}$/) },
  // A small pool, so shared callers replay and conflict.
  { weight: 3, arbitrary: fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'fuzz-key-0003') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/).map((key) => `"${key}"`) },
  { weight: 1, arbitrary: fc.constantFrom('short', 'x'.repeat(129), '"unbalanced', 'has space in it', '""', '"x"') },
  { weight: 2, arbitrary: headerValue },
);
const privateTier = fc.oneof(fc.constantFrom('single', 'bundle', '', 'BUNDLE', 'Single', ' bundle', 'multi', 'single,bundle'), headerValue);
/** Who calls: a fresh address (free calls available) or one of a few shared ones. */
const caller = fc.oneof({ weight: 6, arbitrary: fc.constant('fresh') }, { weight: 1, arbitrary: fc.constantFrom('203.0.113.7', '203.0.113.8', '2001:db8::7') });

interface Sent {
  label: 'json' | 'known' | 'unknown' | 'mutated' | 'example' | 'raw' | 'raw-type';
  body?: unknown;
  raw?: string;
  contentType?: string;
  caller: string;
  headers: Record<string, string>;
}

function requestArbitrary(op: OperationInfo): fc.Arbitrary<Sent> {
  const schema = requestSchemas[op.requestSchema!];
  const names = Object.keys(schema.properties ?? {});
  const value = valueArbitrary([...new Set(enumValues(schema))]);
  const examples = [...op.examples, ...canonicalOperation(op).examples].map((example) => example.body);

  /** The operation's real property names, each present or not, with random values. */
  const known = fc.record(Object.fromEntries(names.map((name) => [name, value])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
  const unknownKey = fc.oneof(
    fc.string({ minLength: 1, maxLength: 20 }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'x-extra', names[0].toUpperCase(), `${names[0]} `),
  );
  const withUnknown = fc
    .tuple(fc.oneof(known, fc.constantFrom(...examples)), fc.dictionary(unknownKey, value, { minKeys: 1, maxKeys: 3 }))
    .map(([a, b]) => ({ ...a, ...b }));
  /** A valid example with one field replaced or removed. */
  const mutated = fc
    .tuple(fc.constantFrom(...examples), fc.constantFrom(...names), fc.option(value, { nil: undefined, freq: 5 }))
    .map(([example, name, replacement]) => {
      const body: Record<string, unknown> = structuredClone(example);
      if (replacement === undefined) delete body[name];
      else body[name] = replacement;
      return body;
    });
  const rawText = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc.constantFrom(
      '',
      ' ',
      '{',
      '{"',
      '{}}',
      '{"a":1,}',
      "{'domain':'a.com'}",
      'null',
      '[]',
      '"{}"',
      'undefined',
      '\ufeff{}',
      '{"a":NaN}',
      '{"__proto__":{"polluted":1}}',
      '{"domain":"a.com","domain":"b.com"}',
    ),
    // Deep nesting, up to what the 262,144-byte body limit allows (see the regression test below).
    fc
      .oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 5_000, max: 120_000 }))
      .map((depth) => `{"${names[0]}":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    // Valid JSON text with number literals JSON.stringify never writes (Infinity after parsing, beyond 2^53).
    fc
      .tuple(
        fc.constantFrom(...examples),
        fc.constantFrom(...names),
        fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1E+2', '-0', '0.0000000000000000000001'),
      )
      .map(([example, name, literal]) => JSON.stringify({ ...example, [name]: '@@N@@' }).replace('"@@N@@"', literal)),
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/problem+json',
    'Application/JSON',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  );

  const payload: fc.Arbitrary<Pick<Sent, 'label' | 'body' | 'raw' | 'contentType'>> = fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue().map((body) => ({ label: 'json' as const, body })) },
    { weight: 5, arbitrary: known.map((body) => ({ label: 'known' as const, body })) },
    { weight: 2, arbitrary: withUnknown.map((body) => ({ label: 'unknown' as const, body })) },
    { weight: 3, arbitrary: mutated.map((body) => ({ label: 'mutated' as const, body })) },
    { weight: 2, arbitrary: fc.constantFrom(...examples).map((body) => ({ label: 'example' as const, body })) },
    { weight: 2, arbitrary: rawText.map((raw) => ({ label: 'raw' as const, raw, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            rawText,
            fc.constantFrom(...examples).map((example) => JSON.stringify(example)),
          ),
          contentType,
        )
        .map(([raw, type]) => ({ label: 'raw-type' as const, raw, contentType: type })),
    },
  );
  const headers = fc.record({
    // Idempotency-Key on about one request in five; X-Private-Query-Tier on a third of the private-query calls.
    idempotency: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: idempotencyKey }),
    tier: op.headerParams.includes('X-Private-Query-Tier')
      ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: privateTier })
      : fc.constant(null),
  });
  return fc.tuple(payload, caller, headers).map(([sent, who, { idempotency, tier }]) => {
    const extra: Record<string, string> = {};
    if (idempotency !== null) extra['Idempotency-Key'] = idempotency;
    if (tier !== null) extra['X-Private-Query-Tier'] = tier;
    return { ...sent, caller: who, headers: extra };
  });
}

// ---------- the property ----------

let freshCallers = 0;
/** A client address never used before (10.0.0.0/8 has room for every run). */
function freshAddress() {
  const n = ++freshCallers;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function send(base: string, op: OperationInfo, sent: Sent): Promise<CallResult> {
  const headers = { ...sent.headers, 'X-Forwarded-For': sent.caller === 'fresh' ? freshAddress() : sent.caller };
  if (sent.raw !== undefined)
    return httpCall(base, op.path, { raw: sent.raw, headers: { 'content-type': sent.contentType ?? 'application/json', ...headers } });
  return httpCall(base, op.path, { body: sent.body, headers });
}

/** A paged result: the handler's result with its list (when it has one) cut at the sent (or default) offset and limit, and page saying so. */
function assertPageOf(body: Record<string, unknown>, expected: Record<string, unknown>, op: OperationInfo, sent: unknown) {
  const list = op.pagedList!;
  if (!Array.isArray(expected[list])) return assert.deepEqual(body, expected, 'a result without the list is sent as it is');
  const { [list]: items, page, ...rest } = body;
  const { [list]: all, ...expectedRest } = expected as Record<string, unknown[]>;
  assert.deepEqual(rest, expectedRest);
  const asked = (isObject(sent) ? sent : {}) as { limit?: number; offset?: number };
  // As JSON carries them: -0 arrives as 0.
  const limit = (asked.limit ?? requestSchemas[op.requestSchema!].properties.limit.default) + 0;
  const offset = (asked.offset ?? 0) + 0;
  assert.deepEqual(items, all.slice(offset, offset + limit));
  assert.deepEqual(page, { total: all.length, offset, limit, next_offset: offset + limit < all.length ? offset + limit : null });
}

const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

// Serial calls would leave one of the two processes idle at any moment: the operations run concurrently.
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);

describe('fuzz: random requests to every POST operation never produce a 5xx', { concurrency: CONCURRENCY }, () => {
  let service: ChildService;
  const tally = new Map<string, Map<string, number>>();

  before(async () => {
    service = await startServiceInChild(new URL('../support/minimal-handlers.ts', import.meta.url), {
      exportName: 'minimalHandlers',
      config: { trustedProxies: ['127.0.0.1'], payTo: `0x${'5a'.repeat(20)}`, facilitatorUrl: 'http://127.0.0.1:9/never-contacted' },
    });
  });
  after(async () => {
    closeHttpCalls();
    await service?.close();
    const width = Math.max(...posted.map((op) => op.path.length));
    const lines = posted.map((op) => {
      const counts = [...(tally.get(op.operationId) ?? new Map<string, number>())].sort((a, b) => (a[0] === '200' ? -1 : b[0] === '200' ? 1 : b[1] - a[1]));
      return `${op.path.padEnd(width)} ${counts.map(([code, n]) => `${code}=${n}`).join(' ')}`;
    });
    console.log(`answers per operation (${NUM_RUNS} runs each: 200, 402 ${PAYMENT_CHALLENGE}, or the problem code)\n${lines.join('\n')}`);
  });

  it(`covers the ${posted.length} POST operations and aliases`, () => {
    assert.equal(posted.length, 27);
  });

  for (const op of posted) {
    it(`${op.path} (${op.operationId})`, async () => {
      const canonical = canonicalOperation(op);
      const expected = minimalResults.get(canonical.operationId) as Record<string, unknown>;
      const validate = validatorFor(op.resultSchema!);
      assert.ok(validate(expected), `the minimal ${op.resultSchema} must be contract-valid: ${JSON.stringify(validate.errors?.slice(0, 3))}`);

      const counts = new Map<string, number>();
      tally.set(op.operationId, counts);
      const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (sent) => {
          const answer = await send(service.url, op, sent);
          const type = answer.headers.get('content-type') ?? '';
          assert.ok(answer.status < 500, `${answer.status} ${answer.text.slice(0, 400)}`);
          if (answer.status === 200) {
            // httpCall has checked the body against the result schema; it is the handler's result
            // (step 1 of a two-step operation adds the quote's fields to it).
            if (canonical.twoStep) assert.equal(answer.body.status, expected.status);
            else if (canonical.pagedList) assertPageOf(answer.body, expected, canonical, sent.raw !== undefined ? JSON.parse(sent.raw) : sent.body);
            else assert.deepEqual(answer.body, expected);
            count('200');
            return;
          }
          assert.ok(answer.status >= 400 && answer.status < 500, `unexpected status ${answer.status}`);
          if (answer.status === 402 && type.startsWith('application/json')) {
            assertValid('PaymentRequired', answer.body, `${op.path} 402`);
            assert.ok(answer.headers.get('payment-required'), 'a 402 challenge carries PAYMENT-REQUIRED');
            count(PAYMENT_CHALLENGE);
            return;
          }
          assert.match(type, /^application\/problem\+json/, `${answer.status} must be a problem`);
          assert.ok(statusOfCode.has(answer.body.code), `code ${answer.body.code} is not in the catalog`);
          if (sent.label === 'json' && !isObject(sent.body))
            assert.equal(answer.body.code, 'invalid_json', 'a JSON value that is not an object is invalid_json');
          count(answer.body.code);
        }),
        { numRuns: NUM_RUNS },
      );
      assert.ok((counts.get('200') ?? 0) > 0, `${op.path}: no 200 among ${NUM_RUNS} runs`);
      const answered400 = [...counts].some(([code]) => statusOfCode.get(code) === 400);
      assert.ok(answered400, `${op.path}: no 400 among ${NUM_RUNS} runs`);
    });
  }

  // A deep copy of the body (structuredClone) overflows the stack from about 4,000 levels (8 KB
  // of '['): the body is copied one level deep, so such nesting is refused as input (4xx), never
  // a stack overflow answered as 502 engine_failed.
  it('answers deeply nested JSON (up to the body limit) with a 4xx, not a 5xx', async () => {
    const failures: string[] = [];
    for (const op of posted) {
      for (const depth of [5_000, 50_000, 130_000]) {
        const raw = `{"${Object.keys(requestSchemas[op.requestSchema!].properties)[0]}":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        const answer = await httpCall(service.url, op.path, { raw, headers: { 'content-type': 'application/json', 'X-Forwarded-For': freshAddress() } });
        if (answer.status >= 500) failures.push(`${op.path} depth ${depth} (${raw.length} bytes): ${answer.status} ${answer.body?.code}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
