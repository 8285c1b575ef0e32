import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  countryCode,
  countryCodesOf,
  employmentType,
  excerpt,
  jobSeniority,
  workplaceFromFlags,
  workplaceType,
  EXCERPT_CHARS,
} from '../../../../engines/jobs/facts.ts';
import { buildTechnologyFinder, postingTechnologyFinder, POSTING_VENDOR_NAMES } from '../../../../engines/tech/keywords.ts';

describe('job facts', () => {
  it('normalizes the employment types boards write, and nothing else', () => {
    const cases: [unknown, string | null][] = [
      ['Full Time', 'full_time'],
      ['FullTime', 'full_time'],
      ['Full-time', 'full_time'],
      ['fulltime_permanent', 'full_time'],
      ['Part Time', 'part_time'],
      ['parttime_fixed_term', 'part_time'],
      ['Contract', 'contract'],
      ['Contractor', 'contract'],
      ['freelance', 'contract'],
      ['Temporary', 'temporary'],
      ['Intern', 'internship'],
      ['Internship', 'internship'],
      ['traineeship', 'internship'],
      ['Other', null],
      ['', null],
      [undefined, null],
      [42, null],
    ];
    for (const [value, expected] of cases) assert.equal(employmentType(value), expected, String(value));
  });

  it('reads workplace from a field, and from flags only when they state it', () => {
    assert.deepEqual(['remote', 'Hybrid', 'OnSite', 'on-site', 'onsite', 'unspecified', null].map(workplaceType), [
      'remote',
      'hybrid',
      'on_site',
      'on_site',
      'on_site',
      null,
      null,
    ]);
    assert.equal(workplaceFromFlags({ remote: true, hybrid: false }), 'remote');
    assert.equal(workplaceFromFlags({ remote: false, hybrid: true }), 'hybrid');
    assert.equal(workplaceFromFlags({ remote: false, hybrid: false }), 'on_site');
    assert.equal(workplaceFromFlags({ remote: false, hybrid: undefined }), null, 'hybrid not stated');
    assert.equal(workplaceFromFlags({ remote: undefined, hybrid: undefined, onSite: true }), 'on_site');
  });

  it('gives ISO codes for codes and unambiguous country names only', () => {
    assert.deepEqual(['DE', 'us', 'Germany', 'United Kingdom', 'USA', 'the Netherlands', 'Brazil'].map(countryCode), [
      'DE',
      'US',
      'DE',
      'GB',
      'US',
      'NL',
      'BR',
    ]);
    assert.deepEqual(['Remote', 'Europe', 'EU', 'QQ', 'Georgia, US', '', null].map(countryCode), [null, null, null, null, null, null, null]);
    assert.deepEqual(countryCodesOf(['DE', 'Germany', 'gb', 'Remote']), ['DE', 'GB']);
  });

  it('reads seniority from the title by the documented rule; null when the title names no level', () => {
    const cases: [string, string | null][] = [
      ['Software Engineering Intern', 'intern'],
      ['VP of Sales', 'vp'],
      ['Vice President, Finance', 'vp'],
      ['Chief Technology Officer', 'c_level'],
      ['CFO', 'c_level'],
      ['Director of Engineering', 'director'],
      ['Head of Marketing', 'director'],
      ['Principal Engineer', 'principal'],
      ['Senior Staff Software Engineer', 'staff'],
      ['Partnerships Lead', 'lead'],
      ['Engineering Manager', 'manager'],
      ['Senior Product Manager', 'senior'],
      ['Sr. Designer', 'senior'],
      ['Software Engineer III', 'senior'],
      ['Software Engineer II', 'mid'],
      ['Mid-level Accountant', 'mid'],
      ['Junior Developer', 'junior'],
      ['New Grad Software Engineer', 'junior'],
      ['Chief of Staff', null],
      ['Product Manager', null],
      ['Account Executive, Mid-Market', null],
      ['Data Engineer', null],
      ['Recruiter', null],
    ];
    for (const [title, expected] of cases) assert.equal(jobSeniority(title), expected, title);
  });

  it('cuts the excerpt at a word boundary near 280 characters', () => {
    const long = 'word '.repeat(100);
    const cut = excerpt(long)!;
    assert.ok(cut.length <= EXCERPT_CHARS + 1 && cut.endsWith('word…'), cut);
    assert.equal(excerpt('  Short   text. '), 'Short text.');
    assert.equal(excerpt('   '), null);
  });
});

describe('a posting names only the product written (POSTING_VENDOR_NAMES)', () => {
  it('reports a bare vendor name as the vendor, and a product only by its own name', () => {
    const finder = postingTechnologyFinder();
    assert.deepEqual(finder.find('We watch production with Datadog.'), ['Datadog']);
    assert.deepEqual(finder.find('We store documents in MongoDB.'), ['MongoDB']);
    assert.deepEqual(finder.find('We run MongoDB Atlas and Datadog RUM.'), ['MongoDB Atlas', 'Datadog RUM']);
  });

  it('leaves the general finder (tech-stack names, the advisor) as it was', () => {
    assert.deepEqual(buildTechnologyFinder().find('Datadog'), ['Datadog RUM']);
    assert.ok(POSTING_VENDOR_NAMES.includes('Datadog'));
  });
});
