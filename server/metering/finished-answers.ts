import type { StoredResponse } from '../store/types.ts';

export interface FinishedAnswer {
  fingerprint: string;
  response: StoredResponse;
  expiresAt: number;
  /** The body as JSON text (HTTP replays send it as is). */
  json: string;
}

/**
 * Finished answers are immutable until they expire, so each instance keeps recent ones in
 * memory: a replay then costs no store round trip. Running or absent rows always go to the
 * store, which decides across instances. Bounded by size, not count: results run from a few
 * hundred bytes to 512 KiB (a soak run showed 10,000 kept answers growing the process by
 * hundreds of MB).
 */
export function createFinishedAnswers({ maxBytes = 16 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const finished = new Map<string, FinishedAnswer & { bytes: number }>();
  let finishedBytes = 0;
  return {
    get: (id: string): FinishedAnswer | undefined => finished.get(id),
    /** Keeps a finished answer; returns its body as JSON text. */
    remember(id: string, entry: Omit<FinishedAnswer, 'json'>): string {
      const json = JSON.stringify(entry.response.body ?? null);
      if (json.length + 256 > maxBytes / 16) return json;
      // Held twice: as the object (MCP answers) and as its JSON text.
      const bytes = 2 * json.length + 256;
      const previous = finished.get(id);
      if (previous) {
        finishedBytes -= previous.bytes;
        finished.delete(id);
      }
      while (finishedBytes + bytes > maxBytes && finished.size) {
        const [oldest, kept] = finished.entries().next().value!;
        finished.delete(oldest);
        finishedBytes -= kept.bytes;
      }
      finished.set(id, { ...entry, bytes, json });
      finishedBytes += bytes;
      return json;
    },
  };
}

export type FinishedAnswers = ReturnType<typeof createFinishedAnswers>;
