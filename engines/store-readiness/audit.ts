/**
 * The store readiness audit (spec: StoreReadinessResult): the home page, then in parallel
 * robots.txt (and the sitemap it names, else /sitemap.xml), /llms.txt, the agent card
 * (/.well-known/agent-card.json, else the older /.well-known/agent.json), /.well-known/x402.json
 * and a product feed (one linked from the home page, else /products.json); then a sample product
 * page (engines/product reads it); what robots.txt allows each agent; the score and fixes. All
 * fetches share one deadline. The home page and the product pages are read in the parse pool
 * (deps.analyze): a page that cannot be read within the parse limits counts as one without HTML
 * (the home page) or is passed over (a product page), and a limitation says so. Pure over the
 * injected fetch and analyze.
 */
import type { components } from '../../generated/types.ts';
import { peekFetched, type Fetched, type SafeFetch } from '../net/types.ts';
import { WALLET_KEYS } from '../product/checkout.ts';
import { hasProductData, type ProductEvidence } from '../product/extract.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { TaskInput } from '../parse/tasks.ts';
import type { StoreHomePage } from './home-page.ts';
import { botAccessOf } from './access.ts';
import type { DiscoveryCheck, SitemapReading, StoreFile } from './discovery.ts';
import { readStore, type Reach } from './home.ts';
import { productCandidates, productSitemaps } from './sample.ts';
import { scoreReadiness, type DiscoveryName } from './score.ts';

export type StoreReadinessResult = components['schemas']['StoreReadinessResult'];

export interface AuditDeps {
  fetch: SafeFetch;
  /** Reads the pages off the main thread (the parse pool). */
  analyze: Analyze;
  signal?: AbortSignal;
}

export interface AuditOptions {
  /** Every fetch of the audit ends by then. */
  deadlineMs?: number;
  fileTimeoutMs?: number;
  maxPageBytes?: number;
  maxFileBytes?: number;
  /** Product pages tried at most before giving up on finding structured data. */
  maxProductTries?: number;
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';
const TEXT_ACCEPT = 'text/plain,text/markdown;q=0.9,*/*;q=0.5';
const JSON_ACCEPT = 'application/json,*/*;q=0.5';
const XML_ACCEPT = 'application/xml,text/xml;q=0.9,*/*;q=0.5';

// A sniff of the first 2,000 bytes at most (peekFetched, the small-by-construction escape hatch).
const isHtml = (contentType: string, content: Fetched) => /html/i.test(contentType) || (!contentType && /<html[\s>]/i.test(peekFetched(content, 2000)));

/** A file's check read in the parse pool; one that cannot be read within the parse limits is not valid. */
async function checked<T>(read: () => Promise<T>, file: StoreFile, unreadable: (check: DiscoveryCheck) => T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    return unreadable({ http_status: file.status, valid: false, validation: `${file.url} could not be analysed within the parse limits (${error.message})` });
  }
}

