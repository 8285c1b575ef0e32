/**
 * npm start: one instance of the service. SIGTERM or SIGINT drains it (server/lifecycle.ts):
 * stop accepting, finish running calls, never settle without answering, end the parse pool's
 * threads, the net thread and the browsers, close the store, exit.
 */
import { randomBytes } from 'node:crypto';
import { loadConfigOrExit } from './config.ts';
import { createApp } from './app.ts';
import { createHttpServer } from './http.ts';
import { createLifecycle } from './lifecycle.ts';
import { createLogger } from './observability/log.ts';
import { openStore } from './store/index.ts';
import { createHousekeeping } from './store/housekeeping.ts';
import { createParsePool } from './parse-pool/pool.ts';
import { createNetThread } from './net-thread/thread.ts';
import { transportOptionsOf } from '../engines/net/index.ts';
import { createRenderer } from './render/renderer.ts';

const config = loadConfigOrExit();
const { logger, log } = createLogger({ level: config.logLevel, base: { instance: randomBytes(4).toString('hex') } });

const store = await openStore({ databaseUrl: config.databaseUrl ?? undefined, sqlitePath: config.sqlitePath });
const lifecycle = createLifecycle({ graceMs: config.shutdown.graceMs, settleWindowMs: config.shutdown.settleWindowMs });
const parsePool = createParsePool(config.parse);
parsePool.start();
const netThread = createNetThread(transportOptionsOf(config.net));
netThread.start();
const renderer = createRenderer(config.render, { log });
// Probed at start, so the log says at once whether this instance renders (rendering off leaves everything else as it is).
void renderer.availability().then((answer) => answer.available && log({ level: 'info', msg: 'rendering is on', browsers: config.render.browsers }));
const app = await createApp({ config, store, log, lifecycle, parsePool, netThread, renderer });
const housekeeping = createHousekeeping({ store, intervalMs: config.housekeepingIntervalMs, staleAfterMs: config.requestStaleAfterMs, log });
housekeeping.start();
const server = createHttpServer(app.callback(), config.http);
server.listen(config.port, config.host, () => {
  log({ level: 'info', msg: 'listening', url: `http://localhost:${config.port}`, store: store.kind });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log({ level: 'info', msg: 'draining', signal, graceMs: config.shutdown.graceMs });
  server.close();
  server.closeIdleConnections();
  const report = await lifecycle.drain();
  server.closeAllConnections();
  await parsePool.close();
  await netThread.close();
  await renderer.close();
  await housekeeping.stop();
  await store.close().catch((error) => log({ level: 'error', msg: 'closing the store failed', error: String(error) }));
  const clean = report.abandoned === 0 && report.unsettled === 0;
  log({ level: clean ? 'info' : 'warn', msg: 'stopped', ...report });
  logger.flush();
  process.exitCode = clean ? 0 : 1;
  // Whatever still holds the event loop (timers of abandoned calls) must not keep a stopped instance alive.
  setTimeout(() => process.exit(), 200).unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
