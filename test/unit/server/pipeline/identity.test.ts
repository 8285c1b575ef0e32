/**
 * One canonicalizer per x-identity kind, drawn with fast-check: every spelling of one value gives
 * one fingerprint (through the validate stage, as a call is metered), and different values give
 * different fingerprints.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import fc from 'fast-check';
import { operationById } from '../../../../server/contract.ts';
import { fingerprint } from '../../../../server/metering/fingerprint.ts';
import { CANONICALIZERS } from '../../../../server/pipeline/identity.ts';
import { validateInput } from '../../../../server/pipeline/validate.ts';

const RUNS = 300;
const op = (id: string) => operationById(id)!;
/** The fingerprint the meter takes of this body (validate stage, then fingerprint). */
const fingerprintOf = (operationId: string, body: Record<string, unknown>, tier = 'single') =>
  fingerprint(operationId, validateInput(op(operationId), body).input, tier);

// No '--': a label such as xn--0 claims to be punycode and is not a valid name.
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/).filter((text) => !text.includes('--'));
const suffix = fc.constantFrom('com', 'org', 'io', 'co.uk', 'de', 'com.au');
/** A bare public domain in its canonical spelling (the registrable label prefixed: eu.com is itself a public suffix). */
const domainArb = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), suffix).map(
  ([labels, tld]) =>
    `${labels
      .slice(0, -1)
      .map((part) => `${part}.`)
      .join('')}q7${labels.at(-1)}.${tld}`,
);

/** The same domain spelled otherwise: letters in any case, with or without a trailing dot. */
function spellDomain(domain: string) {
  return fc
    .tuple(fc.array(fc.boolean(), { minLength: domain.length, maxLength: domain.length }), fc.boolean())
    .map(([upper, dot]) => [...domain].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join('') + (dot ? '.' : ''));
}

const pathArb = fc.array(fc.stringMatching(/^[a-z0-9_-]{1,8}$/), { maxLength: 3 }).chain((segments) =>
  // A non-root path with or without its trailing slash: two different URLs.
  fc.boolean().map((slash) => (segments.length ? `/${segments.join('/')}${slash ? '/' : ''}` : '')),
);
const queryArb = fc.option(fc.stringMatching(/^[a-z]{1,5}=[a-z0-9]{1,5}$/), { nil: undefined });
/** A public https URL in its canonical spelling. */
const urlArb = fc
  .record({ host: domainArb, path: pathArb, query: queryArb })
  .map(({ host, path, query }) => `https://${host}${path || '/'}${query ? `?${query}` : ''}`);

/** The same URL spelled otherwise: scheme and host case, :443, host trailing dot, empty path, fragment, lone `?`. */
function spellUrl(canonical: string) {
  const url = new URL(canonical);
  return fc
    .record({
      host: spellDomain(url.hostname),
      scheme: fc.constantFrom('https', 'HTTPS', 'Https'),
      port: fc.boolean(),
      dropRoot: fc.boolean(),
      fragment: fc.option(fc.stringMatching(/^[a-z]{0,6}$/), { nil: undefined }),
      emptyQuery: fc.boolean(),
    })
    .map(({ host, scheme, port, dropRoot, fragment, emptyQuery }) => {
      const path = url.pathname === '/' && dropRoot && !url.search ? '' : url.pathname;
      const query = url.search || (emptyQuery ? '?' : '');
      return `${scheme}://${host}${port ? ':443' : ''}${path}${query}${fragment === undefined ? '' : `#${fragment}`}`;
    });
}

