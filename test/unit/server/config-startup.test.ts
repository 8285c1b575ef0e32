import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { ConfigError } from '../../../engines/config/env.ts';
import { loadConfig } from '../../../server/config.ts';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.message;
  }
  assert.fail(`${JSON.stringify(env)} was accepted`);
};

describe('config: values that cannot be used stop the start, naming the variable', () => {
  it('refuses what was read with bare Number() or JSON.parse before: the port, the caps, the HTTP limits, the facilitator headers', () => {
    assert.equal(refusal({ PORT: 'http' }), 'PORT must be an integer from 0 to 65535 (got "http")');
    assert.equal(refusal({ PORT: '65536' }), 'PORT must be an integer from 0 to 65535 (got "65536")');
    assert.match(refusal({ DAILY_COST_CAP_MICRO_USD: '5 USD' }), /^DAILY_COST_CAP_MICRO_USD must be an integer from 0 to /);
    assert.match(refusal({ SETTLEMENT_CAP_MICRO_USD: '-1' }), /^SETTLEMENT_CAP_MICRO_USD must be an integer from 0 to /);
    assert.match(refusal({ HTTP_REQUEST_TIMEOUT_MS: '30s' }), /^HTTP_REQUEST_TIMEOUT_MS must be an integer from 1 to 600000 \(milliseconds\)/);
    assert.match(refusal({ REQUEST_STALE_AFTER_MS: 'soon' }), /^REQUEST_STALE_AFTER_MS must be an integer from 100 to 3600000 \(milliseconds\)/);
    assert.match(
      refusal({ FACILITATOR_AUTH_HEADERS: '{"X-Api-Key": 42}' }),
      /^FACILITATOR_AUTH_HEADERS must be JSON: an object of header names to text values/,
    );
    assert.match(
      refusal({ TRUSTED_PROXIES: '10.0.0.2, balancer' }),
      /^TRUSTED_PROXIES must be a comma-separated list of IP addresses \(got "10\.0\.0\.2, balancer"\): "balancer" is not one$/,
    );
    assert.match(refusal({ LOG_LEVEL: 'verbose' }), /^LOG_LEVEL must be one of silent, error, warn, info, debug/);
    assert.match(refusal({ PUBLIC_BASE_URL: 'api.example.com' }), /^PUBLIC_BASE_URL must be an http or https URL/);
    assert.match(refusal({ DATABASE_URL: 'mysql://db/x' }), /^DATABASE_URL must be a postgres:\/\/ URL/);
    assert.match(refusal({ PAY_TO_ADDRESS: '0x1234' }), /^PAY_TO_ADDRESS must be an address/);
  });

  it('reads the values those variables take', () => {
    const config = loadConfig({
      PORT: '8080',
      DAILY_COST_CAP_MICRO_USD: '0',
      FACILITATOR_AUTH_HEADERS: '{"X-Api-Key":"k"}',
      TRUSTED_PROXIES: '10.0.0.2, ::ffff:10.0.0.3',
      PUBLIC_BASE_URL: 'https://api.example.com/',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.dailyCostCapMicroUsd, 0);
    assert.equal(config.settlementCapMicroUsd, null);
    assert.deepEqual(config.facilitatorAuthHeaders, { 'X-Api-Key': 'k' });
    assert.deepEqual(config.trustedProxies, ['10.0.0.2', '::ffff:10.0.0.3']);
    assert.equal(config.publicBaseUrl, 'https://api.example.com');
    assert.equal(config.requestStaleAfterMs, 120_000);
    assert.deepEqual(config.shutdown, { graceMs: 25_000, settleWindowMs: 30_000 });
  });

  it('never repeats a secret in its error', () => {
    const key = generatePrivateKey().slice(0, 40);
    for (const [name, value] of [
      ['FACILITATOR_PRIVATE_KEY', key],
      ['SERVICE_SIGNING_KEY', key],
      ['DATABASE_URL', 'mysql://admin:hunter2@db/x'],
      ['FACILITATOR_AUTH_HEADERS', '{"X-Api-Key": hunter2}'],
      ['RPC_URL', 'wss://rpc.example/hunter2'],
    ]) {
      const message = refusal({ [name]: value });
      assert.ok(message.startsWith(`${name} `), message);
      assert.ok(!message.includes(value) && !message.includes('hunter2') && !message.includes(key.slice(2, 20)), message);
    }
  });

  it('a process that starts with such a value ends at once with one line naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-startup-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
        env: { PATH: process.env.PATH, SQLITE_PATH: join(dir, 'service.sqlite'), NET_DNS_TIMEOUT_MS: '2 s' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 1, run.stderr);
      assert.equal(run.stderr, 'configuration: NET_DNS_TIMEOUT_MS must be an integer from 1 to 60000 (milliseconds) (got "2 s")\n');
      assert.equal(run.stdout, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
