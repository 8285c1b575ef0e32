/**
 * The service on a local chain with the in-process facilitator, for tests that pay, and the
 * official @x402 client for a payer of that chain.
 */
import { x402Client } from '@x402/core/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { x402PayerClient } from '../../client/pay.ts';
import { startChain, type ChainWorld, type Payer } from '../world/chain.ts';
import { startService, type StartServiceOptions, type TestService } from './service.ts';
import { createFacilitator, type Facilitator } from '../../server/payments/facilitator.ts';

export interface PaidService {
  world: ChainWorld;
  service: TestService;
  close: () => Promise<void>;
}

/** startService with a facilitator on a fresh local chain, paying the world's payTo address. */
export async function startPaidService({ config = {}, ...options }: StartServiceOptions = {}): Promise<PaidService> {
  const world = await startChain();
  try {
    const facilitator = chainFacilitator(world);
    const service = await startService({ ...options, facilitator, config: { payTo: world.payTo, ...config } });
    return {
      world,
      service,
      async close() {
        await service.close();
        await world.stop();
      },
    };
  } catch (error) {
    await world.stop();
    throw error;
  }
}

/** The in-process facilitator on a local chain: its facilitator key, its RPC, Base's network. */
export function chainFacilitator(chain: ChainWorld): Facilitator {
  return createFacilitator({ network: 'eip155:8453', chainId: 8453, facilitatorPrivateKey: chain.facilitatorPrivateKey, rpcUrl: chain.rpcUrl })!;
}

export function payerClient(payer: Payer): x402Client {
  return x402PayerClient(payer.privateKey);
}

/** JSON POSTs paid as `payer` by the official @x402/fetch wrapper: a 402 is answered with a payment, and the call made again. */
export function payingPoster(payer: Payer): (url: string, body: unknown, headers?: Record<string, string>) => Promise<Response> {
  const payingFetch = wrapFetchWithPayment(fetch, payerClient(payer));
  return (url, body, headers = {}) =>
    payingFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
