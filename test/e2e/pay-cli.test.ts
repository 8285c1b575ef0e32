/**
 * `npm run pay` (client/pay.ts): one call of a running service, paid with the official x402 client
 * when it answers 402; and the walk-through `npm run world -- --chain` prints around it.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { defaultPayBase, paidCall } from '../../client/pay.ts';
import { paymentsText } from '../world/serve.ts';
import { startPaidService, type PaidService } from '../support/paid-service.ts';
import { minimalResults } from '../support/minimal-handlers.ts';
import type { HandlerRegistry } from '../../handlers/types.ts';

const run = promisify(execFile);
const PRICE = 5000n;
const base = minimalResults.get('techStack') as Record<string, unknown>;
const handlers: HandlerRegistry = {
  techStack: async (input, context) => ({ ...base, domain: input.domain, status: 'ok', technology_count: 1, checked_at: context.now().toISOString() }),
};

describe('npm run pay', { timeout: 120_000 }, () => {
  let paid: PaidService;
  before(async () => {
    paid = await startPaidService({ handlers });
  });
  after(() => paid?.close());

  it('answers a free call without paying, then pays the 402 of the sixth with the given key', async () => {
    const payer = await paid.world.newPayer(1_000_000n);
    const call = (domain: string) => paidCall({ baseUrl: paid.service.url, path: '/v1/tech-stack', body: { domain }, privateKey: payer.privateKey });
    for (let i = 1; i <= 5; i++) {
      const free = await call(`free${i}.example.com`);
      assert.equal(free.status, 200);
      assert.equal(free.receipt, null);
      assert.equal(free.usage['x-usage-charged-micro-usd'], '0');
    }
    const before = await paid.world.balanceOf(payer.address);
    const answer = await call('paid.example.com');
    assert.equal(answer.status, 200);
    assert.equal((answer.body as any).domain, 'paid.example.com');
    assert.equal(answer.usage['x-usage-charged-micro-usd'], String(PRICE));
    assert.equal(answer.receipt?.success, true);
    assert.equal(answer.receipt?.payer?.toLowerCase(), payer.address.toLowerCase());
    assert.equal(await paid.world.balanceOf(payer.address), before - PRICE);
  });

  it('as a command: the key from PAYER_KEY, the service from --base; prints the charge and the body', async () => {
    const payer = await paid.world.newPayer(1_000_000n);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'client/pay.ts', '/v1/tech-stack', '{"domain":"cli.example.com"}', '--base', paid.service.url],
      {
        env: { ...process.env, PAYER_KEY: payer.privateKey },
      },
    );
    assert.match(stdout, /^HTTP 200; /);
    assert.match(stdout, new RegExp(`\\npaid ${PRICE} micro-USD: \\{"success":true`));
    assert.match(stdout, /"domain": "cli\.example\.com"/);
  });

  it('without a key: says how to give one, exit code 2', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'client/pay.ts', '/v1/tech-stack', '{}'], { env: { ...process.env, PAYER_KEY: '' } }).then(
      () => assert.fail('expected a usage error'),
      (error) => error,
    );
    assert.equal(failure.code, 2);
    assert.match(failure.stderr, /usage: npm run pay -- <path> '<json body>' \[--key/);
  });

  it('with no service at its base: names the URL it tried and --base, exit code 1; its default follows PORT', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'client/pay.ts', '/v1/tech-stack', '{"domain":"example.com"}'], {
      env: { ...process.env, PAYER_KEY: `0x${'11'.repeat(32)}`, PORT: '39917', SERVICE_URL: '' },
    }).then(
      () => assert.fail('expected no service on port 39917'),
      (error) => error,
    );
    assert.equal(failure.code, 1);
    assert.match(failure.stderr, /^pay: no service answered at http:\/\/127\.0\.0\.1:39917\/v1\/tech-stack \(/);
    assert.match(failure.stderr, /--base <service URL> or SERVICE_URL=<service URL>/);
    assert.equal(defaultPayBase({ PORT: '4000' }), 'http://127.0.0.1:4000');
    assert.equal(defaultPayBase({}), 'http://127.0.0.1:3000');
  });

  it("the world's walk-through: five different ok domains, then the paid call on a sixth through npm run pay", () => {
    const text = paymentsText(
      'http://127.0.0.1:4000',
      { rpcUrl: 'http://127.0.0.1:8545', payTo: '0xpay' },
      { address: '0x1111111111111111111111111111111111111111', privateKey: '0xkey' },
    );
    const loop = text.match(/for d in ([^;]+);/)![1].split(' ');
    assert.equal(new Set(loop).size, 5);
    assert.match(
      text,
      /PAYER_KEY=0xkey npm run pay -- \/v1\/tech-stack '\{"domain":"[a-z.-]+"\}' --caller 198\.51\.100\.250 --base http:\/\/127\.0\.0\.1:4000/,
    );
    const paidDomain = text.match(/npm run pay -- \/v1\/tech-stack '\{"domain":"([a-z.-]+)"\}'/)![1];
    assert.ok(!loop.includes(paidDomain), 'the paid call is not a replay of a free one');
  });
});
