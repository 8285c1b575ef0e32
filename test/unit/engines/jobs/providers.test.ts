import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_JOBS_CONFIG, type JobsConfig } from '../../../../engines/jobs/config.ts';
import { CLIENTS } from '../../../../engines/jobs/providers/index.ts';
import { normalizeGreenhouse } from '../../../../engines/jobs/providers/greenhouse.ts';
import { normalizeLever } from '../../../../engines/jobs/providers/lever.ts';
import { normalizeAshby } from '../../../../engines/jobs/providers/ashby.ts';
import { normalizeWorkable } from '../../../../engines/jobs/providers/workable.ts';
import { normalizeRecruitee } from '../../../../engines/jobs/providers/recruitee.ts';
import { detailText } from '../../../../engines/jobs/providers/smartrecruiters.ts';
import { BoardUnreachable, type BoardContext } from '../../../../engines/jobs/types.ts';
import { technologyFinder } from '../../../../engines/tech/keywords.ts';
import { ashbyJob, greenhouseJob, leverPosting, makeJobs, recruiteeOffer, smartRecruitersDetail, smartRecruitersPosting, workableJob } from '../../../world/fixtures/job-boards.ts';
import { fakeFetch } from './fake-net.ts';

const finder = technologyFinder();
const jobs = makeJobs('unit', 7);
const context = (fetch: BoardContext['fetch'], config: JobsConfig = DEFAULT_JOBS_CONFIG): BoardContext => ({ fetch, config, finder });

describe('Greenhouse', () => {
  it('unescapes content once more before reading it as HTML, and reads pay ranges in cents', () => {
    const read = normalizeGreenhouse({ jobs: jobs.map((job) => greenhouseJob('Unit Co', 'unit', job)), meta: { total: 7 } }, finder);
    assert.equal(read.jobs.length, 7);
    assert.equal(read.companyName, 'Unit Co');
    const [first] = read.jobs;
    assert.match(first.job_id, /^greenhouse:\d+$/);
    assert.deepEqual(first.technologies, ['Kubernetes', 'Amazon Web Services', 'Terraform']);
    assert.deepEqual(first.salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    assert.equal(first.remote, true, 'location Remote');
    assert.deepEqual(first.departments, ['Engineering']);
    assert.equal(first.posted_at, new Date(jobs[0].postedAt).toISOString());
    assert.equal(read.jobs[1].remote, false);
    assert.equal(read.jobs[1].salary, null);
  });

  it('flags a board whose meta.total is above the jobs listed as partial', () => {
    assert.equal(normalizeGreenhouse({ jobs: [greenhouseJob('U', 'u', jobs[0])], meta: { total: 5 } }, finder).partial, true);
  });

  it('reads {base}/v1/boards/{token}/jobs?content=true from the configured base; 404 is no board, 503 unreachable', async () => {
    const config = { ...DEFAULT_JOBS_CONFIG, greenhouse: 'https://gh.mirror.example.com' };
    const fetch = fakeFetch({ 'https://gh.mirror.example.com/v1/boards/unit/jobs?content=true': { json: { jobs: [], meta: { total: 0 } } }, 'https://gh.mirror.example.com/v1/boards/down/jobs?content=true': { status: 503 } });
    assert.deepEqual((await CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'unit' }, context(fetch, config)))?.jobs, []);
    assert.equal(await CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'missing' }, context(fetch, config)), null);
    await assert.rejects(CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'down' }, context(fetch, config)), BoardUnreachable);
  });
});

