/**
 * The clean-markdown engine: fetch one page through the safe fetcher (engines/net), convert it,
 * cut it to max_chars. Pure over the injected fetch. Statuses (only ok is charged):
 * ok, empty (HTML or a PDF without extractable text), unsupported_content (neither HTML nor a
 * PDF: image, JSON...; a PDF that needs a password or is damaged), blocked (bot wall,
 * 401/403/407/429), unreachable (no answer, or 5xx), not_found (the name does not exist, or the
 * page answered 404/410). A PDF is known by its Content-Type or, whatever the type says, by its
 * `%PDF-` header (servers send PDFs as application/octet-stream). The conversion runs in the parse
 * pool (deps.analyze) within the parse limits; content that cannot be converted within them (its
 * deadline passed, or the conversion failed) is unsupported_content as well: it fails again.
 * A redirect to an address the service does not reach is unreachable; an unsafe URL as given is
 * thrown on (UnsafeTargetError), refused as the caller's input.
 *
 * Rendering (render: auto, always, never): an HTML page whose static markup has no main content
 * but runs scripts (auto), or any HTML page (always), is run in the service's sandboxed browser
 * (deps.render), every request of it through the call's own fetch; the rendered DOM is read by the
 * same parse task. A page that does not settle, or takes too much CPU or memory, within the render's
 * budget is unsupported_content (free). Where this instance cannot render, the static markup is
 * read and the note says so. `rendered` says whether the page's scripts were run.
 */
import type { components } from '../../generated/types.ts';
import type { SafeFetch, SafeFetchResponse } from '../net/types.ts';
import { pageFailureKind, peekFetched } from '../net/types.ts';
import { analysedOr, isUnanalysable, type Analyze } from '../parse/types.ts';
import type { TaskOutput } from '../parse/tasks.ts';
import type { SelectOptions } from './main-content.ts';
import { estimateTokens } from './truncate.ts';
import { isRenderFailed, type PageRenderer, type RenderedPage, type RenderFailureKind, type RenderMode } from './render.ts';

export type CleanMarkdownResult = components['schemas']['CleanMarkdownResult'];
type Status = CleanMarkdownResult['status'];

export interface CleanMarkdownDeps {
  fetch: SafeFetch;
  /** Runs the conversion off the main thread (the parse pool). */
  analyze: Analyze;
  /** The sandboxed browser (server/render/); null: this deployment does not render. */
  render?: PageRenderer | null;
  signal?: AbortSignal;
}

export interface CleanMarkdownOptions extends SelectOptions {
  maxChars?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  render?: RenderMode;
  /** When the call's time is up (performance.now() time): a render ends before, leaving time to convert. */
  endsBy?: number;
}

/** The conversion of a rendered page, after the render: what a render leaves of the call's time. */
const CONVERT_RESERVE_MS = 1_500;
/** Less than this left for a render: the static markup is read instead. */
const MIN_RENDER_MS = 1_000;
/** A page's HTML larger than this is not handed to the browser (a script-built page's shell is small; a huge page would cost the hand-over). */
const MAX_RENDERED_DOCUMENT_BYTES = 1_000_000;

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;
const PDF_TYPES = /^(application\/(x-)?pdf)\b/i;

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

function answer(url: string, status: Status, note: string, finalUrl: string | null = null, rendered = false): CleanMarkdownResult {
  return { domain: hostOf(finalUrl ?? url), status, final_url: finalUrl, rendered, note };
}

/** HTML by its Content-Type, or (no Content-Type) by its first bytes. */
function isHtml(response: SafeFetchResponse): boolean {
  const type = response.headers['content-type'];
  if (type) return HTML_TYPES.test(type.trim());
  // A sniff of the first 512 bytes (peekFetched, the small-by-construction escape hatch).
  return /^\s*(<!doctype html|<html|<head|<body|<!--|<meta|<title|<div|<p\b)/i.test(peekFetched(response.content, 512));
}

/**
 * A PDF by its Content-Type, or by its `%PDF-` header: at the start whatever the type says, or
 * (not labelled HTML) anywhere in the first 1,024 bytes, where PDF readers accept it.
 */
function isPdf(response: SafeFetchResponse): boolean {
  const type = response.headers['content-type']?.trim() ?? '';
  if (PDF_TYPES.test(type)) return true;
  const head = peekFetched(response.content, 1_024);
  return head.startsWith('%PDF-') || (!HTML_TYPES.test(type) && head.includes('%PDF-'));
}

const count = (value: number) => value.toLocaleString('en-US');

