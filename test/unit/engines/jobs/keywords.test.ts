import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTechnologyFinder, findTechnologies, vocabularyTerms } from '../../../../engines/tech/keywords.ts';
import { POSTING_TECHNOLOGIES, TECHNOLOGIES } from '../../../../engines/tech/technologies.ts';
import { loadJobsConfig, DEFAULT_JOBS_CONFIG } from '../../../../engines/jobs/config.ts';
import { salaryFromText, isoDate, doubleEscapedHtmlText } from '../../../../engines/jobs/text.ts';

describe('technology names in postings (the one vocabulary)', () => {
  it('indexes names and aliases of both lists, each term naming one technology', () => {
    const terms = vocabularyTerms();
    const names = new Set(terms.map((t) => t.name));
    for (const tech of TECHNOLOGIES) assert.ok(names.has(tech.name), tech.name);
    for (const tech of POSTING_TECHNOLOGIES) assert.ok(names.has(tech.name), tech.name);
    assert.ok(!TECHNOLOGIES.some((t) => POSTING_TECHNOLOGIES.some((p) => p.name.toLowerCase() === t.name.toLowerCase())), 'no name in both lists');
  });

  it('finds names and aliases as words, reporting canonical names once', () => {
    assert.deepEqual(findTechnologies('Kubernetes (k8s) on AWS; Postgres and PostgreSQL; Node.js, C++ and C#; LLMs.'), [
      'Kubernetes',
      'Amazon Web Services',
      'PostgreSQL',
      'Node.js',
      'C++',
      'C#',
      'Large language models',
    ]);
  });

  it('keeps common words out: lower-case spellings, short acronyms in lower case, prose words, parts of words', () => {
    assert.deepEqual(findTechnologies('a snowflake schema, outreach to customers, aws-style, the gong, a market Segment, Heap of work, reactive, unreact'), []);
    assert.deepEqual(findTechnologies('Node.js only'), ['Node.js'], 'Node is not found inside Node.js');
  });

  it('refuses a prose word that is not in the vocabulary', () => {
    assert.throws(() => buildTechnologyFinder(undefined, { proseWords: ['Nonexistent Tool'] }), /not in the vocabulary/);
  });
});

describe('job text helpers', () => {
  it('reads Greenhouse double-escaped content', () => {
    assert.equal(doubleEscapedHtmlText('&lt;p&gt;R&amp;amp;D&amp;nbsp;team &amp;lt;3&lt;/p&gt;'), 'R&D team <3');
  });
  it('parses provider dates', () => {
    assert.equal(isoDate('2026-07-30 19:46:15 UTC'), '2026-07-30T19:46:15.000Z');
    assert.equal(isoDate('2026-09-09T10:50:29-04:00'), '2026-09-09T14:50:29.000Z');
    assert.equal(isoDate(1502907172814), '2017-08-16T18:12:52.814Z');
    assert.equal(isoDate('2026-03-27'), '2026-03-27T00:00:00.000Z');
    assert.equal(isoDate('soon'), null);
  });
  it('reads a salary range written in text', () => {
    assert.deepEqual(salaryFromText('Pay: $120,000 - $150,000 per year'), { min: 120_000, max: 150_000, currency: 'USD', interval: 'year' });
    assert.deepEqual(salaryFromText('€60k–80k'), { min: 60_000, max: 80_000, currency: 'EUR', interval: 'year' });
    assert.equal(salaryFromText('no pay here, 3-5 years'), null);
  });
});

describe('jobs config', () => {
  it("defaults to the providers' public hosts and takes JOBS_* overrides", () => {
    assert.deepEqual(loadJobsConfig({}), DEFAULT_JOBS_CONFIG);
    const config = loadJobsConfig({
      JOBS_GREENHOUSE_URL: 'http://mirror.example.com/gh/',
      JOBS_RECRUITEE_URL: 'https://{company}.mirror.example.com',
      JOBS_POLL_HOURS: '12',
    });
    assert.equal(config.greenhouse, 'http://mirror.example.com/gh');
    assert.equal(config.recruitee, 'https://{company}.mirror.example.com');
    assert.equal(config.pollIntervalMs, 12 * 3_600_000);
    assert.throws(() => loadJobsConfig({ JOBS_RECRUITEE_URL: 'https://mirror.example.com' }), /\{company\}/);
    assert.throws(() => loadJobsConfig({ JOBS_LEVER_URL: 'ftp://x' }), /JOBS_LEVER_URL/);
    assert.throws(() => loadJobsConfig({ JOBS_POLL_HOURS: '0' }), /JOBS_POLL_HOURS/);
  });
});
