import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import type { Server } from 'node:http';
import { createHttpServer } from '../../server/http.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openStore } from '../../server/store/index.ts';
import type { Store } from '../../server/store/types.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';
import type { Facilitator } from '../../server/payments/facilitator.ts';
import type { Lifecycle } from '../../server/lifecycle.ts';
import type { LogFn } from '../../server/observability/log.ts';
import { createParsePool, type ParsePool } from '../../server/parse-pool/pool.ts';
import { createNetThread } from '../../server/net-thread/thread.ts';
import { transportOptionsOf } from '../../engines/net/index.ts';
import { createRenderer, type Renderer } from '../../server/render/renderer.ts';

export interface StartServiceOptions {
  handlers?: HandlerRegistry;
  config?: Partial<Config>;
  /** A clock the test controls. */
  now?: () => Date;
  /** Replaces the facilitator chosen by configuration. */
  facilitator?: Facilitator | null;
  /** Share a store (e.g. two instances on one PostgreSQL); the test closes it. */
  store?: Store;
  /** The instance's shutdown state, for tests that drain it. */
  lifecycle?: Lifecycle;
  /** Receives the log entries (default: none). */
  log?: LogFn;
  /** The instance's parse pool (default: one from the config, closed with the service). */
  parsePool?: ParsePool;
  /** The instance's browsers (default: one from the config, closed with the service); a test file shares one across its services. */
  renderer?: Renderer;
}

export interface TestService {
  url: string;
  store: Store;
  server: Server;
  parsePool: ParsePool;
  close: () => Promise<void>;
}

/**
 * Without a world, engines get a resolver on a closed loopback port: every name fails fast and
 * nothing leaves the machine. Tests that need the web start test/world and pass its net config.
 */
export const OFFLINE_ENV = { NET_DNS_SERVERS: '127.0.0.1:9', NET_DNS_TIMEOUT_MS: '300' };

/** The real app on an ephemeral loopback port with a fresh SQLite file (or the given store). */
export async function startService({
  handlers,
  config = {},
  now,
  facilitator,
  store: shared,
  lifecycle,
  log,
  parsePool: givenPool,
  renderer: givenRenderer,
}: StartServiceOptions = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const store = shared ?? (await openStore({ sqlitePath: join(dir, 'service.sqlite') }));
  const merged = { ...loadConfig(OFFLINE_ENV), logLevel: 'silent' as const, ...config };
  const parsePool = givenPool ?? createParsePool(merged.parse);
  const netThread = createNetThread(transportOptionsOf(merged.net));
  const renderer = givenRenderer ?? createRenderer(merged.render, { log });
  const app = await createApp({ config: merged, store, handlers, now, facilitator, lifecycle, log, parsePool, netThread, renderer });
  const server = createHttpServer(app.callback(), merged.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    server,
    parsePool,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!givenPool) await parsePool.close();
      await netThread.close();
      if (!givenRenderer) await renderer.close();
      if (!shared) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Drops a test's PostgreSQL schema (the one its openStore({ pgSchema }) created), with all in it. */
export async function dropSchema(databaseUrl: string | undefined, schema: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}
