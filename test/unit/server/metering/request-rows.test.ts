import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { VerifiedPayer } from '../../../../server/payments/payer.ts';
import { meterDeps, signedPayment } from './meter-deps.ts';
import { checkPayload, requirementsFor } from '../../../../server/payments/x402.ts';
import { terms } from './meter-deps.ts';

const ok = { status: 200, headers: {}, body: { status: 'ok' } };

describe('request rows: one per key and scope, finished with the answer or given up', () => {
  it('a finished ok row answers its repeat; a row that is not ok is forgotten unless it keeps not-ok answers', async () => {
    const { ownRows } = await meterDeps();
    const first = ownRows('fp-1', [{ key: 'auto:1', keepsNotOk: false }]);
    assert.equal((await first.begin({ ip: '198.51.100.1' }, new Date())).state, 'started');
    assert.equal((await ownRows('fp-1', [{ key: 'auto:1', keepsNotOk: false }]).begin({ ip: '198.51.100.1' }, new Date())).state, 'running');
    await first.finish(ok, { ok: true });
    const repeat = await ownRows('fp-1', [{ key: 'auto:1', keepsNotOk: false }]).begin({ ip: '198.51.100.1' }, new Date());
    assert.equal(repeat.state, 'done');
    assert.equal((await ownRows('fp-2', [{ key: 'auto:1', keepsNotOk: false }]).begin({ ip: '198.51.100.1' }, new Date())).state, 'conflict');

    const notOk = ownRows('fp-3', [
      { key: 'key:k', keepsNotOk: true },
      { key: 'auto:3', keepsNotOk: false },
    ]);
    await notOk.begin({ ip: '198.51.100.1' }, new Date());
    await notOk.finish({ ...ok, body: { status: 'no_signals' } }, { ok: false });
    assert.equal(
      (await ownRows('fp-3', [{ key: 'key:k', keepsNotOk: true }]).begin({ ip: '198.51.100.1' }, new Date())).state,
      'done',
      'the key replays what it got',
    );
    assert.equal(
      (await ownRows('fp-3', [{ key: 'auto:3', keepsNotOk: false }]).begin({ ip: '198.51.100.1' }, new Date())).state,
      'started',
      'the input may be tried again',
    );
  });

  it("a payer's rows are reached only with a VerifiedPayer, scoped by its proven address", async () => {
    const deps = await meterDeps();
    const scopes: string[] = [];
    const begin = deps.store.requests.begin.bind(deps.store.requests);
    deps.store.requests.begin = (input) => (scopes.push(input.scope), begin(input));
    const payment = await signedPayment(`0x${randomBytes(32).toString('hex')}`);
    const requirements = requirementsFor(terms, 5000);
    const checked = await checkPayload(payment.payload, requirements, terms, new Date(), { path: '/v1/tech-stack', mcpTool: null });
    assert.ok(checked.ok);
    const verified = await VerifiedPayer.verify({
      payload: payment.payload,
      authorization: checked.authorization,
      signature: checked.signature,
      requirements,
      terms,
      facilitator: deps.payments!.facilitator,
    });
    assert.ok(verified.ok);
    await deps.ownRows('fp', [{ key: 'auto:p', keepsNotOk: false }]).begin({ payer: verified.payer }, new Date());
    assert.deepEqual(scopes, [`payer:${payment.address}`]);
  });
});
