import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { composeProfile, type SectionRunners } from '../../../../engines/profile/compose.ts';
import { assertValid } from '../../../support/contract.ts';
import { minimalResults } from '../../../support/minimal-handlers.ts';

const NOW = new Date('2026-11-22T09:00:00Z');
const base = (operationId: string) => structuredClone(minimalResults.get(operationId)) as any;
const delay = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

function tech(overrides: Record<string, unknown> = {}) {
  return {
    ...base('techStack'),
    domain: 'acme.com',
    status: 'ok',
    ad_pixels: ['Meta Pixel'],
    analytics: ['Google Analytics'],
    cms: 'WordPress',
    technology_count: 7,
    ...overrides,
  };
}
function intent(overrides: Record<string, unknown> = {}) {
  return {
    ...base('companyIntent'),
    domain: 'acme.com',
    status: 'ok',
    intent_score: 71,
    hiring_status: 'active_hiring',
    total_open_roles: 42,
    roles_posted_last_30_days: 12,
    roles_with_known_post_date: 40,
    ...overrides,
  };
}
function ads(overrides: Record<string, unknown> = {}) {
  return { ...base('searchAds'), domain: 'acme.com', status: 'ok', ads_returned: 12, total_ads_estimate: { low: 100, high: 200 }, ...overrides };
}
function sections(parts: Partial<Record<keyof SectionRunners, () => Promise<any>>>): SectionRunners {
  const missing = async () => {
    throw new Error('not given');
  };
  return { tech_stack: parts.tech_stack ?? missing, hiring_intent: parts.hiring_intent ?? missing, search_ads: parts.search_ads ?? missing };
}

describe('composeProfile', () => {
  it('three sections with data: ok, facts found, plain signals, valid against the spec', async () => {
    const result = await composeProfile(
      'acme.com',
      sections({ tech_stack: async () => tech(), hiring_intent: async () => intent(), search_ads: async () => ads() }),
      { now: () => NOW },
    );
    assertValid('ProfileResult', result);
    assert.equal(result.status, 'ok');
    assert.deepEqual(result.sections_with_data, ['tech_stack', 'hiring_intent', 'search_ads']);
    assert.deepEqual(result.footprint, { website_ad_or_analytics_tags: 'found', job_board_with_open_roles: 'found', search_ads: 'found' });
    assert.ok(
      result.signals!.some((signal) => /42 open roles, 12 posted in the last 30 days/.test(signal)),
      JSON.stringify(result.signals),
    );
    assert.ok(result.signals!.some((signal) => /Meta Pixel/.test(signal)));
    assert.equal(result.checked_at, NOW.toISOString());
    assert.equal(result.note, null);
  });

  it('one section with data: insufficient_data, and the note names the one tool to call', async () => {
    const result = await composeProfile(
      'acme.com',
      sections({
        tech_stack: async () => tech({ status: 'no_signals', ad_pixels: [], analytics: [], technology_count: 0 }),
        hiring_intent: async () => intent(),
        search_ads: async () => ads({ status: 'no_ads', ads_returned: 0 }),
      }),
    );
    assertValid('ProfileResult', result);
    assert.equal(result.status, 'insufficient_data');
    assert.deepEqual(result.sections_with_data, ['hiring_intent']);
    assert.match(result.note!, /call company-intent for acme\.com/);
    assert.deepEqual(result.footprint, { website_ad_or_analytics_tags: 'not_found', job_board_with_open_roles: 'found', search_ads: 'not_found' });
  });

  it('a failed or late section is unknown, never not_found, and does not hold the others', async () => {
    const started = Date.now();
    const result = await composeProfile(
      'acme.com',
      sections({
        tech_stack: async () => tech(),
        hiring_intent: () => new Promise(() => {}),
        search_ads: async () => {
          throw new Error('registry blocked');
        },
      }),
      { deadlinesMs: { tech_stack: 1000, hiring_intent: 150, search_ads: 1000 } },
    );
    assert.ok(Date.now() - started < 1000);
    assertValid('ProfileResult', result);
    assert.deepEqual(result.sections_status, { tech_stack: 'ok', hiring_intent: 'timeout', search_ads: 'failed' });
    assert.deepEqual(result.footprint, { website_ad_or_analytics_tags: 'found', job_board_with_open_roles: 'unknown', search_ads: 'unknown' });
    assert.equal(result.hiring_intent, null);
    assert.match(result.note!, /hiring_intent \(timeout\), search_ads \(failed\)/);
  });

  it('runs the sections in parallel: all three start before any ends', async () => {
    const events: string[] = [];
    const traced = (name: string, ms: number, value: unknown) => async () => {
      events.push(`start ${name}`);
      await delay(ms, null);
      events.push(`end ${name}`);
      return value;
    };
    const result = await composeProfile(
      'acme.com',
      sections({ tech_stack: traced('tech', 30, tech()), hiring_intent: traced('intent', 20, intent()), search_ads: traced('ads', 10, ads()) }),
    );
    assert.equal(result.status, 'ok');
    assert.deepEqual(
      events.slice(0, 3).map((event) => event.split(' ')[0]),
      ['start', 'start', 'start'],
    );
  });

  it('an unreadable site (blocked) is a section the profile reports blocked, its fact unknown', async () => {
    const result = await composeProfile(
      'acme.com',
      sections({
        tech_stack: async () => tech({ status: 'blocked', ad_pixels: [], analytics: [] }),
        hiring_intent: async () => intent(),
        search_ads: async () => ads(),
      }),
    );
    assert.equal(result.sections_status.tech_stack, 'blocked');
    assert.equal(result.footprint!.website_ad_or_analytics_tags, 'unknown');
    assert.equal(result.status, 'ok');
  });

  it('reports each section that answered with its own status: a site without tags is no_signals, not no_data', async () => {
    const result = await composeProfile(
      'acme.com',
      sections({
        tech_stack: async () => tech({ status: 'no_signals', ad_pixels: [], analytics: [] }),
        hiring_intent: async () => intent({ status: 'no_open_jobs' }),
        search_ads: async () => ads({ status: 'no_ads' }),
      }),
    );
    assertValid('ProfileResult', result);
    assert.deepEqual(result.sections_status, { tech_stack: 'no_signals', hiring_intent: 'no_open_jobs', search_ads: 'no_ads' });
    assert.equal(result.sections_status.tech_stack, result.tech_stack!.status);
    assert.deepEqual(result.footprint, { website_ad_or_analytics_tags: 'not_found', job_board_with_open_roles: 'not_found', search_ads: 'not_found' });
    assert.equal(result.status, 'insufficient_data');
  });

  it('tells onSection each section as it ends, in the order they end, with the status the result has', async () => {
    const heard: string[] = [];
    const result = await composeProfile(
      'acme.com',
      sections({
        tech_stack: () => delay(60, tech()),
        hiring_intent: () => new Promise(() => {}),
        search_ads: async () => ads(),
      }),
      { deadlinesMs: { tech_stack: 1000, hiring_intent: 120, search_ads: 1000 }, onSection: (name, status) => heard.push(`${name}: ${status}`) },
    );
    assert.deepEqual(heard, ['search_ads: ok', 'tech_stack: ok', 'hiring_intent: timeout']);
    assert.deepEqual(result.sections_status, { tech_stack: 'ok', hiring_intent: 'timeout', search_ads: 'ok' });
  });
});
