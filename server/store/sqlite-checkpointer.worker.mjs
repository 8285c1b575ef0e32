// The worker of server/store/sqlite-checkpointer.ts (plain JavaScript: it runs unbundled, beside
// the source or the bundle alike). Its own connection runs a PASSIVE checkpoint on an interval.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const { path, intervalMs, busyTimeoutMs, driver } = workerData;
const Database = createRequire(import.meta.url)(driver);
const db = new Database(path, { fileMustExist: true });
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
// A checkpoint syncs the log and the database file as the service's connection would.
db.pragma('synchronous = NORMAL');

const timer = setInterval(function checkpoint() {
  db.pragma('wal_checkpoint(PASSIVE)');
}, intervalMs);

parentPort.on('message', function stop(message) {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
