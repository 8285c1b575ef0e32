/**
 * extract-contacts end to end against the offline world: real HTTP(S) to fixture sites and real
 * DNS. Every obfuscation of the fixture is found, every false-positive trap avoided; every
 * status, charging only ok; the same over MCP.
 */
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { CONTACT_DOMAINS, installContactSites, NOT_PEOPLE, OTHER_PUBLISHED, PEOPLE, PUBLISHED, SOCIAL_KEPT, TRAPS } from '../world/fixtures/contact-sites.ts';
import { assertValid, call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';
import { withMcp } from '../support/mcp.ts';

const caller = callers('203.0.113.');

describe('extract-contacts against the offline world', { timeout: 120_000 }, () => {
  let full: any;
  let fullHeaders: Headers;
  const setup = worldService({ install: installContactSites });
  before(async () => {
    const answer = await call(setup.url, '/v1/extract-contacts', { body: { domain: CONTACT_DOMAINS.full }, headers: caller() });
    assert.equal(answer.status, 200);
    full = answer.body;
    fullHeaders = answer.headers;
  });

  it('reads the home, contact, about, team and careers pages found from links, and charges the ok result', () => {
    assert.equal(full.status, 'ok');
    assert.deepEqual(
      full.pages_read,
      ['/', '/contact-us', '/about-us', '/company/team', '/careers'].map((path) => `https://${CONTACT_DOMAINS.full}${path}`),
    );
    assert.equal(fullHeaders.get('x-usage-free-remaining'), '4');
  });

  for (const [address, how] of Object.entries(PUBLISHED)) {
    it(`finds ${address} (${how})`, () => assert.ok(full.emails.includes(address), JSON.stringify(full.emails)));
  }
  it('reports exactly the published addresses, deduplicated and sorted', () => {
    assert.deepEqual(full.emails, Object.keys(PUBLISHED).sort());
  });
  it("keeps the addresses of other domains (a founder's gmail, listed resellers, a commenter) apart from the company's", () => {
    assert.deepEqual(full.other_emails, Object.keys(OTHER_PUBLISHED).sort());
    for (const entry of full.email_sources) assert.equal(entry.same_domain, full.emails.includes(entry.email), entry.email);
    assert.deepEqual(
      full.email_sources.find((entry: { email: string }) => entry.email === 'rosa@vidal-machines.com'),
      { email: 'rosa@vidal-machines.com', same_domain: false, found_on: [`https://${CONTACT_DOMAINS.full}/contact-us`], how: ['mailto'] },
    );
  });
  for (const trap of TRAPS) {
    it(`does not report the trap ${trap}`, () => {
      const trapDomain = trap.split('@')[1];
      assert.ok(!full.emails.some((email: string) => email === trap || email.split('@')[1] === trapDomain), JSON.stringify(full.emails));
    });
  }

  it('keeps company profiles and drops share, intent and sponsor links', () => {
    assert.deepEqual(full.social_links, [...SOCIAL_KEPT].sort());
  });
  it('reads MX, SPF and DMARC; deliverable means an MX exists', () => {
    assert.deepEqual(full.mx, ['mx1.northwind-mail.net', 'mx2.northwind-mail.net']);
    assert.deepEqual(full.spf, ['v=spf1 include:_spf.northwind-mail.net -all']);
    assert.deepEqual(full.dmarc, ['v=DMARC1; p=quarantine; rua=mailto:dmarc@northwind-tools.com']);
    assert.equal(full.email_deliverable, true);
  });
  it('infers the address pattern from the people with their own address, and names them as its examples', () => {
    assert.equal(full.inferred_email_pattern, `{first}.{last}@${CONTACT_DOMAINS.full}`);
    assert.deepEqual(
      full.inferred_email_pattern_examples,
      PEOPLE.filter((person) => person.email).map(({ name, email, found_on }) => ({ name, email, found_on })),
    );
  });
  it('names the people the pages name (hCard, schema.org Person, team cards, a byline) with what each page ties to them, and no organisation or button', () => {
    assert.deepEqual(full.people, PEOPLE);
  });
  it("does not take commenters, listed resellers or a testimonial's client for people of the company", () => {
    const names = full.people.map((person: { name: string }) => person.name);
    for (const name of NOT_PEOPLE) assert.ok(!names.includes(name), name);
  });
  it('gives every address the pages it was found on and how it was published', () => {
    assert.deepEqual(
      full.email_sources.map((entry: { email: string }) => entry.email),
      [...full.emails, ...full.other_emails],
    );
    const source = (email: string) => full.email_sources.find((entry: { email: string }) => entry.email === email);
    assert.deepEqual(source(`sales@${CONTACT_DOMAINS.full}`), {
      email: `sales@${CONTACT_DOMAINS.full}`,
      same_domain: true,
      found_on: [`https://${CONTACT_DOMAINS.full}/`],
      how: ['cfemail'],
    });
    assert.deepEqual(source(`contact@${CONTACT_DOMAINS.full}`).found_on, [`https://${CONTACT_DOMAINS.full}/about-us`]);
    assert.deepEqual(source(`jobs@${CONTACT_DOMAINS.full}`).how, ['structured', 'text'], 'itemprop=email on a visible span: both');
  });

  it('falls back to common paths when the home page links nowhere', async () => {
    const { body, headers } = await call(setup.url, '/v1/extract-contacts', { body: { domain: CONTACT_DOMAINS.fallbackPaths }, headers: caller() });
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.emails, ['harbourmaster@quiet-harbor.com']);
    assert.ok(body.pages_read.includes(`https://${CONTACT_DOMAINS.fallbackPaths}/contact`));
    assert.equal(body.email_deliverable, false);
    assert.equal(body.inferred_email_pattern, null, 'one pair is not enough');
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  it('charges an MX-only domain: a valid MX is a result', async () => {
    const { body, headers } = await call(setup.url, '/v1/extract-contacts', { body: { domain: CONTACT_DOMAINS.mxOnly }, headers: caller() });
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.emails, []);
    assert.equal(body.email_deliverable, true);
    assert.equal(headers.get('x-usage-free-remaining'), '4');
  });

  const free: [string, string, string][] = [
    ['no_data for a site whose only addresses are traps and that has no MX', CONTACT_DOMAINS.nothing, 'no_data'],
    ['unreachable when nothing answers and there is no MX', CONTACT_DOMAINS.unreachable, 'unreachable'],
    ['not_found for a name that does not exist', CONTACT_DOMAINS.notFound, 'not_found'],
  ];
  for (const [name, domain, expected] of free) {
    it(`answers ${name}, free`, async () => {
      const { status, body, headers } = await call(setup.url, '/v1/extract-contacts', { body: { domain }, headers: caller() });
      assert.equal(status, 200);
      assert.equal(body.status, expected);
      assert.deepEqual(body.emails, []);
      assert.deepEqual(body.social_links, []);
      assert.deepEqual(body.people, [], 'a site that names nobody: no person guessed');
      assert.equal(headers.get('x-usage-free-remaining'), '5', 'not charged');
    });
  }

  it('refuses a domain that resolves to a private address (unsafe_or_invalid_target), free', async () => {
    const { status, body } = await call(setup.url, '/v1/extract-contacts', { body: { domain: CONTACT_DOMAINS.privateAddress }, headers: caller() });
    assert.equal(status, 400);
    assert.equal(body.code, 'unsafe_or_invalid_target');
  });

  it('answers the same over MCP', async () => {
    await withMcp(setup.url, caller(), async (client) => {
      const result = await client.callTool({ name: 'extract_company_contacts', arguments: { domain: CONTACT_DOMAINS.fallbackPaths } });
      assertValid('ContactsResult', result.structuredContent);
      assert.deepEqual((result.structuredContent as any).emails, ['harbourmaster@quiet-harbor.com']);
    });
  });
});
