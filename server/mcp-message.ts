/**
 * What POST /mcp refuses before the MCP SDK sees the message: the SDK answers a message it cannot
 * read as -32700 "Parse error" (even when the JSON was fine) and params its schemas reject as
 * -32603 with the validator's issues as a multi-line dump. Here a body that is not one JSON-RPC
 * message is -32600 (id null unless the message has a usable one), and a request whose params
 * are malformed -32602 with one short sentence. Tool arguments that fail the tool's input schema
 * are not refused here: MCP wants those as a tool result with isError, which invoke answers.
 */
import { CallToolRequestSchema, InitializeRequestSchema, ListToolsRequestSchema, PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { operationByTool } from './contract.ts';
import { RPC_ERROR, type RpcId, type RpcRefusal } from './pipeline/json-rpc.ts';

type Json = Record<string, unknown>;
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** MCP request ids are strings or integers (never null). */
const isRequestId = (value: unknown): value is string | number => typeof value === 'string' || Number.isSafeInteger(value);

/** The SDK's own schemas of the requests this server answers, for what the checks below do not name. */
const REQUEST_SCHEMAS: Record<string, Schema> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
};

const invalidRequest = (id: RpcId, message: string): RpcRefusal => ({ id, code: RPC_ERROR.invalidRequest, message, status: 400 });
const invalidParams = (id: RpcId, message: string): RpcRefusal => ({ id, code: RPC_ERROR.invalidParams, message, status: 200 });

/** The refusal of a body, or null when the SDK may handle it. */
export function mcpMessageRefusal(body: unknown): RpcRefusal | null {
  if (Array.isArray(body)) return invalidRequest(null, 'Batches are not supported: send one JSON-RPC message per request.');
  if (!isObject(body)) return invalidRequest(null, 'The body must be one JSON-RPC 2.0 message, an object.');
  const id = isRequestId(body.id) ? body.id : null;
  if (body.jsonrpc !== '2.0') return invalidRequest(id, 'jsonrpc must be "2.0".');
  if ('id' in body && !isRequestId(body.id)) return invalidRequest(null, 'id must be a string or an integer.');
  // A response to a request of the server: the transport accepts it.
  if (!('method' in body) && 'id' in body && ('result' in body || 'error' in body)) return null;
  if (typeof body.method !== 'string' || !body.method) return invalidRequest(id, 'method must be a non-empty string.');
  if (!('id' in body)) {
    return body.params === undefined || isObject(body.params) ? null : invalidRequest(null, 'params must be an object.');
  }
  if (body.params !== undefined && !isObject(body.params)) return invalidParams(id, `params of ${body.method.slice(0, 64)} must be an object.`);
  if (body.method === 'tools/call') {
    const refused = toolCallParamsRefusal(body.params);
    if (refused) return invalidParams(id, refused);
  }
  const schema = REQUEST_SCHEMAS[body.method];
  const parsed = schema?.safeParse(body);
  if (parsed && !parsed.success) return invalidParams(id, `Invalid params of ${body.method}: ${firstIssue(parsed.error!.issues)}.`);
  return null;
}

function toolCallParamsRefusal(params: Json | undefined): string | null {
  if (!params) return "tools/call needs params: an object with the tool's name and its arguments.";
  if (typeof params.name !== 'string' || !params.name) return "params.name must be the tool's name, a string (tools/list names the tools).";
  if (params.arguments !== undefined && !isObject(params.arguments)) return "params.arguments must be an object: the tool's input.";
  if (params._meta !== undefined && !isObject(params._meta)) return 'params._meta must be an object.';
  if (!operationByTool(params.name)) return unknownToolMessage(params.name);
  return null;
}

export const unknownToolMessage = (name: string) => `Unknown tool ${JSON.stringify(name.slice(0, 100))}; tools/list names the tools.`;

function firstIssue(issues: { path: PropertyKey[]; message: string }[]): string {
  const [issue] = issues;
  if (!issue) return 'they do not match the method';
  const where = issue.path.map(String).join('.');
  return `${where ? `${where}: ` : ''}${issue.message.split('\n')[0].slice(0, 160)}`;
}
