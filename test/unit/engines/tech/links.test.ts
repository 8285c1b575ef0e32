import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detect, exampleInput, hrefHostAt, type DetectInput } from '../../../../engines/tech/detect.ts';
import { SIGNALS, TECHNOLOGIES } from '../../../../engines/tech/technologies.ts';

/**
 * What a page loads or states is a detection; a link to another site is not (issue #33): the
 * whole html signal table put into off-site <a href>s reports nothing, while the same patterns in
 * what the page loads still do, and a careers board counts only under the site's own name.
 */
const on = (url: string, html: string, rest: Partial<DetectInput> = {}) => detect(exampleInput({}, { ...rest, url, html }));
const names = (url: string, html: string) => on(url, html).findings.map((f) => f.name);

describe('hrefHostAt', () => {
  const html =
    '<p>jobs.lever.co</p><a class="x" href="https://jobs.lever.co/acme">a</a><a href="/cdn-cgi/l/email-protection#1">m</a><img src="https://jobs.lever.co/x">';
  it('gives the host of the absolute href a position lies in, the host itself included', () => {
    assert.equal(hrefHostAt(html, html.indexOf('jobs.lever.co/acme')), 'jobs.lever.co');
    assert.equal(hrefHostAt(html, html.indexOf('/acme')), 'jobs.lever.co');
  });
  it("'' for a relative href; null outside an <a href> (text, other tags, other attributes)", () => {
    assert.equal(hrefHostAt(html, html.indexOf('/cdn-cgi/')), '');
    assert.equal(hrefHostAt(html, html.indexOf('jobs.lever.co')), null);
    assert.equal(hrefHostAt(html, html.lastIndexOf('jobs.lever.co')), null);
    assert.equal(hrefHostAt(html, html.indexOf('"x"')), null);
  });
});

describe('a link to another site is no detection', () => {
  it("the issue's cases: other companies' job posts, a vendor's blog post, a PDF on a shop", () => {
    const html = [
      '<a href="https://jobs.ashbyhq.com/othercorp/4b7f">Designer at Othercorp</a>',
      '<a href="https://boards.greenhouse.io/anotherco/jobs/123">Engineer</a>',
      '<a href="https://job-boards.greenhouse.io/thirdco">Jobs</a>',
      '<a href="https://webflow.com/blog/design-trends">a post</a>',
      '<a href="https://cdn.shopify.com/s/files/1/0001/files/catalogue.pdf">catalogue</a>',
    ].join('');
    assert.deepEqual(names('https://www.newsletter.com/', html), []);
  });

  it('every literal html pattern of the table, in off-site links, reports nothing', () => {
    const linkable = SIGNALS.filter((s) => s.kind === 'html' && !s.re && !/['"<>\s=]/.test(s.pattern));
    assert.ok(linkable.length > 200, String(linkable.length));
    const html = linkable
      .map((s) => `<a href="https://vendor-site.example/${s.pattern}">x</a><a href="https://${s.pattern.replace(/^[./]+/, '')}">y</a>`)
      .join('\n');
    const reported = on('https://www.acme.com/', html).findings.filter((f) => f.evidence.some((e) => e.kind !== 'implied'));
    assert.deepEqual(
      reported.map((f) => f.name),
      [],
    );
  });

  it('the same patterns still count where the page loads them, and in links to its own site', () => {
    assert.deepEqual(names('https://www.acme.com/', '<iframe src="https://boards.greenhouse.io/embed/job_board?for=acme"></iframe>'), ['Greenhouse Job Board']);
    assert.ok(names('https://www.acme.com/', '<a href="/cdn-cgi/l/email-protection#abc">[email protected]</a>').includes('Cloudflare'));
    assert.ok(names('https://www.acme.com/', '<img src="https://assets.squarespace.com/x.png">').includes('Squarespace'));
  });

  it("a careers board link counts under the site's own name only", () => {
    assert.deepEqual(names('https://www.acme.com/', '<a href="https://jobs.lever.co/acme">Careers</a>'), ['Lever Job Board']);
    assert.deepEqual(names('https://acme.io/', '<a href="https://jobs.ashbyhq.com/acme-inc">Careers</a>'), ['Ashby Job Board']);
    assert.deepEqual(names('https://www.acme.co.uk/', '<a href="https://apply.workable.com/acme/">Jobs</a>'), ['Workable Careers']);
    assert.deepEqual(names('https://www.acme.com/', '<a href="https://jobs.lever.co/acmecorp">Careers</a>'), ['Lever Job Board']);
    assert.deepEqual(names('https://www.acme.com/', '<a href="https://jobs.lever.co/globex">Careers</a><p>jobs.lever.co/acme</p>'), []);
    assert.deepEqual(names('https://www.ab.com/', '<a href="https://jobs.lever.co/abcdefg">Careers</a>'), []);
  });

  it('every link signal fires on its sample and not on the same link to another name', () => {
    const links = SIGNALS.filter((s) => s.kind === 'link');
    assert.ok(links.length >= 5);
    for (const signal of links) {
      const own = detect(exampleInput(signal.sample));
      assert.ok(
        own.findings.some((f) => f.name === TECHNOLOGIES[signal.tech].name),
        signal.source,
      );
      const other = detect(exampleInput({ ...signal.sample, url: 'https://www.unrelated.org/' }));
      assert.ok(!other.findings.some((f) => f.name === TECHNOLOGIES[signal.tech].name), signal.source);
    }
  });

  it('stays linear on pages built against it: unclosed vendor links, one endless URL', () => {
    const started = Date.now();
    assert.deepEqual(names('https://www.acme.com/', '<a href="https://jobs.lever.co/other '.repeat(30_000)), []);
    names('https://www.acme.com/', `<p>${'x'.repeat(300_000)}<a href="https://${'jobs.lever.co/'.repeat(40_000)}">`);
    // generous: the machine is shared; quadratic work here would take minutes
    assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
  });
});
