/**
 * DNS record parsing for the tech stack: SPF include/redirect targets and the DMARC policy.
 * Hostnames are compared lower-cased without the trailing dot.
 */

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** The apex TXT records that are SPF policies (v=spf1 as the first term). */
export function spfRecords(txt: readonly string[]): string[] {
  return txt.filter((record) => /^\s*v=spf1(?:\s|$)/i.test(record));
}

/**
 * include: and redirect= domains of the domain's SPF record, in order, unique, not followed
 * further (vendor identity is visible at the top level; DNS fan-out stays bounded). More than one
 * SPF record makes SPF invalid (RFC 7208 §4.5): then nothing is returned.
 */
export function parseSpf(txt: readonly string[]): string[] {
  const records = spfRecords(txt);
  if (records.length !== 1) return [];
  const domains: string[] = [];
  for (const term of records[0].trim().split(/\s+/).slice(1)) {
    const match = /^[+\-~?]?include:(.+)$/i.exec(term) ?? /^redirect=(.+)$/i.exec(term);
    if (!match) continue;
    const domain = normalizeHost(match[1]);
    // a macro (%{i}, …) names no fixed vendor
    if (!domain.includes('%') && domain.includes('.') && !domains.includes(domain)) domains.push(domain);
  }
  return domains;
}

/** The p= tag of a DMARC record (v=DMARC1 first), lower-cased; null when absent or unknown. */
export function parseDmarc(record: string | null | undefined): DmarcPolicy | null {
  if (!record) return null;
  const tags = record.split(';').map((tag) => tag.trim());
  if (!/^v\s*=\s*dmarc1$/i.test(tags[0] ?? '')) return null;
  for (const tag of tags.slice(1)) {
    const match = /^p\s*=\s*(\w+)$/i.exec(tag);
    if (match) {
      const policy = match[1].toLowerCase();
      return policy === 'none' || policy === 'quarantine' || policy === 'reject' ? policy : null;
    }
  }
  return null;
}
