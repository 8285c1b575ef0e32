/**
 * The page renderer: a bounded pool of sandboxed Chromium processes (playwright-core), one render
 * at a time in each, admitted per caller by the fair scheduler (stage `render`).
 *
 * - Sandbox: the browser is started through the launcher (launcher.ts), as an unprivileged user
 *   when the service runs as root, with Chromium's own sandbox on. The first use probes it
 *   (chrome://sandbox must say the renderers are sandboxed); when the browser does not start or the
 *   sandbox is not up, rendering is off for the instance's life (availability() says why).
 * - Network: every request of a render's context is intercepted and answered with the call's own
 *   safe fetcher (its address checks at connect time, redirects, caps, per-host limits, the net
 *   thread, the caller's fair share); images, media and fonts are refused unfetched, WebSockets
 *   closed, other schemes and methods refused. The browser itself is pointed at a proxy that is not
 *   there, and resolves no name, so a request that escaped interception fails.
 * - One fresh context per render, closed after it: no cookies, storage or cache outlive a render;
 *   downloads, permissions, popups, dialogs and service workers refused.
 * - Budgets: wall time (RENDER_TIMEOUT_MS, and never past the call's time), requests and bytes
 *   fetched, the browser tree's CPU time and the renderers' memory (a watchdog over /proc), V8's
 *   heap per renderer, and a hard cap per renderer the kernel holds (RLIMIT_DATA of twice
 *   RENDER_MEMORY_MB, set on the zygote that forks them). A render that overruns ends in RenderFailed and its browser is killed (the
 *   next render starts a new one); a renderer that crashes ends the render the same way.
 * - The rendered DOM is handed back as sealed content: the parse pool reads it, never this thread.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { eitherSignal } from '../../engines/net/deadline.ts';
import { Fetched, unsealFetched } from '../../engines/net/fetched.ts';
import { isUnsafeTarget, type SafeFetchResponse } from '../../engines/net/types.ts';
import { RenderFailed, type PageRenderer, type RenderedPage, type RenderRequest } from '../../engines/markdown/render.ts';
import { createFairScheduler, type FairSchedulerStats } from '../fair-share/scheduler.ts';
import { NO_LOG, type LogFn } from '../observability/log.ts';
import type { RenderConfig } from './config.ts';
import { createLauncher, type Launcher } from './launcher.ts';
import { createTreeMeter, killTree } from './processes.ts';

/** Subresources that cannot change the text: refused without fetching. */
const UNFETCHED_TYPES = new Set(['image', 'media', 'font', 'websocket', 'eventsource', 'manifest', 'texttrack', 'beacon', 'ping', 'other']);
const METHODS = new Set(['GET', 'HEAD', 'POST']);
/** Response headers that described the wire, not the body the fetcher decoded. */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie']);
/** One request's body at most (a script bundle, a JSON answer), within the render's byte budget. */
const MAX_RESPONSE_BYTES = 5_000_000;
const WATCH_INTERVAL_MS = 100;
/** Closing a context whose page still runs: past this, its browser is killed instead. */
const CLOSE_TIMEOUT_MS = 1_000;
const LAUNCH_TIMEOUT_MS = 20_000;
/** The rendered DOM handed back at most (clean-markdown's own body cap). */
const MAX_DOM_CHARACTERS = 5_000_000;

/** util-linux's prlimit (beside setpriv), through which the zygote starts: every renderer it forks inherits the zygote's limits. */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path)) ?? null;
/**
 * The hard cap over the watchdog's budget. The cap counts writable memory mapped, resident or not
 * (V8's and the allocator's reservations too, a few hundred MB in a renderer that has run a few
 * pages), the watchdog resident memory: at the budget itself the cap would fail pages that are
 * within it.
 */
const CAP_OVER_BUDGET = 2;

/** Each renderer's hard memory cap (RLIMIT_DATA: its writable private memory), where prlimit is there to set it. */
export const rendererDataCapMb = (config: Pick<RenderConfig, 'memoryMb'>) => (PRLIMIT ? CAP_OVER_BUDGET * config.memoryMb : null);

