import { DEFAULT_DEADLINES_MS, runSection } from '../engines/profile/compose.ts';
import {
  baselineOf,
  boardRead,
  engineeringSupportRoles,
  engineeringSupportTrend,
  nextReadings,
  stabilityStatus,
  techStackSummary,
  TREND_MIN_DAYS,
  vendorHealthScore,
  verifiedContactsAvailable,
  type HiringReading,
} from '../engines/trust/vendor.ts';
import type { components } from '../generated/types.ts';
import { operationSection, UnsafeWatch, websiteState } from './skill-sections.ts';
import type { Handler, HandlerContext, HandlerRegistry } from './types.ts';

type VendorStabilityResult = components['schemas']['VendorStabilityResult'];
type TechStackResult = components['schemas']['TechStackResult'];
type CompanyIntentResult = components['schemas']['CompanyIntentResult'];
type ContactsResult = components['schemas']['ContactsResult'];

/** Readings of each vendor's board, kept between calls (whoever asked) to see the trend. */
const SNAPSHOT_KIND = 'vendor-hiring';
export const DEADLINES_MS = { tech_stack: DEFAULT_DEADLINES_MS.tech_stack, hiring_intent: DEFAULT_DEADLINES_MS.hiring_intent, contacts: 8_000 };

async function readingsOf(domain: string, { services }: HandlerContext): Promise<HiringReading[]> {
  const stored = (await services.snapshots.get({ kind: SNAPSHOT_KIND, key: domain }))?.value as { readings?: HiringReading[] } | undefined;
  return Array.isArray(stored?.readings) ? stored.readings : [];
}

/** POST /v1/skills/b2b_vendor_stability_evaluator (MCP b2b_vendor_stability_evaluator). */
export function createB2bVendorStabilityEvaluator(registry: () => HandlerRegistry): Handler<{ vendor_domain: string }, VendorStabilityResult> {
  return async function b2bVendorStabilityEvaluator({ vendor_domain: domain }, context) {
    const watch = new UnsafeWatch();
    const section = <O>(operationId: string) => watch.wrap(operationSection<O>(registry, operationId, { domain }, context));
    const [tech, intent, contacts, readings] = await Promise.all([
      runSection(section<TechStackResult>('techStack'), DEADLINES_MS.tech_stack),
      runSection(section<CompanyIntentResult>('companyIntent'), DEADLINES_MS.hiring_intent),
      runSection(section<ContactsResult>('extractContacts'), DEADLINES_MS.contacts),
      readingsOf(domain, context),
    ]);
    watch.rethrow();

    const now = context.now().getTime();
    const board = boardRead(intent.result) ? intent.result : null;
    const baseline = baselineOf(readings, now);
    const status = stabilityStatus(board, baseline);
    const contactsVerified = verifiedContactsAvailable(contacts.result);
    if (board) {
      const reading: HiringReading = { at: now, open_roles: board.total_open_roles ?? 0, engineering_support_roles: engineeringSupportRoles(board) };
      await context.services.snapshots.put({ kind: SNAPSHOT_KIND, key: domain, value: { readings: nextReadings(readings, reading) } as any, at: now });
    }

    const website = websiteState(domain, tech.result, tech.status, DEADLINES_MS.tech_stack);
    const limitations = [
      'seo_visibility_trend is "unknown": no search-visibility or traffic source is connected, and none is estimated.',
      'engineering_and_support_headcount_trend reads open roles, not headcount: "growing" means engineering, data or support roles are open (added or replaced).',
      'verified_contacts_available means an address published on the site at a domain whose MX accepts mail; no mailbox is probed.',
    ];
    if (!board) {
      const why = intent.result?.status === 'not_found' ? `No job board of ${domain} was found` : `The job board of ${domain} could not be read (${intent.result?.status ?? intent.status})`;
      limitations.push(`${why}: stability and health need one, so they are UNKNOWN and null.`);
    }
    else if (!baseline) limitations.push(`No earlier reading of this board at least ${TREND_MIN_DAYS} days old: CONTRACTING and HIGH_RISK need one, so stability_status is read from the current board only (later calls compare with this one).`);
    if (board?.confidence === 'unverified') limitations.push('The job board was found by name only; the website does not link to it.');
    if (board?.jobs_truncated) limitations.push('The provider lists more jobs than could be read; the figures cover the jobs read.');
    if (!tech.result || tech.result.status !== 'ok') limitations.push(`tech_stack_summary is empty: ${tech.result?.status === 'no_signals' ? 'no technology was detected on the home page' : `the home page could not be read (${tech.result?.status ?? tech.status})`}.`);
    if (contactsVerified === null) limitations.push(`verified_contacts_available is null: the contact pages could not be read (${contacts.result?.status ?? contacts.status}).`);

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
      engineering_and_support_headcount_trend: engineeringSupportTrend(board),
      tech_stack_summary: techStackSummary(tech.result),
      seo_visibility_trend: 'unknown',
      verified_contacts_available: contactsVerified,
      limitations,
    };
  };
}
