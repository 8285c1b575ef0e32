/**
 * The extract-contacts engine: reads the home page, then the about, contact, team and careers
 * pages (found from the home page's links first, common paths otherwise; at most five pages,
 * all through the safe fetcher under one deadline), and the domain's MX, SPF and DMARC records.
 * Each page is read in the parse pool (deps.analyze) within the parse limits; a page that cannot
 * be read within them adds nothing (the note names it), and without a readable home page the
 * common paths are tried. Pure over the injected fetch, DNS and analyze.
 */
import type { components } from '../../generated/types.ts';
import { withinDeadline } from '../net/deadline.ts';
import type { Dns, DnsAnswer, MxRecord, SafeFetch, SafeFetchResponse } from '../net/types.ts';
import { isFetchFailure, isUnsafeTarget, pageFailureKind, recordsOf } from '../net/types.ts';
import { judgeEmail, sameDomain } from './emails.ts';
import { isUnanalysable, type Analyze } from '../parse/types.ts';
import type { FoundEmail, PageContacts } from './page.ts';
import { inferEmailPattern } from './pattern.ts';
import { mergePeople, type PagePerson } from './people.ts';

export type ContactsResult = components['schemas']['ContactsResult'];

export interface ContactsDeps {
  fetch: SafeFetch;
  dns: Dns;
  /** Reads the pages off the main thread (the parse pool). */
  analyze: Analyze;
  signal?: AbortSignal;
}

export interface ContactsOptions {
  /** The whole collection, pages and DNS, ends by then. */
  deadlineMs?: number;
  pageTimeoutMs?: number;
  maxPageBytes?: number;
  maxPages?: number;
}

type PageKind = 'about' | 'contact' | 'team' | 'careers';

const KINDS: { kind: PageKind; link: RegExp; fallback: string }[] = [
  { kind: 'contact', link: /(^|[/_-])(contact|contact-us|contacts|kontakt|get-in-touch|reach-us)([/._-]|$)/i, fallback: '/contact' },
  { kind: 'about', link: /(^|[/_-])(about|about-us|company|who-we-are|our-story|impressum|imprint)([/._-]|$)/i, fallback: '/about' },
  { kind: 'team', link: /(^|[/_-])(team|our-team|people|leadership|staff|management|founders)([/._-]|$)/i, fallback: '/team' },
  { kind: 'careers', link: /(^|[/_-])(careers|career|jobs|join-us|work-with-us|hiring)([/._-]|$)/i, fallback: '/careers' },
];

