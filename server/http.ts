/**
 * The HTTP server around the Koa app, with the limits that keep slow or stalled clients from
 * holding connections: a client must send its headers within headersTimeoutMs and its whole
 * request within requestTimeoutMs (Node answers 408 and closes), idle keep-alive sockets close
 * after keepAliveTimeoutMs. Used by server/main.ts and by the tests.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { SERVER_DEFAULTS } from './config.ts';

export interface HttpLimits {
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
}

export function createHttpServer(
  listener: RequestListener,
  {
    headersTimeoutMs = SERVER_DEFAULTS.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs = SERVER_DEFAULTS.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs = SERVER_DEFAULTS.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  }: HttpLimits = {},
): Server {
  const server = createServer(
    // Node checks the header and request timeouts on this interval (default 30 s).
    {
      connectionsCheckingInterval: Math.max(250, Math.min(1_000, Math.floor(headersTimeoutMs / 2))),
      headersTimeout: headersTimeoutMs,
      requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
      keepAliveTimeout: keepAliveTimeoutMs,
    },
    listener,
  );
  return server;
}
