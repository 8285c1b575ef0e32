/**
 * The company object of company-profile, company-footprint and verify_domain_legitimacy_and_security:
 * what the home page states (read from the page the tech-stack section fetched, in the parse pool),
 * the name the job board gives the company (the hiring-intent section's board), and the domain's
 * registration date (RDAP, cached). Each fact carries its source and the URL it was read from; a
 * fact no source states is absent. It adds one upstream call at most: the RDAP lookup, when the
 * date is not cached (spec: CompanyFacts).
 */
import { composeProfile, deadlinesWithin, DEFAULT_DEADLINES_MS, SECTIONS, type ProfileResult } from '../engines/profile/compose.ts';
import type { DomainRegistration } from '../engines/rdap/index.ts';
import type { Fact, PageCompanyFacts } from '../engines/company/facts.ts';
import { isUnanalysable } from '../engines/parse/types.ts';
import type { components } from '../generated/types.ts';
import type { Fetched } from '../engines/net/types.ts';
import { profileSections } from './profileSections.ts';
import { sectionProgress } from './progress.ts';
import { registrationOf } from './registration.ts';
import type { HandlerContext, HandlerRegistry } from './types.ts';

type CompanyFacts = components['schemas']['CompanyFacts'];
type HomePage = { page: Fetched; url: string };

function sourced<T>(fact: Fact<T> | undefined, url: string) {
  return fact ? { value: fact.value, source: fact.source, source_url: url } : undefined;
}

/** The facts of the page, the board and the registry, each with its source; {} when none states anything. */
export async function companyFacts(
  page: HomePage | null,
  registration: DomainRegistration | null,
  profile: ProfileResult,
  { services, now, signal }: HandlerContext,
): Promise<CompanyFacts> {
  let stated: PageCompanyFacts = {};
  if (page) {
    try {
      stated = await services.analyze('companyFacts', { page: page.page, url: page.url, now: now().toISOString() }, { signal });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
    }
  }
  const url = page?.url ?? '';
  const facts: CompanyFacts = {};
  const board = profile.hiring_intent;
  const name =
    sourced(stated.name, url) ??
    (board?.board_company_name && board.board_url ? { value: board.board_company_name, source: 'job_board' as const, source_url: board.board_url } : undefined);
  const entries = {
    name,
    legal_name: sourced(stated.legal_name, url),
    description: sourced(stated.description, url),
    logo_url: sourced(stated.logo_url, url),
    social_profiles: sourced(stated.social_profiles, url),
    address: sourced(stated.address, url),
    founding_year: sourced(stated.founding_year, url),
    industry_keywords: sourced(stated.industry_keywords, url),
    phone: sourced(stated.phone, url),
    domain_registered:
      registration?.status === 'ok' && registration.registeredAt && registration.source
        ? { value: registration.registeredAt.slice(0, 10), source: 'rdap' as const, source_url: registration.source }
        : undefined,
  };
  for (const [key, value] of Object.entries(entries)) if (value) (facts as Record<string, unknown>)[key] = value;
  return facts;
}

/** The profile's three sections and, beside them, the company facts (the RDAP lookup runs in parallel with the sections). */
export async function profileWithCompany(registry: () => HandlerRegistry, domain: string, context: HandlerContext): Promise<ProfileResult> {
  let page: HomePage | null = null;
  const sections = profileSections(registry, domain, { ...context, onHomePage: (read) => (page = read) });
  const [profile, registration] = await Promise.all([
    composeProfile(domain, sections, {
      now: context.now,
      signal: context.signal,
      deadlinesMs: deadlinesWithin(context.deadlineMs, DEFAULT_DEADLINES_MS),
      onSection: sectionProgress(context.progress, SECTIONS.length),
    }),
    registrationOf(domain, context).catch(() => null),
  ]);
  return { ...profile, company: await companyFacts(page, registration, profile, context) };
}
