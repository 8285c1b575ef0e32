// Proves the chain world against the real x402 pieces: the official client signs, the in-process
// facilitator (wired as production wires it) verifies and settles on the local chain.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { x402Client } from '@x402/core/client';
import { decodePaymentResponseHeader, decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { createWalletClient, domainSeparator, http, parseAbi, publicActions, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startChain, type ChainWorld } from './chain.ts';
import { createFacilitator as createServiceFacilitator, type Facilitator } from '../../server/payments/facilitator.ts';
import { TRANSFER_WITH_AUTHORIZATION } from '../../server/payments/x402.ts';

const PRICE = 5000n;

function walletFor(world: ChainWorld, privateKey: Hex) {
  const account = privateKeyToAccount(privateKey);
  return createWalletClient({ account, chain: world.viemChain, transport: http(world.rpcUrl) }).extend(publicActions);
}

/** The service's own facilitator (server/payments/facilitator.ts), pointed at the world. */
function createFacilitator(world: ChainWorld): Facilitator {
  return createServiceFacilitator({
    network: 'eip155:8453',
    chainId: world.chainId,
    facilitatorPrivateKey: world.facilitatorPrivateKey,
    rpcUrl: world.rpcUrl,
  })!;
}

function requirementsFor(world: ChainWorld): PaymentRequirements {
  return {
    scheme: 'exact',
    network: 'eip155:8453',
    amount: String(PRICE),
    asset: world.usdc,
    payTo: world.payTo,
    maxTimeoutSeconds: 300,
    extra: { name: 'USD Coin', version: '2' },
  };
}

function paymentRequiredFor(world: ChainWorld, url: string): PaymentRequired {
  return {
    x402Version: 2,
    error: 'PAYMENT-SIGNATURE header is required',
    resource: { url, description: 'chain world test', mimeType: 'application/json' },
    accepts: [requirementsFor(world)],
  };
}

function payerClient(privateKey: Hex): x402Client {
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: privateKeyToAccount(privateKey) });
  return client;
}

function authorizationOf(payload: PaymentPayload): { from: Address; nonce: Hex; value: string } {
  return (payload.payload as { authorization: { from: Address; nonce: Hex; value: string } }).authorization;
}

