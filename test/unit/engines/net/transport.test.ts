import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSocketTransport, type Transport, type TransportRequest } from '../../../../engines/net/transport.ts';

/**
 * A kept connection the server closes as the next request goes out: a server that answers the
 * first request of each connection (keep-alive) and drops the connection when a second request
 * arrives on it, before any answer.
 */
describe('the transport, on a kept connection the server closes under the next request', () => {
  let server: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  const perSocket = new WeakMap<Socket, number>();
  let connections = 0;
  let answered = 0;

  before(async () => {
    server = createServer((req, res) => {
      const socket = req.socket;
      if (!sockets.has(socket)) {
        connections += 1;
        sockets.add(socket);
        socket.on('error', () => {});
      }
      const served = (perSocket.get(socket) ?? 0) + 1;
      perSocket.set(socket, served);
      req.resume();
      req.on('end', () => {
        if (served > 1) return void socket.destroy();
        answered += 1;
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const request = (extra: Partial<TransportRequest>): TransportRequest => ({
    origin: 'http://kept.example',
    addresses: ['127.0.0.1'],
    path: '/',
    method: 'GET',
    headers: {},
    repeatable: true,
    timeoutMs: 5_000,
    maxBodyBytes: 1024,
    ...extra,
  });
  const fresh = (): Transport => createSocketTransport({ portMap: { 80: port }, keepAliveMs: 60_000 });
  /** A moment for the answered connection to be free again (a request sent at once is given a connection of its own). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('sends a repeatable request (GET, or a POST that only reads) once more, on a new connection', async () => {
    for (const extra of [{}, { method: 'POST' as const, body: 'q=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }]) {
      const transport = fresh();
      const before = { connections, answered };
      assert.equal((await transport(request(extra), new AbortController().signal)).status, 200);
      await settle();
      const second = await transport(request(extra), new AbortController().signal);
      assert.equal(Buffer.from(second.body).toString(), 'ok');
      assert.deepEqual({ connections: connections - before.connections, answered: answered - before.answered }, { connections: 2, answered: 2 });
    }
  });

  it("does not send a POST that is not known to only read again: the failure is the caller's", async () => {
    const transport = fresh();
    const post = request({ method: 'POST', body: 'order=1', repeatable: false });
    assert.equal((await transport(post, new AbortController().signal)).status, 200);
    await settle();
    const error = await transport(post, new AbortController().signal).catch((caught: unknown) => caught);
    assert.equal((error as { code?: string }).code, 'UND_ERR_SOCKET');
  });
});
