// The offline world's DNS: a real authoritative-style server on 127.0.0.1 (UDP and TCP on the
// same free port, dns2) answering from a zone map that tests change at run time.
import { Socket } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  MX?: { exchange: string; priority: number }[];
  /** One entry per TXT record, as its character-strings (each at most 255 bytes). */
  TXT?: string[][];
  /** The name is an alias: queries for other types answer the CNAME and the target's records. */
  CNAME?: string;
  /** Never answer queries for this name (the resolver times out). */
  timeout?: true;
}

/** Records, or a function asked on every query (e.g. DNS rebinding: a different answer each time). */
export type ZoneEntry = ZoneRecords | ((query: { type: QueryType; count: number }) => ZoneRecords);
export type Zone = Record<string, ZoneEntry>;
export type QueryType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'CNAME' | 'OTHER';

export interface WorldDns {
  /** `127.0.0.1:<port>`, the value for NET_DNS_SERVERS. */
  server: string;
  port: number;
  setRecords(name: string, entry: ZoneEntry): void;
  deleteRecords(name: string): void;
  /** Every question received, in order (names lower case, no trailing dot). */
  queries: { name: string; type: QueryType; transport: 'udp' | 'tcp' }[];
  stop(): Promise<void>;
}

const TYPE_NAMES = new Map<number, QueryType>([
  [Packet.TYPE.A, 'A'],
  [Packet.TYPE.AAAA, 'AAAA'],
  [Packet.TYPE.MX, 'MX'],
  [Packet.TYPE.TXT, 'TXT'],
  [Packet.TYPE.CNAME, 'CNAME'],
]);
const RCODE_NXDOMAIN = 3;
const TTL = 60;
const MAX_CNAME_CHAIN = 8;

const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

export async function startDns({ zone = {} as Zone } = {}): Promise<WorldDns> {
  const entries = new Map<string, ZoneEntry>(Object.entries(zone).map(([name, entry]) => [key(name), entry]));
  const queries: WorldDns['queries'] = [];
  const counts = new Map<string, number>();

  function recordsOf(name: string, type: QueryType): ZoneRecords | undefined {
    const entry = entries.get(name);
    if (typeof entry !== 'function') return entry;
    const countKey = `${name}/${type}`;
    const count = (counts.get(countKey) ?? 0) + 1;
    counts.set(countKey, count);
    return entry({ type, count });
  }

  function resourcesOf(name: string, type: QueryType, records: ZoneRecords): object[] {
    const base = { name, class: Packet.CLASS.IN, ttl: TTL };
    switch (type) {
      case 'A':
        return (records.A ?? []).map((address) => ({ ...base, type: Packet.TYPE.A, address }));
      case 'AAAA':
        return (records.AAAA ?? []).map((address) => ({ ...base, type: Packet.TYPE.AAAA, address }));
      case 'MX':
        return (records.MX ?? []).map(({ exchange, priority }) => ({ ...base, type: Packet.TYPE.MX, exchange, priority }));
      case 'TXT':
        return (records.TXT ?? []).map((data) => ({ ...base, type: Packet.TYPE.TXT, data }));
      default:
        return [];
    }
  }

  /** Answers for one question, following CNAMEs inside the zone like a recursive resolver would. */
  function answer(request: dns2.Packet, transport: 'udp' | 'tcp'): dns2.Packet | null {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (!question) return response;
    const type = TYPE_NAMES.get(question.type) ?? 'OTHER';
    let name = key(question.name);
    queries.push({ name, type, transport });
    for (let hop = 0; hop < MAX_CNAME_CHAIN; hop++) {
      const records = recordsOf(name, type);
      if (records?.timeout) return null;
      if (!records) {
        if (hop === 0) response.header.rcode = RCODE_NXDOMAIN;
        return response;
      }
      if (records.CNAME) {
        response.answers.push({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: TTL, domain: key(records.CNAME) } as dns2.Packet.Resource);
        if (type === 'CNAME') return response;
        name = key(records.CNAME);
        continue;
      }
      response.answers.push(...(resourcesOf(name, type, records) as dns2.Packet.Resource[]));
      return response;
    }
    return response;
  }

  function handle(request: dns2.Packet, send: (response: dns2.Packet) => unknown, client: unknown) {
    const response = answer(request, client instanceof Socket ? 'tcp' : 'udp');
    if (response) send(response);
  }

  const { udp, tcp, port } = await listenOnSharedPort(handle as dns2.DnsHandler);
  // The TCP side keeps idle connections 10 s; stop() must not wait for them.
  const sockets = new Set<Socket>();
  tcp.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  return {
    server: `127.0.0.1:${port}`,
    port,
    setRecords: (name, entry) => void entries.set(key(name), entry),
    deleteRecords: (name) => void entries.delete(key(name)),
    queries,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => udp.close(() => resolve())), new Promise<void>((resolve) => tcp.close(() => resolve()))]);
    },
  };
}

/** UDP on a free port, then TCP on the same number (new sockets and another port if that one is taken). */
async function listenOnSharedPort(handle: dns2.DnsHandler): Promise<{ udp: dns2.UDPServer; tcp: dns2.TCPServer; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const udp = dns2.createUDPServer(handle);
    const tcp = dns2.createTCPServer(handle);
    udp.on('requestError', () => {});
    tcp.on('requestError', () => {});
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(0, '127.0.0.1', () => {
        udp.off('error', reject);
        resolve();
      });
    });
    const { port } = udp.address();
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      return { udp, tcp, port };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (attempt >= 20) throw error;
    }
  }
}
