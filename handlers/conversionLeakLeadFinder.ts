import { collectContacts, type ContactsResult } from '../engines/contacts/collect.ts';
import { activeAdCampaigns } from '../engines/trust/signals.ts';
import type { components } from '../generated/types.ts';
import { ServiceError } from '../server/problem.ts';
import { collectSearchAds } from './searchAds.ts';
import { partCounter, reportedPart } from './progress.ts';
import { runStoreAudit } from './storeAudit.ts';
import type { OperationHandler, HandlerContext } from './types.ts';

type SearchAdsResult = components['schemas']['SearchAdsResult'];

/** A store below this readiness_score leaks agent traffic (spec: LeadFinderResult). */
export const LEAK_BELOW_SCORE = 70;
const TOP_FIXES = 3;

/**
 * POST /v1/skills/conversion_leak_lead_finder (MCP conversion_leak_lead_finder): the readiness
 * audit (engines/store-readiness), the published contacts (engines/contacts) and the ads registry
 * (search-ads) in parallel. A qualified lead (candidate, status ok, charged) is a store agents can
 * find, scoring below 70, with a published e-mail address and an ad shown in the last 30 days.
 */
export const conversionLeakLeadFinder: OperationHandler<'conversionLeakLeadFinder'> = async ({ domain }, context) => {
  const finished = partCounter(context.progress, 3);
  const [readiness, contacts, ads] = await Promise.all([
    reportedPart(runStoreAudit(domain, context), finished, (audit) => `readiness: ${audit.status}`),
    reportedPart(readContacts(domain, context), finished, (read) => `contacts: ${read.status}`),
    reportedPart(readAds(domain, context), finished, (read) => `search_ads: ${read.result?.status ?? 'failed'}`),
  ]);

  const active_ad_spend_verified = activeAdCampaigns(ads.result);
  const public_contacts = { emails: contacts.emails ?? [], social_links: contacts.social_links ?? [], email_deliverable: contacts.email_deliverable ?? null };
  const score = readiness.readiness_score ?? null;
  const checks = {
    store: readiness.status === 'ok',
    leaking: score !== null && score < LEAK_BELOW_SCORE,
    contact: public_contacts.emails.length > 0,
    ads: active_ad_spend_verified === true,
  };
  const candidate = Object.values(checks).every(Boolean);

  const limitations = [
    `candidate needs all four: a store agents can find (the readiness audit is ok), readiness_score below ${LEAK_BELOW_SCORE}, an e-mail address the site publishes, and an ad of the domain shown in the 30 days before the check.`,
    'active_ad_spend_verified means the advertising-transparency registry lists an ad of the domain shown in the last 30 days; it says nothing of the amount spent.',
    'seo_traffic_verified is null: no search-traffic source is connected to this service and traffic is never estimated.',
    "decision_maker_verified is always false: no person's role is verified; the addresses are those the site publishes.",
    'email_deliverable is MX availability for the domain, not mailbox verification.',
  ];
  if (ads.failure) limitations.push(`active_ad_spend_verified is null: ${ads.failure}`);
  if (contacts.status === 'unreachable' || contacts.status === 'not_found')
    limitations.push(`The contact pages could not be read (${contacts.note ?? contacts.status}).`);
  if (readiness.status === 'ok' && !candidate) {
    const missing = [
      !checks.leaking && `readiness_score ${score} is not below ${LEAK_BELOW_SCORE}`,
      !checks.contact && 'no published e-mail address',
      !checks.ads && (active_ad_spend_verified === null ? 'ad activity unknown' : 'no ad shown in the last 30 days'),
    ].filter(Boolean);
    limitations.push(`Not a qualified lead: ${missing.join(', ')} (not charged).`);
  }
  if (readiness.status === 'no_data') limitations.push('The site shows agents no product page, product feed or product data: not a store lead (not charged).');

  return {
    domain,
    status: readiness.status === 'unreachable' ? 'unreachable' : candidate ? 'ok' : 'no_data',
    ...(readiness.status === 'unreachable' ? { error_reason: readiness.error_reason ?? `${domain} could not be read` } : {}),
    candidate,
    readiness: { readiness_score: score, top_fixes: (readiness.fixes ?? []).slice(0, TOP_FIXES).map((fix) => `${fix.check}: ${fix.action}`) },
    public_contacts,
    active_ad_spend_verified,
    seo_traffic_verified: null,
    decision_maker_verified: false,
    limitations,
  };
};

function readContacts(domain: string, { services, signal }: HandlerContext): Promise<ContactsResult> {
  return collectContacts(domain, { fetch: services.net.fetch, dns: services.net.dns, analyze: services.analyze, signal });
}

/** The registry's answer, or why it could not be read (never evidence of no ads). */
async function readAds(domain: string, context: HandlerContext): Promise<{ result: SearchAdsResult | null; failure: string | null }> {
  try {
    return { result: await collectSearchAds(domain, {}, context), failure: null };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'engine_failed') return { result: null, failure: error.detail };
    throw error;
  }
}
