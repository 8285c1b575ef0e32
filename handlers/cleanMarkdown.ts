import { collectCleanMarkdown } from '../engines/markdown/collect.ts';
import type { OperationHandler } from './types.ts';

/** POST /v1/clean-markdown (MCP url_to_clean_markdown). */
export const cleanMarkdown: OperationHandler<'cleanMarkdown'> = async ({ url, max_chars, render }, { services, signal, deadlineMs }) => {
  const endsBy = deadlineMs === null ? Infinity : performance.now() + deadlineMs;
  return collectCleanMarkdown(
    url,
    { fetch: services.net.fetch, analyze: services.analyze, render: services.render, signal },
    { maxChars: max_chars, render, endsBy },
  );
};
