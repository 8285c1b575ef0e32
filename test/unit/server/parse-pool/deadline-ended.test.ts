/**
 * An analysis ended by a deadline is unanalysable, whichever deadline ends it: an engine's own scan
 * deadline, the call's total deadline (server/pipeline/deadline.ts), or AbortSignal.any of them
 * (the signal the engines hand to analyze). In the pool and in the in-thread analyze alike it is
 * UnanalysableContent (deadline), never the abort reason itself, which the pipeline would answer
 * as a retryable 502; any other reason (a caller gone) is passed on as it is. The engines that
 * read several pages drop a page so ended with a note instead of failing.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createParsePool, type ParsePool } from '../../../../server/parse-pool/pool.ts';
import { analyzeInline } from '../../../../server/parse-pool/inline.ts';
import { startDeadline } from '../../../../server/pipeline/deadline.ts';
import { collectContacts } from '../../../../engines/contacts/collect.ts';
import { findPromos } from '../../../../engines/promo/collect.ts';
import { deadlineScope } from '../../../../engines/net/deadline.ts';
import { Fetched, type Dns, type SafeFetch } from '../../../../engines/net/types.ts';
import { UnanalysableContent, type Analyze } from '../../../../engines/parse/types.ts';

const URL_ = 'https://shop.test/';
const ARTICLE = '<html><head><title>Kettles</title></head><body><main><p>A kettle boils water.</p></main></body></html>';
/** About a second of parsing in a worker (20,000 elements, the element limit). */
const HEAVY = `<html><body>${'<div><span>x</span></div>'.repeat(12_000)}</body></html>`;
const page = (html: string) => ({ page: new Fetched(Buffer.from(html), { contentType: 'text/html; charset=utf-8' }), url: URL_, status: 200, headers: {} });

const endedByDeadline = (error: unknown) => error instanceof UnanalysableContent && error.reason === 'deadline';

/** An engine's own deadline, as the engines abort it (a referenced timer, a TimeoutError). */
function engineDeadline(ms: number): { signal: AbortSignal; clear(): void } {
  const scope = deadlineScope(ms, { name: 'scan deadline' });
  return { signal: scope.signal, clear: scope.end };
}

/** The call's total deadline of the pipeline: its signal aborts at the budget (totalMs less the wind-down reserve). */
const callDeadline = (ms: number) => startDeadline(ms, 'test-offer');

/** Each deadline an analysis can be ended by, passing `ms` from now; the other deadline of `any` is far away. */
const DEADLINES: Record<string, (ms: number) => { signal: AbortSignal; clear(): void }> = {
  "the engine's own deadline": engineDeadline,
  "the call's total deadline": callDeadline,
  "the engine's deadline within the call's (AbortSignal.any)": (ms) => {
    const [call, engine] = [callDeadline(60_000), engineDeadline(ms)];
    return { signal: AbortSignal.any([call.signal, engine.signal]), clear: () => (call.clear(), engine.clear()) };
  },
  "the call's deadline within the engine's (AbortSignal.any)": (ms) => {
    const [call, engine] = [callDeadline(ms), engineDeadline(60_000)];
    return { signal: AbortSignal.any([call.signal, engine.signal]), clear: () => (call.clear(), engine.clear()) };
  },
};

const aborted = (signal: AbortSignal) => new Promise((resolve) => (signal.aborted ? resolve(null) : signal.addEventListener('abort', resolve, { once: true })));

