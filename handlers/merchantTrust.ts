/**
 * The pre-purchase trust check, shared by pre_purchase_merchant_trust_check and
 * verified_merchant_json_badge: the profile's three sections (tech stack, hiring intent, search
 * ads; engines/profile, each under its own deadline), the domain's registration date (RDAP) and,
 * when a wallet is given, the payTo the domain publishes, all in parallel; then the signals and
 * the assessment (engines/trust).
 */
import { composeProfile, deadlinesWithin, DEFAULT_DEADLINES_MS, SECTIONS, type ProfileResult, unreadable } from '../engines/profile/compose.ts';
import type { DomainRegistration } from '../engines/rdap/index.ts';
import { assessTrust, type WalletCheck } from '../engines/trust/score.ts';
import { noSignal, trustSignals, type TrustSignals } from '../engines/trust/signals.ts';
import { checkWallet } from '../engines/trust/wallet.ts';
import type { components } from '../generated/types.ts';
import { profileSections } from './profileSections.ts';
import { sectionProgress } from './progress.ts';
import { registrationOf } from './registration.ts';
import { UnsafeWatch, websiteState } from './skillSections.ts';
import type { HandlerContext, HandlerRegistry } from './types.ts';

export type TrustCheckRequest = components['schemas']['TrustCheckRequest'];
export type TrustCheckResult = components['schemas']['TrustCheckResult'];

export interface TrustCheck {
  result: TrustCheckResult;
  /** What the sections read (the badge names the organization from it). */
  profile: ProfileResult;
  registration: DomainRegistration;
}

function limitationsOf({
  domain,
  signals,
  profile,
  registration,
  wallet,
  amount,
}: {
  domain: string;
  signals: TrustSignals;
  profile: ProfileResult;
  registration: DomainRegistration;
  wallet: WalletCheck | null;
  amount: 'given' | 'absent' | 'not_taken';
}): string[] {
  const limitations = [
    'An evidence-based heuristic over public signals, not a guarantee: the trust_score formula and thresholds are in the spec (TrustCheckResult).',
    'onchain_reputation_score is null: no on-chain reputation source is connected to this service.',
    'has_active_employees is read from open roles on a public job board (six providers): a company without one gets null, not false.',
  ];
  if (signals.domain_age_days === null) limitations.push(`domain_age_days is null: ${registration.reason ?? 'the registration date is unknown'}.`);
  const statuses = profile.sections_status;
  if (signals.legitimate_tech_stack === null)
    limitations.push(`legitimate_tech_stack is null: the home page could not be read (${profile.tech_stack?.status ?? statuses.tech_stack}).`);
  if (signals.open_jobs_count === null && unreadable(statuses.hiring_intent))
    limitations.push(`open_jobs_count is null: the job board could not be read (${statuses.hiring_intent}).`);
  else if (signals.open_jobs_count === null) limitations.push(`open_jobs_count is null: no job board of ${domain} was found.`);
  if (profile.hiring_intent?.status === 'ok' && profile.hiring_intent.confidence === 'unverified')
    limitations.push('The job board was found by name only (the website does not link to it): it may belong to another company of the same name.');
  if (signals.active_ad_campaigns === null)
    limitations.push(`active_ad_campaigns is null: the advertising-transparency registry could not be read (${statuses.search_ads}).`);
  if (wallet?.state === 'not_comparable') limitations.push('merchant_wallet_or_id is not an EVM address, so it was not compared with published payment terms.');
  if (wallet?.state === 'not_published')
    limitations.push(`${domain} publishes no payTo address in /.well-known/x402.json, so merchant_wallet_or_id could not be compared.`);
  if (profile.tech_stack?.page_unanalysable)
    limitations.push(
      `The home page of ${domain} could not be analysed within the parse limits (elements, nesting, time): a risk finding that takes 20 points off trust_score; its technologies were read from headers, cookies and DNS only.`,
    );
  if (amount === 'absent') limitations.push('transaction_amount_usd was not given: safe_to_buy uses the threshold for purchases up to $100.');
  if (amount === 'not_taken')
    limitations.push('safe_to_buy uses the threshold for purchases up to $100 (this skill takes no amount; pre_purchase_merchant_trust_check does).');
  return limitations;
}

export async function runTrustCheck(
  registry: () => HandlerRegistry,
  { domain, merchant_wallet_or_id, transaction_amount_usd }: TrustCheckRequest,
  context: HandlerContext,
  { takesAmount = true }: { takesAmount?: boolean } = {},
): Promise<TrustCheck> {
  const started = performance.now();
  const { services, now, signal } = context;
  const watch = new UnsafeWatch();
  const sections = profileSections(registry, domain, context);
  const deadlinesMs = deadlinesWithin(context.deadlineMs, DEFAULT_DEADLINES_MS);
  const [profile, registration, wallet] = await Promise.all([
    composeProfile(
      domain,
      { tech_stack: watch.wrap(sections.tech_stack), hiring_intent: watch.wrap(sections.hiring_intent), search_ads: watch.wrap(sections.search_ads) },
      { now, signal, deadlinesMs, onSection: sectionProgress(context.progress, SECTIONS.length) },
    ),
    registrationOf(domain, context),
    merchant_wallet_or_id
      ? checkWallet(domain, merchant_wallet_or_id, { fetch: services.net.fetch, analyze: services.analyze, signal })
      : Promise.resolve(null),
  ]);
  watch.rethrow();

  const signals = trustSignals({
    ageDays: registration.ageDays,
    tech: profile.tech_stack ?? null,
    intent: profile.hiring_intent ?? null,
    ads: profile.search_ads ?? null,
  });
  const website = websiteState(domain, profile.tech_stack ?? null, profile.sections_status.tech_stack, deadlinesMs.tech_stack);
  const limitations = limitationsOf({
    domain,
    signals,
    profile,
    registration,
    wallet,
    amount: !takesAmount ? 'not_taken' : transaction_amount_usd !== undefined ? 'given' : 'absent',
  });
  const latency = () => Math.round(performance.now() - started);

  if (website.answered === false || noSignal(signals)) {
    const unreachable = website.answered === false;
    const result: TrustCheckResult = {
      domain,
      status: unreachable ? 'unreachable' : 'no_data',
      ...(unreachable ? { error_reason: website.reason } : {}),
      safe_to_buy: false,
      signals,
      recommendation: unreachable
        ? `Do not buy: ${website.reason}. A shop whose website cannot be reached cannot be assessed. Nothing was charged.`
        : `Do not buy on this evidence: no signal about ${domain} could be read (the website ${profile.tech_stack?.status === 'blocked' ? 'answered with a bot wall' : 'could not be read'}, no registration date, job board or ads registry answer). Nothing was charged.`,
      latency_ms: latency(),
      limitations,
    };
    return { result, profile, registration };
  }

  const assessment = assessTrust({
    domain,
    signals,
    websiteAnswered: website.answered === true,
    wallet,
    amountUsd: transaction_amount_usd,
    pageUnanalysable: profile.tech_stack?.page_unanalysable === true,
  });
  const result: TrustCheckResult = {
    domain,
    status: 'ok',
    safe_to_buy: assessment.safe_to_buy,
    trust_score: assessment.trust_score,
    risk_level: assessment.risk_level,
    signals,
    recommendation: assessment.recommendation,
    latency_ms: latency(),
    limitations,
  };
  return { result, profile, registration };
}
