import { profileWithCompany } from './companyFacts.ts';
import { nextSteps } from './nextSteps.ts';
import type { OperationHandler, HandlerRegistry } from './types.ts';

/**
 * POST /v1/company-footprint (MCP company_footprint_check): the same sections and shape as the
 * profile, read as a footprint check (is the company visibly operating: tags, open roles, ads).
 * Facts only: no revenue, burn or fraud estimates.
 */
export function createCompanyFootprint(registry: () => HandlerRegistry): OperationHandler<'companyFootprint'> {
  return async function companyFootprint({ domain }, context) {
    const result = await profileWithCompany(registry, domain, context);
    if (result.status === 'ok') result.next_steps = nextSteps(domain, ['extract-contacts', 'company-profile']);
    return result;
  };
}
