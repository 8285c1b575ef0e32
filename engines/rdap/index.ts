/** The RDAP engine: a domain's registration date (what the merchant-trust skills call). */
export {
  lookupRegistration,
  readDomainObject,
  registrableName,
  type DomainRegistration,
  type RdapCache,
  type RdapDeps,
  type RdapOptions,
  type RegistrationStatus,
} from './registration.ts';
export { loadRdapConfig, DEFAULT_RDAP_CONFIG, type RdapConfig } from './config.ts';
