/**
 * An unsafe target is mapped to the caller's answer in one place, where handlers run
 * (handlers/unsafeInput.ts, around every handler of the registry): engines throw the fetcher's
 * UnsafeTargetError as it is (or answer a site's redirect to such an address as the page's
 * failure), and no engine or handler wraps or maps it a second time.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { UnsafeTargetError } from '../../../engines/net/errors.ts';
import { refusingUnsafeInputs } from '../../../handlers/unsafeInput.ts';
import type { CallContext, Handler } from '../../../handlers/types.ts';
import { ServiceError } from '../../../server/problem.ts';
import { serviceSources } from '../../support/service-sources.ts';

const context = {} as CallContext;

describe('unsafe targets, mapped once where handlers run', () => {
  it('refuses an unsafe target a handler meets as unsafe_or_invalid_target (400, nothing charged), the URL cut to 200 characters', async () => {
    const url = `http://127.0.0.1/${'a'.repeat(300)}`;
    const { reader } = refusingUnsafeInputs({
      reader: async () => {
        throw new UnsafeTargetError('address', url, 'it names an address that is not public');
      },
    });
    const refusal = await reader!({}, context).catch((error: unknown) => error);
    assert.ok(refusal instanceof ServiceError);
    assert.deepEqual([refusal.code, refusal.status], ['unsafe_or_invalid_target', 400]);
    assert.equal(
      refusal.detail,
      `${url.slice(0, 200)} leads to an address the service does not reach (it names an address that is not public). Nothing was charged.`,
    );
  });

  it('passes every other outcome on as it is, and keeps the precheck', async () => {
    const failure = new Error('the engine failed');
    const precheck = () => {};
    const failing: Handler = Object.assign(
      async () => {
        throw failure;
      },
      { precheck },
    );
    const wrapped = refusingUnsafeInputs({ ok: async () => ({ status: 'ok' }), failing });
    assert.deepEqual(await wrapped.ok!({}, context), { status: 'ok' });
    assert.equal(await wrapped.failing!({}, context).catch((error: unknown) => error), failure);
    assert.equal(wrapped.failing!.precheck, precheck);
  });

  it('has no second mapping: no engine or handler wraps UnsafeTargetError, and only the registry wrapper turns it into a problem', () => {
    const sources = serviceSources().filter((path) => path.startsWith('engines/') || path.startsWith('handlers/'));
    const wrappers = sources.filter((path) => /class \w+ extends UnsafeTargetError|class Unsafe\w*Target\b/.test(readFileSync(path, 'utf8')));
    assert.deepEqual(wrappers, []);
    const mappers = sources.filter((path) => path.startsWith('handlers/') && /\bisUnsafeTarget\b|\bUnsafeTargetError\b/.test(readFileSync(path, 'utf8')));
    assert.deepEqual(mappers, ['handlers/unsafeInput.ts']);
  });
});
