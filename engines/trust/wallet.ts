/**
 * merchant_wallet_or_id against what the merchant itself publishes: the payTo addresses of
 * https://{domain}/.well-known/x402.json (read as verify-merchant reads it, engines/merchant/terms.ts).
 * A payment id that is not an EVM address cannot be compared. Pure over the injected fetch.
 */
import { readDiscovery } from '../merchant/terms.ts';
import type { SafeFetch } from '../net/types.ts';
import { isFetchFailure, isUnsafeTarget } from '../net/types.ts';
import type { WalletCheck } from './score.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export async function checkWallet(
  domain: string,
  wallet: string,
  { fetch, signal }: { fetch: SafeFetch; signal?: AbortSignal },
  { timeoutMs = 4_000, maxBodyBytes = 64 * 1024 }: { timeoutMs?: number; maxBodyBytes?: number } = {},
): Promise<WalletCheck> {
  const given = wallet.trim();
  if (!EVM_ADDRESS.test(given)) return { state: 'not_comparable', wallet: given, published: [] };
  let published: string[] = [];
  try {
    const response = await fetch(`https://${domain}/.well-known/x402.json`, { signal, timeoutMs, maxBodyBytes, accept: 'application/json', maxRedirects: 3 });
    if (response.status === 200 && !response.truncated) published = readDiscovery(JSON.parse(response.text())).payTos.filter((payTo) => EVM_ADDRESS.test(payTo));
  } catch (error) {
    // No document, an unreadable one, or a redirect the service does not follow: nothing published.
    if (!isFetchFailure(error) && !isUnsafeTarget(error) && !(error instanceof SyntaxError)) throw error;
  }
  if (!published.length) return { state: 'not_published', wallet: given, published: [] };
  const match = published.some((payTo) => payTo.toLowerCase() === given.toLowerCase());
  return { state: match ? 'match' : 'mismatch', wallet: given, published };
}
