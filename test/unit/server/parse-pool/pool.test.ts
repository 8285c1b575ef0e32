/**
 * server/parse-pool: tasks run in worker threads, a task past its deadline ends with its thread
 * (and the pool goes on with a fresh one), the event loop keeps answering while a worker parses,
 * a full queue refuses work (by caller, then ParsePoolBusy), /readyz stays ready and /metrics shows the pool.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createParsePool, type ParsePool } from '../../../../server/parse-pool/pool.ts';
import { analyzeInline } from '../../../../server/parse-pool/inline.ts';
import { Fetched } from '../../../../engines/net/fetched.ts';
import { WorkRefused } from '../../../../engines/refusals.ts';
import { ParsePoolBusy, UnanalysableContent, type Analyze } from '../../../../engines/parse/types.ts';
import { startService, type TestService } from '../../../support/service.ts';

const URL_ = 'https://shop.test/';
const ARTICLE = `<html><head><title>Kettles</title></head><body><main><h1>Kettles</h1><p>${'A kettle boils water quickly and safely. '.repeat(30)}</p></main></body></html>`;
/** Costly within the limits: 20,000 elements (the element limit), about a second of parsing and conversion. */
const HEAVY = `<html><body>${'<div><span>x</span></div>'.repeat(12_000)}</body></html>`;

/**
 * The pool's deadline in the deadline tests: past HEAVY's 270-600 ms of CPU, and far enough above
 * ARTICLE's 15 ms on a fresh thread (its first task: code run for the first time) that a loaded
 * machine (seen: over 100 ms of wall time for it) does not end ARTICLE too. A task cannot ask for
 * more than the pool's deadline, so each ARTICLE here has it.
 */
const SHORT_DEADLINE_MS = 200;

/** A markdown task's input: the page as the safe fetcher hands it over, sealed. */
const page = (html: string) => ({ page: new Fetched(Buffer.from(html), { contentType: 'text/html; charset=utf-8' }), url: URL_, status: 200, headers: {} });

/** Resolves as soon as the condition holds (checked every millisecond or so). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** The longest the event loop went without running a 5 ms timer while the work ran, and how long the work took. */
async function loopGapDuring(work: () => Promise<unknown>): Promise<{ gapMs: number; workMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work().catch(() => undefined);
  const workMs = performance.now() - started;
  clearInterval(timer);
  gapMs = Math.max(gapMs, performance.now() - last);
  return { gapMs, workMs };
}

