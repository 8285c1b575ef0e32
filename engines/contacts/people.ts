/**
 * The people of the site's own organisation a page names, each with what the page ties to them: a
 * role, an address, a profile. A person needs markup or page structure that ties them to the site
 * (the spec's ContactsResult.people):
 * - schema.org Person in JSON-LD: founder, employee or member of the page's own Organization, with
 *   worksFor or affiliation naming it, the author, creator or editor of the page's article, or the
 *   main entity of a profile or about page;
 * - schema.org Person in microdata or RDFa: the same relations, or a card of its own whose profile
 *   is a page of the site (a staff page), not a user profile;
 * - hCard / h-card of the article's author, on a team page or section, or stating a title or an
 *   address on the site's domain;
 * - team cards on team and about pages, or under a heading such as "Our team", "Leadership",
 *   "Our staff", "Get in touch with our team": at least two cards, each a name heading with a job
 *   title, an address or a personal profile of its own beside it, or staff tables and name/title
 *   term lists (testimonials, quotes and titles at another organisation are not cards);
 * - authors the markup declares (authors.ts: author metas, theme author elements, author archive
 *   links, a menu's list of the site's writers), JSON-LD authors written as names, "By …" bylines,
 *   credits ("Tested by", "Contributors:", "… Jane Doe reports.") and author boxes; a personal site's
 *   owner declared as its article's author;
 * - a mailto link on the site's domain whose text or card heading is a name the address spells.
 * Never a person: anyone in a comment, review, testimonial, answer, question or forum post, on a
 * discussion page (forum or Q&A software, schema.org DiscussionForumPosting or QAPage), in a list
 * of other organisations, a user profile of the site (/members/, /users/), or a name that is an
 * organisation's the page states or that the site's domain spells (unless a node typed Person and
 * Organization says the site is the person's), a wire service's writer, a guest titled by a public office
 * ("Sen. Jane Doe"), a product's maker ("By Acme Designs" over a price), or a person of a work the page
 * reviews or lists. What a name looks like is names.ts'. The role is the markup's (jobTitle, the team card's role line, founder for a
 * founder), else a title written beside the name ("Jane Doe, Co-founder & CEO"); a field the page
 * does not tie to the person is null.
 */
import { markupTypes } from '../company/markup.ts';
import { linkedNodes, metaTags, ORGANIZATION_TYPE, ownOrganization, siteDomain, type LinkedNode } from '../company/organization.ts';
import { cleanAddress, decodeCfEmail, parseMailto, ROLE_LOCALS, sameDomain } from './emails.ts';
import { archiveAuthors, elementAuthors, introducedWriters, listedNames, metaAuthors, writerLists, type AuthorScope } from './authors.ts';
import {
  clean,
  DEGREE,
  JOB_WORDS,
  looksLikeHangulName,
  looksLikePersonName,
  nameOf,
  ORGANISATION_WORDS,
  PUBLIC_OFFICE,
  roleOf,
  titled,
  WIRE,
} from './names.ts';
import { nameParts, templatesFor } from './pattern.ts';
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

/** What surrounds the people of a page: whose site it is and what kind of page it is. */
interface PageFrame {
  base: string;
  site: string;
  teamPage: boolean;
  /** A forum or Q&A page: its people are the site's users. */
  discussion: boolean;
  own: Record<string, unknown> | null;
  /** Compacted names of the organisations the page states (a byline "Condé Nast" is one). */
  organizations: Set<string>;
  /** The same names as written. */
  names: string[];
  /** Whether a wire service is the site itself (apnews.com, Reuters' own pages): by its domain or og:site_name, not by a publisher its markup names. */
  isAgency: (wire: string) => boolean;
  /** Whether the page's own text (not its markup) shows a name. */
  shows: (name: string) => boolean;
  /** Compacted titles of the page itself (its <title> and the title's first part, og:title, its h1s): a headline, no byline. */
  headlines: Set<string>;
}

// Letters and digits of any script: a Hangul or Cyrillic name must not compact to nothing.
const compactName = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Someone else's: people under these are commenters, reviewers, posters, authors of listed things. */
const THEIRS =
  /^(Comment|Review|Answer|Question|DiscussionForumPosting|SocialMediaPosting|UserComments|Book|Product|ProductModel|ItemList|ListItem|Event|Movie|Offer|EmployerAggregateRating|Quotation|Claim)$/;
const DISCUSSION = /^(DiscussionForumPosting|QAPage|Question|SocialMediaPosting)$/;
const WORK = /(Article|BlogPosting|Blog|Report|WebPage|CreativeWork|Recipe|HowTo|VideoObject|PodcastEpisode|Course|Guide|ScholarlyArticle)$/;
const PAGE_ENTITY = /^(ProfilePage|AboutPage|WebPage|ContactPage)$/;
const PAGE_SCOPE = /^(WebPage|WebSite|AboutPage|ProfilePage|ContactPage|CollectionPage|ItemPage|SearchResultsPage|MedicalWebPage)$/;
const STAFF_KEYS: Record<string, string | null> = {
  founder: 'Founder',
  founders: 'Founder',
  employee: null,
  employees: null,
  member: null,
  members: null,
  ceo: 'CEO',
};
const AUTHOR_KEYS = new Set(['author', 'creator', 'editor', 'contributor', 'reviewedBy', 'accountablePerson']);
/** Elements that open a schema.org item: microdata or RDFa. */
const SCOPES = '[itemscope][itemtype], [typeof]';
/** A site's user profiles, not staff pages. */
const USER_PROFILE = /\/(members?|users?|u|profiles?|community|forums?|account)\//i;
/** Containers of what others wrote about or to the site. */
const OTHERS_CONTAINER =
  '[class*="comment" i], [id*="comment" i], [class*="review" i], [id*="review" i], [class*="testimonial" i], [id*="testimonial" i], [class*="quote" i], blockquote, [itemtype*="Comment"], [itemtype*="Review"], [itemtype*="Answer"], [itemtype*="Question"], [class*="answer" i], [class*="reply" i], [class*="message" i]';

/**
 * Inside someone else's container. A page-wide element (<body class="… f_avoid_index_replies_on …">, a
 * theme's feature flags) is no container: its classes speak of the page, not of a part of it.
 */
const inOthers = (element: Element) => {
  const container = element.closest(OTHERS_CONTAINER);
  return !!container && !/^(?:HTML|BODY|MAIN)$/.test(container.tagName);
};

const onSite = (href: string | null | undefined, frame: PageFrame) => {
  if (!href) return false;
  try {
    const url = new URL(href, frame.base);
    return siteDomain(url.hostname) === frame.site && !USER_PROFILE.test(url.pathname);
  } catch {
    return false;
  }
};

