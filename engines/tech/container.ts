/**
 * Public tag-manager (GTM) containers: the gtm.js JavaScript, read as text and never evaluated.
 * Its layout changes over time, so nothing walks a fixed structure: tag types are read from
 * "function":"__<type>" entries, and paused tags are blanked out first.
 */

const ESCAPE = /\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\\/"'])/g;

/** JS string escapes undone (\/, \", \u003C, \x3c), so hostnames and HTML inside tags read plainly. */
export function unescapeContainer(body: string): string {
  if (!body.includes('\\')) return body;
  return body.replace(ESCAPE, (_, code: string) => (code.length > 1 ? String.fromCharCode(parseInt(code.slice(1), 16)) : code));
}

const PAUSED = '"function":"__paused"';

/** The text with every paused tag object ({"function":"__paused",…}) replaced by spaces. */
export function blankPausedTags(text: string): string {
  let at = text.indexOf(PAUSED);
  if (at < 0) return text;
  let out = '';
  let kept = 0;
  while (at >= 0) {
    const start = text.lastIndexOf('{', at);
    const end = start < 0 ? -1 : objectEnd(text, start);
    if (start < 0 || end < 0) break;
    out += text.slice(kept, start) + ' '.repeat(end - start);
    kept = end;
    at = text.indexOf(PAUSED, end);
  }
  return out + text.slice(kept);
}

/** Index just past the object that opens at text[start] ('{'), strings respected; -1 if unclosed. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const TAG_TYPE = /"function"\s*:\s*"(__[a-z0-9_]+)"/gi;

/** Live tag types (__awct, __googtag, __html, …) of a container text whose paused tags are blanked. */
export function tagTypes(text: string): Set<string> {
  const types = new Set<string>();
  TAG_TYPE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TAG_TYPE.exec(text))) types.add(match[1].toLowerCase());
  return types;
}

/** A container body prepared for matching: paused tags blanked (before unescaping, while the
 * JSON quoting is intact), then unescaped (the matchers fold case themselves). */
export function prepareContainer(body: string): { text: string; types: Set<string> } {
  const live = blankPausedTags(body);
  return { text: unescapeContainer(live), types: tagTypes(live) };
}
