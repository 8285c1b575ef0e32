/**
 * Every step from fetched content to facts, by name: what the parse pool's workers run
 * (server/parse-pool/worker.ts) and what analyzeInline runs in the calling thread (unit tests,
 * benchmarks); nothing else runs this code, and engines import only its types (Analyze, types.ts).
 * Fetched content arrives sealed (engines/net/fetched.ts) and is opened only here (open.ts); each
 * task returns plain, bounded facts (structured-cloneable: no DOM and no page text crosses back).
 * A reader this registry imports must not import the registry back: an engine whose reader is
 * here declares the analyze it runs with its own task types (analysis.ts AnalyzeTask).
 */
import type { Fetched } from '../net/fetched.ts';
import type { SelectOptions } from '../markdown/main-content.ts';
import { htmlToMarkdown, type PageMarkdown } from '../markdown/convert.ts';
import { truncateAtBlock } from '../markdown/truncate.ts';
import { readPdf, type PdfMarkdown } from '../markdown/pdf.ts';
import { extractProduct } from '../product/extract.ts';
import { readPage } from '../contacts/page.ts';
import { scanForInjection } from '../merchant/injection.ts';
import { readDiscovery, type Discovery } from '../merchant/terms.ts';
import { detect, extractContainerIds, type DetectInput } from '../tech/detect.ts';
import { isBlocked } from '../tech/blocked.ts';
import { readStoreHome } from '../store-readiness/home-page.ts';
import {
  checkAgentCard,
  checkLlmsTxt,
  checkProductFeed,
  checkRobots,
  checkX402,
  inflateGzip,
  readSitemap,
  type OpenedFile,
  type StoreFile,
} from '../store-readiness/discovery.ts';
import { botAccessOf } from '../store-readiness/access.ts';
import { readPromoPage } from '../promo/page.ts';
import { readCompanyFacts } from '../company/facts.ts';
import { readJobsPage, type JobsPage, type JobsPageInput } from '../jobs/discover.ts';
import { BOARD_JSON_BOUND, readBoardAnswers, summarizeBoardPage } from '../jobs/board.ts';
import { BoardUnreachable, type BoardAnswers, type BoardAnswersRead, type BoardPageInput, type BoardPageSummary } from '../jobs/types.ts';
import { postingTechnologyFinder } from '../tech/keywords.ts';
import { readDomainObject, type ParsedDomainObject, type RdapDomainInput } from '../rdap/registration.ts';
import { readAnswer as readAdsAnswer, type AnswerFacts, type AnswerRead } from '../ads/answers.ts';
import { bytesOf, jsonOf, textOf } from './open.ts';

export interface JsonBound {
  /** Items kept of each array. */
  maxItems: number;
  /** Characters kept of each string. */
  maxChars: number;
  /** Nesting kept; deeper values become null. */
  maxDepth: number;
}

/** The value with every array and string cut to the bound, nesting past maxDepth dropped; `cut.value` set when anything was. */
function boundedJson(value: unknown, bound: JsonBound, cut: { value: boolean }, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length <= bound.maxChars) return value;
    cut.value = true;
    return value.slice(0, bound.maxChars);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= bound.maxDepth) {
    cut.value = true;
    return null;
  }
  if (Array.isArray(value)) {
    if (value.length > bound.maxItems) cut.value = true;
    return value.slice(0, bound.maxItems).map((item) => boundedJson(item, bound, cut, depth + 1));
  }
  const out: Record<string, unknown> = {};
  let keys = 0;
  for (const key in value as Record<string, unknown>) {
    if (keys++ >= bound.maxItems) {
      cut.value = true;
      break;
    }
    out[key] = boundedJson((value as Record<string, unknown>)[key], bound, cut, depth + 1);
  }
  return out;
}

/** A store file opened: its text (a gzip sitemap inflated first, at most maxInflatedBytes). */
async function openFile(file: StoreFile, { gzip = false, maxInflatedBytes }: { gzip?: boolean; maxInflatedBytes?: number } = {}): Promise<OpenedFile> {
  const { content, ...meta } = file;
  if (gzip) {
    const inflated = await inflateGzip(bytesOf(content), { maxBytes: maxInflatedBytes });
    if (inflated) return { ...meta, truncated: meta.truncated || inflated.cut, text: inflated.bytes.toString('utf8').replace(/^\uFEFF/, '') };
  }
  return { ...meta, text: textOf(content).replace(/^\uFEFF/, '') };
}

