/**
 * Input identity by construction: every priced input field declares in the spec what counts as
 * the same value (x-identity, one of the kinds listed in x-identity-kinds), and its canonicalizer
 * here rewrites it to the one spelling of that value. The validate stage applies them to every
 * call, HTTP and MCP alike, before anything else reads the input: the fingerprint that meters one
 * charge per input and the value the handler runs on are the same canonical value.
 */
import { canonicalTargetUrl, normalizeDomain, URL_PROBLEM_TEXT } from '../../engines/net/target.ts';
import type { IdentityField, IdentityKind } from '../contract.ts';
import { ServiceError } from '../problem.ts';

/** An entry of a list that names the same thing as an earlier entry: dropped, the earlier one kept. */
export interface MergedEntry {
  /** Where the dropped entry was in the request body (JSON pointer). */
  pointer: string;
  /** The entry as sent. */
  value: unknown;
  /** Where the entry it merged into is in the request body. */
  same_as: string;
  /** The canonical value both name. */
  canonical: unknown;
}

type Canonical = { value: unknown; merged?: MergedEntry[] };
type Canonicalizer = (value: unknown, pointer: string) => Canonical;

function refused(code: 'invalid_domain' | 'unsafe_or_invalid_target' | 'invalid_input', pointer: string, value: unknown, detail: string): ServiceError {
  return new ServiceError(code, { detail: `${pointer} ${JSON.stringify(value)} ${detail}. Nothing was charged.`, errors: [{ pointer, detail }] });
}

function canonicalDomain(value: unknown, pointer: string): string {
  const domain = normalizeDomain(value as string);
  if (!domain) throw refused('invalid_domain', pointer, value, 'is not a bare public domain (such as example.com)');
  return domain;
}

function canonicalUrl(value: unknown, pointer: string): string {
  const parsed = canonicalTargetUrl(value as string);
  if (!parsed.ok) throw refused('unsafe_or_invalid_target', pointer, value, URL_PROBLEM_TEXT[parsed.problem]);
  const { url } = parsed;
  if (!url.href.includes('%')) return url.href;
  const normalized = new URL(url.href);
  normalized.pathname = normalizePercentEncoding(url.pathname);
  normalized.search = normalizePercentEncoding(url.search);
  return normalized.href;
}

const PERCENT_ENCODED = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /[A-Za-z0-9._~-]/;

/**
 * RFC 3986 section 6.2.2 on a path or query the WHATWG parser left encoded as sent: an encoded
 * unreserved character is that character (`%72` is `r`, `%7e` is `~`), and every other
 * encoding is written in upper case (`%2f` is `%2F`, which is not `/`).
 */
export function normalizePercentEncoding(text: string): string {
  return text.replace(PERCENT_ENCODED, (_, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A bare domain, or a URL whose host is meant: either way the domain. */
function canonicalHost(value: unknown, pointer: string): string {
  const text = String(value).trim();
  let host = text;
  if (SCHEME.test(text)) {
    const parsed = canonicalTargetUrl(text);
    if (!parsed.ok) throw refused('unsafe_or_invalid_target', pointer, value, URL_PROBLEM_TEXT[parsed.problem]);
    host = parsed.url.hostname;
  }
  const domain = normalizeDomain(host);
  if (!domain) throw refused('invalid_input', pointer, value, 'must be a public domain name (or a URL on one)');
  return domain;
}

/**
 * Each entry canonicalized; an entry equal to an earlier one is merged into it (reported, never
 * charged twice). `sorted`: the order carries no meaning (a set), so the canonical value is sorted.
 */
function collection(entry: (value: unknown, pointer: string) => string, { sorted }: { sorted: boolean }): Canonicalizer {
  return function canonicalCollection(value, pointer) {
    const items = value as unknown[];
    const firstAt = new Map<string, number>();
    const kept: string[] = [];
    const merged: MergedEntry[] = [];
    for (let index = 0; index < items.length; index++) {
      const canonical = entry(items[index], `${pointer}/${index}`);
      const earlier = firstAt.get(canonical);
      if (earlier === undefined) {
        firstAt.set(canonical, index);
        kept.push(canonical);
      } else {
        merged.push({ pointer: `${pointer}/${index}`, value: items[index], same_as: `${pointer}/${earlier}`, canonical });
      }
    }
    return { value: sorted ? kept.sort() : kept, merged };
  };
}

const asSent: Canonicalizer = (value) => ({ value });

/** One canonicalizer per kind of x-identity-kinds (a unit test checks that the two lists agree). */
export const CANONICALIZERS: Record<IdentityKind, Canonicalizer> = {
  domain: (value, pointer) => ({ value: canonicalDomain(value, pointer) }),
  url: (value, pointer) => ({ value: canonicalUrl(value, pointer) }),
  host: (value, pointer) => ({ value: canonicalHost(value, pointer) }),
  'domain-list': collection(canonicalDomain, { sorted: false }),
  'domain-set': collection(canonicalDomain, { sorted: true }),
  'text-set': collection((value) => value as string, { sorted: true }),
  text: asSent,
  exact: asSent,
  // No part of the input: taken out of it after validation (server/pipeline/page.ts).
  display: asSent,
  // Kept as sent for the handler; the meter leaves it out of the input's identity (pricedFingerprint).
  setting: asSent,
};

/** The kind that applies to this field of this body: its own, or the one its x-identity-by sibling selects. */
function kindOf(field: IdentityField, holder: Record<string, unknown>): IdentityKind {
  if (!field.by) return field.kind;
  return field.by.kinds[String(holder[field.by.field])] ?? field.kind;
}

/**
 * Rewrites every identity field of a validated body to its canonical value, in place (the caller
 * passes its own copy). Returns the list entries merged into earlier ones.
 */
export function canonicalizeInput(fields: IdentityField[], input: Record<string, unknown>): MergedEntry[] {
  const merged: MergedEntry[] = [];
  for (const field of fields) {
    for (const { holder, key, pointer } of fieldsAt(input, field.path)) {
      if (holder[key] === undefined) continue;
      const canonical = CANONICALIZERS[kindOf(field, holder)](holder[key], pointer);
      holder[key] = canonical.value;
      if (canonical.merged?.length) merged.push(...canonical.merged);
    }
  }
  return merged;
}

type FieldRef = { pointer: string; holder: any; key: string };

// Fields as (holder, key) rather than setter closures, collected into one array by index into the
// path (no rest arrays, no flatMap): this runs on every call, and under tsx every named closure
// created costs a defineProperty (esbuild keepNames).
function fieldsAt(body: any, path: string[], at = 0, prefix = '', out: FieldRef[] = []): FieldRef[] {
  if (at === path.length || body === null || typeof body !== 'object') return out;
  const head = path[at];
  const last = at === path.length - 1;
  if (head !== '*') {
    if (!(head in body)) return out;
    if (last) out.push({ pointer: `${prefix}/${head}`, holder: body, key: head });
    else fieldsAt(body[head], path, at + 1, `${prefix}/${head}`, out);
    return out;
  }
  if (!Array.isArray(body)) return out;
  for (let index = 0; index < body.length; index++) {
    const key = String(index);
    if (last) out.push({ pointer: `${prefix}/${key}`, holder: body, key });
    else fieldsAt(body[index], path, at + 1, `${prefix}/${key}`, out);
  }
  return out;
}
