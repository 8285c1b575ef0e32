/** The official MCP client on a service's /mcp, as an agent connects to it. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * A connected client sending `headers` (e.g. the caller's X-Forwarded-For) with every request;
 * `errors` collects what the client reports beside its answers, from before it connects.
 */
export async function connectMcp(url: string, headers: Record<string, string> = {}, { errors }: { errors?: Error[] } = {}): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  if (errors) client.onerror = (error) => errors.push(error);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

/** Runs `use` with a connected client and closes it after, whatever `use` does. */
export async function withMcp<T>(url: string, headers: Record<string, string>, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectMcp(url, headers);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
