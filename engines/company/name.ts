/**
 * The company's name as the page writes it, never a whole SEO title. Names are taken from, in
 * order: the page's own schema.org Organization (name), og:site_name, the Organization's
 * legalName, microdata or RDFa organisation names, application-name, and the title; then, only to
 * confirm a name that spells the domain, the header logo's alt text and the copyright line. Each
 * is cut at its separators ("|", "–", "-", "»", "·", ":") into parts, tagline and place parts
 * among them. The first part (by source order) that spells the site's domain wins ("Wooding
 * Electric" for woodingelectric.com, "UWKC" style initials included, or the leading words of a part
 * that spell it: "Netsmartz" of "Netsmartz Generative AI Consulting"); without one, the first
 * whole-name source whose value is one part (the Organization's name, og:site_name, legalName, the
 * markup's name), else the title's last part when the title has two or more (brands close
 * titles), else none.
 */
import type { FactSource } from './types.ts';
import { siteDomain } from './organization.ts';

export interface NameCandidate {
  value: string;
  source: FactSource;
  /** May stand as the name without spelling the domain (a title may not: only its last part may). */
  whole: boolean;
  /** Only to confirm a name that spells the domain (logo alt text, copyright line). */
  confirmOnly?: boolean;
  title?: boolean;
}

const SEPARATORS = /\s+[|–—»·•:~\/\\]\s+|\s[|–—»·•~]\s?|\s?[|–—»·•~]\s|\s+-\s+|(?<=\p{L})[-:]\s+|(?<=\p{N}):\s+|\s+::\s+/u;
const STOP_WORDS = new Set(['of', 'the', 'and', 'for', 'at', 'in', 'de', 'la', 'le', 'du', 'des', 'und', 'der', 'die']);
const LEGAL_FORMS = /,?\s+(inc|llc|ltd|limited|gmbh|ag|sa|sas|bv|plc|corp|co|pty|srl|oy|ab|as)\.?$/i;

/** Words after a domain's spelling that continue the name: a kind of organisation, or "& Cooling", "and Sons". */
const NAME_GOES_ON =
  /^(?:(?:&|and|\+)\s+\p{Lu}\S*(?:\s+\p{Lu}\S*)?|(?:\p{Lu}\S*\s+){0,3}(?:society|foundation|association|institute|group|company|partners|brothers|bros\.?|sons|club|center|centre|clinic|hospital|church|school|academy|college|university|bank|museum|library|trust|fund|council|alliance|federation|cooperative|co-op|league|guild|union|network|collective|studios?|agency|firm|law|dental|realty|insurance|health|care|services|shelter|rescue|humane society))(?:,?\s+(?:inc|llc|ltd|co)\.?)?$/iu;
const compact = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
const clean = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'“”‘’]+|[\s"'“”‘’,]+$/g, '')
    .trim();

export function nameParts(value: string): string[] {
  return (
    value
      .split(SEPARATORS)
      // A host written as the brand ("… — www.acme.ru"): the site's name is the address without "www.".
      .map((part) => clean(part).replace(/^www\.(?=[\p{L}\d-]+\.\p{L}{2,})/iu, ''))
      .filter((part) => part.length > 1)
  );
}

/** The site's name key: its registrable domain without the public suffix (woodingelectric for woodingelectric.com). */
function domainKeys(pageUrl: string): { label: string; whole: string } {
  const domain = siteDomain(pageUrl);
  const label = domain.split('.')[0];
  return { label: compact(label), whole: compact(domain) };
}

/** The part, or its leading words, when they spell the site's domain; null otherwise. */
export function spellsDomain(part: string, pageUrl: string): string | null {
  const { label, whole } = domainKeys(pageUrl);
  const key = compact(part);
  if (!key || label.length < 2) return null;
  const bare = compact(part.replace(LEGAL_FORMS, '').replace(/^the\s+/i, ''));
  if (key === label || key === whole || bare === label) return part;
  const words = part.split(/\s+/);
  // Leading words that spell it: "LiteAF Custom Ultralight Backpacks" → "LiteAF"; but the name goes
  // on when what follows is a kind of organisation or joins another word ("Houston Humane Society"
  // for houstonhumane.org, "Specialty Heating & Cooling" for specialtyheating.com).
  for (let count = 1; count < words.length; count++) {
    const lead = words.slice(0, count).join(' ');
    if (compact(lead) === label || compact(lead) === whole) return NAME_GOES_ON.test(words.slice(count).join(' ')) && words.length <= 6 ? part : clean(lead);
    if (compact(lead).length > label.length) break;
  }
  // Initials: "United Way of King County" for uwkc.org.
  const initials = words
    .filter((word) => !STOP_WORDS.has(word.toLowerCase()))
    .map((word) => compact(word)[0] ?? '')
    .join('');
  if (words.length >= 2 && label.length >= 2 && initials === label) return part;
  // The domain is the name with a word before or after it: getbellhops → "Bellhops", hellohuel → "Huel".
  const stripped = key.replace(/and/g, '');
  if (
    key.length >= 4 &&
    words.length <= 4 &&
    (label.startsWith('get') ||
      label.startsWith('try') ||
      label.startsWith('hello') ||
      label.startsWith('the') ||
      label.endsWith('hq') ||
      label.endsWith('app') ||
      label.endsWith('inc') ||
      label.endsWith('co'))
  ) {
    if (label.includes(key) || label.includes(stripped)) return part;
  }
  return null;
}

