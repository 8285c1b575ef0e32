/**
 * Child process for the cross-process store test: opens the store described by argv[2]
 * (running migrations, possibly at the same moment as its siblings), tries `attempts`
 * counters.lease calls and prints how many were taken.
 */
import { randomUUID } from 'node:crypto';
import { openStore, type OpenStoreOptions } from '../../../../server/store/index.ts';

interface WorkerInput {
  options: OpenStoreOptions;
  bucket: string;
  subject: string;
  window: string;
  limit: number;
  attempts: number;
}

async function main(input: WorkerInput): Promise<void> {
  const store = await openStore(input.options);
  try {
    const { bucket, subject, window, limit } = input;
    const results = await Promise.all(
      Array.from({ length: input.attempts }, () => store.counters.lease({ bucket, subject, window, limit, lease: randomUUID(), now: 0, staleAfterMs: 60_000 })),
    );
    process.stdout.write(JSON.stringify({ consumed: results.filter((result) => result.leased).length }));
  } finally {
    await store.close();
  }
}

await main(JSON.parse(process.argv[2] ?? '{}') as WorkerInput);
