/**
 * A domain's registration date from RDAP (RFC 9082 query, RFC 9083 answer): GET
 * `{base}/domain/{name}` through the safe fetcher (rdap.org answers with a redirect to the
 * registry's server, which the fetcher follows and checks like any hop), then the domain
 * object's event whose eventAction is "registration". The name asked is the registrable domain
 * (tldts, ICANN section): a shop at shop.example.co.uk is asked as example.co.uk. A name under a
 * private suffix (a platform's subdomain such as x.myshopify.com) has no registration of its own.
 * Every failure leaves the date unknown (null) with the reason; nothing here throws for the
 * registry's sake. Pure over the injected fetch, clock and cache.
 */
import { parse as parseDomain } from 'tldts';
import type { ExpiringCache } from '../cache.ts';
import type { SafeFetch } from '../net/types.ts';
import { isUnanalysable, type AnalyzeTask } from '../parse/analysis.ts';
import type { Fetched } from '../net/fetched.ts';
import { isFetchFailure, isUnsafeTarget } from '../net/types.ts';
import { DEFAULT_RDAP_CONFIG, type RdapConfig } from './config.ts';

export type RegistrationStatus =
  /** The registration date is known. */
  | 'ok'
  /** The registry does not know the name (404), or no RDAP server serves its TLD. */
  | 'not_found'
  /** A domain object without a registration event. */
  | 'no_registration_date'
  /** The name is a platform's subdomain (private public suffix): it has no registration of its own. */
  | 'platform_subdomain'
  /** No answer: network failure, timeout, 429 or 5xx. */
  | 'unreachable'
  /** An answer that is not an RDAP domain object for this name, or an impossible date. */
  | 'malformed';

export interface DomainRegistration {
  status: RegistrationStatus;
  /** The registrable name that was looked up; null when there is none. */
  domain: string | null;
  /** RFC 3339 date of the registration event (ok only). */
  registeredAt: string | null;
  /** Whole days from registeredAt to now (ok only). */
  ageDays: number | null;
  /** The expiration event, when the registry publishes one. */
  expiresAt: string | null;
  /** The URL that answered, after redirects. */
  source: string | null;
  /** Why the date is unknown (null when ok). */
  reason: string | null;
}

/** Where registration answers are kept between calls. */
export type RdapCache = ExpiringCache;

export interface RdapDeps {
  fetch: SafeFetch;
  /** Reads the registry's answer off the main thread (the parse pool's rdapDomain task). */
  analyze: RdapAnalyze;
  now: () => Date;
  signal?: AbortSignal;
  cache?: RdapCache | null;
}

export interface RdapOptions {
  config?: RdapConfig;
  maxBodyBytes?: number;
  /** How long a known date is kept (registration dates do not change). */
  knownTtlMs?: number;
  /** How long "not registered" and "no date" answers are kept. */
  unknownTtlMs?: number;
}

const DAY = 86_400_000;
/** Registry clocks and time zones: a date at most this far ahead is read as today. */
const CLOCK_SKEW_MS = DAY;
const RDAP_ACCEPT = 'application/rdap+json, application/json;q=0.9';

/** The registrable domain RDAP is asked about, or why there is none. */
export function registrableName(domain: string): { name: string; platform: false } | { name: string | null; platform: true } | { name: null; platform: false } {
  const host = domain.toLowerCase().replace(/\.$/, '');
  const withPrivate = parseDomain(host, { allowPrivateDomains: true });
  if (withPrivate.isPrivate && withPrivate.domain) return { name: withPrivate.domain, platform: true };
  const icann = parseDomain(host);
  return icann.domain && icann.isIcann ? { name: icann.domain, platform: false } : { name: null, platform: false };
}

/** What the domain object of an RDAP answer says (the rdapDomain task's output). */
export type ParsedDomainObject = Pick<DomainRegistration, 'status' | 'registeredAt' | 'expiresAt' | 'reason'>;

/** The rdapDomain task's input (engines/parse/tasks.ts): an RDAP answer, sealed, the name asked and the moment (ISO). */
export interface RdapDomainInput {
  content: Fetched;
  name: string;
  now: string;
}

/** The parse task an RDAP lookup runs (the service's Analyze is one): declared here, as the registry imports readDomainObject. */
export type RdapAnalyze = AnalyzeTask<'rdapDomain', RdapDomainInput, ParsedDomainObject>;

