import { createNet, transportOptionsOf, type Net, type NetConfig } from '../../engines/net/index.ts';
import type { NetOptions } from '../../engines/net/index.ts';
import { createSocketTransport } from '../../engines/net/transport.ts';

/** The net of engine tests and benchmarks: its transport in this thread (the service's runs on the net thread, server/net-thread/). */
export function netInThread(config: NetConfig, options: Omit<NetOptions, 'transport'> = {}): Net {
  return createNet(config, { transport: createSocketTransport(transportOptionsOf(config)), ...options });
}
