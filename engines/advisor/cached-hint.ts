/**
 * Today's status metadata for a domain from what the service already keeps, for cached_hint:
 * - the tech-stack snapshot (the last complete run, kept for added/removed): ok when it found
 *   technologies, no_signals when it found none;
 * - the job-board cache of ats-jobs and company-intent (discovery of the domain's board, then the
 *   board's last read): ok when the board had open jobs, no_open_jobs otherwise, fresh until the
 *   board is read again.
 * Only a status and times leave here, never result data; nothing is fetched.
 */
import { boardKey, type BoardRef } from '../jobs/types.ts';
import type { CachedStatus } from './advise.ts';

export interface StoredReads {
  snapshot(kind: string, key: string): Promise<{ value: unknown; at: number } | null>;
  cache(ns: string, key: string): Promise<unknown | null>;
}

/** Where the engines keep them: handlers/techStack.ts (snapshot kind) and engines/jobs/collect.ts (cache keys) under handlers/jobs-board.ts's namespace. */
export const STORED = {
  techStackSnapshotKind: 'tech-stack',
  jobsNamespace: 'jobs',
  jobsDiscoveryKey: (domain: string) => `discovery:${domain}`,
  jobsBoardKey: (ref: BoardRef) => `board:${boardKey(ref)}`,
};

const sameUtcDay = (iso: string, now: Date) => iso.slice(0, 10) === now.toISOString().slice(0, 10);

export async function cachedStatuses(domain: string, reads: StoredReads, now: Date): Promise<CachedStatus[]> {
  const statuses: CachedStatus[] = [];
  const tech = await reads.snapshot(STORED.techStackSnapshotKind, domain);
  const techValue = tech?.value as { technologies?: unknown; at?: unknown } | undefined;
  if (techValue && typeof techValue.at === 'string' && Array.isArray(techValue.technologies) && sameUtcDay(techValue.at, now)) {
    statuses.push({ tool: 'tech-stack', status: techValue.technologies.length ? 'ok' : 'no_signals', checked_at: techValue.at, fresh_until: null });
  }
  const discovery = (await reads.cache(STORED.jobsNamespace, STORED.jobsDiscoveryKey(domain))) as { board?: BoardRef } | null;
  if (discovery?.board) {
    const board = (await reads.cache(STORED.jobsNamespace, STORED.jobsBoardKey(discovery.board))) as { read?: { jobs?: unknown[] }; fetchedAt?: string; nextPollAfter?: string } | null;
    if (board?.fetchedAt && sameUtcDay(board.fetchedAt, now)) {
      statuses.push({ tool: 'ats-jobs', status: board.read?.jobs?.length ? 'ok' : 'no_open_jobs', checked_at: board.fetchedAt, fresh_until: board.nextPollAfter ?? null });
    }
  }
  return statuses;
}