/** Words that join the words of a name in lower case ("Bed Bath and Beyond", "Society for the Prevention of Cruelty to Animals"). */
const NAME_JOINERS = new Set([...STOP_WORDS, 'a', 'an', 'on', 'by', 'to', 'with', 'y', 'et', 'e', 'van', 'von', 'da', 'di', 'del']);
const DOCS_TITLE = /\s+(?:v?\d+(?:\.\w+)+\s+)?(?:documentation|docs|manual)$/i;
const QUESTION_OR_LIST = /^(?:how|why|what|when|where|who|which|is|are|can|should|do|does|did|will|would|could|top|best|\d+)\s/i;

/**
 * A part that reads as a sentence (a headline, a question, a phrase in running text) and so is
 * never an organisation's name: it ends in "?" or "!", opens as a question or a numbered list
 * ("How to…", "10 ways…") with four or more words, or holds two words in lower case that do not
 * join a name ("eBay", "iPhone" are not such words).
 */
export function readsAsSentence(part: string): boolean {
  const words = part.split(/\s+/);
  if (/[?!]$/.test(part)) return true;
  if (words.length >= 4 && QUESTION_OR_LIST.test(part)) return true;
  const lower = words.filter((word) => /^\p{Ll}\p{Ll}/u.test(word) && !NAME_JOINERS.has(word.toLowerCase()));
  return words.length >= 3 && lower.length >= 2;
}

/** A word that makes a name a section of the site ("Acme Blog", "Acme Help"), not its organisation. */
const SECTION_WORD =
  /^(?:blogs?|docs|documentation|help|support|newsroom|community|careers|jobs|store|shop|learn|insights|resources|podcasts?|developers?|status|app)$/i;

/**
 * The site's declared name when it is the domain's spelling and one more word of the name
 * ("Tidewater Engineering" for tidewater.dev, "Sky News" for sky.com), stated alike by two of
 * og:site_name, the Organization's name and the title's last part: the whole name, not the words
 * the domain spells. Never a section of the site ("Acme Blog") or a headline.
 */
function declaredExtension(candidates: NameCandidate[], pageUrl: string, headline: (part: string) => boolean): { value: string; source: FactSource } | null {
  const statements = candidates
    .filter((candidate) => !candidate.confirmOnly && (candidate.title || (candidate.whole && candidate.source !== 'meta')))
    .map((candidate) => {
      const parts = nameParts(candidate.value);
      return { source: candidate.source, part: candidate.title ? (parts.length >= 2 ? parts[parts.length - 1] : null) : parts.length === 1 ? parts[0] : null };
    });
  for (const { source, part } of statements) {
    if (!part || source === 'title' || headline(part)) continue;
    const spelled = spellsDomain(part, pageUrl);
    const rest = spelled && part.startsWith(spelled) ? part.slice(spelled.length).trim() : '';
    if (!/^\p{Lu}[\p{L}]*$/u.test(rest) || SECTION_WORD.test(rest)) continue;
    if (statements.filter((other) => other.part && compact(other.part) === compact(part)).length >= 2) return { value: part, source };
  }
  return null;
}

/**
 * The name and the source that gave it, or null when no source gives a clean one. headlines: the
 * titles of the article the page is, when it is one (engines/company/facts.ts): neither they nor
 * any part of them is the name, unless the organisation's markup or og:site_name declares that
 * name (a blog whose h1 is its logo); nor is a part that reads as a sentence.
 */
export function chooseName(
  candidates: NameCandidate[],
  pageUrl: string,
  { headlines = [] }: { headlines?: string[] } = {},
): { value: string; source: FactSource } | null {
  // A handle ("@politifact" as og:site_name) is an account, a web address ("https://www.acme.com") the site's
  // address: neither is the organisation's name.
  candidates = candidates.filter((candidate) => !/^@[\w.]+$/.test(candidate.value) && !/^https?:\/\/\S+$/i.test(candidate.value));
  const declared = new Set(
    candidates.filter((candidate) => candidate.whole && candidate.source !== 'meta').map((candidate) => compact(nameParts(candidate.value)[0] ?? '')),
  );
  const headlineKeys = new Set(
    headlines
      .flatMap((headline) => [headline, ...nameParts(headline)])
      .map(compact)
      .filter((key) => key && !declared.has(key)),
  );
  const headline = (part: string) => headlineKeys.has(compact(part)) || readsAsSentence(part);
  const extended = declaredExtension(candidates, pageUrl, headline);
  if (extended) return extended;
  for (const candidate of candidates) {
    for (const part of nameParts(candidate.value)) {
      const spelled = spellsDomain(part, pageUrl);
      // A copyright line's "Goodreads LLC" confirms the name, not its legal form.
      if (spelled && !(spelled === part && headline(part)))
        return { value: candidate.confirmOnly ? clean(spelled.replace(LEGAL_FORMS, '')) : spelled, source: candidate.source };
    }
  }
  for (const candidate of candidates) {
    if (candidate.confirmOnly) continue;
    const parts = nameParts(candidate.value);
    // An organisation's name with a tagline after it ("Goshopia- The Good Fashion"): the name comes first.
    if (candidate.whole && parts.length && parts[0].split(' ').length <= 8 && !headline(parts[0])) return { value: parts[0], source: candidate.source };
    if (candidate.title && parts.length >= 2) {
      // Brands close titles, or open them when what follows is the headline ("Brand | Is a … ?").
      const named = parts.filter((part) => !headline(part));
      const last = parts[parts.length - 1];
      const brand = !headline(last) ? last : named.length === 1 ? named[0] : null;
      // A documentation title closes with the project, its version and the word ("Requests 2.33.0.dev1 documentation").
      const project = brand?.replace(DOCS_TITLE, '');
      if (project && project.split(' ').length <= 8 && !/\d{3}/.test(project)) return { value: project, source: candidate.source };
    }
  }
  return null;
}