describe('an analysis ended by a deadline is UnanalysableContent (deadline)', { timeout: 120_000 }, () => {
  let pool: ParsePool;
  before(async () => {
    pool = createParsePool({ threads: 1, deadlineMs: 30_000 });
    // A thread's start (the TypeScript loader compiling the tasks) is not part of what is measured.
    await pool.analyze('markdown', page(ARTICLE));
  });
  after(() => pool.close());
  const analyzers = (): Record<string, Analyze> => ({ pool: pool.analyze, inline: analyzeInline });

  for (const name of ['pool', 'inline']) {
    it(`${name}: when the deadline passed before the analysis began, for every deadline`, async () => {
      for (const [what, deadline] of Object.entries(DEADLINES)) {
        const running = deadline(20);
        await aborted(running.signal);
        await assert.rejects(analyzers()[name]('markdown', page(ARTICLE), { signal: running.signal }), endedByDeadline, what);
        running.clear();
      }
    });

    it(`${name}: a caller that stopped waiting for another reason gets that reason`, async () => {
      const gone = new Error('caller gone');
      await assert.rejects(analyzers()[name]('markdown', page(ARTICLE), { signal: AbortSignal.abort(gone) }), (error) => error === gone);
    });
  }

  it('pool: when the deadline passes while the analysis runs, for every deadline', async () => {
    for (const [what, deadline] of Object.entries(DEADLINES)) {
      const running = deadline(150);
      const started = performance.now();
      await assert.rejects(pool.analyze('markdown', page(HEAVY), { signal: running.signal }), endedByDeadline, what);
      assert.ok(performance.now() - started < 1_500, `${what}: ended at the deadline, not when the analysis was done`);
      running.clear();
    }
  });

  describe('in the engines that read several pages: the page is dropped with a note', () => {
    /** A site whose home page arrives only after `lateMs` (a fetcher that does not heed the signal), every other path 404. */
    const lateHome =
      (html: string, lateMs: number): SafeFetch =>
      async (url) => {
        const home = new URL(url).pathname === '/';
        if (home) await new Promise((resolve) => setTimeout(resolve, lateMs));
        const body = home ? html : '';
        return {
          url,
          status: home ? 200 : 404,
          headers: { 'content-type': 'text/html' },
          setCookies: [],
          content: new Fetched(Buffer.from(body), { contentType: 'text/html' }),
          truncated: false,
          redirects: [],
          address: '203.0.113.9',
          elapsedMs: lateMs,
        };
      };
    const nothing = async () => ({ ok: false as const, reason: 'nodata' as const });
    const dns = { mx: nothing, txt: nothing, dmarc: nothing } as unknown as Dns;
    const HOME = '<html><body><p>Write to hello@acme.test</p></body></html>';

    for (const name of ['pool', 'inline']) {
      it(`${name}: extract-contacts, its own deadline or the call's passed before its home page was read`, async () => {
        const own = await collectContacts('acme.test', { fetch: lateHome(HOME, 150), dns, analyze: analyzers()[name] }, { deadlineMs: 50 });
        const call = callDeadline(50);
        const called = await collectContacts(
          'acme.test',
          { fetch: lateHome(HOME, 150), dns, analyze: analyzers()[name], signal: call.signal },
          { deadlineMs: 60_000 },
        );
        call.clear();
        for (const result of [own, called]) {
          assert.equal(result.status, 'no_data');
          assert.deepEqual(result.emails, []);
          assert.match(
            result.note!,
            /https:\/\/acme\.test\/: cannot be read within the parse limits \(the contacts analysis could not end within the call's deadline/,
          );
        }
      });

      it(`${name}: the promo finder, its own deadline or the call's passed before its home page was read`, async () => {
        const deps = { analyze: analyzers()[name], now: () => new Date('2026-11-26T00:00:00Z') };
        const own = await findPromos('acme.test', { ...deps, fetch: lateHome(HOME, 150) }, {}, { deadlineMs: 50 });
        const call = callDeadline(50);
        const called = await findPromos('acme.test', { ...deps, fetch: lateHome(HOME, 150), signal: call.signal }, {}, { deadlineMs: 60_000 });
        call.clear();
        for (const result of [own, called]) {
          assert.equal(result.status, 'no_data');
          assert.match(result.best_offer_summary!, /cannot be analysed within the parse limits/);
        }
      });
    }

    it('pool: extract-contacts, its own deadline passed while its home page was being read (about 150 ms of reading)', async () => {
      const result = await collectContacts('acme.test', { fetch: lateHome(HEAVY, 0), dns, analyze: pool.analyze }, { deadlineMs: 30 });
      assert.equal(result.status, 'no_data');
      assert.match(result.note!, /cannot be read within the parse limits \(the contacts analysis could not end within the call's deadline \(scan deadline\)\)/);
    });
  });
});
