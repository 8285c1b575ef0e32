/**
 * The offline world with the hostile family (fixtures/hostile-family.ts), in a process of its own:
 * serving megabytes over TLS costs CPU, and the adversarial test measures the service's event loop
 * alone. Prints the world's net environment as one JSON line, then serves until killed.
 */
import { startWorld } from './index.ts';
import { installHostileFamily } from './fixtures/hostile-family.ts';

const world = await startWorld();
installHostileFamily(world);
process.stdout.write(`${JSON.stringify(world.netEnv)}\n`);
process.on('SIGTERM', () => void world.stop().then(() => process.exit(0)));