describe('input identity: one canonicalizer per x-identity kind', () => {
  it('has a canonicalizer for exactly the kinds the spec lists in x-identity-kinds', () => {
    const spec = parse(readFileSync('spec/openapi.yaml', 'utf8'), { maxAliasCount: -1 });
    assert.deepEqual(Object.keys(CANONICALIZERS).sort(), Object.keys(spec['x-identity-kinds']).sort());
  });

  it('domain: every spelling of a domain is one fingerprint; two domains are two', () => {
    fc.assert(
      fc.property(
        domainArb.chain((domain) => fc.tuple(fc.constant(domain), spellDomain(domain), spellDomain(domain))),
        ([domain, one, other]) => {
          assert.equal(validateInput(op('techStack'), { domain: one }).input.domain, domain);
          assert.equal(fingerprintOf('techStack', { domain: one }), fingerprintOf('techStack', { domain: other }));
        },
      ),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(domainArb, domainArb, (a, b) => {
        fc.pre(a !== b);
        assert.notEqual(fingerprintOf('techStack', { domain: a }), fingerprintOf('techStack', { domain: b }));
      }),
      { numRuns: RUNS },
    );
  });

  it('url: percent-encodings are normalized (RFC 3986 6.2.2): unreserved decoded, the rest upper-cased, reserved kept encoded', () => {
    const same = [
      ['https://a.com/api/%72eport', 'https://a.com/api/report'],
      ['https://a.com/%7euser', 'https://a.com/~user'],
      ['https://a.com/%7Euser/%41%2d%5F', 'https://a.com/~user/A-_'],
      ['https://a.com/a%2fb', 'https://a.com/a%2Fb'],
      ['https://a.com/s?q=%e2%82%ac&x=%61', 'https://a.com/s?q=%E2%82%AC&x=a'],
    ];
    for (const [spelled, canonical] of same) {
      assert.equal(validateInput(op('cleanMarkdown'), { url: spelled }).input.url, canonical, spelled);
      assert.equal(fingerprintOf('cleanMarkdown', { url: spelled }), fingerprintOf('cleanMarkdown', { url: canonical }), spelled);
    }
    assert.notEqual(
      fingerprintOf('cleanMarkdown', { url: 'https://a.com/a%2Fb' }),
      fingerprintOf('cleanMarkdown', { url: 'https://a.com/a/b' }),
      'an encoded / is not a /',
    );
    assert.notEqual(
      fingerprintOf('cleanMarkdown', { url: 'https://a.com/?q=%26' }),
      fingerprintOf('cleanMarkdown', { url: 'https://a.com/?q=&' }),
      'an encoded & is not a &',
    );
  });

  it('url: every spelling of a URL is one fingerprint (WHATWG rules); two URLs are two, a trailing slash included', () => {
    fc.assert(
      fc.property(
        urlArb.chain((url) => fc.tuple(fc.constant(url), spellUrl(url), spellUrl(url))),
        ([url, one, other]) => {
          assert.equal(validateInput(op('cleanMarkdown'), { url: one }).input.url, url, one);
          assert.equal(fingerprintOf('cleanMarkdown', { url: one }), fingerprintOf('cleanMarkdown', { url: other }), `${one} / ${other}`);
        },
      ),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(urlArb, urlArb, (a, b) => {
        fc.pre(a !== b);
        assert.notEqual(fingerprintOf('cleanMarkdown', { url: a }), fingerprintOf('cleanMarkdown', { url: b }), `${a} / ${b}`);
      }),
      { numRuns: RUNS },
    );
    assert.notEqual(fingerprintOf('cleanMarkdown', { url: 'https://a.com/docs' }), fingerprintOf('cleanMarkdown', { url: 'https://a.com/docs/' }));
    assert.notEqual(fingerprintOf('cleanMarkdown', { url: 'http://a.com/' }), fingerprintOf('cleanMarkdown', { url: 'https://a.com/' }));
  });

  it("the issue's seven spellings of one page are one input", () => {
    const spellings = [
      'https://harbor-logistics.com/',
      'https://harbor-logistics.com',
      'https://HARBOR-LOGISTICS.com/',
      'https://harbor-logistics.com:443/',
      'https://harbor-logistics.com/#top',
      'https://harbor-logistics.com/?',
      'https://Harbor-Logistics.com',
    ];
    assert.deepEqual(new Set(spellings.map((url) => fingerprintOf('cleanMarkdown', { url }))).size, 1);
    assert.deepEqual(new Set(spellings.map((url) => fingerprintOf('universalProductUrlToJson', { product_url: url }))).size, 1);
    assert.deepEqual(new Set(spellings.map((url) => fingerprintOf('verifyMerchant', { target_url: url }))).size, 1);
  });

  it('host (private-query target of a domain tool): a domain, any spelling, or a URL on it is one fingerprint; clean_markdown takes it as a URL', () => {
    fc.assert(
      fc.property(
        domainArb.chain((domain) =>
          fc.tuple(fc.constant(domain), spellDomain(domain), spellUrl(`https://${domain}/`), fc.constantFrom('tech_stack', 'open_jobs', 'search_ads')),
        ),
        ([domain, spelled, url, tool]) => {
          const fingerprints = new Set([domain, spelled, url].map((target) => fingerprintOf('privateQuery', { tool, target })));
          assert.equal(fingerprints.size, 1, `${domain} ${spelled} ${url}`);
          assert.notEqual(fingerprintOf('privateQuery', { tool: 'clean_markdown', target: url }), fingerprintOf('privateQuery', { tool, target: url }));
        },
      ),
      { numRuns: RUNS },
    );
    const acme = ['acme-analytics.com', 'ACME-Analytics.com', 'https://acme-analytics.com/'].map((target) =>
      fingerprintOf('privateQuery', { tool: 'tech_stack', target }),
    );
    assert.equal(new Set(acme).size, 1);
  });

  it("domain-list (hot-buyers, batch): spellings and repeats merge into the first spelling's place; the merged entries are reported", () => {
    const listArb = fc.uniqueArray(domainArb, { minLength: 1, maxLength: 6 }).chain((domains) =>
      fc.tuple(
        fc.constant(domains),
        // Each distinct domain once in first-occurrence order, then repeats in any spelling anywhere after its first place.
        fc
          .array(fc.integer({ min: 0, max: domains.length - 1 }), { maxLength: 8 })
          .chain((repeats) =>
            fc
              .tuple(
                fc.tuple(...domains.map(spellDomain)),
                fc.tuple(...repeats.map((index) => spellDomain(domains[index]).map((spelled) => [index, spelled] as const))),
              )
              .map(([firsts, extra]) => [...firsts, ...extra.map(([, spelled]) => spelled)]),
          ),
      ),
    );
    fc.assert(
      fc.property(listArb, listArb, ([domains, sent], [others, otherSent]) => {
        const { input, merged } = validateInput(op('batch'), { tool: 'tech-stack', domains: sent });
        assert.deepEqual(input.domains, domains);
        assert.equal(merged.length, sent.length - domains.length);
        for (const entry of merged) assert.equal(sent[Number(entry.same_as.split('/')[2])].toLowerCase().replace(/\.$/, ''), entry.canonical);
        assert.equal(fingerprintOf('batch', { tool: 'tech-stack', domains: sent }), fingerprintOf('batch', { tool: 'tech-stack', domains }));
        if (JSON.stringify(domains) !== JSON.stringify(others))
          assert.notEqual(fingerprintOf('batch', { tool: 'tech-stack', domains: sent }), fingerprintOf('batch', { tool: 'tech-stack', domains: otherSent }));
      }),
      { numRuns: RUNS },
    );
    const northwind = validateInput(op('hotBuyers'), {
      domains: ['northwind-robotics.com', 'NORTHWIND-ROBOTICS.com', 'northwind-robotics.com.', 'northwind-robotics.com'],
      min_intent_score: 0,
    });
    assert.deepEqual(northwind.input.domains, ['northwind-robotics.com']);
    assert.deepEqual(
      northwind.merged.map((entry) => entry.pointer),
      ['/domains/1', '/domains/2', '/domains/3'],
    );
  });

  it('domain-set (competitor_domains): any order and spelling is one fingerprint', () => {
    const setArb = fc.uniqueArray(domainArb, { minLength: 1, maxLength: 3 }).filter((domains) => !domains.includes('store.com'));
    fc.assert(
      fc.property(
        setArb.chain((domains) =>
          fc.tuple(
            fc.constant(domains),
            fc.shuffledSubarray(domains, { minLength: domains.length, maxLength: domains.length }).chain((order) => fc.tuple(...order.map(spellDomain))),
          ),
        ),
        ([domains, spelled]) => {
          assert.deepEqual(
            validateInput(op('agenticShelfSchemaComparator'), { domain: 'store.com', competitor_domains: spelled }).input.competitor_domains,
            [...domains].sort(),
          );
          assert.equal(
            fingerprintOf('agenticShelfSchemaComparator', { domain: 'store.com', competitor_domains: spelled }),
            fingerprintOf('agenticShelfSchemaComparator', { domain: 'store.com', competitor_domains: domains }),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('text and exact: compared as sent', () => {
    assert.notEqual(
      fingerprintOf('checkoutActivePromoCodeFinder', { domain: 'a.com', product_category: 'Shoes' }),
      fingerprintOf('checkoutActivePromoCodeFinder', { domain: 'a.com', product_category: 'shoes' }),
    );
    assert.equal(
      fingerprintOf('cleanMarkdown', { url: 'https://a.com/' }),
      fingerprintOf('cleanMarkdown', { url: 'https://a.com/', max_chars: 15000 }),
      'a default is the value the caller left out',
    );
  });
});
