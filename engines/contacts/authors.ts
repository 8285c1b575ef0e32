/**
 * The authors a page's markup declares, as blog and news software publishes them: author metas
 * (`author`, `article:author`, `parsely-author`, `byl`, `dc.creator`, Yoast's "Written by"
 * `twitter:data1`), author elements of the common themes (`rel=author`, `itemprop=author`,
 * `byline`, `author-name`, `c-byline__author`, `entry-author`, `post-author`...), and links to the
 * site's author archives (/author/jane-doe/, ?author=) or staff pages whose address spells the name
 * (/team/jane-doe, a school's /teachers/jane-doe, /faculty/jane-doe), in a menu only a list of two or more archives (its "Columnists"). A meta's value is only a person when the page's text shows the name too (else it
 * is the CMS account that posted the page); an element or link in someone else's part of the page
 * (comments, reviews, listed works) is no author of the site.
 */
import { clean, looksLikeHangulName, looksLikePersonName, nameOf, roleOf, titled, WIRE } from './names.ts';
import { foldName } from './pattern.ts';

export interface DeclaredAuthor {
  name: string;
  role: string | null;
}

export interface AuthorScope {
  /** Whether the page's own text shows the name. */
  shows: (name: string) => boolean;
  /** Whether the element is in someone else's part of the page (a comment, a review, a listed work). */
  theirs: (element: Element) => boolean;
  /** Whether a wire service named in a byline is the site itself. */
  own: (wire: string) => boolean;
  /** The path of a link when it points to a page of the site that is no user profile, else null. */
  sitePath: (href: string | null) => string | null;
}

const META_AUTHORS = new Set(['author', 'article:author', 'parsely-author', 'sailthru.author', 'cxenseparse:author', 'byl', 'dc.creator', 'dcterms.creator']);

/** A byline's label in the languages sites write it: "Text: Jane Doe", "Текст: …", "Autor: …", "Texte : …". */
const BYLINE_LABEL = /^(?:text|texte|testo|texto|tekst|текст|автор|авторы|autor(?:in|en)?|auteurs?|autore|autori|authors?|words)\s*[:：]\s*/iu;

/** The names a byline's text lists: "By A and B", "A, B & C", "A + B". */
export function listedNames(text: string, own: (name: string) => boolean = () => false): string[] {
  // A wire service's story ("By Jane Roe, AP National Writer"): its writers are the agency's, unless the site is the agency.
  const wire = WIRE.exec(text)?.[0];
  if (wire && !own(wire)) return [];
  return clean(text)
    .replace(/^by\s*:?\s+/i, '')
    .replace(BYLINE_LABEL, '')
    .split(/\s*(?:\+|&|\band\b|\bund\b|\bet\b|,|;)\s*/)
    .map((part) => nameOf(part))
    .filter(looksLikePersonName);
}

/** Author metas' names that the page's text shows (a URL, as `article:author` often is, names no one). */
export function metaAuthors(document: Document, scope: AuthorScope): DeclaredAuthor[] {
  const values: string[] = [];
  const labels = new Map<string, string>();
  for (const meta of document.querySelectorAll('meta')) {
    const key = (meta.getAttribute('name') ?? meta.getAttribute('property') ?? '').trim().toLowerCase();
    const content = clean(meta.getAttribute('content'));
    if (!content) continue;
    if (META_AUTHORS.has(key)) values.push(content);
    // Yoast writes the author as twitter:label1 "Written by" and twitter:data1 "Jane Doe".
    const label = /^twitter:(label|data)(\d)$/.exec(key);
    if (label && label[1] === 'label' && /^written\s+by$/i.test(content)) labels.set(label[2], content);
    else if (label && label[1] === 'data' && labels.has(label[2])) values.push(content);
  }
  return values
    .filter((value) => !/^(?:https?:|\/\/|www\.|@)/i.test(value))
    .flatMap((value) => listedNames(value, scope.own))
    .filter(scope.shows)
    .map((name) => ({ name, role: null }));
}

