import { collectContacts, UnsafeContactsTarget, type ContactsResult } from '../engines/contacts/collect.ts';
import { ServiceError } from '../server/problem.ts';
import type { Handler } from './types.ts';

/** POST /v1/extract-contacts (MCP extract_company_contacts). */
export const extractContacts: Handler<{ domain: string }, ContactsResult> = async ({ domain }, { services, signal }) => {
  try {
    return await collectContacts(domain, { fetch: services.net.fetch, dns: services.net.dns, analyze: services.analyze, signal });
  } catch (error) {
    if (error instanceof UnsafeContactsTarget) throw new ServiceError('unsafe_or_invalid_target', { detail: `${domain} leads to an address the service does not reach (${error.reason}). Nothing was charged.` });
    throw error;
  }
};
