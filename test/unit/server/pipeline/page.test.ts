import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationById, operations } from '../../../../server/contract.ts';
import { validateInput } from '../../../../server/pipeline/validate.ts';
import { pagedOutcome } from '../../../../server/pipeline/page.ts';
import { fingerprint } from '../../../../server/metering/fingerprint.ts';
import type { MeterOutcome } from '../../../../server/metering/types.ts';

const op = (id: string) => operationById(id)!;
const result = (body: unknown, kind: MeterOutcome['kind'] = 'result', bodyJson?: string): MeterOutcome => ({ status: 200, body, headers: {}, kind, bodyJson });

describe('pages', () => {
  it('takes limit and offset out of the input, defaults filled: every page of one input has one fingerprint', () => {
    const plain = validateInput(op('atsJobs'), { domain: 'Example.com' });
    const paged = validateInput(op('atsJobs'), { domain: 'example.com.', limit: 5, offset: 40 });
    assert.deepEqual(plain.display, { limit: 25, offset: 0 });
    assert.deepEqual(paged.display, { limit: 5, offset: 40 });
    assert.deepEqual(paged.input, { domain: 'example.com', diff_only: false });
    assert.equal(fingerprint('atsJobs', paged.input, 'single'), fingerprint('atsJobs', plain.input, 'single'));
    assert.deepEqual(validateInput(op('batch'), { quote_id: 'q_1' }).display, { limit: 10, offset: 0 }, "step 2's rows have their own default");
    assert.deepEqual(
      validateInput(op('cleanMarkdown'), { url: 'https://example.com/' }).display,
      {},
      'an operation without a paged list has no display fields',
    );
  });

  it('names a paged list for exactly the operations whose requests take limit and offset', () => {
    const paged = operations
      .filter((operation) => operation.kind === 'operation' && operation.pagedList)
      .map((operation) => `${operation.operationId}:${operation.pagedList}`);
    assert.deepEqual(paged.sort(), ['atsJobs:jobs', 'batch:results', 'extractContacts:people', 'hotBuyers:results', 'searchAds:ads', 'techStack:technologies']);
    for (const operation of operations) {
      const display = operation.identity.filter((field) => field.kind === 'display').map((field) => field.path.join('/'));
      assert.deepEqual(display.sort(), operation.pagedList ? ['limit', 'offset'] : [], operation.operationId);
    }
  });

  it('cuts the list from offset, at most limit items, and says where the next page starts', () => {
    const body = { status: 'ok', jobs: [1, 2, 3, 4, 5], total_active_jobs: 9 };
    const stored = JSON.stringify(body);
    const first = pagedOutcome(result(body, 'replay', stored), 'jobs', { limit: 2, offset: 0 });
    assert.deepEqual(first.body, { status: 'ok', jobs: [1, 2], total_active_jobs: 9, page: { total: 5, offset: 0, limit: 2, next_offset: 2 } });
    assert.equal(first.bodyJson, undefined, 'the stored text is not the page');
    assert.equal(first.kind, 'replay');
    assert.deepEqual(body.jobs, [1, 2, 3, 4, 5], 'the stored answer is left whole');
    assert.deepEqual((pagedOutcome(result(body), 'jobs', { limit: 2, offset: 4 }).body as any).page, { total: 5, offset: 4, limit: 2, next_offset: null });
    assert.deepEqual(
      (pagedOutcome(result(body), 'jobs', { limit: 5, offset: 0 }).body as any).page.next_offset,
      null,
      'a page that ends at the total is the last',
    );
    const past = pagedOutcome(result(body), 'jobs', { limit: 2, offset: 9 }).body as any;
    assert.deepEqual([past.jobs, past.page], [[], { total: 5, offset: 9, limit: 2, next_offset: null }]);
  });

  it('leaves alone an answer without the list (a step-1 quote, a 402) and operations without pages', () => {
    const quote = result({ status: 'quote', statuses: [] });
    assert.equal(pagedOutcome(quote, 'results', { limit: 10, offset: 0 }), quote);
    const terms: MeterOutcome = { status: 402, body: { x402Version: 2, accepts: [] }, headers: {}, kind: 'payment_required' };
    assert.equal(pagedOutcome(terms, 'jobs', { limit: 10, offset: 0 }), terms);
    const markdown = result({ status: 'ok', markdown: '#' });
    assert.equal(pagedOutcome(markdown, null, {}), markdown);
  });
});
