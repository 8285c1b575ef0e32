/**
 * Every CPU-heavy step on fetched content, by name: what the parse pool's workers run
 * (server/parse-pool/worker.ts) and what analyzeInline runs in the calling thread. Each takes and
 * returns plain data (structured-cloneable: no DOM crosses a thread).
 */
import type { SelectOptions } from '../markdown/main-content.ts';
import { htmlToMarkdown } from '../markdown/convert.ts';
import { extractProduct } from '../product/extract.ts';
import { readPage } from '../contacts/page.ts';
import { scanForInjection, type ScanInput } from '../merchant/injection.ts';
import { detect, extractContainerIds, type DetectInput } from '../tech/detect.ts';
import { readStoreHome } from '../store-readiness/home-page.ts';
import { readPromoPage } from '../promo/page.ts';
import { readCompanyFacts } from '../company/facts.ts';

export const TASKS = {
  /** clean-markdown: parse, main content, Markdown, title and description. */
  markdown: ({ html, url, select }: { html: string; url: string; select?: SelectOptions }) => htmlToMarkdown(html, url, select),
  /** universal_product_url_to_json: the product evidence of one page (JSON-LD, microdata, Open Graph, checkout). */
  product: ({ html, url }: { html: string; url: string }) => extractProduct(html, url),
  /** extract-contacts: addresses, people, social profiles and links of one page. */
  contacts: ({ html, url, teamPage }: { html: string; url: string; teamPage?: boolean }) => readPage(html, url, { teamPage }),
  /** verify-merchant: the prompt-injection scan of pages and terms. */
  injection: (input: ScanInput) => scanForInjection(input),
  /** The store readiness audit: a home page's product evidence, product URLs, links and feeds. */
  storeHome: ({ html, url }: { html: string; url: string }) => readStoreHome(html, url),
  /** checkout_active_promo_code_finder: a page's SEO texts, and its text or promo links as asked. */
  promoPage: ({ html, url, maxLinks, withText }: { html: string; url: string; maxLinks?: number; withText?: boolean }) => readPromoPage(html, url, { maxLinks, withText }),
  /** company-profile, company-footprint, the legitimacy skill: what the home page states about the company. */
  companyFacts: ({ html, url, now }: { html: string; url: string; now: string }) => readCompanyFacts(html, url, { now: new Date(now) }),
  /** tech-stack: the tag-manager containers a page loads. */
  containerIds: ({ html }: { html: string }) => extractContainerIds(html),
  /** tech-stack: the technologies of a page, its containers, headers, cookies and DNS. */
  detect: (input: DetectInput) => detect(input),
};

export type ParseTasks = typeof TASKS;
export type TaskName = keyof ParseTasks;
export type TaskInput<K extends TaskName> = Parameters<ParseTasks[K]>[0];
export type TaskOutput<K extends TaskName> = ReturnType<ParseTasks[K]>;

/** Runs one named task on the calling thread. */
export function runTask<K extends TaskName>(task: K, input: TaskInput<K>): TaskOutput<K> {
  const run = TASKS[task] as (input: TaskInput<K>) => TaskOutput<K>;
  if (typeof run !== 'function') throw new TypeError(`unknown parse task ${String(task)}`);
  return run(input);
}
