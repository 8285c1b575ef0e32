import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readAnswer, type SearchPageRead } from '../../../../engines/ads/answers.ts';

const creative = (n: number, landing: string) => ({
  '1': `AR${String(n).padStart(20, '0')}`,
  '2': `CR${String(n).padStart(20, '0')}`,
  '4': 1,
  '12': `Advertiser ${n}`,
  '14': landing,
});
const page = (creatives: unknown[], extra: Record<string, unknown> = {}) => `)]}'\n${JSON.stringify({ '1': creatives, ...extra })}`;
const search: SearchPageRead = { kind: 'search', domain: 'example.com', room: 40, seen: [] };

describe('ads answers, read in the parse pool', () => {
  it("gives a search page's new ads of the domain, the count of other domains', the next token and the estimate, never the creatives", () => {
    const creatives = [
      ...Array.from({ length: 5_000 }, (_, n) => creative(n, `lookalike-${n}.net`)),
      creative(5_000, 'example.com'),
      creative(5_001, 'www.example.com'),
    ];
    const read = readAnswer(page(creatives, { '2': 'next', '4': '10', '5': '20' }), search);
    assert.ok(read.ok && read.kind === 'search');
    assert.deepEqual(
      read.page.ads.map((ad) => ad.item.creative_id),
      [creatives[5_000]['2'], creatives[5_001]['2']],
    );
    assert.deepEqual(
      { ...read.page, ads: undefined },
      { ads: undefined, otherDomain: 5_000, full: false, nextPageToken: 'next', estimate: { low: 10, high: 20 } },
    );
  });

  it('fills only the room the sample has, skips the ads it holds, and says when creatives were left', () => {
    const creatives = Array.from({ length: 6 }, (_, n) => creative(n, 'example.com'));
    const read = readAnswer(page(creatives), { ...search, room: 3, seen: [creatives[0]['2']] });
    assert.ok(read.ok && read.kind === 'search');
    assert.deepEqual(
      read.page.ads.map((ad) => ad.item.creative_id),
      creatives.slice(1, 4).map((item) => item['2']),
    );
    assert.equal(read.page.full, true);
    const exact = readAnswer(page(creatives.slice(0, 3)), { ...search, room: 3 });
    assert.ok(exact.ok && exact.kind === 'search');
    assert.equal(exact.page.full, false);
  });

  it("keeps an advertiser's name to 300 characters", () => {
    const read = readAnswer(page([{ ...creative(1, 'example.com'), '12': 'N'.repeat(100_000) }]), search);
    assert.ok(read.ok && read.kind === 'search');
    assert.equal(read.page.ads[0].item.advertiser_name, 'N'.repeat(300));
  });

  it("reads the lookups' facts, and tells a block page, a refusal and another shape apart", () => {
    assert.deepEqual(readAnswer(`)]}'\n{"1":{"17":[{"1":2840},{"1":2826}]}}`, { kind: 'creative' }), { ok: true, kind: 'creative', regions: ['US', 'GB'] });
    assert.deepEqual(readAnswer('{"1":{"3":"DE","9":{"1":"Acme GmbH"}}}', { kind: 'advertiser' }), {
      ok: true,
      kind: 'advertiser',
      facts: { verifiedName: 'Acme GmbH', country: 'DE' },
    });
    for (const read of [search, { kind: 'creative' } as const])
      assert.deepEqual(readAnswer('<html>unusual traffic</html>', read), { ok: false, reason: 'not_json', detail: 'the answer is not JSON' });
    const refusal = '{"2":"com.google.ads.transparency.BadRequestException: invalid","5":400,"9":3}';
    for (const read of [search, { kind: 'creative' } as const, { kind: 'advertiser' } as const])
      assert.equal((readAnswer(refusal, read) as { reason?: string }).reason, 'bad_request', read.kind);
    assert.equal((readAnswer('[]', { kind: 'advertiser' }) as { reason?: string }).reason, 'bad_request');
    assert.equal((readAnswer('{"1":"not a list"}', search) as { reason?: string }).reason, 'unexpected_answer');
  });
});
