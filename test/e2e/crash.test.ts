/**
 * kill -9 of the real service (server/main.ts in a child process, bundled and run by plain Node as
 * `npm start` runs it, SQLite file store) in the middle
 * of a paid call, then a restart and the caller's retry with the same payment: the result is
 * delivered once and charged once, and the ledger holds exactly one settlement. Two moments:
 * while the handler reads the site (nothing settled yet), and while the remote facilitator settles
 * (the transfer happens on chain after the service died).
 *
 * And kill -9 with free calls in flight: their leases return to the callers once stale, so each
 * caller still gets its 5 free ok results that day.
 *
 * And SIGTERM (graceful shutdown) in the middle of a paid call: the running call is finished,
 * settled and answered before the process exits 0; when it outlasts SHUTDOWN_GRACE_MS the process
 * exits without settling it, and the retry on the restarted service delivers once, charged once.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { startWorld, type World } from '../world/index.ts';
import { startFacilitatorServer, type FacilitatorServer } from '../world/facilitator.ts';
import { type Facilitator } from '../../server/payments/facilitator.ts';
import { openStore } from '../../server/store/index.ts';
import { call } from '../support/contract.ts';
import Database from 'better-sqlite3';
import { bundle } from '../../server/build.ts';
import { freePort } from '../support/free-port.ts';
import { chainFacilitator, payerClient } from '../support/paid-service.ts';

const PRICE = 5000n;
const STALE_MS = 2000;
const HELD_CALLERS = 10;
const heldReads = { count: 0 };
const SHOP = `<!doctype html><html><head><title>Shop</title><meta name="generator" content="WordPress 6.4.2"></head><body><p>A shop.</p></body></html>`;

describe('kill -9 or SIGTERM during a paid call, then the retry', { timeout: 180_000 }, () => {
  let world: World;
  let facilitatorServer: FacilitatorServer;
  let child: ChildProcess | null = null;
  let url = '';
  let env: NodeJS.ProcessEnv;
  let mainBundle = '';
  const dir = mkdtempSync(join(tmpdir(), 'crash-test-'));
  const sqlitePath = join(dir, 'service.sqlite');
  /** Armed by a test: called when the service reaches that point of the paid call. */
  const hooks: { duringHandler?: () => void; duringSettle?: () => void } = {};
  /** How long the world site takes to answer after the hook fired (SIGTERM tests). */
  const siteDelayMs: Record<string, number> = { 'termed-reading.com': 400, 'termed-slow.com': 2_500 };
  let settled: Promise<void> = Promise.resolve();
  const exitOf = new Map<ChildProcess, Promise<unknown>>();

  async function startChild(extraEnv: NodeJS.ProcessEnv = {}) {
    const started = spawn(process.execPath, [mainBundle], { env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
    child = started;
    exitOf.set(started, once(started, 'exit'));
    for (let i = 0; i < 200; i++) {
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the service did not start');
  }
  async function killChild() {
    const dying = child!;
    child = null;
    dying.kill('SIGKILL');
    await exitOf.get(dying);
  }

  before(async () => {
    mainBundle = await bundle({ outfile: 'dist/test/crash-main.mjs' });
    world = await startWorld({ chain: true });
    const chain = world.chain!;
    for (let i = 0; i < 5; i++) {
      world.dns.setRecords(`free-shop-${i}.com`, { A: ['127.0.0.1'] });
      world.sites.host(`free-shop-${i}.com`, { files: { '/': { body: SHOP, headers: { 'content-type': 'text/html' } } } });
    }
    for (let i = 0; i < HELD_CALLERS; i++) {
      for (let j = 0; j < 2; j++) {
        const name = `held-${i}-${j}.com`;
        world.dns.setRecords(name, { A: ['127.0.0.1'] });
        // Never answers: the call is still reading the site when the service is killed.
        world.sites.host(name, async (req) => {
          if (req.url === '/') heldReads.count++;
          await new Promise(() => {});
        });
      }
    }
    for (const name of ['killed-reading.com', 'killed-settling.com', 'termed-reading.com', 'termed-slow.com']) {
      world.dns.setRecords(name, { A: ['127.0.0.1'] });
      world.sites.host(name, async (req, res) => {
        if (name !== 'killed-settling.com' && req.url === '/' && hooks.duringHandler) {
          const hook = hooks.duringHandler;
          hooks.duringHandler = undefined;
          hook();
          if (siteDelayMs[name]) await new Promise((resolve) => setTimeout(resolve, siteDelayMs[name]));
        }
        res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
        res.end(req.url === '/' ? SHOP : 'not found');
      });
    }
    const real = chainFacilitator(chain);
    const watched: Facilitator = {
      kind: real.kind,
      verify: (payload, requirements) => real.verify(payload, requirements),
      settle: (payload, requirements) => {
        const hook = hooks.duringSettle;
        hooks.duringSettle = undefined;
        hook?.();
        const result = real.settle(payload, requirements);
        settled = result.then(() => undefined);
        return result;
      },
    };
    facilitatorServer = await startFacilitatorServer({ facilitator: watched });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      ...world.netEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: sqlitePath,
      PAY_TO_ADDRESS: chain.payTo,
      FACILITATOR_URL: facilitatorServer.url,
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'silent',
      REQUEST_STALE_AFTER_MS: String(STALE_MS),
    };
    delete env.DATABASE_URL;
    await startChild();
  });
  after(async () => {
    if (child) await killChild();
    await facilitatorServer?.stop();
    await world?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signedPayment(domain: string, who: Record<string, string>) {
    const payer = await world.chain!.newPayer(1_000_000n);
    const challenge = await call(url, '/v1/tech-stack', { body: { domain }, headers: who });
    assert.equal(challenge.status, 402);
    const payload = await payerClient(payer).createPaymentPayload(decodePaymentRequiredHeader(challenge.headers.get('payment-required')!));
    return { payer, headers: { ...who, 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) } };
  }

  async function settlementsOf(payer: string) {
    const store = await openStore({ sqlitePath });
    try {
      return (await store.ledger.list({ from: 0, to: Date.now() + 60_000 })).filter(
        (entry) => entry.kind === 'settlement' && entry.payer === payer.toLowerCase(),
      );
    } finally {
      await store.close();
    }
  }

  /** The retry after the restart: request_already_started until the dead call is stale, then the result. */
  async function retryUntilDelivered(domain: string, headers: Record<string, string>) {
    const early = await call(url, '/v1/tech-stack', { body: { domain }, headers });
    if (early.status === 200) return early;
    assert.equal(early.body.code, 'request_already_started', JSON.stringify(early.body));
    await new Promise((resolve) => setTimeout(resolve, STALE_MS + 200));
    return call(url, '/v1/tech-stack', { body: { domain }, headers });
  }

  it('uses up the free calls of the caller first', async () => {
    const who = { 'X-Forwarded-For': '203.0.113.50' };
    for (let i = 0; i < 5; i++) {
      const answer = await call(url, '/v1/tech-stack', { body: { domain: `free-shop-${i}.com` }, headers: who });
      assert.equal(answer.body.status, 'ok');
    }
  });

  it('killed while the handler reads the site: nothing moved; the retry runs, settles once and delivers', async () => {
    const who = { 'X-Forwarded-For': '203.0.113.50' };
    const { payer, headers } = await signedPayment('killed-reading.com', who);
    const before = await world.chain!.balanceOf(payer.address);
    hooks.duringHandler = () => child?.kill('SIGKILL');
    await assert.rejects(call(url, '/v1/tech-stack', { body: { domain: 'killed-reading.com' }, headers }), 'the connection dies with the service');
    await killChild();
    assert.equal(await world.chain!.balanceOf(payer.address), before, 'nothing was transferred');

    await startChild();
    const delivered = await retryUntilDelivered('killed-reading.com', headers);
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    assert.equal(delivered.body.status, 'ok');
    assert.ok(delivered.headers.get('payment-response'));
    assert.equal(await world.chain!.balanceOf(payer.address), before - PRICE, 'charged once');
    const again = await call(url, '/v1/tech-stack', { body: { domain: 'killed-reading.com' }, headers });
    assert.deepEqual(again.body, delivered.body);
    assert.equal(await world.chain!.balanceOf(payer.address), before - PRICE, 'still charged once');
    assert.equal((await settlementsOf(payer.address)).length, 1);
  });

  it('killed while the facilitator settles: the transfer lands; the retry delivers without paying again', async () => {
    const who = { 'X-Forwarded-For': '203.0.113.50' };
    const { payer, headers } = await signedPayment('killed-settling.com', who);
    const before = await world.chain!.balanceOf(payer.address);
    hooks.duringSettle = () => child?.kill('SIGKILL');
    await assert.rejects(call(url, '/v1/tech-stack', { body: { domain: 'killed-settling.com' }, headers }));
    await killChild();
    await settled;
    assert.equal(await world.chain!.balanceOf(payer.address), before - PRICE, 'the transfer happened after the service died');
    assert.equal((await settlementsOf(payer.address)).length, 0, 'the dead service recorded nothing');

    await startChild();
    const delivered = await retryUntilDelivered('killed-settling.com', headers);
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    assert.equal(delivered.body.domain, 'killed-settling.com');
    assert.ok(delivered.headers.get('payment-response'));
    assert.equal(await world.chain!.balanceOf(payer.address), before - PRICE, 'charged once');
    const settlements = await settlementsOf(payer.address);
    assert.equal(settlements.length, 1, 'the retry recorded the settlement');
    assert.equal(settlements[0].amountMicroUsd, Number(PRICE));
  });

  it('SIGTERM while the handler reads the site: the call is finished, settled and answered, then the process exits 0', async () => {
    const who = { 'X-Forwarded-For': '203.0.113.50' };
    const { payer, headers } = await signedPayment('termed-reading.com', who);
    const before = await world.chain!.balanceOf(payer.address);
    const stopping = child!;
    let refused: Promise<unknown> = Promise.resolve();
    hooks.duringHandler = () => {
      stopping.kill('SIGTERM');
      // A new connection while the instance drains is not accepted.
      refused = new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
        fetch(`${url}/readyz`).then(
          (r) => ({ status: r.status }),
          (error) => ({ error: String(error) }),
        ),
      );
    };
    const answer = await call(url, '/v1/tech-stack', { body: { domain: 'termed-reading.com' }, headers });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.status, 'ok');
    assert.ok(answer.headers.get('payment-response'), 'answered with its receipt');
    assert.ok('error' in ((await refused) as object), `a new connection during the drain was refused, got ${JSON.stringify(await refused)}`);
    const [code] = (await exitOf.get(stopping)) as [number | null];
    child = null;
    assert.equal(code, 0, 'a clean drain exits 0');
    assert.equal(await world.chain!.balanceOf(payer.address), before - PRICE, 'charged once');
    assert.equal((await settlementsOf(payer.address)).length, 1, 'the settlement is in the ledger');
    await startChild();
  });

  it('SIGTERM with a call that outlasts SHUTDOWN_GRACE_MS: the process exits without settling; the retry delivers once, charged once', async () => {
    await killChild();
    await startChild({ SHUTDOWN_GRACE_MS: '300' });
    const who = { 'X-Forwarded-For': '203.0.113.50' };
    const { payer, headers } = await signedPayment('termed-slow.com', who);
    const before = await world.chain!.balanceOf(payer.address);
    const stopping = child!;
    hooks.duringHandler = () => stopping.kill('SIGTERM');
    await assert.rejects(call(url, '/v1/tech-stack', { body: { domain: 'termed-slow.com' }, headers }), 'the instance stops before the slow call ends');
    const [code] = (await exitOf.get(stopping)) as [number | null];
    child = null;
    assert.equal(code, 1, 'a drain that left a call behind exits 1');
    assert.equal(await world.chain!.balanceOf(payer.address), before, 'nothing was settled for the unanswered call');
    assert.equal((await settlementsOf(payer.address)).length, 0);

    await startChild();
    const delivered = await retryUntilDelivered('termed-slow.com', headers);
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    assert.ok(delivered.headers.get('payment-response'));
    assert.equal(await world.chain!.balanceOf(payer.address), before - PRICE, 'charged once');
    assert.equal((await settlementsOf(payer.address)).length, 1);
  });
  it('kill -9 with free calls in flight: their leases return once stale, reclaimed on start, and every caller still gets 5 free ok results', async () => {
    const callers = Array.from({ length: HELD_CALLERS }, (_, i) => ({ 'X-Forwarded-For': `203.0.113.${60 + i}` }));
    const leaseRows = () => {
      const db = new Database(sqlitePath, { readonly: true });
      try {
        return db.prepare('SELECT COUNT(*) FROM counter_leases').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    heldReads.count = 0;
    const inFlight = callers.flatMap((who, i) =>
      [0, 1].map((j) =>
        call(url, '/v1/tech-stack', { body: { domain: `held-${i}-${j}.com` }, headers: who }).then(
          () => 'answered',
          () => 'cut',
        ),
      ),
    );
    for (let wait = 0; heldReads.count < 2 * HELD_CALLERS && wait < 300; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(heldReads.count, 2 * HELD_CALLERS, 'every call is reading its site');
    await killChild();
    assert.deepEqual(new Set(await Promise.all(inFlight)), new Set(['cut']));
    assert.equal(leaseRows(), 2 * HELD_CALLERS, 'the dead instance left one lease per call');

    await new Promise((resolve) => setTimeout(resolve, STALE_MS + 200));
    await startChild();
    for (let wait = 0; leaseRows() > 0 && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(leaseRows(), 0, 'the new instance reclaimed the stale leases when it started');
    for (const who of callers) {
      for (let i = 0; i < 5; i++) {
        const answer = await call(url, '/v1/tech-stack', { body: { domain: `free-shop-${i}.com` }, headers: who });
        assert.equal(answer.body.status, 'ok', `${who['X-Forwarded-For']} call ${i + 1}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.headers.get('x-usage-free-remaining'), String(4 - i));
      }
      const sixth = await call(url, '/v1/tech-stack', { body: { domain: 'killed-reading.com' }, headers: who });
      assert.equal(sixth.status, 402, 'the sixth is paid: exactly five were free');
    }
  });
});
