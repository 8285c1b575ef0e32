/**
 * ats-jobs and company-intent end to end against the offline world: the six providers' public
 * APIs on their real host names, discovery by link, embed script and name, the per-board cache,
 * the diff round trip, the 1,000-job board, the size limit, every status and charging only ok.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installJobBoards, JOB_DOMAINS, type JobBoardsWorld } from '../world/fixtures/job-boards.ts';
import { assertValid, call } from '../support/contract.ts';
import { WORLD_NOW } from '../world/clock.ts';
import { wholeAnswer } from '../support/pages.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('198.51.100.');
const HOUR = 3_600_000;

describe('ats-jobs and company-intent against the offline world', { timeout: 120_000 }, () => {
  let boards: JobBoardsWorld;
  let clock = WORLD_NOW;
  const setup = worldService({ install: (world) => (boards = installJobBoards(world)), service: { now: () => new Date(clock) } });

  const jobs = (domain: string, extra: Record<string, unknown> = {}, headers = caller()) =>
    call(setup.url, '/v1/ats-jobs', { body: { domain, ...extra }, headers });
  /** Every job of the answer (all its pages, one caller). */
  const allJobs = (domain: string, extra: Record<string, unknown> = {}, headers = caller()) =>
    wholeAnswer('jobs', (paging) => jobs(domain, { ...extra, ...paging }, headers));
  const intent = (domain: string, headers = caller()) => call(setup.url, '/v1/company-intent', { body: { domain }, headers });

  const found: [string, string, string, string, string][] = [
    ['a Greenhouse board embedded on a linked careers page', JOB_DOMAINS.greenhouseEmbed, 'greenhouse', 'northwindrobotics', 'greenhouse:northwindrobotics'],
    ['a Lever EU board linked from the home page, over two pages', JOB_DOMAINS.leverEu, 'lever', 'fjordpay', 'lever-eu:fjordpay'],
    ['an Ashby board embedded on the home page (unlisted postings dropped)', JOB_DOMAINS.ashbyEmbed, 'ashby', 'quillstack', 'ashby:quillstack'],
    ['a Workable board linked from /careers', JOB_DOMAINS.workablePath, 'workable', 'tidewater', 'workable:tidewater'],
    ['a SmartRecruiters board under its case-sensitive id', JOB_DOMAINS.smartRecruiters, 'smartrecruiters', 'AristaLine', 'smartrecruiters:AristaLine'],
    [
      "a Recruitee board on the company's own careers domain",
      JOB_DOMAINS.recruiteeCustom,
      'recruitee',
      'careers.kestrel-mobility.com',
      'recruitee:careers.kestrel-mobility.com',
    ],
  ];
  for (const [name, domain, provider, slug, key] of found) {
    it(`finds ${name}: ok, confidence high, charged`, async () => {
      const { status, body, headers } = await allJobs(domain);
      assert.equal(status, 200);
      assert.equal(body.status, 'ok', body.note);
      assert.equal(body.ats_type, provider);
      assert.equal(body.board_slug, slug);
      assert.equal(body.confidence, 'high');
      assert.equal(body.board_match, 'careers_page_link');
      const expected = boards.jobs(key as any);
      assert.equal(body.total_active_jobs, expected.length);
      assert.deepEqual(new Set(body.jobs.map((job: any) => job.job_id)), new Set(expected.map((job) => boards.jobId(key as any, job))));
      assert.equal(body.remote_jobs, expected.filter((job) => job.remote).length);
      assert.equal(body.jobs_returned, expected.length);
      assert.equal(body.jobs_truncated, false);
      assert.ok(body.jobs.every((job: any) => job.job_id.startsWith(`${provider}:`) && job.title && job.departments.length === 1 && job.locations.length >= 1));
      assert.ok(Date.parse(body.next_poll_after) > clock);
      assert.equal(headers.get('x-usage-free-remaining'), '4', 'charged');
      assert.deepEqual(
        body.next_steps.map((step: any) => step.tool),
        ['company-intent', 'tech-stack', 'search-ads', 'company-profile'],
      );
    });
  }

  it('reads Greenhouse content escaped twice into technologies, and salaries from pay ranges', async () => {
    const { body } = await jobs(JOB_DOMAINS.greenhouseEmbed);
    const first = body.jobs.find((job: any) => job.title === 'Senior Backend Engineer');
    assert.deepEqual(first.technologies, ['Kubernetes', 'Amazon Web Services', 'Terraform']);
    assert.deepEqual(first.salary, { min: 90_000, max: 130_000, currency: 'USD', interval: 'year' });
    const fixture = new Map(boards.jobs('greenhouse:northwindrobotics').map((job) => [boards.jobId('greenhouse:northwindrobotics', job), job]));
    for (const job of body.jobs)
      assert.deepEqual(
        job.technologies,
        fixture.get(job.job_id)!.technologies,
        `${job.title}: a snowflake schema, outreach and a segment are not technologies`,
      );
    assert.ok(body.jobs.some((job: any) => job.technologies.length === 0));
    assert.equal(body.jobs_with_salary, boards.jobs('greenhouse:northwindrobotics').filter((job) => job.salary).length);
  });

  it('finds a board by name only: unverified, name_match, ok and charged', async () => {
    const { body, headers } = await jobs(JOB_DOMAINS.nameMatch);
    assert.equal(body.status, 'ok');
    assert.equal(body.ats_type, 'greenhouse');
    assert.equal(body.confidence, 'unverified');
    assert.equal(body.board_match, 'name_match');
    assert.equal(body.total_active_jobs, 4);
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  it('reports a name-only match on a generic name but never charges it (ats-jobs and company-intent)', async () => {
    const who = caller();
    const listed = await jobs(JOB_DOMAINS.genericName, {}, who);
    assert.equal(listed.body.status, 'not_found');
    assert.equal(listed.body.ats_type, 'ashby');
    assert.equal(listed.body.confidence, 'unverified');
    assert.equal(listed.body.board_match, 'name_match');
    assert.equal(listed.body.total_active_jobs, 3, 'reported');
    assert.match(listed.body.note, /common word/);
    assert.equal(listed.headers.get('x-usage-free-remaining'), '5', 'not charged');
    const scored = await intent(JOB_DOMAINS.genericName, who);
    assert.equal(scored.body.status, 'not_found');
    assert.equal(scored.body.confidence, 'unverified');
    assert.equal(scored.body.total_open_roles, 3);
    assert.ok(scored.body.intent_score > 0, 'the figures are computed');
    assert.equal(scored.headers.get('x-usage-free-remaining'), '5', 'not charged');
  });

  const free: [string, string, string][] = [
    ['no_open_jobs for a linked board without jobs', JOB_DOMAINS.noOpenJobs, 'no_open_jobs'],
    ['unreachable when the linked board answers 503', JOB_DOMAINS.unreachable, 'unreachable'],
    ['not_found when there is no board', JOB_DOMAINS.notFound, 'not_found'],
  ];
  for (const [name, domain, expected] of free) {
    it(`answers ${name}, free, on both operations`, async () => {
      const who = caller();
      const listed = await jobs(domain, {}, who);
      assert.equal(listed.status, 200);
      assert.equal(listed.body.status, expected);
      assert.equal(listed.body.total_active_jobs, 0);
      assert.deepEqual(listed.body.jobs, []);
      assert.equal(listed.body.next_steps, undefined);
      assert.equal(listed.headers.get('x-usage-free-remaining'), '5');
      const scored = await intent(domain, who);
      assert.equal(scored.body.status, expected);
      assert.equal(scored.body.intent_score, 0);
      assert.equal(scored.body.hiring_status, 'steady');
      assert.equal(scored.headers.get('x-usage-free-remaining'), '5');
    });
  }

  it('serves a board from the cache until next_poll_after, with no upstream call', async () => {
    const first = await jobs(JOB_DOMAINS.workablePath);
    const before = setup.world.sites.requests.length;
    clock += HOUR;
    const again = await jobs(JOB_DOMAINS.workablePath);
    assert.equal(setup.world.sites.requests.length, before, 'neither the website nor the provider was asked');
    assert.equal(again.body.next_poll_after, first.body.next_poll_after);
    assert.equal(again.body.total_active_jobs, first.body.total_active_jobs);
    assert.match(again.body.note, /Served from the board read at/);
    const scored = await intent(JOB_DOMAINS.workablePath);
    assert.equal(setup.world.sites.requests.length, before, 'company-intent shares the cache');
    assert.equal(scored.body.total_open_roles, first.body.total_active_jobs);
    clock = Date.parse(first.body.next_poll_after) + 1;
    await jobs(JOB_DOMAINS.workablePath);
    const boardReads = setup.world.sites.requests.filter((request) => request.host === 'apply.workable.com' && request.url.includes('/tidewater'));
    assert.equal(boardReads.length, 2, 'read again after next_poll_after');
    assert.equal(setup.world.sites.requests.slice(before).filter((request) => request.host === JOB_DOMAINS.workablePath).length, 0, 'without rediscovery');
  });

  it('round-trips a diff: 2 closed and 3 opened are exactly the five, and diff_only lists only the 3 new', async () => {
    const key = 'lever-eu:fjordpay' as const;
    const first = await allJobs(JOB_DOMAINS.leverEu);
    assert.equal(first.body.total_active_jobs, 130);
    assert.equal(first.body.diff, null);
    const known = first.body.jobs.map((job: any) => job.job_id);
    const closed = boards.closeJobs(key, 2);
    const opened = boards.openJobs(key, 3);
    clock = Date.parse(first.body.next_poll_after) + 1;

    const second = await jobs(JOB_DOMAINS.leverEu, { known_job_ids: known });
    assert.equal(second.body.status, 'ok');
    assert.deepEqual(new Set(second.body.diff.new_job_ids), new Set(opened));
    assert.deepEqual(new Set(second.body.diff.closed_job_ids), new Set(closed));
    assert.equal(second.body.diff.new_job_ids.length + second.body.diff.closed_job_ids.length, 5);
    assert.equal(second.body.diff.unchanged_count, 128);
    assert.equal(second.body.total_active_jobs, 131);
    assert.equal(second.body.jobs_returned, 131);

    const upstream = setup.world.sites.requests.length;
    const only = await jobs(JOB_DOMAINS.leverEu, { known_job_ids: known, diff_only: true });
    assert.equal(setup.world.sites.requests.length, upstream, 'the diff_only call is served from the cache');
    assert.deepEqual(new Set(only.body.jobs.map((job: any) => job.job_id)), new Set(opened));
    assert.equal(only.body.jobs_returned, 3);
    assert.equal(only.body.jobs_truncated, false);
    assert.equal(only.body.total_active_jobs, 131, 'aggregates still cover the whole board');
  });

  it('returns 300 of a 1,000-job board with aggregates over all 1,000', async () => {
    const all = boards.jobs('greenhouse:megafreight');
    const { body } = await allJobs(JOB_DOMAINS.big);
    assert.equal(body.status, 'ok');
    assert.equal(body.total_active_jobs, 1000);
    assert.equal(body.jobs.length, 300);
    assert.equal(body.jobs_returned, 300);
    assert.equal(body.jobs_truncated, true);
    const sum = (map: Record<string, number>) => Object.values(map).reduce((a, b) => a + b, 0);
    assert.equal(sum(body.jobs_by_department), 1000);
    assert.equal(body.remote_jobs, all.filter((job) => job.remote).length);
    assert.equal(body.jobs_with_salary, all.filter((job) => job.salary).length);
    assert.equal(body.top_technologies.Kubernetes, all.filter((job) => job.technologies.includes('Kubernetes')).length);
    assert.ok(body.top_technologies.Kubernetes > 100);
    assert.equal(body.top_locations.Berlin, all.filter((job) => job.locations.some((l) => l.city === 'Berlin')).length);
    assert.equal(body.top_locations.Remote, all.filter((job) => job.remote).length);
    const times = body.jobs.map((job: any) => job.posted_at);
    assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
  });

  it('refuses an answer too large without diff_only (engine_result_too_large), and fits one with diff_only', async () => {
    const who = caller();
    const { status, body, headers } = await jobs(JOB_DOMAINS.tooLarge, {}, who);
    assert.equal(status, 400);
    assert.equal(body.code, 'engine_result_too_large');
    assert.equal(headers.get('x-usage-free-remaining'), '5', 'not charged');
    const only = await jobs(JOB_DOMAINS.tooLarge, { known_job_ids: ['recruitee:0'], diff_only: true }, who);
    assert.equal(only.body.status, 'ok');
    assert.equal(only.body.total_active_jobs, 400);
    assert.equal(only.body.jobs_truncated, true);
    assert.ok(only.body.jobs_returned > 0 && only.body.jobs_returned < 300);
    assert.ok(Buffer.byteLength(JSON.stringify(only.body.jobs)) <= 512 * 1024);
  });

  it('scores hiring intent with breakdowns, buying signals and notable roles', async () => {
    const { body, headers } = await intent(JOB_DOMAINS.big);
    assert.equal(body.status, 'ok');
    assert.equal(body.confidence, 'high');
    assert.equal(body.total_open_roles, 1000);
    assert.equal(body.hiring_status, 'hypergrowth');
    assert.ok(body.intent_score >= 40 && body.intent_score <= 100, String(body.intent_score));
    const all = boards.jobs('greenhouse:megafreight');
    assert.equal(body.roles_with_known_post_date, 1000);
    assert.equal(body.roles_posted_last_30_days, all.filter((job) => clock - job.postedAt <= 30 * 86_400_000).length);
    assert.ok(
      body.function_breakdown.sales > 0 && body.function_breakdown.engineering > 0 && body.function_breakdown.data_ai > 0,
      JSON.stringify(body.function_breakdown),
    );
    assert.equal(
      Object.values(body.function_breakdown as Record<string, number>).reduce((a, b) => a + b, 0),
      1000,
    );
    assert.ok(body.buying_signals.cloud_infra.includes('Kubernetes'));
    assert.ok(body.buying_signals.sales_tools.includes('Salesforce'));
    assert.ok(body.buying_signals.databases.includes('PostgreSQL'));
    assert.equal(body.notable_open_roles.length, 10);
    assert.equal(body.notable_open_roles[0].seniority, 'executive');
    assert.equal(headers.get('x-usage-free-remaining'), '4');
    assert.equal(body.next_steps[0].tool, 'ats-jobs');
  });

  it('refuses diff_only without known_job_ids and bad known_job_ids', async () => {
    const missing = await jobs(JOB_DOMAINS.leverEu, { diff_only: true });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'diff_only_needs_known_job_ids');
    const bad = await jobs(JOB_DOMAINS.leverEu, { known_job_ids: [''] });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_known_job_ids');
  });

  const LEVELS: Record<string, string> = {
    'Senior Backend Engineer': 'senior',
    'VP of Sales': 'vp',
    'Head of Marketing': 'director',
    'Staff Software Engineer': 'staff',
    'Director of Engineering': 'director',
    'Partnerships Lead': 'lead',
  };
  for (const [, domain, provider, , key] of found) {
    it(`gives the job facts ${provider} publishes, from its own fields, and nothing it does not`, async () => {
      const { body } = await jobs(domain);
      assertValid('AtsJobsResult', body);
      const fixture = new Map(boards.jobs(key as any).map((job) => [boards.jobId(key as any, job), job]));
      for (const job of body.jobs) {
        const source = fixture.get(job.job_id)!;
        assert.equal(job.employment_type, source.employmentType, `${job.title}: employment type`);
        const workplace = provider === 'greenhouse' ? null : provider === 'workable' ? (source.remote ? 'remote' : null) : source.workplace;
        assert.equal(job.workplace, workplace, `${provider} ${job.title}: workplace`);
        const countries =
          provider === 'greenhouse' ? [] : provider === 'workable' ? [...new Set(source.locations.map((l) => l.code))] : [source.locations[0].code];
        assert.deepEqual(job.countries, countries, `${provider}: countries`);
        assert.equal(job.seniority, LEVELS[job.title] ?? null, job.title);
        assert.match(job.description_excerpt, /About the role Join R&D at /);
        assert.ok(job.description_excerpt.length <= 300);
      }
      assert.ok(
        body.jobs.some((job: any) => job.employment_type !== 'full_time'),
        'the fixtures vary the type',
      );
    });
  }

  it('states nothing a board does not publish: a Lever board with no type, workplace, country, pay or text', async () => {
    const { body } = await jobs(JOB_DOMAINS.bare);
    assert.equal(body.status, 'ok');
    assert.equal(body.total_active_jobs, 4);
    for (const job of body.jobs) {
      assert.deepEqual(
        [job.employment_type, job.workplace, job.countries, job.description_excerpt, job.salary, job.seniority, job.technologies],
        [null, null, [], null, null, null, []],
        job.title,
      );
    }
    assert.equal(body.jobs_with_salary, 0);
  });

  it('asks Greenhouse for pay ranges (pay_transparency=true), on the list and, when the list ignores it, in capped job details', async () => {
    const before = setup.world.sites.requests.length;
    const listed = await jobs(JOB_DOMAINS.payOnDetail);
    assert.equal(listed.body.status, 'ok');
    const calls = setup.world.sites.requests.slice(before).filter((request) => request.host === 'boards-api.greenhouse.io');
    assert.ok(
      calls.some((request) => /^\/v1\/boards\/ledgerline\/jobs\?.*pay_transparency=true/.test(request.url)),
      'the list is asked with the flag',
    );
    const details = calls.filter((request) => /^\/v1\/boards\/ledgerline\/jobs\/\d+/.test(request.url));
    assert.equal(details.length, 9, 'every job of this 9-job board has no salary in the list (cap 25)');
    assert.ok(details.every((request) => request.url.endsWith('?pay_transparency=true')));
    const salaried = boards.jobs('greenhouse:ledgerline').filter((job) => job.salary);
    assert.equal(listed.body.jobs_with_salary, salaried.length);
    for (const job of salaried) {
      const item = listed.body.jobs.find((j: any) => j.job_id === boards.jobId('greenhouse:ledgerline', job));
      assert.deepEqual(item.salary, { min: job.salary!.min, max: job.salary!.max, currency: 'USD', interval: 'year' });
    }
    const northwind = setup.world.sites.requests.filter(
      (request) => request.host === 'boards-api.greenhouse.io' && request.url.startsWith('/v1/boards/northwindrobotics/jobs'),
    );
    assert.ok(
      northwind.length > 0 && northwind.every((request) => request.url.includes('pay_transparency=true')),
      'a board whose list honours the flag needs no detail call',
    );
  });

  it('does not let a small board look like hypergrowth (the small-sample rule)', async () => {
    const { body } = await intent(JOB_DOMAINS.recruiteeCustom);
    assert.equal(body.status, 'ok');
    assert.equal(body.total_open_roles, 5);
    assert.notEqual(body.hiring_status, 'hypergrowth');
    // volume is never scaled; every other part at most 70 points, scaled by 5/10
    assert.ok(body.intent_score <= Math.round(10 * Math.log2(6) + 0.5 * 70), String(body.intent_score));
  });

  it('company-intent shows a trend against the readings it stored on earlier days, and unknown without one', async () => {
    const key = 'ashby:quillstack' as const;
    const first = await intent(JOB_DOMAINS.ashbyEmbed);
    assertValid('CompanyIntentResult', first.body);
    assert.deepEqual(first.body.trend, { direction: 'unknown', compared_with: null, history: [] });
    const openBefore = first.body.total_open_roles;
    boards.openJobs(key, 3);
    const firstAt = clock;
    clock += 8 * 24 * HOUR;
    const second = await intent(JOB_DOMAINS.ashbyEmbed);
    assertValid('CompanyIntentResult', second.body);
    assert.equal(second.body.total_open_roles, openBefore + 3);
    assert.equal(second.body.trend.direction, 'rising', `${openBefore} -> ${openBefore + 3}`);
    assert.deepEqual(second.body.trend.compared_with, { date: new Date(firstAt).toISOString(), open_roles: openBefore, intent_score: first.body.intent_score });
    assert.deepEqual(second.body.trend.history, [second.body.trend.compared_with]);
    boards.closeJobs(key, 2);
    clock += 2 * 24 * HOUR;
    const third = await intent(JOB_DOMAINS.ashbyEmbed);
    assert.equal(third.body.trend.compared_with.date, new Date(firstAt).toISOString(), 'the newest reading at least 7 days old, not the one of 2 days ago');
    assert.equal(third.body.trend.direction, 'flat', `+1 from ${openBefore} is under max(2, 20%)`);
    assert.equal(third.body.trend.history.length, 2);
    const free = await intent(JOB_DOMAINS.notFound);
    assert.equal(free.body.trend, undefined, 'no board read, no trend');
  });

  it('answers the same over MCP', async () => {
    await withMcp(setup.url, caller(), async (client) => {
      const listed = await client.callTool({ name: 'get_company_open_jobs', arguments: { domain: JOB_DOMAINS.ashbyEmbed } });
      assertValid('AtsJobsResult', listed.structuredContent);
      assert.equal((listed.structuredContent as any).ats_type, 'ashby');
      const scored = await client.callTool({ name: 'get_company_hiring_intent', arguments: { domain: JOB_DOMAINS.smartRecruiters } });
      assertValid('CompanyIntentResult', scored.structuredContent);
      assert.equal((scored.structuredContent as any).status, 'ok');
      assert.equal((scored.structuredContent as any).ats_type, 'smartrecruiters');
      // A small result's text block is its JSON; a large board's jobs are sent once, with a short text summary.
      assert.deepEqual(JSON.parse((listed.content as any)[0].text), listed.structuredContent);
      const big = await client.callTool({ name: 'get_company_open_jobs', arguments: { domain: JOB_DOMAINS.big, limit: 100 } });
      const bigJobs = (big.structuredContent as any).jobs.length;
      assert.equal(bigJobs, 100);
      assert.equal((big.structuredContent as any).page.total, 300);
      const text: string = (big.content as any)[0].text;
      assert.ok(text.length < 2000, `${text.length} characters of text beside the structured result`);
      assert.match(text, new RegExp(`^The whole result \\(\\d+ KB of JSON\\) is in structuredContent\\. In short: .*jobs: ${bigJobs} items`));
    });
  });
});
