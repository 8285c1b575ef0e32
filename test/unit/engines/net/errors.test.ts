import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FetchFailure, failureKind, UnsafeTargetError } from '../../../../engines/net/errors.ts';

function coded(code: string, name = 'Error'): Error {
  return Object.assign(new Error(code), { code, name });
}

describe('errors', () => {
  it('carry what the service maps them to', () => {
    const unsafe = new UnsafeTargetError('address', 'http://10.0.0.1/', 'not public');
    assert.equal(unsafe.code, 'unsafe_or_invalid_target');
    assert.equal(unsafe.reason, 'address');
    assert.equal(unsafe.url, 'http://10.0.0.1/');
    const failure = new FetchFailure('timeout', 'https://acme.com/', 'slow', { cause: coded('UND_ERR_HEADERS_TIMEOUT') });
    assert.equal(failure.kind, 'timeout');
    assert.ok(failure instanceof Error && !(failure instanceof UnsafeTargetError));
    assert.equal(failure.retryAfterMs, null);
    const limited = new FetchFailure('rate_limited', 'https://acme.com/', 'wait', { retryAfterMs: 30_000 });
    assert.deepEqual([limited.kind, limited.retryAfterMs, limited.cause], ['rate_limited', 30_000, undefined]);
  });

  const kinds: [Error, string][] = [
    [coded('ECONNREFUSED'), 'connect'],
    [coded('EHOSTUNREACH'), 'connect'],
    [coded('ECONNRESET'), 'connect'],
    [coded('UND_ERR_CONNECT_TIMEOUT'), 'timeout'],
    [coded('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
    [coded('UND_ERR_BODY_TIMEOUT'), 'timeout'],
    [coded('ABORT_ERR', 'AbortError'), 'timeout'],
    [new DOMException('t', 'TimeoutError'), 'timeout'],
    [coded('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'tls'],
    [coded('CERT_HAS_EXPIRED'), 'tls'],
    [coded('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
    [coded('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
    [coded('ERR_SSL_WRONG_VERSION_NUMBER'), 'tls'],
    [coded('EPROTO'), 'tls'],
    [coded('HPE_INVALID_CONSTANT'), 'protocol'],
    [coded('Z_DATA_ERROR'), 'protocol'],
    [new Error('other'), 'protocol'],
    [Object.assign(coded('UND_ERR_SOCKET'), { cause: coded('ECONNRESET') }), 'connect'],
  ];
  for (const [error, kind] of kinds)
    it(`classifies ${(error as { code?: string }).code ?? error.name} as ${kind}`, () => assert.equal(failureKind(error), kind));
});
