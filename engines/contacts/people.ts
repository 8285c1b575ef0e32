/**
 * The people a page names, each with what the page ties to them: a role, an address, a profile.
 * Only from markup that says "this is a person" (the spec's ContactsResult.people):
 * - schema.org Person, in JSON-LD (any depth: employee, founder, author...) or microdata;
 * - hCard / h-card microformats (fn, title or role, email, url);
 * - team cards, on team and about pages only: at least two cards, each a name heading with a role,
 *   an address or a personal profile of its own beside it;
 * - author bylines: meta author, rel=author, itemprop=author, "By …" bylines;
 * - a mailto link whose text or card heading is a name (the address pattern's examples).
 * A name is two to four words of letters; words that name an organisation (Inc, GmbH, Team...)
 * are not a person. Nothing is guessed: a field the page does not tie to the person is null.
 */
import { objectsIn } from '../parse/json-walk.ts';
import { cleanAddress, parseMailto } from './emails.ts';
import { nameParts } from './pattern.ts';
import { socialProfile } from './social.ts';

export type PersonSource = 'schema_person' | 'vcard' | 'team_card' | 'mailto' | 'byline';

export interface PagePerson {
  name: string;
  role: string | null;
  email: string | null;
  profile: string | null;
  source: PersonSource;
}

/** Richer sources first: when two name the same person, the earlier one's fields win. */
const PRIORITY: PersonSource[] = ['schema_person', 'vcard', 'team_card', 'mailto', 'byline'];

const ORGANISATION_WORDS = /\b(inc|llc|ltd|limited|gmbh|ag|sa|sas|bv|plc|corp|corporation|company|co|group|team|staff|editors?|editorial|newsroom|admin|support|sales|marketing|press|media|studio|labs?|solutions|services|technologies|software|systems|agency|foundation|university|contributors?)\b\.?$/i;
const NOT_A_NAME = /\b(read|more|about|contact|email|linkedin|twitter|github|view|profile|learn|get|started|sign|log|home|our|the|and|with|for|all|open|roles?|jobs?|careers?|join)\b/i;

