// Offline stand-in for Base mainnet: a Hardhat 2 node (chain id 8453) with a FiatTokenV2-compatible
// MockUSDC planted at the real Base USDC address and a Multicall3 subset at the canonical address,
// so the service and the x402 SDK run with their production config against it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import {
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  parseEther,
  publicActions,
  walletActions,
  type Address,
  type Chain,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import compiled from './contracts/compiled.json' with { type: 'json' };

export const USDC_ADDRESS: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';
export const CHAIN_ID = 8453;

const usdcAbi = parseAbi([
  'function mint(address to, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
]);

export interface ChainOptions {
  /** ETH given to the facilitator account for gas. */
  facilitatorEth?: bigint;
  /** How long to wait for the node to answer before giving up. */
  startupTimeoutMs?: number;
}

export interface Payer {
  privateKey: Hex;
  address: Address;
}

export interface ChainWorld {
  rpcUrl: string;
  chainId: typeof CHAIN_ID;
  /** viem chain object: Base's id with the local RPC URL. */
  viemChain: Chain;
  usdc: Address;
  facilitatorPrivateKey: Hex;
  /** A fresh address for the service wallet (nobody holds its key). */
  payTo: Address;
  /** A fresh key holding `usdcAtomic` USDC and no ETH. */
  newPayer(usdcAtomic: bigint): Promise<Payer>;
  /** An ordinary ERC-20 transfer signed by the payer (the world gives it the ETH for gas). */
  transfer(from: Payer, to: Address, usdcAtomic: bigint): Promise<void>;
  balanceOf(address: Address): Promise<bigint>;
  authorizationUsed(from: Address, nonce: Hex): Promise<boolean>;
  /** Moves the chain's clock forward (block timestamps), as a test moves the service's clock. */
  increaseTime(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

const defaults: Required<ChainOptions> = {
  facilitatorEth: parseEther('100'),
  startupTimeoutMs: 30_000,
};

export async function startChain(options: ChainOptions = {}): Promise<ChainWorld> {
  const { facilitatorEth, startupTimeoutMs } = { ...defaults, ...options };
  const node = await startHardhatNode(startupTimeoutMs);
  try {
    const viemChain = defineChain({
      id: CHAIN_ID,
      name: 'Base (local Hardhat)',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [node.rpcUrl] } },
    });
    // Only the world's own transactions (mints) come from this account.
    const minter = privateKeyToAccount(generatePrivateKey());
    const client = createTestClient({ mode: 'hardhat', chain: viemChain, account: minter, transport: http(node.rpcUrl) })
      .extend(publicActions)
      .extend(walletActions);

    const chainId = await client.getChainId();
    if (chainId !== CHAIN_ID) throw new Error(`test chain answered chain id ${chainId}, expected ${CHAIN_ID}`);

    const facilitatorPrivateKey = generatePrivateKey();
    await Promise.all([
      client.setCode({ address: USDC_ADDRESS, bytecode: compiled.contracts.MockUSDC.deployedBytecode as Hex }),
      client.setCode({ address: MULTICALL3_ADDRESS, bytecode: compiled.contracts.MiniMulticall3.deployedBytecode as Hex }),
      client.setBalance({ address: privateKeyToAccount(facilitatorPrivateKey).address, value: facilitatorEth }),
      client.setBalance({ address: minter.address, value: parseEther('1000') }),
    ]);

    async function mint(to: Address, amount: bigint): Promise<void> {
      const hash = await client.writeContract({ address: USDC_ADDRESS, abi: usdcAbi, functionName: 'mint', args: [to, amount] });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`mint of ${amount} to ${to} reverted`);
    }

    // An automining node rejects a nonce from the future instead of queueing it, so concurrent
    // newPayer() calls send their mints one at a time.
    let mintQueue: Promise<unknown> = Promise.resolve();
    async function newPayer(usdcAtomic: bigint): Promise<Payer> {
      const privateKey = generatePrivateKey();
      const { address } = privateKeyToAccount(privateKey);
      if (usdcAtomic > 0n) {
        const minted = mintQueue.then(() => mint(address, usdcAtomic));
        mintQueue = minted.catch(() => undefined);
        await minted;
      }
      return { privateKey, address };
    }

    async function transfer(from: Payer, to: Address, usdcAtomic: bigint): Promise<void> {
      await client.setBalance({ address: from.address, value: parseEther('1') });
      const wallet = createWalletClient({ account: privateKeyToAccount(from.privateKey), chain: viemChain, transport: http(node.rpcUrl) });
      const hash = await wallet.writeContract({ address: USDC_ADDRESS, abi: usdcAbi, functionName: 'transfer', args: [to, usdcAtomic] });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`transfer of ${usdcAtomic} from ${from.address} reverted`);
    }

    return {
      rpcUrl: node.rpcUrl,
      chainId: CHAIN_ID,
      viemChain,
      usdc: USDC_ADDRESS,
      facilitatorPrivateKey,
      payTo: privateKeyToAccount(generatePrivateKey()).address,
      newPayer,
      transfer,
      balanceOf: (address) => client.readContract({ address: USDC_ADDRESS, abi: usdcAbi, functionName: 'balanceOf', args: [address] }),
      authorizationUsed: (from, nonce) => client.readContract({ address: USDC_ADDRESS, abi: usdcAbi, functionName: 'authorizationState', args: [from, nonce] }),
      async increaseTime(seconds) {
        await client.increaseTime({ seconds: Math.ceil(seconds) });
        await client.mine({ blocks: 1 });
      },
      stop: node.stop,
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

interface HardhatNode {
  rpcUrl: string;
  stop(): Promise<void>;
}

/** Spawns `hardhat node` on an OS-chosen loopback port and resolves once it is listening. */
async function startHardhatNode(timeoutMs: number): Promise<HardhatNode> {
  const require = createRequire(import.meta.url);
  const child = spawn(
    process.execPath,
    [
      require.resolve('hardhat/internal/cli/bootstrap.js'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      '0',
      '--config',
      join(import.meta.dirname, 'hardhat.config.cjs'),
    ],
    {
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', WORLD_CHAIN_EXIT_WITH_PARENT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );

  const killNow = () => {
    child.kill('SIGKILL');
  };
  process.on('exit', killNow);
  // A test that forgets stop() must not keep its process alive; the exit hook above and the
  // stdin watchdog in hardhat.config.cjs still take the node down with it.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket).unref();

  let output = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  const keepTail = (chunk: string) => {
    output = (output + chunk).slice(-8_000);
  };
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);

  async function stop(): Promise<void> {
    process.off('exit', killNow);
    await terminate(child);
  }

  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`hardhat node did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = () => {
        const match = /JSON-RPC server at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        if (!match) return;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`hardhat node exited during startup (code ${code}, signal ${signal}):\n${output}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return { rpcUrl: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM, then SIGKILL if the node has not exited within 3 s. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
