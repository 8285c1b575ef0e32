import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scanMerchant } from '../../../../engines/merchant/scan.ts';
import { Fetched, FetchFailure, UnsafeTargetError, type FetchRequest, type SafeFetch, type SafeFetchResponse } from '../../../../engines/net/types.ts';
import { paymentRequired, WALLETS } from '../../../world/fixtures/merchant-sites.ts';
import { analyzeInline } from '../../../../server/parse-pool/inline.ts';
import { UnanalysableContent, type Analyze } from '../../../../engines/parse/types.ts';

const COMPARABLE = [2000, 5000, 10000, 10000, 30000];
const URL_ = 'https://shop.io/api/report';

function response(url: string, status: number, body: string, headers: Record<string, string> = {}): SafeFetchResponse {
  const all = { 'content-type': 'text/html', ...headers };
  return {
    url,
    status,
    headers: all,
    setCookies: [],
    content: new Fetched(Buffer.from(body), { contentType: all['content-type'] }),
    truncated: false,
    redirects: [],
    address: '203.0.113.1',
    elapsedMs: 12,
  };
}

/** A fetcher that answers from a table, and otherwise waits for its abort signal like a hanging server. */
function fakeFetch(answers: Record<string, () => SafeFetchResponse>, seen: { url: string; request: FetchRequest }[] = []): SafeFetch {
  return async (url, request = {}) => {
    seen.push({ url, request });
    const answer = answers[url];
    if (answer) return answer();
    return new Promise((_, reject) => {
      const fail = () => reject(new FetchFailure('timeout', url, `${url}: no complete answer`));
      if (request.signal?.aborted) fail();
      request.signal?.addEventListener('abort', fail, { once: true });
    });
  };
}

const terms = Buffer.from(JSON.stringify(paymentRequired({ domain: 'shop.io', payTo: WALLETS.honest }))).toString('base64');

