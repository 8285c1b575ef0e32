// The offline world's web: one HTTP and one HTTPS server on 127.0.0.1 (free ports) serving virtual
// hosts by the Host header. HTTPS certificates are signed on demand (SNI) by a CA made at start.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { extname } from 'node:path';
import { createSecureContext, type SecureContext } from 'node:tls';
import { createCertificateAuthority } from './ca.ts';

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
export type SiteFile = string | Buffer | { body: string | Buffer; status?: number; headers?: Record<string, string | string[]> };
/** A handler, or static files by path ('/' included; the query string is ignored). */
export type Site = SiteHandler | { files: Record<string, SiteFile> };

export interface SiteRequest {
  scheme: 'http' | 'https';
  host: string;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The address the client connected to (which server socket answered). */
  localAddress: string;
}

export interface WorldSites {
  httpPort: number;
  httpsPort: number;
  /** The world CA: trust anchor for NET_CA_FILE. */
  caPem: string;
  /** Serves `name` (exact, or `*.example.com` for every subdomain) on both servers. */
  host(name: string, site: Site): void;
  removeHost(name: string): void;
  /** Every answer of host `name` (exact) waits `ms` first; 0 removes the wait. */
  setLatency(name: string, ms: number): void;
  /** Every request received, in order. */
  requests: SiteRequest[];
  /** TCP connections accepted so far. */
  connections: { http: number; https: number };
  httpServer: Server;
  httpsServer: Server;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '': 'text/html; charset=utf-8',
};

const hostKey = (name: string) => name.toLowerCase().replace(/\.$/, '');

export async function startSites({ sites = {} as Record<string, Site> } = {}): Promise<WorldSites> {
  const hosts = new Map<string, Site>(Object.entries(sites).map(([name, site]) => [hostKey(name), site]));
  const requests: SiteRequest[] = [];
  const latency = new Map<string, number>();
  const connections = { http: 0, https: 0 };
  const ca = createCertificateAuthority();

  function siteFor(host: string): Site | undefined {
    const exact = hosts.get(host);
    if (exact) return exact;
    const labels = host.split('.');
    for (let index = 1; index < labels.length - 1; index++) {
      const wildcard = hosts.get(`*.${labels.slice(index).join('.')}`);
      if (wildcard) return wildcard;
    }
    return undefined;
  }

  function serveFiles(files: Record<string, SiteFile>, req: IncomingMessage, res: ServerResponse) {
    const path = decodeURI(new URL(req.url ?? '/', 'http://world').pathname);
    const file = files[path];
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const { body, status = 200, headers = {} } = typeof file === 'string' || Buffer.isBuffer(file) ? { body: file } : file;
    res.writeHead(status, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function listener(scheme: 'http' | 'https') {
    return async function serve(req: IncomingMessage, res: ServerResponse) {
      const host = hostKey((req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1'));
      requests.push({ scheme, host, method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, localAddress: req.socket.localAddress ?? '' });
      const site = siteFor(host);
      const wait = latency.get(host);
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        if (!site) res.writeHead(404, { 'content-type': 'text/plain' }).end(`no site ${host} in the world`);
        else if (typeof site === 'function') await site(req, res);
        else serveFiles(site.files, req, res);
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      }
    };
  }

  const contexts = new Map<string, SecureContext>();
  function contextFor(servername: string): SecureContext {
    let name = hostKey(servername);
    // every name under a `*.parent` site shares the parent's wildcard certificate (one
    // signature for a thousand hosts instead of one each)
    const parent = name.slice(name.indexOf('.') + 1);
    if (hosts.has(`*.${parent}`)) name = parent;
    let context = contexts.get(name);
    if (!context) {
      const { certPem, keyPem } = ca.issue({ names: [name, `*.${name}`] });
      contexts.set(name, (context = createSecureContext({ cert: certPem, key: keyPem })));
    }
    return context;
  }

  // Clients that send no SNI (IP-literal URLs) get a certificate for the loopback addresses.
  const fallback = ca.issue({ names: ['localhost'], ips: ['127.0.0.1', '::1'] });
  const httpServer = createHttpServer(listener('http'));
  const httpsServer = createHttpsServer(
    {
      cert: fallback.certPem,
      key: fallback.keyPem,
      SNICallback: (servername, done) => {
        try {
          done(null, contextFor(servername));
        } catch (error) {
          done(error as Error);
        }
      },
    },
    listener('https'),
  );
  httpServer.on('connection', () => void connections.http++);
  httpsServer.on('connection', () => void connections.https++);
  // Servers that hold a connection open on purpose (drip, never answer) must not delay stop().
  const sockets = new Set<Socket>();
  for (const server of [httpServer, httpsServer]) {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
  }

  const listen = (server: Server) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const [httpPort, httpsPort] = await Promise.all([listen(httpServer), listen(httpsServer)]);

  return {
    httpPort,
    httpsPort,
    caPem: ca.certPem,
    host: (name, site) => void hosts.set(hostKey(name), site),
    removeHost: (name) => void hosts.delete(hostKey(name)),
    setLatency: (name, ms) => void (ms > 0 ? latency.set(hostKey(name), ms) : latency.delete(hostKey(name))),
    requests,
    connections,
    httpServer,
    httpsServer,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([httpServer, httpsServer].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
