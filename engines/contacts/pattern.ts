/**
 * The address pattern of a company (first.last, flast, ...), inferred only from person names
 * seen next to their addresses on the site: a pattern needs at least `minExamples` distinct
 * people voting for it; role mailboxes never vote.
 */
import { ROLE_LOCALS } from './emails.ts';

export interface NamedAddress {
  name: string;
  email: string;
}

type Parts = { first: string; last: string; f: string; l: string };

/** The templates in order of preference (a tie goes to the earlier one). */
export const TEMPLATES: [string, (parts: Parts) => string][] = [
  ['{first}.{last}', (p) => `${p.first}.${p.last}`],
  ['{first}', (p) => p.first],
  ['{f}{last}', (p) => `${p.f}${p.last}`],
  ['{first}{last}', (p) => `${p.first}${p.last}`],
  ['{f}.{last}', (p) => `${p.f}.${p.last}`],
  ['{first}_{last}', (p) => `${p.first}_${p.last}`],
  ['{first}-{last}', (p) => `${p.first}-${p.last}`],
  ['{first}{l}', (p) => `${p.first}${p.l}`],
  ['{last}.{first}', (p) => `${p.last}.${p.first}`],
  ['{last}{f}', (p) => `${p.last}${p.f}`],
  ['{last}', (p) => p.last],
  ['{f}{l}', (p) => `${p.f}${p.l}`],
];

/** Lower-case ASCII letters of a name part: "Zoë" → "zoe", "O'Neil" → "oneil". */
export function foldName(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** First and last name of a person's name, or null when it is not two or more words of letters. */
export function nameParts(name: string): Parts | null {
  const words = name
    .replace(/\s*\([^)]*\)/g, '')
    .split(/[\s,]+/)
    .map(foldName)
    .filter(Boolean);
  if (words.length < 2 || words.length > 4) return null;
  const first = words[0];
  const last = words[words.length - 1];
  if (first.length < 2 || last.length < 2) return null;
  return { first, last, f: first[0], l: last[0] };
}

/** Templates that spell this person's local part. */
export function templatesFor(pair: NamedAddress): string[] {
  const parts = nameParts(pair.name);
  const local = pair.email.split('@')[0];
  if (!parts || ROLE_LOCALS.has(local)) return [];
  return TEMPLATES.filter(([, spell]) => spell(parts) === local).map(([template]) => template);
}

/** `{first}.{last}@domain` and the people it was inferred from, or null without at least `minExamples` people agreeing on one template. */
export function inferEmailPattern(pairs: NamedAddress[], domain: string, { minExamples = 2 } = {}): { pattern: string; examples: NamedAddress[] } | null {
  const votes = new Map<string, Set<string>>();
  for (const pair of pairs) {
    if (pair.email.split('@')[1] !== domain) continue;
    for (const template of templatesFor(pair)) {
      const voters = votes.get(template) ?? new Set<string>();
      voters.add(pair.email);
      votes.set(template, voters);
    }
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [template] of TEMPLATES) {
    const count = votes.get(template)?.size ?? 0;
    if (count > bestCount) [best, bestCount] = [template, count];
  }
  if (!best || bestCount < minExamples) return null;
  const voters = votes.get(best)!;
  const shown = new Set<string>();
  const examples = pairs.filter((pair) => voters.has(pair.email) && !shown.has(pair.email) && !!shown.add(pair.email));
  return { pattern: `${best}@${domain}`, examples };
}
