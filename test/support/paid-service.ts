/**
 * The service on a local chain with the in-process facilitator, for tests that pay, and the
 * official @x402 client for a payer of that chain.
 */
import { x402Client } from '@x402/core/client';
import { x402PayerClient } from '../../client/pay.ts';
import { startChain, type ChainWorld, type Payer } from '../world/chain.ts';
import { startService, type StartServiceOptions, type TestService } from './service.ts';
import { createFacilitator } from '../../server/payments/facilitator.ts';

export interface PaidService {
  world: ChainWorld;
  service: TestService;
  close: () => Promise<void>;
}

/** startService with a facilitator on a fresh local chain, paying the world's payTo address. */
export async function startPaidService({ config = {}, ...options }: StartServiceOptions = {}): Promise<PaidService> {
  const world = await startChain();
  try {
    const facilitator = createFacilitator({ network: 'eip155:8453', chainId: 8453, facilitatorPrivateKey: world.facilitatorPrivateKey, rpcUrl: world.rpcUrl })!;
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

export function payerClient(payer: Payer): x402Client {
  return x402PayerClient(payer.privateKey);
}