const AUTHOR_ELEMENTS = [
  'a[rel~="author"]',
  '[itemprop~="author"]',
  '.byline',
  '.author',
  '.entry-author',
  '.post-author',
  '.article-author',
  '[class*="author-name" i]',
  '[class*="author__name" i]',
  '[class*="byline__author" i]',
  '[class*="author-info" i]',
  '[class*="author-box" i]',
].join(', ');
const NAME_INSIDE = '[itemprop="name"], .fn, .p-name, [class*="name" i]';
const ROLE_INSIDE = '[class*="description" i], [class*="job" i], [class*="role" i], [class*="position" i], [itemprop="jobTitle"], [class*="bio" i]';

/** The author elements of the site's own articles: each names one author, or several by their links (Ghost's "A, B"). */
export function elementAuthors(document: Document, scope: AuthorScope): DeclaredAuthor[] {
  const authors: DeclaredAuthor[] = [];
  for (const element of document.querySelectorAll(AUTHOR_ELEMENTS)) {
    // A page-wide element whose classes say "author" (a theme's <body class="… show-author-name …">) is no byline.
    if (/^(?:HTML|BODY|MAIN)$/.test(element.tagName) || scope.theirs(element)) continue;
    const named = element.querySelector(NAME_INSIDE);
    const links = [...element.querySelectorAll('a')].map((link) => nameOf(link.textContent)).filter(looksLikePersonName);
    if (named) {
      // A bio is a sentence: only a title line of it is a role.
      const role = element.querySelector(ROLE_INSIDE);
      const text = role?.getAttribute('content') ?? role?.textContent ?? undefined;
      authors.push({
        name: nameOf(named.getAttribute('content') ?? named.textContent),
        role: /bio/i.test(role?.getAttribute('class') ?? '') ? titled(text) : roleOf(text),
      });
    } else if (links.length >= 2) authors.push(...links.map((name) => ({ name, role: null })));
    else if (clean(element.getAttribute('content') ?? element.textContent).length <= 200)
      authors.push(...listedNames(element.getAttribute('content') ?? element.textContent ?? '', scope.own).map((name) => ({ name, role: null })));
  }
  return authors.filter(({ name }) => looksLikePersonName(name));
}

