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