export async function auditStore(
  domain: string,
  { fetch, analyze, signal }: AuditDeps,
  { deadlineMs = 12_000, fileTimeoutMs = 5_000, maxPageBytes = 2_000_000, maxFileBytes = 1_000_000, maxProductTries = 3 }: AuditOptions = {},
): Promise<StoreReadinessResult> {
  return readStore<StoreReadinessResult>(
    domain,
    fetch,
    { signal, name: 'audit deadline', deadlineMs, timeoutMs: fileTimeoutMs, maxBytes: maxPageBytes },
    {
      unreachable: (reason) => ({
        domain,
        status: 'unreachable',
        error_reason: reason,
        readiness_score: null,
        fixes: [],
        discovery: {},
        bot_access: {},
        product: null,
        limitations: ['The home page could not be read, so nothing else was checked: readiness_score is null. Nothing was charged.'],
      }),
      async read(home, reach) {
        const origin = new URL(home.url).origin;
        const homeIsHtml = isHtml(home.headers['content-type'] ?? '', home.content);
        let homePage: StoreHomePage | null = null;
        let homeUnanalysable = false;
        if (homeIsHtml) {
          try {
            homePage = await analyze('storeHome', { page: home.content, url: home.url }, { signal: reach.signal });
          } catch (error) {
            if (!isUnanalysable(error)) throw error;
            homeUnanalysable = true;
          }
        }
        const homeEvidence = homePage?.evidence ?? null;

        const fileCheck = (kind: 'llms' | 'agentCard' | 'x402' | 'feed') => async (file: StoreFile) =>
          checked(
            () => analyze('storeFile', { file, kind }, { signal: reach.signal }),
            file,
            (check) => check,
          );
        const [robotsAndSitemap, llms, agentCard, x402, feed] = await Promise.all([
          readRobotsAndSitemap(reach, analyze, origin, maxFileBytes),
          reach.file(`${origin}/llms.txt`, { accept: TEXT_ACCEPT, maxBytes: maxFileBytes }).then(fileCheck('llms')),
          readAgentCard(reach, origin, maxFileBytes).then(fileCheck('agentCard')),
          reach.file(`${origin}/.well-known/x402.json`, { accept: JSON_ACCEPT, maxBytes: maxFileBytes }).then(fileCheck('x402')),
          readProductFeed(reach, origin, homePage, maxFileBytes, fileCheck('feed')),
        ]);
        const { robotsFile, robotsCheck, sitemapCheck, sitemapUrls, productSitemapUrls } = robotsAndSitemap;
        const discovery: Record<DiscoveryName, DiscoveryCheck> = {
          robots_txt: robotsCheck,
          sitemap: sitemapCheck,
          llms_txt: llms,
          agent_card: agentCard,
          x402,
          product_feed: feed,
        };

        const candidates = productCandidates({
          homeUrl: home.url,
          structured: homePage?.structuredUrls ?? [],
          links: homePage?.links ?? [],
          sitemapUrls,
          productSitemapUrls,
        });
        const sample = await findSampleProduct(reach, analyze, candidates, { maxTries: maxProductTries, maxBytes: maxPageBytes });
        const homeIsProduct = !sample && homeEvidence && hasProductData(homeEvidence) && homeEvidence.structured_fields.offers;
        const sampleUrl = sample?.url ?? (homeIsProduct ? home.url : null);
        const product = sample?.evidence ?? (homeIsProduct ? homeEvidence : null);

        const robotsUnreachable =
          robotsFile.status === null || robotsFile.status >= 500
            ? `robots.txt ${robotsFile.status === null ? `could not be fetched (${robotsFile.failure})` : `answers HTTP ${robotsFile.status}`}`
            : null;
        // robots.txt is per origin: a product page on another host of the site has its own.
        const productRobots =
          sampleUrl && new URL(sampleUrl).origin !== origin
            ? await reach.file(`${new URL(sampleUrl).origin}/robots.txt`, { accept: TEXT_ACCEPT, maxBytes: maxFileBytes })
            : null;
        const bot_access = await botAccess(analyze, { home: robotsFile, product: productRobots, homeUrl: home.url, sampleUrl }, reach.signal);
        const { readiness_score, fixes } = scoreReadiness({ discovery, botAccess: bot_access, sampleProductUrl: sampleUrl, product, robotsUnreachable });

        const hints = [homeEvidence?.checkout_hints, product?.checkout_hints];
        const payment_hints = Object.fromEntries(
          WALLET_KEYS.map((key) => [key, hints.some((hint) => hint?.[key] === true)]),
        ) as StoreReadinessResult['payment_hints'];
        const isStore = sampleUrl !== null || discovery.product_feed.valid;
        return {
          domain,
          status: isStore ? 'ok' : 'no_data',
          readiness_score,
          fixes,
          discovery,
          ...(sampleUrl ? { sample_product_url: sampleUrl } : {}),
          product,
          bot_access,
          payment_hints,
          limitations: limitationsOf({ isStore, robotsFile, robotsUnreachable, sampleUrl, product, homePage, homeUnanalysable }),
        };
      },
    },
  );
}

