import { deadlinesWithin, DEFAULT_DEADLINES_MS, runSection } from '../engines/profile/compose.ts';
import {
  baselineOf,
  boardRead,
  engineeringSupportRoles,
  engineeringSupportTrend,
  stabilityStatus,
  techStackSummary,
  TREND_MIN_DAYS,
  vendorHealthScore,
  verifiedContactsAvailable,
  type HiringReading,
} from '../engines/trust/vendor.ts';
import { comparisonOf, direction, readingsFrom } from '../engines/jobs/history.ts';
import type { components } from '../generated/types.ts';
import { hiringReadings } from './companyIntent.ts';
import { adsReadings } from './searchAds.ts';
import { sectionProgress } from './progress.ts';
import { operationSection, UnsafeWatch, websiteState } from './skillSections.ts';
import type { OperationHandler, HandlerContext, HandlerRegistry } from './types.ts';

type TechStackResult = components['schemas']['TechStackResult'];
type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type ContactsResult = components['schemas']['ContactsResult'];

/** Where this skill kept its own readings before company-intent kept them for every caller (read, no longer written). */
const LEGACY_SNAPSHOT_KIND = 'vendor-hiring';
export const DEADLINES_MS = { tech_stack: DEFAULT_DEADLINES_MS.tech_stack, hiring_intent: DEFAULT_DEADLINES_MS.hiring_intent, contacts: 8_000 };

/** The domain's hiring history (company-intent's), with this skill's older readings on days it has none. */
async function readingsOf(domain: string, context: HandlerContext): Promise<HiringReading[]> {
  const [history, legacy] = await Promise.all([hiringReadings(domain, context), context.services.snapshots.get({ kind: LEGACY_SNAPSHOT_KIND, key: domain })]);
  const days = new Set(history.map((reading) => Math.floor(reading.at / 86_400_000)));
  return [...history, ...readingsFrom(legacy?.value).filter((reading) => !days.has(Math.floor(reading.at / 86_400_000)))].sort((a, b) => a.at - b.at);
}