/** The pages worth reading besides the home page: a same-site link per kind, else its common path. */
export function choosePages(homeUrl: string, links: string[], domain: string): { kind: PageKind; url: string }[] {
  const home = new URL(homeUrl);
  const bare = domain.replace(/^www\./, '');
  const sameSite = links
    .map((link) => new URL(link))
    .filter(
      (url) =>
        (url.hostname === bare || url.hostname.endsWith(`.${bare}`)) && url.pathname !== '/' && !/\.(pdf|png|jpe?g|gif|svg|zip|xml)$/i.test(url.pathname),
    );
  const chosen: { kind: PageKind; url: string }[] = [];
  const taken = new Set<string>([`${home.origin}${home.pathname}`]);
  for (const { kind, link, fallback } of KINDS) {
    const candidates = sameSite.filter((url) => link.test(url.pathname)).sort((a, b) => a.pathname.length - b.pathname.length);
    const pick = candidates.find((url) => !taken.has(`${url.origin}${url.pathname}`));
    const url = pick ? `${pick.origin}${pick.pathname}` : new URL(fallback, home).href;
    if (taken.has(url)) continue;
    taken.add(url);
    chosen.push({ kind, url });
  }
  return chosen;
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

type GetPage = (url: string) => Promise<SafeFetchResponse>;

/** The home page, or why none could be read (`missing`: how many candidates DNS says do not exist). */
interface HomeAttempt {
  response: SafeFetchResponse | null;
  candidates: string[];
  lastFailure: string;
  missing: number;
}

/** What the pages read said, page by page. */
interface SiteContacts {
  found: (FoundEmail & { page: string })[];
  people: (PagePerson & { page: string })[];
  social: Set<string>;
  pagesRead: string[];
  /** The pages that could not be read, and why. */
  partial: string[];
}

interface MailRecords {
  mx: DnsAnswer<MxRecord>;
  txt: DnsAnswer<string>;
  dmarc: DnsAnswer<string>;
}

export async function collectContacts(
  domain: string,
  { fetch, dns, analyze, signal }: ContactsDeps,
  { deadlineMs = 6_000, pageTimeoutMs = 4_000, maxPageBytes = 2_000_000, maxPages = 5 }: ContactsOptions = {},
): Promise<ContactsResult> {
  const target = domain.toLowerCase().replace(/\.$/, '');
  const bare = target.replace(/^www\./, '');
  return withinDeadline(deadlineMs, { signal, name: 'scan deadline' }, async (scope) => {
    const started = Date.now();
    const dnsAnswers = Promise.all([dns.mx(bare), dns.txt(bare), dns.dmarc(bare)]);
    const getPage: GetPage = (url) => {
      const left = Math.max(100, deadlineMs - (Date.now() - started));
      return fetch(url, { signal: scope, timeoutMs: Math.min(pageTimeoutMs, left), maxBodyBytes: maxPageBytes, accept: HTML_ACCEPT });
    };
    const candidates = [`https://${target}/`, ...(target === bare ? [`https://www.${bare}/`] : []), `http://${target}/`];
    const home = await fetchHome(candidates, getPage, scope);
    const site: SiteContacts = { found: [], people: [], social: new Set(), pagesRead: [], partial: [] };
    if (home.response) await readSite(home.response, site, { getPage, analyze, scope, bare, maxPages });
    const [mx, txt, dmarc] = await dnsAnswers;
    return contactsResult({ target, bare, home, site, records: { mx, txt, dmarc } });
  });
}

/** The first candidate that answers below 400; a failure that ends the scope ends the tries. */
async function fetchHome(candidates: string[], getPage: GetPage, scope: AbortSignal): Promise<HomeAttempt> {
  let lastFailure = '';
  let missing = 0;
  for (const url of candidates) {
    try {
      const response = await getPage(url);
      if (response.status < 400) return { response, candidates, lastFailure, missing };
      lastFailure = `${url}: HTTP ${response.status}`;
    } catch (error) {
      const kind = pageFailureKind(error);
      if (kind === 'dns_not_found') missing += 1;
      lastFailure = `${url}: ${kind}`;
      if (scope.aborted) break;
    }
  }
  return { response: null, candidates, lastFailure, missing };
}

/** Reads the home page, then the pages it leads to (at most maxPages in all), into `site`. */
async function readSite(
  home: SafeFetchResponse,
  site: SiteContacts,
  { getPage, analyze, scope, bare, maxPages }: { getPage: GetPage; analyze: Analyze; scope: AbortSignal; bare: string; maxPages: number },
): Promise<void> {
  /** The page's contacts, or null (and a note) when it cannot be read within the parse limits. */
  async function readContacts(response: SafeFetchResponse, teamPage: boolean): Promise<PageContacts | null> {
    try {
      return await analyze('contacts', { page: response.content, url: response.url, teamPage }, { signal: scope });
    } catch (error) {
      if (!isUnanalysable(error)) throw error;
      site.partial.push(`${response.url}: cannot be read within the parse limits (${error.message})`);
      return null;
    }
  }
  function absorb(page: PageContacts, url: string) {
    site.found.push(...page.emails.map((email) => ({ ...email, page: url })));
    site.people.push(...page.people.map((person) => ({ ...person, page: url })));
    for (const link of page.social) site.social.add(link);
  }

  const homePage = await readContacts(home, false);
  site.pagesRead.push(home.url);
  if (homePage) absorb(homePage, home.url);
  const pages = choosePages(home.url, homePage?.links ?? [], bare).slice(0, maxPages - 1);
  const responses = await Promise.all(
    pages.map(async ({ kind, url }) => {
      try {
        const response = await getPage(url);
        return { kind, response };
      } catch (error) {
        if (!isFetchFailure(error) && !isUnsafeTarget(error)) throw error;
        site.partial.push(`${url}: ${isFetchFailure(error) ? error.kind : 'unsafe redirect'}`);
        return null;
      }
    }),
  );
  const readable = responses.filter(
    (entry): entry is NonNullable<typeof entry> =>
      !!entry && entry.response.status < 400 && /html|xml|text\/plain/i.test(entry.response.headers['content-type'] ?? 'text/html'),
  );
  const fresh = readable.filter(
    (entry, index) => !site.pagesRead.includes(entry.response.url) && readable.findIndex((other) => other.response.url === entry.response.url) === index,
  );
  const contents = await Promise.all(fresh.map((entry) => readContacts(entry.response, entry.kind === 'team' || entry.kind === 'about')));
  fresh.forEach((entry, index) => {
    site.pagesRead.push(entry.response.url);
    const page = contents[index];
    if (page) absorb(page, entry.response.url);
  });
}

/** The kept addresses (the site's own domain's apart), where and how each was found, and the people and email pattern they show. */
function addressBook(site: SiteContacts, bare: string) {
  const kept = site.found.filter((email) => judgeEmail(email.address, email.source, bare, email).keep);
  // Where and how each kept address was found, in one pass (linear in the addresses found).
  const sources = new Map<string, { pages: Set<string>; how: Set<FoundEmail['source']> }>();
  for (const entry of kept) {
    const source = sources.get(entry.address) ?? { pages: new Set<string>(), how: new Set<FoundEmail['source']>() };
    source.pages.add(entry.page);
    source.how.add(entry.source);
    sources.set(entry.address, source);
  }
  // The site's own domain's addresses are the company's (emails); other domains' are kept apart (other_emails).
  const emails = [...sources.keys()].filter((address) => sameDomain(address, bare)).sort();
  const otherEmails = [...sources.keys()].filter((address) => !sameDomain(address, bare)).sort();
  // A person's address is one the emails list keeps; any other is not the person's published address.
  const named = mergePeople(site.people).map((person) => ({ ...person, email: person.email && sources.has(person.email) ? person.email : null }));
  const pattern = inferEmailPattern(
    named.filter((person): person is typeof person & { email: string } => person.email !== null),
    bare,
  );
  const pageOf = new Map<string, string>();
  for (const person of named) if (person.email && !pageOf.has(person.email)) pageOf.set(person.email, person.page);
  return { emails, otherEmails, sources, named, pattern, pageOf };
}

function contactsResult({
  target,
  bare,
  home,
  site,
  records: { mx, txt, dmarc },
}: {
  target: string;
  bare: string;
  home: HomeAttempt;
  site: SiteContacts;
  records: MailRecords;
}): ContactsResult {
  const exchanges = recordsOf(mx)
    .map((record) => record.exchange)
    .filter((exchange) => exchange && exchange !== '.');
  const spf = recordsOf(txt).filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  const { emails, otherEmails, sources, named, pattern, pageOf } = addressBook(site, bare);
  const own = new Set(emails);
  const socialLinks = [...site.social].sort();
  const { partial, pagesRead } = site;
  const base = {
    domain: target,
    emails,
    other_emails: otherEmails,
    social_links: socialLinks,
    email_deliverable: exchanges.length > 0,
    mx: exchanges,
    spf,
    dmarc: recordsOf(dmarc),
    inferred_email_pattern: pattern?.pattern ?? null,
    inferred_email_pattern_examples: pattern?.examples.map(({ name, email }) => ({ name, email, found_on: pageOf.get(email)! })) ?? [],
    email_sources: [...emails, ...otherEmails].map((email) => ({
      email,
      same_domain: own.has(email),
      found_on: [...sources.get(email)!.pages],
      how: [...sources.get(email)!.how].sort(),
    })),
    people: named.map(({ name, role, email, profile, source, page }) => ({ name, role, email, profile_url: profile, source, found_on: page })),
    pages_read: pagesRead,
  };
  if (emails.length || otherEmails.length || socialLinks.length || exchanges.length) {
    return { ...base, status: 'ok', note: partial.length ? `Some pages could not be read: ${partial.join('; ')}.` : null };
  }
  if (home.response)
    return {
      ...base,
      status: 'no_data',
      note: `No published email, social profile or MX record found on ${pagesRead.length} page(s).${partial.length ? ` Some pages could not be read: ${partial.join('; ')}.` : ''}`,
    };
  const nameExists = mx.ok || txt.ok || (!mx.ok && mx.reason === 'nodata');
  if (home.missing === home.candidates.length && !nameExists)
    return { ...base, status: 'not_found', note: `The domain does not exist in DNS (${home.lastFailure}).` };
  return { ...base, status: 'unreachable', note: `The home page could not be read (${home.lastFailure}) and the domain has no MX record.` };
}
