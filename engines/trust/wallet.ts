/**
 * merchant_wallet_or_id against what the merchant itself publishes: the payTo addresses of
 * https://{domain}/.well-known/x402.json (read as verify-merchant reads it, engines/merchant/terms.ts).
 * A payment id that is not an EVM address cannot be compared. Pure over the injected fetch.
 */
import type { SafeFetch } from '../net/types.ts';
import { isFetchFailure, isUnsafeTarget } from '../net/types.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { WalletCheck } from './score.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export async function checkWallet(
  domain: string,
  wallet: string,
  { fetch, analyze, signal }: { fetch: SafeFetch; analyze: Analyze; signal?: AbortSignal },
  { timeoutMs = 4_000, maxBodyBytes = 64 * 1024 }: { timeoutMs?: number; maxBodyBytes?: number } = {},
): Promise<WalletCheck> {
  const given = wallet.trim();
  if (!EVM_ADDRESS.test(given)) return { state: 'not_comparable', wallet: given, published: [] };
  let published: string[] = [];
  try {
    const response = await fetch(`https://${domain}/.well-known/x402.json`, { signal, timeoutMs, maxBodyBytes, accept: 'application/json', maxRedirects: 3 });
    // The document is read in the parse pool (x402PayTos); null when it is not JSON.
    if (response.status === 200 && !response.truncated)
      published = ((await analyze('x402PayTos', { content: response.content }, { signal })) ?? []).filter((payTo) => EVM_ADDRESS.test(payTo));
  } catch (error) {
    // No document, an unreadable one, or a redirect the service does not follow: nothing published.
    if (!isFetchFailure(error) && !isUnsafeTarget(error) && !isUnanalysable(error)) throw error;
  }
  if (!published.length) return { state: 'not_published', wallet: given, published: [] };
  const match = published.some((payTo) => payTo.toLowerCase() === given.toLowerCase());
  return { state: match ? 'match' : 'mismatch', wallet: given, published };
}
