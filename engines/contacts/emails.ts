/**
 * Published email addresses: decoding the ways sites hide them (Cloudflare's data-cfemail, mailto
 * with several recipients and a query, [at]/(dot) and spelled-out forms, full-width @, zero-width
 * characters) and refusing what only looks like an address (retina image names, placeholder and
 * reserved domains, error-tracker DSNs, site-builder telemetry, package versions).
 */

import { siteDomain } from '../company/organization.ts';
import { decodeUriPart } from '../parse/uri.ts';

/** How an address was found: explicit ones (a link, Cloudflare, structured data) carry publishing intent. */
export type EmailSource = 'cfemail' | 'mailto' | 'structured' | 'text';

const ADDRESS = /[a-z0-9][a-z0-9._%+'-]{0,63}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?![a-z0-9-])/gi;
const FILE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'avif',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'css',
  'js',
  'mjs',
  'map',
  'json',
  'xml',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'mp4',
  'webm',
  'mov',
  'mp3',
  'wav',
  'pdf',
  'zip',
  'gz',
  'php',
  'html',
  'htm',
  'txt',
  'ts',
  'jsx',
  'tsx',
]);
const PLACEHOLDER_DOMAINS = new Set([
  'example.com',
  'example.org',
  'example.net',
  'domain.com',
  'yourdomain.com',
  'your-domain.com',
  'mydomain.com',
  'email.com',
  'company.com',
  'yourcompany.com',
  'test.com',
  'website.com',
  'yoursite.com',
  'site.com',
  'sample.com',
  'acme.com',
]);
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'local', 'localhost', 'internal', 'lan', 'home', 'corp']);
const PLACEHOLDER_LOCALS = new Set([
  'you',
  'your',
  'name',
  'email',
  'your.name',
  'yourname',
  'your.email',
  'youremail',
  'firstname.lastname',
  'first.last',
  'firstname',
  'john.doe',
  'jane.doe',
  'user',
  'username',
  'someone',
  'me',
]);
/**
 * Domains of error trackers and site builders whose addresses appear in page code, never as a
 * company's contact (unless the company is that platform).
 */
const PLATFORM_DOMAINS = [
  'sentry.io',
  'sentry-next.wixpress.com',
  'wixpress.com',
  'wix.com',
  'squarespace.com',
  'sqsp.com',
  'wordpress.com',
  'wordpress.org',
  'wpengine.com',
  'godaddy.com',
  'shopify.com',
  'weebly.com',
  'webflow.io',
  'bugsnag.com',
  'rollbar.com',
];
/** Free-mail providers: a small firm may publish one of these on its own site. */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'aol.com',
  'zoho.com',
  'fastmail.com',
  'yandex.ru',
  'mail.ru',
]);

const endsWithDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The target, its www-less form, and whether `host` belongs to it. */
export function isTargetDomain(host: string, target: string): boolean {
  const bare = target.toLowerCase().replace(/^www\./, '');
  return endsWithDomain(host.toLowerCase(), bare);
}

/** Cloudflare Email Address Obfuscation: the first byte is the key, every following byte XOR it, then UTF-8. */
export function decodeCfEmail(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = parseInt(hex.slice(0, 2), 16);
  const bytes = Buffer.alloc(hex.length / 2 - 1);
  for (let index = 2; index < hex.length; index += 2) bytes[index / 2 - 1] = parseInt(hex.slice(index, index + 2), 16) ^ key;
  const text = bytes.toString('utf8');
  return text.includes('\uFFFD') ? null : text;
}

