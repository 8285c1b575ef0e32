import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openapiDocument, operations } from '../../../../server/contract.ts';
import { deadlineExceeded, effectiveDeadlineMs, startDeadline, windDownReserveMs } from '../../../../server/pipeline/deadline.ts';
import { loadConfig } from '../../../../server/config.ts';
import { deadlinesWithin, DEFAULT_DEADLINES_MS } from '../../../../engines/profile/compose.ts';
import { DEADLINES_MS as VENDOR_DEADLINES_MS } from '../../../../handlers/b2bVendorStabilityEvaluator.ts';
import { websiteState } from '../../../../handlers/skillSections.ts';

const specOperation = (operationId: string) =>
  Object.values<any>(openapiDocument.paths)
    .flatMap((item) => Object.values<any>(item))
    .find((op) => op?.operationId === operationId);
const budgetOf = (operationId: string) => {
  const total = operations.find((op) => op.operationId === operationId)!.deadlineMs!;
  return total - windDownReserveMs(total);
};

describe('call deadlines', () => {
  it('every operation that reads the web has one, from x-deadline-seconds; the advisor has none', () => {
    for (const op of operations.filter((candidate) => candidate.kind === 'operation')) {
      const seconds = specOperation(op.operationId)['x-deadline-seconds'];
      if (op.operationId === 'advisor') assert.equal(op.deadlineMs, null);
      else assert.equal(op.deadlineMs, seconds * 1000, op.operationId);
    }
  });

  it('the defaults are the spec numbers: no cap unless OPERATION_DEADLINE_CAP_MS is set, and a cap only shortens', () => {
    assert.equal(loadConfig({}).operationDeadlineCapMs, null);
    assert.equal(loadConfig({ OPERATION_DEADLINE_CAP_MS: '3000' }).operationDeadlineCapMs, 3000);
    assert.equal(effectiveDeadlineMs(25_000, null), 25_000);
    assert.equal(effectiveDeadlineMs(25_000, 3_000), 3_000);
    assert.equal(effectiveDeadlineMs(4_000, 10_000), 4_000);
  });

  it('what the spec says in words is what runs: verify-merchant within 4 s, the section deadlines of the trust and vendor skills', () => {
    const verify = specOperation('verifyMerchant');
    assert.equal(verify['x-deadline-seconds'], 4);
    assert.match(openapiDocument.components.schemas.MerchantScanResult.description, /Answered within 4 seconds/);
    const trust = openapiDocument.components.schemas.TrustCheckResult.description;
    assert.ok(
      trust.includes(
        `tech-stack ${DEFAULT_DEADLINES_MS.tech_stack / 1000} s, company-intent ${DEFAULT_DEADLINES_MS.hiring_intent / 1000} s, search-ads ${DEFAULT_DEADLINES_MS.search_ads / 1000} s`,
      ),
      trust,
    );
    assert.ok(trust.includes(`x-deadline-seconds, ${specOperation('prePurchaseMerchantTrustCheck')['x-deadline-seconds']} s`));
    const profile = openapiDocument.components.schemas.ProfileResult.description;
    assert.ok(
      profile.includes(
        `tech_stack ${DEFAULT_DEADLINES_MS.tech_stack / 1000} s,\nhiring_intent ${DEFAULT_DEADLINES_MS.hiring_intent / 1000} s, search_ads ${DEFAULT_DEADLINES_MS.search_ads / 1000} s`.replace(
          '\n',
          ' ',
        ),
      ),
      profile,
    );
    assert.ok(profile.includes(`x-deadline-seconds, ${specOperation('companyProfile')['x-deadline-seconds']} s`));
    const vendor = openapiDocument.components.schemas.VendorStabilityResult.description;
    assert.ok(
      vendor.includes(
        `Tech-stack (${VENDOR_DEADLINES_MS.tech_stack / 1000} s), company-intent (${VENDOR_DEADLINES_MS.hiring_intent / 1000} s) and extract-contacts (${VENDOR_DEADLINES_MS.contacts / 1000} s)`,
      ),
      vendor,
    );
    assert.ok(vendor.includes(`x-deadline-seconds, ${specOperation('b2bVendorStabilityEvaluator')['x-deadline-seconds']} s`));
  });

  it('with the defaults every section fits in its call, and a website that did not answer is said to have not answered within the deadline applied', () => {
    for (const operationId of [
      'companyProfile',
      'companyFootprint',
      'prePurchaseMerchantTrustCheck',
      'verifiedMerchantJsonBadge',
      'verifyDomainLegitimacyAndSecurity',
    ]) {
      assert.deepEqual(deadlinesWithin(budgetOf(operationId), DEFAULT_DEADLINES_MS), DEFAULT_DEADLINES_MS, operationId);
    }
    assert.deepEqual(deadlinesWithin(budgetOf('b2bVendorStabilityEvaluator'), VENDOR_DEADLINES_MS), VENDOR_DEADLINES_MS);
    const applied = deadlinesWithin(budgetOf('prePurchaseMerchantTrustCheck'), DEFAULT_DEADLINES_MS).tech_stack;
    assert.deepEqual(websiteState('shop.example', null, 'timeout', applied), { answered: false, reason: 'shop.example did not answer within 15 s' });
    // Under a 3 s cap (budget 2.85 s) the text states the shorter deadline.
    const capped = deadlinesWithin(effectiveDeadlineMs(25_000, 3_000) - windDownReserveMs(3_000), DEFAULT_DEADLINES_MS);
    assert.deepEqual(capped, { tech_stack: 2_850, hiring_intent: 2_850, search_ads: 2_850 });
    assert.equal((websiteState('shop.example', null, 'timeout', capped.tech_stack) as { reason: string }).reason, 'shop.example did not answer within 2.85 s');
  });

  it("the handler's signal aborts at the budget (the deadline less 5%, at most 1 s), and the call expires at the deadline with deadline_exceeded, not retryable", async () => {
    assert.deepEqual([windDownReserveMs(4_000), windDownReserveMs(15_000), windDownReserveMs(30_000)], [200, 750, 1_000]);
    const deadline = startDeadline(200, 'tech-stack');
    assert.equal(deadline.budgetMs, 190);
    const started = performance.now();
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    assert.equal((deadline.signal.reason as DOMException).name, 'TimeoutError');
    await assert.rejects(deadline.expired, (error: any) => error.code === 'deadline_exceeded');
    assert.ok(performance.now() - started >= 195);
    deadline.clear();
    assert.equal(deadlineExceeded('tech-stack', 15_000).status, 504);
  });
});