describe('chain world with the real x402 client and facilitator', () => {
  let world: ChainWorld;
  let facilitator: Facilitator;

  before(async () => {
    world = await startChain();
    facilitator = createFacilitator(world);
  });
  after(async () => {
    await world?.stop();
  });

  test('a signed payment verifies, settles, moves exactly the price and cannot be replayed', async () => {
    const payer = await world.newPayer(1_000_000n);
    const requirements = requirementsFor(world);
    const payload = await payerClient(payer.privateKey).createPaymentPayload(paymentRequiredFor(world, 'https://api.test/v1/x'));
    const { nonce } = authorizationOf(payload);
    const payToBefore = await world.balanceOf(world.payTo);

    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.isValid, true, JSON.stringify(verified));
    assert.equal(verified.payer, payer.address);
    assert.equal(await world.authorizationUsed(payer.address, nonce), false);

    const settled = await facilitator.settle(payload, requirements);
    assert.equal(settled.success, true, JSON.stringify(settled));
    assert.match(settled.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(settled.network, 'eip155:8453');
    assert.equal(settled.payer, payer.address);
    assert.equal(await world.balanceOf(payer.address), 1_000_000n - PRICE);
    assert.equal(await world.balanceOf(world.payTo), payToBefore + PRICE);
    assert.equal(await world.authorizationUsed(payer.address, nonce), true);

    const reverify = await facilitator.verify(payload, requirements);
    assert.equal(reverify.isValid, false);
    assert.equal(reverify.invalidReason, 'invalid_exact_evm_nonce_already_used');
    const resettle = await facilitator.settle(payload, requirements);
    assert.equal(resettle.success, false);
    assert.equal(resettle.errorReason, 'invalid_exact_evm_nonce_already_used');
    assert.equal(resettle.transaction, '');
    assert.equal(await world.balanceOf(payer.address), 1_000_000n - PRICE);
  });

  test('a tampered value fails the signature check and moves nothing', async () => {
    const payer = await world.newPayer(1_000_000n);
    const requirements = requirementsFor(world);
    const signed = await payerClient(payer.privateKey).createPaymentPayload(paymentRequiredFor(world, 'https://api.test/v1/x'));
    const tampered = structuredClone(signed);
    authorizationOf(tampered).value = '4999';

    const verified = await facilitator.verify(tampered, requirements);
    assert.equal(verified.isValid, false);
    assert.equal(verified.invalidReason, 'invalid_exact_evm_signature');
    const settled = await facilitator.settle(tampered, requirements);
    assert.equal(settled.success, false);
    assert.equal(settled.errorReason, 'invalid_exact_evm_signature');
    assert.equal(await world.balanceOf(payer.address), 1_000_000n);
  });

  test('a payer without USDC gets insufficient balance on verify and settle', async () => {
    const payer = await world.newPayer(0n);
    const requirements = requirementsFor(world);
    const payload = await payerClient(payer.privateKey).createPaymentPayload(paymentRequiredFor(world, 'https://api.test/v1/x'));

    const verified = await facilitator.verify(payload, requirements);
    assert.equal(verified.isValid, false);
    assert.equal(verified.invalidReason, 'invalid_exact_evm_insufficient_balance');
    const settled = await facilitator.settle(payload, requirements);
    assert.equal(settled.success, false);
    assert.equal(settled.errorReason, 'invalid_exact_evm_insufficient_balance');
    assert.equal(await world.authorizationUsed(payer.address, authorizationOf(payload).nonce), false);
  });

  test('concurrent settlements through one facilitator all land', async () => {
    const requirements = requirementsFor(world);
    const payers = await Promise.all([1, 2, 3, 4].map(() => world.newPayer(1_000_000n)));
    const payloads = await Promise.all(
      payers.map((payer) => payerClient(payer.privateKey).createPaymentPayload(paymentRequiredFor(world, 'https://api.test/v1/x'))),
    );
    const payToBefore = await world.balanceOf(world.payTo);

    const settled = await Promise.all(payloads.map((payload) => facilitator.settle(payload, requirements)));
    assert.deepEqual(
      settled.map((result) => result.errorReason ?? 'ok'),
      ['ok', 'ok', 'ok', 'ok'],
    );
    assert.equal(await world.balanceOf(world.payTo), payToBefore + 4n * PRICE);
  });

  test('wrapFetchWithPayment pays a 402 from a server that settles through the facilitator', async () => {
    const payer = await world.newPayer(1_000_000n);
    const payToBefore = await world.balanceOf(world.payTo);
    const server = await listen(async (paymentSignature, url): Promise<Answer> => {
      if (!paymentSignature) {
        return { status: 402, headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(paymentRequiredFor(world, url)) } };
      }
      const payload = decodePaymentSignatureHeader(paymentSignature);
      const requirements = requirementsFor(world); // ours, never the client's `accepted`
      const verified = await facilitator.verify(payload, requirements);
      if (!verified.isValid) return { status: 402, headers: {}, body: { error: verified.invalidReason } };
      const settled = await facilitator.settle(payload, requirements);
      return { status: settled.success ? 200 : 402, headers: { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(settled) }, body: { paid: settled.success } };
    });
    try {
      const payingFetch = wrapFetchWithPayment(fetch, payerClient(payer.privateKey));
      const response = await payingFetch(`${server.url}/v1/thing`);

      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { paid: true });
      const receipt = decodePaymentResponseHeader(response.headers.get('PAYMENT-RESPONSE') ?? '');
      assert.equal(receipt.success, true);
      assert.equal(receipt.payer, payer.address);
      assert.equal(server.requests, 2);
      assert.equal(await world.balanceOf(payer.address), 1_000_000n - PRICE);
      assert.equal(await world.balanceOf(world.payTo), payToBefore + PRICE);
    } finally {
      await server.close();
    }
  });
});

