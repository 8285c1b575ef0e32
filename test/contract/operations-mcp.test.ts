import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startService, type TestService } from '../support/service.ts';
import { openStore } from '../../server/store/index.ts';
import type { Store } from '../../server/store/types.ts';
import { assertValid, call, SPEC_SKILLS, SPEC_TOOLS } from '../support/contract.ts';
import { minimalValue } from '../support/minimal-result.ts';
import { operations, openapiDocument, validatorFor } from '../../server/contract.ts';
import { handlers } from '../../handlers/index.ts';
import { minimalHandlers } from '../support/minimal-handlers.ts';
import { assertCompactValid, toolOutputValidator } from '../support/compact-schemas.ts';
import { startedService } from '../support/lifecycle.ts';
import { connectMcp, withMcp } from '../support/mcp.ts';

const tools = operations.filter((op) => op.kind === 'operation');

describe('every operation over MCP (official client)', () => {
  let client: Client;
  after(() => client?.close());
  const setup = startedService();
  before(async () => {
    client = await connectMcp(setup.url);
  });

  it('says in its instructions how to read the compact tool list: titles, prices, errors', () => {
    const instructions = client.getInstructions()!;
    assert.ok(instructions.includes(`${setup.url}/openapi.json#/components/schemas/<title>`), instructions);
    assert.ok(instructions.includes(`${setup.url}/errors`));
    assert.ok(instructions.includes("_meta['service/price-micro-usd']"));
    assert.match(instructions, /5 free successful calls per UTC day/);
  });

  it('lists exactly the 13 tools and 9 skills by the specification names', async () => {
    const { tools: listed } = await client.listTools();
    assert.deepEqual(listed.map((tool) => tool.name).sort(), [...SPEC_TOOLS, ...SPEC_SKILLS].sort());
    for (const tool of listed) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema?.type, 'object');
    }
  });

  for (const op of tools) {
    const example = op.examples[0].body;
    describe(op.mcpTool!, () => {
      it('refuses an unknown argument with a tool error carrying invalid_input', async () => {
        const result = await client.callTool({ name: op.mcpTool!, arguments: { ...example, surprise_field: true } });
        assert.equal(result.isError, true);
        assertValid('Problem', result.structuredContent);
        assert.equal((result.structuredContent as any).code, 'invalid_input');
        assert.deepEqual(JSON.parse((result.content as any)[0].text), result.structuredContent);
      });
      if (!handlers[op.operationId])
        it('answers valid arguments with engine_unavailable while the engine is missing', async () => {
          const result = await client.callTool({ name: op.mcpTool!, arguments: example });
          assert.equal(result.isError, true);
          assert.equal((result.structuredContent as any).code, 'engine_unavailable');
        });
    });
  }

  it('gives field codes the same as HTTP', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['detect_website_tech_stack', { domain: 'http://example.com' }, 'invalid_domain'],
      ['get_company_open_jobs', { domain: 'example.com', diff_only: true }, 'diff_only_needs_known_job_ids'],
      ['get_company_open_jobs', { domain: 'example.com', known_job_ids: [''] }, 'invalid_known_job_ids'],
      ['url_to_clean_markdown', { url: 'ftp://example.com/' }, 'unsafe_or_invalid_target'],
      ['batch_lookup', {}, 'quote_required'],
      ['detect_website_tech_stack', {}, 'invalid_input'],
    ];
    for (const [name, args, code] of cases) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal((result.structuredContent as any).code, code, `${name} ${JSON.stringify(args)}`);
      const over = await call(setup.url, operations.find((op) => op.mcpTool === name)!.path, { body: args });
      assert.equal(over.body.code, code, 'HTTP agrees');
    }
  });

  it('refuses an unknown private tier given in _meta', async () => {
    const result = await client.callTool({
      name: 'private_blind_lookup',
      arguments: { tool: 'tech_stack', target: 'example.com' },
      _meta: { 'service/private-tier': 'gold' },
    });
    assert.equal((result.structuredContent as any).code, 'invalid_input');
  });

  it('answers an unknown tool with a JSON-RPC invalid params error (-32602)', async () => {
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (error: any) => {
      assert.equal(error.code, -32602);
      assert.match(error.message, /Unknown tool "no_such_tool"; tools\/list names the tools\.$/);
      return true;
    });
  });

  it('answers arguments that do not match the input schema with a tool result, not a JSON-RPC error (MCP: the model can correct them)', async () => {
    const result = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 5 } });
    assert.equal(result.isError, true);
    assertValid('Problem', result.structuredContent);
    assert.equal((result.structuredContent as any).code, 'invalid_domain');
  });

  it('refuses tool calls under an Authorization header with unsupported_payment', async () => {
    await withMcp(setup.url, { Authorization: 'Bearer token' }, async (withAuth) => {
      const result = await withAuth.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'example.com' } });
      assert.equal((result.structuredContent as any).code, 'unsupported_payment');
    });
  });

  it('answers HTTP mistakes on /mcp with problems: wrong type, GET', async () => {
    const type = await call(setup.url, '/mcp', { raw: '{}', headers: { 'content-type': 'text/plain' } });
    assert.equal(type.body.code, 'json_required');
    const get = await call(setup.url, '/mcp', { method: 'GET' });
    assert.equal(get.body.code, 'method_not_allowed');
  });
});

