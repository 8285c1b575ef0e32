import { collectCleanMarkdown, type CleanMarkdownResult } from '../engines/markdown/collect.ts';
import type { RenderMode } from '../engines/markdown/render.ts';
import type { Handler } from './types.ts';

/** POST /v1/clean-markdown (MCP url_to_clean_markdown). */
export const cleanMarkdown: Handler<{ url: string; max_chars?: number; render?: RenderMode }, CleanMarkdownResult> = async ({ url, max_chars = 15_000, render = 'auto' }, { services, signal, deadlineMs }) => {
  const endsBy = deadlineMs === null ? Infinity : performance.now() + deadlineMs;
  return collectCleanMarkdown(url, { fetch: services.net.fetch, analyze: services.analyze, render: services.render, signal }, { maxChars: max_chars, render, endsBy });
};