/** The registration and expiration events of an RFC 9083 domain object for `name`. */
export function readDomainObject(value: unknown, name: string, now: Date): ParsedDomainObject {
  const fail = (reason: string): ParsedDomainObject => ({ status: 'malformed', registeredAt: null, expiresAt: null, reason });
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail('the answer is not a JSON object');
  const object = value as { objectClassName?: unknown; ldhName?: unknown; events?: unknown };
  if (object.objectClassName !== 'domain')
    return fail(`the answer is not an RDAP domain object (objectClassName ${JSON.stringify(object.objectClassName ?? null)})`);
  if (typeof object.ldhName === 'string' && object.ldhName.toLowerCase().replace(/\.$/, '') !== name) {
    return fail(`the answer is about ${object.ldhName.slice(0, 100)}, not ${name}`);
  }
  const events = Array.isArray(object.events) ? object.events : [];
  const dates = (action: string) =>
    events
      .filter(
        (event): event is { eventAction: string; eventDate: string } =>
          !!event && typeof event === 'object' && typeof event.eventAction === 'string' && typeof event.eventDate === 'string',
      )
      .filter((event) => event.eventAction.toLowerCase() === action)
      .map((event) => Date.parse(event.eventDate))
      .filter((at) => Number.isFinite(at))
      .sort((a, b) => a - b);
  const expiration = dates('expiration').at(-1);
  const expiresAt = expiration !== undefined ? new Date(expiration).toISOString() : null;
  const registered = dates('registration')[0];
  if (registered === undefined) {
    const hasEvent = events.some((event) => (event as { eventAction?: unknown })?.eventAction === 'registration');
    if (hasEvent) return fail('the registration event has no valid eventDate');
    return { status: 'no_registration_date', registeredAt: null, expiresAt, reason: 'the registry publishes no registration event for this name' };
  }
  if (registered > now.getTime() + CLOCK_SKEW_MS) return fail(`the registration date ${new Date(registered).toISOString()} is in the future`);
  return { status: 'ok', registeredAt: new Date(registered).toISOString(), expiresAt, reason: null };
}

const ageDays = (registeredAt: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(registeredAt)) / DAY));

type Cached = Omit<DomainRegistration, 'ageDays'>;

/** An answer that states no dates: why, and the RDAP URL that answered, if one did. */
const undated = (status: Cached['status'], domain: string | null, source: string | null, reason: string): Cached => ({
  status,
  domain,
  registeredAt: null,
  expiresAt: null,
  source,
  reason,
});

export async function lookupRegistration(
  domain: string,
  { fetch, analyze, now, signal, cache = null }: RdapDeps,
  { config = DEFAULT_RDAP_CONFIG, maxBodyBytes = 256 * 1024, knownTtlMs = 7 * DAY, unknownTtlMs = DAY }: RdapOptions = {},
): Promise<DomainRegistration> {
  const target = registrableName(domain);
  const answer = (fields: Cached): DomainRegistration => ({ ...fields, ageDays: fields.registeredAt ? ageDays(fields.registeredAt, now()) : null });
  if (target.platform) {
    return answer(
      undated(
        'platform_subdomain',
        target.name,
        null,
        `${domain} is a subdomain of a hosting platform (${target.name}); it has no domain registration of its own`,
      ),
    );
  }
  if (!target.name) return answer(undated('not_found', null, null, `${domain} has no registrable domain under a public suffix`));
  const name = target.name;
  const key = `rdap:${name}`;
  if (cache) {
    const kept = (await cache.get(key)) as Cached | null;
    if (kept) return answer(kept);
  }

  async function remember(fields: Cached): Promise<DomainRegistration> {
    const ttl = fields.status === 'ok' ? knownTtlMs : fields.status === 'not_found' || fields.status === 'no_registration_date' ? unknownTtlMs : 0;
    if (cache && ttl > 0) await cache.set(key, fields, now().getTime() + ttl);
    return answer(fields);
  }

  const url = `${config.baseUrl}/domain/${encodeURIComponent(name)}`;
  let response;
  try {
    response = await fetch(url, { signal, timeoutMs: config.timeoutMs, maxBodyBytes, accept: RDAP_ACCEPT, maxRedirects: 3 });
  } catch (error) {
    if (isFetchFailure(error)) return answer(undated('unreachable', name, null, `RDAP could not be read (${error.kind})`));
    // A redirect of the bootstrap service to an address the service does not reach: the registry's fault, not the caller's.
    if (isUnsafeTarget(error)) return answer(undated('unreachable', name, null, 'RDAP redirected to an address the service does not reach'));
    throw error;
  }
  const source = response.url;
  if (response.status === 404) return remember(undated('not_found', name, source, `RDAP does not know ${name} (HTTP 404)`));
  if (response.status !== 200) return answer(undated('unreachable', name, source, `RDAP answered HTTP ${response.status}`));
  if (response.truncated) return answer(undated('malformed', name, source, `the RDAP answer is larger than ${maxBodyBytes} bytes`));
  let parsed: ParsedDomainObject;
  try {
    parsed = await analyze('rdapDomain', { content: response.content, name, now: now().toISOString() }, { signal });
  } catch (error) {
    if (!isUnanalysable(error)) throw error;
    return answer(undated('malformed', name, source, `the RDAP answer cannot be read within the parse limits (${error.message})`));
  }
  if (parsed.status === 'malformed') return answer({ ...parsed, domain: name, source });
  return remember({ ...parsed, domain: name, source });
}
