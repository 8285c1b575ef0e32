import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectJobs, type JobsCache } from '../../../../engines/jobs/collect.ts';
import { ashbyJob, greenhouseJob, makeJobs } from '../../../world/fixtures/job-boards.ts';
import { fakeFetch, type Answer } from './fake-net.ts';
import { WORLD_NOW } from '../../../world/clock.ts';
import { analyzeInline as analyze } from '../../../../server/parse-pool/inline.ts';

function memoryCache(clock: () => number): JobsCache & { entries: Map<string, { value: string; expiresAt: number }> } {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    entries,
    async get(key) {
      const entry = entries.get(key);
      return entry && entry.expiresAt > clock() ? JSON.parse(entry.value) : null;
    },
    async set(key, value, expiresAt) {
      entries.set(key, { value: JSON.stringify(value), expiresAt });
    },
  };
}

const greenhouse = (token: string, count: number): Answer => ({
  json: { jobs: makeJobs(token, count).map((job) => greenhouseJob('Co', token, job)), meta: { total: count } },
});
const GH = (token: string) => `https://boards-api.greenhouse.io/v1/boards/${token}/jobs?content=true&pay_transparency=true`;

describe('collectJobs', () => {
  it('reads a linked board (confidence high), caches it, and answers from the cache before next_poll_after without fetching', async () => {
    let clock = WORLD_NOW;
    const cache = memoryCache(() => clock);
    const fetch = fakeFetch({ 'https://acme.com/': { html: '<a href="https://boards.greenhouse.io/acme">Jobs</a>' }, [GH('acme')]: greenhouse('acme', 4) });
    const deps = { fetch, analyze, now: () => new Date(clock), cache };
    const first = await collectJobs('acme.com', deps);
    assert.equal(first.status, 'ok');
    assert.equal(first.confidence, 'high');
    assert.equal(first.match, 'careers_page_link');
    assert.equal(first.jobs.length, 4);
    assert.equal(first.nextPollAfter, new Date(WORLD_NOW + 6 * 3_600_000).toISOString());
    const calls = fetch.calls.length;
    clock += 3_600_000;
    const again = await collectJobs('acme.com', deps);
    assert.equal(fetch.calls.length, calls);
    assert.equal(again.fromCache, true);
    assert.deepEqual(again.jobs, first.jobs);
    clock = WORLD_NOW + 6 * 3_600_000 + 1;
    await collectJobs('acme.com', deps);
    assert.deepEqual(fetch.calls.slice(calls), [GH('acme')], 'after next_poll_after only the board is read again');
  });

  it('falls back to the name, never takes an empty board as a name match, and marks a generic name', async () => {
    const fetch = fakeFetch(
      {
        'https://brightlynx.com/': { html: '<p>no links</p>' },
        [GH('brightlynx')]: { json: { jobs: [], meta: { total: 0 } } },
        'https://api.ashbyhq.com/posting-api/job-board/brightlynx?includeCompensation=true': {
          json: { apiVersion: '1', jobs: makeJobs('b', 2).map((job) => ashbyJob('brightlynx', job)) },
        },
        'https://zero.dev/': { html: '<p>zero</p>' },
        [GH('zero')]: greenhouse('zero', 3),
      },
      {
        missingHosts: ['careers.brightlynx.com', 'jobs.brightlynx.com', 'brightlynx.recruitee.com', 'careers.zero.dev', 'jobs.zero.dev', 'zero.recruitee.com'],
      },
    );
    const named = await collectJobs('brightlynx.com', { fetch, analyze, now: () => new Date(WORLD_NOW) });
    assert.equal(named.status, 'ok');
    assert.deepEqual(named.board, { provider: 'ashby', slug: 'brightlynx' });
    assert.equal(named.confidence, 'unverified');
    assert.equal(named.match, 'name_match');
    const generic = await collectJobs('zero.dev', { fetch, analyze, now: () => new Date(WORLD_NOW) });
    assert.equal(generic.status, 'not_found');
    assert.equal(generic.generic, true);
    assert.equal(generic.jobs.length, 3, 'reported');
    assert.match(generic.note!, /common word/);
  });

  it('answers no_open_jobs for a linked empty board, unreachable for a failing one, not_found for none', async () => {
    const fetch = fakeFetch(
      {
        'https://quiet.com/': { html: '<a href="https://boards.greenhouse.io/quiet">Jobs</a>' },
        [GH('quiet')]: { json: { jobs: [], meta: { total: 0 } } },
        'https://storm.com/': { html: '<a href="https://boards.greenhouse.io/storm">Jobs</a>' },
        [GH('storm')]: { status: 503 },
        'https://plain.com/': { html: '<p>bread</p>' },
      },
      { missingHosts: ['careers.plain.com', 'jobs.plain.com', 'plain.recruitee.com'] },
    );
    const deps = { fetch, analyze, now: () => new Date(WORLD_NOW) };
    assert.equal((await collectJobs('quiet.com', deps)).status, 'no_open_jobs');
    const storm = await collectJobs('storm.com', deps);
    assert.equal(storm.status, 'unreachable');
    assert.match(storm.note!, /503/);
    const plain = await collectJobs('plain.com', deps);
    assert.equal(plain.status, 'not_found');
    assert.equal(plain.nextPollAfter, null);
  });

  it('is unreachable when a provider asked by name fails and none matched', async () => {
    const fetch = fakeFetch(
      { 'https://plain.com/': { html: '<p>bread</p>' }, 'https://api.lever.co/v0/postings/plain?mode=json&skip=0&limit=100': 'timeout' },
      { missingHosts: ['careers.plain.com', 'jobs.plain.com', 'plain.recruitee.com'] },
    );
    assert.equal((await collectJobs('plain.com', { fetch, analyze, now: () => new Date(WORLD_NOW) })).status, 'unreachable');
  });
});