/** Every recipient of a mailto: URL (RFC 6068): the comma-separated path, and to/cc/bcc in the query. */
export function parseMailto(href: string): string[] {
  const body = href.trim().replace(/^mailto:(?:\/\/)?/i, '');
  const [path, query = ''] = body.split('?', 2);
  const recipients = path.split(',');
  for (const pair of query.split('&')) {
    const [name, value = ''] = pair.split('=', 2);
    if (/^(to|cc|bcc)$/i.test(name)) recipients.push(...value.split(','));
  }
  return recipients.map((recipient) => decodeUriPart(recipient).trim()).filter(Boolean);
}

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const AT_WORDS = String.raw`\s*(?:\[\s*at\s*\]|\(\s*at\s*\)|\{\s*at\s*\}|<\s*at\s*>|\s+at\s+)\s*`;
const DOT_WORDS = String.raw`\s*(?:\[\s*dot\s*\]|\(\s*dot\s*\)|\{\s*dot\s*\}|<\s*dot\s*>|\s+dot\s+)\s*`;
const LOCAL = String.raw`[a-z0-9][a-z0-9._%+-]{0,63}`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;
const OBFUSCATED = new RegExp(String.raw`(${LOCAL})${AT_WORDS}((?:${LABEL}(?:${DOT_WORDS}|\.))+[a-z]{2,24})(?![a-z0-9-])`, 'gi');
const BRACKETED = /[[({<]\s*(?:at|dot)\s*[\])}>]/i;
/** Words prose puts before " at ": "contact us at acme.com" names a site, not a mailbox. */
const PROSE_LOCALS = new Set([
  'us',
  'me',
  'him',
  'her',
  'them',
  'it',
  'one',
  'all',
  'least',
  'once',
  'home',
  'work',
  'times',
  'first',
  'last',
  'best',
  'night',
  'look',
  'available',
  'found',
  'online',
  'here',
  'there',
  'now',
  'today',
  'anytime',
  'visit',
  'shop',
  'buy',
  'more',
  'info',
]);

/** Text with the invisible characters removed and full-width or spelled-out @ and dots written plainly. */
export function normaliseObfuscations(text: string): { plain: string; spelledOut: string[] } {
  const cleaned = text.normalize('NFKC').replace(INVISIBLE, '');
  const spelledOut: string[] = [];
  const plain = cleaned.replace(OBFUSCATED, (match, local: string, domain: string) => {
    const address = `${local}@${domain.replace(new RegExp(DOT_WORDS, 'gi'), '.')}`.toLowerCase();
    if (!BRACKETED.test(match)) {
      // An address spelled out without brackets is written in lower case with a real local part;
      // "GTM Strategy at Teamwork.com", "today. At business.com", "email us at acme.com" are prose.
      if (match !== match.toLowerCase() || /[._%+-]$/.test(local) || PROSE_LOCALS.has(local.toLowerCase())) return match;
      // "permissions pages at www.acme.org": a web address, never a mailbox's domain.
      if (/^www(?:\.|\s)/i.test(domain)) return match;
      // " at ... dot " in prose ("meet us at the park dot com") needs a known domain to count.
      spelledOut.push(address);
    }
    return ` ${address} `;
  });
  return { plain, spelledOut };
}

/**
 * Where two inline pieces of text from different elements meet letter to letter: an address never
 * starts before it ("United States" "4143132807" "kristen@…" is not states4143132807kristen@…).
 */
export const PIECE_BREAK = '\u0001';

/** Addresses in plain text (after normaliseObfuscations); none runs across a PIECE_BREAK. */
export function addressesIn(text: string): string[] {
  return [...text.matchAll(ADDRESS)].map((match) => match[0]);
}

/** A label the text writes before an address: "Email:", "E-mail address:", "Courriel :", "Эл. почта:", "이메일 :", "メール：". */
const ADDRESS_LABEL = /(?:e-?mail(?:\s+address)?|courriel|correo(?:\s+electr[oó]nico)?|почта|邮箱|電子郵件|이메일|メール(?:アドレス)?)\s*[:：]\s*$/iu;
/** How far before an address its label may start. */
const LABEL_REACH = 32;

/**
 * The addresses of plain text that a label introduces ("Email: legal@parent-group.com"): published as an
 * address to write to, whichever domain they are on (a publisher's parent company's legal desk).
 */
export function labelledAddressesIn(text: string): Set<string> {
  const labelled = new Set<string>();
  for (const match of text.matchAll(ADDRESS)) {
    if (!ADDRESS_LABEL.test(text.slice(Math.max(0, match.index - LABEL_REACH), match.index))) continue;
    const address = cleanAddress(match[0]);
    if (address) labelled.add(address);
  }
  return labelled;
}