async function readRobotsAndSitemap(reach: Reach, analyze: Analyze, origin: string, maxBytes: number) {
  const robotsFile = await reach.file(`${origin}/robots.txt`, { accept: TEXT_ACCEPT, maxBytes });
  const { check: robotsCheck, sitemaps } = await checked(
    () => analyze('storeRobots', { file: robotsFile }, { signal: reach.signal }),
    robotsFile,
    (check) => ({ check, sitemaps: [] as string[] }),
  );
  const named = sitemaps.filter((url) => /^https?:\/\//i.test(url));
  const readSitemap = async (url: string): Promise<SitemapReading> => {
    const file = await reach.file(url, { accept: XML_ACCEPT, maxBytes });
    return checked(
      () => analyze('storeSitemap', { file }, { signal: reach.signal }),
      file,
      (check) => ({ check, kind: null, locs: [] }),
    );
  };
  let sitemap = await readSitemap(named[0] ?? `${origin}/sitemap.xml`);
  if (!sitemap.check.valid && !named.length) {
    // A common second name when /sitemap.xml is missing.
    const index = await readSitemap(`${origin}/sitemap_index.xml`);
    if (index.check.valid) sitemap = index;
  }
  // Page URLs: the urlset itself, or for an index the child sitemap read (product sitemaps first).
  const sitemapUrls: string[] = sitemap.kind === 'index' ? [] : sitemap.locs;
  const productSitemapUrls: string[] = [];
  if (sitemap.kind === 'index') {
    for (const url of productSitemaps(sitemap.locs, 1)) {
      const child = await readSitemap(url);
      (/product/i.test(url) ? productSitemapUrls : sitemapUrls).push(...child.locs);
    }
  }
  return { robotsFile, robotsCheck, sitemapCheck: sitemap.check, sitemapUrls, productSitemapUrls };
}

async function readAgentCard(reach: Reach, origin: string, maxBytes: number): Promise<StoreFile> {
  const current = await reach.file(`${origin}/.well-known/agent-card.json`, { accept: JSON_ACCEPT, maxBytes });
  if (current.status === 200) return current;
  const older = await reach.file(`${origin}/.well-known/agent.json`, { accept: JSON_ACCEPT, maxBytes });
  return older.status === 200 ? older : current;
}

async function readProductFeed(
  reach: Reach,
  origin: string,
  homePage: StoreHomePage | null,
  maxBytes: number,
  checkFeed: (file: StoreFile) => Promise<DiscoveryCheck>,
): Promise<DiscoveryCheck> {
  const linked = homePage?.feedLinks ?? [];
  const candidates = [...new Set([...linked.slice(0, 2), `${origin}/products.json`])];
  let firstCheck: DiscoveryCheck | null = null;
  for (const url of candidates) {
    const result = await checkFeed(await reach.file(url, { accept: 'application/json,application/rss+xml,application/xml;q=0.9,*/*;q=0.5', maxBytes }));
    if (result.valid) return result;
    firstCheck ??= result;
  }
  return firstCheck!;
}

async function findSampleProduct(
  reach: Reach,
  analyze: Analyze,
  candidates: string[],
  { maxTries, maxBytes }: { maxTries: number; maxBytes: number },
): Promise<{ url: string; evidence: ProductEvidence } | null> {
  let fallback: { url: string; evidence: ProductEvidence } | null = null;
  for (const url of candidates.slice(0, maxTries)) {
    if (reach.signal.aborted) break;
    const file = await reach.file(url, { accept: HTML_ACCEPT, maxBytes });
    if (file.status === null || file.status >= 400 || !isHtml(file.contentType, file.content)) continue;
    let evidence: ProductEvidence;
    try {
      evidence = await analyze('product', { page: file.content, url: file.url }, { signal: reach.signal });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
      continue;
    }
    if (hasProductData(evidence)) return { url: file.url, evidence };
    fallback ??= { url: file.url, evidence };
  }
  return fallback;
}

/** What each agent may fetch, read in the parse pool; robots files that cannot be read within the parse limits count as unreachable (RFC 9309: fetch nothing). */
async function botAccess(analyze: Analyze, input: TaskInput<'storeBotAccess'>, signal: AbortSignal) {
  const { home, product, homeUrl, sampleUrl } = input;
  try {
    return await analyze('storeBotAccess', input, { signal });
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    const unread = (file: StoreFile) => ({
      url: file.url,
      status: null,
      contentType: file.contentType,
      truncated: file.truncated,
      failure: 'unanalysable',
      text: '',
    });
    return botAccessOf(unread(home), product ? unread(product) : null, homeUrl, sampleUrl);
  }
}

function limitationsOf({
  isStore,
  robotsFile,
  robotsUnreachable,
  sampleUrl,
  product,
  homePage,
  homeUnanalysable,
}: {
  isStore: boolean;
  robotsFile: StoreFile;
  robotsUnreachable: string | null;
  sampleUrl: string | null;
  product: ProductEvidence | null;
  homePage: StoreHomePage | null;
  homeUnanalysable: boolean;
}): string[] {
  const limitations = [
    'readiness_score follows the formula in the spec (ReadinessFields); fixes are ordered by the points each would add.',
    'bot_access is what robots.txt asks of each agent (RFC 9309); a firewall or bot-management service may still block an agent robots.txt allows.',
    'The x402 terms and the agent card are checked as published documents; nothing was paid or called.',
  ];
  if (homeUnanalysable)
    limitations.push(
      'The home page could not be analysed within the parse limits (elements, nesting, time): no links or structured data could be read from it.',
    );
  else if (!homePage) limitations.push('The home page is not HTML: no links or structured data could be read from it.');
  if (robotsFile.status !== null && robotsFile.status >= 400 && robotsFile.status < 500)
    limitations.push(`robots.txt answered HTTP ${robotsFile.status}: RFC 9309 then lets every agent fetch everything.`);
  if (robotsUnreachable) limitations.push(`${robotsUnreachable}: RFC 9309 then asks agents to fetch nothing, so every agent is shown as disallowed.`);
  if (sampleUrl) limitations.push('One sample product page was read: other product pages may carry different structured data.');
  else {
    limitations.push(
      'No product page was found from the home page (links, structured data) or the sitemap: sample_product_allowed repeats home_allowed, and the product checks score 0.',
    );
  }
  if (sampleUrl && product && !hasProductData(product))
    limitations.push('The sample product page carries no product structured data: it was chosen by its URL.');
  if (!isStore)
    limitations.push('No product page, product feed or product data was found: the site does not show agents a store (status no_data, not charged).');
  return limitations;
}
