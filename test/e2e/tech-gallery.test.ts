/**
 * Every rule of the fingerprint table fires through the world: each signal's gallery site is read
 * over real HTTPS and DNS by the tech-stack engine, and its technology comes out in the result
 * field the signal reports into; a weak signal alone reports nothing.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { collectTechStack, type TechStackResult } from '../../engines/tech-stack/collect.ts';
import { SIGNALS, TECHNOLOGIES } from '../../engines/tech/technologies.ts';
import { startWorld, type World } from '../world/index.ts';
import { installTechGallery, LINKS_SITE, vendorLinksHtml, type GallerySite } from '../world/fixtures/tech-gallery.ts';
import { assertValid } from '../support/contract.ts';
import { analyzeInline } from '../../server/parse-pool/inline.ts';
import { netInThread } from '../support/net.ts';

const LISTS = ['ad_pixels', 'analytics', 'marketing_tools', 'frameworks', 'hosting_cdn', 'payments', 'spf_senders', 'verified_services'] as const;
/** Where a DNS signal reports its technology, whatever the technology's own category. */
const DNS_FIELD: Record<string, string> = { mx: 'email_provider', spf: 'spf_senders', txt: 'verified_services', cname: 'hosting_cdn' };

function everyName(result: TechStackResult): Set<string> {
  const names = new Set<string>(LISTS.flatMap((list) => result[list] as string[]));
  for (const single of [result.cms, result.ecommerce, result.email_provider]) if (single) names.add(single);
  return names;
}

function inField(result: TechStackResult, field: string, name: string): boolean {
  const value = (result as Record<string, unknown>)[field];
  return Array.isArray(value) ? value.includes(name) : value === name;
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  return results;
}

describe('the rule gallery: every signal fires from its world site', { timeout: 240_000 }, () => {
  let world: World;
  let gallery: GallerySite[];
  const results = new Map<string, TechStackResult>();
  before(async () => {
    world = await startWorld();
    gallery = installTechGallery(world);
    const net = netInThread(world.netConfig);
    const deps = {
      fetch: net.fetch,
      dns: net.dns,
      analyze: analyzeInline,
      now: () => new Date('2026-11-22T08:00:00Z'),
      previous: async () => null,
      remember: async () => {},
    };
    await inBatches(gallery, 16, async (site) => results.set(site.domain, await collectTechStack(site.domain, deps)));
    results.set(LINKS_SITE, await collectTechStack(LINKS_SITE, deps));
  });
  after(() => world?.stop());

  it('has a site for every signal of every technology', () => {
    const covered = new Set(gallery.map((site) => site.signal.id));
    assert.equal(covered.size, SIGNALS.length);
    assert.equal(new Set(gallery.map((site) => site.technology.name)).size, TECHNOLOGIES.length);
  });

  it('every strong signal, and every weak signal with a second one, reports its technology where its kind says', () => {
    const missed: string[] = [];
    for (const site of gallery.filter((entry) => entry.reports)) {
      const result = results.get(site.domain)!;
      assertValid('TechStackResult', result, site.domain);
      assert.equal(result.status, 'ok', `${site.domain}: ${result.status} ${result.note}`);
      const field = DNS_FIELD[site.signal.kind] ?? site.technology.category;
      if (!inField(result, field, site.technology.name)) missed.push(`${site.technology.name} by ${site.signal.source} (${site.domain}) not in ${field}`);
    }
    assert.deepEqual(missed, []);
  });

  it('a weak signal alone does not report its technology', () => {
    const alone = gallery.filter((site) => !site.reports);
    assert.ok(alone.length > 0);
    const wrongly = alone
      .filter((site) => everyName(results.get(site.domain)!).has(site.technology.name))
      .map((site) => `${site.technology.name} by ${site.signal.source}`);
    assert.deepEqual(wrongly, []);
  });

  it('no link-only detection: a page linking to every vendor the html rules name reports none of them', () => {
    const links = (vendorLinksHtml().match(/<a href/g) ?? []).length;
    assert.ok(links > 400, String(links));
    const result = results.get(LINKS_SITE)!;
    assertValid('TechStackResult', result, LINKS_SITE);
    assert.deepEqual([...everyName(result)], []);
    // and no gallery site reports a technology from evidence that sits in an off-site link
    for (const site of gallery.filter((entry) => entry.reports && entry.signal.kind === 'html'))
      assert.ok(!/<a\s[^>]*href=["']https?:/i.test(site.signal.sample.html ?? ''), site.domain);
  });

  it('container rules are read from the container the page loads', () => {
    const fromContainers = gallery.filter((site) => site.containerId && site.reports);
    assert.ok(fromContainers.length >= 10, String(fromContainers.length));
    const fetched = new Set(
      world.sites.requests
        .filter((request) => request.host === 'www.googletagmanager.com')
        .map((request) => new URL(request.url, 'https://x').searchParams.get('id')),
    );
    for (const site of fromContainers) assert.ok(fetched.has(site.containerId), site.domain);
  });
});
