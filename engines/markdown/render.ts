/**
 * What clean-markdown is given to run a page's scripts: a renderer (the service's sandboxed browser
 * pool, server/render/), handed down as fetch and analyze are. Every request the page makes goes
 * through the `fetch` of the request (the call's own safe fetcher); what comes back is the rendered
 * DOM as sealed content, read by the markdown parse task like any fetched page.
 */
import type { Fetched } from '../net/fetched.ts';
import type { SafeFetch, SafeFetchResponse } from '../net/types.ts';

export interface RenderRequest {
  /** The page as the safe fetcher answered it (its final URL is the one rendered): it is the browser's navigation, not fetched again. */
  document: SafeFetchResponse;
  /** The call's safe fetcher: the only way the page's requests leave the browser. */
  fetch: SafeFetch;
  /** The call's deadline: waiting for a browser and rendering both end when it aborts. */
  signal?: AbortSignal;
  /** The render ends by then at the latest (performance.now() time), whatever the renderer's own budget. */
  endsBy: number;
  /** Whose render this is (the caller as the free quota counts it): the service binds it per call. */
  caller?: string;
}

export interface RenderedPage {
  /** The DOM once the page settled, serialized: untrusted like any fetched page. */
  content: Fetched;
  url: string;
  /** Requests the page made that the safe fetcher answered. */
  fetched: number;
  /** Requests refused without fetching: images, media and fonts, WebSockets, other methods, what the fetcher refused (private addresses), past the budget. */
  refused: number;
  /** Requests refused because the render's request or byte budget was spent. */
  overBudget: number;
  elapsedMs: number;
  /** CPU time of the browser's processes during the render. */
  cpuMs: number;
}

/**
 * Why a render gave nothing. unavailable: this instance cannot render (no browser, or its sandbox
 * does not start); the others are the page's: it did not settle in time, took too much CPU or
 * memory, crashed its renderer, or built a DOM larger than a render hands back.
 */
export type RenderFailureKind = 'unavailable' | 'timeout' | 'cpu' | 'memory' | 'crashed' | 'too_large';

export class RenderFailed extends Error {
  constructor(
    readonly kind: RenderFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'RenderFailed';
  }
}

export const isRenderFailed = (error: unknown): error is RenderFailed => error instanceof RenderFailed;

export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderedPage>;
  /** Whether this instance renders at all (its browser starts with its sandbox); the reason when not. */
  availability(): Promise<{ available: true } | { available: false; reason: string }>;
}

export type RenderMode = 'auto' | 'always' | 'never';