describe('the parse pool', { timeout: 120_000 }, () => {
  let pool: ParsePool;
  before(async () => {
    pool = createParsePool({ threads: 2, deadlineMs: 5_000 });
    await pool.analyze('markdown', page('<p>warm</p>'));
  });
  after(() => pool.close());

  it('runs a task in a worker thread and returns its plain result', async () => {
    const read = await pool.analyze('markdown', page(ARTICLE));
    assert.equal(read.blocked, false);
    assert.equal((read as { title: string }).title, 'Kettles');
    assert.match((read as { markdown: string }).markdown, /^A kettle boils water quickly and safely\./);
    assert.deepEqual(await pool.analyze('techHome', page('<script src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC123"></script>')), {
      blocked: false,
      containerIds: ['GTM-ABC123'],
    });
  });

  it('opens sealed content in the worker, with its charset, and only there', async () => {
    const latin1 = new Fetched(Buffer.from('{"1":{"9":{"1":"caf\xe9"}}}', 'latin1'), { contentType: 'application/json; charset=iso-8859-1' });
    assert.deepEqual(await pool.analyze('adsAnswer', { content: latin1, read: { kind: 'advertiser' } }), {
      ok: true,
      kind: 'advertiser',
      facts: { verifiedName: 'café', country: null },
    });
    assert.equal((await pool.analyze('adsAnswer', { content: new Fetched(Buffer.from('<html>')), read: { kind: 'advertiser' } })).ok, false);
    assert.deepEqual(JSON.parse(JSON.stringify({ latin1 })), { latin1: { size: 24, contentType: 'application/json; charset=iso-8859-1', truncated: false } });
  });

  it('keeps the event loop answering while a worker parses, where in-thread parsing holds it', async () => {
    const inThread = await loopGapDuring(() => analyzeInline('markdown', page(HEAVY)));
    const pooled = await loopGapDuring(() => pool.analyze('markdown', page(HEAVY)));
    assert.ok(inThread.gapMs > 200, `in-thread parsing held the loop only ${Math.round(inThread.gapMs)} ms`);
    assert.ok(pooled.workMs > 200, `the pooled parse took only ${Math.round(pooled.workMs)} ms`);
    assert.ok(pooled.gapMs < 100, `the loop went ${Math.round(pooled.gapMs)} ms without a turn during a ${Math.round(pooled.workMs)} ms pooled parse`);
  });

  it('ends a task past its deadline with its thread, as UnanalysableContent, and goes on with a fresh thread', async () => {
    const short = createParsePool({ threads: 1, deadlineMs: SHORT_DEADLINE_MS });
    try {
      // A thread's start (the TypeScript loader compiling the engines) is not the task's time.
      await short.analyze('markdown', page(ARTICLE));
      const started = performance.now();
      await assert.rejects(
        short.analyze('markdown', page(HEAVY)),
        (error: unknown) =>
          error instanceof UnanalysableContent && error.reason === 'deadline' && error.message.includes(`longer than ${SHORT_DEADLINE_MS} ms`),
      );
      assert.ok(performance.now() - started < 3_000, 'the deadline counts from the start of the task');
      const read = await short.analyze('markdown', page(ARTICLE));
      assert.equal((read as { title: string }).title, 'Kettles');
    } finally {
      await short.close();
    }
  });

  it('gives the slot of a thread ended past its deadline out again only once the thread that replaces it is up', async () => {
    const short = createParsePool({ threads: 1, deadlineMs: SHORT_DEADLINE_MS });
    try {
      await short.analyze('markdown', page(ARTICLE));
      await assert.rejects(short.analyze('markdown', page(HEAVY)), (error: unknown) => error instanceof UnanalysableContent && error.reason === 'deadline');
      assert.equal(short.stats().fair.lanes.light.busy, 1, 'the slot is held while the new thread loads');
      await until(() => short.stats().fair.lanes.light.busy === 0);
      const read = await short.analyze('markdown', page(ARTICLE));
      assert.equal((read as { title: string }).title, 'Kettles');
    } finally {
      await short.close();
    }
  });

  it('counts the deadline from the start of the task, not from its wait in the queue', async () => {
    const single = createParsePool({ threads: 1, deadlineMs: 3_000 });
    try {
      await single.analyze('markdown', page(ARTICLE));
      const [heavy, waiting] = await Promise.allSettled([
        single.analyze('markdown', page(HEAVY)),
        single.analyze('markdown', page(ARTICLE), { deadlineMs: 200 }),
      ]);
      assert.equal(heavy.status, 'fulfilled');
      assert.equal(waiting.status, 'fulfilled', 'the waiting task got its own 200 ms once it started');
    } finally {
      await single.close();
    }
  });

  it('refuses work past a full queue: the longest backlog is its caller’s problem (CallerShareExceeded), many callers’ work a passing overload (ParsePoolBusy)', async () => {
    // A long deadline: on a loaded machine a heavy task must not end early, which would empty the line.
    const tiny = createParsePool({ threads: 1, maxQueue: 2, deadlineMs: 60_000 });
    try {
      await tiny.analyze('markdown', page(ARTICLE));
      const running = tiny.analyze('markdown', page(HEAVY), { caller: 'a' });
      await until(() => tiny.stats().running === 1);
      const waiting = [tiny.analyze('markdown', page(ARTICLE), { caller: 'b' }), tiny.analyze('markdown', page(ARTICLE), { caller: 'c' })];
      await until(() => tiny.stats().queued === 2);
      assert.deepEqual(
        { ...tiny.stats(), utilization: 0, fair: undefined },
        { threads: 1, running: 1, queued: 2, utilization: 0, saturated: true, fair: undefined },
      );
      await assert.rejects(tiny.analyze('markdown', page(ARTICLE), { caller: 'd' }), ParsePoolBusy);
      await Promise.all([running, ...waiting]);
      assert.equal(tiny.stats().saturated, false);
      const holder = tiny.analyze('markdown', page(HEAVY), { caller: 'a' });
      await until(() => tiny.stats().running === 1);
      const backlog = [tiny.analyze('markdown', page(ARTICLE), { caller: 'a' }), tiny.analyze('markdown', page(ARTICLE), { caller: 'a' })];
      await until(() => tiny.stats().queued === 2);
      await assert.rejects(
        tiny.analyze('markdown', page(ARTICLE), { caller: 'a' }),
        (error: unknown) => error instanceof WorkRefused && error.scope === 'caller' && !(error instanceof ParsePoolBusy),
      );
      await Promise.all([holder, ...backlog]);
    } finally {
      await tiny.close();
    }
  });

  it("runs another caller's task before the rest of one caller's backlog", async () => {
    const two = createParsePool({ threads: 2, maxQueue: 64, deadlineMs: 60_000 });
    try {
      await Promise.all([two.analyze('markdown', page(ARTICLE)), two.analyze('markdown', page(ARTICLE))]);
      const finished: string[] = [];
      const backlog = Array.from({ length: 6 }, (_, index) =>
        two.analyze('markdown', page(HEAVY), { caller: 'attacker' }).then(() => finished.push(`a${index}`)),
      );
      await until(() => two.stats().running === 1 && two.stats().queued === 5);
      assert.equal(two.stats().fair.lanes.light.busy + two.stats().fair.lanes.heavy.busy, 1, 'one caller never holds both threads');
      await two.analyze('markdown', page(ARTICLE), { caller: 'benign' }).then(() => finished.push('benign'));
      assert.ok(finished.indexOf('benign') <= 1, `the benign task ran on the free thread at once: ${finished.join(', ')}`);
      await Promise.all(backlog);
      assert.ok(two.usedBy('attacker') > two.usedBy('benign'));
    } finally {
      await two.close();
    }
  });

  it("gives up a task whose caller no longer waits, with the caller's reason", async () => {
    const controller = new AbortController();
    const task = pool.analyze('markdown', page(HEAVY), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gone')), 50);
    await assert.rejects(task, /caller gone/);
  });

  it("answers a task whose caller's deadline passed (a TimeoutError) as UnanalysableContent (deadline): the same content does it again, never a retryable error", async () => {
    const task = pool.analyze('markdown', page(HEAVY), { signal: AbortSignal.timeout(50) });
    await assert.rejects(
      task,
      (error: unknown) => error instanceof UnanalysableContent && error.reason === 'deadline' && /call's deadline/.test(error.message),
    );
    await assert.rejects(
      pool.analyze('markdown', page(ARTICLE), { signal: AbortSignal.abort(new DOMException('scan deadline', 'TimeoutError')) }),
      (error: unknown) => error instanceof UnanalysableContent && error.reason === 'deadline',
    );
  });

  it('turns an exception of the task into UnanalysableContent (failed)', async () => {
    await assert.rejects(pool.analyze('nope' as never, {} as never), (error: unknown) => error instanceof UnanalysableContent && error.reason === 'failed');
  });
});

describe('the parse pool in /readyz and /metrics', { timeout: 60_000 }, () => {
  let service: TestService;
  let pool: ParsePool;
  before(async () => {
    pool = createParsePool({ threads: 1 });
    service = await startService({ parsePool: pool });
    await pool.analyze('markdown', page(ARTICLE));
  });
  after(async () => {
    await service.close();
    await pool.close();
  });

  it('stays ready while every thread is busy and tasks wait; /metrics shows the saturation and the shares', async () => {
    const analyze: Analyze = pool.analyze;
    // One thread, four heavy tasks: three wait behind the first for three tasks' time, however fast the machine.
    let finished = false;
    // Settled, not fulfilled: on a loaded machine a heavy task may pass its deadline, which changes nothing here.
    const tasks = Promise.allSettled(Array.from({ length: 4 }, (_, index) => analyze('markdown', page(HEAVY), { caller: `c${index}` }))).finally(() => {
      finished = true;
    });
    const probes: number[] = [];
    let saturated = '';
    while (!finished) {
      probes.push((await fetch(`${service.url}/readyz`)).status);
      const text = await (await fetch(`${service.url}/metrics`)).text();
      if (/^parse_pool_saturated 1$/m.test(text)) saturated = text;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await tasks;
    assert.ok(probes.length > 0);
    assert.deepEqual([...new Set(probes)], [200], 'every probe answered ready');
    assert.ok(saturated, '/metrics reported the saturation while tasks waited');
    assert.match(saturated, /^parse_pool_queue_size [1-9]/m);
    assert.match(saturated, /^parse_pool_lane_busy\{lane="light"\} 1$/m);
    assert.match(saturated, /^fair_share_active_callers\{stage="parse_pool"\} [2-4]$/m);
    assert.match(saturated, /^fair_share_waiting\{stage="parse_pool"\} [1-3]$/m);
    assert.match(saturated, /^fair_share_top_caller_share\{stage="parse_pool"\} (0|1|0\.\d+)$/m);
    assert.match(saturated, /^fair_share_active_callers\{stage="net_thread"\} 0$/m);
  });

  it('exposes the pool and the event-loop delay', async () => {
    const text = await (await fetch(`${service.url}/metrics`)).text();
    for (const name of ['parse_pool_threads 1', 'parse_pool_running 0', 'parse_pool_queue_size 0', 'parse_pool_saturated 0'])
      assert.ok(text.includes(`\n${name}\n`), name);
    assert.match(text, /^parse_pool_utilization \d/m);
    assert.match(text, /^parse_tasks_total\{task="markdown",outcome="ok"\} [1-5]$/m);
    assert.match(text, /^parse_task_duration_seconds_count\{task="markdown"\} 5$/m);
    assert.match(text, /^nodejs_eventloop_lag_p99_seconds \d/m);
  });
});