describe('Lever', () => {
  it('normalizes postings: allLocations, workplaceType, salaryRange interval, createdAt in ms, country', () => {
    const read = normalizeLever([jobs.map((job) => leverPosting('unit', job))], finder);
    const [first, second] = read.jobs;
    assert.match(first.job_id, /^lever:[0-9a-f-]{36}$/);
    assert.equal(first.remote, true);
    assert.equal(second.remote, false, 'on-site');
    assert.deepEqual(first.salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    assert.deepEqual(first.countries, ['DE']);
    assert.equal(first.posted_at, new Date(jobs[0].postedAt).toISOString());
    assert.equal(first.url, `https://jobs.lever.co/unit/${first.job_id.slice('lever:'.length)}`);
  });

  it('pages with skip and limit until a short page, on the EU host for EU boards', async () => {
    const many = makeJobs('paged', 150);
    const base = 'https://api.eu.lever.co/v0/postings/Paged?mode=json';
    const fetch = fakeFetch({
      [`${base}&skip=0&limit=100`]: { json: many.slice(0, 100).map((job) => leverPosting('Paged', job, true)) },
      [`${base}&skip=100&limit=100`]: { json: many.slice(100).map((job) => leverPosting('Paged', job, true)) },
    });
    const read = await CLIENTS.lever.read({ provider: 'lever', slug: 'Paged', region: 'eu' }, context(fetch));
    assert.equal(read?.jobs.length, 150);
    assert.equal(fetch.calls.length, 2, 'stops at the short page');
    assert.equal(await CLIENTS.lever.read({ provider: 'lever', slug: 'Paged' }, context(fetch)), null, 'the US host does not know an EU board');
  });
});

describe('Ashby', () => {
  it('drops unlisted postings and reads the Salary compensation component', () => {
    const read = normalizeAshby({ apiVersion: '1', jobs: [...jobs.map((job) => ashbyJob('unit', job)), ashbyJob('unit', makeJobs('hidden', 1)[0], false)] }, finder);
    assert.equal(read.jobs.length, 7);
    assert.deepEqual(read.jobs[0].salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    assert.equal(read.jobs[0].remote, true);
    assert.deepEqual(read.jobs[0].countries, ['Germany']);
  });
});

describe('Workable', () => {
  it('normalizes the widget: shortcode ids, telecommuting, locations, a salary written in the text', () => {
    const read = normalizeWorkable({ name: 'Unit Co', jobs: jobs.map((job) => workableJob('unit', job)) }, finder);
    assert.equal(read.companyName, 'Unit Co');
    const [first] = read.jobs;
    assert.match(first.job_id, /^workable:[0-9A-F]{10}$/);
    assert.equal(first.remote, true);
    assert.deepEqual(first.locations, ['Berlin, Berlin, Germany']);
    assert.deepEqual(first.salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    assert.equal(first.posted_at, `${new Date(jobs[0].postedAt).toISOString().slice(0, 10)}T00:00:00.000Z`);
  });
});

describe('SmartRecruiters', () => {
  it('pages by offset, keeps the id case, reads up to maxDetailCalls details without the company description', async () => {
    const many = makeJobs('sr', 130);
    const base = 'https://api.smartrecruiters.com/v1/companies/UnitCo/postings';
    const routes: Record<string, any> = {
      [`${base}?limit=100&offset=0`]: { json: { offset: 0, limit: 100, totalFound: 130, content: many.slice(0, 100).map((job) => smartRecruitersPosting('UnitCo', 'Unit', job)) } },
      [`${base}?limit=100&offset=100`]: { json: { offset: 100, limit: 100, totalFound: 130, content: many.slice(100).map((job) => smartRecruitersPosting('UnitCo', 'Unit', job)) } },
    };
    for (const job of many) routes[`${base}/${smartRecruitersPosting('UnitCo', 'Unit', job).id}`] = { json: smartRecruitersDetail('UnitCo', 'Unit', job) };
    const fetch = fakeFetch(routes);
    const read = await CLIENTS.smartrecruiters.read({ provider: 'smartrecruiters', slug: 'UnitCo' }, { ...context(fetch), maxDetailCalls: 5 });
    assert.equal(read?.jobs.length, 130);
    assert.equal(fetch.calls.filter((url) => /postings\/\d+$/.test(url)).length, 5);
    assert.deepEqual(read?.jobs[0].technologies, ['Kubernetes', 'Amazon Web Services', 'Terraform']);
    assert.ok(!read?.jobs[0].technologies.includes('Salesforce'), 'the company description is skipped');
    assert.deepEqual(read?.jobs[10].technologies, [], 'beyond the detail cap: title only');
    assert.equal(read?.jobs[0].url, `https://jobs.smartrecruiters.com/UnitCo/${smartRecruitersPosting('UnitCo', 'Unit', many[0]).id}`);
    assert.doesNotMatch(detailText(smartRecruitersDetail('UnitCo', 'Unit', many[0])), /consulting/);
  });
});

describe('Recruitee', () => {
  it('normalizes offers: string salaries, published_at in UTC words, remote, the custom careers host', async () => {
    const read = normalizeRecruitee({ offers: jobs.map((job, index) => recruiteeOffer('Unit Co', 'careers.unit.com', job, index)) }, finder);
    const [first, second] = read.jobs;
    assert.deepEqual(first.salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    assert.equal(second.salary, null, 'salary {}');
    assert.equal(first.posted_at, new Date(Math.floor(jobs[0].postedAt / 1000) * 1000).toISOString());
    assert.equal(first.remote, true);
    const fetch = fakeFetch({ 'https://careers.unit.com/api/offers/': { json: { offers: [] } } }, { missingHosts: ['nobody.recruitee.com'] });
    assert.deepEqual((await CLIENTS.recruitee.read({ provider: 'recruitee', slug: 'careers.unit.com', host: 'careers.unit.com' }, context(fetch)))?.jobs, []);
    assert.equal(await CLIENTS.recruitee.read({ provider: 'recruitee', slug: 'nobody' }, context(fetch)), null, 'a company subdomain that does not resolve is no board');
  });

  it('turns a timeout into BoardUnreachable', async () => {
    const fetch = fakeFetch({ 'https://slow.recruitee.com/api/offers/': 'timeout' });
    await assert.rejects(CLIENTS.recruitee.read({ provider: 'recruitee', slug: 'slow' }, context(fetch)), (error: unknown) => error instanceof BoardUnreachable && /timeout/.test(error.message));
  });
});