describe('MockUSDC entry points and world helpers outside the facilitator path', () => {
  let world: ChainWorld;
  before(async () => {
    world = await startChain();
  });
  after(async () => {
    await world?.stop();
  });

  const tokenAbi = parseAbi([
    'function DOMAIN_SEPARATOR() view returns (bytes32)',
    'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
    'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  ]);
  // EIP-3009's two authorizations sign the same fields.
  const fields = TRANSFER_WITH_AUTHORIZATION.TransferWithAuthorization;

  async function sign(primaryType: 'TransferWithAuthorization' | 'ReceiveWithAuthorization', payerKey: Hex, to: Address) {
    const from = privateKeyToAccount(payerKey).address;
    const message = { from, to, value: PRICE, validAfter: 0n, validBefore: BigInt(Math.floor(Date.now() / 1000) + 300), nonce: generatePrivateKey() };
    const signature = await privateKeyToAccount(payerKey).signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: world.chainId, verifyingContract: world.usdc },
      types: { TransferWithAuthorization: fields, ReceiveWithAuthorization: fields },
      primaryType,
      message,
    });
    return [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce, signature] as const;
  }

  test("world.transfer spends a payer's USDC with a plain ERC-20 transfer", async () => {
    const payer = await world.newPayer(PRICE);
    const payToBefore = await world.balanceOf(world.payTo);
    await world.transfer(payer, world.payTo, PRICE);
    assert.equal(await world.balanceOf(payer.address), 0n);
    assert.equal(await world.balanceOf(world.payTo), payToBefore + PRICE);
    await assert.rejects(world.transfer(payer, world.payTo, 1n), /ERC20: transfer amount exceeds balance/);
  });

  test('DOMAIN_SEPARATOR is the USDC domain for chain 8453 at the planted address', async () => {
    const wallet = walletFor(world, world.facilitatorPrivateKey);
    const expected = domainSeparator({ domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: world.usdc } });
    assert.equal(await wallet.readContract({ address: world.usdc, abi: tokenAbi, functionName: 'DOMAIN_SEPARATOR' }), expected);
  });

  test('transferWithAuthorization(bytes) and receiveWithAuthorization move funds; receive demands the payee as caller', async () => {
    const relayer = walletFor(world, world.facilitatorPrivateKey); // has ETH for gas
    const payer = await world.newPayer(1_000_000n);

    const transferArgs = await sign('TransferWithAuthorization', payer.privateKey, world.payTo);
    await relayer.waitForTransactionReceipt({
      hash: await relayer.writeContract({ address: world.usdc, abi: tokenAbi, functionName: 'transferWithAuthorization', args: transferArgs }),
    });
    assert.equal(await world.authorizationUsed(payer.address, transferArgs[5]), true);

    const toOther = await sign('ReceiveWithAuthorization', payer.privateKey, world.payTo);
    await assert.rejects(
      relayer.simulateContract({ address: world.usdc, abi: tokenAbi, functionName: 'receiveWithAuthorization', args: toOther }),
      /FiatTokenV2: caller must be the payee/,
    );
    const toRelayer = await sign('ReceiveWithAuthorization', payer.privateKey, relayer.account.address);
    await relayer.waitForTransactionReceipt({
      hash: await relayer.writeContract({ address: world.usdc, abi: tokenAbi, functionName: 'receiveWithAuthorization', args: toRelayer }),
    });
    assert.equal(await world.balanceOf(payer.address), 1_000_000n - 2n * PRICE);
    assert.equal(await world.balanceOf(relayer.account.address), PRICE);

    await assert.rejects(
      relayer.simulateContract({ address: world.usdc, abi: tokenAbi, functionName: 'transferWithAuthorization', args: transferArgs }),
      /FiatTokenV2: authorization is used or canceled/,
    );
  });
});

type Answer = { status: number; headers: Record<string, string>; body?: unknown };

/** A one-route HTTP server: `answer` sees the PAYMENT-SIGNATURE header and the request URL. */
async function listen(answer: (paymentSignature: string | undefined, url: string) => Promise<Answer>) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests += 1;
    const url = `http://${req.headers.host}${req.url}`;
    answer(req.headers['payment-signature'] as string | undefined, url).then(
      ({ status, headers, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body ?? {}));
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