/** Lower case, no surrounding punctuation; null when it is not an address at all. */
export function cleanAddress(raw: string): string | null {
  const address = raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .trim()
    .toLowerCase()
    .replace(/^[<("'\s]+|[>)"'.,;:!?\s]+$/g, '');
  const match = address.match(/^([a-z0-9][a-z0-9._%+'-]{0,63})@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,24}))$/);
  return match ? address : null;
}

export interface EmailVerdict {
  keep: boolean;
  reason?: string;
}

/** Whether a found address is a published contact of `target`, and why not. */
export function judgeEmail(address: string, source: EmailSource, target: string, { spelledOut = false, labelled = false } = {}): EmailVerdict {
  const [local, domain] = address.split('@');
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  const ours = isTargetDomain(domain, target) || sameDomain(address, target);
  if (FILE_EXTENSIONS.has(tld)) return { keep: false, reason: 'file name' };
  if (RESERVED_TLDS.has(tld)) return { keep: false, reason: 'reserved TLD' };
  if (PLACEHOLDER_DOMAINS.has(domain) && !ours) return { keep: false, reason: 'placeholder domain' };
  if (/@\d+x\./.test(address) || /^\d+(\.\d+)*$/.test(domain.split('.')[0])) return { keep: false, reason: 'image or version' };
  if (!ours && PLATFORM_DOMAINS.some((platform) => endsWithDomain(domain, platform))) return { keep: false, reason: 'platform address' };
  if (/^[0-9a-f]{24,}$/.test(local)) return { keep: false, reason: 'tracker key' };
  // "(888) 981-6893" and a link beside it read as one word: a phone number run into the address.
  if (source === 'text' && /^\d[\d-]*-\d{3,}[a-z]/.test(local)) return { keep: false, reason: 'phone number run into an address' };
  if (!ours && PLACEHOLDER_LOCALS.has(local)) return { keep: false, reason: 'placeholder' };
  if (ours) return { keep: true };
  if (spelledOut) return { keep: false, reason: 'spelled out, not the target domain' };
  // Another domain counts only when the site links it explicitly, or it is a free-mail box.
  if (source !== 'text' || labelled || FREE_MAIL.has(domain)) return { keep: true };
  return { keep: false, reason: 'third-party address in page text' };
}

/** Role mailboxes: never a person, so they never vote for a pattern. */
export const ROLE_LOCALS = new Set([
  'info',
  'hello',
  'hi',
  'contact',
  'contacts',
  'sales',
  'support',
  'help',
  'office',
  'admin',
  'team',
  'jobs',
  'careers',
  'hr',
  'press',
  'media',
  'marketing',
  'billing',
  'accounts',
  'finance',
  'legal',
  'privacy',
  'security',
  'abuse',
  'noreply',
  'no-reply',
  'webmaster',
  'postmaster',
  'enquiries',
  'inquiries',
  'partners',
  'partnerships',
  'recruiting',
  'talent',
  'feedback',
  'service',
  'mail',
  'dpo',
  'investors',
  'ir',
]);

/** Whether an address is on the site's own registrable domain (jo@mail.acme.co.uk for shop.acme.co.uk; not jo@acme-partners.com). */
export function sameDomain(address: string, site: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return siteDomain(domain) === siteDomain(site);
}

/**
 * The published addresses kept, split by whose they are: the site's own domain's (the company's
 * addresses) and every other domain's (a free-mail box, a partner, a listed business), each
 * deduplicated in the order found.
 */
/** How one address was found, as judgeEmail weighs it. */
export interface FoundAddress {
  address: string;
  source: EmailSource;
  /** Spelled out with " at " / " dot " (no brackets): accepted for the target's domain only. */
  spelledOut?: boolean;
  /** In text after a label ("Email:"): published whatever its domain. */
  labelled?: boolean;
}

export function splitAddresses<T extends FoundAddress>(found: T[], site: string): { own: string[]; other: string[] } {
  const kept = [...new Set(found.filter((email) => judgeEmail(email.address, email.source, site, email).keep).map((email) => email.address))];
  return { own: kept.filter((address) => sameDomain(address, site)), other: kept.filter((address) => !sameDomain(address, site)) };
}

/** The addresses extract-contacts gives as the company's own, of one page's found addresses. */
export const companyAddresses = (found: FoundAddress[], pageUrl: string): string[] => splitAddresses(found, new URL(pageUrl).hostname).own;
