/**
 * Today's status metadata for a domain from what the service already keeps, for cached_hint:
 * - the tech-stack snapshot (the last complete run, kept for added/removed): ok when it found
 *   technologies, no_signals when it found none;
 * - the job-board cache of ats-jobs and company-intent (discovery of the domain's board, then the
 *   board's last read): ok when the board had open jobs, no_open_jobs otherwise, fresh until the
 *   board is read again.
 * Only a status and times leave here, never result data; nothing is fetched.
 */
import { BOARD_KEY, DISCOVERY_KEY } from '../jobs/collect.ts';
import { TECH_STACK_SNAPSHOT_KIND } from '../tech-stack/collect.ts';
import type { BoardRef } from '../jobs/types.ts';
import type { CachedStatus } from './advise.ts';

export interface StoredReads {
  snapshot(kind: string, key: string): Promise<{ value: unknown; at: number } | null>;
  cache(ns: string, key: string): Promise<unknown | null>;
}

/** Where the engines keep them; the jobs namespace is handlers/jobsBoard.ts's CACHE_NS (handlers are not imported by engines). */
export const STORED = {
  techStackSnapshotKind: TECH_STACK_SNAPSHOT_KIND,
  jobsNamespace: 'jobs',
  jobsDiscoveryKey: DISCOVERY_KEY,
  jobsBoardKey: BOARD_KEY,
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
    const board = (await reads.cache(STORED.jobsNamespace, STORED.jobsBoardKey(discovery.board))) as {
      read?: { jobs?: unknown[] };
      fetchedAt?: string;
      nextPollAfter?: string;
    } | null;
    if (board?.fetchedAt && sameUtcDay(board.fetchedAt, now)) {
      statuses.push({
        tool: 'ats-jobs',
        status: board.read?.jobs?.length ? 'ok' : 'no_open_jobs',
        checked_at: board.fetchedAt,
        fresh_until: board.nextPollAfter ?? null,
      });
    }
  }
  return statuses;
}
