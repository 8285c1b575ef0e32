/**
 * The company object of company-profile, company-footprint and the legitimacy skill (#26), end to
 * end on the offline world: each fact the home page, the job board or the registry states, with
 * its source and URL, from the page the tech-stack section already fetched; nothing for a page
 * that states nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { installJobBoards, JOB_DOMAINS, NORTHWIND_FACTS } from '../world/fixtures/job-boards.ts';
import { installAdsRegistry } from '../world/fixtures/ads-registry.ts';
import { installRdap, RDAP_RECORDS } from '../world/fixtures/rdap.ts';
import { assertValid, call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';

const caller = callers('192.0.2.');

describe('company facts on the offline world', { timeout: 120_000 }, () => {
  const setup = worldService({ install: [installJobBoards, installAdsRegistry, installRdap] });

  it('company-profile: every fact the Organization JSON-LD states, with its source and the page, and the registration date from RDAP', async () => {
    const home = `https://${JOB_DOMAINS.greenhouseEmbed}/`;
    const requestsBefore = setup.world.sites.requests.length;
    const { status, body } = await call(setup.url, '/v1/company-profile', { body: { domain: JOB_DOMAINS.greenhouseEmbed }, headers: caller() });
    assert.equal(status, 200);
    assertValid('ProfileResult', body);
    const page = (value: unknown) => ({ value, source: 'json_ld', source_url: home });
    const registered = RDAP_RECORDS[JOB_DOMAINS.greenhouseEmbed] as { registered: string };
    assert.deepEqual(body.company, {
      name: page(NORTHWIND_FACTS.name),
      legal_name: page(NORTHWIND_FACTS.legalName),
      description: page(NORTHWIND_FACTS.description),
      logo_url: page(NORTHWIND_FACTS.logo),
      social_profiles: page(['https://github.com/northwind-robotics', 'https://www.linkedin.com/company/northwind-robotics']),
      address: page({ street: 'Speicherstadt 12', locality: 'Hamburg', postal_code: '20457', country: 'DE' }),
      founding_year: page(2011),
      industry_keywords: page(NORTHWIND_FACTS.knowsAbout),
      phone: page(NORTHWIND_FACTS.telephone),
      domain_registered: {
        value: registered.registered.slice(0, 10),
        source: 'rdap',
        source_url: `https://rdap.verisign.com/com/v1/domain/${JOB_DOMAINS.greenhouseEmbed}`,
      },
    });
    const homeFetches = setup.world.sites.requests
      .slice(requestsBefore)
      .filter((request) => request.host.startsWith(JOB_DOMAINS.greenhouseEmbed) && request.url === '/');
    // The tech-stack section's fetch and the job-board scan's (it looks for careers links): the company object adds none.
    assert.equal(homeFetches.length, 2);
  });

  it('company-footprint and the legitimacy skill carry the same object', async () => {
    const footprint = await call(setup.url, '/v1/company-footprint', { body: { domain: JOB_DOMAINS.greenhouseEmbed }, headers: caller() });
    assertValid('ProfileResult', footprint.body);
    assert.deepEqual(footprint.body.company.name, { value: NORTHWIND_FACTS.name, source: 'json_ld', source_url: `https://${JOB_DOMAINS.greenhouseEmbed}/` });
    const skill = await call(setup.url, '/v1/skills/verify_domain_legitimacy_and_security', {
      body: { domain: JOB_DOMAINS.greenhouseEmbed },
      headers: caller(),
    });
    assertValid('LegitimacyResult', skill.body);
    assert.deepEqual(skill.body.company, footprint.body.company);
  });

  it('a page that does not state its name (its title is a slogan): the name the job board gives, with the board as its source', async () => {
    const { body } = await call(setup.url, '/v1/company-profile', { body: { domain: JOB_DOMAINS.big }, headers: caller() });
    assertValid('ProfileResult', body);
    assert.deepEqual(body.company.name, { value: 'MegaFreight', source: 'job_board', source_url: 'https://boards.greenhouse.io/megafreight' });
    assert.equal(body.hiring_intent.board_company_name, 'MegaFreight');
  });

  it('a home page that states nothing about its company but its title: the name the title gives (it spells the domain), nothing guessed, and what the registry states', async () => {
    const { body } = await call(setup.url, '/v1/company-profile', { body: { domain: JOB_DOMAINS.ashbyEmbed }, headers: caller() });
    assertValid('ProfileResult', body);
    const registered = RDAP_RECORDS[JOB_DOMAINS.ashbyEmbed] as { registered: string };
    assert.deepEqual(Object.keys(body.company), ['name', 'domain_registered']);
    assert.deepEqual(body.company.name, { value: 'Quillstack', source: 'title', source_url: `https://${JOB_DOMAINS.ashbyEmbed}/` });
    assert.equal(body.company.domain_registered.value, registered.registered.slice(0, 10));
  });
});
