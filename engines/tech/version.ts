/**
 * A reported technology's version, only where the page states it: a technology's own version
 * rules (technologies.ts, `versions`) read script and stylesheet URLs, meta contents, header
 * values and inline code, in the order the rules are written; the first capture that reads as a
 * version wins. A number without a dot (a cache-buster such as ?ver=1699999999) is never one.
 */
import type { Page } from './extract.ts';
import { generatorNames } from './matchers.ts';
import type { Technology, VersionRule } from './technologies.ts';

const MAJOR_ONLY = /^\d{1,3}$/;
const VERSION = /^\d{1,4}\.\d{1,5}(?:\.\d{1,6}){0,2}(?:[-.+]?(?:alpha|beta|rc|pre|preview|dev|b|a|p|patch|lts|stable|final)[.-]?\d{0,4})?$/i;
/** inline code and markup are read up to this many characters per range */
const TEXT_LIMIT = 500_000;

/**
 * Dotted numbers everywhere; a bare major version (Drupal 10) only where a product names itself
 * (meta generator, headers), never in URLs, where a bare number is a cache-buster.
 */
export function isVersion(text: string, source: VersionRule['source'] = 'script'): boolean {
  return VERSION.test(text) || ((source === 'meta' || source === 'header') && MAJOR_ONLY.test(text));
}

function first(rule: VersionRule, texts: Iterable<string>): string | null {
  for (const text of texts) {
    const match = rule.re.exec(text);
    const value = match?.[1]?.replace(/^v/i, '');
    if (value && isVersion(value, rule.source)) return value;
  }
  return null;
}

export function readVersion(technology: Technology, page: Page, headers: Record<string, string>): string | null {
  for (const rule of technology.versions) {
    const found = first(rule, textsOf(rule, page, headers));
    if (found) return found;
  }
  return generatorVersion(technology, page);
}

/** What may stand between a product's name and its version in a generator meta: a parenthesised
 * alias, an edition word, 'v', 'v.', 'ver:', 'version' (Site Kit by Google 1.2.3, All in One SEO Pro
 * (AIOSEO) 4.5.6, Divi v.4.27.4, WPML ver:4.6.3, Discourse 3.2.0-latest). */
const AFTER_NAME =
  /^(?:\s*\([^)]{1,30}\))?(?:\s+(?:pro|premium|free|lite|plus|community|enterprise|cms))?(?:\s*\([^)]{1,30}\))?[\s:/-]*(?:v(?:er(?:sion)?)?[.:]?\s*)?(\d{1,4}(?:\.\d{1,6}){0,3})([-.+]?[a-z]{1,8}[.-]?\d{0,4})?/i;

/**
 * The version every generator meta that names the technology states right after its name (one
 * rule for every technology with a generator signal, so none is left without it).
 */
function generatorVersion(technology: Technology, page: Page): string | null {
  const names = [
    ...technology.signals.filter((s) => s.kind === 'meta' && s.name === 'generator' && s.pattern).map((s) => s.pattern),
    ...generatorNames(technology),
  ];
  for (const meta of page.metas) {
    if (meta.name !== 'generator') continue;
    for (const name of names) {
      const at = meta.content.indexOf(name);
      if (at < 0) continue;
      const match = AFTER_NAME.exec(meta.raw.slice(at + name.length, at + name.length + 60));
      if (!match) continue;
      const [, number, suffix] = match;
      if (suffix && isVersion(number + suffix, 'meta')) return number + suffix;
      if (isVersion(number, 'meta')) return number;
    }
  }
  return null;
}

function* textsOf(rule: VersionRule, page: Page, headers: Record<string, string>): Iterable<string> {
  switch (rule.source) {
    case 'script':
      yield* page.scriptUrls;
      return;
    case 'style':
      yield* page.styleUrls;
      return;
    case 'meta':
      for (const meta of page.metas) if (meta.name === rule.name) yield meta.raw;
      return;
    case 'header':
      for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === rule.name) yield String(value);
      return;
    case 'inline':
      for (const [start, end] of page.inline) yield page.html.slice(start, Math.min(end, start + TEXT_LIMIT));
      return;
    case 'comment':
      for (const [start, end] of page.comments) yield page.html.slice(start, Math.min(end, start + TEXT_LIMIT));
      return;
    case 'html':
      for (const [start, end] of page.markup) yield page.html.slice(start, Math.min(end, start + TEXT_LIMIT));
      return;
  }
}
