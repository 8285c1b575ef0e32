/**
 * npm run pay -- <path> '<json body>' [--key 0x...] [--base http://127.0.0.1:3000] [--caller <ip>]
 * One call of a running service, paid when it answers 402: the official x402 v2 client
 * (@x402/fetch over @x402/evm's exact scheme) reads the 402's terms, signs an EIP-3009
 * authorization for exactly them with the payer's key and repeats the call with PAYMENT-SIGNATURE.
 * A call still within the caller's free calls is answered without paying. The key comes from
 * --key or PAYER_KEY (`npm run world -- --chain` prints a funded one); the service from --base or
 * SERVICE_URL. --caller sends X-Forwarded-For, which only a service that trusts this machine as its
 * proxy believes (`npm run world` does, so that its examples are callers of their own). Prints the
 * status, the X-Usage-* headers, the settlement receipt and the body.
 */
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';

/**
 * Where `npm run pay` sends its call unless --base or SERVICE_URL say otherwise: npm start's and
 * npm run world's port, PORT when set (both take it), else 3000.
 */
export const defaultPayBase = (env: NodeJS.ProcessEnv = process.env) => `http://127.0.0.1:${env.PORT || 3000}`;

/** Why a call reached no service, with the URL tried and how to point pay elsewhere. */
export function unreachableMessage(url: string, error: Error): string {
  const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
  return `pay: no service answered at ${url} (${cause.code ?? cause.message ?? error.message}). Start one (npm start, or npm run world), or name where it runs: --base <service URL> or SERVICE_URL=<service URL> (PORT=<port> for 127.0.0.1).`;
}

/** The official x402 client for one EVM key, with the exact scheme on every EVM network. */
export function x402PayerClient(privateKey: Hex): x402Client {
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: privateKeyToAccount(privateKey) });
  return client;
}

export interface PaidCallOptions {
  baseUrl: string;
  /** An operation path, e.g. /v1/tech-stack. */
  path: string;
  body: unknown;
  privateKey: Hex;
  headers?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
}

export interface PaidCallAnswer {
  status: number;
  /** The X-Usage-* headers (free calls left, price, amount charged). */
  usage: Record<string, string>;
  /** The decoded PAYMENT-RESPONSE header: present when this answer was paid. */
  receipt: ReturnType<typeof decodePaymentResponseHeader> | null;
  body: unknown;
}

/** POSTs body to baseUrl + path, paying a 402 with privateKey. */
export async function paidCall({ baseUrl, path, body, privateKey, headers = {}, fetch = globalThis.fetch }: PaidCallOptions): Promise<PaidCallAnswer> {
  const payingFetch = wrapFetchWithPayment(fetch, x402PayerClient(privateKey));
  const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
  const response = await payingFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  }).catch((error: Error) => {
    // fetch says only "fetch failed" when nothing listens: name the URL and how to change it.
    throw error instanceof TypeError ? new Error(unreachableMessage(url, error)) : error;
  });
  const usage = Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('x-usage-')));
  const receiptHeader = response.headers.get('payment-response');
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: printed as sent
  }
  return { status: response.status, usage, receipt: receiptHeader ? decodePaymentResponseHeader(receiptHeader) : null, body: parsed };
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

async function main() {
  const args = process.argv.slice(2);
  const positional = args.filter((arg, i) => !arg.startsWith('--') && !['--key', '--base', '--caller'].includes(args[i - 1] ?? ''));
  const [path, json = '{}'] = positional;
  const privateKey = (option(args, '--key') ?? process.env.PAYER_KEY) as Hex | undefined;
  const baseUrl = option(args, '--base') || process.env.SERVICE_URL || defaultPayBase();
  if (!path || !privateKey) {
    console.error(
      "usage: npm run pay -- <path> '<json body>' [--key 0x<payer key> | PAYER_KEY=0x...] [--base <service URL> | SERVICE_URL=...] [--caller <ip>]",
    );
    process.exit(2);
  }
  const caller = option(args, '--caller');
  const answer = await paidCall({ baseUrl, path, body: JSON.parse(json), privateKey, headers: caller ? { 'x-forwarded-for': caller } : {} });
  console.log(
    `HTTP ${answer.status}; ${Object.entries(answer.usage)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ')}`,
  );
  const charged = Number(answer.usage['x-usage-charged-micro-usd'] ?? 0);
  if (charged > 0) console.log(`paid ${charged} micro-USD: ${JSON.stringify(answer.receipt)}`);
  else
    console.log(
      answer.receipt
        ? `not charged again: the stored answer of a paid call, with its receipt ${JSON.stringify(answer.receipt)}`
        : 'not paid (a free call, an answer that is not ok, or a refusal)',
    );
  console.log(JSON.stringify(answer.body, null, 2));
  if (answer.status >= 400) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    const message = (error as Error).message;
    console.error(message.startsWith('pay: ') ? message : `pay: ${message}`);
    process.exit(1);
  });
}
