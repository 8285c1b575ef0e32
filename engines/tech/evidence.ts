/**
 * Why a technology is reported, in a form an agent can check: the kind of place a signal matched
 * and a short snippet of what it matched there, plus one confidence figure.
 */
import type { Signal, SignalKind } from './technologies.ts';

export type EvidenceKind = 'html' | 'script' | 'header' | 'cookie' | 'dns' | 'container' | 'meta' | 'url' | 'implied';

export interface Evidence {
  kind: EvidenceKind;
  /** at most SNIPPET_MAX characters, whitespace collapsed */
  snippet: string;
}

/** Where a signal first matched: text[start, end) of a page, a URL, a header line, a record. */
export interface Spot {
  text: string;
  start: number;
  end: number;
  /** the text is one URL (script or stylesheet): the snippet is the URL */
  url: boolean;
}

export const SNIPPET_MAX = 120;

/** Script URLs and inline code are script evidence; stylesheets and comments are part of the HTML. */
const KIND: Record<SignalKind, EvidenceKind> = {
  script: 'script',
  inline: 'script',
  style: 'html',
  html: 'html',
  link: 'html',
  comment: 'html',
  meta: 'meta',
  header: 'header',
  cookie: 'cookie',
  url: 'url',
  tag: 'container',
  container: 'container',
  mx: 'dns',
  spf: 'dns',
  txt: 'dns',
  cname: 'dns',
};

/** Context kept before a match in page text, so the snippet shows what the match belongs to. */
const BEFORE = 40;

export function evidenceOf(signal: Signal, spot: Spot | undefined, detail: string | undefined): Evidence {
  const kind = KIND[signal.kind];
  if (spot)
    return { kind, snippet: spot.url ? snippetOf(spot.text, spot.start, spot.end, spot.text.length) : snippetOf(spot.text, spot.start, spot.end, BEFORE) };
  if (detail) return { kind, snippet: snippetOf(detail) };
  return { kind, snippet: snippetOf(signal.source.slice(signal.source.indexOf(':') + 1)) };
}

/**
 * text[start, end) with context, whitespace collapsed, at most SNIPPET_MAX characters: from
 * `before` characters ahead of the match (0 for a URL: from its start, unless the match lies
 * further in), cut at the end so the match stays whole when it fits.
 */
export function snippetOf(text: string, start = 0, end = text.length, before = 0): string {
  const window = SNIPPET_MAX * 3;
  let from = Math.max(0, start - before);
  // in markup, from the start of the tag the match sits in when that is near
  const tag = before > 0 && before < text.length ? text.lastIndexOf('<', start) : -1;
  if (tag >= from) from = tag;
  if (end - from > SNIPPET_MAX) from = Math.max(0, Math.min(start, end - SNIPPET_MAX));
  let to = Math.min(text.length, from + window);
  // and to the end of the tag when the whole tag fits
  const close = tag >= 0 ? text.indexOf('>', end) : -1;
  if (close >= 0 && close + 1 - from <= SNIPPET_MAX) to = close + 1;
  const raw = text.slice(from, to);
  const collapsed = raw.replace(/\s+/g, ' ').trim();
  return collapsed.length > SNIPPET_MAX ? collapsed.slice(0, SNIPPET_MAX).trimEnd() : collapsed;
}

/** How much one signal of each strength says on its own. */
const WEIGHT = { strong: 0.9, weak: 0.4 } as const;
/** An implied technology is as likely as what implies it, a little less. */
const IMPLIED = 0.9;

/**
 * 1 - Π(1 - w) over the signals that fired (strong 0.9, weak 0.4) and over the technologies that
 * imply it (0.9 × their confidence), at most 0.99, to two decimals: one strong signal 0.9, two
 * 0.99; two weak ones 0.64, three 0.78.
 */
export function confidenceOf(signals: readonly Signal[], impliedBy: readonly number[] = []): number {
  let miss = 1;
  for (const signal of signals) miss *= 1 - WEIGHT[signal.strength];
  for (const other of impliedBy) miss *= 1 - IMPLIED * other;
  return Math.round(Math.min(0.99, 1 - miss) * 100) / 100;
}
