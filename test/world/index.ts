// The offline world on loopback: DNS and web sites (and, on request, the Base chain). The service
// reaches it through the NET_* settings in `netEnv`, with its production fetcher unchanged.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadNetConfig, type NetConfig } from '../../engines/net/config.ts';
import type { ChainOptions, ChainWorld } from './chain.ts';
import { startDns, type WorldDns, type Zone } from './dns.ts';
import { startSites, type Site, type WorldSites } from './sites.ts';

export interface WorldOptions {
  zone?: Zone;
  sites?: Record<string, Site>;
  /** Also start the local Base chain (chain.ts); true or its options. */
  chain?: boolean | ChainOptions;
}

export interface World {
  dns: WorldDns;
  sites: WorldSites;
  /** Only with `chain`. */
  chain: ChainWorld | null;
  /** NET_DNS_SERVERS, NET_ALLOW_CIDRS, NET_PORT_MAP and NET_CA_FILE pointing the service at the world. */
  netEnv: Record<string, string>;
  netConfig: NetConfig;
  stop(): Promise<void>;
}

export async function startWorld({ zone = {}, sites = {}, chain = false }: WorldOptions = {}): Promise<World> {
  const stops: (() => Promise<void> | void)[] = [];
  async function stop() {
    for (const step of stops.splice(0).reverse()) await step();
  }
  try {
    const dns = await startDns({ zone });
    stops.push(() => dns.stop());
    const web = await startSites({ sites });
    stops.push(() => web.stop());
    const dir = mkdtempSync(join(tmpdir(), 'world-ca-'));
    stops.push(() => rmSync(dir, { recursive: true, force: true }));
    const caFile = join(dir, 'world-ca.pem');
    writeFileSync(caFile, web.caPem);

    let chainWorld: ChainWorld | null = null;
    if (chain) {
      const { startChain } = await import('./chain.ts');
      chainWorld = await startChain(chain === true ? {} : chain);
      stops.push(() => chainWorld?.stop());
    }

    const netEnv = {
      NET_DNS_SERVERS: dns.server,
      NET_ALLOW_CIDRS: '127.0.0.0/8',
      NET_PORT_MAP: `80:${web.httpPort},443:${web.httpsPort}`,
      NET_CA_FILE: caFile,
      // One world host plays many upstreams' moods (the ads registry answers 429 for one domain
      // only), so a 429 holds its host back 1 s at most here; host-limits tests set their own.
      NET_BACKOFF_MAX_MS: '1000',
    };
    return { dns, sites: web, chain: chainWorld, netEnv, netConfig: loadNetConfig(netEnv), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