describe('malformed messages on /mcp: JSON-RPC errors with short messages (raw HTTP)', () => {
  const setup = startedService();

  const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  async function post(raw: string) {
    const answer = await call(setup.url, '/mcp', { raw, headers: MCP_HEADERS });
    assert.match(answer.headers.get('content-type')!, /^application\/json/, 'a JSON-RPC body, not a problem');
    assertValid('JsonRpcMessage', answer.body, raw);
    assert.equal(answer.body.result, undefined);
    assert.ok(!answer.body.error.message.includes('\n'), `one line: ${answer.body.error.message}`);
    assert.ok(answer.body.error.message.length <= 200, answer.body.error.message);
    assert.doesNotMatch(answer.body.error.message, /invalid_type|"path"|MCP error/, 'no validator dump');
    return answer;
  }
  const rpc = (method: string, params?: unknown, id: unknown = 7) =>
    JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });

  it('a body that is not JSON: -32700, id null, 400', async () => {
    // The last: a __proto__ key, which the body parser refuses (prototype poisoning), stays refused.
    for (const raw of ['{"jsonrpc":', '{bad json', '[{"jsonrpc":"2.0"', '', '{"jsonrpc":"2.0","id":1,"method":"tools/list","__proto__":{"x":1}}']) {
      const { status, body } = await post(raw);
      assert.equal(status, 400, raw);
      assert.deepEqual([body.id, body.error.code], [null, -32700], raw);
    }
  });

  it('JSON that is not one JSON-RPC message (a batch, a value, no jsonrpc, no method): -32600, 400', async () => {
    const cases: [string, unknown][] = [
      [`[${rpc('tools/list')}]`, null],
      ['[]', null],
      ['5', null],
      ['"tools/list"', null],
      ['null', null],
      [JSON.stringify({ foo: 1 }), null],
      [JSON.stringify({ jsonrpc: '1.0', id: 3, method: 'tools/list' }), 3],
      [JSON.stringify({ jsonrpc: '2.0', id: 4 }), 4],
      [JSON.stringify({ jsonrpc: '2.0', id: 4, method: 5 }), 4],
      [JSON.stringify({ jsonrpc: '2.0', id: { x: 1 }, method: 'tools/list' }), null],
      [JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized', params: 'x' }), null],
    ];
    for (const [raw, id] of cases) {
      const { status, body } = await post(raw);
      assert.equal(status, 400, raw);
      assert.deepEqual([body.id, body.error.code], [id, -32600], raw);
    }
    const batch = await post(`[${rpc('tools/list')}]`);
    assert.match(batch.body.error.message, /Batches are not supported/);
  });

  it('malformed params (not an object, no name, arguments not an object, an unknown tool): -32602 with the request id', async () => {
    const cases: [string, RegExp][] = [
      [rpc('tools/call', 'abc'), /^params of tools\/call must be an object\.$/],
      [rpc('tools/call', [1, 2]), /^params of tools\/call must be an object\.$/],
      [rpc('tools/call'), /^tools\/call needs params/],
      [rpc('tools/call', {}), /^params\.name must be the tool's name/],
      [rpc('tools/call', { name: 5 }), /^params\.name must be the tool's name/],
      [rpc('tools/call', { name: 'detect_website_tech_stack', arguments: 'x' }), /^params\.arguments must be an object/],
      [rpc('tools/call', { name: 'detect_website_tech_stack', arguments: {}, _meta: 'x' }), /^params\._meta must be an object/],
      [rpc('tools/call', { name: 'no_such_tool', arguments: {} }), /^Unknown tool "no_such_tool"; tools\/list names the tools\.$/],
      [rpc('tools/list', 'abc'), /^params of tools\/list must be an object\.$/],
      [rpc('tools/list', { cursor: 5 }), /^Invalid params of tools\/list: params\.cursor: /],
      [rpc('initialize', {}), /^Invalid params of initialize: params\.protocolVersion: /],
    ];
    for (const [raw, message] of cases) {
      const { status, body } = await post(raw);
      assert.equal(status, 200, raw);
      assert.deepEqual([body.id, body.error.code], [7, -32602], raw);
      assert.match(body.error.message, message, raw);
    }
  });

  it('a well-formed request still reaches the server: an unknown method is -32601', async () => {
    const { body } = await post(rpc('no/such/method', {}));
    assert.deepEqual([body.id, body.error.code], [7, -32601]);
  });
});

describe('every tool answer through the official client and the compact tool list', () => {
  const setup = startedService({ handlers: minimalHandlers, config: { trustedProxies: ['127.0.0.1'] } });

  tools.forEach((op, index) => {
    it(`${op.mcpTool}: the client accepts the result against the listed outputSchema; it matches the compact and the full schemas`, async () => {
      // A caller of its own per tool: each has its free calls, so every answer is the tool's result.
      await withMcp(setup.url, { 'X-Forwarded-For': `198.51.100.${index + 1}` }, async (client) => {
        const answer = await client.callTool({ name: op.mcpTool!, arguments: op.examples[0].body });
        assert.equal(answer.isError, undefined, JSON.stringify(answer.structuredContent));
        assertValid(op.resultSchema!, answer.structuredContent, op.mcpTool!);
        assertCompactValid(op, answer.structuredContent, { context: op.mcpTool! });
      });
    });
  });

  it('the listed outputSchemas still refuse what is not a result or an error answer (the client validator)', () => {
    const techStack = toolOutputValidator('detect_website_tech_stack');
    const result = minimalValue(openapiDocument.components.schemas.TechStackResult);
    assert.equal(techStack(result).valid, true);
    assert.equal(techStack({ domain: 'example.com', status: 'ok' }).valid, false, 'a result without its required fields');
    assert.equal(techStack({ ...result, status: 'charged' }).valid, false, 'a status outside the enum');
    assert.equal(techStack({ ...result, surprise: 1 }).valid, false, 'an unknown field');
    assert.equal(techStack({ code: 'engine_failed', hint: 'h' }).valid, false, 'a problem without its required members');
  });
});

describe('MCP results with a working handler', () => {
  let service: TestService;
  const result: Record<string, unknown> = minimalValue(openapiDocument.components.schemas.TechStackResult);
  before(async () => {
    assert.ok(validatorFor('TechStackResult')(result), 'the fixture result is contract-valid');
    service = await startService({ handlers: { techStack: async (input) => ({ ...result, domain: input.domain, status: 'ok' }) } });
  });
  after(() => service.close());

  it('returns structuredContent that the SDK client accepts against the outputSchema', async () => {
    await withMcp(service.url, {}, async (client) => {
      const answer = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'Example.com' } });
      assert.equal(answer.isError, undefined);
      assert.equal((answer.structuredContent as any).domain, 'example.com');
      assertValid('TechStackResult', answer.structuredContent);
    });
  });

  it('turns a handler result that breaks the contract into invalid_engine_result, over HTTP and MCP', async () => {
    const broken = await startService({ handlers: { techStack: async () => ({ domain: 'example.com', status: 'ok', surprise: 1 }) } });
    try {
      const http = await call(broken.url, '/v1/tech-stack', { body: { domain: 'example.com' } });
      assert.equal(http.status, 502);
      assert.equal(http.body.code, 'invalid_engine_result');
      const client = await connectMcp(broken.url);
      const answer = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'example.com' } });
      assert.equal((answer.structuredContent as any).code, 'invalid_engine_result');
      await client.close();
    } finally {
      await broken.close();
    }
  });

  it('turns a handler that throws into engine_failed, never a 500', async () => {
    const failing = await startService({
      handlers: {
        techStack: async () => {
          throw new TypeError('upstream exploded');
        },
      },
    });
    try {
      const http = await call(failing.url, '/v1/tech-stack', { body: { domain: 'example.com' } });
      assert.equal(http.status, 502);
      assert.equal(http.body.code, 'engine_failed');
      assert.ok(!http.text.includes('exploded'), 'internal messages are not leaked');
    } finally {
      await failing.close();
    }
  });

  it('logs an unexpected error (not a ServiceError) once with its stack, over HTTP and MCP alike', async () => {
    const entries: Record<string, unknown>[] = [];
    const store = await openStore({ sqlitePath: ':memory:' });
    // Fails inside the call's metering, after the usage headers were read: a defect, not a handler's failure.
    const broken: Store = {
      ...store,
      requests: {
        ...store.requests,
        begin: async () => {
          throw new TypeError('request rows exploded');
        },
      },
    };
    const failing = await startService({ store: broken, log: (entry) => void entries.push(entry) });
    const unexpected = () => entries.filter((entry) => entry.msg === 'unexpected error');
    try {
      const http = await call(failing.url, '/v1/tech-stack', { body: { domain: 'example.com' } });
      assert.equal(http.body.code, 'engine_failed');
      assert.equal(unexpected().length, 1, 'logged over HTTP');
      const client = await connectMcp(failing.url);
      const answer = await client.callTool({ name: 'detect_website_tech_stack', arguments: { domain: 'example.com' } });
      await client.close();
      assert.equal((answer.structuredContent as any).code, 'engine_failed');
      assert.ok(!JSON.stringify(answer).includes('exploded'), 'internal messages are not leaked');
      assert.equal(unexpected().length, 2, 'logged over MCP');
      const [overHttp, overMcp] = unexpected();
      for (const [entry, path] of [
        [overHttp, '/v1/tech-stack'],
        [overMcp, '/mcp'],
      ] as const) {
        assert.equal(entry.level, 'error');
        assert.equal(entry.path, path);
        assert.equal(typeof entry.requestId, 'string');
        assert.match(String(entry.error), /TypeError: request rows exploded\n\s+at /);
      }
      assert.notEqual(overHttp.requestId, overMcp.requestId);
    } finally {
      await failing.close();
      await store.close();
    }
  });
});
