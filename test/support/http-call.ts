/**
 * `call` (test/support/contract.ts) over node:http with one keep-alive agent instead of fetch:
 * same options, same result, and the answer is checked against the spec by the same
 * assertMatchesSpec. For tests that make many thousand calls: in this repository's fuzz test
 * fetch (undici) cost about twice the client CPU of node:http per call.
 */
import http from 'node:http';
import { assertMatchesSpec, type CallResult } from './contract.ts';

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export function httpCall(
  base: string,
  path: string,
  { method = 'POST', body, raw, headers = {} }: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const payload = raw !== undefined ? Buffer.from(raw, 'utf8') : body !== undefined ? Buffer.from(JSON.stringify(body), 'utf8') : null;
  const sent: Record<string, string | number> = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers };
  if (payload) sent['content-length'] = payload.length;
  return new Promise((resolve, reject) => {
    const request = http.request(base + path, { method, agent, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          const type = answerHeaders.get('content-type') ?? '';
          const result: CallResult = {
            status: response.statusCode!,
            headers: answerHeaders,
            body: type.includes('json') && text ? JSON.parse(text) : text,
            text,
          };
          assertMatchesSpec(method, path, result);
          resolve(result);
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}

/** Closes the idle keep-alive sockets (call it when the service is about to close). */
export function closeHttpCalls() {
  agent.destroy();
}

/** A raw request (fetch would decompress on its own): status, headers and the bytes as sent. */
export function rawRequest(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

/** A raw GET: status, headers and the bytes as sent. */
export const rawGet = (url: string, headers: Record<string, string> = {}) => rawRequest(url, { headers });
