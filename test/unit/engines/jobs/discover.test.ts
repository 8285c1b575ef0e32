import { describe, it } from 'node:test';
import { analyzeInline as analyze } from '../../../../server/parse-pool/inline.ts';
import assert from 'node:assert/strict';
import { boardsInHtml, careersLinks, isGenericName, nameCandidates, nameLabel, recruiteeCustomHost, scanSite } from '../../../../engines/jobs/discover.ts';
import { fakeFetch } from './fake-net.ts';

describe('boards in HTML', () => {
  const cases: [string, string, object][] = [
    ['a hosted Greenhouse board link', '<a href="https://boards.greenhouse.io/acme">Jobs</a>', { provider: 'greenhouse', slug: 'acme' }],
    ['a Greenhouse EU board link', '<a href="https://job-boards.eu.greenhouse.io/acme/jobs/123">x</a>', { provider: 'greenhouse', slug: 'acme' }],
    [
      'the Greenhouse embed script',
      '<div id="grnhse_app"></div><script src="https://boards.greenhouse.io/embed/job_board/js?for=acme"></script>',
      { provider: 'greenhouse', slug: 'acme' },
    ],
    ['a Greenhouse API call', "fetch('https://boards-api.greenhouse.io/v1/boards/acme/jobs')", { provider: 'greenhouse', slug: 'acme' }],
    ['a Lever EU link, case kept', '<a href="https://jobs.eu.lever.co/Mamo">x</a>', { provider: 'lever', slug: 'Mamo', region: 'eu' }],
    ['the Lever embed options', "<script>window.leverJobsOptions = {accountName: 'acme', includeCss: true};</script>", { provider: 'lever', slug: 'acme' }],
    ['the Ashby embed script', '<script src="https://jobs.ashbyhq.com/acme/embed?version=2"></script>', { provider: 'ashby', slug: 'acme' }],
    ['a Workable link', '<a href="https://apply.workable.com/acme/">x</a>', { provider: 'workable', slug: 'acme' }],
    ['a SmartRecruiters link, case kept', '<a href="https://jobs.smartrecruiters.com/AcmeInc">x</a>', { provider: 'smartrecruiters', slug: 'AcmeInc' }],
    ['a Recruitee subdomain', '<a href="https://acme.recruitee.com/">x</a>', { provider: 'recruitee', slug: 'acme' }],
  ];
  for (const [name, html, expected] of cases) it(`finds ${name}`, () => assert.deepEqual(boardsInHtml(html), [expected]));

  it('skips reserved slugs and Workable job links without an account, and lists each board once in page order', () => {
    assert.deepEqual(boardsInHtml('<a href="https://apply.workable.com/j/5EA5DDE797">x</a><a href="https://careers.recruitee.com/">y</a>'), []);
    const html =
      '<a href="https://jobs.lever.co/acme">a</a><script src="https://boards.greenhouse.io/embed/job_board/js?for=acme"></script><a href="https://jobs.lever.co/acme/123">b</a>';
    assert.deepEqual(
      boardsInHtml(html).map((b) => b.provider),
      ['lever', 'greenhouse'],
    );
  });

  it('finds a Recruitee careers site on a host of the company only', () => {
    assert.deepEqual(recruiteeCustomHost('<meta name="generator" content="Recruitee">', 'https://careers.acme.com/', 'acme.com'), {
      provider: 'recruitee',
      slug: 'careers.acme.com',
      host: 'careers.acme.com',
    });
    assert.equal(recruiteeCustomHost('<meta name="generator" content="Recruitee">', 'https://careers.other.com/', 'acme.com'), null);
    assert.equal(recruiteeCustomHost('<p>no mention</p>', 'https://careers.acme.com/', 'acme.com'), null);
  });

  it('follows same-site careers links by path or link text', () => {
    const html = '<a href="/company/careers">About</a><a href="/team">Join us</a><a href="https://other.com/careers">x</a><a href="/pricing">Pricing</a>';
    assert.deepEqual(careersLinks(html, 'https://acme.com/', 'acme.com'), ['https://acme.com/company/careers', 'https://acme.com/team']);
  });
});

describe('names', () => {
  it('tries the first label on every provider, both Lever hosts and SmartRecruiters in two cases', () => {
    assert.equal(nameLabel('www.acme.co.uk'), 'acme');
    const refs = nameCandidates('acme');
    assert.deepEqual(
      refs.map((r) => `${r.provider}${r.region ? '-eu' : ''}:${r.slug}`),
      ['greenhouse:acme', 'lever:acme', 'lever-eu:acme', 'ashby:acme', 'workable:acme', 'smartrecruiters:acme', 'smartrecruiters:Acme', 'recruitee:acme'],
    );
  });

  it('knows generic names', () => {
    for (const word of ['zero', 'loop', 'cloud', 'Data']) assert.equal(isGenericName(word), true, word);
    assert.equal(isGenericName('brightlynx'), false);
  });
});

describe('scanSite', () => {
  it('reads the home page, then careers pages, and stops at the first page naming a board', async () => {
    const fetch = fakeFetch(
      {
        'https://acme.com/': { html: '<a href="/about/careers">Careers</a>' },
        'https://acme.com/about/careers': { html: '<script src="https://jobs.ashbyhq.com/acme/embed"></script>' },
      },
      { missingHosts: ['careers.acme.com', 'jobs.acme.com'] },
    );
    const scan = await scanSite('acme.com', { fetch: fetch, analyze });
    assert.deepEqual(scan.boards, [{ provider: 'ashby', slug: 'acme' }]);
    assert.deepEqual(fetch.calls, ['https://acme.com/', 'https://acme.com/about/careers']);
  });

  it('tries the usual careers addresses (at most maxCareersPages) when nothing is linked', async () => {
    const fetch = fakeFetch({ 'https://acme.com/': { html: '<p>hi</p>' } }, { missingHosts: ['careers.acme.com', 'jobs.acme.com'] });
    const scan = await scanSite('acme.com', { fetch: fetch, analyze }, { maxCareersPages: 3 });
    assert.deepEqual(scan.boards, []);
    assert.deepEqual(fetch.calls, ['https://acme.com/', 'https://acme.com/careers', 'https://acme.com/jobs', 'https://careers.acme.com/']);
  });

  it("falls back to www, and passes on a home page on a private address (the caller's input)", async () => {
    const www = fakeFetch({ 'https://acme.com/': 'timeout', 'https://www.acme.com/': { html: '<a href="https://apply.workable.com/acme">Jobs</a>' } });
    assert.deepEqual((await scanSite('acme.com', { fetch: www, analyze })).boards, [{ provider: 'workable', slug: 'acme' }]);
    await assert.rejects(scanSite('acme.com', { fetch: fakeFetch({ 'https://acme.com/': 'unsafe' }), analyze }), { name: 'UnsafeTargetError', hop: 'input' });
  });

  it('takes a home page that redirects to a private address as a failed page, and an unsafe careers link as a skipped one', async () => {
    const fetch = fakeFetch(
      { 'https://acme.com/': 'unsafe_redirect', 'https://www.acme.com/': 'unsafe_redirect', 'https://acme.com/careers': 'unsafe' },
      { missingHosts: ['careers.acme.com', 'jobs.acme.com'] },
    );
    const scan = await scanSite('acme.com', { fetch, analyze });
    assert.equal(scan.homeFailure, 'https://acme.com/: unsafe_redirect');
    assert.deepEqual(scan.boards, []);
    assert.ok(fetch.calls.includes('https://acme.com/jobs'), fetch.calls.join(' '));
  });
});
