/**
 * Everything one page says about contacts: addresses with how they were found, person
 * name–address pairs (team cards, named mailto links, JSON-LD Person), social profile links and
 * the same-site links that lead to the other pages worth reading.
 */
import { metaTags } from '../company/organization.ts';
import { revealStreamedContent } from '../markdown/declutter.ts';
import { parseBounded } from '../parse/dom.ts';
import { objectsIn } from '../parse/json-walk.ts';
import {
  addressesIn,
  cleanAddress,
  labelledAddressesIn,
  type FoundAddress,
  decodeCfEmail,
  normaliseObfuscations,
  parseMailto,
  PIECE_BREAK,
  type EmailSource,
} from './emails.ts';
import { looksLikePersonName } from './names.ts';
import { readPeople, type PagePerson } from './people.ts';
import { fediverseProfile, socialProfile, twitterHandleProfile } from './social.ts';

export type FoundEmail = FoundAddress;

export interface PageContacts {
  emails: FoundEmail[];
  /** The people the page names (engines/contacts/people.ts). */
  people: PagePerson[];
  social: string[];
  links: string[];
}

/**
 * What one page may contribute at most: distinct addresses (with how each was found), people and
 * links. A real contact page names a few dozen; a page of thousands is built to cost, and the
 * first ones are as good as any.
 */
export const PAGE_CAPS = { emails: 100, people: 100, links: 300 } as const;

/** Elements whose text is not page text: scripts (structured data is read on its own), styles, templates. */
const NOT_TEXT = 'script, style, noscript, template, svg, iframe, object';

export function readPage(html: string, url: string, { teamPage = false } = {}): PageContacts {
  const wrapped = /<(html|body)[\s>]/i.test(html.slice(0, 5000)) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const document = parseBounded(wrapped);
  // React's streamed content is the page, shown by its script: revealed before hidden elements are left out.
  revealStreamedContent(document);
  const emails: FoundEmail[] = [];
  const mailtoPeople: { name: string; email: string }[] = [];
  const social = new Set<string>();
  const links: string[] = [];
  const add = (raw: string, source: EmailSource) => {
    const address = cleanAddress(raw);
    if (address) emails.push({ address, source });
  };

  // A hidden address on its own is a spam-bot honeypot, not a published contact; a hidden block with
  // text of its own is a panel the reader opens (a tab, an accordion, a form's next step, a dialog):
  // its addresses are published, but only they are read from it (its bylines are no page's people).
  const panels: Element[] = [];
  for (const element of document.querySelectorAll('[hidden], [style]')) {
    if (!element.isConnected) continue;
    if (!element.hasAttribute('hidden') && !/display\s*:\s*none|visibility\s*:\s*hidden/i.test(element.getAttribute('style') ?? '')) continue;
    if (isOpenablePanel(element.textContent ?? '')) panels.push(element);
    element.remove();
  }
  // A template (Alpine's x-if, Vue's v-if, a web component's) holds a part a script shows: a panel too, its markup parsed apart.
  for (const template of document.querySelectorAll('template')) {
    const markup = template.innerHTML;
    if (panels.length >= MAX_PANELS || !/@|email-protection/i.test(markup)) continue;
    const body = parseBounded(`<html><body>${markup}</body></html>`).body;
    if (body && isOpenablePanel(body.textContent ?? '')) panels.push(body);
  }
  // A protected address decodes to what the mailto link held, its query too ("?subject=…").
  const addProtected = (decoded: string | null) => {
    for (const address of decoded ? parseMailto(decoded) : []) add(address, 'cfemail');
  };
  for (const element of document.querySelectorAll('[data-cfemail]')) addProtected(decodeCfEmail(element.getAttribute('data-cfemail') ?? ''));
  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? '';
    const protectedHex = href.match(/\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i);
    if (protectedHex) {
      const decoded = decodeCfEmail(protectedHex[1]);
      addProtected(decoded);
      // A protected link is a mailto link: its card's name is the person's, as for a plain one.
      const recipients = (decoded ? parseMailto(decoded) : []).map(cleanAddress).filter((address): address is string => !!address);
      const name = recipients.length === 1 ? personNear(anchor) : null;
      if (name) mailtoPeople.push({ name, email: recipients[0] });
      continue;
    }
    if (/^\s*mailto:/i.test(href)) {
      const recipients = parseMailto(href)
        .map(cleanAddress)
        .filter((address): address is string => !!address);
      for (const address of recipients) emails.push({ address, source: 'mailto' });
      if (recipients.length === 1) {
        const name = personNear(anchor);
        if (name) mailtoPeople.push({ name, email: recipients[0] });
      }
      continue;
    }
    const absolute = resolve(href, url);
    if (!absolute) continue;
    const profile = socialProfile(absolute, { allowPeople: teamPage });
    if (profile) social.add(profile);
    else links.push(absolute);
  }
  for (const link of document.querySelectorAll('link[rel~="me"][href], a[rel~="me"][href]')) {
    const absolute = resolve(link.getAttribute('href') ?? '', url);
    const profile = absolute && (socialProfile(absolute) ?? fediverseProfile(absolute));
    if (profile) social.add(profile);
  }
  const twitterSite = metaTags(document).get('twitter:site');
  const twitterProfile = twitterSite ? twitterHandleProfile(twitterSite) : null;
  if (twitterProfile) social.add(twitterProfile);
  for (const element of document.querySelectorAll('[itemprop="email"]')) {
    add((element.getAttribute('content') ?? element.textContent ?? '').replace(/^mailto:/i, ''), 'structured');
  }
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    readJsonLd(script.textContent ?? '', { add, social });
  }
  readUiStrings(document, add);
  const people = readPeople(document, url, { teamPage, mailtoPeople });

  const addText = (root: Element) => {
    for (const element of root.querySelectorAll(NOT_TEXT)) element.remove();
    const { plain, spelledOut } = normaliseObfuscations(visibleText(root));
    const spelled = new Set(spelledOut);
    const labelled = labelledAddressesIn(plain);
    for (const raw of addressesIn(plain)) {
      const address = cleanAddress(raw);
      if (address) emails.push({ address, source: 'text', spelledOut: spelled.has(address), ...(labelled.has(address) && { labelled: true }) });
    }
  };
  if (document.body) addText(document.body);
  for (const panel of panels.slice(0, MAX_PANELS)) {
    for (const element of panel.querySelectorAll('[data-cfemail]')) addProtected(decodeCfEmail(element.getAttribute('data-cfemail') ?? ''));
    for (const anchor of panel.querySelectorAll(MAIL_LINKS)) {
      const href = anchor.getAttribute('href') ?? '';
      const protectedHex = href.match(/\/cdn-cgi\/l\/email-protection#([0-9a-f]+)/i);
      if (protectedHex) addProtected(decodeCfEmail(protectedHex[1]));
      else for (const address of parseMailto(href)) add(address, 'mailto');
    }
    addText(panel);
  }
  return {
    emails: distinctEmails(emails).slice(0, PAGE_CAPS.emails),
    people: people.slice(0, PAGE_CAPS.people),
    social: [...social],
    links: [...new Set(links)].slice(0, PAGE_CAPS.links),
  };
}

