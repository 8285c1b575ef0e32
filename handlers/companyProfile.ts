import { profileWithCompany } from './companyFacts.ts';
import { nextSteps } from './nextSteps.ts';
import type { OperationHandler, HandlerRegistry } from './types.ts';

/** POST /v1/company-profile (MCP get_company_profile): the three sections in parallel. */
export function createCompanyProfile(registry: () => HandlerRegistry): OperationHandler<'companyProfile'> {
  return async function companyProfile({ domain }, context) {
    const result = await profileWithCompany(registry, domain, context);
    if (result.status === 'ok') result.next_steps = nextSteps(domain, ['ats-jobs', 'extract-contacts']);
    return result;
  };
}
