import { collectContacts } from '../engines/contacts/collect.ts';
import type { OperationHandler } from './types.ts';

/** POST /v1/extract-contacts (MCP extract_company_contacts). */
export const extractContacts: OperationHandler<'extractContacts'> = async ({ domain }, { services, signal }) =>
  collectContacts(domain, { fetch: services.net.fetch, dns: services.net.dns, analyze: services.analyze, signal });