/** A headless browser without a GPU and without background traffic of its own (the tests' browser starts with these too). */
export const QUIET_BROWSER_ARGS: readonly string[] = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Nothing but the page: no GPU, no background traffic of the browser's own, no network of its own. */
export function browserArgs(config: Pick<RenderConfig, 'heapMb' | 'memoryMb'>): string[] {
  const capMb = rendererDataCapMb(config);
  return [
    // The kernel holds each renderer (and the GPU process, forked by the zygote too) under its cap
    // whatever the watchdog sees between its reads: an allocation past it fails, and the memory
    // the renderer holds then is over the watchdog's budget at its next read. The browser process
    // itself, which runs no page's code, is not capped.
    ...(capMb ? [`--zygote-cmd-prefix=${PRLIMIT} --data=${capMb * 1024 * 1024} --`] : []),
    ...QUIET_BROWSER_ARGS,
    '--disable-extensions',
    '--disable-default-apps',
    '--mute-audio',
    '--no-pings',
    // A request that is not intercepted goes to a proxy that is not there, loopback included, and
    // no name resolves: nothing of the browser reaches the network by itself.
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--js-flags=--max-old-space-size=${config.heapMb}`,
    '--renderer-process-limit=4',
  ];
}

interface LiveBrowser {
  browser: Browser;
  pid: number | null;
}

interface Slot {
  live: LiveBrowser | null;
  busy: boolean;
}

type Availability = Awaited<ReturnType<PageRenderer['availability']>>;

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]
    .slice(0, 200);

export interface Renderer extends PageRenderer {
  stats(): FairSchedulerStats<'browser'>;
  close(): Promise<void>;
}

export function createRenderer(config: RenderConfig, { log = NO_LOG }: { log?: LogFn } = {}): Renderer {
  const scheduler = createFairScheduler<'browser'>({
    lanes: { browser: Math.max(1, config.browsers) },
    perCallerCap: config.perCaller,
    strictCap: true,
    maxWaiting: config.maxWaiting,
    name: 'renderer',
  });
  const slots: Slot[] = Array.from({ length: config.browsers }, () => ({ live: null, busy: false }));
  let launcher: Launcher | null = null;
  let launches = 0;
  let probe: Promise<Availability> | null = null;
  let closed = false;

  async function launch(): Promise<LiveBrowser> {
    launcher ??= createLauncher(config);
    const launch = ++launches;
    const browser = await chromium.launch({
      executablePath: launcher.path,
      args: browserArgs(config),
      // Never --no-sandbox (playwright adds it unless told so).
      chromiumSandbox: true,
      env: launcher.envFor(launch),
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: LAUNCH_TIMEOUT_MS,
    });
    return { browser, pid: launcher.pidOf(launch) };
  }

  /** Whether chrome://sandbox says the renderers are sandboxed (namespaces and seccomp-BPF). */
  async function sandboxed(browser: Browser): Promise<boolean> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('chrome://sandbox', { timeout: LAUNCH_TIMEOUT_MS });
      return /adequately sandboxed/i.test((await page.textContent('body', { timeout: LAUNCH_TIMEOUT_MS })) ?? '');
    } finally {
      await context.close().catch(() => {});
    }
  }

  function availability(): Promise<Availability> {
    probe ??= (async (): Promise<Availability> => {
      if (config.browsers === 0) return { available: false, reason: 'RENDER_BROWSERS is 0' };
      if (!existsSync(config.chromiumPath)) return { available: false, reason: `no browser at ${config.chromiumPath}` };
      let live: LiveBrowser;
      try {
        live = await launch();
      } catch (error) {
        return { available: false, reason: `the browser did not start: ${firstLine(error)}` };
      }
      try {
        if (!(await sandboxed(live.browser))) {
          await retire(live);
          return { available: false, reason: "the browser's sandbox did not start" };
        }
      } catch (error) {
        await retire(live);
        return { available: false, reason: `the browser's sandbox could not be checked: ${firstLine(error)}` };
      }
      if (closed || !slots[0] || slots[0].live) await retire(live);
      else slots[0].live = live;
      return { available: true };
    })();
    return probe.then((answer) => {
      if (!answer.available) log({ level: 'warn', msg: 'rendering is off', reason: answer.reason });
      return answer;
    });
  }

  async function retire(live: LiveBrowser, { kill = false } = {}) {
    if (kill && live.pid) killTree(live.pid);
    await live.browser.close().catch(() => {});
  }

  async function browserOf(slot: Slot): Promise<LiveBrowser> {
    if (slot.live?.browser.isConnected()) return slot.live;
    if (slot.live) await retire(slot.live, { kill: true });
    slot.live = null;
    try {
      slot.live = await launch();
    } catch (error) {
      throw new RenderFailed('unavailable', `the browser did not start: ${firstLine(error)}`);
    }
    const live = slot.live;
    live.browser.on('disconnected', () => {
      if (slot.live === live) slot.live = null;
    });
    return live;
  }

  async function renderIn(
    slot: Slot,
    { document: served, fetch, signal: callSignal, endsBy }: RenderRequest,
    spent: (cpuMs: number, cleanUp: Promise<void>) => void,
  ): Promise<RenderedPage> {
    const live = await browserOf(slot);
    const started = performance.now();
    const wallMs = Math.max(0, Math.min(config.timeoutMs, endsBy - started));
    const endsAt = started + wallMs;
    const meter = live.pid ? createTreeMeter(live.pid) : null;
    const counts = { requests: 1, bytes: served.content.size, fetched: 1, refused: 0, overBudget: 0, inFlight: 0, lastActivity: started };
    const ended = new AbortController();
    const signal = eitherSignal(callSignal, ended.signal);
    let failure: RenderFailed | null = null;
    let failed!: (error: RenderFailed) => void;
    const failedPromise = new Promise<never>((_, reject) => (failed = reject));
    failedPromise.catch(() => {});
    const fail = (error: RenderFailed) => {
      if (failure) return;
      failure = error;
      failed(error);
      ended.abort(error);
    };
    const watchdog = setInterval(() => {
      if (!meter) return;
      const usage = meter.read();
      if (usage.cpuMs > config.cpuMs) fail(new RenderFailed('cpu', `${Math.round(usage.cpuMs)} ms of CPU; the budget is ${config.cpuMs} ms`));
      else if (usage.rendererBytes > config.memoryMb * 1024 * 1024)
        fail(new RenderFailed('memory', `${Math.round(usage.rendererBytes / 1024 / 1024)} MB resident; the budget is ${config.memoryMb} MB`));
    }, WATCH_INTERVAL_MS);
    const wall = setTimeout(() => fail(new RenderFailed('timeout', `not settled after ${Math.round(wallMs)} ms`)), wallMs);
    const onCallEnd = () => fail(new RenderFailed('timeout', "the call's time ran out"));
    callSignal?.addEventListener('abort', onCallEnd, { once: true });

    let context: BrowserContext | null = null;
    let page: Page | null = null;
    let documentServed = false;

    async function answer(route: Route) {
      const request = route.request();
      const url = request.url();
      const method = request.method();
      const refuse = (overBudget = false) => {
        counts.refused += 1;
        if (overBudget) counts.overBudget += 1;
        return route.abort('blockedbyclient').catch(() => {});
      };
      if (UNFETCHED_TYPES.has(request.resourceType()) || !/^https?:/i.test(url) || !METHODS.has(method)) return refuse();
      const isDocument = !documentServed && request.isNavigationRequest() && url === served.url && request.frame() === page?.mainFrame();
      if (!isDocument && (counts.requests >= config.maxRequests || counts.bytes >= config.maxBytes)) return refuse(true);
      counts.inFlight += 1;
      counts.lastActivity = performance.now();
      try {
        let response: SafeFetchResponse;
        if (isDocument) {
          documentServed = true;
          response = served;
        } else {
          counts.requests += 1;
          const headers = await request.allHeaders();
          response = await fetch(url, {
            method: method as 'GET' | 'HEAD' | 'POST',
            headers,
            body: method === 'POST' ? (request.postData() ?? '') : undefined,
            accept: headers.accept || '*/*',
            signal,
            timeoutMs: Math.max(1, Math.ceil(endsAt - performance.now())),
            // What is left of the byte budget when it starts: requests in flight together may pass it by what they receive at once.
            maxBodyBytes: Math.max(1, Math.min(MAX_RESPONSE_BYTES, config.maxBytes - counts.bytes)),
          });
          counts.fetched += 1;
          counts.bytes += response.content.size;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) if (!WIRE_HEADERS.has(name)) headers[name] = value;
        // The hand-over to the browser: the bytes go to the sandboxed renderer as they came, unread here.
        await route.fulfill({ status: response.status, headers, body: Buffer.from(unsealFetched(response.content)) });
      } catch (error) {
        if (isUnsafeTarget(error)) counts.refused += 1;
        await route.abort(isUnsafeTarget(error) ? 'addressunreachable' : 'failed').catch(() => {});
      } finally {
        counts.inFlight -= 1;
        counts.lastActivity = performance.now();
      }
    }

    async function settled() {
      for (;;) {
        const quietFor = performance.now() - counts.lastActivity;
        if (counts.inFlight === 0 && quietFor >= config.quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, Math.max(20, config.quietMs - quietFor)));
        if (failure) return;
      }
    }

    const work = (async () => {
      context = await live.browser.newContext({ acceptDownloads: false, serviceWorkers: 'block', permissions: [], locale: 'en-US' });
      await context.routeWebSocket(/.*/, (socket) => {
        counts.refused += 1;
        void socket.close({ code: 1008, reason: 'not routed' }).catch(() => {});
      });
      await context.route('**/*', answer);
      page = await context.newPage();
      // Any other page is a popup or window.open: closed at once.
      context.on('page', (opened) => void opened.close().catch(() => {}));
      page.on('crash', () => fail(new RenderFailed('crashed', 'the page crashed its renderer')));
      page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
      page.on('download', (download) => void download.cancel().catch(() => {}));
      await page.goto(served.url, { waitUntil: 'load', timeout: 0 });
      // The quiet window starts at the load event at the earliest: scripts run on it.
      counts.lastActivity = Math.max(counts.lastActivity, performance.now());
      await settled();
      // Measured in the renderer first: a DOM past the cap never crosses to this thread.
      const size = await page.evaluate(() => globalThis.document.documentElement.outerHTML.length);
      if (size > MAX_DOM_CHARACTERS)
        throw new RenderFailed('too_large', `the rendered page has ${size} characters of markup; a render takes ${MAX_DOM_CHARACTERS}`);
      return { html: await page.content(), url: page.url() };
    })();
    work.catch(() => {});

    try {
      if (wallMs <= 0) fail(new RenderFailed('timeout', 'no time was left for the render'));
      const { html, url } = await Promise.race([work, failedPromise]);
      if (failure) throw failure;
      log({
        level: 'debug',
        msg: 'rendered',
        elapsedMs: Math.round(performance.now() - started),
        cpuMs: Math.round(meter?.read().cpuMs ?? 0),
        fetched: counts.fetched,
        refused: counts.refused,
        bytes: counts.bytes,
      });
      return {
        content: new Fetched(Buffer.from(html, 'utf8'), { contentType: 'text/html; charset=utf-8' }),
        url,
        fetched: counts.fetched,
        refused: counts.refused,
        overBudget: counts.overBudget,
        elapsedMs: Math.round(performance.now() - started),
        cpuMs: Math.round(meter?.read().cpuMs ?? 0),
      };
    } catch (error) {
      if (!failure && error instanceof RenderFailed) failure = error;
      if (failure) {
        log({
          level: 'debug',
          msg: 'render failed',
          kind: (failure as RenderFailed).kind,
          elapsedMs: Math.round(performance.now() - started),
          fetched: counts.fetched,
        });
        throw failure;
      }
      // The browser went away under the page (a crash of its own, or closed): the render's failure.
      throw new RenderFailed('crashed', firstLine(error));
    } finally {
      clearInterval(watchdog);
      clearTimeout(wall);
      callSignal?.removeEventListener('abort', onCallEnd);
      ended.abort();
      const cpuMs = meter?.read().cpuMs ?? 0;
      const kind = (failure as RenderFailed | null)?.kind;
      // The answer does not wait for the clean-up; the browser is busy until it is done.
      spent(
        cpuMs,
        (async () => {
          const closing =
            (context as BrowserContext | null)?.close().then(
              () => true,
              () => true,
            ) ?? Promise.resolve(true);
          const closedInTime =
            kind === 'cpu' || kind === 'memory'
              ? false
              : await Promise.race([closing, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS))]);
          // A page over its CPU or memory budget, or one whose context does not close, takes its browser with it; its replacement starts at once.
          if (closedInTime) return;
          if (slot.live === live) slot.live = null;
          await retire(live, { kill: true });
          if (!closed) await browserOf(slot).catch(() => {});
        })(),
      );
    }
  }

  return {
    availability,

    async render(request) {
      const answer = await availability();
      if (!answer.available) throw new RenderFailed('unavailable', answer.reason);
      if (closed) throw new RenderFailed('unavailable', 'the instance is shutting down');
      const grant = await scheduler.enter(request.caller ?? 'unattributed', { lanes: ['browser'], signal: request.signal });
      const slot = slots.find((candidate) => !candidate.busy)!;
      slot.busy = true;
      let usedMs = 0;
      let cleanUp: Promise<void> = Promise.resolve();
      try {
        return await renderIn(slot, request, (cpuMs, cleaning) => {
          usedMs = cpuMs;
          cleanUp = cleaning;
        });
      } finally {
        void cleanUp.finally(() => {
          slot.busy = false;
          scheduler.leave(grant, usedMs);
        });
      }
    },

    stats: () => scheduler.stats(),

    async close() {
      closed = true;
      await probe?.catch(() => {});
      await Promise.all(
        slots.map(async (slot) => {
          const live = slot.live;
          slot.live = null;
          if (live) await retire(live, { kill: slot.busy });
        }),
      );
      launcher?.remove();
    },
  };
}
