/**
 * npm run bench:contacts
 * extract-contacts' and the company facts' page readers (no network) over the labelled pages of
 * test/fixtures/contacts (real pages of both extraction corpora and pages built from real markup
 * patterns; labels.json, written before the readers were changed):
 * - people precision and recall (a person counts when the name matches a labelled person of the
 *   site's own organisation) and the share of labelled roles found;
 * - the company's addresses (the ones extract-contacts gives as the company's own) that are on
 *   the site's domain, and the other domains' addresses kept apart from them;
 * - company-name cleanliness: the name is one of the labelled clean names (a whole SEO title, a
 *   tagline or nothing at all is not clean);
 * - on the built pages: company social profiles, phone and postal address found.
 * Beside today's figures: bench/contacts.baseline.json, written by `npm run bench:contacts -- --write-baseline`
 * on main before issue #33. Targets (#33): people precision >= 0.9, company-name cleanliness >= 0.9.
 * BENCH_MISSES=1 prints every miss.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readCompanyFacts } from '../engines/company/facts.ts';
import { companyAddresses } from '../engines/contacts/emails.ts';
import { readPage } from '../engines/contacts/page.ts';

const DIR = new URL('../test/fixtures/contacts/', import.meta.url);
const BASELINE = new URL('./contacts.baseline.json', import.meta.url);
const SHOW_MISSES = !!process.env.BENCH_MISSES;

interface Label {
  url: string;
  team_page?: boolean;
  people: [string, string | null][];
  site_addresses: string[];
  other_addresses: string[];
  company_name: string[] | null;
  social?: string[];
  phones?: string[];
  address?: Record<string, string>;
}

const labels = JSON.parse(readFileSync(new URL('labels.json', DIR), 'utf8')).pages as Record<string, Label>;

const nameKey = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
const textKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/&amp;/g, '&').replace(/[®™©]/g, '').replace(/\s+/g, ' ').trim();
const digits = (phone: string) => phone.replace(/\D/g, '').replace(/^0+/, '');

interface Count {
  hit: number;
  of: number;
}
const count = (): Count => ({ hit: 0, of: 0 });
const ratio = ({ hit, of }: Count) => (of ? hit / of : NaN);

const figures = {
  people_precision: count(),
  people_recall: count(),
  roles_found: count(),
  company_addresses_on_domain: count(),
  other_addresses_kept_apart: count(),
  company_name_clean: count(),
  social_profiles_found: count(),
  phone_found: count(),
  postal_address_found: count(),
};
const misses: string[] = [];

for (const [file, label] of Object.entries(labels)) {
  const raw = readFileSync(new URL(`pages/${file}`, DIR));
  const html = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const page = readPage(html, label.url, { teamPage: !!label.team_page });
  const facts = readCompanyFacts(html, label.url, { now: new Date('2026-11-27T00:00:00Z') });

  const truth = new Map(label.people.map(([name, role]) => [nameKey(name), role]));
  const found = new Set<string>();
  for (const person of page.people) {
    const key = nameKey(person.name);
    figures.people_precision.of += 1;
    if (truth.has(key)) {
      figures.people_precision.hit += 1;
      found.add(key);
      const role = truth.get(key);
      if (role) {
        figures.roles_found.of += 1;
        if (person.role && textKey(person.role) === textKey(role)) figures.roles_found.hit += 1;
        else misses.push(`${file}: role of ${person.name}: ${person.role} (want ${role})`);
      }
    } else misses.push(`${file}: not a person of the site: ${person.name} (${person.source})`);
  }
  for (const [key, role] of truth) {
    figures.people_recall.of += 1;
    if (found.has(key)) figures.people_recall.hit += 1;
    else {
      misses.push(`${file}: missed person ${key}`);
      if (role) figures.roles_found.of += 1;
    }
  }

  const ours = companyAddresses(page.emails, label.url);
  for (const address of ours) {
    figures.company_addresses_on_domain.of += 1;
    if (label.site_addresses.includes(address)) figures.company_addresses_on_domain.hit += 1;
    else misses.push(`${file}: given as the company's: ${address}`);
  }
  for (const address of label.other_addresses) {
    if (!page.emails.some((email) => email.address === address)) continue;
    figures.other_addresses_kept_apart.of += 1;
    if (!ours.includes(address)) figures.other_addresses_kept_apart.hit += 1;
  }

  if (label.company_name) {
    figures.company_name_clean.of += 1;
    const name = facts.name?.value;
    if (name && label.company_name.some((clean) => textKey(clean) === textKey(name))) figures.company_name_clean.hit += 1;
    else misses.push(`${file}: company name ${JSON.stringify(name ?? null)} (want ${label.company_name.join(' / ')})`);
  }
  if (label.social) {
    const profiles = new Set([...page.social, ...(facts.social_profiles?.value ?? [])].map((link) => link.toLowerCase().replace(/\/$/, '')));
    for (const profile of label.social) {
      figures.social_profiles_found.of += 1;
      if (profiles.has(profile.toLowerCase())) figures.social_profiles_found.hit += 1;
      else misses.push(`${file}: social profile missed: ${profile}`);
    }
  }
  if (label.phones) {
    figures.phone_found.of += 1;
    const phone = facts.phone?.value;
    if (phone && label.phones.some((wanted) => digits(wanted).endsWith(digits(phone)) && digits(phone).length >= 9)) figures.phone_found.hit += 1;
    else misses.push(`${file}: phone ${JSON.stringify(phone ?? null)} (want ${label.phones.join(' / ')})`);
  }
  if (label.address) {
    figures.postal_address_found.of += 1;
    const address = facts.address?.value as Record<string, string> | undefined;
    if (address && Object.entries(label.address).every(([key, value]) => address[key] === value)) figures.postal_address_found.hit += 1;
    else misses.push(`${file}: postal address ${JSON.stringify(address ?? null)}`);
  }
}

const result = Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, { ...value, ratio: Number(ratio(value).toFixed(3)) }]));
if (process.argv.includes('--write-baseline')) {
  writeFileSync(BASELINE, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`baseline written to ${BASELINE.pathname}`);
}
const baseline: Record<string, { hit: number; of: number; ratio: number }> = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : {};
const TARGETS: Record<string, string> = { people_precision: '>= 0.9', company_name_clean: '>= 0.9' };

const cell = (value?: { hit: number; of: number; ratio: number }) => (value ? `${value.ratio.toFixed(3)} (${value.hit}/${value.of})` : 'n/a');
console.log(`bench:contacts: ${Object.keys(labels).length} labelled pages\n`);
console.log(`${'figure'.padEnd(30)} ${'today (baseline)'.padEnd(20)} ${'now'.padEnd(20)} target`);
for (const [key, value] of Object.entries(result))
  console.log(`${key.padEnd(30)} ${cell(baseline[key]).padEnd(20)} ${cell(value).padEnd(20)} ${TARGETS[key] ?? ''}`);
if (SHOW_MISSES) console.log(`\n${misses.join('\n')}`);
const failed = Object.keys(TARGETS).filter((key) => !(result[key].ratio >= 0.9));
if (failed.length) console.log(`\nbelow target: ${failed.join(', ')}`);