export const TASKS = {
  /** clean-markdown: a bot wall, else parse, main content, Markdown, title and description. */
  markdown: ({
    page,
    url,
    status,
    headers,
    select,
    maxChars = Infinity,
  }: {
    page: Fetched;
    url: string;
    status: number;
    headers: Record<string, string>;
    select?: SelectOptions;
    maxChars?: number;
  }): { blocked: true } | ({ blocked: false; truncated: boolean; fullLength: number } & PageMarkdown) => {
    const html = textOf(page);
    if (isBlocked({ status, headers }, html)) return { blocked: true };
    const converted = htmlToMarkdown(html, url, select);
    // Cut here, so that only what the answer carries crosses back.
    const { markdown, truncated } = truncateAtBlock(converted.markdown, maxChars);
    return { blocked: false, ...converted, markdown, truncated, fullLength: converted.markdown.length };
  },
  /** clean-markdown: a PDF read with pdf.js on this thread, its Markdown cut to maxChars. */
  pdfMarkdown: async ({ document, maxChars = Infinity }: { document: Fetched; maxChars?: number }): Promise<PdfMarkdown> => {
    const read = await readPdf(bytesOf(document), { maxChars });
    if (!read.readable) return read;
    const { markdown, truncated } = truncateAtBlock(read.markdown, maxChars);
    return { ...read, markdown, truncated: truncated || read.stoppedAtLength, fullLength: read.markdown.length };
  },
  /** universal_product_url_to_json, the store audit's sample: the product evidence of one page (JSON-LD, microdata, Open Graph, checkout). */
  product: ({ page, url }: { page: Fetched | null; url: string }) => extractProduct(textOf(page), url),
  /** extract-contacts: addresses, people, social profiles and links of one page. */
  contacts: ({ page, url, teamPage }: { page: Fetched; url: string; teamPage?: boolean }) => readPage(textOf(page), url, { teamPage }),
  /** verify-merchant: the prompt-injection scan of pages (each read up to maxPageChars) and terms. */
  injection: ({
    pages,
    maxPageChars,
    termsTexts = [],
    termsContents = [],
    livePayTos,
    assets,
  }: {
    pages: Fetched[];
    maxPageChars: number;
    termsTexts?: string[];
    termsContents?: Fetched[];
    livePayTos?: string[];
    assets?: string[];
  }) =>
    scanForInjection({
      pages: pages.map((page) => textOf(page).slice(0, maxPageChars)),
      termsTexts: [...termsTexts, ...termsContents.map((content) => textOf(content))],
      livePayTos,
      assets,
    }),
  /** verify-merchant: the discovery document (x402.json), and whether a 402 body is x402 v1 terms. */
  merchantDocuments: ({
    discovery,
    probe,
  }: {
    discovery: Fetched | null;
    probe: Fetched | null;
  }): { discovery: Discovery | null; discoveryInvalid: boolean; v1: boolean } => {
    const document = discovery ? jsonOf(discovery) : undefined;
    const body = probe ? (jsonOf(probe) as { x402Version?: unknown; accepts?: unknown } | undefined) : undefined;
    return {
      discovery: discovery && document !== undefined ? readDiscovery(document) : null,
      discoveryInvalid: !!discovery && document === undefined,
      v1: body?.x402Version === 1 && Array.isArray(body.accepts),
    };
  },
  /** The trust skill's wallet check: the payTo addresses a discovery document names. */
  x402PayTos: ({ content }: { content: Fetched }): string[] | null => {
    const document = jsonOf(content);
    return document === undefined ? null : readDiscovery(document).payTos;
  },
  /** The store readiness audit: a home page's product evidence, product URLs, links and feeds. */
  storeHome: ({ page, url }: { page: Fetched; url: string }) => readStoreHome(textOf(page), url),
  /** The store readiness audit: robots.txt's check and the sitemaps it names (at most maxSitemaps). */
  storeRobots: ({ file, maxSitemaps = 5 }: { file: StoreFile; maxSitemaps?: number }) => {
    const { check, robots } = checkRobots(file.status === 200 && !file.failure ? { ...file, text: textOf(file.content) } : { ...file, text: '' });
    return { check, sitemaps: (robots?.sitemaps ?? []).slice(0, maxSitemaps) };
  },
  /** The store readiness audit: what robots.txt (of the home page's origin, and of the sample's when it differs) lets each agent fetch. */
  storeBotAccess: async ({ home, product, homeUrl, sampleUrl }: { home: StoreFile; product: StoreFile | null; homeUrl: string; sampleUrl: string | null }) => {
    const open = (file: StoreFile) => ({ ...file, text: file.status === 200 && !file.failure ? textOf(file.content) : '' });
    return botAccessOf(open(home), product ? open(product) : null, homeUrl, sampleUrl);
  },
  /** The store readiness audit: a sitemap (gzip inflated, its first maxInflatedBytes). */
  storeSitemap: async ({ file, maxInflatedBytes }: { file: StoreFile; maxInflatedBytes?: number }) =>
    readSitemap(await openFile(file, { gzip: file.status === 200, maxInflatedBytes })),
  /** The store readiness audit: llms.txt, the agent card, x402.json or a product feed, checked. */
  storeFile: async ({ file, kind }: { file: StoreFile; kind: 'llms' | 'agentCard' | 'x402' | 'feed' }) => {
    const opened = await openFile(file);
    return { llms: checkLlmsTxt, agentCard: checkAgentCard, x402: checkX402, feed: checkProductFeed }[kind](opened);
  },
  /** checkout_active_promo_code_finder: a page's SEO texts and the codes they and (as asked) its text carry, and its promo links. */
  promoPage: ({ page, url, maxLinks, withText, now }: { page: Fetched; url: string; maxLinks?: number; withText?: boolean; now: string }) =>
    readPromoPage(textOf(page), url, { maxLinks, withText, now: new Date(now) }),
  /** company-profile, company-footprint, the legitimacy skill: what the home page states about the company. */
  companyFacts: ({ page, url, now }: { page: Fetched; url: string; now: string }) => readCompanyFacts(textOf(page), url, { now: new Date(now) }),
  /** tech-stack: a bot wall, else the tag-manager containers the home page loads. */
  techHome: ({
    page,
    status,
    headers,
  }: {
    page: Fetched;
    url: string;
    status: number;
    headers: Record<string, string>;
  }): { blocked: boolean; containerIds: string[] } => {
    const html = textOf(page);
    if (isBlocked({ status, headers }, html)) return { blocked: true, containerIds: [] };
    return { blocked: false, containerIds: extractContainerIds(html) };
  },
  /** tech-stack: the technologies of a page, its containers, headers, cookies and DNS. */
  detect: ({
    page,
    containers,
    ...rest
  }: Omit<DetectInput, 'html' | 'containers'> & { page: Fetched | null; containers: { id: string; content: Fetched }[] }) =>
    detect({ ...rest, html: textOf(page), containers: containers.map(({ id, content }) => ({ id, body: textOf(content) })) }),
  /** ats-jobs, company-intent and every operation with a hiring section: the boards a company page names, and (the home page) its careers links. */
  jobsPage: ({ page, url, domain, careersLinks = false }: JobsPageInput): JobsPage => readJobsPage(textOf(page), url, domain, { careersLinks }),
  /** search-ads: what one answer of the ads registry says (a search page's new ads for the sample, a lookup's facts), or why it is not the registry's. */
  adsAnswer: ({ content, read }: { content: Fetched; read: AnswerRead }): AnswerFacts => readAdsAnswer(textOf(content), read),
  /** ats-jobs and the hiring sections: what paging and detail calls need of one board answer (counts and ids, never jobs), `cut` when it was cut to the bound. */
  jobBoardPage: ({ provider, content, maxDetailCalls }: BoardPageInput): BoardPageSummary & { cut: boolean } => {
    const cut = { value: false };
    const body = boundedJson(jsonOf(content), BOARD_JSON_BOUND, cut);
    if (body === undefined) return { error: 'the answer is not JSON', count: 0, total: null, detailIds: [], cut: cut.value };
    return { ...summarizeBoardPage(provider, body, { maxDetailCalls }), cut: cut.value };
  },
  /**
   * ats-jobs and the hiring sections: a board read, its jobs normalized and tagged (the posting
   * technology finder) from the list answers and the detail answers; `unreachable` when an
   * answer is not the documented JSON, `cut` when one was cut to the bound.
   */
  jobBoard: ({ provider, slug, pages, details = [] }: BoardAnswers): BoardAnswersRead => {
    const cut = { value: false };
    const values: unknown[] = [];
    for (const { url, content } of pages) {
      const value = boundedJson(jsonOf(content), BOARD_JSON_BOUND, cut);
      if (value === undefined) return { read: null, cut: cut.value, unreachable: { url, reason: 'the answer is not JSON' } };
      values.push(value);
    }
    const opened = details.map(({ id, content }) => ({ id, value: boundedJson(jsonOf(content), BOARD_JSON_BOUND, cut) }));
    try {
      return { read: readBoardAnswers(provider, slug, values, opened, postingTechnologyFinder()), cut: cut.value, unreachable: null };
    } catch (error) {
      if (!(error instanceof BoardUnreachable)) throw error;
      return { read: null, cut: cut.value, unreachable: { url: error.url, reason: error.reason } };
    }
  },
  /** RDAP: the registration and expiration events of the domain object for `name`. */
  rdapDomain: ({ content, name, now }: RdapDomainInput): ParsedDomainObject => {
    const value = jsonOf(content);
    if (value === undefined) return { status: 'malformed' as const, registeredAt: null, expiresAt: null, reason: 'the RDAP answer is not JSON' };
    return readDomainObject(value, name, new Date(now));
  },
};

export type ParseTasks = typeof TASKS;
export type TaskName = keyof ParseTasks;
export type TaskInput<K extends TaskName> = Parameters<ParseTasks[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<ParseTasks[K]>>;

/** Runs one named task on the calling thread. */
export async function runTask<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskOutput<K>> {
  const run = TASKS[task] as (input: TaskInput<K>) => TaskOutput<K> | Promise<TaskOutput<K>>;
  if (typeof run !== 'function') throw new TypeError(`unknown parse task ${String(task)}`);
  return run(input);
}
