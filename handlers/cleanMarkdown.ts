import { collectCleanMarkdown, type CleanMarkdownResult } from '../engines/markdown/collect.ts';
import type { Handler } from './types.ts';

/** POST /v1/clean-markdown (MCP url_to_clean_markdown). */
export const cleanMarkdown: Handler<{ url: string; max_chars?: number }, CleanMarkdownResult> = async ({ url, max_chars = 15_000 }, { services, signal }) =>
  collectCleanMarkdown(url, { fetch: services.net.fetch, analyze: services.analyze, signal }, { maxChars: max_chars });
