/**
 * The service's signing key (the verified-merchant badge's signed statements). From
 * SERVICE_SIGNING_KEY when set; otherwise one key is generated on first use and kept in the
 * store's meta table, where the first instance's claim wins: restarts and every instance on one
 * PostgreSQL sign with the same key, so a verification address once published stays valid.
 * Handlers see only the account, never the store.
 */
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { MetaRepo } from './store/types.ts';
import type { ServiceSigner } from '../handlers/types.ts';

export type Hex32 = `0x${string}`;

/** Declared with what handlers are given (handlers/types.ts). */
export type { ServiceSigner };

/** The meta key under which a generated key is kept. */
export const SIGNING_KEY_META = 'service_signing_key';

const KEY = /^(0x)?[0-9a-fA-F]{64}$/;

/** A 32-byte hex private key (with or without 0x) that secp256k1 accepts, as 0x-prefixed lower case. */
export function parseSigningKey(value: string, source: string): Hex32 {
  const text = value.trim();
  if (!KEY.test(text)) throw new Error(`${source} must be a 32-byte hex private key (64 hex digits, optionally 0x-prefixed)`);
  const key = `0x${text.replace(/^0x/, '').toLowerCase()}` as Hex32;
  try {
    privateKeyToAccount(key);
  } catch {
    throw new Error(`${source} is not a valid secp256k1 private key`);
  }
  return key;
}

export function createServiceSigner({ privateKey, meta, now = Date.now }: { privateKey: Hex32 | null; meta: MetaRepo; now?: () => number }): ServiceSigner {
  let resolving: Promise<PrivateKeyAccount> | null = null;

  async function resolve(): Promise<PrivateKeyAccount> {
    if (privateKey) return privateKeyToAccount(privateKey);
    const stored = await meta.claim({ key: SIGNING_KEY_META, value: generatePrivateKey(), now: now() });
    return privateKeyToAccount(parseSigningKey(String(stored), `the stored ${SIGNING_KEY_META}`));
  }

  return {
    account() {
      // A failed read (database down) is tried again on the next call.
      resolving ??= resolve().catch((error) => {
        resolving = null;
        throw error;
      });
      return resolving;
    },
  };
}
