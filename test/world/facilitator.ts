/**
 * A remote x402 facilitator for the world: the HTTP API the official HTTPFacilitatorClient speaks
 * (POST /verify, POST /settle, GET /supported) on loopback, backed by an in-process facilitator on
 * the local chain, keeping every request it receives so a test can read exactly what left the service.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Facilitator } from '../../server/payments/facilitator.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FacilitatorServer {
  url: string;
  received: ReceivedRequest[];
  stop(): Promise<void>;
}

export async function startFacilitatorServer({
  facilitator,
  network = 'eip155:8453',
}: {
  facilitator: Facilitator;
  network?: string;
}): Promise<FacilitatorServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    function reply(status: number, value: unknown) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    }
    try {
      if (req.method === 'GET' && req.url === '/supported')
        return reply(200, { kinds: [{ x402Version: 2, scheme: 'exact', network }], extensions: [], signers: {} });
      if (req.method === 'POST' && (req.url === '/verify' || req.url === '/settle')) {
        const { paymentPayload, paymentRequirements } = JSON.parse(body);
        const answer =
          req.url === '/verify' ? await facilitator.verify(paymentPayload, paymentRequirements) : await facilitator.settle(paymentPayload, paymentRequirements);
        return reply(200, answer);
      }
      reply(404, { error: 'not found' });
    } catch (error) {
      reply(500, { error: String((error as Error).message ?? error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
