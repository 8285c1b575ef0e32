import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateJobs, jobItem, jobsDiff } from '../../../../engines/jobs/aggregate.ts';
import { hiringIntent, hiringStatus, jobFunction, seniority } from '../../../../engines/jobs/intent.ts';
import type { Job } from '../../../../engines/jobs/types.ts';

const NOW = new Date('2026-05-04T12:00:00Z');
const DAY = 86_400_000;

function job(n: number, fields: Partial<Job> = {}): Job {
  return {
    job_id: `lever:${n}`,
    title: 'Software Engineer',
    departments: ['Engineering'],
    locations: ['Berlin'],
    remote: false,
    salary: null,
    technologies: [],
    posted_at: new Date(NOW.getTime() - 60 * DAY).toISOString(),
    url: null,
    countries: [],
    ...fields,
  };
}

describe('aggregates', () => {
  it('counts departments (unassigned when none), at most 10 locations and technologies, remote and salaries', () => {
    const jobs = [
      ...Array.from({ length: 12 }, (_, i) => job(i, { locations: [`City ${i}`, `City ${i}`], remote: i % 2 === 0 })),
      job(100, { departments: [], technologies: ['Python', 'Python'], salary: { min: null, max: 5, currency: null, interval: null } }),
      job(101, { departments: ['Sales', 'Partnerships'], technologies: ['Python', 'Kubernetes'] }),
    ];
    const result = aggregateJobs(jobs);
    assert.equal(result.total_active_jobs, 14);
    assert.equal(result.remote_jobs, 6);
    assert.equal(result.jobs_with_salary, 1);
    assert.deepEqual(result.jobs_by_department, { Engineering: 12, Partnerships: 1, Sales: 1, unassigned: 1 });
    assert.equal(Object.keys(result.top_locations).length, 10);
    assert.equal(result.top_locations.Berlin, 2);
    assert.deepEqual(result.top_technologies, { Python: 2, Kubernetes: 1 });
  });

  it('diffs against known ids: new, closed, unchanged', () => {
    const diff = jobsDiff([job(1), job(2), job(3)], ['lever:2', 'lever:3', 'lever:9']);
    assert.deepEqual(diff, { new_job_ids: ['lever:1'], closed_job_ids: ['lever:9'], unchanged_count: 2 });
    assert.deepEqual(
      jobItem(job(1, { countries: ['DE', 'Germany', 'Remote'] })).countries,
      ['DE'],
      'ISO codes only, also for reads cached before they were normalized',
    );
  });
});

describe('functions and seniority', () => {
  const functions: [string, string][] = [
    ['Account Executive, Mid-Market', 'sales'],
    ['Sales Engineer', 'sales'],
    ['Data Engineer', 'data_ai'],
    ['Machine Learning Engineer', 'data_ai'],
    ['Product Designer', 'design'],
    ['Senior Product Manager', 'product'],
    ['Site Reliability Engineer', 'engineering'],
    ['Head of Marketing', 'marketing'],
    ['Customer Success Manager', 'customer_success'],
    ['Recruiter', 'people'],
    ['Financial Analyst', 'finance'],
    ['Data Analyst', 'data_ai'],
    ['Legal Counsel', 'legal'],
    ['Office Coordinator', 'operations'],
    ['Barista', 'other'],
  ];
  for (const [title, expected] of functions) it(`${title} -> ${expected}`, () => assert.equal(jobFunction({ title, departments: [] }), expected));
  it('reads the department when the title says nothing', () => assert.equal(jobFunction({ title: 'Specialist', departments: ['Finance'] }), 'finance'));
  it('reads seniority from the title', () => {
    assert.deepEqual(
      ['VP of Sales', 'Chief Technology Officer', 'Director of Engineering', 'Head of Data', 'Staff Engineer', 'Senior Designer', 'Designer'].map(seniority),
      ['executive', 'executive', 'director', 'director', 'lead', 'senior', 'individual'],
    );
  });
});

