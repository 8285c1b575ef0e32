/**
 * The offline world with the hostile family (fixtures/hostile-family.ts), in a process of its own:
 * serving megabytes over TLS costs CPU, and the adversarial test measures the service's event loop
 * alone. Prints the world's net environment as one JSON line, then serves until killed.
 */
import { startWorld } from './index.ts';
import { installHostileFamily } from './fixtures/hostile-family.ts';
import { installEveryFixture } from './fixtures/every.ts';

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
process.stdout.write(`${JSON.stringify(world.netEnv)}\n`);
process.on('SIGTERM', () => void world.stop().then(() => process.exit(0)));
