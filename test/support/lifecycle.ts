/**
 * The lifecycle most test files share, as the before and after hooks of a describe: the offline
 * world with the file's sites and the service reaching it through the world's net behind a
 * trusted loopback proxy (so each test's X-Forwarded-For is its caller), or the service alone.
 */
import { before, after } from 'node:test';
import { startWorld, type World, type WorldOptions } from '../world/index.ts';
import { startService, type StartServiceOptions, type TestService } from './service.ts';

type Install = (world: World) => unknown;

export interface WorldServiceOptions {
  /** startWorld's options (e.g. the local chain). */
  world?: WorldOptions;
  /** Puts the file's sites, records and fixtures in the world before the service starts (one installer, or several in order). */
  install?: Install | Install[];
  /** The service's options; its config is laid over the world's net and the trusted loopback proxy. */
  service?: StartServiceOptions | ((world: World) => StartServiceOptions | Promise<StartServiceOptions>);
}

export interface WorldService extends StartedService {
  readonly world: World;
}

export interface StartedService {
  readonly service: TestService;
  /** The service's base URL. */
  readonly url: string;
}

function isStarted<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`the ${name} is not started yet (read it in a test or hook)`);
  return value;
}

/** The service alone (no world: every name fails fast, see OFFLINE_ENV), started before the enclosing describe's tests and closed after them. */
export function startedService(options: StartServiceOptions | (() => StartServiceOptions | Promise<StartServiceOptions>) = {}): StartedService {
  let service: TestService | undefined;
  before(async () => {
    service = await startService(typeof options === 'function' ? await options() : options);
  });
  after(() => service?.close());
  return {
    get service() {
      return isStarted(service, 'service');
    },
    get url() {
      return isStarted(service, 'service').url;
    },
  };
}

/** Registers the before and after hooks of the enclosing describe; world and service are there from the first test on. */
export function worldService({ world: worldOptions, install, service: serviceOptions = {} }: WorldServiceOptions = {}): WorldService {
  let world: World | undefined;
  let service: TestService | undefined;
  before(async () => {
    world = await startWorld(worldOptions);
    for (const step of [install ?? []].flat()) await step(world);
    const { config, ...options } = typeof serviceOptions === 'function' ? await serviceOptions(world) : serviceOptions;
    service = await startService({ ...options, config: { net: world.netConfig, trustedProxies: ['127.0.0.1'], ...config } });
  });
  after(async () => {
    await service?.close();
    await world?.stop();
  });
  return {
    get world() {
      return isStarted(world, 'world');
    },
    get service() {
      return isStarted(service, 'service');
    },
    get url() {
      return isStarted(service, 'service').url;
    },
  };
}

/** A distinct forwarded address per call (prefix + a counter from `first`): each its own caller, with its own free calls. */
export function addresses(prefix: string, first = 1): () => string {
  let next = first;
  return () => `${prefix}${next++}`;
}

/** addresses() as the X-Forwarded-For header of a fresh caller. */
export function callers(prefix: string, first = 1): () => Record<string, string> {
  const address = addresses(prefix, first);
  return () => ({ 'X-Forwarded-For': address() });
}
