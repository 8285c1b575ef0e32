/**
 * npm run bench:legal-pages
 * The parse pool's CPU per reader on legal pages built to be costly (test/support/costly-pages.ts:
 * images, entities, comments, form controls, attributes, small elements, nesting, tables, lists,
 * links, JSON-LD, meta tags, each under 512 KiB): every parse task that reads a page's HTML runs
 * each page in this thread, as a worker runs it, and its cost is this thread's CPU time
 * (/proc/self/task/<pid>/schedstat: not the time it waits for a core on a busy machine; the wall
 * clock where that is not available), the least of `rounds` runs. Target: at most 1 s per page
 * in every reader.
 * BENCH_ALL=1 prints every reader's figure on every page; BENCH_BYTES=N builds the pages at N bytes
 * (and N/2); BENCH_ROUNDS=N runs each N times (default 1).
 */
import { fileURLToPath } from 'node:url';
import type { TaskName } from '../engines/parse/tasks.ts';
import { COSTLY_PAGE_NAMES, costlyPage, LEGAL_PAGE_BYTES, LEGAL_PAGE_READERS, readerCpuMs, type CostlyPageName } from '../test/support/costly-pages.ts';

export interface LegalPagesOptions {
  /** Readers (parse task names) to measure; default every one that reads HTML. */
  readers?: string[];
  /** Pages (test/support/costly-pages.ts names); default all. */
  pages?: string[];
  /** Size each page is built at (default LEGAL_PAGE_BYTES, under 512 KiB), and half of it: a limit on a count makes the page just under it the costliest. */
  bytes?: number;
  /** Runs of each reader on each page; the least CPU counts (default 1). */
  rounds?: number;
}

export interface LegalPageCost {
  reader: string;
  page: string;
  bytes: number;
  cpuMs: number;
}

/** Every reader's CPU on every page. */
export async function legalPageCosts({
  readers = LEGAL_PAGE_READERS,
  pages = COSTLY_PAGE_NAMES,
  bytes = LEGAL_PAGE_BYTES,
  rounds = 1,
}: LegalPagesOptions = {}): Promise<LegalPageCost[]> {
  const costs: LegalPageCost[] = [];
  for (const name of pages)
    for (const size of [bytes, Math.floor(bytes / 2)]) {
      const html = costlyPage(name as CostlyPageName, size);
      for (const reader of readers) {
        let least = Infinity;
        for (let round = 0; round < rounds; round++) least = Math.min(least, await readerCpuMs(reader as TaskName, html));
        costs.push({ reader, page: name, bytes: Buffer.byteLength(html), cpuMs: Math.round(least) });
      }
    }
  return costs;
}

/** Per reader, its costliest entry. */
function costliestOf(costs: LegalPageCost[]): LegalPageCost[] {
  const costliest = new Map<string, LegalPageCost>();
  for (const cost of costs) if (!costliest.has(cost.reader) || cost.cpuMs > costliest.get(cost.reader)!.cpuMs) costliest.set(cost.reader, cost);
  return [...costliest.values()];
}

/** Per reader, the costliest legal page and its CPU ms (in the order of LEGAL_PAGE_READERS). */
export async function costliestLegalPages(options: LegalPagesOptions = {}): Promise<LegalPageCost[]> {
  return costliestOf(await legalPageCosts(options));
}

async function main() {
  const bytes = Number(process.env.BENCH_BYTES ?? LEGAL_PAGE_BYTES);
  const costs = await legalPageCosts({ bytes, rounds: Number(process.env.BENCH_ROUNDS ?? 1) });
  if (process.env.BENCH_ALL) {
    const readers = LEGAL_PAGE_READERS;
    console.log(['page'.padEnd(24), ...readers.map((reader) => reader.padStart(12))].join(''));
    for (const page of COSTLY_PAGE_NAMES) {
      for (const size of [...new Set(costs.filter((cost) => cost.page === page).map((cost) => cost.bytes))]) {
        console.log(
          [
            `${page} ${Math.round(size / 1000)}K`.padEnd(24),
            ...readers.map((reader) =>
              String(costs.find((cost) => cost.page === page && cost.bytes === size && cost.reader === reader)?.cpuMs ?? '').padStart(12),
            ),
          ].join(''),
        );
      }
    }
    console.log('');
  }
  console.log(`Costliest legal page per reader (thread CPU ms, pages of at most ${bytes.toLocaleString('en-US')} bytes; target <= 1,000 ms)`);
  console.log(`${'reader'.padEnd(14)}${'page'.padEnd(24)}${'bytes'.padStart(10)}${'cpu ms'.padStart(10)}`);
  for (const { reader, page, bytes: size, cpuMs } of costliestOf(costs)) {
    console.log(`${reader.padEnd(14)}${page.padEnd(24)}${String(size).padStart(10)}${String(cpuMs).padStart(10)}${cpuMs > 1_000 ? '  over' : ''}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