/** POST /v1/skills/b2b_vendor_stability_evaluator (MCP b2b_vendor_stability_evaluator). */
export function createB2bVendorStabilityEvaluator(registry: () => HandlerRegistry): OperationHandler<'b2bVendorStabilityEvaluator'> {
  return async function b2bVendorStabilityEvaluator({ vendor_domain: domain }, context) {
    const watch = new UnsafeWatch();
    const section = <O>(operationId: string) => watch.wrap(operationSection<O>(registry, operationId, { domain }, context));
    const deadlines = deadlinesWithin(context.deadlineMs, DEADLINES_MS);
    const finished = sectionProgress(context.progress, Object.keys(DEADLINES_MS).length);
    const [tech, intent, contacts, readings, adsHistory] = await Promise.all([
      runSection(section<TechStackResult>('techStack'), deadlines.tech_stack, context.signal, (status) => finished('tech_stack', status)),
      runSection(section<CompanyIntentResult>('companyIntent'), deadlines.hiring_intent, context.signal, (status) => finished('hiring_intent', status)),
      runSection(section<ContactsResult>('extractContacts'), deadlines.contacts, context.signal, (status) => finished('contacts', status)),
      readingsOf(domain, context),
      adsReadings(domain, context),
    ]);
    watch.rethrow();

    const now = context.now().getTime();
    const board = boardRead(intent.result) ? intent.result : null;
    const baseline = baselineOf(readings, now);
    const status = stabilityStatus(board, baseline);
    const contactsVerified = verifiedContactsAvailable(contacts.result);
    const earlier = board ? comparisonOf(readings, now) : null;
    const techRead = tech.result?.status === 'ok' || tech.result?.status === 'no_signals';
    // Ads over time: the newest stored reading of the registry's sample against an earlier one (same rule as the board's).
    const latestAds = adsHistory.at(-1) ?? null;
    const earlierAds = latestAds ? comparisonOf(adsHistory, latestAds.at) : null;
    const adsPoint = (reading: { at: number; ads_in_sample: number }) => ({ date: new Date(reading.at).toISOString(), ads_in_sample: reading.ads_in_sample });

    const website = websiteState(domain, tech.result, tech.status, deadlines.tech_stack);
    const limitations = [
      'seo_visibility_trend is "unknown": no search-visibility or traffic source is connected, and none is estimated.',
      'engineering_and_support_headcount_trend compares open engineering, data and support roles with an earlier stored reading of the board: more_open_roles, same_open_roles or fewer_open_roles are postings, not headcount.',
      'verified_contacts_available means an address published on the site at a domain whose MX accepts mail; no mailbox is probed.',
    ];
    if (!board) {
      const why =
        intent.result?.status === 'not_found'
          ? `No job board of ${domain} was found`
          : `The job board of ${domain} could not be read (${intent.result?.status ?? intent.status})`;
      limitations.push(`${why}: stability and health need one, so they are UNKNOWN and null.`);
    } else if (!earlier)
      limitations.push('No earlier reading of this board is stored: engineering_and_support_headcount_trend is "unknown" (later calls compare with this one).');
    if (board && !baseline)
      limitations.push(
        `No earlier reading of this board at least ${TREND_MIN_DAYS} days old: CONTRACTING and HIGH_RISK need one, so stability_status is read from the current board only (later calls compare with this one).`,
      );
    if (board?.confidence === 'unverified') limitations.push('The job board was found by name only; the website does not link to it.');
    if (board?.jobs_truncated) limitations.push('The provider lists more jobs than could be read; the figures cover the jobs read.');
    if (!tech.result || tech.result.status !== 'ok')
      limitations.push(
        `tech_stack_summary is empty: ${tech.result?.status === 'no_signals' ? 'no technology was detected on the home page' : `the home page could not be read (${tech.result?.status ?? tech.status})`}.`,
      );
    if (!latestAds)
      limitations.push(
        'trend_evidence.search_ads is null: no search-ads reading of this domain is stored (search-ads and company-profile keep one a day); this skill does not query the registry.',
      );
    else if (!earlierAds) limitations.push('Only one day of search-ads readings is stored for this domain: trend_evidence.search_ads.direction is unknown.');
    if (contactsVerified === null)
      limitations.push(`verified_contacts_available is null: the contact pages could not be read (${contacts.result?.status ?? contacts.status}).`);

    const unreachable = !board && website.answered === false;
    return {
      domain,
      status: board ? 'ok' : unreachable ? 'unreachable' : 'no_data',
      ...(unreachable ? { error_reason: (website as { reason: string }).reason } : {}),
      vendor_domain: domain,
      vendor_health_score: vendorHealthScore({ intent: board, status, tech: tech.result, contactsVerified }),
      stability_status: status,
      hiring_velocity: {
        open_roles: board ? (board.total_open_roles ?? 0) : null,
        roles_posted_last_30_days: board ? (board.roles_posted_last_30_days ?? 0) : null,
        intent_score: board ? (board.intent_score ?? 0) : null,
        hiring_status: board?.hiring_status ?? null,
      },
      engineering_and_support_headcount_trend: engineeringSupportTrend(board, readings, now),
      trend_evidence: {
        compared_with: earlier
          ? { date: new Date(earlier.at).toISOString(), open_roles: earlier.open_roles, engineering_support_roles: earlier.engineering_support_roles }
          : null,
        open_roles: board ? direction(board.total_open_roles ?? 0, earlier?.open_roles) : 'unknown',
        engineering_support_roles: board ? direction(engineeringSupportRoles(board), earlier?.engineering_support_roles) : 'unknown',
        search_ads: latestAds
          ? {
              latest: adsPoint(latestAds),
              compared_with: earlierAds ? adsPoint(earlierAds) : null,
              direction: direction(latestAds.ads_in_sample, earlierAds?.ads_in_sample),
            }
          : null,
        technologies:
          techRead && tech.result!.is_first_run !== null
            ? { first_run: tech.result!.is_first_run === true, added: tech.result!.added ?? null, removed: tech.result!.removed ?? null }
            : null,
      },
      tech_stack_summary: techStackSummary(tech.result),
      seo_visibility_trend: 'unknown',
      verified_contacts_available: contactsVerified,
      limitations,
    };
  };
}
