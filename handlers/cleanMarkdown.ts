import { collectCleanMarkdown, type CleanMarkdownResult } from '../engines/markdown/collect.ts';
import { isUnsafeTarget } from '../engines/net/types.ts';
import { ServiceError } from '../server/problem.ts';
import type { Handler } from './types.ts';

/** POST /v1/clean-markdown (MCP url_to_clean_markdown). */
export const cleanMarkdown: Handler<{ url: string; max_chars?: number }, CleanMarkdownResult> = async ({ url, max_chars = 15_000 }, { services, signal }) => {
  try {
    return await collectCleanMarkdown(url, { fetch: services.net.fetch, analyze: services.analyze, signal }, { maxChars: max_chars });
  } catch (error) {
    if (isUnsafeTarget(error)) throw new ServiceError('unsafe_or_invalid_target', { detail: `${url} leads to an address the service does not reach (${error.message}). Nothing was charged.` });
    throw error;
  }
};