export async function collectCleanMarkdown(
  url: string,
  deps: CleanMarkdownDeps,
  { maxChars = 15_000, timeoutMs = 8_000, maxBodyBytes = 5_000_000, render = 'auto', endsBy = Infinity, ...select }: CleanMarkdownOptions = {},
): Promise<CleanMarkdownResult> {
  let response: SafeFetchResponse;
  try {
    response = await deps.fetch(url, {
      timeoutMs,
      maxBodyBytes,
      signal: deps.signal,
      accept: 'text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8,*/*;q=0.1',
    });
  } catch (error) {
    const kind = pageFailureKind(error);
    if (kind === 'dns_not_found') return answer(url, 'not_found', `The host does not exist (${kind}).`);
    return answer(url, 'unreachable', `The page could not be loaded (${kind}).`);
  }
  const finalUrl = response.url;
  if ([404, 410].includes(response.status)) return answer(url, 'not_found', `The page answered ${response.status}.`, finalUrl);
  if (response.status >= 500) return answer(url, 'unreachable', `The page answered ${response.status}.`, finalUrl);
  if (isPdf(response)) return pdfAnswer(url, response, deps, { maxChars, maxBodyBytes });
  if (!isHtml(response)) {
    const type = response.headers['content-type']?.split(';')[0].trim() || 'unknown';
    return answer(url, 'unsupported_content', `The page is ${type}, not HTML; nothing was converted.`, finalUrl);
  }
  const blocked = () => answer(url, 'blocked', `The site answered ${response.status} with a bot wall or challenge page; nothing was read.`, finalUrl);
  if ([401, 403, 407, 429].includes(response.status)) return blocked();

  const read = await analysedOr(() =>
    deps.analyze(
      'markdown',
      { page: response.content, url: finalUrl, status: response.status, headers: response.headers, select, maxChars },
      { signal: deps.signal },
    ),
  );
  if (isUnanalysable(read))
    return answer(
      url,
      'unsupported_content',
      `The page is HTML that cannot be converted within the parse limits (${read.message}); nothing was converted.`,
      finalUrl,
    );
  if (read.blocked) return blocked();
  if (response.status >= 400) return answer(url, 'unreachable', `The page answered ${response.status}.`, finalUrl);
  const cut = response.truncated ? `The page was larger than ${maxBodyBytes} bytes; only the first part was read.` : '';
  if (render === 'always' || (render === 'auto' && !read.hasContent && read.hasScripts)) {
    const skipped = await renderUnavailable(deps, endsBy, response);
    if (skipped === null) return renderedAnswer(url, response, deps, { maxChars, select, endsBy: endsBy - CONVERT_RESERVE_MS, served: read, cut });
    return pageAnswer(url, finalUrl, read, [cut, notRendered(skipped)], maxChars);
  }
  return pageAnswer(url, finalUrl, read, [cut], maxChars);
}

type PageRead = Extract<TaskOutput<'markdown'>, { blocked: false }>;

function pageAnswer(url: string, finalUrl: string, page: PageRead, notes: string[], maxChars: number, rendered = false): CleanMarkdownResult {
  if (!page.hasContent) {
    const why = rendered
      ? 'The page has no extractable text content, also once rendered.'
      : 'The page has no extractable text content (it may be rendered by JavaScript).';
    return {
      ...answer(url, 'empty', [why, ...notes, ...page.limitNotes].filter(Boolean).join(' '), finalUrl, rendered),
      title: page.title,
      meta_description: page.metaDescription,
    };
  }
  return okAnswer(
    finalUrl,
    page,
    [...notes, ...page.limitNotes, page.truncated ? `Cut at a block boundary to ${maxChars} characters (${page.fullLength} in full).` : ''],
    rendered,
  );
}

const notRendered = (why: string) => `The page was not rendered: ${why}; its markup as served was read.`;

/** Why this call cannot render (the instance does not, or too little time is left), or null when it can. */
async function renderUnavailable(deps: CleanMarkdownDeps, endsBy: number, response: SafeFetchResponse): Promise<string | null> {
  if (!deps.render) return 'this deployment does not render pages';
  if (response.content.size > MAX_RENDERED_DOCUMENT_BYTES || response.truncated)
    return `its HTML is larger than the ${count(MAX_RENDERED_DOCUMENT_BYTES)} bytes a render takes`;
  const availability = await deps.render.availability();
  if (!availability.available) return `rendering is unavailable on this instance (${availability.reason})`;
  if (endsBy - CONVERT_RESERVE_MS - performance.now() < MIN_RENDER_MS) return "too little of the call's time was left to render it";
  return null;
}

const FAILED_RENDER: Record<Exclude<RenderFailureKind, 'unavailable'>, string> = {
  timeout: 'did not settle (load, then no request in flight) within the render budget',
  cpu: "used more CPU than a render's budget",
  memory: "used more memory than a render's budget",
  crashed: 'crashed its renderer (out of memory, or a renderer fault)',
  too_large: 'built a page larger than a render hands back',
};

