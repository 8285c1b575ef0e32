/** The service signing key: SERVICE_SIGNING_KEY, or one generated once and kept in the store, shared by instances. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createServiceSigner, parseSigningKey, SIGNING_KEY_META } from '../../../server/signing-key.ts';
import { loadConfig } from '../../../server/config.ts';
import { openStore } from '../../../server/store/index.ts';
import type { MetaRepo } from '../../../server/store/types.ts';

describe('parseSigningKey and SERVICE_SIGNING_KEY', () => {
  const key = generatePrivateKey();

  it('accepts 64 hex digits with or without 0x, as 0x-prefixed lower case', () => {
    assert.equal(parseSigningKey(key.toUpperCase().replace('0X', '0x'), 'K'), key);
    assert.equal(parseSigningKey(` ${key.slice(2)} `, 'K'), key);
    assert.equal(loadConfig({ SERVICE_SIGNING_KEY: key }).signingKey, key);
    assert.equal(loadConfig({}).signingKey, null);
  });

  it('refuses what is not a usable secp256k1 key, naming the variable', () => {
    for (const value of ['0x1234', `${key}00`, 'z'.repeat(64), `0x${'0'.repeat(64)}`, `0x${'f'.repeat(64)}`]) {
      assert.throws(() => loadConfig({ SERVICE_SIGNING_KEY: value }), /SERVICE_SIGNING_KEY/, value);
    }
  });
});

describe('createServiceSigner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'signing-key-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the configured key and writes nothing', async () => {
    const store = await openStore({ sqlitePath: ':memory:' });
    try {
      const key = generatePrivateKey();
      const account = await createServiceSigner({ privateKey: key, meta: store.meta }).account();
      assert.equal(account.address, privateKeyToAccount(key).address);
      assert.equal(await store.meta.get(SIGNING_KEY_META), null);
    } finally {
      await store.close();
    }
  });

  it('generates one key, keeps it, and every signer on the same database gets it, also after a restart', async () => {
    const path = join(dir, 'shared.sqlite');
    const [a, b] = await Promise.all([openStore({ sqlitePath: path }), openStore({ sqlitePath: path })]);
    try {
      const accounts = await Promise.all([a, b, a, b].map((store) => createServiceSigner({ privateKey: null, meta: store.meta }).account()));
      assert.equal(new Set(accounts.map((account) => account.address)).size, 1);
      assert.equal(privateKeyToAccount((await a.meta.get(SIGNING_KEY_META)) as `0x${string}`).address, accounts[0].address);
    } finally {
      await a.close();
      await b.close();
    }
    const reopened = await openStore({ sqlitePath: path });
    try {
      const after = await createServiceSigner({ privateKey: null, meta: reopened.meta }).account();
      const stored = (await reopened.meta.get(SIGNING_KEY_META)) as `0x${string}`;
      assert.equal(after.address, privateKeyToAccount(stored).address);
    } finally {
      await reopened.close();
    }
  });

  it('resolves once per signer, and tries again after a failed read', async () => {
    let claims = 0;
    let failNext = true;
    const stored = generatePrivateKey();
    const meta: MetaRepo = {
      async get() {
        return stored;
      },
      async claim() {
        claims++;
        if (failNext) {
          failNext = false;
          throw new Error('database down');
        }
        return stored;
      },
    };
    const signer = createServiceSigner({ privateKey: null, meta });
    await assert.rejects(signer.account(), /database down/);
    const [x, y] = await Promise.all([signer.account(), signer.account()]);
    assert.equal(x, y);
    assert.equal(x.address, privateKeyToAccount(stored).address);
    assert.equal(claims, 2);
  });

  it('refuses a stored value that is not a key', async () => {
    const meta: MetaRepo = {
      async get() {
        return 'oops';
      },
      async claim() {
        return 'oops';
      },
    };
    await assert.rejects(createServiceSigner({ privateKey: null, meta }).account(), /stored service_signing_key/);
  });
});
