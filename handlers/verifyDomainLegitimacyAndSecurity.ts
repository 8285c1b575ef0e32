import { deadlinesWithin, DEFAULT_DEADLINES_MS } from '../engines/profile/compose.ts';
import { createCompanyFootprint } from './companyFootprint.ts';
import { websiteState } from './skillSections.ts';
import type { OperationHandler, HandlerRegistry } from './types.ts';

export const LEGITIMACY_LIMITATIONS = [
  'Facts only: whether the company visibly operates (website tags, a job board with open roles, search ads); no revenue, burn or fraud estimates.',
  'No security scan: TLS configuration, malware, breaches and vulnerabilities are not checked; dmarc_policy in tech_stack is the only email-security fact.',
  'It does not verify who owns the domain.',
  "Search ads are the advertising-transparency registry's logged-out sample.",
];

/**
 * POST /v1/skills/verify_domain_legitimacy_and_security (MCP verify_domain_legitimacy_and_security):
 * the company-footprint result itself (handlers/companyFootprint.ts) as a commerce skill. ok when
 * the footprint is ok (two of three sections with data); otherwise unreachable when the website
 * did not answer, else no_data.
 */
export function createVerifyDomainLegitimacyAndSecurity(registry: () => HandlerRegistry): OperationHandler<'verifyDomainLegitimacyAndSecurity'> {
  const footprintOf = createCompanyFootprint(registry);
  return async function verifyDomainLegitimacyAndSecurity({ domain }, context) {
    const { status, next_steps: _steps, note, ...footprint } = await footprintOf({ domain }, { ...context, operationId: 'companyFootprint' });
    const website = websiteState(
      domain,
      footprint.tech_stack ?? null,
      footprint.sections_status.tech_stack,
      deadlinesWithin(context.deadlineMs, DEFAULT_DEADLINES_MS).tech_stack,
    );
    const unreachable = status !== 'ok' && website.answered === false;
    const limitations = [...LEGITIMACY_LIMITATIONS];
    if (status !== 'ok') limitations.push('Fewer than two of the three sections have data, so this answer is not charged.');
    return {
      ...footprint,
      domain,
      status: status === 'ok' ? 'ok' : unreachable ? 'unreachable' : 'no_data',
      ...(unreachable ? { error_reason: (website as { reason: string }).reason } : {}),
      note: note ?? null,
      limitations,
    };
  };
}
