/**
 * Promo codes in a text, only where the text says it is a code: a cue ("code", "promo code",
 * "coupon", "voucher"; or "use", "enter", "apply", "redeem" before a code with a digit) followed
 * by the code itself, written in capitals or quoted ("Use code SPRING20", "coupon: 'welcome10'").
 * In capitals-only text a code needs a digit or quotes. A code whose sentence says it has expired
 * or ended, or names an end date before today, is left out. Codes are kept as written, never made
 * up or completed. Pure.
 */

export interface FoundCode {
  code: string;
  /** The sentence that carries the code (at most 200 characters). */
  sentence: string;
  /** A percentage or an amount off, free shipping: the sentence states a discount. */
  statesDiscount: boolean;
  /** The largest percentage off the sentence states, for ranking. */
  percentOff: number | null;
}

const CUE =
  /\b((?:(?:promo(?:tion(?:al)?)?|coupon|discount|voucher|offer|gift)\s+code|code|coupon|voucher|use|enter|apply|redeem))\b\s*(?:[:=\-–—]\s*)?(["'“‘«]?)([A-Za-z0-9][A-Za-z0-9_-]{2,23})\b(["'”’»]?)/gi;
/** "use", "enter", "apply" and "redeem" precede many things besides codes: an all-letter code after them must be quoted. */
const WEAK_CUE = /^(?:use|enter|apply|redeem)$/i;
const STOP = new Set([
  'CODE',
  'CODES',
  'COUPON',
  'COUPONS',
  'PROMO',
  'PROMOS',
  'VOUCHER',
  'OFF',
  'SALE',
  'NOW',
  'THE',
  'AND',
  'FOR',
  'WITH',
  'YOUR',
  'THIS',
  'THAT',
  'USD',
  'EUR',
  'GBP',
  'FREE',
  'SHIPPING',
  'TODAY',
  'ONLINE',
  'HERE',
  'BELOW',
  'ABOVE',
  'ONLY',
  'ALL',
  'ANY',
  'ORDER',
  'ORDERS',
  'STORE',
  'SHOP',
  'CART',
  'NEW',
  'APPLY',
  'ENTER',
  'USE',
  'CHECKOUT',
  'AT',
  'ON',
  'TO',
  'IN',
  'OUR',
  'WHEN',
  'DISCOUNT',
  'OFFER',
  'DEAL',
  'DEALS',
  'GIFT',
  'SAVE',
  'EXPIRES',
  'ENDS',
  'VALID',
  'TERMS',
  'DETAILS',
  'REQUIRED',
  'NEEDED',
]);
const EXPIRED = /\b(?:expired|has ended|have ended|is over|no longer (?:valid|active|available|works?))\b/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const END_DATE =
  /\b(?:until|till|thru|through|ends?|ending|expires?|expiring|valid (?:until|through|thru|till)|by)\s+(?:on\s+)?(?:(\d{4})-(\d{2})-(\d{2})|([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?|(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?(?:,?\s+(\d{4}))?)/i;
const DISCOUNT =
  /(\d{1,2}(?:[.,]\d+)?)\s?%\s?(?:off|discount|rabatt)?|[$€£]\s?\d+(?:[.,]\d{2})?\s?off|\d+(?:[.,]\d{2})?\s?(?:USD|EUR|GBP|dollars?|euros?)\s?off|free (?:shipping|delivery|returns)|buy one,? get one|bogo/gi;

/** The end date the sentence names, as a UTC day (ms), or null. */
export function endDate(sentence: string, now: Date): number | null {
  const match = END_DATE.exec(sentence);
  if (!match) return null;
  const year = (value: string | undefined) => (value ? Number(value) : now.getUTCFullYear());
  if (match[1]) return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const monthName = (match[4] ?? match[8] ?? '').slice(0, 3).toLowerCase();
  const month = MONTHS.indexOf(monthName);
  if (month < 0) return null;
  const day = Number(match[5] ?? match[7]);
  if (!(day >= 1 && day <= 31)) return null;
  return Date.UTC(year(match[6] ?? match[9]), month, day);
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])|[\n\r|•]+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** At most this many codes are read from one text: a real page names a handful. */
export const MAX_CODES_PER_TEXT = 50;

/**
 * The codes of a text. Linear in the text: what a sentence says about discounts is read once per
 * sentence (not once per code in it), and a text yields at most MAX_CODES_PER_TEXT codes.
 */
export function findCodes(text: string, { now, max = MAX_CODES_PER_TEXT }: { now: Date; max?: number }): FoundCode[] {
  const found: FoundCode[] = [];
  const seen = new Set<string>();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const sentence of sentences(text)) {
    if (found.length >= max) break;
    if (EXPIRED.test(sentence)) continue;
    const end = endDate(sentence, now);
    if (end !== null && end < today) continue;
    const shouting = !/[a-z]/.test(sentence);
    let discount: { statesDiscount: boolean; percentOff: number | null } | null = null;
    CUE.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = CUE.exec(sentence)) && found.length < max) {
      const [, cue, open, token, close] = match;
      const quoted = open !== '' && close !== '';
      const digits = /\d/.test(token);
      const accepted =
        (quoted || token === token.toUpperCase()) &&
        /[A-Za-z]/.test(token) &&
        (digits ? token.length >= 3 : token.length >= 4) &&
        !STOP.has(token.toUpperCase()) &&
        // In capitals-only text every word looks like a code: there it needs a digit or quotes.
        (!shouting || digits || quoted) &&
        (!WEAK_CUE.test(cue) || digits || quoted);
      if (!accepted) {
        // The cue may be followed by another cue ("use code X"): look again right after this cue.
        CUE.lastIndex = match.index + 1;
        continue;
      }
      if (seen.has(token.toUpperCase())) continue;
      seen.add(token.toUpperCase());
      discount ??= discountOf(sentence);
      found.push({ code: token, sentence: sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence, ...discount });
    }
  }
  return found;
}

/** Whether a sentence states a discount, and the largest percentage off it names. */
function discountOf(sentence: string): { statesDiscount: boolean; percentOff: number | null } {
  let statesDiscount = false;
  let percentOff: number | null = null;
  for (const discount of sentence.matchAll(DISCOUNT)) {
    statesDiscount = true;
    if (discount[1]) percentOff = Math.max(percentOff ?? -Infinity, Number(discount[1].replace(',', '.')));
  }
  return { statesDiscount, percentOff };
}
