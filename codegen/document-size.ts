/**
 * The documents an agent reads before its first call, measured as the service serves them: compact
 * JSON with {base_url} replaced, the MCP tool list as the JSON-RPC answer to tools/list. npm run gen
 * prints these figures; test/contract/documents.test.ts holds each to SERVED_LIMIT_BYTES and checks
 * that the served bodies have exactly these sizes.
 */
export const SERVED_LIMIT_BYTES = 65_536;

/** tools/list is read into an agent's context on every connection: it has a tighter budget. */
export const TOOL_LIST_LIMIT_BYTES = 49_152;

/** A base URL of plausible length for the figures (the real one is the deployment's). */
export const MEASURE_BASE_URL = 'https://company-intelligence.example.com';

export type AgentDocument = 'catalog' | 'agentCard' | 'mcpTools';

/** The body served for a document: the tool list is wrapped as the answer to tools/list with this id. */
export function servedBody(name: AgentDocument, value: unknown, base = MEASURE_BASE_URL, rpcId = 1): string {
  const body = name === 'mcpTools' ? { result: { tools: value }, jsonrpc: '2.0', id: rpcId } : value;
  return JSON.stringify(body).replaceAll('{base_url}', base);
}

export const servedBytes = (name: AgentDocument, value: unknown, base = MEASURE_BASE_URL, rpcId = 1) => Buffer.byteLength(servedBody(name, value, base, rpcId));

/** One line per document for npm run gen: its served size against the limit. */
export function sizeReport(documents: Record<AgentDocument, unknown>): string[] {
  return (Object.entries(documents) as [AgentDocument, unknown][]).map(([name, value]) => {
    const bytes = servedBytes(name, value);
    const limit = name === 'mcpTools' ? TOOL_LIST_LIMIT_BYTES : SERVED_LIMIT_BYTES;
    return `${name} ${bytes.toLocaleString('en-US')} bytes (${((100 * bytes) / limit).toFixed(0)}% of ${limit.toLocaleString('en-US')})${bytes > limit ? ' OVER THE LIMIT' : ''}`;
  });
}