/** Two to four words of letters, not an organisation's or a button's words. */
export function looksLikePersonName(text: string): boolean {
  const name = text.replace(/\s+/g, ' ').trim();
  if (!name || name.length > 60 || /[@\d:/|]/.test(name) || !/^[\p{L}'’.\- ]+$/u.test(name)) return false;
  if (ORGANISATION_WORDS.test(name) || NOT_A_NAME.test(name)) return false;
  // Every word capitalised, as names are written (particles such as "van", "de" excepted).
  const words = name.split(' ');
  if (!words.every((word) => /^\p{Lu}/u.test(word) || /^(van|von|de|der|den|da|di|du|del|la|le|bin|al)$/i.test(word))) return false;
  return nameParts(name) !== null;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A short role line: a job title, not a sentence. */
function roleOf(text: string | null | undefined): string | null {
  const role = clean(text);
  if (role.length < 2 || role.length > 80 || /[@<>]|https?:/.test(role) || role.split(' ').length > 10) return null;
  return role;
}

function emailOf(value: string | null | undefined): string | null {
  const raw = clean(value).replace(/^mailto:/i, '');
  if (!raw) return null;
  return raw.includes('?') || raw.includes(',') ? (parseMailto(`mailto:${raw}`).map(cleanAddress).find(Boolean) ?? null) : cleanAddress(raw);
}

function profileOf(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    return socialProfile(new URL(href.trim(), base).href, { allowPeople: true });
  } catch {
    return null;
  }
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null);

/** schema.org Person nodes of one JSON-LD block, at any depth. */
export function jsonLdPeople(source: string, base: string): PagePerson[] {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return [];
  }
  const people: PagePerson[] = [];
  for (const record of objectsIn(data)) {
    const types = ([] as unknown[]).concat(record['@type'] ?? []).map(String);
    const name = textOf(record.name);
    if (!types.some((type) => /(^|\/)Person$/.test(type)) || !name || !looksLikePersonName(name)) continue;
    const links = ([] as unknown[]).concat(record.sameAs ?? [], record.url ?? []).filter((link): link is string => typeof link === 'string');
    people.push({
      name: clean(name),
      role: roleOf(textOf(record.jobTitle)),
      email: emailOf(textOf(record.email)),
      profile: links.map((link) => profileOf(link, base)).find(Boolean) ?? null,
      source: 'schema_person',
    });
  }
  return people;
}

function microdataPeople(document: Document, base: string): PagePerson[] {
  const people: PagePerson[] = [];
  for (const scope of document.querySelectorAll('[itemscope][itemtype*="schema.org/Person"]')) {
    const prop = (name: string) => scope.querySelector(`[itemprop="${name}"]`);
    const name = clean(prop('name')?.getAttribute('content') ?? prop('name')?.textContent);
    if (!looksLikePersonName(name)) continue;
    const email = prop('email');
    const link = [...scope.querySelectorAll('[itemprop="sameAs"], [itemprop="url"], a[href]')].map((element) => profileOf(element.getAttribute('href') ?? element.getAttribute('content'), base)).find(Boolean) ?? null;
    people.push({ name, role: roleOf(prop('jobTitle')?.getAttribute('content') ?? prop('jobTitle')?.textContent), email: emailOf(email?.getAttribute('href') ?? email?.getAttribute('content') ?? email?.textContent), profile: link, source: 'schema_person' });
  }
  return people;
}

function vcardPeople(document: Document, base: string): PagePerson[] {
  const people: PagePerson[] = [];
  for (const card of document.querySelectorAll('.vcard, .h-card')) {
    const name = clean(card.querySelector('.fn, .p-name')?.textContent);
    if (!looksLikePersonName(name)) continue;
    const email = card.querySelector('.email, .u-email');
    const profile = [...card.querySelectorAll('a.url, a.u-url, a[href]')].map((anchor) => profileOf(anchor.getAttribute('href'), base)).find(Boolean) ?? null;
    people.push({
      name,
      role: roleOf(card.querySelector('.title, .role, .p-job-title, .p-role')?.textContent),
      email: emailOf(email?.getAttribute('href') ?? email?.textContent),
      profile,
      source: 'vcard',
    });
  }
  return people;
}

const NAME_ELEMENTS = 'h2, h3, h4, h5, h6, strong, b, [class*="name"]';
const ROLE_ELEMENTS = 'p, span, small, em, div, h4, h5, h6, [class*="title"], [class*="role"], [class*="position"]';

/** The largest ancestor (at most four levels up) that holds this name element and no other. */
function cardOf(element: Element, names: Set<Element>): Element | null {
  let card: Element | null = null;
  let node = element.parentElement;
  for (let depth = 0; node && depth < 4 && node.tagName !== 'BODY' && node.tagName !== 'MAIN'; depth++, node = node.parentElement) {
    const holds = [...node.querySelectorAll(NAME_ELEMENTS)].filter((candidate) => names.has(candidate));
    if (holds.length > 1) break;
    card = node;
  }
  return card;
}

function teamCardPeople(document: Document, base: string): PagePerson[] {
  const named = [...document.querySelectorAll(NAME_ELEMENTS)].filter((element) => looksLikePersonName(element.textContent ?? '') && !element.closest('a, nav, footer, header'));
  // <h3><strong>Ada Lovelace</strong></h3>: the innermost element is the name.
  const candidates = named.filter((element) => !named.some((other) => other !== element && element.contains(other)));
  const names = new Set(candidates);
  const people: PagePerson[] = [];
  for (const element of candidates) {
    const card = cardOf(element, names);
    if (!card) continue;
    const name = clean(element.textContent);
    const mailtos = [...card.querySelectorAll('a[href^="mailto:" i]')];
    const email = mailtos.length === 1 ? emailOf(mailtos[0].getAttribute('href')) : null;
    const profile = [...card.querySelectorAll('a[href]')].map((anchor) => profileOf(anchor.getAttribute('href'), base)).find(Boolean) ?? null;
    const roleElement = [...card.querySelectorAll(ROLE_ELEMENTS)].find((candidate) => candidate !== element && !candidate.contains(element) && !element.contains(candidate) && !candidate.closest('a') && !candidate.querySelector('a, h1, h2, h3, p, div') && clean(candidate.textContent) !== name);
    const role = roleOf(roleElement?.textContent);
    if (role || email || profile) people.push({ name, role, email, profile, source: 'team_card' });
  }
  // One name beside a line of text is a heading, not a team: a team page shows at least two.
  return people.length >= 2 ? people : [];
}

function bylinePeople(document: Document): PagePerson[] {
  const names: string[] = [];
  for (const meta of document.querySelectorAll('meta[name="author" i]')) names.push(meta.getAttribute('content') ?? '');
  for (const element of document.querySelectorAll('a[rel~="author"], [itemprop="author"]')) names.push(element.querySelector('[itemprop="name"]')?.textContent ?? element.getAttribute('content') ?? element.textContent ?? '');
  for (const element of document.querySelectorAll('.byline, .author, [class*="author-name"]')) names.push(clean(element.textContent).replace(/^by\s+/i, ''));
  return names.map(clean).filter(looksLikePersonName).map((name) => ({ name, role: null, email: null, profile: null, source: 'byline' as const }));
}

/** Every person of one page, one entry per name (the richest source first, its gaps filled by the others). */
export function readPeople(document: Document, base: string, { teamPage = false, mailtoPeople = [] as { name: string; email: string }[] } = {}): PagePerson[] {
  const found: PagePerson[] = [
    ...[...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => jsonLdPeople(script.textContent ?? '', base)),
    ...microdataPeople(document, base),
    ...vcardPeople(document, base),
    ...(teamPage ? teamCardPeople(document, base) : []),
    ...mailtoPeople.map(({ name, email }) => ({ name, role: null, email, profile: null, source: 'mailto' as const })),
    ...bylinePeople(document),
  ];
  return mergePeople(found);
}

const nameKey = (name: string) => name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]+/g, ' ').trim();

/** One entry per name: the highest-priority source's entry, with null fields filled from the others. */
export function mergePeople<T extends PagePerson>(people: T[]): T[] {
  const sorted = [...people].sort((a, b) => PRIORITY.indexOf(a.source) - PRIORITY.indexOf(b.source));
  const byName = new Map<string, T>();
  for (const person of sorted) {
    const key = nameKey(person.name);
    const kept = byName.get(key);
    if (!kept) byName.set(key, { ...person });
    else {
      kept.role ??= person.role;
      kept.email ??= person.email;
      kept.profile ??= person.profile;
    }
  }
  // Document order of first appearance, not the priority order.
  const first = new Map<string, number>();
  people.forEach((person, index) => {
    const key = nameKey(person.name);
    if (!first.has(key)) first.set(key, index);
  });
  return [...byName.values()].sort((a, b) => first.get(nameKey(a.name))! - first.get(nameKey(b.name))!);
}
