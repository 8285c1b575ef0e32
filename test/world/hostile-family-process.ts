/**
 * The offline world with the hostile family (fixtures/hostile-family.ts), in a process of its own:
 * serving megabytes over TLS costs CPU, and the adversarial test measures the service's event loop
 * alone. Prints the world's net environment as one JSON line, then serves until killed. With
 * --with-fixtures it serves every benign fixture too; with --with-fairness, the costly legal pages
 * and a trickling site (test/e2e/fair-share.test.ts).
 */
import { startWorld } from './index.ts';
import { installHostileFamily } from './fixtures/hostile-family.ts';
import { installEveryFixture } from './fixtures/every.ts';
import { installCostlyLegalPages } from './fixtures/costly-legal.ts';
import { installSlowSite, TRICKLING_DOMAIN } from './fixtures/slow-sites.ts';

const world = await startWorld();
if (process.argv.includes('--with-fixtures')) {
  // Every benign fixture too (bench:hostile's benign calls); the family takes over the upstream hosts, passing other domains to them.
  const registered = new Map<string, unknown>();
  const host = world.sites.host.bind(world.sites);
  world.sites.host = (name, site) => {
    registered.set(name, site);
    host(name, site);
  };
  installEveryFixture(world);
  world.sites.host = host;
  installHostileFamily(world, { fallback: (name) => registered.get(name) as never });
} else installHostileFamily(world);
if (process.argv.includes('--with-fairness')) {
  // The fairness test's other costly families: legal pages costly to read, and a body that trickles.
  installCostlyLegalPages(world);
  installSlowSite(world, TRICKLING_DOMAIN, 'trickle', { intervalMs: 50 });
}
process.stdout.write(`${JSON.stringify(world.netEnv)}\n`);
process.on('SIGTERM', () => void world.stop().then(() => process.exit(0)));