/** Each address once per way it was found (a spelled-out find kept only when no plain one exists). */
function distinctEmails(emails: FoundEmail[]): FoundEmail[] {
  const kept = new Map<string, FoundEmail>();
  for (const email of emails) {
    const key = `${email.address} ${email.source}`;
    const other = kept.get(key);
    if (!other) kept.set(key, email);
    else if (other.spelledOut && !email.spelledOut) kept.set(key, email);
  }
  return [...kept.values()];
}

const BLOCKS = new Set([
  'P',
  'DIV',
  'LI',
  'UL',
  'OL',
  'TD',
  'TH',
  'TR',
  'TABLE',
  'BR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'NAV',
  'MAIN',
  'ASIDE',
  'ADDRESS',
  'DD',
  'DT',
  'DL',
  'FORM',
  'BLOCKQUOTE',
  'PRE',
  'HR',
  'FIGURE',
  'FIGCAPTION',
  'BUTTON',
  'OPTION',
]);

/**
 * Text as a reader sees it: block elements apart, inline pieces (hello<span>@</span>acme.com)
 * together, except where pieces of different elements meet letter to letter (PIECE_BREAK).
 */
function visibleText(root: Node): string {
  const parts: string[] = [];
  let last: { parent: Node | null; text: string } | null = null;
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const text = node.nodeValue ?? '';
      if (last && last.parent !== node.parentNode && /[\p{L}\p{N}]$/u.test(last.text) && /^[\p{L}\p{N}]/u.test(text)) parts.push(PIECE_BREAK);
      parts.push(text);
      if (text) last = { parent: node.parentNode, text };
      return;
    }
    if (node.nodeType === 1) {
      const block = BLOCKS.has((node as Element).tagName);
      if (block) {
        parts.push(' ');
        last = null;
      }
      for (const child of node.childNodes) walk(child);
      if (block) {
        parts.push(' ');
        last = null;
      }
    }
  };
  walk(root);
  return parts.join('');
}

