/**
 * The words of clean-markdown's Markdown for many pages, converted in worker threads, one per core
 * (the accuracy tests read 793 pages; the test runner runs one file at a time, so the other cores
 * are otherwise idle). Each worker takes every n-th page; the texts come back in the pages' order.
 */
import { availableParallelism } from 'node:os';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export async function markdownTexts(pages: { html: string; url: string }[], { workers = availableParallelism() } = {}): Promise<string[]> {
  const count = Math.max(1, Math.min(workers, pages.length));
  const shares = Array.from({ length: count }, (_, worker) => pages.filter((_, index) => index % count === worker).map(({ html, url }) => ({ html, url })));
  const results = await Promise.all(
    shares.map(async (share) => {
      // tsx's hooks registered before the TypeScript entry loads (as the net thread starts its own).
      const entry = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./markdown-text-worker.ts', import.meta.url).href)}); })`;
      const worker = new Worker(entry, { eval: true, workerData: share });
      const [texts] = (await once(worker, 'message')) as [string[]];
      await worker.terminate();
      return texts;
    }),
  );
  return pages.map((_, index) => results[index % count][Math.floor(index / count)]);
}
