import { collectContacts, type ContactsResult } from '../engines/contacts/collect.ts';
import type { Handler } from './types.ts';

/** POST /v1/extract-contacts (MCP extract_company_contacts). */
export const extractContacts: Handler<{ domain: string }, ContactsResult> = async ({ domain }, { services, signal }) =>
  collectContacts(domain, { fetch: services.net.fetch, dns: services.net.dns, analyze: services.analyze, signal });
