/**
 * The one facilitator interface (verify, settle), chosen by configuration:
 * - FACILITATOR_URL: a remote facilitator over HTTP (optional FACILITATOR_AUTH_HEADERS JSON);
 * - FACILITATOR_PRIVATE_KEY + RPC_URL: the in-process facilitator of @x402/core + @x402/evm,
 *   sending transferWithAuthorization through that JSON-RPC (the service pays the gas);
 * - neither: null, and paid calls answer network_not_enabled.
 */
import { HTTPFacilitatorClient } from '@x402/core/http';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { createWalletClient, defineChain, http, publicActions, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export interface Facilitator {
  readonly kind: 'remote' | 'in-process';
  verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse>;
  settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse>;
}

export interface FacilitatorOptions {
  network: `${string}:${string}`;
  chainId: number;
  facilitatorUrl?: string | null;
  facilitatorAuthHeaders?: Record<string, string> | null;
  facilitatorPrivateKey?: string | null;
  rpcUrl?: string | null;
  confirmationTimeoutMs?: number;
}

export function createFacilitator({
  network,
  chainId,
  facilitatorUrl,
  facilitatorAuthHeaders,
  facilitatorPrivateKey,
  rpcUrl,
  confirmationTimeoutMs = 60_000,
}: FacilitatorOptions): Facilitator | null {
  if (facilitatorUrl) {
    const headers = facilitatorAuthHeaders ?? null;
    const client = new HTTPFacilitatorClient({
      url: facilitatorUrl,
      timeoutMs: 30_000,
      ...(headers ? { createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }) } : {}),
    });
    return { kind: 'remote', verify: (p, r) => client.verify(p, r), settle: (p, r) => client.settle(p, r) };
  }
  if (facilitatorPrivateKey && rpcUrl) {
    const account = privateKeyToAccount(facilitatorPrivateKey as Hex);
    const chain = defineChain({
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) }).extend(publicActions);
    // One facilitator key sends one transaction at a time: concurrent settlements would race
    // for the same account nonce ("nonce too low") and all but one would fail.
    let sending: Promise<unknown> = Promise.resolve();
    function oneAtATime<T>(send: () => Promise<T>): Promise<T> {
      const sent = sending.then(send);
      sending = sent.catch(() => undefined);
      return sent;
    }
    // Each member passes through to viem; readContract/writeContract need an args array.
    const client: Parameters<typeof toFacilitatorEvmSigner>[0] = {
      address: account.address,
      getCode: (args) => wallet.getCode(args),
      readContract: (args) => wallet.readContract({ ...args, args: args.args ?? [] } as any),
      verifyTypedData: (args) => wallet.verifyTypedData(args as any),
      writeContract: (args) => oneAtATime(() => wallet.writeContract({ ...args, args: args.args ?? [] } as any)),
      sendTransaction: (args) => oneAtATime(() => wallet.sendTransaction(args as any)),
      waitForTransactionReceipt: (args) => wallet.waitForTransactionReceipt(args),
    };
    const signer = toFacilitatorEvmSigner(client, { confirmationTimeoutMs });
    const facilitator = new x402Facilitator().register(network, new ExactEvmScheme(signer));
    return { kind: 'in-process', verify: (p, r) => facilitator.verify(p, r), settle: (p, r) => facilitator.settle(p, r) };
  }
  return null;
}
