import { createServer } from 'node:http';
import { loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { openStore } from './store/index.ts';

const config = loadConfig();
const log = (entry: Record<string, unknown>) => {
  if (config.logLevel === 'silent') return;
  if (entry.level !== 'error' && config.logLevel === 'error') return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
};

const store = await openStore({ databaseUrl: config.databaseUrl ?? undefined, sqlitePath: config.sqlitePath });
const app = await createApp({ config, store, log });
const server = createServer(app.callback());
server.listen(config.port, config.host, () => {
  log({ level: 'info', msg: 'listening', url: `http://localhost:${config.port}`, store: store.kind });
});

async function shutdown(signal: string) {
  log({ level: 'info', msg: 'shutting down', signal });
  server.close(async () => {
    await store.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