/** An organisation value (inline node, @id reference or name) that is the page's own. */
function isOwnOrganization(value: unknown, frame: PageFrame): boolean {
  for (const item of ([] as unknown[]).concat(value ?? [])) {
    if (!item) continue;
    if (typeof item === 'string') {
      if (frame.organizations.has(compactName(item))) return true;
      continue;
    }
    if (typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    if (record === frame.own) return true;
    if (frame.own?.['@id'] && record['@id'] === frame.own['@id']) return true;
    const name = textOf(record.name);
    if (name && frame.own && textOf(frame.own.name) && compactName(name) === compactName(textOf(frame.own.name)!)) return true;
    if (typeof record.url === 'string' && onSite(record.url, frame)) return true;
  }
  return false;
}

/** Whether one place a JSON-LD Person stands ties it to the site ('ours'), to someone else ('theirs'), or neither. */
function tieOf(entry: LinkedNode, frame: PageFrame): { tie: 'ours' | 'theirs' | null; role: string | null; authorship?: boolean } {
  if (entry.above.some((types) => types.some((type) => THEIRS.test(type)))) return { tie: 'theirs', role: null };
  const key = entry.keys[entry.keys.length - 1];
  const parentTypes = entry.above[entry.above.length - 1] ?? [];
  if (key && key in STAFF_KEYS && parentTypes.some((type) => ORGANIZATION_TYPE.test(type))) {
    return isOwnOrganization(entry.parent, frame) ? { tie: 'ours', role: STAFF_KEYS[key] } : { tie: 'theirs', role: null };
  }
  if (key && AUTHOR_KEYS.has(key) && parentTypes.some((type) => WORK.test(type))) return { tie: 'ours', role: null, authorship: true };
  if ((key === 'mainEntity' || key === 'about') && parentTypes.some((type) => PAGE_ENTITY.test(type))) return { tie: 'ours', role: null };
  return { tie: null, role: null };
}

/** schema.org Person nodes of the page's JSON-LD that the markup ties to the site's organisation. */
function jsonLdPeople(nodes: LinkedNode[], frame: PageFrame): PagePerson[] {
  // {"@id": ...} stubs stand where a Person described elsewhere in the graph is referenced.
  const references = new Map<string, LinkedNode[]>();
  for (const entry of nodes) {
    const id = entry.node['@id'];
    if (typeof id === 'string' && !entry.types.length) references.set(id, [...(references.get(id) ?? []), entry]);
  }
  const people: PagePerson[] = [];
  for (const entry of nodes) {
    if (!entry.types.some((type) => /(^|\/)Person$/i.test(type))) continue;
    const record = entry.node;
    const name = nameOf(textOf(record.name));
    if (!looksLikePersonName(name)) continue;
    const id = record['@id'];
    const places = [entry, ...(typeof id === 'string' ? (references.get(id) ?? []) : [])];
    const ties = places.map((place) => tieOf(place, frame));
    const employer = record.worksFor ?? record.affiliation;
    let ours = ties.some(({ tie }) => tie === 'ours');
    // Named only as the article's author and nowhere in the page's text: the CMS account that posted it.
    if (ours && !employer && ties.every(({ tie, authorship }) => tie !== 'ours' || authorship) && !frame.shows(name)) ours = false;
    if (employer) ours = isOwnOrganization(employer, frame);
    else if (!ours && !ties.some(({ tie }) => tie === 'theirs') && !entry.keys.length) ours = frame.teamPage;
    if (!ours) continue;
    const links = ([] as unknown[]).concat(record.sameAs ?? [], record.url ?? []).filter((link): link is string => typeof link === 'string');
    people.push({
      name,
      role: roleOf(textOf(record.jobTitle)) ?? ties.find(({ role }) => role)?.role ?? null,
      email: emailOf(textOf(record.email)),
      profile: links.map((link) => profileOf(link, frame.base)).find(Boolean) ?? null,
      source: 'schema_person',
    });
  }
  return people;
}

/** A JSON-LD article's authors written as plain names ("author": ["Jane Doe", "John Roe"]) that the page's text shows. */
function jsonLdNamedAuthors(nodes: LinkedNode[], frame: PageFrame): PagePerson[] {
  const people: PagePerson[] = [];
  for (const { types, above, node } of nodes) {
    if (!types.some((type) => WORK.test(type)) || [types, ...above].some((scope) => scope.some((type) => THEIRS.test(type)))) continue;
    for (const key of AUTHOR_KEYS) {
      const names = ([] as unknown[]).concat(node[key] ?? []).filter((value): value is string => typeof value === 'string');
      for (const name of names.flatMap((value) => listedNames(value, frame.isAgency)).filter(frame.shows))
        people.push({ name, role: null, email: null, profile: null, source: 'byline' });
    }
  }
  return people;
}

const inTeam = (element: Element, teams: Element[]) => teams.some((team) => team.contains(element));

function microdataPeople(document: Document, frame: PageFrame, teams: Element[]): PagePerson[] {
  const people: PagePerson[] = [];
  // Microdata (itemscope, itemprop) or RDFa (typeof, property).
  for (const scope of [...document.querySelectorAll(SCOPES)].filter((element) => markupTypes(element).includes('Person'))) {
    const prop = (name: string) =>
      [...scope.querySelectorAll(`[itemprop~="${name}"], [property~="${name}"], [property~="schema:${name}"]`)].find(
        (element) => element.parentElement?.closest(SCOPES) === scope || element.closest(SCOPES) === scope,
      );
    const name = nameOf(prop('name')?.getAttribute('content') ?? prop('name')?.textContent);
    if (!looksLikePersonName(name)) continue;
    // The page's own scope (<body itemscope itemtype=WebPage>) holds everything: it is no relation.
    const scopes: Element[] = [];
    for (let parent = scope.parentElement?.closest(SCOPES); parent; parent = parent.parentElement?.closest(SCOPES))
      if (!markupTypes(parent).some((type) => PAGE_SCOPE.test(type))) scopes.push(parent);
    if (scopes.some((parent) => markupTypes(parent).some((type) => THEIRS.test(type))) || inOthers(scope)) continue;
    const relation = `${scope.getAttribute('itemprop') ?? ''} ${scope.getAttribute('property') ?? ''}`.split(/\s+/).map((key) => key.replace(/^schema:/, ''));
    const parentTypes = scopes[0] ? markupTypes(scopes[0]) : [];
    const url =
      prop('url')?.getAttribute('content') ??
      prop('url')?.getAttribute('href') ??
      scope.getAttribute('href') ??
      scope.querySelector('a[href]')?.getAttribute('href');
    const ours =
      inTeam(scope, teams) ||
      (relation.some((key) => key in STAFF_KEYS) && parentTypes.some((type) => ORGANIZATION_TYPE.test(type))) ||
      (relation.some((key) => AUTHOR_KEYS.has(key)) && parentTypes.some((type) => WORK.test(type))) ||
      (!frame.discussion && !scopes.length && onSite(url, frame));
    if (!ours) continue;
    const email = prop('email');
    const link =
      [...scope.querySelectorAll('[itemprop="sameAs"], [itemprop="url"], a[href]')]
        .map((element) => profileOf(element.getAttribute('href') ?? element.getAttribute('content'), frame.base))
        .find(Boolean) ?? null;
    const founder = relation.some((key) => key === 'founder' || key === 'founders') ? 'Founder' : null;
    people.push({
      name,
      role: roleOf(prop('jobTitle')?.getAttribute('content') ?? prop('jobTitle')?.textContent) ?? founder,
      email: emailOf(email?.getAttribute('href') ?? email?.getAttribute('content') ?? email?.textContent),
      profile: link,
      source: 'schema_person',
    });
  }
  return people;
}

/** hCards of the article's author (an author or byline element) or of a team; never a commenter's. */
function vcardPeople(document: Document, frame: PageFrame, teams: Element[]): PagePerson[] {
  const people: PagePerson[] = [];
  for (const card of document.querySelectorAll('.vcard, .h-card')) {
    if (inOthers(card) || (frame.discussion && !inTeam(card, teams))) continue;
    const name = nameOf(card.querySelector('.fn, .p-name')?.textContent);
    if (!looksLikePersonName(name)) continue;
    const emailElement = card.querySelector('.email, .u-email');
    const email = emailOf(emailElement?.getAttribute('href') ?? emailElement?.textContent);
    const role = roleOf(card.querySelector('.title, .role, .p-job-title, .p-role')?.textContent);
    // The article's author, a team's member, or a card of the site's own stating a title or an address on its domain.
    const authored = !!card.closest('[class*="author" i], [class*="byline" i], [rel~="author"], [class*="entry-meta" i], [class*="post-meta" i]');
    if (!inTeam(card, teams) && !authored && !role && !(email && sameDomain(email, frame.site))) continue;
    const profile =
      [...card.querySelectorAll('a.url, a.u-url, a[href]')].map((anchor) => profileOf(anchor.getAttribute('href'), frame.base)).find(Boolean) ?? null;
    people.push({ name, role, email, profile, source: 'vcard' });
  }
  return people;
}

const NAME_ELEMENTS = 'h2, h3, h4, h5, h6, strong, b, [class*="name"], [class*="title"]';
const ROLE_ELEMENTS = 'p, span, small, em, div, h4, h5, h6, [class*="title"], [class*="role"], [class*="position"]';
const TEAM_ID = /^(?:our-?)?(?:team|staff|leadership|people|management|founders|staff-?list|team-?members)$/i;
const TEAM_HEADING =
  /^\s*(?:(?:meet|about)\s+)?(?:(?:our|the)\s+)?(?:team|staff|people|leadership(?:\s+team)?|management(?:\s+team)?|executive\s+team|founders?|founding\s+team|partners|board(?:\s+of\s+directors)?|editorial\s+team|editors|experts?|key\s+contacts|contacts|contact(?:\s+us)?|get\s+in\s+touch)\s*[.:!]?\s*$/i;
/** A short heading that speaks of the site's own people: "Get in touch with our team", "Meet our doctors", "Contact our staff". */
const OWN_PEOPLE_HEADING =
  /^(?:[\p{L}'’-]+\s+){0,4}(?:our|the|my)\s+(?:[\p{L}-]+\s+)?(?:team|staff|people|leadership|founders|partners|board|directors|trustees|experts|doctors|physicians|dentists|attorneys|lawyers|agents|advisors|advisers|consultants|specialists|editors|contacts|faculty|coaches|instructors)\s*[.:!]?$/iu;

/** The parts of a page that are a team: the whole page on a team or about page, else what follows a heading such as "Our team". */
function teamRoots(document: Document, frame: PageFrame): Element[] {
  if (frame.teamPage) return document.body ? [document.body] : [];
  const roots: Element[] = [...document.querySelectorAll('[id]')].filter((element) => TEAM_ID.test(element.id));
  for (const heading of document.querySelectorAll('h1, h2, h3, h4')) {
    const text = clean(heading.textContent);
    if (!(TEAM_HEADING.test(text) || OWN_PEOPLE_HEADING.test(text)) || heading.closest('nav, footer, a')) continue;
    // The smallest ancestor holding the heading and at least two other name elements.
    let root: Element | null = heading.parentElement;
    for (let depth = 0; root && depth < 5 && root.tagName !== 'BODY'; depth++, root = root.parentElement) {
      const names = [...root.querySelectorAll(NAME_ELEMENTS)].filter(
        (element) => element !== heading && !element.contains(heading) && looksLikePersonName(element.textContent ?? ''),
      );
      if (names.length >= 2) {
        roots.push(root);
        break;
      }
    }
  }
  return roots;
}

/** The largest ancestor (at most four levels up, within the team) that holds this name element and no other. */
function cardOf(element: Element, names: Set<Element>, team: Element): Element | null {
  let card: Element | null = null;
  let node = element.parentElement;
  for (let depth = 0; node && depth < 4 && node !== team && node.tagName !== 'BODY' && node.tagName !== 'MAIN'; depth++, node = node.parentElement) {
    const holds = [...node.querySelectorAll(NAME_ELEMENTS)].filter((candidate) => names.has(candidate));
    if (holds.length > 1) break;
    card = node;
  }
  return card;
}

/**
 * A card written flat, its parts siblings of the names (<h2>Jane Doe</h2><p>Building Clerk<br><a
 * href=mailto:…>Email</a></p><h2>John Roe</h2>…): the name with the siblings after it up to the next
 * name, at most three, as one detached card; null when nothing follows the name.
 */
function siblingCard(element: Element, names: Set<Element>): Element | null {
  const parts: Element[] = [];
  for (let next = element.nextElementSibling; next && parts.length < 3; next = next.nextElementSibling) {
    if (names.has(next) || [...names].some((name) => next!.contains(name))) break;
    parts.push(next);
  }
  if (!parts.length) return null;
  const card = element.ownerDocument.createElement('div');
  for (const part of [element, ...parts]) card.appendChild(part.cloneNode(true));
  return card;
}

function cardEmail(card: Element): string | null {
  const mailtos = [...card.querySelectorAll('a[href^="mailto:" i]')];
  if (mailtos.length === 1) return emailOf(mailtos[0].getAttribute('href'));
  const protectedLinks = [...card.querySelectorAll('a[href*="/cdn-cgi/l/email-protection#"]')];
  if (protectedLinks.length !== 1) return null;
  const hex = (protectedLinks[0].getAttribute('href') ?? '').split('#')[1] ?? '';
  return emailOf(decodeCfEmail(hex));
}

/** An element's own words without its links: "Lettings Manager" of "Lettings Manager<br><a href=mailto:…>naomi@…</a>". */
function textBesideLinks(element: Element): string {
  return clean(
    [...element.childNodes]
      .filter((node) => !(node.nodeType === 1 && (node as Element).tagName === 'A'))
      .map((node) => node.textContent ?? '')
      .join(' '),
  );
}

/** A quotation in a card: the card is a testimonial, its person a client. */
const QUOTATION = /[“"„«][^”"»]{12,}[”"»]/;
/** A title written after the name in the same line: "Jan de Vries — Managing Partner", "Ana Lind | Associate", "Kofi Boateng, Paralegal". */
const TITLE_AFTER_NAME = /^\s*(?:—|–|-|\||,|:)\s*(.+)$/;

/** Whether a title says the person works for another organisation ("CTO at Pillarworks"). */
function atOtherOrganisation(role: string, frame: PageFrame): boolean {
  const at = /\s(?:at|@)\s+(.+)$/.exec(role);
  return !!at && !ownMention(at[1], frame) && !ownName(at[1], frame);
}

function teamCardPeople(team: Element, frame: PageFrame): PagePerson[] {
  const named = [...team.querySelectorAll(NAME_ELEMENTS)].filter(
    (element) =>
      looksLikePersonName(element.textContent ?? '') &&
      !element.closest('nav, footer, header') &&
      !inOthers(element) &&
      (!element.closest('a') || (element.closest('a')!.contains(element) && onSite(element.closest('a')!.getAttribute('href'), frame))),
  );
  // <h3><strong>Ada Lovelace</strong></h3>: the innermost element is the name.
  const candidates = named.filter((element) => !named.some((other) => other !== element && element.contains(other)));
  const names = new Set(candidates);
  const people: PagePerson[] = [];
  for (const element of candidates) {
    const card = cardOf(element, names, team) ?? siblingCard(element, names);
    if (!card) continue;
    const name = clean(element.textContent);
    const words = clean(card.textContent);
    if (QUOTATION.test(words) || card.querySelector('q, blockquote')) continue;
    const email = cardEmail(card);
    const profile = [...card.querySelectorAll('a[href]')].map((anchor) => profileOf(anchor.getAttribute('href'), frame.base)).find(Boolean) ?? null;
    const roleElement = [...card.querySelectorAll(ROLE_ELEMENTS)].find(
      (candidate) =>
        candidate !== element &&
        !candidate.contains(element) &&
        !element.contains(candidate) &&
        !candidate.closest('a') &&
        !candidate.querySelector('h1, h2, h3, p, div') &&
        !!textBesideLinks(candidate) &&
        textBesideLinks(candidate) !== name,
    );
    // A feature card ("Sustainably Sourced — Quality & transparency") has a line, not a job title.
    const role = roleOf(roleElement && textBesideLinks(roleElement));
    const after = TITLE_AFTER_NAME.exec(words.slice(words.indexOf(name) + name.length))?.[1];
    const title = (role && JOB_WORDS.test(role) ? role : null) ?? titled(after);
    if (title && atOtherOrganisation(title, frame)) continue;
    // An address alone ties a card to the site only on the site's domain: a reseller's or a partner's card gives its own.
    if (title || (email && sameDomain(email, frame.site)) || profile) people.push({ name, role: title, email, profile, source: 'team_card' });
  }
  // One name beside a line of text is a heading, not a team: a team shows at least two.
  return people.length >= 2 ? people : [];
}

/** A team written as a table (a row's name cell beside its title or address cells) or a list of terms (<dt>name</dt><dd>title</dd>). */
function tablePeople(team: Element, frame: PageFrame): PagePerson[] {
  const people: PagePerson[] = [];
  for (const row of team.querySelectorAll('tr')) {
    if (people.length >= 100) break;
    if (inOthers(row) || row.closest('nav, footer')) continue;
    const cells = [...row.children].filter((cell) => /^T[DH]$/.test(cell.tagName)).map((cell) => nameOf(cell.textContent));
    const index = cells.findIndex(looksLikePersonName);
    if (index < 0) continue;
    const role = cells.map((cell, at) => (at === index ? null : titled(cell))).find(Boolean) ?? null;
    const email = cardEmail(row);
    if ((role && !atOtherOrganisation(role, frame)) || email) people.push({ name: cells[index], role, email, profile: null, source: 'team_card' });
  }
  for (const term of team.querySelectorAll('dt')) {
    const name = nameOf(term.textContent);
    const next = term.nextElementSibling;
    const role = next?.tagName === 'DD' ? titled(clean(next.textContent)) : null;
    if (looksLikePersonName(name) && role && !atOtherOrganisation(role, frame) && !inOthers(term))
      people.push({ name, role, email: null, profile: null, source: 'team_card' });
  }
  return people.length >= 2 ? people : [];
}

/** Inside a schema.org item of someone else (a book, a product, a review...) in microdata. */
function theirsInMicrodata(element: Element): boolean {
  for (let scope = element.closest(SCOPES); scope; scope = scope.parentElement?.closest(SCOPES) ?? null)
    if (scope !== element && markupTypes(scope).some((type) => THEIRS.test(type))) return true;
  return false;
}

/** Bylines and author boxes of the site's own articles as the markup declares them (never in comments, reviews or a discussion). */
function bylinePeople(document: Document, frame: PageFrame): PagePerson[] {
  const scope: AuthorScope = {
    shows: frame.shows,
    own: frame.isAgency,
    theirs: (element) => inOthers(element) || inListedWork(element),
    sitePath: (href) => (onSite(href, frame) ? new URL(href!, frame.base).pathname : null),
  };
  return [
    ...metaAuthors(document, scope),
    ...elementAuthors(document, scope),
    ...archiveAuthors(document, scope),
    ...writerLists(document, scope),
    ...introducedWriters(document, scope),
  ].map(({ name, role }) => ({
    name,
    role,
    email: null,
    profile: null,
    source: 'byline',
  }));
}

/** Elements whose text is one line of the page: nothing block-level inside. */
const LINE_ELEMENTS =
  'p, div, section, article, aside, li, span, h1, h2, h3, h4, h5, h6, td, dd, dt, figcaption, address, cite, small, strong, em, a, time, header';
const BLOCK_CHILD = /^(P|DIV|LI|UL|OL|H[1-6]|TABLE|SECTION|ARTICLE|HEADER|FOOTER|ASIDE|ADDRESS|FIGURE|BLOCKQUOTE|FORM|NAV|MAIN|DL|DD|DT|BR)$/;
/** Where a line is not the site's own voice about its own people: navigation, footers, listed works. */
const NOT_OWN_LINE = 'nav, footer, script, style, noscript, template, select';
/** Classes of a listed work's card ("book-list", "product-card"): its author is the work's, not the site's. */
const LISTED_WORK = /(?:^|[\s_-])(?:books?|products?|titles-list|bibliography)(?:[\s_-]|$)/i;
/** A post's taxonomy classes ("category-kit-reviews", "tag-book" of WordPress' post_class): the post's subjects, not a review or a listed work. */
const TAXONOMY_CLASS = /^(?:category|tag)-/i;

/** The page without its posts' taxonomy classes, which would read a review site's own article as someone else's review. */
function dropTaxonomyClasses(document: Document): void {
  for (const element of document.querySelectorAll('[class*="category-" i], [class*="tag-" i]')) {
    const names = (element.getAttribute('class') ?? '').split(/\s+/);
    const kept = names.filter((name) => !TAXONOMY_CLASS.test(name));
    if (kept.length < names.length) element.setAttribute('class', kept.join(' '));
  }
}

/** Inside a listed work: a card of a book or a product (by class or microdata). */
function inListedWork(element: Element): boolean {
  if (theirsInMicrodata(element)) return true;
  for (let node: Element | null = element; node && node.tagName !== 'BODY'; node = node.parentElement)
    if (LISTED_WORK.test(node.getAttribute('class') ?? '')) return true;
  return false;
}
/** A line that is only the byline's word: the name is the next line ("By" / "Jane Doe"). */
const BY_ALONE =
  /^(?:(?:written|words|updated|researched|edited|reviewed|tested|fact[- ]checked|medically\s+reviewed|authored|compiled|reported|(?:additional\s+)?reporting|(?:additional\s+)?contributions?|article|post|story|recipe)\s+by|by|authors?|author:|contributors?|von|par|por|door|di|autor|auteur|autore|текст:|автор:)\s*:?$/i;
/** A byline written out: "By Jane Doe", "Updated by: Jane Doe", "Researched by A + B", "By: Jane Doe (jane@site.com)". */
const BY_LINE =
  /^(?:(?:written|updated|researched|edited|reviewed|tested|fact[- ]checked|medically\s+reviewed|authored|compiled|reported|curated|words|story|text|posted|(?:additional\s+)?reporting|(?:additional\s+)?contributions?|interviews?|produced|translated|article|post|recipe)\s+)?(?:by|von|par|por|door|di|av|af)\s*:?\s+(.{3,140})$|^(?:authors?|contributors?|writers?|text|texte|testo|texto|tekst|текст|автор|авторы|autor(?:in|en)?|auteurs?|autore|autori)\s*:\s+(.{3,140})$/iu;
/** A broadcast story's credit closing its summary, a sentence of its own: "… on campus. Jane Doe reports.", "… Jane Doe has the story." */
const REPORTS = /[.!?]\s+(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){1,3})\s+(?:reports|has\s+the\s+story|has\s+more)\.$/u;
/** A credit inside a sentence: "This story was edited by Jane Doe." */
const CREDIT_IN_SENTENCE =
  /\b(?:was|were|has\s+been|have\s+been)\s+(?:written|edited|reported|produced|reviewed|fact[- ]checked|updated|compiled)\s+by\s+([^.;:!?]{3,120})/gi;
/** A closing credit: "Associated Press writers Jane Doe, John Roe and Ann Poe contributed to this report." (the writers' organisation, then their names). */
const CONTRIBUTED =
  /(?:^|[.!?]\s+)((?:\p{Lu}[\p{L}&.-]*\s+){0,3})(?:staff\s+)?(?:writers?|reporters?|correspondents?)\s+([^.;:!?]{3,200}?)\s+contributed\s+to\s+this\s+(?:report|story|article)\b/u;
/** "Acme's head grower Jane Doe": a title the site's organisation gives the name after it. */
const OWN_TITLE_NAME = new RegExp(
  // The lookbehind starts a match only at a word's start: a long word is not rescanned from each of its letters.
  String.raw`(?<![\p{L}\d&.'’-])((?:\p{Lu}[\p{L}&.-]*\s+){0,3}\p{Lu}[\p{L}&.-]*)['’]s\s+((?:[\p{Ll}-]+\s+){0,3}[\p{Ll}-]+)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2})`,
  'gu',
);
/** A heading over an author box. */
const AUTHOR_HEADING =
  /^(?:about\s+)?the\s+authors?$|^about\s+(?:the\s+|our\s+|this\s+)?(?:authors?|writers?|experts?|contributors?|reviewers?)$|^über\s+(?:den|die)\s+autor(?:in)?$|^à\s+propos\s+de\s+l['’]auteur$|^sobre\s+(?:el|o|a)\s+autor(?:a)?$|^l['’]autore$|^over\s+de\s+auteur$/i;
/** A signature or an attribution: "— Jane Doe, Senior Editor", "Jane Doe, CEO, Acme". */
const SIGNED = /^([—–-]\s*)?([^,()]{3,60}),\s*([^,()]{2,60})(?:,\s*([^,()]{2,60}))?$/;
/** Where a byline's names end: a date, a separator, a time, a further clause or the next field of a line of fields ("Tested by: Jane Doe RRP: £40"). */
const BYLINE_END =
  /\s*(?:\||•|·|—|–|\s-\s|\s\p{Lu}[\p{L}.]*:|\bon\s+(?:\p{Lu}|\d)|\bupdated\b|\bpublished\b|\bposted\b|\bin\s+\p{Lu}|\d{1,4}[/.-]\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d+\s+min|$)/iu;

const ROLE_TITLE = String.raw`(?:co-?founder|founder|owner|proprietor|chief\s+[a-z]+(?:\s+[a-z]+)?\s+officer|ceo|cto|cfo|coo|cmo|cio|cpo|cro|president|vice[\s-]president|vp|svp|evp|head\s+of|director|managing\s+(?:director|partner|editor)|partner|principal|chair(?:man|woman|person)?|editor(?:-in-chief|\s+in\s+chief)?|publisher|general\s+manager|writer|reporter|correspondent|columnist|journalist|contributor|producer|dietitian|nutritionist|instructor|professor)`;
/** Words qualifying a title written after a name ("Senior Editor", "Contributing Editor", "Health editor"): up to two, none a sentence's word. */
const ROLE_QUALIFIERS = String.raw`(?:(?!(?:and|the|our|a|an|who|with|is|was|has|at|in|of|for)\b)[A-Za-z-]+\s+){0,2}`;

function ownName(text: string, frame: PageFrame): boolean {
  const compact = compactName(text);
  return (
    !!compact &&
    (frame.organizations.has(compact) || compact === compactName(frame.site.split('.')[0]) || compact.startsWith(compactName(frame.site.split('.')[0])))
  );
}

/**
 * The site's organisation as running text names it: its name (ownName), its initials ("BHF" for
 * British Heart Foundation) or the first word of its name ("Quanta" for Quanta Magazine), possessive
 * or not ("Ascom's").
 */
function ownMention(text: string, frame: PageFrame): boolean {
  const bare = text.replace(/['’]s$/, '');
  if (ownName(bare, frame)) return true;
  const compact = compactName(bare);
  if (compact.length < 3) return false;
  for (const name of frame.names) {
    const words = name.split(/\s+/).filter((word) => /^[\p{L}\d]/u.test(word) && !/^(of|the|and|for|de|la)$/i.test(word));
    if (words.length >= 2 && words.map((word) => compactName(word)[0] ?? '').join('') === compact) return true;
    if (compact.length >= 5 && compactName(words[0] ?? '') === compact) return true;
  }
  return false;
}

/** One line of the page's own text: an element with nothing block-level inside, with whether it is in someone else's container. */
interface PageLine {
  text: string;
  others: boolean;
  /**
   * In a teaser: a link that holds a card of another page (its title, its dek, its byline), 'own' when
   * the page is the site's, 'away' when it is another site's (a partner outlet's story: its writers are
   * that outlet's); null outside one.
   */
  teaser: 'own' | 'away' | null;
  /** An item of a list of links (a menu of sections or shows, however it is classed). */
  listed: boolean;
}

/** A link holding a card: block content (a heading, a paragraph, a division) inside the link. */
const CARD_INSIDE = 'h1, h2, h3, h4, h5, h6, p, div, figure, article, time';

/** Whether an element is an item of a list of at least three items, each one link and nothing else. */
function inLinkList(element: Element, known: Map<Element, boolean>): boolean {
  const list = element.closest('li')?.parentElement;
  if (!list) return false;
  let listed = known.get(list);
  if (listed === undefined) {
    const items = [...list.children].filter((child) => child.tagName === 'LI');
    listed =
      items.length >= 3 &&
      items.every((li) => {
        const links = li.querySelectorAll('a');
        return links.length === 1 && clean(links[0].textContent) === clean(li.textContent);
      });
    known.set(list, listed);
  }
  return listed;
}

/** What is never shown as text: a script's or a style's source inside a line (a wrapper of a <script> of UI strings is no line of them). */
const CODE = 'script, style, template, noscript';

/** A node's text without the source of the scripts and styles inside it. */
function shownText(node: Node): string {
  if (node.nodeType !== 1 || !(node as Element).querySelector(CODE))
    return node.nodeType === 1 && (node as Element).matches(CODE) ? '' : (node.textContent ?? '');
  return [...node.childNodes].map(shownText).join('');
}

/** The page's lines in document order, navigation, footers and listed works left out. */
function pageLines(document: Document, away: (href: string) => boolean, { root = document.body as Element | null, skip = NOT_OWN_LINE } = {}): PageLine[] {
  const lines: PageLine[] = [];
  // Asked once per element: a parent of many inline children is asked by each of them. "br": its only
  // block children are line breaks (<p>by Jane Doe<br>Updated: …</p>), each piece between them a line.
  const kinds = new Map<Element, 'inline' | 'br' | 'block'>();
  const linkLists = new Map<Element, boolean>();
  const kindOf = (element: Element) => {
    let known = kinds.get(element);
    if (known === undefined) {
      const blocks = [...element.children].filter((child) => BLOCK_CHILD.test(child.tagName));
      known = !blocks.length ? 'inline' : blocks.every((child) => child.tagName === 'BR') ? 'br' : 'block';
      kinds.set(element, known);
    }
    return known;
  };
  for (const element of root?.querySelectorAll(LINE_ELEMENTS) ?? []) {
    const kind = kindOf(element);
    // A block with text of its own beside its blocks (<td>…<table>…</table>Jane Doe, Columnist<br>…</td>): its runs of inline text are lines too.
    if (kind === 'block' && ![...element.childNodes].some((node) => node.nodeType === 3 && /\p{L}/u.test(node.nodeValue ?? ''))) continue;
    // The outermost element of a line only (a <span> in a <p> is part of the <p>'s line).
    const parent = element.parentElement;
    if (parent && parent.matches(LINE_ELEMENTS) && kindOf(parent) !== 'block') continue;
    if (element.closest(skip) || inListedWork(element)) continue;
    const others = inOthers(element);
    const link = element.parentElement?.closest('a[href]');
    const card = link && link.querySelector(CARD_INSIDE) ? link : null;
    const teaser = card ? (away(card.getAttribute('href') ?? '') ? 'away' : 'own') : null;
    const listed = inLinkList(element, linkLists);
    const pieces: string[] = [''];
    // In a block, only the runs holding text of the block's own: its inline elements alone are lines of their own already.
    const own: boolean[] = [kind !== 'block'];
    if (kind === 'inline') pieces[0] = shownText(element);
    else
      for (const node of element.childNodes) {
        if (node.nodeType === 1 && BLOCK_CHILD.test((node as Element).tagName)) {
          pieces.push('');
          own.push(kind !== 'block');
          continue;
        }
        pieces[pieces.length - 1] += shownText(node);
        if (node.nodeType === 3 && /\p{L}/u.test(node.nodeValue ?? '')) own[own.length - 1] = true;
      }
    pieces.forEach((piece, at) => {
      const text = clean(piece);
      if (text && own[at]) lines.push({ text: text.slice(0, 2000), others, teaser, listed });
    });
  }
  return lines;
}

/** The first two to four words of `words` that make a name, longest first; null when none does. */
function leadingName(words: string[]): string | null {
  for (let count = Math.min(4, words.length); count >= 2; count--) {
    const name = nameOf(words.slice(0, count).join(' '));
    if (looksLikePersonName(name)) return name;
  }
  return null;
}

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*`;
/** A date line of an article's byline: "Dec 19, 2025", "Published on Oct 21, 2025", "12 May 2024", "2025-12-19", "11/13/19 11:00AM", "Monday 7:30PM", "4 min read". */
const DATE_LINE = new RegExp(
  String.raw`^(?:(?:published|updated|posted|last\s+updated)(?:\s+on)?\s*:?\s*)?(?:${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\.?,?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|(?:mon|tue|wed|thu|fri|sat|sun|to|yester)[a-z]*day\s+\d{1,2}:\d{2}\s*[ap]\.?m|\d+\s+min(?:ute)?s?\s+read)\b`,
  'i',
);
/** A product card's line: a price ("$359.99", "£40", "was $817.60") or a cart button. */
const PRODUCT_LINE = /^(?:(?:was|now|from|sale|price)\s*:?\s*)?[$£€¥₹]\s?\d|^(?:add\s+to\s+(?:cart|bag|basket)|buy\s+now|shop\s+now)$/i;
/** A line that only separates ("•", "|", "-"). */
const SEPARATOR_LINE = /^[•·|–—-]$/;
/**
 * A name followed by a comma and its title at an organisation: "said Jane Doe, CEO and founder of
 * Acme", "Jane Doe, MD, associate professor in Acme's department", "Jane Doe, Acme's new Chief
 * Strategy Officer". The name's words are capitalised; the clause ends at punctuation.
 */
const ATTRIBUTED = new RegExp(
  String.raw`(?<![\p{L}\d])((?:(?:Dr|Prof)\.?\s+)?\p{Lu}[\p{L}'’-]+(?:\s+(?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+)){1,3}),\s+(?:${DEGREE},\s+)*([^,;:“”"()]{2,90}?)(?=[,;:“”"()]|\.(?:\s|$)|$)`,
  'gu',
);
/** A title and the name it introduces: "Quanta staff writer Joe Howlett", "longtime Quanta contributor Erica Klarreich". */
const TITLE_THEN_NAME = new RegExp(String.raw`\b(${ROLE_TITLE})\s+((?:[\p{L}'’.-]+\s+){1,3}[\p{L}'’-]+)`, 'giu');
/** Words before a title that qualify the person, not the title. */
const TENURE = /^(?:longtime|long-time|veteran|former|new|our|the|a|an)$/i;

/** "Role at|of|for|in Org" or "Org's Role" with Org the site's own organisation: the role; else null. */
function ownRole(clause: string, frame: PageFrame): string | null {
  const role = (text: string) => titled(text.replace(/^(?:the|a|an|our|new|former)\s+/i, '').replace(/^(?:new|former)\s+/i, ''));
  const possessive = /^(?:the\s+)?(.{2,60}?)['’]s\s+(.+)$/.exec(clause);
  if (possessive && ownMention(possessive[1], frame)) return role(possessive[2]);
  for (const match of clause.matchAll(/\s(?:at|of|for|in|with)\s+/g)) {
    const organisation = clause.slice(match.index + match[0].length);
    if (ownMention(organisation.split(/\s+/).slice(0, 5).join(' '), frame) || ownName(organisation, frame)) return role(clause.slice(0, match.index));
  }
  // "President Ascom North America": the title, then the site's organisation (or its unit) without a preposition; the title as written.
  const words = clause.split(/\s+/);
  for (let cut = 1; cut <= 4 && cut < words.length; cut++)
    if (
      titled(words.slice(0, cut).join(' ')) &&
      !words.slice(0, cut).some((word) => /^(?:at|of|for|in|with|from|to)$/i.test(word)) &&
      ownMention(words[cut], frame) &&
      !/['’]s$/.test(words[cut])
    )
      return roleOf(clause);
  return null;
}

/**
 * Bylines, author boxes and signatures as the page's text writes them, read line by line: a "By"
 * line and the name on the next one, "Updated by: …", several authors ("A + B", "A and B"), the name
 * under an "About the author" heading (or the name its bio opens with), "— Name, Senior Editor",
 * "Name, CEO, Company" when the company is the site's own (then even inside a quote), a name over
 * its article's date line (related stories), and in running text a person whose title the text
 * ties to the site's own organisation ("said Jane Doe, CEO of Acme", "Acme staff writer Joe Doe").
 * Never inside comments, reviews or listed works (books, products): their people are someone else's.
 */
function textBylinePeople(all: PageLine[], frame: PageFrame): PagePerson[] {
  const lines = all.filter((line) => line.text.length <= 200);
  const people: PagePerson[] = [];
  const add = (name: string, role: string | null, email: string | null = null) => {
    const cleaned = nameOf(name);
    if (looksLikePersonName(cleaned)) people.push({ name: cleaned, role, email, profile: null, source: 'byline' });
  };
  /** Names of a byline's text ("A + B", "A and B", "A, Senior Editor"), with an address in brackets. */
  const byline = (text: string, next: string | undefined) => {
    // A wire service's story ("By Jane Roe, Associated Press"): its writers are the agency's, unless the site is the agency.
    const wire = WIRE.exec(text)?.[0];
    if (wire && !frame.isAgency(wire)) return;
    const email = emailOf(/\(([^()\s]+@[^()\s]+)\)/.exec(text)?.[1]);
    // "By: Jane Doe (jane@acme.com)": what follows the address is no longer the byline.
    const head = text
      .replace(/\([^()]*@[^()]*\).*$/, '')
      .replace(/\([^()]*\)/g, ' ')
      .split(BYLINE_END)[0];
    const names = head
      .split(/\s*(?:\+|&|\band\b|\bund\b|\bet\b|\by\b|,)\s*/)
      .map(clean)
      .filter(Boolean);
    // The names a byline opens with, up to its first other part (a title: "Jane Doe, Head of Sales and Community" names one person);
    // none when it opens with no name ("By checking out, you agree to our Terms and Privacy Policy" is a sentence).
    const leading = names.findIndex((part) => !looksLikePersonName(nameOf(part)));
    const persons = names.slice(0, leading < 0 ? names.length : leading);
    if (!persons.length) return;
    // "By Jane Roe, Ridgeway Times": a writer of another organisation ("Head of Marketing" is a title, not one).
    // "By Jane Roe, CNN": an outlet's initials, the one part after the name, are another organisation too; not a
    // degree ("Jane Doe, RDN"), nor one of a series of credentials ("Jane Doe, BSc, APD").
    const outlet = (part: string) => names.length === 2 && /^\p{Lu}{3,6}$/u.test(part) && !DEGREE_ALONE.test(part) && !ownMention(part, frame);
    const organisation = (part: string) => ORGANISATION_WORDS.test(part) || outlet(part);
    if (names.some((part) => !persons.includes(part) && organisation(part) && !titled(part) && !ownName(part, frame))) return;
    // The title after the name, after a separator ("By Jane Doe | Senior Reporter") or on the next line.
    const after = text.split(BYLINE_END)[1];
    // The whole title after the name's comma ("Head of Marketing and Community Development"), else its first part.
    const titleAfter = persons.length === 1 && head.indexOf(',') > 0 ? head.slice(head.indexOf(',') + 1) : undefined;
    const role = persons.length === 1 ? (titled(titleAfter) ?? titled(names[1]) ?? titled(after) ?? titled(next)) : null;
    for (const person of persons) add(person, role, persons.length === 1 ? email : null);
  };
  for (let index = 0; index < lines.length; index++) {
    const { text, others, teaser, listed } = lines[index];
    const next = lines[index + 1]?.text;
    // A teaser of another site's story (a partner outlet's, in a "More from our network" strip): its writers are that outlet's.
    if (teaser === 'away') continue;
    const signed = SIGNED.exec(text);
    if (signed) {
      const [, dash, name, role, company] = signed;
      // A name and a title: the site's when signed with a dash or with its organisation, else someone else's.
      // "Jane Doe, Acme consumer reporter": the title the site's organisation gives, written after its name.
      const own = company || !looksLikePersonName(nameOf(name)) ? null : ownTitled(role, frame);
      if (own) {
        add(name, own);
        continue;
      }
      if (titled(role) && looksLikePersonName(nameOf(name))) {
        if (company ? ownName(company, frame) : !others && !!dash && !atOtherOrganisation(role, frame)) add(name, titled(role));
        continue;
      }
    }
    // A contributor's bio line whose title has commas of its own: "Jane Doe, Professor of Sociology, Anthropology and Law, Acme University".
    const parts = signed ? [] : text.split(/,\s*/);
    if (parts.length >= 4 && looksLikePersonName(nameOf(parts[0])) && ownName(parts[parts.length - 1], frame)) {
      const role = parts.slice(1, -1).join(', ');
      if (JOB_WORDS.test(role)) {
        add(parts[0], roleOf(role));
        continue;
      }
    }
    if (others) continue;
    const korean = KOREAN_BYLINE.exec(text);
    if (korean && looksLikeHangulName(korean[1])) {
      people.push({ name: korean[1], role: korean[2], email: emailOf(/\S+@\S+/.exec(text)?.[0]), profile: null, source: 'byline' });
      continue;
    }
    const labelled = CJK_BYLINE.exec(text);
    const written = labelled && clean(labelled[2]);
    if (written && (looksLikeHangulName(written) || HAN_NAME.test(written))) {
      people.push({ name: written, role: CJK_POSTS.test(labelled[1]) ? labelled[1] : null, email: null, profile: null, source: 'byline' });
      continue;
    }
    const credit = photoCredit(text, frame);
    if (credit !== undefined) {
      if (credit) add(credit, null);
      continue;
    }
    // "By Acme Designs" over a product's price or cart button: a listed product's maker, not a writer.
    const product = () => lines.slice(index + 1, index + 6).some((line) => PRODUCT_LINE.test(line.text));
    if (BY_ALONE.test(text) && next && !lines[index + 1].others) {
      if (!product()) byline(next, lines[index + 2]?.text);
    } else if (AUTHOR_HEADING.test(text)) {
      // The box's name line, else the name its bio opens with ("Dr. Jane Doe is a board-certified…").
      const start = all.indexOf(lines[index]);
      for (const line of all.slice(start + 1, start + 4)) {
        const bio = /^(.{3,60}?)\s+(?:is|was|has|covers|writes|joined|leads|serves)\s/.exec(line.text);
        const name = looksLikePersonName(nameOf(line.text)) ? line.text : bio && looksLikePersonName(nameOf(bio[1])) ? bio[1] : null;
        if (name) {
          add(name, titled(all[all.indexOf(line) + 1]?.text));
          break;
        }
      }
    } else {
      const by = BY_LINE.exec(text);
      if (by) {
        // A menu's item ("By Any Means Necessary" among a list of shows' links) is a title, not a byline.
        if (!product() && !listed) byline(by[1] ?? by[2], next);
      } else if (looksLikePersonName(nameOf(text))) {
        // A related story's byline: the name over its date ("Jane Doe" / "•" / "4 min read"), with at
        // most a separator, the person's title or the story's tag ("#Cloud Computing") between.
        const [first, second] = lines.slice(index + 1, index + 3).map((line) => (line.others ? '' : line.text));
        const dated = (line: string | undefined) => !!line && line.length <= 60 && DATE_LINE.test(line);
        const between = (line: string | undefined) => !!line && (SEPARATOR_LINE.test(line) || !!titled(line) || /^#\S/.test(line));
        // The page's own headline over its date is the article's title, not a byline.
        if ((dated(first) || (between(first) && dated(second))) && !frame.headlines.has(compactName(text))) add(text, null);
      }
    }
  }
  for (const { text, others, teaser } of all) {
    const speaker = others ? null : TRANSCRIPT_SPEAKER.exec(text);
    if (speaker) add(titleCase(speaker[1]), /^byline$/i.test(speaker[2]) ? null : titleCase(speaker[2]));
    if (!others) for (const match of text.matchAll(CREDIT_IN_SENTENCE)) byline(match[1], undefined);
    // "Acme writers Jane Doe and John Roe contributed to this report.": a wire's writers only on the agency's own site.
    const contributed = others || teaser === 'away' ? null : CONTRIBUTED.exec(text);
    const wire = contributed && WIRE.exec(contributed[1])?.[0];
    if (contributed && (!wire || frame.isAgency(wire))) byline(contributed[2], undefined);
    const reports = others || teaser === 'away' ? null : REPORTS.exec(text);
    if (reports) add(reports[1], null);
    for (const match of text.matchAll(OWN_TITLE_NAME)) {
      const name = ownMention(match[1].split(/\s+/).pop()!, frame) || ownMention(match[1], frame) ? leadingName(match[3].split(/\s+/)) : null;
      if (name && JOB_WORDS.test(match[2])) add(name, match[2]);
    }
    for (const match of text.matchAll(ATTRIBUTED)) {
      // "Jane Doe, Founder & President, Acme Consulting": the title, then the site's organisation after a comma.
      const organisation = /^,\s*([^,;:.()“”"]{2,60})(?=[,;:.()“”"]|$)/.exec(
        text.slice(match.index + match[0].length, match.index + match[0].length + 64),
      )?.[1];
      const role = ownRole(match[2].trim(), frame) ?? (organisation && ownName(organisation.trim(), frame) ? titled(match[2].trim()) : null);
      const name = role && leadingNameFrom(match[1]);
      if (name) add(name, role);
    }
    for (const match of text.matchAll(TITLE_THEN_NAME)) {
      const qualified = ownQualified(
        text
          .slice(Math.max(0, match.index - 80), match.index)
          .trim()
          .split(/\s+/),
        frame,
      );
      const words = match[2].split(/\s+/);
      const capitalised = words.slice(
        0,
        Math.max(
          0,
          words.findIndex((word) => !/^\p{Lu}/u.test(word)),
        ) || words.length,
      );
      const name = qualified && leadingName(capitalised);
      if (name) add(name, titled([...qualified, match[1]].join(' ')));
    }
  }
  return people;
}

/** The posts an imprint or masthead names ("Editor-in-Chief: Jane Doe", "Chefredakteurin: …", "Главный редактор: …", "[청소년보호책임자 : …]"). */
const IMPRINT_TITLE = String.raw`(?:reporter|correspondent|columnist|redakteur(?:in)?|journalist(?:in)?|journaliste|giornalista|periodista|корреспондент|обозреватель|記者|기자|editor[- ]in[- ]chief|chief\s+editor|managing\s+editor|executive\s+editor|editor|publisher|chefredakteur(?:in)?|herausgeber(?:in)?|verantwortlich(?:\s+für\s+den\s+inhalt)?|directeur\s+de\s+(?:la\s+)?publication|directrice\s+de\s+(?:la\s+)?publication|rédacteur\s+en\s+chef|rédactrice\s+en\s+chef|direttore\s+responsabile|director\s+editorial|главный\s+редактор|шеф-редактор|編集長|編集人|発行人|편집인|발행인|편집장|청소년보호책임자|개인정보(?:보호)?책임자)`;
const IMPRINT = new RegExp(String.raw`^\s*(${IMPRINT_TITLE}(?:\s*(?:및|and|&|und|et|и|·|/)\s*${IMPRINT_TITLE})?)\s*[:：]\s*([^:：]{2,60}?)\s*$`, 'iu');
/** Titles a book's or a work's credits write too. */
const BARE_TITLE = /^(?:editor|publisher|herausgeber(?:in)?)$/i;
/** Fields of an imprint line written in brackets: "[ 발행인 : … ] [ 등록번호 : … ]". */
const BRACKETED_FIELD = /\[([^[\]]{2,100})\]/g;

/**
 * The people an imprint or a masthead names with their post at the site, in its footer as much as its
 * text: "Главный редактор: Дудина Виктория Жоржевна", "[청소년보호책임자 : 유용석]", "Editor-in-Chief: Jane Doe".
 */
function imprintPeople(lines: PageLine[], footerLines: PageLine[]): PagePerson[] {
  const people: PagePerson[] = [];
  for (const { text, others } of [...lines, ...footerLines]) {
    if (others || text.length > 600 || !/[:：]/.test(text)) continue;
    const fields = text.includes('[') ? [...text.matchAll(BRACKETED_FIELD)].map((match) => match[1]) : [text];
    for (const field of fields) {
      const imprint = IMPRINT.exec(field);
      // A bare "Editor:" or "Publisher:" in the page's text may be a listed book's: only a footer's is the site's.
      if (imprint && BARE_TITLE.test(clean(imprint[1])) && !footerLines.some((line) => line.text === text)) continue;
      const name = imprint && nameOf(imprint[2]);
      if (name && (looksLikePersonName(name) || looksLikeHangulName(name)))
        people.push({ name, role: clean(imprint[1]), email: null, profile: null, source: 'byline' });
    }
  }
  return people;
}

/** Author elements of a blog theme, whose text is the byline ("Written By <a class=author-name>…</a>"). */
const AUTHOR_SLOT = '.author, .p-author, [class*="author-name" i], [class*="byline" i], a[rel~="author"], [itemprop~="author"]';

/**
 * A personal site's owner as its articles' author: og:site_name is a person's name the domain spells
 * ("Jane Doe" on janedoe.com), the page is an article, and its author element names no one else (a theme's
 * "Written By" whose name a script fills, or the owner's name). Not a business named after a person that
 * its markup declares as an Organization, nor a page with no author element (a company's page).
 */
function personalSiteOwner(document: Document, tags: Map<string, string>, site: string, businessNames: Set<string>): PagePerson[] {
  const name = clean(tags.get('og:site_name'));
  const compact = compactName(name);
  if (!looksLikePersonName(name) || compact !== compactName(site.split('.')[0]) || businessNames.has(compact)) return [];
  if (!/article/i.test(tags.get('og:type') ?? '')) return [];
  const slots = [...document.querySelectorAll(AUTHOR_SLOT)].slice(0, 20);
  const bylines = slots.map((slot) => clean(slot.textContent).replace(/^(?:written\s+|posted\s+)?by\s*:?\s*/i, ''));
  if (!slots.length || bylines.some((text) => text && compactName(text) !== compact)) return [];
  // A byline that writes the site's name only as a login ("tinyhousegiantjourney") shows no person; a script may fill them all.
  if (bylines.some(Boolean) && !bylines.some((text) => looksLikePersonName(text))) return [];
  return [{ name, role: null, email: null, profile: null, source: 'byline' }];
}

/** A degree alone, as a byline's part after the name: "MD", "PhD", "RD". */
const DEGREE_ALONE = new RegExp(
  String.raw`^(?:${DEGREE}|BSc|MS|MA|BA|RDN|LDN|CDN|CDE|CDCES|CNS|APD|CRNP|APRN|FNP|DNP|PharmD|LPC|NCC|LMFT|LMHC|CPT|CSCS|ACE|FACP|FACC|DVM|OD|DPT)$`,
  'i',
);
/**
 * A byline labelled as Chinese, Japanese and Korean pages write it: "文：山田 太郎", "著者: 佐藤花子", "作者：张伟",
 * "记者 李娜", "글 김하늘". Names of these scripts have no capitals: only such a label makes the line a name.
 */
const CJK_BYLINE =
  /^(文|著者|執筆|執筆者|筆者|ライター|作者|撰文|记者|記者|编辑|編集|글|기자)\s*[:：\s]\s*([\p{Script=Han}\p{Script=Hangul}\p{Script=Katakana}]{1,4}(?:\s?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,4})?)$/u;
/** A name in Han (and kana) letters: two to six, with a space between family and given name or none. */
const HAN_NAME = /^[\p{Script=Han}\p{Script=Katakana}]{1,4}\s?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,4}$/u;
/** The labels that are the person's post, not only the credit's word. */
const CJK_POSTS = /^(?:记者|記者|编辑|ライター|기자)$/;
/** A Korean byline: the name, then its title ("정덕현 칼럼니스트", "김민수 기자"), then perhaps the address. */
const KOREAN_BYLINE = /^([가-힣]{2,4})\s?(기자|칼럼니스트|객원기자|특파원|논설위원|편집위원|편집장|평론가)(?![가-힣])/;
/**
 * A transcript's speaker label naming the programme's own people: "JANE DOE, HOST:", "JOHN ROE,
 * BYLINE:" (the reporter of the piece). Other speakers ("JANE DOE:", "JOHN ROE, SENATOR:") are guests.
 */
const TRANSCRIPT_SPEAKER = /^(\p{Lu}[\p{Lu}'’.-]+(?: \p{Lu}[\p{Lu}'’.-]+){1,3}), (HOST|CO-HOST|ANCHOR|BYLINE|CORRESPONDENT):/u;

/** "JANE O'NEIL-ROE" → "Jane O'Neil-Roe". */
const titleCase = (text: string) => text.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** A title that opens with the site's organisation ("WRAL consumer reporter", "Acme's head of sales"): the title without it, else null. */
function ownTitled(role: string, frame: PageFrame): string | null {
  const words = role.split(/\s+/);
  for (let cut = 1; cut <= 3 && cut < words.length; cut++) if (ownMention(words.slice(0, cut).join(' '), frame)) return titled(words.slice(cut).join(' '));
  return null;
}

/** A photo's or an illustration's credit: "Photo: Jane Doe", "Photography by Jane Doe.", "Photos by Jane Doe for Acme". */
const PHOTO_CREDIT =
  /^(?:(?:photo(?:graph)?s?|photography|images?|pictures?|illustrations?|artwork|video)\s*(?:by\b|:)|(?:photographed|illustrated|filmed)\s+by\b)\s*:?\s*(.{3,120})$/i;
/** Whether a credit's organisation is the site's: its name, its mention, or a name ending with it ("NYT Wirecutter"). */
function ownCredit(organisation: string, frame: PageFrame): boolean {
  const words = organisation.trim().split(/\s+/);
  return words.some((_, index) => index < 3 && (ownMention(words.slice(index).join(' '), frame) || ownName(words.slice(index).join(' '), frame)));
}

/**
 * The photographer a written photo credit names for the site: "Photo: Jane Doe", "Photography by Jane
 * Doe.", "Photo: Jane Doe for Acme" or "Photo: Jane Doe/NYT Acme" with Acme the site's. undefined when
 * the line is no such credit; null when it credits someone else's (an agency's "Photo: Jane Doe/Getty
 * Images", "… on Unsplash", "… via Reuters", "courtesy of …"). A bare "Jane Doe/Acme" under an image
 * is not read: sites write their freelance illustrators so as much as their staff.
 */
function photoCredit(text: string, frame: PageFrame): string | null | undefined {
  const written = PHOTO_CREDIT.exec(text)?.[1];
  if (!written) return undefined;
  if (/\bcourtesy\b/i.test(written) || WIRE.test(written)) return null;
  const split = /^(.+?)(?:\s*\/\s*|\s+(?:for|on|via|from|at)\s+|,\s*)(.+)$/.exec(written);
  const [who, organisation] = split ? [split[1], split[2]] : [written, null];
  const name = nameOf(who);
  if (!looksLikePersonName(name)) return undefined;
  return !organisation || ownCredit(organisation, frame) ? name : null;
}

/**
 * The words before a title when they name the site's organisation, then up to two words that
 * qualify the title ("Quanta staff" of "Quanta staff writer", "BHF Senior" of "BHF Senior
 * Dietitian"; "longtime Quanta" of "longtime Quanta contributor"): the qualifiers, else null.
 */
function ownQualified(before: string[], frame: PageFrame): string[] | null {
  for (let qualifiers = 0; qualifiers <= 2 && qualifiers < before.length; qualifiers++) {
    const kept = before.slice(before.length - qualifiers);
    if (kept.some((word) => !/^\p{L}[\p{L}-]*$/u.test(word) || TENURE.test(word))) return null;
    for (let length = 1; length <= 3 && length <= before.length - qualifiers; length++) {
      const organisation = before.slice(before.length - qualifiers - length, before.length - qualifiers).join(' ');
      if (ownMention(organisation, frame)) return kept;
    }
  }
  return null;
}

/** The name a capitalised run of words ends with: "Introducing Junior Gaspard" → "Junior Gaspard" when the whole is no name. */
function leadingNameFrom(run: string): string | null {
  const words = run.split(/\s+/);
  for (let start = 0; start <= words.length - 2; start++) {
    const name = nameOf(words.slice(start).join(' '));
    if (looksLikePersonName(name)) return name;
  }
  return null;
}

/** Forum and Q&A pages: their people are the site's users. */
function isDiscussion(document: Document, nodes: LinkedNode[], tags: Map<string, string>): boolean {
  // An FAQPage's Questions are the site's own FAQ, not a discussion.
  const faq = (above: string[][]) => above.some((types) => types.includes('FAQPage'));
  if (nodes.some(({ types, keys, above }) => keys.length <= 1 && types.some((type) => DISCUSSION.test(type)) && !faq(above))) return true;
  if (
    [...document.querySelectorAll('[itemscope][itemtype]')].some(
      (element) => !element.parentElement?.closest('[itemscope]') && markupTypes(element).some((type) => DISCUSSION.test(type) || type === 'QAPage'),
    )
  )
    return true;
  if (/xenforo|vbulletin|phpbb|discourse|mybb|invision|nodebb|flarum|vanilla|simple machines|smf|bbpress|lemmy/i.test(tags.get('generator') ?? '')) return true;
  return !!document.querySelector('html[id="XF"], [data-xf-init], #phpbb, body.vbulletin, meta[name="discourse_theme_id"]');
}

/** A mailto person: the site's own address, and one that spells the name (jane.doe@, jdoe@, jane@) or a personal site's name. */
function mailtoPerson({ name, email }: { name: string; email: string }, frame: PageFrame): boolean {
  if (!sameDomain(email, frame.site)) return false;
  const local = email.slice(0, email.indexOf('@')).toLowerCase();
  if (ROLE_LOCALS.has(local)) return false;
  // The address spells the name by a person's template ({first}.{last}, {f}{last}, {first}...; not {last} alone, a word like care@), or the site is the person's own.
  const spelled = templatesFor({ name, email }).filter((template) => template !== '{last}');
  const parts = nameParts(name);
  return spelled.length > 0 || (!!parts && compactName(frame.site.split('.')[0]) === `${parts.first}${parts.last}`);
}

const ROLE_AFTER = new RegExp(String.raw`^\s*(?:,|–|—|-|\(|\|)\s*((?:the\s+)?${ROLE_QUALIFIERS}${ROLE_TITLE}[^,.;()|\n]{0,50}?)\s*(?=[,.;()|\n]|$)`, 'i');
const ROLE_BEFORE = new RegExp(String.raw`(?:^|[\s(,])(${ROLE_TITLE}(?:\s+(?:&|and)\s+${ROLE_TITLE})?(?:\s+of\s+[A-Z][\w&]*(?:\s+[A-Z][\w&]*)?)?),?\s*$`, 'i');

/** A bio's title: "Jane Doe is a Staff Writer at Acme", "is the Senior Editor of Acme". */
const ROLE_IS = new RegExp(
  String.raw`^\s+is\s+(?:the|a|an|our|(?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*['’]s)\s+(${ROLE_QUALIFIERS}${ROLE_TITLE})(?=\s+(?:of|at|for|with|in|on)\b|[,.;]|$)`,
  'i',
);

/** A sentence opening with the person's post, then the name: "As Head of Sales, Jane Doe leads…", "Als Inbound Sales Manager bildet Moritz Roe…". */
const AS_ROLE =
  /(?:^|[\s.!?])(?:As|Als|Come|Como|En tant que)\s+(?:(?:the|our|unser(?:e|er)?|notre|nuestro|il|la)\s+)?((?:\p{Lu}[\p{L}-]*\s+(?:(?:of|and|&|für|de|des)\s+)?){0,4}\p{Lu}[\p{L}-]*),?\s+(?:\p{Ll}+\s+)?$/u;

/** The title after the name on a short line of its own: "Jane Doe, Shipping Expert", "Jane Doe Senior Contributor", the first such line. */
function titleBeside(name: string, lines: PageLine[]): string | null {
  for (const line of lines) {
    if (line.others || line.text.length > 80 || !line.text.startsWith(name)) continue;
    // After a separator, or a title in capitals ("Senior Contributor"): never a sentence's verb ("Jane Doe is Acme's editor").
    const rest = /^\s*(?:[,|•·–—-]\s*|\s(?=\p{Lu}))(.*)$/u.exec(line.text.slice(name.length));
    const role = rest ? titled(rest[1]) : null;
    if (role) return role;
  }
  return null;
}

/** A title written right beside the name in the page text: "Jane Doe, Co-founder & CEO", "Founder and CEO Jane Doe", "Jane Doe is a Staff Writer at Acme", "As Head of Sales, Jane Doe …". */
export function roleInText(name: string, text: string): string | null {
  for (let index = text.indexOf(name); index !== -1; index = text.indexOf(name, index + 1)) {
    const as = AS_ROLE.exec(text.slice(Math.max(0, index - 80), index));
    if (as && titled(as[1])) return titled(as[1]);
    const after = ROLE_AFTER.exec(text.slice(index + name.length, index + name.length + 80));
    if (after) return roleOf(after[1].replace(/^the\s+/i, ''));
    const bio = ROLE_IS.exec(text.slice(index + name.length, index + name.length + 80));
    if (bio) return roleOf(bio[1]);
    const before = ROLE_BEFORE.exec(text.slice(Math.max(0, index - 60), index));
    if (before) return roleOf(before[1]);
  }
  return null;
}

/** A bio's post at an organisation after the name: "Jane Doe is an author, speaker and the founder of Acme". */
const BIO_ROLE = new RegExp(
  String.raw`^\s+(?:is|was)\s+[^.!?]{0,120}?\b(?:the|a|an|our)\s+(${ROLE_QUALIFIERS}${ROLE_TITLE})\s+(?:of|at|for)\s+([^.!?,;]{2,60})`,
  'i',
);

/** A bio's sentence about the person by first name or pronoun: "Summer is Acme's Marketing Manager.", "Heba was the … Specialist at Acme.", "He joined Acme as a Full Stack Engineer." */
const bioPost = (first: string) =>
  new RegExp(
    String.raw`(?:^|[.!?]\s+)(?:${first}|He|She|They)\s+(?:(?:is|was)\s+(?:(?:the|a|an|our)\s+|([^\s.,;]{2,40}?)['’]s\s+)|(?:has\s+)?joined\s+([^.,;]{2,40}?)\s+as\s+(?:the\s+|a\s+|an\s+|our\s+)?)((?:[\p{L}&-]+\s+){0,6}?[\p{L}&-]+)(?:\s+(?:at|of|for|with)\s+([^.,;]{2,40}))?(?=[.,;]|$)`,
    'u',
  );

/** The post a bio gives the person at the site's own organisation ("… and the founder of Acme", "Summer is Acme's Marketing Manager"), else null. */
/** Whether an organisation's name as a bio writes it (its first words) is the site's own. */
function ownOrganisationNamed(organisation: string | undefined, frame: PageFrame): boolean {
  const words = (organisation ?? '').trim().split(/\s+/);
  return (
    !!organisation &&
    words.some((_, cut) => cut < 5 && (ownMention(words.slice(0, cut + 1).join(' '), frame) || ownName(words.slice(0, cut + 1).join(' '), frame)))
  );
}

/** A bio right after the name that gives the person's present post at another organisation: "Jane Doe is a content writer at Surge Global". */
const BIO_ELSEWHERE = new RegExp(String.raw`^\s+is\s+(?:a|an)\s+${ROLE_QUALIFIERS}${ROLE_TITLE}\s+(?:at|for)\s+([^.!?,;]{2,60})`, 'i');

/** Whether the page's text introduces the person as working for another organisation (a guest writer), and never for the site's. */
function writesForOthers(name: string, text: string, frame: PageFrame): boolean {
  let elsewhere = false;
  for (let index = text.indexOf(name), seen = 0; index !== -1 && seen < 20; index = text.indexOf(name, index + 1), seen++) {
    const bio = BIO_ELSEWHERE.exec(text.slice(index + name.length, index + name.length + 200));
    // An organisation is named in capitals ("at Surge Global"); "a writer for over six years" names none.
    if (!bio || !/^\p{Lu}/u.test(bio[1])) continue;
    if (ownOrganisationNamed(bio[1], frame)) return false;
    elsewhere = true;
  }
  return elsewhere;
}

function ownBioRole(name: string, text: string, frame: PageFrame, others: string[] = []): string | null {
  const own = (organisation: string | undefined) => ownOrganisationNamed(organisation, frame);
  const first = name.split(' ')[0].replace(/[^\p{L}'’-]/gu, '');
  const post = first ? bioPost(first) : null;
  const posted = (sentence: RegExpExecArray | null | undefined) =>
    sentence && (own(sentence[1]) || own(sentence[2]) || own(sentence[4])) && titled(sentence[3]) ? titled(sentence[3]) : null;
  for (let index = text.indexOf(name), seen = 0; index !== -1 && seen < 20; index = text.indexOf(name, index + 1), seen++) {
    let after = text.slice(index + name.length, index + name.length + 400);
    // The bio ends where another person's name begins (the next author's box).
    for (const other of others) if (other !== name && after.includes(other)) after = after.slice(0, after.indexOf(other));
    const bio = BIO_ROLE.exec(after.slice(0, 260));
    if (bio && own(bio[2])) return roleOf(bio[1]);
    // The bio's next sentences: the first that gives a post at the site's organisation (by its possessive, "at", or "joined … as").
    const role = posted(post?.exec(`. ${after.trimStart()}`));
    if (role) return role;
  }
  // A sentence about the person by first name anywhere in the page ("Summer is Acme's Marketing Manager." under the post).
  for (
    let index = first.length >= 2 ? text.indexOf(`${first} `) : -1, seen = 0;
    index !== -1 && seen < 20;
    index = text.indexOf(`${first} `, index + 1), seen++
  ) {
    // At a sentence's start: after its full stop, with or without a space (blocks' text meets unspaced).
    if (index > 0 && !/[.!?]\s?$/.test(text.slice(Math.max(0, index - 2), index))) continue;
    const role = posted(post?.exec(`. ${text.slice(index, index + 200)}`));
    if (role) return role;
  }
  return null;
}

/** Works of others a page describes: the people of a book, a product, a film are theirs, not the site's. */
const OTHERS_WORK = /^(Book|Product|ProductModel|Movie|Event|Offer|Quotation|Claim|MusicAlbum|MusicRecording|TVSeries|VideoGame|SoftwareApplication)$/;

/**
 * Names the markup gives to someone else: the people of a work the page reviews or lists (a book's
 * author in JSON-LD, microdata or RDFa), and the writers of a wire service's story (an author value
 * that names the agency: "By Jane Roe, Associated Press"). A byline or a bio naming them is theirs too.
 */
function othersNames(document: Document, nodes: LinkedNode[]): Set<string> {
  const names: string[] = [];
  for (const { types, above, keys, node } of nodes) {
    const name = textOf(node.name);
    if (!name) continue;
    if (types.includes('Person') && (keys.includes('itemReviewed') || above.some((scope) => scope.some((type) => OTHERS_WORK.test(type))))) names.push(name);
    for (const key of AUTHOR_KEYS)
      for (const author of ([] as unknown[]).concat(node[key] ?? [])) {
        const written = typeof author === 'string' ? author : textOf((author as Record<string, unknown> | null)?.name);
        if (written && WIRE.test(written)) names.push(...written.replace(WIRE, '').split(/\s*(?:,|&|\band\b)\s*/));
      }
  }
  for (const scope of document.querySelectorAll(SCOPES))
    if (markupTypes(scope).includes('Person') && theirsInMicrodata(scope)) {
      const name = scope.querySelector('[itemprop~="name"], [property~="name"], [property~="schema:name"]');
      if (name) names.push(name.getAttribute('content') ?? name.textContent ?? '');
    }
  for (const meta of document.querySelectorAll('meta[name*="author" i], meta[property*="author" i], meta[name="byl"]')) {
    const content = meta.getAttribute('content') ?? '';
    if (WIRE.test(content)) names.push(...content.replace(WIRE, '').split(/\s*(?:,|&|\band\b)\s*/));
  }
  return new Set(names.map((name) => nameKey(nameOf(name))).filter(Boolean));
}

/**
 * The names an article's markup gives as its author: a JSON-LD work's authors typed Person, and (as
 * `plain`) its authors written as names and the author metas of a page typed article.
 */
function declaredAuthors(nodes: LinkedNode[], tags: Map<string, string>): { person: string[]; plain: string[] } {
  const person: string[] = [];
  const plain: string[] = [];
  for (const { types, node } of nodes) {
    if (!types.some((type) => WORK.test(type))) continue;
    for (const key of AUTHOR_KEYS)
      for (const author of ([] as unknown[]).concat(node[key] ?? [])) {
        if (typeof author === 'string') plain.push(nameOf(author));
        const record = author as Record<string, unknown> | null;
        const typed = ([] as unknown[]).concat(record?.['@type'] ?? []);
        if (record && typed.some((type) => typeof type === 'string' && /^person$/i.test(type)) && textOf(record.name)) person.push(nameOf(textOf(record.name)));
      }
  }
  if (/article/i.test(tags.get('og:type') ?? ''))
    for (const key of ['author', 'twitter:data1', 'parsely-author']) if (tags.get(key)) plain.push(nameOf(tags.get(key)));
  return { person, plain };
}

/** A site of a government (.gov, .gov.uk, .gouv.fr, .mil): the public offices the page names are its own. */
const GOVERNMENT_SITE = /\.(?:gov|gouv|mil)(?:\.[a-z]{2})?$/;

/**
 * Names the page writes with a public office before them ("Sen. Jane Doe", "Governor Jane Doe"): a
 * guest writer of another organisation (an op-ed's senator), not the site's, unless the site is a government's.
 */
function officeHolders(lines: PageLine[], site: string): string[] {
  if (GOVERNMENT_SITE.test(site)) return [];
  const names: string[] = [];
  for (const { text } of lines) {
    const office = PUBLIC_OFFICE.exec(text);
    const name = office && leadingName(text.slice(office[0].length).split(/\s+/, 4));
    if (name) names.push(nameKey(name));
  }
  return names;
}

/**
 * An Organization node that is a person: typed Person too (a personal site's "Person, Organization"),
 * or an article's author given as an Organization with a person's name ("author": {"@type":
 * "Organization", "name": "Jane Doe"}). Its name is no organisation's, so a byline naming it stays.
 */
function personAsOrganization({ types, keys, node }: LinkedNode): boolean {
  if (types.includes('Person')) return true;
  const key = keys[keys.length - 1];
  return !!key && AUTHOR_KEYS.has(key) && looksLikePersonName(textOf(node.name) ?? '');
}

/** Every person of the site's organisation one page names, one entry per name (the richest source first, its gaps filled by the others). */
export function readPeople(document: Document, base: string, { teamPage = false, mailtoPeople = [] as { name: string; email: string }[] } = {}): PagePerson[] {
  dropTaxonomyClasses(document);
  const nodes = linkedNodes(document);
  const tags = metaTags(document);
  const own = ownOrganization(nodes, base);
  const organizationNodes = nodes
    .filter((entry) => entry.types.some((type) => ORGANIZATION_TYPE.test(type)) && !personAsOrganization(entry))
    .map(({ node }) => textOf(node.name));
  const names = [
    ...organizationNodes,
    tags.get('og:site_name'),
    tags.get('application-name'),
    tags
      .get('copyright')
      ?.replace(/^copyright\s*(\(c\)|©)?\s*/i, '')
      .replace(/\s*\d{4}.*$/, ''),
  ].filter((name): name is string => !!name);
  const organizations = new Set(names.map(compactName));
  const discussion = isDiscussion(document, nodes, tags);
  const site = siteDomain(base);
  const away = (href: string) => {
    try {
      const url = new URL(href, base);
      return /^https?:$/.test(url.protocol) && siteDomain(url.hostname) !== site;
    } catch {
      return false;
    }
  };
  const lines = discussion ? [] : pageLines(document, away);
  // Footers, read only for an imprint's people (their other lines are the site's links, not its people).
  const footers = [...document.querySelectorAll('footer')].filter((footer) => !footer.parentElement?.closest('footer')).slice(0, 3);
  const footerLines = discussion ? [] : footers.flatMap((root) => pageLines(document, away, { root, skip: 'nav, script, style, noscript, template, select' }));
  // A personal site: the schema.org node of its owner typed both Person and Organization (as Yoast writes a personal site), or
  // the article's declared author whose name is the site's own (og:site_name "Jane Doe", janedoe.com): the site's person even where the text does not show the name.
  // A name the markup only writes (a string, a meta) must be the site's declared name; a Person node's may be the domain's words ("janedoe.com");
  // neither the name of an Organization node (a business written as its own article's Person author).
  const businessNames = new Set(organizationNodes.filter((name): name is string => !!name).map(compactName));
  const siteName = compactName(tags.get('og:site_name') ?? '');
  const declared = declaredAuthors(nodes, tags);
  const owner = personalSiteOwner(document, tags, site, businessNames);
  const owners = new Set(
    [
      ...owner.map(({ name }) => name),
      ...nodes.filter(({ types }) => types.includes('Person') && types.some((type) => ORGANIZATION_TYPE.test(type))).map(({ node }) => textOf(node.name)),
      ...declared.person.filter((name) => [siteName, compactName(site.split('.')[0])].includes(compactName(name)) && !businessNames.has(compactName(name))),
      ...declared.plain.filter((name) => compactName(name) === siteName && !businessNames.has(compactName(name))),
    ]
      .filter((name): name is string => !!name && looksLikePersonName(name))
      .map(compactName),
  );
  const shows = (name: string) => owners.has(compactName(name)) || lines.some((line) => !line.others && line.text.includes(name));
  // The agency's name, or its initials ("Associated Press" on ap.org).
  const isAgency = (wire: string) =>
    [site.split('.')[0], tags.get('og:site_name') ?? ''].some((name) =>
      [compactName(wire), `${compactName(wire)}news`, compactName(wire.replace(/(\p{L})\p{L}*\s*/gu, '$1'))].includes(compactName(name)),
    );
  const title = clean(document.querySelector('title')?.textContent);
  const headlines = new Set(
    [title, title.split(/\s+[|–—-]\s+/)[0], tags.get('og:title') ?? '', ...[...document.querySelectorAll('h1')].slice(0, 3).map((h1) => clean(h1.textContent))]
      .map(compactName)
      .filter(Boolean),
  );
  const frame: PageFrame = { base, site, teamPage, discussion, own, organizations, names, shows, isAgency, headlines };
  const teams = teamRoots(document, frame);
  const theirs = othersNames(document, nodes);
  for (const name of officeHolders(lines, site)) theirs.add(name);
  const found: PagePerson[] = [
    ...jsonLdPeople(nodes, frame),
    ...jsonLdNamedAuthors(nodes, frame),
    ...microdataPeople(document, frame, teams),
    ...vcardPeople(document, frame, teams),
    ...teams.flatMap((team) => teamCardPeople(team, frame)),
    ...teams.flatMap((team) => tablePeople(team, frame)),
    ...mailtoPeople
      .filter((person) => mailtoPerson(person, frame))
      .map(({ name, email }) => ({ name, role: null, email, profile: null, source: 'mailto' as const })),
    ...(frame.discussion ? [] : bylinePeople(document, frame)),
    ...(frame.discussion ? [] : textBylinePeople(lines, frame)),
    ...imprintPeople(lines, footerLines),
    ...owner,
  ].filter(
    (person) =>
      (owners.has(compactName(person.name)) ||
        (!organizations.has(compactName(person.name)) && compactName(person.name) !== compactName(frame.site.split('.')[0]))) &&
      !(person.source === 'byline' && theirs.has(nameKey(person.name))),
  );
  // A byline run into the next element's words ("Jane Doe Global Commons") beside the name itself is that name.
  const keys = new Set(found.map((person) => nameKey(person.name)));
  const runOn = (person: PagePerson) => {
    const words = nameKey(person.name).split(' ');
    return words.slice(1).some((_, index) => keys.has(words.slice(0, index + 1).join(' ')));
  };
  const people = mergePeople(found.filter((person) => !runOn(person)));
  // A title on the line under the name ("Jane Doe" / "Co-Founder & Marketing Director"), the first such line of each name.
  const titleUnder = new Map<string, string>();
  lines.forEach((line, index) => {
    const role = !line.others && line.text.length <= 80 ? titled(lines[index + 1]?.text) : null;
    if (role && !titleUnder.has(nameOf(line.text))) titleUnder.set(nameOf(line.text), role);
  });
  for (const person of people) person.role ??= titleUnder.get(person.name) ?? titleBeside(person.name, lines);
  const text = document.body ? clean(document.body.textContent) : '';
  const named = people.map((person) => person.name);
  for (const person of people) person.role ??= roleInText(person.name, text) ?? ownBioRole(person.name, text, frame, named);
  for (const person of people) if (person.role) person.role = withoutOwnOrganisation(person.role, frame);
  // A byline's guest writer, whose bio gives a post at another organisation only, is that organisation's.
  return people.filter((person) => person.source !== 'byline' || owners.has(compactName(person.name)) || !writesForOthers(person.name, text, frame));
}

/**
 * A title without the site's own organisation after it: "Founder and head tailor at Fernhill." →
 * "Founder and head tailor", "Managing Director, Data | Acme Consulting LLP" → "Managing Director, Data".
 */
function withoutOwnOrganisation(role: string, frame: PageFrame): string {
  const bare = role.replace(/[.,;]+$/, '');
  const at = /^(.+?)\s+(?:at|of|for|with)\s+(.+)$/.exec(bare);
  if (at && (ownMention(at[2], frame) || ownName(at[2], frame))) return at[1];
  const cut = Math.max(bare.lastIndexOf('|'), bare.lastIndexOf(','));
  const after = bare.slice(cut + 1).trim();
  return cut > 0 && (ownMention(after, frame) || ownName(after, frame)) ? bare.slice(0, cut).trim() : bare;
}

const nameKey = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();

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
