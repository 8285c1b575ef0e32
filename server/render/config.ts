import { int, ms, settings, text, type Env } from '../../engines/config/env.ts';

/** The renderer's settings (RENDER_* and CHROMIUM_PATH; loaded by server/config.ts, listed in docs/configuration.md). */
export interface RenderConfig {
  /** CHROMIUM_PATH: the browser (Debian's chromium by default). */
  chromiumPath: string;
  /** RENDER_BROWSERS: browser processes, each running one render at a time. */
  browsers: number;
  /** RENDER_PER_CALLER: renders one caller runs at once (more wait in its own line). */
  perCaller: number;
  /** RENDER_MAX_WAITING: renders that may wait for a browser, all callers. */
  maxWaiting: number;
  /** RENDER_TIMEOUT_MS: a render's wall time at most (the call's deadline may leave less). */
  timeoutMs: number;
  /** RENDER_QUIET_MS: the page has settled once it has loaded and no request was in flight for this long. */
  quietMs: number;
  /** RENDER_MAX_REQUESTS: requests one render may have fetched; later ones are refused. */
  maxRequests: number;
  /** RENDER_MAX_BYTES: bytes one render may have fetched, all requests together. */
  maxBytes: number;
  /** RENDER_CPU_MS: CPU time of the browser's processes one render may use. */
  cpuMs: number;
  /** RENDER_MEMORY_MB: resident memory of the browser's renderer processes at most. */
  memoryMb: number;
  /** RENDER_HEAP_MB: V8's old-space limit in each renderer (--max-old-space-size). */
  heapMb: number;
  /** RENDER_USER: the unprivileged user the browser runs as when the service runs as root. */
  user: string;
}

export const DEFAULT_RENDER: Omit<RenderConfig, 'chromiumPath'> = {
  browsers: 1,
  perCaller: 1,
  maxWaiting: 16,
  timeoutMs: 8_000,
  quietMs: 500,
  maxRequests: 60,
  maxBytes: 8_000_000,
  cpuMs: 5_000,
  memoryMb: 512,
  heapMb: 128,
  user: 'nobody',
};

const RENDER_SETTINGS = settings({
  chromiumPath: ['CHROMIUM_PATH', text({ default: '/usr/bin/chromium', accepts: 'a file path', meaning: 'the browser script-built pages are rendered with' })],
  user: [
    'RENDER_USER',
    text({ default: DEFAULT_RENDER.user, accepts: 'a user name', meaning: 'the unprivileged user the browser runs as when the service runs as root' }),
  ],
  browsers: [
    'RENDER_BROWSERS',
    int({ default: DEFAULT_RENDER.browsers, min: 0, max: 64, meaning: 'browser processes, each running one render at a time (0: rendering off)' }),
  ],
  perCaller: ['RENDER_PER_CALLER', int({ default: DEFAULT_RENDER.perCaller, min: 1, max: 64, meaning: 'renders of one caller at once' })],
  maxWaiting: [
    'RENDER_MAX_WAITING',
    int({ default: DEFAULT_RENDER.maxWaiting, min: 0, max: 10_000, meaning: 'renders that may wait for a browser, all callers' }),
  ],
  timeoutMs: ['RENDER_TIMEOUT_MS', ms({ default: DEFAULT_RENDER.timeoutMs, min: 500, max: 600_000, meaning: "a render's wall time at most" })],
  quietMs: [
    'RENDER_QUIET_MS',
    ms({ default: DEFAULT_RENDER.quietMs, min: 0, max: 60_000, meaning: 'a page has settled once no request was in flight for this long' }),
  ],
  maxRequests: ['RENDER_MAX_REQUESTS', int({ default: DEFAULT_RENDER.maxRequests, min: 1, max: 10_000, meaning: 'requests one render may have fetched' })],
  maxBytes: ['RENDER_MAX_BYTES', int({ default: DEFAULT_RENDER.maxBytes, min: 1, max: 1_000_000_000, meaning: 'body bytes one render may have fetched' })],
  cpuMs: ['RENDER_CPU_MS', ms({ default: DEFAULT_RENDER.cpuMs, min: 100, max: 600_000, meaning: "CPU time of the browser's processes one render may use" })],
  memoryMb: [
    'RENDER_MEMORY_MB',
    int({ default: DEFAULT_RENDER.memoryMb, min: 64, max: 65_536, meaning: "resident memory of the browser's renderer processes at most, in MB" }),
  ],
  heapMb: ['RENDER_HEAP_MB', int({ default: DEFAULT_RENDER.heapMb, min: 16, max: 16_384, meaning: "V8's old-space limit in each renderer, in MB" })],
});

export const RENDER_VARIABLES = RENDER_SETTINGS.variables;

export function loadRenderConfig(env: Env): RenderConfig {
  return RENDER_SETTINGS.read(env);
}