describe('scanMerchant', () => {
  it('gives every fetch the shared abort signal and at most the time left', async () => {
    const seen: { url: string; request: FetchRequest }[] = [];
    await scanMerchant(
      URL_,
      {
        fetch: fakeFetch({ [URL_]: () => response(URL_, 402, '{}', { 'payment-required': terms, 'content-type': 'application/json' }) }, seen),
        analyze: analyzeInline,
        comparableMicroUsd: COMPARABLE,
      },
      { deadlineMs: 300 },
    );
    assert.deepEqual(seen.map((entry) => entry.url).sort(), ['https://shop.io/', 'https://shop.io/.well-known/x402.json', URL_]);
    for (const { request } of seen) {
      assert.ok(request.signal, 'a signal');
      assert.ok(request.timeoutMs! <= 300 && request.timeoutMs! > 0, String(request.timeoutMs));
    }
  });

  it('answers ok when the probe answered and the other fetches hang until the deadline', async () => {
    const result = await scanMerchant(
      URL_,
      {
        fetch: fakeFetch({ [URL_]: () => response(URL_, 402, '{}', { 'payment-required': terms, 'content-type': 'application/json' }) }),
        analyze: analyzeInline,
        comparableMicroUsd: COMPARABLE,
      },
      { deadlineMs: 200 },
    );
    assert.equal(result.status, 'ok');
    assert.equal(result.valid_x402_config, true);
    assert.ok(result.matched_flags!.includes('discovery_timeout'), JSON.stringify(result.matched_flags));
  });

  it('answers unreachable, not safe, when the probe never completes', async () => {
    const result = await scanMerchant(URL_, { fetch: fakeFetch({}), analyze: analyzeInline, comparableMicroUsd: COMPARABLE }, { deadlineMs: 150 });
    assert.equal(result.status, 'unreachable');
    assert.equal(result.safe_to_pay, false);
    assert.deepEqual(result.matched_flags, ['unreachable:timeout']);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await scanMerchant(
      URL_,
      { fetch: fakeFetch({}), analyze: analyzeInline, comparableMicroUsd: COMPARABLE, signal: controller.signal },
      { deadlineMs: 60_000 },
    );
    assert.equal(result.status, 'unreachable');
  });

  it("passes on an unsafe target_url as given (the caller's input)", async () => {
    const fetch: SafeFetch = async (url) => {
      throw new UnsafeTargetError('address', url, 'private', 'input');
    };
    await assert.rejects(scanMerchant(URL_, { fetch, analyze: analyzeInline, comparableMicroUsd: COMPARABLE }), { name: 'UnsafeTargetError', hop: 'input' });
  });

  it('answers unreachable, not safe, when the target_url redirects to an address the service does not reach', async () => {
    const fetch: SafeFetch = async () => {
      throw new UnsafeTargetError('address', 'https://backend.internal/', 'backend.internal resolves to an address that is not public', 'redirect');
    };
    const result = await scanMerchant(URL_, { fetch, analyze: analyzeInline, comparableMicroUsd: COMPARABLE });
    assert.equal(result.status, 'unreachable');
    assert.equal(result.safe_to_pay, false);
    assert.deepEqual(result.matched_flags, ['unreachable:unsafe_redirect']);
  });

  it('flags a 402 without PAYMENT-REQUIRED and v1 terms in the body', async () => {
    const v1 = JSON.stringify({ x402Version: 1, accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '10000' }] });
    const result = await scanMerchant(
      URL_,
      {
        fetch: fakeFetch({ [URL_]: () => response(URL_, 402, v1, { 'content-type': 'application/json' }) }),
        analyze: analyzeInline,
        comparableMicroUsd: COMPARABLE,
      },
      { deadlineMs: 100 },
    );
    assert.equal(result.valid_x402_config, false);
    assert.ok(result.matched_flags!.includes('x402_v1_terms'));
    assert.equal(result.safe_to_pay, false);
  });

  it('makes pages that cannot be scanned within the parse limits a risk finding, and scans the terms alone', async () => {
    const asked: number[] = [];
    const analyze = (async (task: Parameters<Analyze>[0], input: never, options?: Parameters<Analyze>[2]) => {
      if (task !== 'injection') return analyzeInline(task, input, options);
      if ((input as { pages: Fetched[] }).pages.length)
        throw new UnanalysableContent('deadline', 'the injection analysis took longer than 3000 ms and was ended');
      asked.push((input as { termsTexts: string[] }).termsTexts.length);
      return analyzeInline(task, input, options);
    }) as Analyze;
    const home = response('https://shop.io/', 200, '<p>Welcome</p>');
    const answers = {
      [URL_]: () => response(URL_, 402, '{}', { 'payment-required': terms, 'content-type': 'application/json' }),
      'https://shop.io/': () => home,
    };
    const readable = await scanMerchant(URL_, { fetch: fakeFetch(answers), analyze: analyzeInline, comparableMicroUsd: COMPARABLE }, { deadlineMs: 300 });
    const result = await scanMerchant(URL_, { fetch: fakeFetch(answers), analyze, comparableMicroUsd: COMPARABLE }, { deadlineMs: 300 });
    assert.equal(result.status, 'ok');
    assert.ok(result.matched_flags!.includes('page_unanalysable'));
    assert.ok(!readable.matched_flags!.includes('page_unanalysable'));
    assert.equal(result.trust_score, readable.trust_score! - 20);
    assert.equal(result.safe_to_pay, false);
    assert.equal(result.prompt_injection_risk, 'LOW');
    assert.ok(asked[0] > 0, 'the terms were scanned alone');
    assert.match(result.recommendation!, /could not be scanned within the parse limits/);
  });

  it('answers MEDIUM risk when even the terms cannot be scanned', async () => {
    const analyze: Analyze = async () => {
      throw new UnanalysableContent('crashed', 'the injection analysis ended its worker');
    };
    const result = await scanMerchant(
      URL_,
      {
        fetch: fakeFetch({ [URL_]: () => response(URL_, 402, '{}', { 'payment-required': terms, 'content-type': 'application/json' }) }),
        analyze,
        comparableMicroUsd: COMPARABLE,
      },
      { deadlineMs: 300 },
    );
    assert.equal(result.prompt_injection_risk, 'MEDIUM');
    assert.ok(result.matched_flags!.includes('page_unanalysable'));
  });
});
