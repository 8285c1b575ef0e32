import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { startCheckpointer } from '../../../../server/store/sqlite-checkpointer.ts';

const dir = mkdtempSync(join(tmpdir(), 'checkpointer-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function openWal(name: string) {
  const path = join(dir, name);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
  return { db, path, walBytes: () => statSync(`${path}-wal`).size };
}

/** About 3,000 pages of commits, each its own transaction (as the service's decisions are). */
function writeMany(db: Database.Database) {
  const insert = db.prepare('INSERT INTO pages (body) VALUES (?)');
  for (let i = 0; i < 1500; i++) insert.run(Buffer.alloc(6000, i % 251));
}

/** The checkpoint sequence number in the log's header (bytes 12–15), which changes when the log starts again. */
function checkpointSequence(path: string): number {
  const header = Buffer.alloc(16);
  const fd = openSync(`${path}-wal`, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(12);
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('SQLite checkpoints in a worker thread', () => {
  it('turns the automatic checkpoint off, and the worker checkpoints so the log starts again from its beginning', async () => {
    const { db, path, walBytes } = openWal('worker.sqlite');
    const checkpointer = startCheckpointer(db, { path, intervalMs: 20, startAtWalBytes: 0 });
    try {
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 0);
      writeMany(db);
      const afterFirst = walBytes();
      assert.ok(afterFirst > 1000 * 4096, `the log holds the first writes (${afterFirst} bytes)`);
      // Once the worker has copied every page back, the next write starts the log again: its
      // header gets a new checkpoint sequence number.
      const sequence = checkpointSequence(path);
      const one = db.prepare('INSERT INTO pages (body) VALUES (?)');
      await until(() => (one.run(Buffer.alloc(10)), checkpointSequence(path) !== sequence), 'the log to start again');
      writeMany(db);
      assert.ok(walBytes() < afterFirst * 1.2, `the log was reused (${walBytes()} bytes after the second writes, ${afterFirst} after the first)`);
      assert.equal(checkpointer.running, true);
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });

  it('without it, the same writes with the automatic checkpoint off double the log (what the worker prevents)', () => {
    const { db, walBytes } = openWal('none.sqlite');
    try {
      db.pragma('wal_autocheckpoint = 0');
      writeMany(db);
      const afterFirst = walBytes();
      const sequence = checkpointSequence(join(dir, 'none.sqlite'));
      writeMany(db);
      assert.ok(walBytes() > afterFirst * 1.8);
      assert.equal(checkpointSequence(join(dir, 'none.sqlite')), sequence);
    } finally {
      db.close();
    }
  });

  it('starts no thread while the log stays small, and starts it once the log has grown', async () => {
    const { db, path } = openWal('lazy.sqlite');
    const checkpointer = startCheckpointer(db, { path, intervalMs: 20, startAtWalBytes: 1024 * 1024, pollMs: 10 });
    try {
      db.prepare('INSERT INTO pages (body) VALUES (?)').run(Buffer.alloc(1000));
      await sleep(100);
      assert.equal(checkpointer.running, false);
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000);
      writeMany(db);
      await until(() => checkpointer.running, 'the worker to start');
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 0);
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });

  it('stop() ends the worker and gives the connection its automatic checkpoint back', async () => {
    const { db, path } = openWal('stop.sqlite');
    const checkpointer = startCheckpointer(db, { path, intervalMs: 20, startAtWalBytes: 0 });
    await checkpointer.stop();
    assert.equal(checkpointer.running, false);
    assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000);
    db.close();
  });

  it('a worker that cannot run brings the automatic checkpoint back, so the log never grows without bound', async () => {
    const { db, path } = openWal('broken.sqlite');
    const checkpointer = startCheckpointer(db, { path, intervalMs: 20, startAtWalBytes: 0, driver: join(dir, 'no-such-driver.js') });
    try {
      await until(() => !checkpointer.running, 'the worker to fail');
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000);
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });
});