describe('hiringIntent', () => {
  it('sums the five documented components', () => {
    const jobs = [
      job(1, { title: 'VP of Sales', countries: ['DE'], technologies: ['Salesforce'], posted_at: new Date(NOW.getTime() - 2 * DAY).toISOString() }),
      job(2, {
        title: 'Data Engineer',
        countries: ['GB'],
        technologies: ['Snowflake', 'Kubernetes'],
        remote: true,
        posted_at: new Date(NOW.getTime() - 10 * DAY).toISOString(),
      }),
      job(3, { title: 'Software Engineer', countries: ['de'], technologies: ['Kubernetes', 'Python'] }),
      job(4, { title: 'Account Executive', posted_at: null }),
    ];
    const intent = hiringIntent(jobs, NOW);
    assert.equal(intent.components.volume, 10 * Math.log2(5));
    assert.equal(intent.components.velocity, (25 * 2) / 3);
    assert.equal(intent.components.go_to_market_senior, 6, 'VP of Sales and Account Executive');
    assert.equal(intent.components.technology_breadth, 4 * 3 + 4 / 2, 'cloud_infra, data_ai, sales_tools; four technologies');
    assert.equal(intent.components.expansion, 2 * 2 + 0, 'DE and GB; 25% remote');
    assert.equal(intent.sample_factor, 0.4, 'four roles of the ten a full sample needs');
    assert.equal(intent.intent_score, Math.round(10 * Math.log2(5) + 0.4 * (50 / 3 + 6 + 14 + 4)));
    assert.equal(intent.roles_posted_last_30_days, 2);
    assert.equal(intent.roles_with_known_post_date, 3);
    assert.deepEqual(intent.buying_signals, { cloud_infra: ['Kubernetes'], data_ai: ['Snowflake'], sales_tools: ['Salesforce'] });
    assert.deepEqual(
      intent.notable_open_roles.map((r) => r.job_id),
      ['lever:1', 'lever:4'],
    );
    assert.deepEqual(intent.notable_open_roles[0], {
      job_id: 'lever:1',
      title: 'VP of Sales',
      department: 'Engineering',
      location: 'Berlin',
      function: 'sales',
      seniority: 'executive',
      posted_at: jobs[0].posted_at,
      url: null,
    });
  });

  it('skips velocity under 3 dated roles and caps notable roles at 10, executives first', () => {
    const jobs = [
      ...Array.from({ length: 14 }, (_, i) => job(i, { title: 'Account Executive', posted_at: null })),
      job(99, { title: 'Chief Revenue Officer', posted_at: null }),
    ];
    const intent = hiringIntent(jobs, NOW);
    assert.equal(intent.components.velocity, 0);
    assert.equal(intent.notable_open_roles.length, 10);
    assert.equal(intent.notable_open_roles[0].job_id, 'lever:99');
    assert.equal(intent.components.go_to_market_senior, 15, 'capped');
  });

  it('small-sample rule: three fresh, senior, well-tooled roles do not look like a hiring wave', () => {
    const fresh = new Date(NOW.getTime() - DAY).toISOString();
    const titles = ['VP of Sales', 'Head of Marketing', 'Staff Engineer'];
    const small = titles.map((title, i) =>
      job(i, {
        title,
        countries: [['DE', 'GB', 'US'][i]],
        remote: true,
        posted_at: fresh,
        technologies: ['Kubernetes', 'Snowflake', 'Salesforce', 'Datadog', 'PostgreSQL'],
      }),
    );
    const intent = hiringIntent(small, NOW);
    const undamped =
      intent.components.volume +
      intent.components.velocity +
      intent.components.go_to_market_senior +
      intent.components.technology_breadth +
      intent.components.expansion;
    assert.ok(undamped >= 75, `without the rule it would read ${undamped}`);
    assert.equal(intent.sample_factor, 0.3);
    assert.equal(intent.intent_score, Math.round(intent.components.volume + 0.3 * (undamped - intent.components.volume)));
    assert.ok(intent.intent_score < 40, String(intent.intent_score));
    assert.equal(intent.hiring_status, 'steady');
    const big = Array.from({ length: 12 }, (_, i) =>
      job(i, {
        title: titles[i % 3],
        countries: [['DE', 'GB', 'US'][i % 3]],
        remote: true,
        posted_at: fresh,
        technologies: ['Kubernetes', 'Snowflake', 'Salesforce', 'Datadog', 'PostgreSQL'],
      }),
    );
    const full = hiringIntent(big, NOW);
    assert.equal(full.sample_factor, 1);
    assert.equal(full.hiring_status, 'hypergrowth', 'the same board at 12 roles is scored in full');
  });

  it('scores nothing for no jobs', () => {
    const intent = hiringIntent([], NOW);
    assert.equal(intent.intent_score, 0);
    assert.equal(intent.hiring_status, 'steady');
    assert.deepEqual(intent.buying_signals, {});
  });

  it('applies the hiring status thresholds', () => {
    assert.equal(hiringStatus(75, 10, 0, 0), 'hypergrowth');
    assert.equal(hiringStatus(100, 9, 9, 9), 'active_hiring', 'a board under 10 roles is never hypergrowth');
    assert.equal(hiringStatus(30, 50, 15, 50), 'hypergrowth');
    assert.equal(hiringStatus(30, 50, 14, 50), 'active_hiring');
    assert.equal(hiringStatus(40, 1, 0, 0), 'active_hiring');
    assert.equal(hiringStatus(39, 5, 0, 0), 'active_hiring');
    assert.equal(hiringStatus(39, 4, 0, 0), 'steady');
  });
});
