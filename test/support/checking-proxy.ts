/**
 * A loopback proxy in front of the service for clients that read answers themselves (a generated
 * SDK, a Java program): it forwards each request as it came, checks the answer against the spec
 * with assertMatchesSpec and keeps what did not match, so the test can still hold every answer to
 * the spec. The service sees the proxy's own requests (same loopback caller, its own Host).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertMatchesSpec } from './contract.ts';

export interface CheckingProxy {
  url: string;
  /** How many answers were checked. */
  checked: () => number;
  /** `METHOD path: message` of every answer that did not match the spec. */
  failures: string[];
  close: () => Promise<void>;
}

// Hop-by-hop and framing headers (RFC 9110 7.6.1), and Java's HttpClient's h2c upgrade offer, which fetch refuses.
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'content-length',
  'content-encoding',
]);

export async function startCheckingProxy(target: string): Promise<CheckingProxy> {
  const failures: string[] = [];
  let checked = 0;
  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        HOP_BY_HOP.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
      );
      const method = req.method ?? 'GET';
      const response = await fetch(target + req.url, { method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      const path = new URL(req.url ?? '/', target).pathname;
      try {
        assertMatchesSpec(method, path, {
          status: response.status,
          headers: response.headers,
          body: type.includes('json') && text ? JSON.parse(text) : text,
          text,
        });
      } catch (error) {
        failures.push(`${method} ${path}: ${(error as Error).message}`);
      }
      checked++;
      res.writeHead(response.status, [...response.headers].filter(([name]) => !HOP_BY_HOP.has(name)).flat());
      res.end(text);
    } catch (error) {
      failures.push(`${req.method} ${req.url}: the proxy failed: ${(error as Error).message}`);
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    checked: () => checked,
    failures,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
