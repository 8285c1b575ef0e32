import type { HandledOperationId } from '../server/contract.ts';
import type { HandlerRegistry, OperationHandler } from './types.ts';
import { advisor } from './advisor.ts';
import { atsJobs } from './atsJobs.ts';
import { companyIntent } from './companyIntent.ts';
import { techStack } from './techStack.ts';
import { searchAds } from './searchAds.ts';
import { createPrivateQuery } from './privateQuery.ts';
import { createCompanyProfile } from './companyProfile.ts';
import { createCompanyFootprint } from './companyFootprint.ts';
import { createHotBuyers } from './hotBuyers.ts';
import { createBatch } from './batch.ts';
import { cleanMarkdown } from './cleanMarkdown.ts';
import { extractContacts } from './extractContacts.ts';
import { verifyMerchant } from './verifyMerchant.ts';
import { createPrePurchaseMerchantTrustCheck } from './prePurchaseMerchantTrustCheck.ts';
import { createVerifiedMerchantJsonBadge } from './verifiedMerchantJsonBadge.ts';
import { createB2bVendorStabilityEvaluator } from './b2bVendorStabilityEvaluator.ts';
import { createVerifyDomainLegitimacyAndSecurity } from './verifyDomainLegitimacyAndSecurity.ts';
import { universalProductUrlToJson } from './universalProductUrlToJson.ts';
import { storeReadinessAuditor } from './storeReadinessAuditor.ts';
import { agenticShelfSchemaComparator } from './agenticShelfSchemaComparator.ts';
import { checkoutActivePromoCodeFinder } from './checkoutActivePromoCodeFinder.ts';
import { conversionLeakLeadFinder } from './conversionLeakLeadFinder.ts';
import { refusingUnsafeInputs } from './unsafeInput.ts';

/**
 * The handler of each operationId, one file per operation beside this one. An operation
 * whose engine has not landed yet has no entry here and answers 503 engine_unavailable
 * (retryable, nothing charged). Each refuses an unsafe input as unsafe_or_invalid_target (unsafeInput.ts).
 * Each entry is typed by its operation's input and result (generated/contract.ts).
 */
const byOperation: { [Id in HandledOperationId]?: OperationHandler<Id> } = {
  privateQuery: createPrivateQuery(() => handlers),
  companyProfile: createCompanyProfile(() => handlers),
  companyFootprint: createCompanyFootprint(() => handlers),
  hotBuyers: createHotBuyers(() => handlers),
  batch: createBatch(() => handlers),
  prePurchaseMerchantTrustCheck: createPrePurchaseMerchantTrustCheck(() => handlers),
  verifiedMerchantJsonBadge: createVerifiedMerchantJsonBadge(() => handlers),
  b2bVendorStabilityEvaluator: createB2bVendorStabilityEvaluator(() => handlers),
  verifyDomainLegitimacyAndSecurity: createVerifyDomainLegitimacyAndSecurity(() => handlers),
  advisor,
  techStack,
  atsJobs,
  companyIntent,
  searchAds,
  extractContacts,
  verifyMerchant,
  cleanMarkdown,
  universalProductUrlToJson,
  storeReadinessAuditor,
  agenticShelfSchemaComparator,
  checkoutActivePromoCodeFinder,
  conversionLeakLeadFinder,
};

export const handlers: HandlerRegistry = refusingUnsafeInputs(byOperation);
