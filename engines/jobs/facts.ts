/**
 * The optional facts of a job item, each read from what the board publishes (never guessed):
 * employment type and workplace from the board's own field, ISO country codes from a code or an
 * unambiguous country name, seniority from the title by the rule documented on JobItem, and a
 * short plain-text excerpt.
 */
import type { components } from '../../generated/types.ts';

type JobItem = components['schemas']['JobItem'];
export type EmploymentType = NonNullable<JobItem['employment_type']>;
export type Workplace = NonNullable<JobItem['workplace']>;
export type JobSeniority = NonNullable<JobItem['seniority']>;

/** An employment type as a board writes it (Full Time, FullTime, full-time, fulltime_permanent, Intern...). */
export function employmentType(value: unknown): EmploymentType | null {
  if (typeof value !== 'string') return null;
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  if (!key) return null;
  if (key.startsWith('fulltime') || key === 'permanent') return 'full_time';
  if (key.startsWith('parttime')) return 'part_time';
  if (/^(intern|internship|trainee|traineeship|apprentice|apprenticeship|workingstudent)/.test(key)) return 'internship';
  if (/^(contract|contractor|freelance|freelancer)/.test(key)) return 'contract';
  if (/^(temporary|temp|fixedterm|seasonal)/.test(key)) return 'temporary';
  return null;
}

/** A workplace type as a board writes it (remote, Hybrid, OnSite, on-site, on_site); null for unspecified. */
export function workplaceType(value: unknown): Workplace | null {
  if (typeof value !== 'string') return null;
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  return key === 'remote' ? 'remote' : key === 'hybrid' ? 'hybrid' : key === 'onsite' || key === 'inoffice' ? 'on_site' : null;
}

/** Workplace from a board's boolean flags (SmartRecruiters, Recruitee): on_site only when the board states remote and hybrid as false. */
export function workplaceFromFlags({ remote, hybrid, onSite }: { remote: unknown; hybrid: unknown; onSite?: unknown }): Workplace | null {
  if (remote === true) return 'remote';
  if (hybrid === true) return 'hybrid';
  if (onSite === true || (remote === false && hybrid === false)) return 'on_site';
  return null;
}

/** Codes Intl names that are not ISO 3166-1 countries (groupings, exceptional reservations, user-assigned). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'XK', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA']);
const EXTRA_NAMES: Record<string, string> = {
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  'czech republic': 'CZ',
  holland: 'NL',
  'the netherlands': 'NL',
  'south korea': 'KR',
  'republic of korea': 'KR',
  'russian federation': 'RU',
  'viet nam': 'VN',
  turkey: 'TR',
  uae: 'AE',
  'ivory coast': 'CI',
  deutschland: 'DE',
};
let table: { names: Map<string, string>; codes: Set<string> } | null = null;

/** English region names of Intl (ICU), built once: every ISO 3166-1 alpha-2 code it names. */
function countryTable() {
  if (table) return table;
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  const names = new Map<string, string>();
  const codes = new Set<string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        continue;
      }
      // Deprecated codes (UK, YU, ...) canonicalize to another; they are read as that code, never reported.
      if (!name || name === code || /unknown/i.test(name) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      codes.add(code);
      names.set(name.toLowerCase(), code);
    }
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) names.set(name, code);
  return (table = { names, codes });
}

/** ISO 3166-1 alpha-2 of a country code or an unambiguous English country name; null otherwise. */
export function countryCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text) return null;
  const { codes, names } = countryTable();
  if (/^[A-Za-z]{2}$/.test(text)) return codes.has(text.toUpperCase()) ? text.toUpperCase() : null;
  return names.get(text.toLowerCase()) ?? null;
}

/** Distinct ISO codes of what a board gives as countries, in order. */
export function countryCodesOf(values: readonly unknown[], max = 20): string[] {
  const out: string[] = [];
  for (const value of values) {
    const code = countryCode(value);
    if (code && !out.includes(code)) out.push(code);
    if (out.length === max) break;
  }
  return out;
}

/**
 * Seniority read from the title, the first rule that matches (documented on JobItem.seniority):
 * intern, vp, c_level, director, principal, staff, lead, manager, senior, mid, junior; null when
 * the title names no level. "Chief of Staff" is neither c_level nor staff; the individual
 * contributor "managers" (product, program, project, account, customer success, community,
 * office, partner) are not manager.
 */
const SENIORITY_RULES: [JobSeniority, RegExp][] = [
  ['intern', /\b(intern|internship|trainee|apprentice|working student|werkstudent)\b/i],
  ['vp', /\b(vp|svp|evp|avp|vice[- ]president)\b/i],
  ['c_level', /\b(chief|ceo|cto|cfo|coo|cmo|cio|ciso|cpo|cro|president|co-?founder|founder)\b/i],
  ['director', /\b(director|head of|head,)\b/i],
  ['principal', /\bprincipal\b/i],
  ['staff', /\bstaff\b/i],
  ['lead', /\b(lead|team lead|tech lead)\b/i],
  ['manager', /\bmanager\b/i],
  ['senior', /\b(senior|sr\.?|snr|iii|iv)\b/i],
  ['mid', /\b(mid[- ]?level|mid[- ]senior|intermediate|ii)\b/i],
  ['junior', /\b(junior|jr\.?|entry[- ]level|graduate|new grad)\b/i],
];
const IC_MANAGER = /\b(product|program|programme|project|account|customer success|success|community|office|partner|partnerships|channel)\s+manager\b/gi;

export function jobSeniority(title: string): JobSeniority | null {
  const text = title.replace(/\bchief of staff\b/gi, ' ').replace(IC_MANAGER, ' ');
  for (const [level, rule] of SENIORITY_RULES) if (rule.test(text)) return level;
  return null;
}

export const EXCERPT_CHARS = 280;

/** The first ~280 characters of plain text, cut at a word boundary (with …); null when there is no text. */
export function excerpt(text: string, max = EXCERPT_CHARS): string | null {
  // Only the head is read: a posting's text runs to 20,000 characters, the excerpt to max.
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const plain = head.replace(/\s+/g, ' ').trim();
  if (!plain) return null;
  if (plain.length <= max && head === text) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
