/**
 * Phone numbers as E.164 keys, so that one number written two ways ("(503) 555-0142",
 * "+1-503-555-0142", "503.555.0142") counts once. A number with + or 00 carries its country code;
 * a national one takes the country of the page (its address, else its country-code domain):
 * the trunk 0 dropped, the calling code put before. A 10-digit North American number (area and
 * exchange codes starting 2-9) on a page of no other country is +1. Otherwise the digits alone are
 * the key. No number is invented: the key only compares, the number shown is the page's.
 */

const CALLING_CODES: Record<string, string> = {
  US: '1',
  CA: '1',
  GB: '44',
  UK: '44',
  IE: '353',
  DE: '49',
  AT: '43',
  CH: '41',
  FR: '33',
  BE: '32',
  NL: '31',
  LU: '352',
  IT: '39',
  ES: '34',
  PT: '351',
  SE: '46',
  NO: '47',
  DK: '45',
  FI: '358',
  PL: '48',
  CZ: '420',
  AU: '61',
  NZ: '64',
  IN: '91',
  JP: '81',
  BR: '55',
  MX: '52',
  ZA: '27',
  SG: '65',
  IL: '972',
  AE: '971',
};
const COUNTRY_NAMES: Record<string, string> = {
  'united states': 'US',
  usa: 'US',
  'united kingdom': 'GB',
  england: 'GB',
  canada: 'CA',
  germany: 'DE',
  france: 'FR',
  australia: 'AU',
  ireland: 'IE',
  india: 'IN',
};

/** The ISO country of a written country (code or common name), else null. */
export function countryCode(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return COUNTRY_NAMES[text.toLowerCase()] ?? null;
}

/** The country a page's domain names (acme.co.uk → GB), else null. */
export function countryOfHost(host: string): string | null {
  const tld = host.toLowerCase().split('.').pop() ?? '';
  if (tld === 'uk') return 'GB';
  return tld.length === 2 && CALLING_CODES[tld.toUpperCase()] ? tld.toUpperCase() : null;
}

const NANP = /^[2-9]\d{2}[2-9]\d{6}$/;

/** The E.164 form (+15035550142) when it can be told, else the digits; null when it is no phone number. */
export function phoneKey(raw: string, { country = null as string | null } = {}): string | null {
  const text = raw
    .replace(/^tel:/i, '')
    .replace(/[;,]?(ext|x|#).*$/i, '')
    .trim();
  let digits = text.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return null;
  if (/^\s*\+/.test(text)) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  const code = country ? CALLING_CODES[country] : undefined;
  if (code === '1' || (!code && (digits.length === 10 || digits.length === 11))) {
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    if (NANP.test(digits)) return `+1${digits}`;
    return digits;
  }
  if (code && digits.startsWith('0')) return `+${code}${digits.slice(1)}`;
  if (code && digits.startsWith(code) && digits.length > 9) return `+${digits}`;
  return digits;
}