/** Paths of an author archive: any name in the link's text is the author's. */
const ARCHIVE =
  /^\/(?:[^?#]*\/)?(?:authors?|writers?|contributors?|columnists?|reporters?|journalists?|correspondents?|byline|autor(?:es|en|in)?|auteurs?|autore|autori|redakteur(?:in)?|redacteur|journaliste|giornalisti|periodistas?|kolumnist(?:en)?|avtory?)\/[^/?#]+\/?$/i;
/** Paths of a staff page: the link is a person's when its last part spells the name. */
const STAFF_PAGE =
  /^\/(?:[^?#]*\/)?(?:team|our-team|staff|bios?|attorneys|lawyers|doctors|physicians|providers|dentists|agents|advisors|teachers|tutors|faculty|instructors|trainers|coaches|therapists|counsellors|counselors|consultants)\/([^/?#]+)\/?$/i;
/** Words of the paths above, to pass over every other link at once. */
const PEOPLE_HREF =
  /author|autor|auteur|avtor|writer|contributor|columnist|kolumnist|reporter|journalist|giornalist|periodist|correspondent|redakteur|redacteur|byline|team|staff|bio|attorney|lawyer|doctor|physician|provider|dentist|agent|advis|teacher|tutor|faculty|instructor|trainer|coach|therapist|counsel|consultant/i;
/** A page's people are capped (PAGE_CAPS in page.ts): more links than this name no more authors. */
const MOST_AUTHORS = 100;
/** Menus: their links are sections of the site, not people, except a list of the site's writers. */
const MENU = 'nav, footer, header, [role="navigation"], [role="menu"], [class*="nav" i], [class*="menu" i]';
/** The list a menu link stands in: a menu of the site's writers ("Columnists" / Jane Doe, John Roe) is one list of their archive links. */
const MENU_LIST = 'ul, ol, [role="menu"], nav';

/** A first name written as two initials, then a surname: "PJ Hamel", "AJ Okafor" (alone, as much an acronym's shape: "HR Manager"). */
const INITIALS_NAME = /^\p{Lu}{2} \p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u;

/** Whether the last part of a path spells the whole name and nothing else ("/author/pj-hamel" for PJ Hamel). */
function spellsWhole(path: string, name: string): boolean {
  const slug = foldName(decodeURIComponent(path.replace(/\/$/, '').split('/').pop() ?? ''));
  return !!slug && slug === foldName(name);
}

/** Whether the last part of a path spells the name ("/team/lars-ostergaard" for Lars Østergaard). */
function spells(path: string, name: string): boolean {
  const slug = foldName(decodeURIComponent(path.replace(/\/$/, '').split('/').pop() ?? ''));
  const words = name.split(' ').map(foldName).filter(Boolean);
  return words.length >= 2 && slug.includes(words[0]) && slug.includes(words[words.length - 1]);
}

/**
 * Links to the site's author archives and staff pages whose text is the person's name; in a menu,
 * only a list of at least two author archives (a "Columnists" menu of the site's writers), never one
 * archive link among a menu's sections.
 */
export function archiveAuthors(document: Document, scope: AuthorScope): DeclaredAuthor[] {
  const found = new Set<string>();
  const menus = new Map<Element, Set<string>>();
  for (const link of document.querySelectorAll('a[href]')) {
    // The cheap tests first, and each name once: a page of thousands of links asks little of each.
    const href = link.getAttribute('href') ?? '';
    if (found.size >= MOST_AUTHORS || !PEOPLE_HREF.test(href)) continue;
    const name = nameOf(link.textContent);
    if (found.has(name) || !(looksLikePersonName(name) || INITIALS_NAME.test(name))) continue;
    const path = scope.sitePath(href);
    if (path === null || scope.theirs(link)) continue;
    // "PJ Hamel": initials for a first name only where the archive's address spells the whole name ("/author/pj-hamel").
    if (!looksLikePersonName(name) && !(ARCHIVE.test(path) && spellsWhole(path, name))) continue;
    const archive = ARCHIVE.test(path) || /[?&]author=/.test(href);
    // A page-wide element (<body class="has-subnav">) is no menu: its classes speak of the page.
    const menu = link.closest(MENU);
    if (menu && !/^(?:HTML|BODY|MAIN)$/.test(menu.tagName)) {
      const list = archive ? link.parentElement?.closest(MENU_LIST) : null;
      if (list && (menus.get(list)?.size ?? 0) < MOST_AUTHORS) menus.set(list, (menus.get(list) ?? new Set()).add(name));
    } else if (archive || (STAFF_PAGE.test(path) && spells(path, name))) found.add(name);
  }
  for (const names of menus.values()) if (names.size >= 2) for (const name of names) if (found.size < MOST_AUTHORS) found.add(name);
  return [...found].map((name) => ({ name, role: null }));
}

/**
 * A heading that names a list of the site's writers: "Columnists", "Our contributors", "Critics",
 * "Kolumnisten", "Chroniqueurs", "Colunistas", "Колумнисты", "コラムニスト", "칼럼진별" (by columnist). Not a bare
 * "Authors", which a bookshop's list of the authors it sells is headed too.
 */
const WRITERS_HEADING =
  /^(?:(?:our|the|meet\s+our)\s+)?(?:columnists|columns\s+by|contributors|contributing\s+writers|writers|staff\s+writers|reporters|correspondents|critics|editors|bloggers)$|^(?:our|nos|unsere|nuestros|i\s+nostri)\s+(?:authors|auteurs|autoren|autores|autori)$|^(?:kolumnisten|chroniqueurs|columnistas|colunistas|editorialisti|колумнисты|コラムニスト|執筆者|칼럼니스트|칼럼진|필진)(?:별|一覧)?$/iu;
/** A column's word after the writer's name in a list item: "정석희칼럼", "Jane Doe's column", "Jane Doe Column". */
const COLUMN_WORD = /\s*(?:['’]s\s+)?(?:column|kolumne|chronique|칼럼|コラム)$/iu;
/** Items of a list read at most: a site lists a few dozen writers. */
const MOST_LISTED = 200;

/** A list item's writer: the name its link emphasises (<a><em>Name</em>Column</a>), else its link's text, without a column's word. */
function listedWriter(item: Element): string | null {
  const links = item.querySelectorAll('a');
  if (links.length !== 1 || clean(links[0].textContent) !== clean(item.textContent)) return null;
  const emphasised = links[0].querySelector('em, strong, b');
  const name = nameOf(clean(emphasised?.textContent || links[0].textContent).replace(COLUMN_WORD, ''));
  return looksLikePersonName(name) || looksLikeHangulName(name) ? name : null;
}

/**
 * The site's writers as a list under a heading naming them (WRITERS_HEADING): the list after the
 * heading (within its next two siblings), each item one link to a page of the site whose text is a
 * name; at least two.
 */
export function writerLists(document: Document, scope: AuthorScope): DeclaredAuthor[] {
  const authors: DeclaredAuthor[] = [];
  // A menu's label over its submenu ("<li><a>Columnists »</a><ul>…") heads a list as much as a heading does.
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6, li > a:not([href]), li > span')) {
    if (!WRITERS_HEADING.test(clean(heading.textContent).replace(/\s*[»›:>]$/, '')) || scope.theirs(heading)) continue;
    let list = heading.nextElementSibling;
    for (let step = 0; list && step < 2 && !/^(?:UL|OL)$/.test(list.tagName); step++) list = list.nextElementSibling;
    if (!list || !/^(?:UL|OL)$/.test(list.tagName)) continue;
    const names: string[] = [];
    const items = [...list.children].slice(0, MOST_LISTED);
    for (const item of items) {
      const name = item.tagName === 'LI' ? listedWriter(item) : null;
      if (name && scope.sitePath(item.querySelector('a')?.getAttribute('href') ?? null) !== null && !names.includes(name)) names.push(name);
    }
    if (names.length >= 2 && names.length >= items.length * MOSTLY_NAMES) authors.push(...names.map((name) => ({ name, role: null })));
  }
  return authors;
}

/** A line that introduces the site's people by what they do for it: "We asked our critics to choose…", "Our writers pick…". */
const OUR_WRITERS = /\bour\s+(?:critics|writers|contributors|columnists|reporters|correspondents)\b/i;
/** The share of a list's items or a section's headings that must be names: a list of products or topics with a name among them is none of writers. */
const MOSTLY_NAMES = 0.8;
/** Siblings after the introduction read at most. */
const MOST_SIBLINGS = 400;

/**
 * The site's people a line introduces as its own writers and then heads one section each: "We asked
 * our critics to choose three shows." followed by <h4>Jane Doe</h4>…<h4>John Roe</h4>…, the headings of
 * one level after the line (up to a heading of a higher level), at least two, each a name.
 */
export function introducedWriters(document: Document, scope: AuthorScope): DeclaredAuthor[] {
  const authors: DeclaredAuthor[] = [];
  for (const line of document.querySelectorAll('p, h2, h3, h4, h5, h6')) {
    const text = clean(line.textContent);
    if (text.length > 200 || !OUR_WRITERS.test(text) || scope.theirs(line)) continue;
    let level = 0;
    let headings = 0;
    const names: string[] = [];
    let sibling = line.nextElementSibling;
    for (let step = 0; sibling && step < MOST_SIBLINGS; step++, sibling = sibling.nextElementSibling) {
      const heading = /^H([2-6])$/.exec(sibling.tagName);
      if (!heading) continue;
      const rank = Number(heading[1]);
      if (level && rank < level) break;
      level ||= rank;
      if (rank !== level) continue;
      headings++;
      const name = nameOf(sibling.textContent);
      if (looksLikePersonName(name) && !names.includes(name)) names.push(name);
    }
    if (names.length >= 2 && names.length >= headings * MOSTLY_NAMES) authors.push(...names.map((name) => ({ name, role: null })));
  }
  return authors;
}
