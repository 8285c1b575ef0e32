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
import {
  ashbyJob,
  greenhouseJob,
  leverPosting,
  makeBareJobs,
  makeJobs,
  recruiteeOffer,
  smartRecruitersDetail,
  smartRecruitersPosting,
  workableJob,
} from '../../../world/fixtures/job-boards.ts';
import { fakeFetch, type Answer } from './fake-net.ts';
import { MAX_DETAIL_BYTES } from '../../../../engines/jobs/http.ts';
import type { Analyze } from '../../../../engines/parse/types.ts';
import { analyzeInline as analyze } from '../../../../server/parse-pool/inline.ts';

const finder = technologyFinder();
const jobs = makeJobs('unit', 7);
const context = (fetch: BoardContext['fetch'], config: JobsConfig = DEFAULT_JOBS_CONFIG): BoardContext => ({ fetch, analyze, config });

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
    const fetch = fakeFetch({
      'https://gh.mirror.example.com/v1/boards/unit/jobs?content=true&pay_transparency=true': { json: { jobs: [], meta: { total: 0 } } },
      'https://gh.mirror.example.com/v1/boards/down/jobs?content=true&pay_transparency=true': { status: 503 },
    });
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
    const read = normalizeAshby(
      { apiVersion: '1', jobs: [...jobs.map((job) => ashbyJob('unit', job)), ashbyJob('unit', makeJobs('hidden', 1)[0], false)] },
      finder,
    );
    assert.equal(read.jobs.length, 7);
    assert.deepEqual(read.jobs[0].salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    assert.equal(read.jobs[0].remote, true);
    assert.deepEqual(read.jobs[0].countries, ['DE'], 'Germany, an unambiguous country name');
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
      [`${base}?limit=100&offset=0`]: {
        json: { offset: 0, limit: 100, totalFound: 130, content: many.slice(0, 100).map((job) => smartRecruitersPosting('UnitCo', 'Unit', job)) },
      },
      [`${base}?limit=100&offset=100`]: {
        json: { offset: 100, limit: 100, totalFound: 130, content: many.slice(100).map((job) => smartRecruitersPosting('UnitCo', 'Unit', job)) },
      },
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
    assert.equal(
      await CLIENTS.recruitee.read({ provider: 'recruitee', slug: 'nobody' }, context(fetch)),
      null,
      'a company subdomain that does not resolve is no board',
    );
  });

  it('turns a timeout into BoardUnreachable', async () => {
    const fetch = fakeFetch({ 'https://slow.recruitee.com/api/offers/': 'timeout' });
    await assert.rejects(
      CLIENTS.recruitee.read({ provider: 'recruitee', slug: 'slow' }, context(fetch)),
      (error: unknown) => error instanceof BoardUnreachable && /timeout/.test(error.message),
    );
  });
});

describe('job facts per board', () => {
  const bareJobs = makeBareJobs('bare', 2);
  it("reads employment type, workplace, countries and an excerpt from each board's own fields", () => {
    const lever = normalizeLever([jobs.map((job) => leverPosting('unit', job))], finder).jobs;
    assert.deepEqual(
      lever.map((job) => job.employment_type),
      jobs.map((job) => job.employmentType),
    );
    assert.deepEqual(
      lever.map((job) => job.workplace),
      jobs.map((job) => job.workplace),
    );
    const ashby = normalizeAshby({ jobs: jobs.map((job) => ashbyJob('unit', job)) }, finder).jobs;
    assert.deepEqual(
      ashby.map((job) => [job.employment_type, job.workplace]),
      jobs.map((job) => [job.employmentType, job.workplace]),
    );
    const recruitee = normalizeRecruitee({ offers: jobs.map((job, index) => recruiteeOffer('Unit Co', 'careers.unit.com', job, index)) }, finder).jobs;
    assert.deepEqual(
      recruitee.map((job) => [job.employment_type, job.workplace, job.countries]),
      jobs.map((job) => [job.employmentType, job.workplace, [job.locations[0].code]]),
    );
    const workable = normalizeWorkable({ jobs: jobs.map((job) => workableJob('unit', job)) }, finder).jobs;
    assert.deepEqual(
      workable.map((job) => job.workplace),
      jobs.map((job) => (job.remote ? 'remote' : null)),
      'the widget states remote only',
    );
    const greenhouse = normalizeGreenhouse({ jobs: jobs.map((job) => greenhouseJob('Unit', 'unit', job)) }, finder).jobs;
    assert.deepEqual(
      greenhouse.map((job) => job.employment_type),
      jobs.map((job) => job.employmentType),
      'the Employment Type custom field',
    );
    assert.ok(
      greenhouse.every((job) => job.workplace === null && job.countries.length === 0),
      'Greenhouse states neither',
    );
    assert.match(lever[0].description_excerpt!, /^About the role Join R&D at unit\./);
    assert.equal(lever[0].seniority, 'senior', 'Senior Backend Engineer');
  });

  it('leaves every fact absent for a board that states nothing', () => {
    const [job] = normalizeLever([bareJobs.map((j) => leverPosting('bare', j))], finder).jobs;
    assert.deepEqual(
      [job.employment_type, job.workplace, job.countries, job.description_excerpt, job.salary, job.seniority],
      [null, null, [], null, null, null],
    );
  });
});

