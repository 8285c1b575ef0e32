/**
 * The trust signals read from the other engines' results (pure). Each is null when its source
 * could not be read or does not say: a missing job board is not evidence of no employees, a
 * registry that could not be read is not evidence of no ads.
 */
import type { components } from '../../generated/types.ts';

export type TrustSignals = components['schemas']['TrustSignals'];
type TechStackResult = components['schemas']['TechStackResult'];
type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type SearchAdsResult = components['schemas']['SearchAdsResult'];

/** At least this many technologies make a stack "established" without a commerce or payment platform. */
export const ESTABLISHED_STACK_TECHNOLOGIES = 3;

/** The home page was read (ok, no_signals); blocked, unreachable and not_found say nothing about the stack. */
export function legitimateTechStack(tech: TechStackResult | null): boolean | null {
  if (!tech || (tech.status !== 'ok' && tech.status !== 'no_signals')) return null;
  return tech.ecommerce !== null || tech.payments.length > 0 || tech.technology_count >= ESTABLISHED_STACK_TECHNOLOGIES;
}

/** A board with open roles says people work there; no board, or an empty one, says nothing either way. */
export function employeesAndJobs(intent: CompanyIntentResult | null): { has_active_employees: boolean | null; open_jobs_count: number | null } {
  if (intent?.status === 'ok') return { has_active_employees: true, open_jobs_count: intent.total_open_roles ?? 0 };
  if (intent?.status === 'no_open_jobs') return { has_active_employees: null, open_jobs_count: 0 };
  return { has_active_employees: null, open_jobs_count: null };
}

/** Ads of the domain shown in the 30 days before the check; false when the registry lists none or only older ones. */
export function activeAdCampaigns(ads: SearchAdsResult | null): boolean | null {
  if (!ads) return null;
  if (ads.status === 'no_ads') return false;
  return (ads.ads_shown_last_30_days_in_sample ?? 0) > 0;
}

export function trustSignals({
  ageDays,
  tech,
  intent,
  ads,
}: {
  ageDays: number | null;
  tech: TechStackResult | null;
  intent: CompanyIntentResult | null;
  ads: SearchAdsResult | null;
}): TrustSignals {
  return {
    domain_age_days: ageDays,
    ...employeesAndJobs(intent),
    legitimate_tech_stack: legitimateTechStack(tech),
    active_ad_campaigns: activeAdCampaigns(ads),
    // No on-chain reputation source is connected: never estimated.
    onchain_reputation_score: null,
  };
}

/** No signal at all could be read. */
export const noSignal = (signals: TrustSignals) => Object.values(signals).every((value) => value === null);
