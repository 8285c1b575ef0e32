import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request, type Server } from 'node:http';
import Koa from 'koa';
import { createHttpServer } from '../../../server/http.ts';
import { createLifecycle, type Lifecycle } from '../../../server/lifecycle.ts';
import { respondStage } from '../../../server/pipeline/respond.ts';

/** A Koa app with the drain stage: /slow answers after `ms`, /settle enters the settlement gate first. */
async function serve(lifecycle: Lifecycle, { ms = 300, settleMs }: { ms?: number; settleMs?: number } = {}) {
  const settleFor = settleMs ?? ms;
  const app = new Koa();
  app.use(respondStage({ baseUrl: () => 'http://test' }));
  app.use(lifecycle.stage());
  const gateAnswers: boolean[] = [];
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  app.use(async (ctx) => {
    if (ctx.path === '/settle') {
      arrive();
      await new Promise((resolve) => setTimeout(resolve, ms));
      const hold = ctx.state.settlementHold;
      const entered = lifecycle.settlementGate.enter(hold);
      gateAnswers.push(entered);
      if (entered) {
        try {
          await new Promise((resolve) => setTimeout(resolve, settleFor));
        } finally {
          lifecycle.settlementGate.leave(hold);
        }
        // What follows a settlement (store writes) before the answer goes out.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      ctx.body = { settled: entered };
      return;
    }
    if (ctx.path === '/slow') await new Promise((resolve) => setTimeout(resolve, ms));
    ctx.body = { path: ctx.path };
  });
  const server = createHttpServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, gateAnswers, arrived };
}

function get(port: number, path: string, agent?: Agent, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, method }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('lifecycle: drain for graceful shutdown', () => {
  let server: Server | null = null;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
    server = null;
  });

  it('waits for a running request, turns a new call (POST) on an open connection away with a retryable 503, and still answers documents and probes (GET)', async () => {
    const lifecycle = createLifecycle({ graceMs: 5_000 });
    const served = await serve(lifecycle, { ms: 400 });
    server = served.server;
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    await get(served.port, '/warm', agent);
    const slow = get(served.port, '/slow', agent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = lifecycle.drain();
    assert.equal(lifecycle.draining, true);
    const turnedAway = await get(served.port, '/call', agent, 'POST');
    assert.equal(turnedAway.status, 503);
    assert.equal(turnedAway.body.code, 'engine_unavailable');
    assert.equal(turnedAway.headers['retry-after'], '1');
    assert.equal(turnedAway.headers.connection, 'close');
    const probe = await get(served.port, '/readyz');
    assert.equal(probe.status, 200, 'probes still reach their handler (which answers not ready)');
    const document = await get(served.port, '/v1/catalog');
    assert.equal(document.status, 200, 'documents are still served');
    const answered = await slow;
    assert.equal(answered.status, 200, 'the running request was finished');
    assert.equal(answered.headers.connection, 'close');
    const report = await drained;
    assert.deepEqual({ abandoned: report.abandoned, unsettled: report.unsettled }, { abandoned: 0, unsettled: 0 });
    assert.ok(report.elapsedMs >= 250, `the drain waited for the request (${report.elapsedMs} ms)`);
    agent.destroy();
  });

  it('reports a request that outlasts the grace period as abandoned', async () => {
    const lifecycle = createLifecycle({ graceMs: 100, settleWindowMs: 100 });
    const served = await serve(lifecycle, { ms: 1_000 });
    server = served.server;
    const slow = get(served.port, '/slow').catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const report = await lifecycle.drain();
    assert.equal(report.abandoned, 1);
    assert.equal(report.unsettled, 0);
    server.closeAllConnections();
    await slow;
  });

  it('starts no settlement after the grace period, and waits for one under way until its answer has left', async () => {
    const lifecycle = createLifecycle({ graceMs: 600, settleWindowMs: 5_000 });
    // Enters the gate ~50 ms after it arrived, well within the grace period, and settles until ~1,050 ms, past it.
    const served = await serve(lifecycle, { ms: 50, settleMs: 1_000 });
    server = served.server;
    let answeredAt = 0;
    const underWay = get(served.port, '/settle').then((answer) => {
      answeredAt = Date.now();
      return answer;
    });
    // The drain starts once the call is in (on a loaded machine a fixed wait can end before it arrives).
    await served.arrived;
    const report = await lifecycle.drain();
    assert.equal(lifecycle.settlementGate.enter(), false, 'no settlement starts once the grace period is over');
    const answered = await underWay;
    assert.deepEqual(answered.body, { settled: true });
    assert.deepEqual(served.gateAnswers, [true]);
    assert.equal(report.unsettled, 0, 'the drain waited for the settlement and its answer');
    // The settlement ends at ~1,050 ms and its answer leaves at ~1,250 ms: the drain waits for the answer.
    assert.ok(report.elapsedMs >= 1_150, `the drain outlasted the settlement until its answer had left (${report.elapsedMs} ms)`);
    assert.ok(answeredAt > 0);
  });

  it('refuses the gate to a call that reaches settlement after the grace period', async () => {
    const lifecycle = createLifecycle({ graceMs: 50, settleWindowMs: 50 });
    const served = await serve(lifecycle, { ms: 300 });
    server = served.server;
    const late = get(served.port, '/settle');
    await served.arrived;
    const report = await lifecycle.drain();
    assert.equal(report.abandoned, 1, 'still running when the grace ended');
    const answered = await late;
    assert.deepEqual(answered.body, { settled: false });
    assert.deepEqual(served.gateAnswers, [false]);
  });
});