describe('Greenhouse pay transparency', () => {
  const board = makeJobs('pay', 6);
  const base = 'https://boards-api.greenhouse.io/v1/boards/pay/jobs';
  const detail = (job: (typeof board)[number], pay: boolean) => ({ json: greenhouseJob('Pay', 'pay', job, { pay }) });

  it('asks the list with pay_transparency=true and makes no detail call when the list carries pay ranges', async () => {
    const fetch = fakeFetch({ [`${base}?content=true&pay_transparency=true`]: { json: { jobs: board.map((job) => greenhouseJob('Pay', 'pay', job)) } } });
    const read = await CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'pay' }, context(fetch));
    assert.equal(fetch.calls.length, 1);
    assert.equal(read!.jobs.filter((job) => job.salary).length, board.filter((job) => job.salary).length);
  });

  it('reads pay ranges from job details (with the flag) when the list has none, at most maxDetailCalls, newest first', async () => {
    const routes: Record<string, any> = {
      [`${base}?content=true&pay_transparency=true`]: { json: { jobs: board.map((job) => greenhouseJob('Pay', 'pay', job, { pay: false })) } },
    };
    for (const job of board) {
      const id = greenhouseJob('Pay', 'pay', job).id;
      routes[`${base}/${id}?pay_transparency=true`] = detail(job, true);
      routes[`${base}/${id}`] = detail(job, false);
    }
    const fetch = fakeFetch(routes);
    const read = await CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'pay' }, { ...context(fetch), maxDetailCalls: 4 });
    const details = fetch.calls.slice(1);
    assert.equal(details.length, 4);
    assert.ok(details.every((url) => url.endsWith('?pay_transparency=true')));
    const newest = [...board].sort((a, b) => b.postedAt - a.postedAt).slice(0, 4);
    const expected = newest.filter((job) => job.salary).map((job) => `greenhouse:${greenhouseJob('Pay', 'pay', job).id}`);
    assert.deepEqual(
      read!.jobs
        .filter((job) => job.salary)
        .map((job) => job.job_id)
        .sort(),
      expected.sort(),
    );
    assert.ok(expected.length > 0);
  });
});

describe('board reads off the main thread', () => {
  const board = makeJobs('pool', 3);
  const base = 'https://boards-api.greenhouse.io/v1/boards/pool/jobs';
  const list = { json: { jobs: board.map((job) => greenhouseJob('Pool', 'pool', job, { pay: false })) } };

  it('asks the parse pool for paging facts and the normalized read only (no JSON value crosses), and reads a detail answer up to MAX_DETAIL_BYTES', async () => {
    const routes: Record<string, Answer> = { [`${base}?content=true&pay_transparency=true`]: list };
    for (const job of board)
      routes[`${base}/${greenhouseJob('Pool', 'pool', job).id}?pay_transparency=true`] = { json: greenhouseJob('Pool', 'pool', job, { pay: true }) };
    const listed = fakeFetch(routes);
    const caps = new Map<string, number | undefined>();
    const fetch = (async (url, options) => {
      caps.set(url, options?.maxBodyBytes);
      return listed(url, options);
    }) as BoardContext['fetch'];
    const tasks: string[] = [];
    const spy: Analyze = (task, input, options) => {
      tasks.push(task);
      return analyze(task, input, options);
    };
    const read = await CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'pool' }, { fetch, analyze: spy, config: DEFAULT_JOBS_CONFIG });
    assert.deepEqual(tasks, ['jobBoardPage', 'jobBoard']);
    assert.equal(read!.jobs.length, 3);
    assert.ok(board.some((job) => job.salary));
    assert.equal(read!.jobs.filter((job) => job.salary).length, board.filter((job) => job.salary).length, "the details' pay ranges reached the jobs");
    const detailCaps = [...caps].filter(([url]) => url !== `${base}?content=true&pay_transparency=true`).map(([, cap]) => cap);
    assert.equal(detailCaps.length, 3);
    assert.ok(detailCaps.every((cap) => cap === MAX_DETAIL_BYTES));
    assert.ok(caps.get(`${base}?content=true&pay_transparency=true`)! > MAX_DETAIL_BYTES, 'the list is read up to the board cap');
  });

  it('a detail answer past MAX_DETAIL_BYTES leaves the job without its pay range, the board read', async () => {
    const routes: Record<string, Answer> = { [`${base}?content=true&pay_transparency=true`]: list };
    for (const job of board)
      routes[`${base}/${greenhouseJob('Pool', 'pool', job).id}?pay_transparency=true`] = { json: greenhouseJob('Pool', 'pool', job, { pay: true }) };
    const listed = fakeFetch(routes);
    // A fetch that keeps its cap as the safe fetcher does: an answer past it comes back truncated.
    const fetch = (async (url, options) => {
      const response = await listed(url, options);
      return url.includes('/jobs/') ? { ...response, truncated: true } : response;
    }) as BoardContext['fetch'];
    const read = await CLIENTS.greenhouse.read({ provider: 'greenhouse', slug: 'pool' }, { fetch, analyze, config: DEFAULT_JOBS_CONFIG });
    assert.equal(read!.jobs.length, 3);
    assert.ok(
      board.some((job) => job.salary),
      'the board has a job whose detail carries pay',
    );
    assert.equal(read!.jobs.filter((job) => job.salary).length, 0);
  });
});
