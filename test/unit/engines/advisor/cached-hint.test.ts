import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cachedStatuses, STORED } from '../../../../engines/advisor/cached-hint.ts';
import { CACHE_NS } from '../../../../handlers/jobsBoard.ts';

describe("the advisor's cached_hint", () => {
  it('reads the jobs cache under the namespace the jobs handlers write', () => {
    assert.equal(STORED.jobsNamespace, CACHE_NS);
  });
  it("reports today's statuses only, from the snapshot and the board cache, and nothing of older days", async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const board = { provider: 'greenhouse', slug: 'acme' } as const;
    const reads = {
      snapshot: async (kind: string, key: string) =>
        kind === STORED.techStackSnapshotKind && key === 'acme.com' ? { value: { at: '2026-11-22T08:00:00Z', technologies: ['x'] }, at: 0 } : null,
      cache: async (ns: string, key: string) => {
        if (ns !== CACHE_NS) return null;
        if (key === STORED.jobsDiscoveryKey('acme.com')) return { board };
        if (key === STORED.jobsBoardKey(board as any)) return { read: { jobs: [] }, fetchedAt: '2026-11-21T23:00:00Z' };
        return null;
      },
    };
    assert.deepEqual(await cachedStatuses('acme.com', reads, now), [
      { tool: 'tech-stack', status: 'ok', checked_at: '2026-11-22T08:00:00Z', fresh_until: null },
    ]);
  });
});