const MAIL_LINKS = 'a[href^="mailto:" i], a[href*="/cdn-cgi/l/email-protection#"]';

/** A person's name for a mailto link: its own text, else the first heading of the smallest card holding only this link. */
function personNear(anchor: Element): string | null {
  const own = (anchor.textContent ?? '').trim();
  if (looksLikePersonName(own)) return own;
  let card: Element | null = anchor.parentElement;
  for (let depth = 0; card && depth < 4; depth++, card = card.parentElement) {
    if (card.querySelectorAll(MAIL_LINKS).length > 1) return null;
    const heading = card.querySelector('h1, h2, h3, h4, h5, h6, strong, b, [itemprop="name"], .name, [class$="-name" i], [class*="__name" i]');
    const text = (heading?.textContent ?? '').trim();
    if (heading && looksLikePersonName(text)) return text;
  }
  return null;
}

/** A string literal of a script or of JSON: double- or single-quoted, on one line. */
const LITERAL = /"((?:[^"\\\n]|\\.){3,400})"|'((?:[^'\\\n]|\\.){3,400})'/g;
/** A message the UI shows: a few words, not a token. */
const MESSAGE_WORDS = 4;

/** A literal's value with its escapes undone (\u0040, \/). */
function literalValue(raw: string): string {
  try {
    return JSON.parse(`"${raw.replace(/\\'/g, "'").replace(/(?<!\\)"/g, '\\"')}"`) as string;
  } catch {
    return raw;
  }
}

/**
 * Addresses the page's UI strings publish, which its scripts render: in a data script (type
 * application/json: Next.js' page data) or a component's JSON props (data-text='{…}'), a value that is
 * a mailto link or an address and nothing else; in any script, a mailto link or a message of a few
 * words holding an address ("Please contact the site administrators at blogs@acme.com"). A bare
 * address in a script's code (var x = "dev@acme.io") is no published one, nor an address inside a
 * URL or a token.
 */
function readUiStrings(document: Document, add: (raw: string, source: EmailSource) => void): void {
  const read = (source: string, data: boolean) => {
    if (!source.includes('@')) return;
    for (const match of source.matchAll(LITERAL)) {
      const raw = match[1] ?? match[2];
      if (!raw.includes('@')) continue;
      const value = literalValue(raw).trim();
      if (/^mailto:/i.test(value)) for (const address of parseMailto(value)) add(address, 'mailto');
      else if (data && cleanAddress(value) === value.toLowerCase()) add(value, 'structured');
      else if (value.split(/\s+/).length >= MESSAGE_WORDS && !/https?:|\/\//i.test(value)) for (const address of addressesIn(value)) add(address, 'text');
    }
  };
  for (const script of document.querySelectorAll('script')) {
    const type = (script.getAttribute('type') ?? '').toLowerCase();
    if (type === 'application/ld+json') continue;
    if (!type || /javascript|module|json/.test(type)) read(script.textContent ?? '', /json/.test(type));
  }
  for (const element of document.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      if (name.startsWith('data-') && /^\s*[[{]/.test(value) && value.includes('@')) read(value, true);
    }
  }
}

function readJsonLd(source: string, { add, social }: { add: (raw: string, source: EmailSource) => void; social: Set<string> }) {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return;
  }
  for (const record of objectsIn(data)) {
    if (typeof record.email === 'string') add(record.email.replace(/^mailto:/i, ''), 'structured');
    const sameAs = record.sameAs;
    for (const link of Array.isArray(sameAs) ? sameAs : typeof sameAs === 'string' ? [sameAs] : []) {
      const profile = typeof link === 'string' ? socialProfile(link) : null;
      if (profile) social.add(profile);
    }
  }
}

function resolve(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Hidden panels read for addresses, at most (a page of many tabs stays one page's work). */
const MAX_PANELS = 50;

/** Words of a hidden block's own, addresses aside: a panel's text, not a trap's lone address or label. */
const PANEL_WORDS = 12;
export function isOpenablePanel(text: string): boolean {
  let words = 0;
  for (const word of text.slice(0, 4000).split(/\s+/)) if (word && !word.includes('@') && ++words >= PANEL_WORDS) return true;
  return false;
}