/** The page run in the sandboxed browser, its DOM read as the static page is. */
async function renderedAnswer(
  url: string,
  response: SafeFetchResponse,
  deps: CleanMarkdownDeps,
  { maxChars, select, endsBy, served, cut }: { maxChars: number; select: SelectOptions; endsBy: number; served: PageRead; cut: string },
): Promise<CleanMarkdownResult> {
  const finalUrl = response.url;
  let rendered: RenderedPage;
  try {
    rendered = await deps.render!.render({ document: response, fetch: deps.fetch, signal: deps.signal, endsBy });
  } catch (error) {
    if (!isRenderFailed(error)) throw error;
    if (error.kind === 'unavailable')
      return pageAnswer(url, finalUrl, served, [cut, notRendered(`rendering is unavailable on this instance (${error.message})`)], maxChars);
    return answer(
      url,
      'unsupported_content',
      `The page was run in a sandboxed browser and ${FAILED_RENDER[error.kind]} (${error.message}); nothing was converted.`,
      finalUrl,
      true,
    );
  }
  const read = await analysedOr(() =>
    deps.analyze(
      'markdown',
      { page: rendered.content, url: rendered.url, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, select, maxChars },
      { signal: deps.signal },
    ),
  );
  if (isUnanalysable(read))
    return answer(
      url,
      'unsupported_content',
      `The rendered page cannot be converted within the parse limits (${read.message}); nothing was converted.`,
      finalUrl,
      true,
    );
  if (read.blocked) return answer(url, 'blocked', 'The rendered page is a bot wall or challenge page; nothing was read.', finalUrl, true);
  const refused = rendered.refused
    ? `, ${count(rendered.refused)} refused${rendered.overBudget ? ` (${count(rendered.overBudget)} past the render's request or byte budget)` : ''}`
    : '';
  const how = `Rendered in a sandboxed browser: ${count(rendered.fetched)} requests through the safe fetcher${refused}.`;
  return pageAnswer(url, rendered.url, read, [how], maxChars, true);
}

function okAnswer(
  finalUrl: string,
  { title, metaDescription, markdown, truncated }: { title: string; metaDescription: string; markdown: string; truncated: boolean },
  notes: string[],
  rendered = false,
): CleanMarkdownResult {
  const note = notes.filter(Boolean).join(' ');
  return {
    domain: hostOf(finalUrl),
    status: 'ok',
    final_url: finalUrl,
    title,
    meta_description: metaDescription,
    markdown,
    token_count_estimate: estimateTokens(markdown),
    truncated,
    rendered,
    note: note || null,
  };
}

/** A PDF: read in the parse pool (pdf.ts), within its caps; one that needs a password or is damaged is unsupported_content. */
async function pdfAnswer(
  url: string,
  response: SafeFetchResponse,
  deps: CleanMarkdownDeps,
  { maxChars, maxBodyBytes }: { maxChars: number; maxBodyBytes: number },
): Promise<CleanMarkdownResult> {
  const finalUrl = response.url;
  if ([401, 403, 407, 429].includes(response.status)) return answer(url, 'blocked', `The site answered ${response.status}; nothing was read.`, finalUrl);
  if (response.status >= 400) return answer(url, 'unreachable', `The page answered ${response.status}.`, finalUrl);
  const cut = response.truncated ? ` The PDF is larger than the ${count(maxBodyBytes)}-byte limit and only its first part was read.` : '';
  const read = await analysedOr(() => deps.analyze('pdfMarkdown', { document: response.content, maxChars }, { signal: deps.signal }));
  if (isUnanalysable(read))
    return answer(
      url,
      'unsupported_content',
      `The page is a PDF that cannot be converted within the parse limits (${read.message}); nothing was converted.${cut}`,
      finalUrl,
    );
  if (!read.readable) return answer(url, 'unsupported_content', `The PDF cannot be read: ${read.detail}; nothing was converted.${cut}`, finalUrl);
  const limits = [cut.trim(), ...read.limitNotes];
  if (!read.hasContent) {
    return {
      ...answer(
        url,
        'empty',
        ['The PDF has no text layer (its pages may be scanned images; no text recognition is done).', ...limits].filter(Boolean).join(' '),
        finalUrl,
      ),
      title: read.title,
      meta_description: read.metaDescription,
    };
  }
  const truncation = !read.truncated
    ? ''
    : read.stoppedAtLength
      ? `Cut at a block boundary to ${maxChars} characters (reading stopped after page ${read.pagesRead} of ${read.pages}, past that length).`
      : `Cut at a block boundary to ${maxChars} characters (${read.fullLength} in full).`;
  return okAnswer(finalUrl, read, [...limits, truncation]);
}
