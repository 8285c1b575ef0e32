/**
 * robots.txt as RFC 9309 reads it. Groups start at one or more user-agent lines; a crawler obeys
 * the groups whose user-agent equals its product token (case-insensitive; several such groups
 * are merged), else the "*" groups, else nothing is disallowed. Within the groups the longest
 * matching rule wins, an allow beats a disallow of the same length, and no match allows. `*`
 * matches any run of characters and a final `$` anchors the end. Paths and patterns are compared
 * with percent-encoding normalised (unreserved characters decoded, other escapes upper-cased,
 * non-ASCII encoded as UTF-8). Pure.
 */

export interface RobotsRule {
  allow: boolean;
  pattern: string;
}

export interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
}

export interface Robots {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Lines that are neither blank, comments nor a known field. */
  unknownLines: number;
}

/** How the file was fetched decides what it means before any line is read (RFC 9309 §2.3.1). */
export type RobotsAvailability = 'parsed' | 'unavailable' | 'unreachable';

// The value is trimmed afterwards: a lazy (.*?)\s*$ is quadratic in a long run of trailing space.
const FIELD = /^\s*([A-Za-z-]+(?:[ \t][A-Za-z-]+)?)\s*:(.*)$/;
const USER_AGENT = /^user[ -]?agent$/i;
// Google's parser also accepts these misspellings; shops do write them.
const DISALLOW = /^(?:disallow|dissallow|dissalow|disalow|diasllow|disallaw)$/i;
const ALLOW = /^allow$/i;
const SITEMAP = /^(?:sitemap|site-map)$/i;
const OTHER = /^(?:crawl-delay|host|clean-param|request-rate|visit-time|noindex|content-signal)$/i;

export function parseRobots(text: string): Robots {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let unknownLines = 0;
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '');
    if (!line.trim()) continue;
    const match = FIELD.exec(line);
    if (!match) {
      unknownLines += 1;
      continue;
    }
    const key = match[1];
    const value = match[2].trim();
    if (USER_AGENT.test(key)) {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      const token = value.match(/^[A-Za-z_*-]+/)?.[0];
      if (token) current.agents.push(token.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    if (SITEMAP.test(key)) {
      if (value) sitemaps.push(value);
      continue;
    }
    const allow = ALLOW.test(key);
    if (allow || DISALLOW.test(key)) {
      lastWasAgent = false;
      // Rules before the first user-agent line belong to no group.
      if (current) current.rules.push({ allow, pattern: value });
      continue;
    }
    // Other known fields (crawl-delay, host...) neither end nor start a group.
    if (!OTHER.test(key)) unknownLines += 1;
  }
  return { groups, sitemaps, unknownLines };
}

/** The rules a crawler with this product token obeys (merged groups), or null when no group applies. */
export function rulesFor(robots: Robots, token: string): RobotsRule[] | null {
  const wanted = token.toLowerCase();
  const own = robots.groups.filter((group) => group.agents.includes(wanted));
  const chosen = own.length ? own : robots.groups.filter((group) => group.agents.includes('*'));
  return chosen.length ? chosen.flatMap((group) => group.rules) : null;
}

/** Whether the crawler may fetch the URL's path and query. */
export function isAllowed(robots: Robots, token: string, url: string): boolean {
  const rules = rulesFor(robots, token);
  if (!rules) return true;
  const target = pathOf(url);
  if (target === '/robots.txt') return true;
  let best: RobotsRule | null = null;
  let bestLength = -1;
  for (const rule of rules) {
    // An empty Disallow disallows nothing; an empty Allow allows nothing more.
    if (!rule.pattern) continue;
    const pattern = normalisedPattern(rule);
    if (!matches(pattern, target)) continue;
    const length = pattern.length;
    if (length > bestLength || (length === bestLength && rule.allow && !best!.allow)) {
      best = rule;
      bestLength = length;
    }
  }
  return best ? best.allow : true;
}

/** What a crawler may do when the file could not be parsed: 4xx allows all, 5xx and network errors disallow all. */
export function allowedWithout(availability: Exclude<RobotsAvailability, 'parsed'>): boolean {
  return availability === 'unavailable';
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url, 'http://robots.invalid/');
    return normalise(`${parsed.pathname}${parsed.search}`);
  } catch {
    return normalise(url.startsWith('/') ? url : `/${url}`);
  }
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Each rule's pattern normalised once, however many agents and URLs it is asked about. */
const NORMALISED = new WeakMap<RobotsRule, string>();

function normalisedPattern(rule: RobotsRule): string {
  let pattern = NORMALISED.get(rule);
  if (pattern === undefined) NORMALISED.set(rule, (pattern = normalise(rule.pattern)));
  return pattern;
}

/** Percent-encoding made comparable: unreserved escapes decoded, others upper-cased, raw non-ASCII encoded. Linear, one pass. */
export function normalise(value: string): string {
  const parts: string[] = [];
  let out = '';
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(value.slice(index + 1, index + 3))) {
      const decoded = String.fromCharCode(parseInt(value.slice(index + 1, index + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${value.slice(index + 1, index + 3).toUpperCase()}`;
      index += 2;
    } else if (char.charCodeAt(0) > 0x7e || char.charCodeAt(0) < 0x21) {
      const codePoint = value.codePointAt(index)!;
      if (codePoint > 0xffff) index += 1;
      out += utf8Escapes(codePoint);
    } else out += char;
    if (out.length > 4096) {
      parts.push(out);
      out = '';
    }
  }
  parts.push(out);
  return parts.join('');
}

/** A code point as %XX escapes of its UTF-8 bytes (a lone surrogate as U+FFFD, as the encoder writes it). */
function utf8Escapes(codePoint: number): string {
  try {
    return encodeURIComponent(String.fromCodePoint(codePoint));
  } catch {
    return '%EF%BF%BD';
  }
}

/** `*` is any run of characters, a final `$` the end of the path; otherwise a prefix match. */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  if (!body.includes('*')) return anchored ? path === body : path.startsWith(body);
  const parts = body.split('*');
  // Greedy-free matching of the literal parts in order: the first at the start, the rest left to right.
  if (!path.startsWith(parts[0])) return false;
  let position = parts[0].length;
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index];
    if (index === parts.length - 1 && anchored) {
      return part === '' || (path.length - part.length >= position && path.endsWith(part));
    }
    const found = path.indexOf(part, position);
    if (found < 0) return false;
    position = found + part.length;
  }
  return !anchored || position === path.length || body.endsWith('*');
}
